package app

import (
	"time"
)

// A Group is a table of friends: the people who play together, their
// nights and their records, behind one unguessable link.
type Group struct {
	ID        int64
	Slug      string
	Name      string
	CreatedAt time.Time
}

// A Person is one of a group's people, with their running record.
type Person struct {
	ID     int64
	Name   string
	Nights int // nights played, finished or not
	Record
}

// A Record is a person's results over the group's nights.
type Record struct {
	Finished int // finished nights played
	Won      int // finished nights won
	Rounds   int // closed rounds played
	Points   int // scored over those rounds
	Outs     int // rounds gone out
	Zeros    int // rounds scored at 0
	Caught   int // rounds caught holding the 0-0
}

// A NightLine is one night in a group's history.
type NightLine struct {
	ID       int64
	Link     string // the night's view-only link
	Name     string
	PlayedOn string
	Finished bool
	Players  []string
	Winners  []string // the winners of a finished night
	Best     int      // the winning (lowest) total so far
}

// A NightFilter picks the nights of a group's history: all, or one
// person's, between two dates (inclusive, either may be ""), from where
// the last page stopped (the date and id of its last night).
type NightFilter struct {
	Person   int64
	From, To string
	AfterOn  string
	AfterID  int64
	Limit    int
}

// A PersonPage is one person's record in a group: their sums, best and
// worst finished nights, and head to head against each other person.
type PersonPage struct {
	Person
	Best, Worst *NightLine // lowest and highest finished totals, or nil
	Against     []HeadToHead
	Recent      []NightPoint // the latest finished nights, oldest first
	People      []Person     // everyone of the group, as read with the record
}

// A NightPoint is a person's total in one finished night, beside the
// night's winning total.
type NightPoint struct {
	PlayedOn       string
	Total, Winning int
}

// HeadToHead is how a person fared against another over the finished
// nights they both played.
type HeadToHead struct {
	Other         Person
	Nights        int
	Ahead, Behind int
}
