package referee_test

import (
	"errors"
	"fmt"

	"chickenfoot/referee"
)

// A layout judged move by move: the spinner's arms come first.
func ExampleLayout_Play() {
	layout, _ := referee.NewLayout(referee.Standard(), 9)
	moves, _ := referee.ParseMoves("9-9 9-3@9-9 3-4@9-3")
	for _, m := range moves {
		if err := layout.Play(m); err != nil {
			var re *referee.RuleError
			errors.As(err, &re)
			fmt.Println(re.Code, "-", re.Reason())
			continue
		}
		fmt.Println(m, "ok")
	}
	o := layout.Pending()
	fmt.Printf("owed: %s %s, %d arms\n", o.Kind, o.Tile, o.Missing)
	// Output:
	// 9-9 ok
	// 9-3@9-9 ok
	// spinner-first - The spinner 9-9 still needs 3 more arms before anything goes elsewhere, so 4-3 can't go on 9-3 yet.
	// owed: spinner 9-9, 3 arms
}

// A round with seats: turns, draws and passes under the house rules.
func ExampleRound_Act() {
	round, _ := referee.NewRound(referee.Standard(), 9, referee.Deal{Players: 3, HandSize: 10})
	spinner := referee.NewTile(9, 9)
	steps := []referee.Action{
		{Seat: 1, Kind: referee.ActPlay, Move: referee.Move{Tile: spinner, Start: true}},
		{Seat: 2, Kind: referee.ActPass},
		{Seat: 2, Kind: referee.ActDraw},
		{Seat: 2, Kind: referee.ActPass},
		{Seat: 1, Kind: referee.ActPass},
	}
	for _, a := range steps {
		if err := round.Act(a); err != nil {
			fmt.Println(a, "refused:", err)
			continue
		}
		fmt.Println(a)
	}
	fmt.Println("turn: seat", round.Turn(), "boneyard:", round.Boneyard())
	// Output:
	// seat 1 plays 9-9
	// seat 2 passes refused: must-draw: With nothing to lay, draw a tile before passing; 25 tiles are left in the boneyard.
	// seat 2 draws
	// seat 2 passes
	// seat 1 passes refused: not-your-turn: It is seat 0's turn, not seat 1's.
	// turn: seat 0 boneyard: 24
}

// Scoring a game: the tie-break settles equal totals and says why.
func ExampleRules_Standings() {
	rules := referee.Standard()
	results := []referee.Result{
		{Scores: []int{0, 5, 50}, WentOut: 0},
		{Scores: []int{10, 0, 50}, WentOut: 1},
		{Scores: []int{0, 5, 9}, WentOut: 0},
	}
	out := rules.Standings([]string{"Ann", "Bob", "Cy"}, results)
	for _, s := range out.Standings {
		fmt.Println(s.Place, s.Name, s.Total)
	}
	fmt.Println(out.Reason())
	// Output:
	// 1 Ann 10
	// 2 Bob 10
	// 3 Cy 109
	// Ann and Bob tied on 10; Ann had 2 zero rounds, Bob 1.
}

// Hand sizes suggested for a table.
func ExampleSuggestHand() {
	h, _ := referee.SuggestHand(12, 6)
	fmt.Printf("%d tiles each, %d in the boneyard %v\n", h.Tiles, h.Boneyard, h.Sources)
	// Output: 12 tiles each, 19 in the boneyard [keeper-app]
}

// Leftover tiles scored with the double blank at 50.
func ExampleRules_HandScore() {
	hand := []referee.Tile{referee.NewTile(0, 0), referee.NewTile(4, 3)}
	fmt.Println(referee.Standard().HandScore(hand))
	// Output: 57
}
