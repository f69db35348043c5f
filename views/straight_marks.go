package views

import "strconv"

// houseStrokes are the ten strokes of a house, in the order paper draws
// them, as lines in a 40 × 40 box: the big cross, then a small cross in
// its top, right, bottom and left corners.
var houseStrokes = [10][4]int{
	{3, 3, 37, 37}, {37, 3, 3, 37},
	{16, 5, 24, 13}, {24, 5, 16, 13},
	{27, 16, 35, 24}, {35, 16, 27, 24},
	{16, 27, 24, 35}, {24, 27, 16, 35},
	{5, 16, 13, 24}, {13, 16, 5, 24},
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
