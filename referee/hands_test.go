package referee

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// serves is an independent look at a table: whether set can deal players
// a real game, and whether an equal split can leave 10 to 20 with it.
func serves(set Set, players int) (ok, inRange bool) {
	for h := MinHand; h*players <= set.Size(); h++ {
		left := set.Size() - h*players
		ok = ok || left >= MinBoneyard
		inRange = inRange || (left >= 10 && left <= 20)
	}
	return ok, inRange
}

// TestHandSizesEveryTable: for every set and 2 to 16 players, each
// suggestion deals at least 5 tiles and leaves at least 4, the first
// leaves 10 to 20 wherever an equal split can, every hand size is listed
// once, and a table too big for its set is refused with the smallest set
// that serves it.
func TestHandSizesEveryTable(t *testing.T) {
	t.Parallel()
	for _, set := range Sets {
		for players := 2; players <= 16; players++ {
			t.Run(fmt.Sprintf("%s/%d", set, players), func(t *testing.T) {
				all, err := HandSizes(set, players)
				ok, inRange := serves(set, players)
				if !ok {
					expectTooBig(t, set, players, all, err)
					return
				}
				if err != nil || len(all) == 0 {
					t.Fatalf("HandSizes(%s, %d) = %v, %v, want suggestions", set, players, all, err)
				}
				seen := map[int]bool{}
				for _, h := range all {
					if h.Tiles < MinHand || h.Boneyard < MinBoneyard || h.Boneyard != set.Size()-h.Tiles*players || len(h.Sources) == 0 || seen[h.Tiles] {
						t.Errorf("HandSizes(%s, %d) has %+v, want at least %d tiles, at least %d left, sources, each hand size once", set, players, h, MinHand, MinBoneyard)
					}
					seen[h.Tiles] = true
				}
				first := all[0].Boneyard
				if inRange && (first < 10 || first > 20) {
					t.Errorf("SuggestHand(%s, %d) leaves %d, want 10 to 20 as an equal split can", set, players, first)
				}
				if !slices.ContainsFunc(all, func(h HandSize) bool { return slices.Contains(h.Sources, SourceEqualSplit) }) {
					t.Errorf("HandSizes(%s, %d) = %v, want the equal split among them", set, players, all)
				}
				if got, _ := SuggestHand(set, players); !equalHands(got, all[0]) {
					t.Errorf("SuggestHand(%s, %d) = %+v, want the first of HandSizes, %+v", set, players, got, all[0])
				}
			})
		}
	}
}

func expectTooBig(t *testing.T, set Set, players int, all []HandSize, err error) {
	t.Helper()
	if !errors.Is(err, ErrTooManyPlayers) || !errors.Is(err, ErrRules) || all != nil {
		t.Fatalf("HandSizes(%s, %d) = %v, %v, want ErrTooManyPlayers", set, players, all, err)
	}
	want := Set(0)
	for _, s := range Sets {
		if ok, _ := serves(s, players); ok && want == 0 {
			want = s
		}
	}
	if got, ok := SmallestSet(players); got != want || !ok || got <= set {
		t.Errorf("SmallestSet(%d) = %s, %v, want %s, bigger than %s", players, got, ok, want, set)
	}
}

func equalHands(a, b HandSize) bool {
	return a.Tiles == b.Tiles && a.Boneyard == b.Boneyard && slices.Equal(a.Sources, b.Sources)
}

// published is RULES.md's "Hand-size tables from the sources", row by
// row: players and tiles each, split on "/", a range written 2-4.
var published = []struct {
	set            Set
	players, tiles string
	source         HandSource
}{
	{9, "2/3/4/5/6/7/8", "21/14/11/8/7/6/5", SourceDouble9Table},
	{9, "2/3/4", "12/11/10", SourcePerSetTable},
	{12, "5/6/7/8", "12/11/10/9", SourcePerSetTable},
	{15, "9/10/11/12", "12/11/10/9", SourcePerSetTable},
	{18, "13/14/15/16", "12/11/10/9", SourcePerSetTable},
	{9, "4-5", "7", SourceDanish},
	{9, "4-5", "8", SourceDanish},
	{6, "2/3/4/5", "7/7/5/4", SourceKeeperApp},
	{12, "2-4/5/6/7/8/9/10/11/12", "15/12/12/11/10/9/8/7/7", SourceKeeperApp},
	{15, "2-4/5/6/7/8/9/10/11/12/13", "18/15/15/13/13/11/11/10/10/9", SourceKeeperApp},
}

// A figure is one published hand size: tiles each for players on set.
type figure struct {
	set            Set
	players, tiles int
	source         HandSource
}

// publishedFigures spreads the rows of published into set, players,
// tiles and source.
func publishedFigures(t *testing.T) (out []figure) {
	t.Helper()
	atoi := func(s string) int {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, row := range published {
		players, tiles := strings.Split(row.players, "/"), strings.Split(row.tiles, "/")
		for i, p := range players {
			lo, hi, _ := strings.Cut(p, "-")
			if hi == "" {
				hi = lo
			}
			n := atoi(tiles[min(i, len(tiles)-1)])
			for players := atoi(lo); players <= atoi(hi); players++ {
				out = append(out, figure{row.set, players, n, row.source})
			}
		}
	}
	return out
}

// TestHandSizesPublished: every published figure that deals a real game
// is offered with its source, and one that doesn't is left out.
func TestHandSizesPublished(t *testing.T) {
	t.Parallel()
	left := 0
	for _, f := range publishedFigures(t) {
		all, _ := HandSizes(f.set, f.players)
		i := slices.IndexFunc(all, func(h HandSize) bool { return h.Tiles == f.tiles })
		offered := i >= 0 && slices.Contains(all[i].Sources, f.source)
		valid := f.tiles >= MinHand && f.set.Size()-f.tiles*f.players >= MinBoneyard
		if offered != valid {
			t.Errorf("%s, %d players, %d each (%s): offered %v, want %v (HandSizes = %v)", f.set, f.players, f.tiles, f.source, offered, valid, all)
		}
		if !valid {
			left++
		}
	}
	if left != 1 { // the keeper app's 4 each for 5 players on double-6
		t.Errorf("%d published figures left out, want 1", left)
	}
}

// TestHandSizesSeven: seven each (001) is offered where it leaves 4 to 20;
// where it would leave more, 001's "more than seven" backs the equal split.
func TestHandSizesSeven(t *testing.T) {
	t.Parallel()
	for _, set := range Sets {
		for players := 2; players <= 16; players++ {
			all, err := HandSizes(set, players)
			if err != nil {
				continue
			}
			left := set.Size() - 7*players
			i := slices.IndexFunc(all, func(h HandSize) bool { return slices.Contains(h.Sources, SourceSeven) })
			if want := left >= MinBoneyard && left <= 20; (i >= 0) != want || (i >= 0 && all[i].Tiles != 7) {
				t.Errorf("HandSizes(%s, %d) = %v: seven each offered %v, want %v", set, players, all, i >= 0, want)
			}
			j := slices.IndexFunc(all, func(h HandSize) bool { return slices.Contains(h.Sources, SourceMoreThanSeven) })
			if want := left > 20; (j >= 0) != want || (j >= 0 && (all[j].Tiles <= 7 || !slices.Contains(all[j].Sources, SourceEqualSplit))) {
				t.Errorf("HandSizes(%s, %d) = %v: more than seven %v, want %v with the equal split", set, players, all, j >= 0, want)
			}
		}
	}
}

// TestHandSizesOrder: the figures in the order HandSizes documents.
func TestHandSizesOrder(t *testing.T) {
	t.Parallel()
	tests := []struct {
		set     Set
		players int
		want    string
	}{
		{6, 2, "7/14 keeper-app equal-split seven-each"},
		{6, 3, "5/13 equal-split; 7/7 keeper-app seven-each"},
		{6, 4, "5/8 keeper-app equal-split"},
		{9, 2, "21/13 double-9-table; 20/15 equal-split more-than-seven; 12/31 per-set-table"},
		{9, 4, "10/15 per-set-table equal-split more-than-seven; 11/11 double-9-table; 8/23 danish-7-or-8; 7/27 danish-7-or-8"},
		{9, 5, "8/15 double-9-table danish-7-or-8 equal-split; 7/20 danish-7-or-8 seven-each"},
		{9, 8, "5/15 double-9-table equal-split"},
		{9, 10, "5/5 equal-split"},
		{12, 5, "15/16 equal-split more-than-seven; 12/31 per-set-table keeper-app"},
		{12, 6, "12/19 keeper-app; 13/13 equal-split more-than-seven; 11/25 per-set-table"},
		{12, 16, "5/11 equal-split"},
		{15, 16, "8/8 equal-split more-than-seven"},
		{18, 14, "11/36 per-set-table; 13/8 equal-split more-than-seven"},
		{18, 16, "11/14 equal-split more-than-seven; 9/46 per-set-table"},
	}
	for _, tt := range tests {
		all, err := HandSizes(tt.set, tt.players)
		var got []string
		for _, h := range all {
			words := []string{fmt.Sprintf("%d/%d", h.Tiles, h.Boneyard)}
			for _, s := range h.Sources {
				words = append(words, string(s))
			}
			got = append(got, strings.Join(words, " "))
		}
		if strings.Join(got, "; ") != tt.want || err != nil {
			t.Errorf("HandSizes(%s, %d) = %q, %v, want %q", tt.set, tt.players, strings.Join(got, "; "), err, tt.want)
		}
	}
}

func TestSmallestSet(t *testing.T) {
	t.Parallel()
	tests := []struct {
		players int
		set     Set
		ok      bool
	}{
		{1, 0, false}, {2, 6, true}, {4, 6, true}, {5, 9, true}, {10, 9, true}, {11, 12, true},
		{16, 12, true}, {17, 12, true}, {18, 15, true}, {26, 15, true}, {27, 18, true}, {37, 18, true}, {38, 0, false},
	}
	for _, tt := range tests {
		if got, ok := SmallestSet(tt.players); got != tt.set || ok != tt.ok {
			t.Errorf("SmallestSet(%d) = %s, %v, want %s, %v", tt.players, got, ok, tt.set, tt.ok)
		}
	}
}

func TestHandSizesRefused(t *testing.T) {
	t.Parallel()
	var re *RulesError
	if _, err := HandSizes(10, 4); !errors.As(err, &re) || re.Field != "set" {
		t.Errorf("HandSizes(double-10, 4) error = %v, want a RulesError on the set", err)
	}
	for _, players := range []int{-1, 0, 1} {
		if _, err := SuggestHand(9, players); !errors.Is(err, ErrRules) || errors.Is(err, ErrTooManyPlayers) {
			t.Errorf("SuggestHand(double-9, %d) error = %v, want ErrRules, not ErrTooManyPlayers", players, err)
		}
	}
	for _, players := range []int{5, 28, 29} {
		if _, err := SuggestHand(6, players); !errors.Is(err, ErrTooManyPlayers) {
			t.Errorf("SuggestHand(double-6, %d) error = %v, want ErrTooManyPlayers", players, err)
		}
	}
	if got := HandSources(); len(got) != 7 || got[0] != SourcePerSetTable || got[6] != SourceMoreThanSeven {
		t.Errorf("HandSources() = %v, want the seven sources, the per-set tables first", got)
	}
}
