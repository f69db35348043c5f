package app

import "chickenfoot/referee"

// A Refusal is something a person handed the store that it won't take as
// it is: an archive to import, a replica's address, a copy that fails its
// check. It says why as a message of the catalog, its key and typed
// parameters (which may be refusals or phrases themselves), so whoever
// shows it words it in the reader's language with Say; Error words it in
// English. Of is the sentinel it is one of, for errors.Is, or nil.
type Refusal struct {
	referee.Phrase
	Of error
}

// Refuse is the refusal of the message key with p, one of the sentinel
// of (nil for none).
func Refuse(of error, key string, p referee.Params) *Refusal {
	return &Refusal{Phrase: referee.Phrase{Key: key, Params: p}, Of: of}
}

// Error words the refusal in English.
func (r *Refusal) Error() string { return r.String() }

// Unwrap returns the sentinel the refusal is one of.
func (r *Refusal) Unwrap() error { return r.Of }
