package main

// Black-box tests of the round form of `chickenfoot referee`: seats, a deal
// and every action of a round, judged in order. Actions are written in a
// one-line notation: "Ann lay 9-9" sets the starting double, "Bob lay
// 9-3@9-9" lays 9-3 on 9-9, "Cy draw" and "Cy draw 4-2" draw (naming the
// tile or not), "Cy pass", "Bob take-back", "Ann penalty 2-1".

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

type rdInput struct {
	Rules          map[string]any `json:"rules,omitempty"`
	StartingDouble *int           `json:"starting_double,omitempty"`
	Round          rdRound        `json:"round"`
}

type rdRound struct {
	Seats    []string            `json:"seats"`
	Deal     map[string][]string `json:"deal,omitempty"`
	Boneyard []string            `json:"boneyard,omitempty"`
	HandSize int                 `json:"hand_size,omitempty"`
	Actions  []rdAction          `json:"actions"`
}

type rdAction struct {
	Seat string `json:"seat"`
	Act  string `json:"act"`
	Tile string `json:"tile,omitempty"`
	On   string `json:"on,omitempty"`
}

type rdOutput struct {
	Moves    []refMoveOut   `json:"moves"`
	Actions  []rdVerdict    `json:"actions"`
	Round    *rdState       `json:"round"`
	Pending  refPending     `json:"pending"`
	OpenEnds []refEnd       `json:"open_ends"`
	Scores   map[string]int `json:"scores"`
	Problems []refProblem   `json:"problems"`
}

type rdVerdict struct {
	Seat    string `json:"seat"`
	Act     string `json:"act"`
	Tile    string `json:"tile"`
	On      string `json:"on"`
	OK      bool   `json:"ok"`
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

type rdState struct {
	Turn     *string        `json:"turn"`
	Over     bool           `json:"over"`
	End      *string        `json:"end"`
	Out      *string        `json:"out"`
	Boneyard int            `json:"boneyard"`
	Hands    map[string]int `json:"hands"`
}

// rdActs reads the action notation.
func rdActs(specs ...string) []rdAction {
	out := make([]rdAction, 0, len(specs))
	for _, s := range specs {
		f := strings.Fields(s)
		a := rdAction{Seat: f[0], Act: f[1]}
		if len(f) > 2 {
			a.Tile, a.On, _ = strings.Cut(f[2], "@")
		}
		out = append(out, a)
	}
	return out
}

// rdJudge runs a round that must be understood and decodes the output.
func rdJudge(t *testing.T, in rdInput) rdOutput {
	t.Helper()
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatalf("json.Marshal(input): %v", err)
	}
	code, stdout, stderr := refRun(t, string(b), "referee")
	if code != 0 {
		t.Fatalf("exit code: got %d, want 0 (stderr %q)\ninput: %s", code, stderr, b)
	}
	var out rdOutput
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("decoding stdout: %v\n%s", err, stdout)
	}
	if out.Round == nil {
		t.Fatalf("round: got none, want the round's state\n%s", stdout)
	}
	return out
}

// rdCheckVerdicts compares each action's verdict: "ok" or a rule code.
func rdCheckVerdicts(t *testing.T, got []rdVerdict, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("len(actions): got %d, want %d (%+v)", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		switch {
		case w == "ok" && (!g.OK || g.Rule != "" || g.Message != ""):
			t.Errorf("actions[%d] %s %s %s: got ok=%v rule=%q (%s), want ok", i, g.Seat, g.Act, g.Tile, g.OK, g.Rule, g.Message)
		case w != "ok" && (g.OK || g.Rule != w):
			t.Errorf("actions[%d] %s %s %s: got ok=%v rule=%q, want rule %q", i, g.Seat, g.Act, g.Tile, g.OK, g.Rule, w)
		case w != "ok" && strings.TrimSpace(g.Message) == "":
			t.Errorf("actions[%d] refused with %q: got no message, want one", i, g.Rule)
		}
	}
}

func rdStr(s string) *string { return &s }

func rdCheckState(t *testing.T, got *rdState, want rdState) {
	t.Helper()
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("round: got %s, want %s", rdShow(*got), rdShow(want))
	}
}

func rdShow(s rdState) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// Two small deals on double-6: in rdFits Bob holds a 6, in rdNoFit he does
// not.
var (
	rdFits  = map[string][]string{"Ann": {"6-6", "1-0"}, "Bob": {"6-5", "3-2"}}
	rdNoFit = map[string][]string{"Ann": {"6-6", "1-0"}, "Bob": {"5-4", "3-2"}}
	set6    = map[string]any{"set": 6}
	ab      = []string{"Ann", "Bob"}
)

func TestRoundTurnCodes(t *testing.T) {
	tests := []struct {
		name  string
		rules map[string]any
		round rdRound
		want  []string
	}{
		{"bad-seat", nil, rdRound{Seats: ab, Actions: rdActs("Dan lay 9-9", "Ann lay 9-9")},
			[]string{"bad-seat", "ok"}},
		{"bad-action", nil, rdRound{Seats: ab, Actions: rdActs("Ann jump", "Ann lay 9-9")},
			[]string{"bad-action", "ok"}},
		{"bad-action/draw unnamed with known hands", set6, rdRound{Seats: ab, Deal: rdNoFit,
			Actions: rdActs("Ann lay 6-6", "Bob draw", "Bob draw 5-5")}, []string{"ok", "bad-action", "ok"}},
		{"not-started", nil, rdRound{Seats: ab, Actions: rdActs("Ann pass", "Ann lay 9-9")},
			[]string{"not-started", "ok"}},
		{"not-your-turn", nil, rdRound{Seats: ab, Actions: rdActs("Ann lay 9-9", "Ann draw", "Bob draw")},
			[]string{"ok", "not-your-turn", "ok"}},
		{"must-draw", nil, rdRound{Seats: ab, Actions: rdActs("Ann lay 9-9", "Bob pass", "Bob draw", "Bob pass")},
			[]string{"ok", "must-draw", "ok", "ok"}},
		{"already-drew", nil, rdRound{Seats: ab, Actions: rdActs("Ann lay 9-9", "Bob draw", "Bob draw", "Bob pass")},
			[]string{"ok", "ok", "already-drew", "ok"}},
		{"boneyard-empty", set6, rdRound{Seats: ab, HandSize: 14, Actions: rdActs("Ann lay 6-6", "Bob draw", "Bob pass")},
			[]string{"ok", "boneyard-empty", "ok"}},
		{"can-play/draw", set6, rdRound{Seats: ab, Deal: rdFits, Actions: rdActs("Ann lay 6-6", "Bob draw 5-5")},
			[]string{"ok", "can-play"}},
		{"can-play/pass", set6, rdRound{Seats: ab, Deal: rdFits, Actions: rdActs("Ann lay 6-6", "Bob pass", "Bob lay 6-5@6-6")},
			[]string{"ok", "can-play", "ok"}},
		{"must-play-drawn", map[string]any{"draw": "one-must-play"},
			rdRound{Seats: ab, Actions: rdActs("Ann lay 9-9", "Bob draw 9-3", "Bob pass", "Bob lay 9-3@9-9")},
			[]string{"ok", "ok", "must-play-drawn", "ok"}},
		{"not-in-boneyard", set6, rdRound{Seats: ab, Deal: rdNoFit, Actions: rdActs("Ann lay 6-6", "Bob draw 1-0", "Bob draw 6-1")},
			[]string{"ok", "not-in-boneyard", "ok"}},
		{"not-in-hand", set6, rdRound{Seats: ab, Deal: rdNoFit, Actions: rdActs("Ann lay 6-6", "Bob lay 6-5@6-6")},
			[]string{"ok", "not-in-hand"}},
		{"round-over", nil, rdRound{Seats: ab, HandSize: 1, Actions: rdActs("Ann lay 9-9", "Bob lay 9-3@9-9", "Bob draw")},
			[]string{"ok", "round-over", "round-over"}},
		{"no-take-back", nil, rdRound{Seats: ab, Actions: rdActs("Ann lay 9-9", "Bob take-back", "Ann take-back")},
			[]string{"ok", "no-take-back", "ok"}},
		{"no-take-back/never", map[string]any{"take_back": "never"},
			rdRound{Seats: ab, Actions: rdActs("Ann lay 9-9", "Ann take-back")}, []string{"ok", "no-take-back"}},
		{"no-penalty/courtesy", nil, rdRound{Seats: ab, Actions: rdActs("Ann lay 9-9", "Bob penalty")},
			[]string{"ok", "no-penalty"}},
		{"no-penalty/more than one tile", map[string]any{"last_tile": "draw-penalty"},
			rdRound{Seats: ab, Actions: rdActs("Ann lay 9-9", "Bob penalty")}, []string{"ok", "no-penalty"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := rdJudge(t, rdInput{Rules: tc.rules, Round: tc.round})
			rdCheckVerdicts(t, out.Actions, tc.want)
		})
	}
}

func TestRoundVerdictEchoesAction(t *testing.T) {
	out := rdJudge(t, rdInput{Round: rdRound{Seats: ab, Actions: rdActs("Ann lay 9-9", "Bob lay 3-9@9-9", "Ann draw", "Dan pass")}})
	want := []rdVerdict{
		{Seat: "Ann", Act: "lay", Tile: "9-9", OK: true},
		{Seat: "Bob", Act: "lay", Tile: "3-9", On: "9-9", OK: true},
		{Seat: "Ann", Act: "draw", OK: true},
		{Seat: "Dan", Act: "pass", Rule: "bad-seat", Message: out.Actions[3].Message},
	}
	if !reflect.DeepEqual(out.Actions, want) {
		t.Errorf("actions:\n got %+v\nwant %+v", out.Actions, want)
	}
	if m := out.Actions[3].Message; !strings.Contains(m, "Dan") || !strings.Contains(m, "Ann and Bob") {
		t.Errorf("bad-seat message: got %q, want it to name Dan and the players", m)
	}
}

func TestRoundRefusedChangesNothing(t *testing.T) {
	// Each refused action leaves the round as it was: the same turn, hands
	// and boneyard as the round without it.
	noise := rdActs("Ann lay 9-9", "Ann draw", "Bob pass", "Bob lay 8-7@9-9", "Bob lay 9-3@9-9",
		"Ann take-back", "Cy take-back", "Cy draw", "Cy draw", "Ann penalty", "Cy pass")
	clean := rdActs("Ann lay 9-9", "Bob lay 9-3@9-9", "Cy draw", "Cy pass")
	seats := []string{"Ann", "Bob", "Cy"}
	got := rdJudge(t, rdInput{Round: rdRound{Seats: seats, Actions: noise}})
	want := rdJudge(t, rdInput{Round: rdRound{Seats: seats, Actions: clean}})
	rdCheckVerdicts(t, got.Actions, []string{"ok", "not-your-turn", "must-draw", "mismatch", "ok",
		"no-take-back", "no-take-back", "ok", "already-drew", "no-penalty", "ok"})
	rdCheckState(t, got.Round, *want.Round)
	rdCheckState(t, got.Round, rdState{Turn: rdStr("Ann"), Boneyard: 12, Hands: map[string]int{"Ann": 13, "Bob": 13, "Cy": 15}})
	if !reflect.DeepEqual(got.OpenEnds, want.OpenEnds) || !reflect.DeepEqual(got.Pending, want.Pending) {
		t.Errorf("table: got %+v %+v, want %+v %+v", got.Pending, got.OpenEnds, want.Pending, want.OpenEnds)
	}
}

func TestRoundTakeBack(t *testing.T) {
	out := rdJudge(t, rdInput{Round: rdRound{Seats: ab, Actions: rdActs("Ann lay 9-9", "Bob lay 9-3@9-9", "Bob take-back")}})
	rdCheckVerdicts(t, out.Actions, []string{"ok", "ok", "ok"})
	rdCheckState(t, out.Round, rdState{Turn: rdStr("Bob"), Boneyard: 13, Hands: map[string]int{"Ann": 20, "Bob": 21}})
	refCheckPending(t, out.Pending, pendSpinner("9-9", 4))
}

// TestRoundOpensLower: under burn and lower-return, with known hands where
// nobody holds the round's double, the holder of the next lower double
// sets it and the round is played to its end.
func TestRoundOpensLower(t *testing.T) {
	for _, rule := range []string{"burn", "lower-return"} {
		t.Run(rule, func(t *testing.T) {
			deal := map[string][]string{"Ann": {"5-5", "5-1"}, "Bob": {"5-2", "4-4"}}
			out := rdJudge(t, rdInput{Rules: map[string]any{"set": 6, "unheld_double": rule}, Round: rdRound{Seats: ab, Deal: deal,
				Actions: rdActs("Ann draw 0-0", "Bob lay 4-4", "Ann lay 5-5", "Bob lay 5-2@5-5", "Ann lay 5-1@5-5")}})
			rdCheckVerdicts(t, out.Actions, []string{"can-play", "wrong-start", "ok", "ok", "ok"})
			if !out.Round.Over || out.Round.Out == nil || *out.Round.Out != "Ann" || out.Scores["Bob"] != 8 {
				t.Errorf("round: got %s, scores %v, want over, Ann out, Bob 8", rdShow(*out.Round), out.Scores)
			}
		})
	}
}
