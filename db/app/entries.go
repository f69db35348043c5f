package app

// A Basis is what a change to an entry was based on, so that a change
// made on a stale page is refused instead of overwriting a newer one.
type Basis struct {
	// Version is the entry's version the page showed (see Sheet.Version),
	// or, for a close or an undo, the round's (see Sheet.RoundVersion).
	Version int64
	// Open says the page showed the round still open: a round closed
	// since is then a conflict, not a correction.
	Open bool
	// Change is, for an undo, the change the page offered to take back
	// (see Sheet.Undoable), or 0: another one is then a conflict.
	Change int64
	// Form is the one-time id of the form sent, or "": the same form sent
	// again changes nothing and is answered with the sheet as it is.
	Form string
	// After is, for a close, the one-time ids of the entry forms the same
	// page sent before it without hearing back (kept on the phone while it
	// was off line, sent in order): the entries they wrote since Version
	// are what the page showed, not another phone's change.
	After []string
}
