package referee_test

import (
	"fmt"

	"chickenfoot/referee"
)

// Every published hand size for five players on a double-9 set, the
// suggestion first.
func ExampleHandSizes() {
	all, _ := referee.HandSizes(9, 5)
	for _, h := range all {
		fmt.Printf("%d each, %d left: %v\n", h.Tiles, h.Boneyard, h.Sources)
	}
	// Output:
	// 8 each, 15 left: [double-9-table danish-7-or-8 equal-split]
	// 7 each, 20 left: [danish-7-or-8 seven-each]
}

// A table too big for its set.
func ExampleSmallestSet() {
	_, err := referee.SuggestHand(6, 16)
	set, _ := referee.SmallestSet(16)
	fmt.Println(err)
	fmt.Printf("16 players need %s or bigger\n", set)
	// Output:
	// 16 players are too many for a double-6 set
	// 16 players need double-12 or bigger
}
