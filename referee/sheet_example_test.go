package referee_test

import (
	"fmt"

	"chickenfoot/referee"
)

// A two-round game on a double-6 set: a round closes once every player
// has an entry, and closing the last one ends the game.
func ExampleSheet_Close() {
	rules := referee.Standard()
	rules.Set, rules.Rounds = 6, 2
	sheet := referee.Sheet{Rules: rules, Players: []string{"Ann", "Bob", "Cy"}, HandSize: 7}
	sheet.Rounds = []referee.SheetRound{{Number: 1, Planned: 6, Opened: 6, Setter: 1, Entries: make([]*referee.Entry, 3)}}

	out := rules.OutEntry(false)
	bob, _ := rules.TypedEntry(12, false, 0)
	sheet.Rounds[0].Entries[0], sheet.Rounds[0].Entries[1] = &out, &bob
	if _, err := sheet.Close(1); err != nil {
		fmt.Println(err)
	}

	cy, _ := rules.TappedEntry([]referee.Tile{referee.NewTile(0, 0), referee.NewTile(2, 1)})
	if err := sheet.CheckEntry(1, 2, cy); err == nil {
		sheet.Rounds[0].Entries[2] = &cy
	}
	next, _ := sheet.Close(1)
	fmt.Printf("round 1 closes; round 2 opens on %d-%d\n", next.Next, next.Next)
	sheet.Rounds[0].Closed = true

	ann, _ := rules.TypedEntry(9, false, 0)
	bobOut := rules.OutEntry(false)
	cy2, _ := rules.TypedEntry(4, false, 0)
	sheet.Rounds = append(sheet.Rounds, referee.SheetRound{Number: 2, Planned: next.Next, Opened: -1, Setter: -1,
		Entries: []*referee.Entry{&ann, &bobOut, &cy2}})
	if end, _ := sheet.Close(2); end.Over {
		sheet.Rounds[1].Closed, sheet.Finished = true, true
		fmt.Println("round 2 closes; the game is over")
	}

	for _, s := range sheet.Standings().Standings {
		fmt.Println(s.Place, s.Name, s.Total)
	}
	fmt.Println(sheet.Standings().Reason())
	// Output:
	// missing-entries: Enter a score for Cy to close the round.
	// round 1 closes; round 2 opens on 5-5
	// round 2 closes; the game is over
	// 1 Ann 9
	// 2 Bob 12
	// 3 Cy 57
	// Ann is lowest with 9, 3 ahead of Bob.
}
