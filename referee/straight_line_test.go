package referee

import (
	"errors"
	"maps"
	"strconv"
	"strings"
	"testing"
)

func init() {
	maps.Copy(samples, map[string]Params{
		"straight.lead-first":     {"Tile": "6-3", "On": "6-6"},
		"straight.lead-down":      {"Tile": "6-6"},
		"straight.lead-turn":      {"Turn": "Ann", "Name": "Bob"},
		"straight.lead-act":       {"Name": "Ann"},
		"straight.no-end":         {"Tile": "6-3", "On": "6-6", "At": 5, "N": 4},
		"straight.no-end.one":     {"Tile": "6-3", "On": "6-4", "At": 2, "N": 1},
		"straight.end-closed.at":  {"Tile": "6-3", "On": "6-6", "At": 1},
		"straight.end-closed.all": {"Tile": "6-3", "On": "6-6", "N": 4},
		"straight.spinner-sides":  {"Tile": "6-3", "On": "6-6"},
		"straight.bad-action":     {"Action": "jump"},
		"straight.over.domino":    {"Name": "Ann"},
		"straight.over.blocked":   nil,
		"straight.over.target":    {"Name": "Ann", "Goal": 250},
		"straight.no-claim":       {"Name": "Bob"},
		"straight.no-claim.off":   nil,
		"straight.wrong-count":    {"Name": "Ann", "Called": 15, "Ends": 12},
	})
}

// lineOf lays a Straight line from notation: the lead, then "tile@on" or
// "tile@on#at", separated by spaces.
func lineOf(t *testing.T, rules Rules, notation string) *StraightLine {
	t.Helper()
	l, err := NewStraightLine(rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range strings.Fields(notation) {
		if _, err := l.Play(moveOf(t, f)); err != nil {
			t.Fatalf("%s in %q: %v", f, notation, err)
		}
	}
	return l
}

func moveOf(t *testing.T, f string) StraightMove {
	t.Helper()
	tile, rest, placed := strings.Cut(f, "@")
	m := StraightMove{Tile: mustTile(t, tile), Lead: !placed}
	if placed {
		on, at, ok := strings.Cut(rest, "#")
		m.On = mustTile(t, on)
		if ok {
			m.At, _ = strconv.Atoi(at)
		}
	}
	return m
}

func mustTile(t *testing.T, s string) Tile {
	t.Helper()
	tile, err := ParseTile(s)
	if err != nil {
		t.Fatal(err)
	}
	return tile
}

// TestStraightCount walks the count of the ends through every case the
// rules name: the spinner bare on both sides, on one side, covered on
// both with its ends open and empty, crosswise doubles at an end, a
// spinner laid later in the line, and what each play scores.
func TestStraightCount(t *testing.T) {
	t.Parallel()
	std := StandardStraight()
	noLead := StandardStraight()
	noLead.Straight.Lead = No
	anyTime := StandardStraight()
	anyTime.Straight.Spinner = SpinnerAnyTime
	fives := StandardStraight()
	fives.Straight.Count = CountFives
	tests := []struct {
		name      string
		rules     Rules
		line      string // laid before the play
		play      string
		ends, pts int
	}{
		{"lead 5-5: the spinner bare on both sides counts both halves", std, "", "5-5", 10, 10},
		{"lead 6-4 counts both halves", std, "", "6-4", 10, 10},
		{"the lead scores nothing when the house says so", noLead, "", "5-5", 10, 0},
		{"5-0 on one side: the other side still bare", std, "5-5", "5-0@5-5", 10, 10},
		{"5-3 on the other side: the spinner no longer counts, its ends are empty", std, "5-5 5-0@5-5", "5-3@5-5", 3, 0},
		{"5-2 on one of the spinner's ends", std, "5-5 5-0@5-5 5-3@5-5", "5-2@5-5", 5, 5},
		{"3-3 crosswise at an open end counts both halves", std, "5-5 5-0@5-5 5-3@5-5 5-2@5-5", "3-3@5-3", 8, 0},
		{"a double at an end, both halves, scoring", std, "5-5 5-0@5-5 5-3@5-5", "0-0@5-0", 3, 0},
		{"covering a crosswise double takes its halves off the count", std, "5-5 5-0@5-5 5-3@5-5 5-2@5-5 3-3@5-3", "3-1@3-3", 3, 0},
		{"all four arms", std, "5-5 5-0@5-5 5-3@5-5 5-2@5-5", "5-4@5-5", 9, 0},
		{"a non-double lead and a line tile", std, "6-4", "4-1@6-4", 7, 0},
		{"the first double later in the line is the spinner, one side covered", std, "6-4", "4-4@6-4", 14, 0},
		{"that spinner's far side covered: its ends open, empty", std, "6-4 4-4@6-4", "4-0@4-4", 6, 0},
		{"then its end", std, "6-4 4-4@6-4 4-0@4-4", "4-2@4-4", 8, 0},
		{"a later double is crosswise, not a spinner", std, "6-4 4-4@6-4 4-0@4-4", "6-6@6-4", 12, 0},
		{"a crosswise double at one end, the spinner bare on the other", std, "6-1 1-1@6-1", "6-6@6-1", 14, 0},
		{"crosswise doubles at two ends", std, "6-6 6-1@6-6 6-2@6-6 1-1@6-1", "2-2@6-2", 6, 0},
		{"a crosswise double and line ends", std, "6-6 6-4@6-6 6-1@6-6 4-4@6-4 1-0@6-1 6-0@6-6", "0-3@0-6", 11, 0},
		{"a crosswise double at an end scores 10", std, "6-6 6-4@6-6 6-2@6-6", "4-4@6-4", 10, 10},
		{"scores 20", std, "6-4 4-4@6-4", "6-5@6-4", 13, 0},
		{"a 15 counting fives scores 3", fives, "5-5 5-0@5-5", "5-3@5-5", 3, 0},
		{"10 counting fives scores 2", fives, "", "5-5", 10, 2},
		{"any-time: an end before the far side, the spinner still bare", anyTime, "5-5 5-0@5-5", "5-2@5-5#3", 12, 0},
		{"any-time: 5-5 with an end and a side", anyTime, "5-5", "5-0@5-5#3", 10, 10},
		{"blank spinner: nothing to count", std, "", "0-0", 0, 0},
		{"5-0 on 0-0: 0+5", std, "0-0", "5-0@0-0", 5, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := lineOf(t, tt.rules, tt.line)
			s, err := l.Play(moveOf(t, tt.play))
			if err != nil {
				t.Fatal(err)
			}
			if s.Ends != tt.ends || s.Points != tt.pts || l.Ends() != tt.ends {
				t.Errorf("%s after %q: ends %d (Ends() %d), points %d; want ends %d, points %d", tt.play, tt.line, s.Ends, l.Ends(), s.Points, tt.ends, tt.pts)
			}
		})
	}
}

// TestStraightPlacement: what may be laid where, and the refusal with
// its rule when not.
func TestStraightPlacement(t *testing.T) {
	t.Parallel()
	std := StandardStraight()
	anyTime := StandardStraight()
	anyTime.Straight.Spinner = SpinnerAnyTime
	tests := []struct {
		name  string
		rules Rules
		line  string
		play  string
		code  Code // "" when allowed
		at    int  // the end it went to, when allowed
	}{
		{"any tile leads", std, "", "6-3", "", 0},
		{"the first tile is no lay on a tile", std, "", "6-3@6-6", CodeLeadFirst, 0},
		{"a second lead", std, "6-6", "5-5", CodeLeadFirst, 0},
		{"a side of the spinner", std, "6-6", "6-3@6-6", "", 1},
		{"the other side", std, "6-6 6-3@6-6", "6-2@6-6", "", 2},
		{"an end before both sides", std, "6-6 6-3@6-6", "6-2@6-6#3", CodeSpinnerSides, 0},
		{"an end before both sides, any-time", anyTime, "6-6 6-3@6-6", "6-2@6-6#3", "", 3},
		{"the ends after both sides", std, "6-6 6-3@6-6 6-2@6-6", "6-1@6-6", "", 3},
		{"all four arms taken", std, "6-6 6-3@6-6 6-2@6-6 6-1@6-6 6-0@6-6", "6-5@6-6", CodeEndClosed, 0},
		{"a taken side named", std, "6-6 6-3@6-6", "6-2@6-6#1", CodeEndClosed, 0},
		{"no end 5", std, "6-6", "6-2@6-6#5", CodeUnknownEnd, 0},
		{"a line tile has one end", std, "6-6 6-3@6-6", "3-2@6-3#2", CodeUnknownEnd, 0},
		{"matching halves only", std, "6-6 6-3@6-6", "5-2@6-3", CodeMismatch, 0},
		{"laid on the far half", std, "6-6 6-3@6-6", "3-2@6-3", "", 1},
		{"a line end already covered", std, "6-6 6-3@6-6 3-2@6-3", "3-1@6-3", CodeEndClosed, 0},
		{"a lead's lower half", std, "6-3", "3-2@6-3", "", 2},
		{"a lead's higher half named", std, "6-3", "6-2@6-3#1", "", 1},
		{"a lead's end that doesn't match", std, "6-3", "3-2@6-3#1", CodeMismatch, 0},
		{"a tile not on the table", std, "6-6", "6-3@5-5", CodeUnknownEnd, 0},
		{"already played", std, "6-6 6-3@6-6", "6-3@6-6", CodeAlreadyPlayed, 0},
		{"outside the set", std, "6-6", "7-6@6-6", CodeBadTile, 0},
		{"a crosswise double's far side", std, "6-6 6-1@6-6 1-1@6-1", "1-2@1-1", "", 1},
		{"the spinner laid on a tile: its free side", std, "6-1 1-1@6-1", "1-2@1-1", "", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := lineOf(t, tt.rules, tt.line)
			before := l.Ends()
			_, err := l.Play(moveOf(t, tt.play))
			var re *RuleError
			switch {
			case tt.code == "" && err != nil:
				t.Fatalf("%s refused: %v", tt.play, err)
			case tt.code == "":
				if m := l.Moves()[l.Len()-1]; m.At != tt.at {
					t.Errorf("%s went to end %d, want %d", tt.play, m.At, tt.at)
				}
			case !errors.As(err, &re) || re.Code != tt.code:
				t.Fatalf("%s: %v, want %s", tt.play, err, tt.code)
			case l.Ends() != before || l.Len() != len(strings.Fields(tt.line)):
				t.Errorf("a refused play changed the line")
			}
		})
	}
}

// TestStraightLineTakeBack lifts tiles in turn and finds the line as it was.
func TestStraightLineTakeBack(t *testing.T) {
	t.Parallel()
	steps := strings.Fields("6-4 4-4@6-4 4-0@4-4 4-2@4-4 6-6@6-4 2-2@4-2")
	l := lineOf(t, StandardStraight(), "")
	var ends []int
	for _, f := range steps {
		ends = append(ends, l.Ends())
		if _, err := l.Play(moveOf(t, f)); err != nil {
			t.Fatal(err)
		}
	}
	for i := len(steps) - 1; i >= 0; i-- {
		tile, ok := l.TakeBack()
		if !ok || tile != moveOf(t, steps[i]).Tile || l.Ends() != ends[i] || l.Placed(tile) {
			t.Fatalf("taking back %s: got %s %v, ends %d, want %d", steps[i], tile, ok, l.Ends(), ends[i])
		}
	}
	if _, ok := l.Spinner(); ok {
		t.Error("the spinner is still known after it was taken back")
	}
	if _, ok := l.TakeBack(); ok {
		t.Error("took back from an empty line")
	}
	// Laid again, the first double is the spinner again.
	l = lineOf(t, StandardStraight(), "6-4 6-6@6-4")
	if sp, _ := l.Spinner(); sp != NewTile(6, 6) || l.Places()[1].Kind != LineSpinner {
		t.Errorf("spinner %s, places %+v", sp, l.Places())
	}
}

// TestStraightLegalMoves: every legal move is accepted, and a tile no
// legal move names does not fit.
func TestStraightLegalMoves(t *testing.T) {
	t.Parallel()
	l := lineOf(t, StandardStraight(), "5-5 5-0@5-5")
	tiles := StandardStraight().Set.Tiles()
	moves := l.LegalMoves(tiles)
	if len(moves) == 0 {
		t.Fatal("no legal moves")
	}
	named := map[Tile]bool{}
	for _, m := range moves {
		named[m.Tile] = true
		if err := l.Check(m); err != nil {
			t.Errorf("legal move %s refused: %v", m, err)
		}
		if m.At >= 3 {
			t.Errorf("legal move %s goes on an end before both sides are covered", m)
		}
	}
	for _, tile := range tiles {
		if l.Fits(tile) != named[tile] && !l.Placed(tile) {
			t.Errorf("%s: Fits %v, named by a legal move %v", tile, l.Fits(tile), named[tile])
		}
	}
}

// straightRefusals are Straight's refusals for TestRefusalMessages.
func straightRefusals(t *testing.T) []refusalCase {
	std := StandardStraight()
	lay := func(line, play string) error {
		return lineOf(t, std, line).Check(moveOf(t, play))
	}
	// Ann holds 6-6 and leads; Bob can't follow a 6 or a 5; the boneyard
	// has 14 tiles.
	deal := StraightDeal{Players: 2, Names: []string{"Ann", "Bob"}, Hands: [][]Tile{
		handOf(t, "6-6 6-5 5-5 5-4 5-3 5-2 5-1"), handOf(t, "4-4 4-3 3-3 3-2 2-2 2-1 1-1")}}
	hand := func(r Rules, log ...StraightAction) *StraightHand {
		h, err := ReplayStraight(r, deal, log)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	act := func(h *StraightHand, a StraightAction) error { return h.Act(a) }
	lead := StraightAction{Seat: 0, Kind: ActPlay, Move: StraightMove{Tile: NewTile(6, 6), Lead: true}}
	muggins := StandardStraight()
	muggins.Straight.Muggins = On
	out := StraightDeal{Players: 2, HandSize: 1, Hands: [][]Tile{handOf(t, "6-6"), handOf(t, "0-0")}}
	dominoed, _ := ReplayStraight(std, out, []StraightAction{lead})
	won, _ := ReplayStraight(std, StraightDeal{Players: 2, Totals: []int{240, 0}, Hands: deal.Hands}, []StraightAction{
		{Seat: 0, Kind: ActPlay, Move: StraightMove{Tile: NewTile(5, 5), Lead: true}}})
	return []refusalCase{
		{"straight: a lay before the lead", "straight.lead-first", lay("", "6-3@6-6")},
		{"straight: a second lead", "straight.lead-down", lay("6-6", "5-5")},
		{"straight: no such end", "straight.no-end", lay("6-6", "6-3@6-6#5")},
		{"straight: a tile's one end", "straight.no-end.one", lay("6-6 6-3@6-6", "3-2@6-3#2")},
		{"straight: an end taken", "straight.end-closed.at", lay("6-6 6-3@6-6", "6-2@6-6#1")},
		{"straight: all ends taken", "straight.end-closed.all", lay("6-6 6-3@6-6 6-2@6-6 6-1@6-6 6-0@6-6", "6-5@6-6")},
		{"straight: spinner ends before its sides", "straight.spinner-sides", lay("6-6 6-3@6-6", "6-2@6-6#3")},
		{"straight: not the leader", "straight.lead-turn", act(hand(std), StraightAction{Seat: 1, Kind: ActPlay, Move: StraightMove{Tile: NewTile(4, 4), Lead: true}})},
		{"straight: a draw before the lead", "straight.lead-act", act(hand(std), StraightAction{Seat: 0, Kind: ActDraw, Drawn: &Tile{Hi: 0, Lo: 0}})},
		{"straight: an unknown action", "straight.bad-action", act(hand(std), StraightAction{Seat: 0, Kind: "jump"})},
		{"straight: after a domino", "straight.over.domino", act(dominoed, StraightAction{Seat: 1, Kind: ActPass})},
		{"straight: after a block", "straight.over.blocked", act(blockedHand(t), StraightAction{Seat: 1, Kind: ActPass})},
		{"straight: after the target", "straight.over.target", act(won, StraightAction{Seat: 1, Kind: ActPass})},
		{"straight: muggins off", "straight.no-claim.off", act(hand(std, lead), StraightAction{Seat: 1, Kind: ActMuggins})},
		{"straight: nothing uncalled", "straight.no-claim", act(hand(muggins, lead), StraightAction{Seat: 1, Kind: ActMuggins})},
		{"straight: a wrong call", "straight.wrong-count", act(hand(muggins), StraightAction{Seat: 0, Kind: ActPlay, Move: lead.Move, Call: 15})},
	}
}

// hand reads tiles written with spaces: "6-6 6-5".
func handOf(t *testing.T, s string) []Tile {
	t.Helper()
	return tiles(t, strings.Fields(s)...)
}

// blockedHand is a hand of four with unknown hands, so no boneyard,
// where nobody could follow the lead: four passes block it.
func blockedHand(t *testing.T) *StraightHand {
	t.Helper()
	lead := StraightAction{Seat: 0, Kind: ActPlay, Move: StraightMove{Tile: NewTile(6, 6), Lead: true}}
	log := []StraightAction{lead}
	for _, seat := range []int{1, 2, 3, 0} {
		log = append(log, StraightAction{Seat: seat, Kind: ActPass})
	}
	h, err := ReplayStraight(StandardStraight(), StraightDeal{Players: 4}, log)
	if err != nil || h.Ending() != Blocked {
		t.Fatalf("four passes: %v, ending %q", err, h.Ending())
	}
	return h
}

func TestStraightResolve(t *testing.T) {
	t.Parallel()
	l := lineOf(t, StandardStraight(), "6-6 6-3@6-6")
	for _, tt := range []struct {
		tile, on string
		at       int
		code     Code
	}{
		{"6-2", "6-6", 0, ""},
		{"6-2", "6-6", 3, CodeSpinnerSides},
		{"6/2", "6-6", 0, CodeBadTile},
		{"3-2", "six", 0, CodeUnknownEnd},
		{"6-3", "six", 0, CodeAlreadyPlayed},
		{"5-5", "", 0, CodeLeadFirst},
	} {
		_, err := l.Resolve(tt.tile, tt.on, tt.at)
		if errorCode(err) != tt.code || (tt.code == "") != (err == nil) {
			t.Errorf("Resolve(%q, %q, %d) = %v, want %q", tt.tile, tt.on, tt.at, err, tt.code)
		}
	}
	if _, err := lineOf(t, StandardStraight(), "").Resolve("6-3", "x", 0); errorCode(err) != CodeLeadFirst {
		t.Errorf("a lay on unreadable text before the lead: %v", err)
	}
}
