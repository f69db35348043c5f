package views

// GroupPage is a table of friends: its link, a new night, its people and
// its history.
type GroupPage struct {
	Meta
	Name      string
	URL       string
	Flash     string // what was just done, as its link renewed
	Share     Link
	NewURL    string
	Again     string // "Same players again: …", or "" before the first night
	AgainForm string // that form's one-time id
	People    []PersonLine
	History   HistoryList
}

// PersonLine is one of a group's people in its list.
type PersonLine struct {
	URL, Name, Summary string
}

// HistoryList is a page of a group's nights, newest first, with the
// filter that picked them and the link to the next page.
type HistoryList struct {
	Action   string
	People   []Option
	Person   int64
	From, To string
	Lines    []NightRow
	Next     string // "" on the last page
}

// NightRow is one night of the history.
type NightRow struct {
	URL, Name, Date, Players, Result string
	Live                             bool
}

// Option is one choice of a select.
type Option struct {
	Value, Label string
	Selected     bool
}

// PlayerPage is one player's record in a group.
type PlayerPage struct {
	Meta
	GroupURL, Name, NightsURL string
	RenameURL, MergeURL       string
	Stats                     []Stat
	Ends                      []NightEnd
	Against                   []Versus
	Others                    []Option    // whom the record can be merged into
	Chart                     *ChartModel // totals in the latest finished nights, or nil
}

// Stat is one figure of a record.
type Stat struct{ Label, Value string }

// NightEnd is a player's best or worst night.
type NightEnd struct{ Label, URL, Text string }

// Versus is a player's head to head against another.
type Versus struct {
	Name, URL                    string
	Nights, Ahead, Behind, Level int
}
