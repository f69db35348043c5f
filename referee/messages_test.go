package referee

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"chickenfoot/referee/lang"
)

// TestMessagesRender checks every message the referee says renders in
// every language with its sample parameters, and with other counts: no
// missing parameter, key or plural form.
func TestMessagesRender(t *testing.T) {
	t.Parallel()
	for _, key := range slices.Sorted(maps.Keys(samples)) {
		for _, tag := range words().Supported() {
			if !words().Has(tag, key) {
				t.Errorf("samples has %q, which is not in the %s catalog", key, tag)
				continue
			}
			for _, n := range []int{0, 1, 2, 25} {
				p := withCount(samples[key], n)
				got := words().Text(tag, key, p)
				if strings.TrimSpace(got) == "" || strings.HasPrefix(got, "[") || strings.Contains(got, "<no value>") {
					t.Errorf("Text(%s, %q, %v) = %q", tag, key, p, got)
				}
			}
		}
	}
}

// withCount is p with its count N set to n, when it has one.
func withCount(p Params, n int) Params {
	if _, ok := p["N"]; !ok {
		return p
	}
	out := maps.Clone(p)
	out["N"] = n
	return out
}

// TestMessageCounts checks the messages that count things say "1 tile"
// and "2 tiles".
func TestMessageCounts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		key  string
		p    Params
		want string
	}{
		{"must-draw", Params{"N": 1}, "With nothing to lay, draw a tile before passing; 1 tile is left in the boneyard."},
		{"must-draw", Params{"N": 25}, "With nothing to lay, draw a tile before passing; 25 tiles are left in the boneyard."},
		{"must-draw.keep-drawing", Params{"N": 1}, "Under this table's rules you keep drawing until a tile fits; 1 tile is left in the boneyard."},
		{"spinner-first", Params{"Owed": "9-9", "N": 1, "Tile": "4-3", "On": "9-3"},
			"The spinner 9-9 still needs 1 more arm before anything goes elsewhere, so 4-3 can't go on 9-3 yet."},
		{"chickie-first", Params{"Owed": "1-1", "N": 2, "Tile": "6-2", "On": "9-2"},
			"The chickie 1-1 still needs 2 more toes before anything goes elsewhere, so 6-2 can't go on 9-2 yet."},
		{"bad-seat", Params{"Seat": 4, "Players": 2}, "There is no seat 4 at this table of 2 players."},
		{"standings.went-out", Params{"Name": "Ann", "N": 1, "Others": []string{"Bob in 1", "Cy in 1"}}, "Ann went out in 1 round, Bob in 1, Cy in 1"},
		{"standings.lowest-round", Params{"Name": "Ann", "N": 0, "Low": 0, "Others": []string{"Bob's 4"}},
			"each with 0 zero rounds, so the lowest non-zero round decides: Ann's was none, Bob's 4"},
	}
	for _, tt := range tests {
		if got := Text(tt.key, tt.p); got != tt.want {
			t.Errorf("Text(%q, %v) = %q,\nwant %q", tt.key, tt.p, got, tt.want)
		}
	}
}

// keyArgs are the functions that take a message key: the place of the key
// among their arguments, and of the parameters.
var keyArgs = map[string][2]int{"refusal": {1, 2}, "refuse": {2, 3}, "Conflict": {0, 1}, "Invalid": {1, 2}}

// A keyUse is a message key named in the package's code.
type keyUse struct {
	key, fn, at string
	params      []string // the parameters named at the call, when written out there
}

// keyUses finds every message key the package's code names. A key must be
// a string literal, or a parameter handed on by a function that takes a
// key itself, so that every key can be checked.
func keyUses(t *testing.T) []keyUse {
	t.Helper()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var uses []keyUse
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if lit, ok := n.(*ast.CompositeLit); ok {
					if use, ok := phraseUse(lit); ok {
						use.at = fset.Position(lit.Pos()).String()
						uses = append(uses, use)
					}
					return true
				}
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				name, args, ok := keyCall(call)
				if !ok {
					return true
				}
				at := fset.Position(call.Pos()).String()
				switch arg := call.Args[args[0]].(type) {
				case *ast.BasicLit:
					key, _ := strconv.Unquote(arg.Value)
					uses = append(uses, keyUse{key: key, fn: name, at: at, params: literalParams(call, args[1])})
				case *ast.Ident:
					if _, forwards := keyArgs[fn.Name.Name]; !forwards || !isParam(fn, arg.Name) {
						t.Errorf("%s: %s is given the key %s; write the key as a string literal", at, name, arg.Name)
					}
				default:
					if !isPhraseString(fn) { // a Phrase words the key it was made with, checked there
						t.Errorf("%s: %s is given a computed key; write it as a string literal", at, name)
					}
				}
				return true
			})
		}
	}
	return uses
}

// phraseUse is the key a Phrase literal is made with: Phrase{"key", Params{…}}.
func phraseUse(lit *ast.CompositeLit) (keyUse, bool) {
	if id, ok := lit.Type.(*ast.Ident); !ok || id.Name != "Phrase" || len(lit.Elts) == 0 {
		return keyUse{}, false
	}
	first := lit.Elts[0]
	if kv, ok := first.(*ast.KeyValueExpr); ok {
		first = kv.Value
	}
	k, ok := first.(*ast.BasicLit)
	if !ok {
		return keyUse{}, false
	}
	key, _ := strconv.Unquote(k.Value)
	use := keyUse{key: key, fn: "Phrase"}
	if len(lit.Elts) > 1 {
		second := lit.Elts[1]
		if kv, ok := second.(*ast.KeyValueExpr); ok {
			second = kv.Value
		}
		use.params = literalParams(&ast.CallExpr{Args: []ast.Expr{second}}, 0)
	}
	return use, true
}

// isPhraseString reports whether fn is Phrase's String method.
func isPhraseString(fn *ast.FuncDecl) bool {
	if fn.Name.Name != "String" || fn.Recv == nil || len(fn.Recv.List) != 1 {
		return false
	}
	id, ok := fn.Recv.List[0].Type.(*ast.Ident)
	return ok && id.Name == "Phrase"
}

// keyCall reports whether call is to a function of keyArgs.
func keyCall(call *ast.CallExpr) (string, [2]int, bool) {
	var name string
	switch f := call.Fun.(type) {
	case *ast.Ident:
		name = f.Name
	case *ast.SelectorExpr:
		name = f.Sel.Name
	default:
		return "", [2]int{}, false
	}
	args, ok := keyArgs[name]
	if !ok || len(call.Args) <= args[0] {
		return "", [2]int{}, false
	}
	return name, args, true
}

func literalParams(call *ast.CallExpr, i int) []string {
	if i >= len(call.Args) {
		return nil
	}
	lit, ok := call.Args[i].(*ast.CompositeLit)
	if !ok {
		return nil
	}
	var out []string
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.BasicLit); ok {
				name, _ := strconv.Unquote(k.Value)
				out = append(out, name)
			}
		}
	}
	return out
}

func isParam(fn *ast.FuncDecl, name string) bool {
	for _, field := range fn.Type.Params.List {
		for _, n := range field.Names {
			if n.Name == name {
				return true
			}
		}
	}
	return false
}

// TestMessageKeysInCode checks every key the code names is in the
// catalog, and its sample has the parameters the call sites pass.
func TestMessageKeysInCode(t *testing.T) {
	t.Parallel()
	uses := keyUses(t)
	if len(uses) < len(samples)/2 {
		t.Fatalf("found only %d message keys in the code; is the scan broken?", len(uses))
	}
	for _, u := range uses {
		if !words().Has(lang.Default, u.key) {
			t.Errorf("%s: %s(%q): no such message in the catalog", u.at, u.fn, u.key)
			continue
		}
		for _, p := range u.params {
			if _, ok := samples[u.key][p]; !ok {
				t.Errorf("%s: %s(%q) passes %s, which the sample of %q lacks", u.at, u.fn, u.key, p, u.key)
			}
		}
	}
}

// A refusalCase is a request the referee refuses, with the message key it
// should be refused with.
type refusalCase struct {
	name string
	key  string
	err  error
}

func TestRefusalMessages(t *testing.T) {
	t.Parallel()
	cases := slices.Concat(layoutRefusals(t), roundRefusals(t), sheetRefusals(t), seatRefusals(t), straightRefusals(t))
	tested := map[string]bool{}
	for _, tc := range cases {
		tested[tc.key] = true
		t.Run(tc.name, func(t *testing.T) {
			var re *RuleError
			switch {
			case !errors.As(tc.err, &re):
				t.Fatalf("got %v, want a *RuleError with key %q", tc.err, tc.key)
			case re.Key != tc.key:
				t.Fatalf("Key = %q, want %q (%v)", re.Key, tc.key, re)
			}
			for _, tag := range words().Supported() {
				if got := re.Say(tag); got == "" || strings.HasPrefix(got, "[") || strings.Contains(got, "<no value>") {
					t.Errorf("Say(%s) = %q, want a sentence", tag, got)
				}
			}
		})
	}
	for _, u := range keyUses(t) {
		if u.fn != "Phrase" && !tested[u.key] { // a phrase is a sentence, not a refusal
			t.Errorf("%s: no case of TestRefusalMessages is refused with %q", u.at, u.key)
			tested[u.key] = true
		}
	}
}

// layoutRefusals reads and lays tiles on a double-9 table.
func layoutRefusals(t *testing.T) []refusalCase {
	lay := func(notation, tile, on string) error {
		l := layoutOf(t, Standard(), 9, notation)
		m, err := l.Resolve(tile, on)
		if err == nil {
			err = l.Check(m)
		}
		return err
	}
	_, syntax := ParseTile("9/9")
	_, number := ParseTile("19-3")
	_, notInSet := Standard().Set.Parse("10-9")
	fourArms := "9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9"
	return []refusalCase{
		{"unreadable tile", "bad-tile.syntax", syntax},
		{"number too big", "bad-tile.number", number},
		{"tile read outside the set", "bad-tile", notInSet},
		{"tile laid outside the set", "bad-tile", layoutOf(t, Standard(), 9, "9-9").Check(Move{Tile: NewTile(10, 9), On: NewTile(9, 9)})},
		{"plain tile first", "wrong-start", lay("", "9-3", "")},
		{"double set on a tile", "wrong-start.on-tile", lay("", "9-9", "9-3")},
		{"tile laid twice", "already-played", lay("9-9 9-3@9-9", "9-3", "9-9")},
		{"no place named", "unknown-end.start", lay("9-9", "9-3", "")},
		{"place not on the table", "unknown-end", lay("9-9", "9-3", "3-3")},
		{"unreadable place", "unknown-end.unreadable", lay("9-9", "9-3", "nine")},
		{"spinner full", "end-closed.spinner", lay(fourArms, "9-5", "9-9")},
		{"a stuck chickie still owed", "chickie-first.stuck", layStuck(t)},
		{"chickie full", "end-closed.chickie", lay(chickieOwed+" 1-6@1-1 1-7@1-1", "1-8", "1-1")},
		{"line end taken", "end-closed", lay(fourArms+" 3-7@9-3", "3-8", "9-3")},
		{"spinner owed", "spinner-first", lay("9-9 9-3@9-9", "3-4", "9-3")},
		{"chickie owed", "chickie-first", lay(chickieOwed, "2-6", "9-2")},
		{"no match", "mismatch", lay("9-9", "8-3", "9-9")},
	}
}

// roundRefusals plays double-6 rounds of two: with the hands known, Ann
// holds no 6 and Bob holds 6-4; the 6-6 is in the boneyard.
func roundRefusals(t *testing.T) []refusalCase {
	d6 := Standard()
	d6.Set = 6
	with := func(f func(*Rules)) Rules { r := d6; f(&r); return r }
	known := Deal{Players: 2, HandSize: 7, Names: []string{"Ann", "Bob"}, Hands: [][]Tile{
		tiles(t, "5-5", "1-0", "2-0", "3-0", "4-0", "0-0", "2-2"),
		tiles(t, "6-4", "4-4", "1-1", "2-1", "3-1", "4-1", "5-1"),
	}}
	unknown := Deal{Players: 2, HandSize: 7}
	allDealt := Deal{Players: 2, HandSize: 14}
	oneEach := Deal{Players: 28, HandSize: 1} // nothing left to draw
	try := func(rules Rules, deal Deal, setup []Action, a Action) error {
		r := newRound(t, rules, 6, deal)
		mustAct(t, r, setup...)
		return r.Act(a)
	}
	draw := func(seat int, tile string) Action { return Action{Seat: seat, Kind: ActDraw, Drawn: tp(t, tile)} }
	started := []Action{draw(0, "6-6"), play(0, "6-6", "")} // Bob to act
	bobLaid := append(slices.Clone(started), play(1, "6-4", "6-6"))
	penalty, mustPlay, keepDrawing := with(func(r *Rules) { r.LastTile = LastTilePenalty }),
		with(func(r *Rules) { r.Draw = DrawOneMustPlay }), with(func(r *Rules) { r.Draw = DrawUntilPlayable })
	never := with(func(r *Rules) { r.TakeBack = TakeBackNever })
	skip, thenPass := with(func(r *Rules) { r.LastTile = LastTileSkip }), with(func(r *Rules) { r.Draw = DrawOneThenPass })
	reshuffle, drawAll := with(func(r *Rules) { r.Unheld = UnheldReshuffle }), with(func(r *Rules) { r.Unheld = UnheldDrawAll })
	oneTile := Deal{Players: 2, HandSize: 2}
	burnRule := with(func(r *Rules) { r.Unheld = UnheldBurn })
	mayDraw := with(func(r *Rules) { r.AbleToPlay = AbleMayDraw })
	return []refusalCase{
		{"no such seat", "bad-seat", try(d6, known, nil, act(2, ActPass))},
		{"no such seat name", "bad-seat.name", UnknownSeat("Zed", []string{"Ann", "Bob"})},
		{"no such action", "bad-action", try(d6, known, nil, act(0, "jump"))},
		{"after going out", "round-over.domino", try(d6, oneEach, []Action{play(0, "6-6", "")}, act(1, ActPass))},
		{"after a block", "round-over.blocked", try(d6, allDealt, []Action{play(0, "6-6", ""), act(1, ActPass), act(0, ActPass)}, act(1, ActPass))},
		{"pass before the start", "not-started", try(d6, known, nil, act(0, ActPass))},
		{"out of turn", "not-your-turn", try(d6, known, started, act(0, ActPass))},
		{"tile not held", "not-in-hand", try(d6, known, started, play(1, "6-5", "6-6"))},
		{"draw from an empty boneyard", "boneyard-empty", try(d6, oneEach, nil, act(0, ActDraw))},
		{"penalty from an empty boneyard", "boneyard-empty.penalty", try(penalty, oneEach, nil, act(0, ActPenalty))},
		{"draw holding a fit", "can-play", try(d6, known, started, draw(1, "6-5"))},
		{"draw after drawing a fit", "can-play.drawn", try(d6, unknown, []Action{play(0, "6-6", ""), draw(1, "6-5")}, draw(1, "6-3"))},
		{"draw for a held double", "can-play.start", try(d6, known, []Action{draw(0, "6-6")}, draw(1, "6-5"))},
		{"pass holding a fit", "can-play.pass", try(d6, known, started, act(1, ActPass))},
		{"second draw", "already-drew", try(d6, known, append(slices.Clone(bobLaid), draw(0, "5-4")), draw(0, "5-3"))},
		{"draw without the tile", "bad-action.drawn", try(d6, known, nil, act(0, ActDraw))},
		{"draw outside the set", "bad-tile.drawn", try(d6, known, nil, Action{Seat: 0, Kind: ActDraw, Drawn: &Tile{7, 7}})},
		{"draw a laid tile", "already-played.drawn", try(d6, known, bobLaid, draw(0, "6-4"))},
		{"draw a held tile", "not-in-boneyard", try(d6, known, nil, draw(0, "6-4"))},
		{"pass with a drawn fit", "must-play-drawn", try(mustPlay, known, append(slices.Clone(bobLaid), draw(0, "6-5")), act(0, ActPass))},
		{"pass without drawing", "must-draw", try(d6, known, bobLaid, act(0, ActPass))},
		{"pass without drawing, able to play", "must-draw.may", try(mayDraw, known, started, act(1, ActPass))},
		{"pass before a fit", "must-draw.keep-drawing", try(keepDrawing, known, append(slices.Clone(bobLaid), draw(0, "5-4")), act(0, ActPass))},
		{"take back another's tile", "no-take-back", try(d6, known, bobLaid, act(0, ActTakeBack))},
		{"take back under never", "no-take-back.never", try(never, known, bobLaid, act(1, ActTakeBack))},
		{"penalty with 7 tiles", "no-penalty", try(penalty, known, nil, act(0, ActPenalty))},
		{"penalty at a courteous table", "no-penalty.courtesy", try(d6, known, nil, act(0, ActPenalty))},
		{"a second missed turn", "no-penalty.skipped", try(skip, oneTile, []Action{play(0, "6-6", ""), act(0, ActPenalty)}, act(0, ActPenalty))},
		{"laying the tile just drawn", "must-pass", try(thenPass, unknown, []Action{play(0, "6-6", ""), draw(1, "6-5")}, play(1, "6-5", "6-6"))},
		{"drawing for a double when a lower one is held", "can-play.lower", try(burnRule, known, nil, draw(0, "6-6"))},
		{"drawing for a reshuffle", "deal-again", try(reshuffle, unknown, nil, draw(0, "6-6"))},
		{"drawing out of turn for the start", "draw-for-start.turn", try(d6, unknown, []Action{draw(0, "5-5")}, draw(0, "5-4"))},
		{"drawing twice all at once", "draw-for-start.all", try(drawAll, unknown, []Action{draw(1, "5-5")}, draw(1, "5-4"))},
	}
}

// sheetRefusals judges entries and the opening double on a score sheet of
// three players, its first round opening on 9-9.
func sheetRefusals(t *testing.T) []refusalCase {
	sheet := func(f func(*Sheet, *SheetRound)) *Sheet {
		s := &Sheet{Rules: Standard(), Players: []string{"Ann", "Bob", "Cy"}, HandSize: 10,
			Rounds: []SheetRound{{Number: 1, Planned: 9, Opened: -1, Setter: -1, Entries: make([]*Entry, 3)}}}
		if f != nil {
			f(s, &s.Rounds[0])
		}
		return s
	}
	entry := func(e Entry, err error) Entry {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	typed := func(pips int, blank bool) *Entry { e := entry(Standard().TypedEntry(pips, blank, 0)); return &e }
	tapped := func(ts ...string) Entry { return entry(Standard().TappedEntry(tiles(t, ts...))) }
	out := Standard().OutEntry(false)
	burn := func(planned int) func(*Sheet, *SheetRound) {
		return func(s *Sheet, r *SheetRound) { s.Rules.Unheld, r.Planned = UnheldBurn, planned }
	}
	_, negative := Standard().TypedEntry(-1, false, 0)
	_, tooMany := Standard().TypedEntry(MaxHandPips+1, false, 0)
	_, zero := Standard().TypedEntry(0, false, 0)
	charged := Standard()
	charged.BlankHalf = 25
	_, blanks := charged.TypedEntry(5, false, 12)
	_, notInSet := Standard().TappedEntry([]Tile{{10, 3}})
	closed := func(_ *Sheet, r *SheetRound) { r.Closed = true }
	// burned: round 1 opened on 9-9 under the burn rule; round 2 is planned on 8-8.
	burned := func() *Sheet {
		s := sheet(func(s *Sheet, r *SheetRound) { s.Rules.Unheld, r.Opened, r.Closed = UnheldBurn, 9, true })
		s.Rounds = append(s.Rounds, SheetRound{Number: 2, Planned: 8, Opened: -1, Setter: -1, Entries: make([]*Entry, 3)})
		return s
	}
	// returned: round 1 opened on 8-8 for want of 9-9, which comes back.
	returned := func() *Sheet {
		s := sheet(func(s *Sheet, r *SheetRound) { s.Rules.Unheld, r.Opened, r.Closed = UnheldLowerReturn, 8, true })
		s.Rounds = append(s.Rounds, SheetRound{Number: 2, Planned: 9, Opened: -1, Setter: -1, Entries: make([]*Entry, 3)})
		return s
	}
	closing := func(s *Sheet) error { _, err := s.Close(1); return err }
	return []refusalCase{
		{"no such round", "sheet.unknown", closing(&Sheet{Rules: Standard(), Players: []string{"Ann", "Bob"}})},
		{"round closed meanwhile", "sheet.round-closed", closing(sheet(closed))},
		{"entries missing", "missing-entries", closing(sheet(nil))},
		{"two went out", "two-out-close", closing(sheet(func(_ *Sheet, r *SheetRound) { r.Entries = []*Entry{&out, &out, typed(5, false)} }))},
		{"negative pips", "pips-negative", negative},
		{"too many pips typed", "pips-too-many", tooMany},
		{"zero pips", "pips-zero", zero},
		{"more blank halves than tiles", "blank-halves", blanks},
		{"tile outside the set", "tile-not-in-set", notInSet},
		{"opener in a hand", "opener-in-hand", sheet(nil).CheckEntry(1, 0, tapped("9-9"))},
		{"more pips than the tiles", "too-many-pips", sheet(nil).CheckEntry(1, 0, *typed(9000, false))},
		{"second out", "two-out", sheet(func(_ *Sheet, r *SheetRound) { r.Entries[1] = &out }).CheckEntry(1, 0, out)},
		{"second 0-0", "two-double-blanks", sheet(func(_ *Sheet, r *SheetRound) { r.Entries[1] = typed(10, true) }).CheckEntry(1, 0, *typed(5, true))},
		{"tile in two hands", "duplicate-tile", sheet(func(_ *Sheet, r *SheetRound) { e := tapped("3-2"); r.Entries[1] = &e }).CheckEntry(1, 0, tapped("3-2"))},
		{"no setter", "setter", sheet(nil).CheckOpening(1, 9, 7)},
		{"a correction by nobody", "by-missing", sheet(closed).CheckAuthor(1, "")},
		{"an edit by a stranger", "by-unknown", sheet(nil).CheckAuthor(1, "Zed")},
		{"a round's log full", "too-many-actions", tooLong(sheet(nil))},
		{"a hand with a bad tile", "hand.bad-tile", handProblem(t, map[string][]string{"Ann": {"9/3"}})},
		{"a hand with a laid tile", "hand.on-table", handProblem(t, map[string][]string{"Ann": {"9-9"}})},
		{"a tile twice in a hand", "hand.twice", handProblem(t, map[string][]string{"Ann": {"9-3", "3-9"}})},
		{"a tile in two hands", "hand.two-hands", handProblem(t, map[string][]string{"Ann": {"9-3"}, "Bob": {"9-3"}})},
		{"no such double", "double", sheet(nil).CheckOpening(1, 12, 0)},
		{"tiles on the table", "table-started", sheet(func(_ *Sheet, r *SheetRound) { r.Actions, r.OnTable = 1, 1 }).CheckOpening(1, 8, 0)},
		{"tiles laid after the start", "table-started.setter", sheet(func(_ *Sheet, r *SheetRound) { r.Actions, r.OnTable, r.Setter = 2, 2, 1 }).CheckOpening(1, 9, 0)},
		{"no skipping", "no-skip", sheet(nil).CheckOpening(1, 8, 0)},
		{"skipping 0-0", "no-skip-blank", sheet(burn(0)).CheckOpening(1, 1, 0)},
		{"skipping upward", "no-skip-higher", burned().CheckOpening(2, 9, 0)},
		{"a double already played", "no-skip-played", returned().CheckOpening(2, 8, 0)},
		{"a page from the future", "sheet.seen-ahead", CheckSeen(2, 3)},
		{"a page from before", "sheet.table-changed", CheckSeen(3, 2)},
		{"a log the rules refuse now", "sheet.log-stale", staleLog()},
	}
}

// tooLong acts on round 1 of s after a log already at MaxActions.
func tooLong(s *Sheet) error {
	_, _, err := s.Act(1, make([]Action, MaxActions), Action{Kind: ActPass})
	return err
}

// handProblem is the first problem ScoreHands finds in hands, on a table
// where 9-9 is set.
func handProblem(t *testing.T, hands map[string][]string) error {
	t.Helper()
	l, err := NewLayout(Standard(), 9)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Play(Move{Tile: NewTile(9, 9), Start: true}); err != nil {
		t.Fatal(err)
	}
	if _, problems := l.ScoreHands(hands); len(problems) > 0 {
		return problems[0].Err
	}
	return nil
}

// staleLog acts on a round whose stored log has Ann laying twice in a
// row, which the rules refuse.
func staleLog() error {
	s := Sheet{Rules: Standard(), Players: []string{"Ann", "Bob"}, HandSize: 7,
		Rounds: []SheetRound{{Number: 1, Planned: 9, Opened: -1, Setter: -1, Entries: make([]*Entry, 2)}}}
	log := []Action{{Seat: 0, Kind: ActPlay, Move: Move{Tile: NewTile(9, 9), Start: true}},
		{Seat: 0, Kind: ActPlay, Move: Move{Tile: NewTile(9, 5), On: NewTile(9, 9)}}}
	_, _, err := s.Act(1, log, Action{Seat: 1, Kind: ActPass})
	return err
}

// layStuck lays 5-0 on 3-5 while the chickie 3-3 can't be finished: every
// tile showing a 3 is on the table, and it stays owed.
func layStuck(t *testing.T) error {
	rules := Standard()
	rules.Set = 6
	l := layoutOf(t, rules, 6, stuckChickie)
	return l.Check(Move{Tile: NewTile(5, 0), On: NewTile(5, 3)})
}
