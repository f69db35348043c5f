package views

import "strconv"

// houseStrokes are the ten strokes of a house, in the order paper draws
// them, as lines in a 40 × 40 box: the big cross, then a small cross in
// its top, right, bottom and left corners.
var houseStrokes = [10][4]int{
	{2, 2, 38, 38}, {38, 2, 2, 38},
	{17, 4, 23, 10}, {23, 4, 17, 10},
	{30, 17, 36, 23}, {36, 17, 30, 23},
	{17, 30, 23, 36}, {23, 30, 17, 36},
	{4, 17, 10, 23}, {10, 17, 4, 23},
}

// spotTile is a tile of the spots picker.
type spotTile struct {
	Value  string // as forms send it: "6-4"
	Hi, Lo int
	Pips   int
}

// spotRows is the double-6 set, a row for each high half from 6 down:
// 6-6 to 6-0, 5-5 to 5-0, … 0-0.
func spotRows() [][]spotTile {
	var rows [][]spotTile
	for hi := 6; hi >= 0; hi-- {
		var row []spotTile
		for lo := hi; lo >= 0; lo-- {
			row = append(row, spotTile{Value: strconv.Itoa(hi) + "-" + strconv.Itoa(lo), Hi: hi, Lo: lo, Pips: hi + lo})
		}
		rows = append(rows, row)
	}
	return rows
}
