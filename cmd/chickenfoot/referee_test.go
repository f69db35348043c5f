package main

// Black-box tests of `chickenfoot referee`, written from the JSON contract and
// the game's rules, not from the implementation. Each scenario is a list
// of moves in a one-line notation: "9-3@9-9" plays 9-3 on the placed 9-9, and
// a bare "9-9" names no place (only right for the starting double).

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// refInput is the contract's input document.
type refInput struct {
	Rules          map[string]any      `json:"rules,omitempty"`
	StartingDouble *int                `json:"starting_double,omitempty"`
	Moves          []refMoveIn         `json:"moves"`
	Hands          map[string][]string `json:"hands,omitempty"`
}

type refMoveIn struct {
	Tile string `json:"tile"`
	On   string `json:"on,omitempty"`
}

// refOutput is the part of the contract's output document the tests read.
type refOutput struct {
	Moves    []refMoveOut   `json:"moves"`
	Pending  refPending     `json:"pending"`
	OpenEnds []refEnd       `json:"open_ends"`
	Scores   map[string]int `json:"scores"`
	Problems []refProblem   `json:"problems"`
}

type refMoveOut struct {
	Tile    string `json:"tile"`
	On      string `json:"on"`
	OK      bool   `json:"ok"`
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

type refPending struct {
	Kind       string `json:"kind"`
	Tile       string `json:"tile"`
	Missing    *int   `json:"missing"`
	Impossible *bool  `json:"impossible"`
}

type refEnd struct {
	On   string `json:"on"`
	Pips int    `json:"pips"`
	Free int    `json:"free"`
}

type refProblem struct {
	Rule    string `json:"rule"`
	Tile    string `json:"tile"`
	Message string `json:"message"`
}

// wantPending is an expected pending obligation; kind "none" carries nothing else.
type wantPending struct {
	kind       string
	tile       string
	missing    int
	impossible bool
}

func pendNone() *wantPending { return &wantPending{kind: "none"} }

func pendSpinner(tile string, missing int) *wantPending {
	return &wantPending{kind: "spinner", tile: tile, missing: missing}
}

func pendChickie(tile string, missing int, impossible bool) *wantPending {
	return &wantPending{kind: "chickie", tile: tile, missing: missing, impossible: impossible}
}

func refIntp(n int) *int { return &n }

// mv turns "tile@on" notation into input moves.
func refMoves(specs ...string) []refMoveIn {
	moves := make([]refMoveIn, 0, len(specs))
	for _, s := range specs {
		tile, on, _ := strings.Cut(s, "@")
		moves = append(moves, refMoveIn{Tile: tile, On: on})
	}
	return moves
}

// join concatenates move lists so a scenario can extend a shared opening.
func refJoin(lists ...[]string) []string {
	var all []string
	for _, l := range lists {
		all = append(all, l...)
	}
	return all
}

// Shared openings.
var (
	// spin9 completes the 4-arm spinner of a double-9 round.
	spin9 = []string{"9-9", "9-3@9-9", "9-8@9-9", "9-7@9-9", "9-6@9-9"}
	// chick8 adds a chickie on 9-8 and its three toes.
	chick8 = []string{"8-8@9-8", "8-1@8-8", "8-2@8-8", "8-3@8-8"}
	// dead5 builds, on a double-6 set, a chickie 5-5 that cannot be finished:
	// 6-5, 5-4, 5-3, 5-2 are on the table, so only 5-1 and 5-0 still carry a 5.
	dead5 = []string{"6-6", "6-5@6-6", "6-4@6-6", "6-3@6-6", "6-2@6-6",
		"4-5@6-4", "3-5@6-3", "2-5@6-2", "5-5@6-5"}
)

// runCmd runs the command in-process and returns exit code, stdout and stderr.
func refRun(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// encode marshals an input document.
func refEncode(t *testing.T, in refInput) string {
	t.Helper()
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatalf("json.Marshal(input) error: %v", err)
	}
	return string(b)
}

// judge runs the referee on raw JSON that must be understood, and decodes
// its single output document.
func refJudge(t *testing.T, input string) refOutput {
	t.Helper()
	code, stdout, stderr := refRun(t, input, "referee")
	if code != 0 {
		t.Fatalf("exit code: got %d, want 0 (stderr %q)\ninput: %s", code, stderr, input)
	}
	return refDecode(t, stdout)
}

func refDecode(t *testing.T, stdout string) refOutput {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(stdout))
	var out refOutput
	if err := dec.Decode(&out); err != nil {
		t.Fatalf("decoding stdout: got error %v, want one JSON document\nstdout: %s", err, stdout)
	}
	if rest, _ := io.ReadAll(dec.Buffered()); strings.TrimSpace(string(rest)) != "" {
		t.Fatalf("stdout after the JSON document: got %q, want nothing", rest)
	}
	return out
}

// checkMoves compares each move's verdict: "ok" or the expected rule code.
func refCheckMoves(t *testing.T, got []refMoveOut, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("len(moves): got %d, want %d (moves %+v)", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if w == "ok" {
			if !g.OK || g.Rule != "" {
				t.Errorf("moves[%d] %s on %q: got ok=%v rule=%q (%s), want ok=true and no rule",
					i, g.Tile, g.On, g.OK, g.Rule, g.Message)
			}
			continue
		}
		if g.OK || g.Rule != w {
			t.Errorf("moves[%d] %s on %q: got ok=%v rule=%q, want ok=false rule=%q",
				i, g.Tile, g.On, g.OK, g.Rule, w)
		}
		if strings.TrimSpace(g.Message) == "" {
			t.Errorf("moves[%d] %s rejected with %q: got empty message, want an explanation", i, g.Tile, g.Rule)
		}
	}
}

func refCheckPending(t *testing.T, got refPending, want *wantPending) {
	t.Helper()
	if got.Kind != want.kind {
		t.Fatalf("pending.kind: got %q, want %q (pending %+v)", got.Kind, want.kind, got)
	}
	if want.kind == "none" {
		if got.Tile != "" || got.Missing != nil || got.Impossible != nil {
			t.Errorf("pending for kind none: got tile=%q missing=%v impossible=%v, want no other field",
				got.Tile, got.Missing, got.Impossible)
		}
		return
	}
	if got.Tile != want.tile {
		t.Errorf("pending.tile: got %q, want %q", got.Tile, want.tile)
	}
	if got.Missing == nil || *got.Missing != want.missing {
		t.Errorf("pending.missing: got %v, want %d", refPtr(got.Missing), want.missing)
	}
	if got.Impossible == nil || *got.Impossible != want.impossible {
		t.Errorf("pending.impossible: got %v, want %v", refPtr(got.Impossible), want.impossible)
	}
}

func refPtr[T any](p *T) string {
	if p == nil {
		return "<absent>"
	}
	b, _ := json.Marshal(*p)
	return string(b)
}

func refCheckEnds(t *testing.T, got, want []refEnd) {
	t.Helper()
	if len(got) == 0 && len(want) == 0 {
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("open_ends:\n got %+v\nwant %+v", got, want)
	}
}

// layoutCase is one scenario of moves with the expected verdicts and table.
type layoutCase struct {
	name    string
	rules   map[string]any
	start   *int
	moves   []string
	want    []string     // "ok" or a rule code per move
	pending *wantPending // nil: not checked
	ends    []refEnd     // nil: not checked; use []refEnd{} for "none"
}

func refRunCases(t *testing.T, cases []layoutCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := refInput{Rules: tc.rules, StartingDouble: tc.start, Moves: refMoves(tc.moves...)}
			out := refJudge(t, refEncode(t, in))
			refCheckMoves(t, out.Moves, tc.want)
			if tc.pending != nil {
				refCheckPending(t, out.Pending, tc.pending)
			}
			if tc.ends != nil {
				refCheckEnds(t, out.OpenEnds, tc.ends)
			}
		})
	}
}

func TestRefereeContractExample(t *testing.T) {
	input := `{"rules": {"set": 9, "spinner_arms": 4, "double_blank": 50},
 "starting_double": 9,
 "moves": [{"tile": "9-9"}, {"tile": "9-3", "on": "9-9"}, {"tile": "3-4", "on": "9-3"}],
 "hands": {"Ann": ["0-0", "3-4"], "Bob": []}}`
	out := refJudge(t, input)
	refCheckMoves(t, out.Moves, []string{"ok", "ok", "spinner-first"})
	refCheckPending(t, out.Pending, pendSpinner("9-9", 3))
	refCheckEnds(t, out.OpenEnds, []refEnd{{"9-9", 9, 3}})
	if got, want := out.Scores, map[string]int{"Ann": 57, "Bob": 0}; !reflect.DeepEqual(got, want) {
		t.Errorf("scores: got %v, want %v", got, want)
	}
	// 3-4 was rejected, so holding it is no mistake.
	if len(out.Problems) != 0 {
		t.Errorf("problems: got %+v, want none", out.Problems)
	}
}

func TestRefereeMoveEcho(t *testing.T) {
	// A verdict echoes the move as it was entered (the contract's example
	// reports input "3-4" as "3-4"), whatever order the halves were written in.
	out := refJudge(t, refEncode(t, refInput{Moves: refMoves("9-9", "3-9@9-9", "4-3@3-9", "1-2@9-9")}))
	want := []refMoveOut{
		{Tile: "9-9", On: "", OK: true},
		{Tile: "3-9", On: "9-9", OK: true},
		{Tile: "4-3", On: "3-9"},
		{Tile: "1-2", On: "9-9"},
	}
	if len(out.Moves) != len(want) {
		t.Fatalf("len(moves): got %d, want %d", len(out.Moves), len(want))
	}
	for i, w := range want {
		g := out.Moves[i]
		if g.Tile != w.Tile || g.On != w.On || g.OK != w.OK {
			t.Errorf("moves[%d]: got tile=%q on=%q ok=%v, want tile=%q on=%q ok=%v",
				i, g.Tile, g.On, g.OK, w.Tile, w.On, w.OK)
		}
	}
}

func TestRefereeLayoutCodes(t *testing.T) {
	refRunCases(t, []layoutCase{
		// bad-tile: checked first.
		{name: "bad-tile/unreadable", moves: []string{"9-9", "nine-three@9-9"},
			want: []string{"ok", "bad-tile"}, pending: pendSpinner("9-9", 4)},
		{name: "bad-tile/three halves", moves: []string{"9-9", "9-3-1@9-9"},
			want: []string{"ok", "bad-tile"}},
		{name: "bad-tile/empty tile", moves: []string{"9-9", "@9-9"},
			want: []string{"ok", "bad-tile"}},
		{name: "bad-tile/half above set", moves: []string{"9-9", "10-9@9-9"},
			want: []string{"ok", "bad-tile"}, pending: pendSpinner("9-9", 4)},
		{name: "bad-tile/negative half", moves: []string{"9-9", "-1-9@9-9"},
			want: []string{"ok", "bad-tile"}},
		{name: "bad-tile beats wrong-start", moves: []string{"10-10", "9-9"},
			want: []string{"bad-tile", "ok"}, pending: pendSpinner("9-9", 4)},
		{name: "bad-tile beats unknown-end", moves: []string{"9-9", "x@7-7"},
			want: []string{"ok", "bad-tile"}},
		{name: "bad-tile beats spinner-first", moves: []string{"9-9", "9-3@9-9", "3-13@9-3"},
			want: []string{"ok", "ok", "bad-tile"}},

		// wrong-start: the first play must be the starting double on nothing.
		{name: "wrong-start/non-double first", moves: []string{"9-3", "9-9"},
			want: []string{"wrong-start", "ok"}, pending: pendSpinner("9-9", 4),
			ends: []refEnd{{"9-9", 9, 4}}},
		{name: "wrong-start/lower double first", moves: []string{"8-8", "9-9"},
			want: []string{"wrong-start", "ok"}},
		{name: "wrong-start/starting double placed on something", moves: []string{"9-9@9-3", "9-9"},
			want: []string{"wrong-start", "ok"}, pending: pendSpinner("9-9", 4)},
		{name: "wrong-start beats unknown-end", moves: []string{"9-3@9-9"},
			want: []string{"wrong-start"}},
		{name: "wrong-start repeats until the double is set", moves: []string{"9-3", "8-8", "9-9", "9-3@9-9"},
			want: []string{"wrong-start", "wrong-start", "ok", "ok"}, pending: pendSpinner("9-9", 3)},

		// already-played.
		{name: "already-played/same tile twice", moves: []string{"9-9", "9-3@9-9", "9-3@9-9"},
			want: []string{"ok", "ok", "already-played"}, pending: pendSpinner("9-9", 3)},
		{name: "already-played/reversed notation", moves: []string{"9-9", "3-9@9-9", "9-3@9-9"},
			want: []string{"ok", "ok", "already-played"}, pending: pendSpinner("9-9", 3)},
		{name: "already-played/starting double again", moves: []string{"9-9", "9-9"},
			want: []string{"ok", "already-played"}},
		{name: "already-played beats unknown-end", moves: []string{"9-9", "9-3@9-9", "9-3@5-5"},
			want: []string{"ok", "ok", "already-played"}},
		{name: "already-played beats end-closed", moves: refJoin(spin9, []string{"9-3@9-9"}),
			want: []string{"ok", "ok", "ok", "ok", "ok", "already-played"}},
		{name: "already-played beats spinner-first", moves: []string{"9-9", "9-3@9-9", "9-3@9-3"},
			want: []string{"ok", "ok", "already-played"}},

		// unknown-end: the place is not on the table, or none was named.
		{name: "unknown-end/no place named", moves: []string{"9-9", "9-3"},
			want: []string{"ok", "unknown-end"}, pending: pendSpinner("9-9", 4)},
		{name: "unknown-end/place not on table", moves: []string{"9-9", "5-4@9-5"},
			want: []string{"ok", "unknown-end"}},
		{name: "unknown-end/unreadable place", moves: []string{"9-9", "9-3@zz"},
			want: []string{"ok", "unknown-end"}},
		{name: "unknown-end/place was rejected", moves: []string{"9-9", "8-7@9-9", "7-1@8-7"},
			want: []string{"ok", "mismatch", "unknown-end"}, pending: pendSpinner("9-9", 4)},
		{name: "unknown-end beats spinner-first", moves: []string{"9-9", "9-3@9-9", "3-4@8-3"},
			want: []string{"ok", "ok", "unknown-end"}},
		{name: "unknown-end beats mismatch", moves: []string{"9-9", "8-7"},
			want: []string{"ok", "unknown-end"}},

		// end-closed: no free place left on that tile.
		{name: "end-closed/fifth arm on 4-arm spinner", moves: refJoin(spin9, []string{"9-2@9-9"}),
			want: []string{"ok", "ok", "ok", "ok", "ok", "end-closed"}, pending: pendNone()},
		{name: "end-closed/end already played on", moves: refJoin(spin9, []string{"3-4@9-3", "3-5@9-3"}),
			want: []string{"ok", "ok", "ok", "ok", "ok", "ok", "end-closed"}},
		{name: "end-closed beats mismatch", moves: refJoin(spin9, []string{"8-7@9-9"}),
			want: []string{"ok", "ok", "ok", "ok", "ok", "end-closed"}},
		{name: "end-closed beats chickie-first", moves: refJoin(spin9, []string{"8-8@9-8", "8-1@9-8"}),
			want:    []string{"ok", "ok", "ok", "ok", "ok", "ok", "end-closed"},
			pending: pendChickie("8-8", 3, false)},
		{name: "end-closed/fourth toe", moves: refJoin(spin9, chick8, []string{"8-4@8-8"}),
			want:    []string{"ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "end-closed"},
			pending: pendNone()},

		// spinner-first / chickie-first.
		{name: "spinner-first/play on an arm", moves: []string{"9-9", "9-3@9-9", "3-4@9-3"},
			want: []string{"ok", "ok", "spinner-first"}, pending: pendSpinner("9-9", 3)},
		{name: "spinner-first beats mismatch", moves: []string{"9-9", "9-3@9-9", "2-1@9-3"},
			want: []string{"ok", "ok", "spinner-first"}},
		{name: "chickie-first/play on a spinner arm", moves: refJoin(spin9, []string{"8-8@9-8", "7-1@9-7"}),
			want:    []string{"ok", "ok", "ok", "ok", "ok", "ok", "chickie-first"},
			pending: pendChickie("8-8", 3, false)},
		{name: "chickie-first beats mismatch", moves: refJoin(spin9, []string{"8-8@9-8", "1-2@9-7"}),
			want: []string{"ok", "ok", "ok", "ok", "ok", "ok", "chickie-first"}},

		// mismatch: checked last.
		{name: "mismatch/on the spinner", moves: []string{"9-9", "8-7@9-9"},
			want: []string{"ok", "mismatch"}, pending: pendSpinner("9-9", 4)},
		{name: "mismatch/double on the spinner", moves: []string{"9-9", "8-8@9-9"},
			want: []string{"ok", "mismatch"}},
		{name: "mismatch/on an arm's far end", moves: refJoin(spin9, []string{"5-4@9-3"}),
			want: []string{"ok", "ok", "ok", "ok", "ok", "mismatch"}, pending: pendNone()},
		{name: "mismatch/the half already joined is not open", moves: refJoin(spin9, []string{"9-4@9-3"}),
			want: []string{"ok", "ok", "ok", "ok", "ok", "mismatch"}},
		{name: "mismatch/toe without the chickie number", moves: refJoin(spin9, []string{"8-8@9-8", "7-1@8-8"}),
			want:    []string{"ok", "ok", "ok", "ok", "ok", "ok", "mismatch"},
			pending: pendChickie("8-8", 3, false)},
	})
}

func TestRefereeSpinner(t *testing.T) {
	six := map[string]any{"spinner_arms": 6}
	refRunCases(t, []layoutCase{
		{name: "4 arms/just set", moves: []string{"9-9"},
			want: []string{"ok"}, pending: pendSpinner("9-9", 4), ends: []refEnd{{"9-9", 9, 4}}},
		{name: "4 arms/three down", moves: spin9[:4],
			want: []string{"ok", "ok", "ok", "ok"}, pending: pendSpinner("9-9", 1), ends: []refEnd{{"9-9", 9, 1}}},
		{name: "4 arms/complete", moves: spin9,
			want: []string{"ok", "ok", "ok", "ok", "ok"}, pending: pendNone(),
			ends: []refEnd{{"9-3", 3, 1}, {"9-8", 8, 1}, {"9-7", 7, 1}, {"9-6", 6, 1}}},
		{name: "4 arms/open play after", moves: refJoin(spin9, []string{"3-4@9-3", "7-0@9-7"}),
			want: []string{"ok", "ok", "ok", "ok", "ok", "ok", "ok"}, pending: pendNone(),
			ends: []refEnd{{"9-8", 8, 1}, {"9-6", 6, 1}, {"4-3", 4, 1}, {"7-0", 0, 1}}},
		{name: "6 arms/four down still pending", rules: six,
			moves:   []string{"9-9", "9-8@9-9", "9-7@9-9", "9-6@9-9", "9-5@9-9", "8-1@9-8"},
			want:    []string{"ok", "ok", "ok", "ok", "ok", "spinner-first"},
			pending: pendSpinner("9-9", 2), ends: []refEnd{{"9-9", 9, 2}}},
		{name: "6 arms/complete and seventh closed", rules: six,
			moves:   []string{"9-9", "9-8@9-9", "9-7@9-9", "9-6@9-9", "9-5@9-9", "9-4@9-9", "9-3@9-9", "9-2@9-9"},
			want:    []string{"ok", "ok", "ok", "ok", "ok", "ok", "ok", "end-closed"},
			pending: pendNone(),
			ends: []refEnd{{"9-8", 8, 1}, {"9-7", 7, 1}, {"9-6", 6, 1}, {"9-5", 5, 1},
				{"9-4", 4, 1}, {"9-3", 3, 1}}},
		{name: "6 arms/rules from defaults otherwise", rules: map[string]any{"spinner_arms": 6, "set": 6},
			moves: []string{"6-6", "6-0@6-6"},
			want:  []string{"ok", "ok"}, pending: pendSpinner("6-6", 5), ends: []refEnd{{"6-6", 6, 5}}},
	})
}

func TestRefereeSets(t *testing.T) {
	set := func(n int) map[string]any { return map[string]any{"set": n} }
	refRunCases(t, []layoutCase{
		{name: "default set is 9", moves: []string{"9-9", "10-9@9-9"},
			want: []string{"ok", "bad-tile"}, pending: pendSpinner("9-9", 4)},
		{name: "set 6/highest double starts", rules: set(6), moves: []string{"6-6", "6-5@6-6", "7-6@6-6", "6-9@6-6"},
			want: []string{"ok", "ok", "bad-tile", "bad-tile"}, pending: pendSpinner("6-6", 3),
			ends: []refEnd{{"6-6", 6, 3}}},
		{name: "set 6/9-9 is not in the set", rules: set(6), moves: []string{"9-9", "6-6"},
			want: []string{"bad-tile", "ok"}},
		{name: "set 12", rules: set(12), moves: []string{"12-12", "11-12@12-12", "13-12@12-12", "9-9"},
			want: []string{"ok", "ok", "bad-tile", "unknown-end"}, pending: pendSpinner("12-12", 3),
			ends: []refEnd{{"12-12", 12, 3}}},
		{name: "set 12/9-9 first is wrong-start", rules: set(12), moves: []string{"9-9"},
			want: []string{"wrong-start"}},
		{name: "set 12/complete spinner", rules: set(12),
			moves: []string{"12-12", "12-11@12-12", "12-10@12-12", "12-0@12-12", "12-5@12-12", "10-12@12-10"},
			want:  []string{"ok", "ok", "ok", "ok", "ok", "already-played"}, pending: pendNone(),
			ends: []refEnd{{"12-11", 11, 1}, {"12-10", 10, 1}, {"12-0", 0, 1}, {"12-5", 5, 1}}},
		{name: "set 15", rules: set(15), moves: []string{"15-15", "10-15@15-15", "16-15@15-15", "15-0@15-15"},
			want: []string{"ok", "ok", "bad-tile", "ok"}, pending: pendSpinner("15-15", 2),
			ends: []refEnd{{"15-15", 15, 2}}},
		{name: "set 18", rules: set(18), moves: []string{"9-9", "18-18", "18-17@18-18", "19-18@18-18", "17-3@18-17"},
			want: []string{"wrong-start", "ok", "ok", "bad-tile", "spinner-first"}, pending: pendSpinner("18-18", 3),
			ends: []refEnd{{"18-18", 18, 3}}},
		{name: "set 18/chickie on 17", rules: set(18),
			moves: []string{"18-18", "18-17@18-18", "18-16@18-18", "18-15@18-18", "18-14@18-18", "17-17@18-17", "17-0@17-17"},
			want:  []string{"ok", "ok", "ok", "ok", "ok", "ok", "ok"}, pending: pendChickie("17-17", 2, false),
			ends: []refEnd{{"17-17", 17, 2}}},
	})
}

func TestRefereeStartingDouble(t *testing.T) {
	refRunCases(t, []layoutCase{
		{name: "5-5 in set 9", start: refIntp(5), moves: []string{"9-9", "5-5", "9-5@5-5"},
			want: []string{"wrong-start", "ok", "ok"}, pending: pendSpinner("5-5", 3),
			ends: []refEnd{{"5-5", 5, 3}}},
		{name: "highest double becomes a chickie", start: refIntp(5),
			moves:   []string{"5-5", "9-5@5-5", "5-4@5-5", "5-3@5-5", "5-2@5-5", "9-9@9-5", "5-1@5-4"},
			want:    []string{"ok", "ok", "ok", "ok", "ok", "ok", "chickie-first"},
			pending: pendChickie("9-9", 3, false), ends: []refEnd{{"9-9", 9, 3}}},
		{name: "0-0 in set 6", rules: map[string]any{"set": 6}, start: refIntp(0),
			moves: []string{"6-6", "0-0", "0-6@0-0", "6-1@0-6"},
			want:  []string{"wrong-start", "ok", "ok", "spinner-first"}, pending: pendSpinner("0-0", 3),
			ends: []refEnd{{"0-0", 0, 3}}},
		{name: "explicit highest equals default", start: refIntp(9), moves: []string{"9-9"},
			want: []string{"ok"}, pending: pendSpinner("9-9", 4)},
	})
}

func TestRefereeChickies(t *testing.T) {
	refRunCases(t, []layoutCase{
		{name: "chickie set on an arm", moves: refJoin(spin9, []string{"8-8@9-8"}),
			want: []string{"ok", "ok", "ok", "ok", "ok", "ok"}, pending: pendChickie("8-8", 3, false),
			ends: []refEnd{{"8-8", 8, 3}}},
		{name: "first toe", moves: refJoin(spin9, chick8[:2]),
			want: []string{"ok", "ok", "ok", "ok", "ok", "ok", "ok"}, pending: pendChickie("8-8", 2, false),
			ends: []refEnd{{"8-8", 8, 2}}},
		{name: "second toe, then elsewhere refused", moves: refJoin(spin9, chick8[:3], []string{"7-1@9-7"}),
			want:    []string{"ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "chickie-first"},
			pending: pendChickie("8-8", 1, false), ends: []refEnd{{"8-8", 8, 1}}},
		{name: "third toe completes it", moves: refJoin(spin9, chick8),
			want: []string{"ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok"}, pending: pendNone(),
			ends: []refEnd{{"9-3", 3, 1}, {"9-7", 7, 1}, {"9-6", 6, 1},
				{"8-1", 1, 1}, {"8-2", 2, 1}, {"8-3", 3, 1}}},
		{name: "toes open after completion", moves: refJoin(spin9, chick8, []string{"1-5@8-1", "7-0@9-7"}),
			want: []string{"ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok"}, pending: pendNone(),
			ends: []refEnd{{"9-3", 3, 1}, {"9-6", 6, 1}, {"8-2", 2, 1}, {"8-3", 3, 1},
				{"5-1", 5, 1}, {"7-0", 0, 1}}},
		{name: "chickie on a toe", moves: refJoin(spin9, chick8, []string{"1-1@8-1", "2-0@8-2", "1-0@1-1"}),
			want:    []string{"ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "chickie-first", "ok"},
			pending: pendChickie("1-1", 2, false), ends: []refEnd{{"1-1", 1, 2}}},
		{name: "second chickie after the first", moves: refJoin(spin9, chick8, []string{"3-3@9-3"}),
			want:    []string{"ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok"},
			pending: pendChickie("3-3", 3, false), ends: []refEnd{{"3-3", 3, 3}}},
	})
}

func TestRefereeImpossibleChickie(t *testing.T) {
	blocked := map[string]any{"set": 6, "impossible_chickie": "blocked"}
	release := map[string]any{"set": 6, "impossible_chickie": "release"}
	okDead := []string{"ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok"}
	refRunCases(t, []layoutCase{
		{name: "three left is still possible", rules: map[string]any{"set": 6},
			moves:   []string{"6-6", "6-5@6-6", "6-4@6-6", "6-3@6-6", "6-2@6-6", "4-5@6-4", "3-5@6-3", "5-5@6-5"},
			want:    []string{"ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok"},
			pending: pendChickie("5-5", 3, false), ends: []refEnd{{"5-5", 5, 3}}},
		{name: "blocked is the default", rules: map[string]any{"set": 6}, moves: dead5,
			want: okDead, pending: pendChickie("5-5", 3, true), ends: []refEnd{{"5-5", 5, 3}}},
		{name: "blocked", rules: blocked, moves: dead5,
			want: okDead, pending: pendChickie("5-5", 3, true), ends: []refEnd{{"5-5", 5, 3}}},
		{name: "blocked/still binds", rules: blocked, moves: refJoin(dead5, []string{"5-1@5-4", "5-0@5-5"}),
			want:    append(append([]string{}, okDead...), "chickie-first", "ok"),
			pending: pendChickie("5-5", 2, true), ends: []refEnd{{"5-5", 5, 2}}},
		{name: "release", rules: release, moves: dead5,
			want: okDead, pending: pendNone(),
			ends: []refEnd{{"5-4", 5, 1}, {"5-3", 5, 1}, {"5-2", 5, 1}, {"5-5", 5, 3}}},
		{name: "release/open play", rules: release, moves: refJoin(dead5, []string{"5-1@5-4", "5-0@5-5"}),
			want: append(append([]string{}, okDead...), "ok", "ok"), pending: pendNone(),
			ends: []refEnd{{"5-3", 5, 1}, {"5-2", 5, 1}, {"5-5", 5, 2}, {"5-1", 1, 1}, {"5-0", 0, 1}}},
	})
}

func TestRefereeRejectedNotApplied(t *testing.T) {
	refRunCases(t, []layoutCase{
		{name: "rejected arm leaves the spinner short",
			moves: []string{"9-9", "8-7@9-9", "9-3@9-9", "9-8@9-9", "9-7@9-9"},
			want:  []string{"ok", "mismatch", "ok", "ok", "ok"}, pending: pendSpinner("9-9", 1),
			ends: []refEnd{{"9-9", 9, 1}}},
		{name: "rejected tile can be played later",
			moves: refJoin([]string{"9-9", "9-3@9-9", "3-4@9-3"}, spin9[2:], []string{"3-4@9-3"}),
			want:  []string{"ok", "ok", "spinner-first", "ok", "ok", "ok", "ok"}, pending: pendNone(),
			ends: []refEnd{{"9-8", 8, 1}, {"9-7", 7, 1}, {"9-6", 6, 1}, {"4-3", 4, 1}}},
		{name: "rejected tile is no place to play on",
			moves:   refJoin(spin9, []string{"5-4@9-3", "4-1@5-4", "3-1@9-3", "1-0@3-1"}),
			want:    []string{"ok", "ok", "ok", "ok", "ok", "mismatch", "unknown-end", "ok", "ok"},
			pending: pendNone()},
		{name: "rejected double opens no chickie",
			moves: refJoin(spin9, []string{"8-8@9-7", "7-1@9-7"}),
			want:  []string{"ok", "ok", "ok", "ok", "ok", "mismatch", "ok"}, pending: pendNone()},
		{name: "rejected start leaves the table empty",
			moves: []string{"9-3", "9-3@9-9", "9-9", "9-3@9-9"},
			want:  []string{"wrong-start", "wrong-start", "ok", "ok"}, pending: pendSpinner("9-9", 3)},
	})
}

func TestRefereeScores(t *testing.T) {
	hands := map[string][]string{
		"Ann": {"0-0"},
		"Bob": {"6-5", "1-0"},
		"Cat": {},
		"Dan": {"0-0", "3-2"},
	}
	tests := []struct {
		name  string
		rules map[string]any
		want  map[string]int
	}{
		{"0-0 defaults to 50", nil, map[string]int{"Ann": 50, "Bob": 12, "Cat": 0, "Dan": 55}},
		{"0-0 at 50", map[string]any{"double_blank": 50}, map[string]int{"Ann": 50, "Bob": 12, "Cat": 0, "Dan": 55}},
		{"0-0 at 25", map[string]any{"double_blank": 25}, map[string]int{"Ann": 25, "Bob": 12, "Cat": 0, "Dan": 30}},
		{"0-0 at 0", map[string]any{"double_blank": 0}, map[string]int{"Ann": 0, "Bob": 12, "Cat": 0, "Dan": 5}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := refJudge(t, refEncode(t, refInput{Rules: tc.rules, Moves: refMoves("9-9"), Hands: hands}))
			if !reflect.DeepEqual(out.Scores, tc.want) {
				t.Errorf("scores: got %v, want %v", out.Scores, tc.want)
			}
		})
	}
	t.Run("big set pips", func(t *testing.T) {
		in := refInput{Rules: map[string]any{"set": 18}, Moves: refMoves("18-18"),
			Hands: map[string][]string{"Ann": {"12-11", "17-0"}, "Bob": {"0-0", "18-1"}}}
		out := refJudge(t, refEncode(t, in))
		if want := map[string]int{"Ann": 40, "Bob": 69}; !reflect.DeepEqual(out.Scores, want) {
			t.Errorf("scores: got %v, want %v", out.Scores, want)
		}
	})
}

func TestRefereeProblems(t *testing.T) {
	tests := []struct {
		name  string
		moves []string
		hands map[string][]string
		want  []refProblem // rule and tile; tile "" means not checked
	}{
		{name: "clean hands", moves: []string{"9-9", "9-3@9-9"},
			hands: map[string][]string{"Ann": {"8-1", "0-0"}, "Bob": {"7-2"}}, want: nil},
		{name: "bad-tile unreadable", moves: []string{"9-9"},
			hands: map[string][]string{"Ann": {"8-1", "x-1"}}, want: []refProblem{{Rule: "bad-tile"}}},
		{name: "bad-tile outside the set", moves: []string{"9-9"},
			hands: map[string][]string{"Ann": {"10-1"}}, want: []refProblem{{Rule: "bad-tile"}}},
		{name: "already-played", moves: []string{"9-9", "9-3@9-9"},
			hands: map[string][]string{"Ann": {"3-9"}, "Bob": {"9-9"}},
			want:  []refProblem{{Rule: "already-played", Tile: "9-3"}, {Rule: "already-played", Tile: "9-9"}}},
		{name: "rejected move tile is not played", moves: []string{"9-9", "8-7@9-9"},
			hands: map[string][]string{"Ann": {"7-8"}}, want: nil},
		{name: "duplicate-tile in two hands", moves: []string{"9-9"},
			hands: map[string][]string{"Ann": {"3-4"}, "Bob": {"4-3"}},
			want:  []refProblem{{Rule: "duplicate-tile", Tile: "4-3"}}},
		{name: "duplicate-tile within one hand", moves: []string{"9-9"},
			hands: map[string][]string{"Ann": {"5-2", "2-5", "1-1"}},
			want:  []refProblem{{Rule: "duplicate-tile", Tile: "5-2"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := refJudge(t, refEncode(t, refInput{Moves: refMoves(tc.moves...), Hands: tc.hands}))
			if len(tc.want) == 0 && len(out.Problems) != 0 {
				t.Errorf("problems: got %+v, want none", out.Problems)
			}
			for _, p := range out.Problems {
				if strings.TrimSpace(p.Message) == "" {
					t.Errorf("problem %+v: got empty message, want an explanation", p)
				}
			}
			for _, w := range tc.want {
				if !refHasProblem(out.Problems, w) {
					t.Errorf("problems: got %+v, want one with rule=%q tile=%q", out.Problems, w.Rule, w.Tile)
				}
			}
		})
	}
}

func refHasProblem(got []refProblem, want refProblem) bool {
	for _, p := range got {
		if p.Rule == want.Rule && (want.Tile == "" || p.Tile == want.Tile) {
			return true
		}
	}
	return false
}

func TestRefereeNoHands(t *testing.T) {
	// Trailing white space after the document is not garbage.
	out := refJudge(t, "{\"moves\": [{\"tile\": \"9-9\"}]}\n\n")
	if len(out.Scores) != 0 || len(out.Problems) != 0 {
		t.Errorf("without hands: got scores %v problems %+v, want none", out.Scores, out.Problems)
	}
}

func TestRefereePendingNoneHasOnlyKind(t *testing.T) {
	_, stdout, _ := refRun(t, refEncode(t, refInput{Moves: refMoves(spin9...)}), "referee")
	var raw struct {
		Pending map[string]json.RawMessage `json:"pending"`
	}
	if err := json.Unmarshal([]byte(stdout), &raw); err != nil {
		t.Fatalf("decoding stdout: got error %v, want JSON", err)
	}
	if len(raw.Pending) != 1 || string(raw.Pending["kind"]) != `"none"` {
		t.Errorf("pending: got %v, want only {\"kind\":\"none\"}", refRawKeys(raw.Pending))
	}
}

func refRawKeys(m map[string]json.RawMessage) map[string]string {
	s := make(map[string]string, len(m))
	for k, v := range m {
		s[k] = string(v)
	}
	return s
}

func TestRefereeExit2(t *testing.T) {
	tests := []struct {
		name  string
		input string
		words []string // stderr must contain at least one (case-insensitive)
	}{
		{"bad JSON", `{"moves": [`, []string{"json", "unexpected", "syntax"}},
		{"not JSON at all", `hello`, []string{"json", "invalid", "syntax"}},
		{"trailing garbage", `{"moves": []} xyz`, []string{"trailing", "after", "extra", "garbage", "more than one"}},
		{"two documents", `{"moves": []} {"moves": []}`, []string{"trailing", "after", "extra", "more than one", "one json"}},
		{"empty input", ``, []string{"empty", "eof", "no input", "end of"}},
		{"blank input", "  \n\t", []string{"empty", "eof", "no input", "end of"}},
		{"unknown top-level field", `{"moves": [], "players": 4}`, []string{"players"}},
		{"unknown rules field", `{"rules": {"sets": 9}, "moves": []}`, []string{"sets"}},
		{"unknown move field", `{"moves": [{"tile": "9-9", "at": "9-3"}]}`, []string{`"at"`, "field at", "at:"}},
		{"spinner_arms 5", `{"rules": {"spinner_arms": 5}, "moves": []}`, []string{"spinner_arms", "spinner arms", "arms"}},
		{"set 10", `{"rules": {"set": 10}, "moves": []}`, []string{"set"}},
		{"double_blank 30", `{"rules": {"double_blank": 30}, "moves": []}`, []string{"double_blank", "double blank", "0-0"}},
		{"impossible_chickie unknown", `{"rules": {"impossible_chickie": "sometimes"}, "moves": []}`, []string{"impossible", "sometimes"}},
		{"unknown preset", `{"rules": {"preset": "no-such-preset"}, "moves": []}`, []string{"preset", "no-such-preset"}},
		{"starting_double above set", `{"rules": {"set": 6}, "starting_double": 9, "moves": []}`, []string{"starting_double", "starting double"}},
		{"starting_double negative", `{"starting_double": -1, "moves": []}`, []string{"starting_double", "starting double"}},
		{"moves wrong type", `{"moves": "9-9"}`, []string{"moves"}},
		{"set wrong type", `{"rules": {"set": "nine"}, "moves": []}`, []string{"set"}},
		{"starting_double wrong type", `{"starting_double": "9", "moves": []}`, []string{"starting_double"}},
		{"tile wrong type", `{"moves": [{"tile": 99}]}`, []string{"tile"}},
		{"hands wrong type", `{"moves": [], "hands": {"Ann": "9-9"}}`, []string{"hands", "ann"}},
		{"top level array", `[]`, []string{"array", "object"}},
		{"top level null", `null`, []string{"null", "object"}},
		{"move is null", `{"moves": [{"tile": "9-9"}, null]}`, []string{"null", "object", "move"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := refRun(t, tc.input, "referee")
			refCheckExit2(t, code, stdout, stderr, tc.words)
		})
	}
	t.Run("missing file", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "no-such-round.json")
		code, stdout, stderr := refRun(t, `{"moves": []}`, "referee", path)
		refCheckExit2(t, code, stdout, stderr, []string{"no-such-round.json"})
	})
}

func refCheckExit2(t *testing.T, code int, stdout, stderr string, words []string) {
	t.Helper()
	if code != 2 {
		t.Errorf("exit code: got %d, want 2", code)
	}
	if stdout != "" {
		if len(stdout) > 120 {
			stdout = stdout[:120] + "..."
		}
		t.Errorf("stdout: got %q, want empty", stdout)
	}
	if strings.TrimSpace(stderr) == "" {
		t.Fatalf("stderr: got empty, want a message naming the problem")
	}
	low := strings.ToLower(stderr)
	for _, w := range words {
		if strings.Contains(low, strings.ToLower(w)) {
			return
		}
	}
	t.Errorf("stderr: got %q, want it to name the problem (one of %q)", stderr, words)
}

func TestRefereeFileArgument(t *testing.T) {
	input := refEncode(t, refInput{
		Rules: map[string]any{"set": 6, "double_blank": 25},
		Moves: refMoves("6-6", "6-5@6-6", "5-4@6-5"),
		Hands: map[string][]string{"Ann": {"0-0", "2-1"}, "Bob": {"6-5"}},
	})
	path := filepath.Join(t.TempDir(), "round.json")
	if err := os.WriteFile(path, []byte(input), 0o644); err != nil {
		t.Fatalf("writing %s: %v", path, err)
	}
	// Standard input holds garbage: with a FILE argument it must be ignored.
	code, fromFile, stderr := refRun(t, "garbage", "referee", path)
	if code != 0 {
		t.Fatalf("referee %s: got exit %d (stderr %q), want 0", path, code, stderr)
	}
	code, fromStdin, stderr := refRun(t, input, "referee")
	if code != 0 {
		t.Fatalf("referee < input: got exit %d (stderr %q), want 0", code, stderr)
	}
	var a, b any
	if err := json.Unmarshal([]byte(fromFile), &a); err != nil {
		t.Fatalf("decoding file output: %v", err)
	}
	if err := json.Unmarshal([]byte(fromStdin), &b); err != nil {
		t.Fatalf("decoding stdin output: %v", err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("output from FILE:\n got %v\nwant (as from stdin) %v", a, b)
	}
	out := refDecode(t, fromFile)
	refCheckMoves(t, out.Moves, []string{"ok", "ok", "spinner-first"})
	refCheckPending(t, out.Pending, pendSpinner("6-6", 3))
	if got, want := out.Scores["Ann"], 28; got != want {
		t.Errorf("scores[Ann]: got %d, want %d", got, want)
	}
	if !refHasProblem(out.Problems, refProblem{Rule: "already-played", Tile: "6-5"}) {
		t.Errorf("problems: got %+v, want already-played 6-5", out.Problems)
	}
}
