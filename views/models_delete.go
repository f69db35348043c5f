package views

// DeletePage asks to confirm deleting a game night, saying what goes with
// it.
type DeletePage struct {
	Meta
	Name    string
	Date    string
	Players string // joined as a sentence
	Played  string // the rounds played, in words
	URL     string // where the confirmation is posted
	GameURL string // back to the game, keeping it
	Form    string // the form's one-time id
	Problem string // why the last try was refused; empty at first
}
