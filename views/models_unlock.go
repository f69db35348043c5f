package views

// UnlockPage asks for the server's passphrase before its game nights are
// listed or a new one is made.
type UnlockPage struct {
	Meta
	Next    string // the local page to open once unlocked
	Problem string // why the last try was refused; empty on the first visit
}
