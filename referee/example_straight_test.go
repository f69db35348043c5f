package referee_test

import (
	"fmt"

	"chickenfoot/referee"
)

// A Straight line played tile by tile: the count of the exposed ends
// after each play, and what it scores.
func ExampleStraightLine_Play() {
	line, _ := referee.NewStraightLine(referee.StandardStraight())
	five, blank := referee.NewTile(5, 5), referee.NewTile(5, 0)
	for _, m := range []referee.StraightMove{
		{Tile: five, Lead: true},                                 // the spinner, both sides bare
		{Tile: blank, On: five},                                  // one side covered
		{Tile: referee.NewTile(5, 3), On: five},                  // both sides covered: its ends open
		{Tile: referee.NewTile(5, 2), On: five},                  // an end of the spinner
		{Tile: referee.NewTile(3, 3), On: referee.NewTile(5, 3)}, // crosswise
		{Tile: referee.NewTile(6, 1), On: five},
	} {
		s, err := line.Play(m)
		if err != nil {
			fmt.Println(m, "refused:", err)
			continue
		}
		fmt.Printf("%s: ends %d, scores %d\n", m, s.Ends, s.Points)
	}
	// Output:
	// 5-5: ends 10, scores 10
	// 5-0@5-5: ends 10, scores 10
	// 5-3@5-5: ends 3, scores 0
	// 5-2@5-5: ends 5, scores 5
	// 3-3@5-3: ends 8, scores 0
	// 6-1@5-5 refused: mismatch: 6-1 has no 5, so it can't go on 5-5, where the open number is 5.
}

// The award of a hand of two partnerships: the side that went out scores
// the opponents' spots, rounded to five; a partner's spots don't count.
func ExampleStraightRules_WentOut() {
	r := referee.StandardStraight()
	r.Straight.Partners = referee.Yes
	pips := []int{0, 9, 30, 4} // seat 0 went out; seat 2 is its partner
	a := r.Straight.WentOut(pips, 0)
	fmt.Println("held by each side:", a.Held)
	fmt.Println("award:", a.Points)
	fmt.Println("13 rounds to", referee.RoundToFive(13, referee.RoundNearest), "and 12 to", referee.RoundToFive(12, referee.RoundNearest))
	// Output:
	// held by each side: [30 13]
	// award: [15 0]
	// 13 rounds to 15 and 12 to 10
}
