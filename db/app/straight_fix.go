package app

// StraightFix is a correction of one line of a Straight sheet as a phone
// sends it: the version it showed, the line's place, and the line as it
// should read (who scored and the points of a play; who went out, or
// blocked, and the spots of an end), or that it goes.
type StraightFix struct {
	StraightPlay
	Line   int  // the line's place, from 1
	Remove bool // take the line off the sheet
}
