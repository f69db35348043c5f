package db

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// ErrArchive wraps every reason an archive is refused: a file that is not
// one, or one that could not be added as it is.
var ErrArchive = errors.New("archive refused")

// archiveError refuses an archive, saying why with the message key and p:
// an invalid *app.Error of ErrArchive, which the command line words in its
// language.
func archiveError(key string, p referee.Params) error { return app.Refuse(ErrArchive, key, p) }

// refusal is why a night is refused, given the message key and p.
func refusal(key string, p referee.Params) error { return app.Refuse(nil, key, p) }

// why is err as a parameter of a message: a refusal or a rule's, worded
// in the message's language, or the error's own text.
func why(err error) any {
	var r *app.Error
	if errors.As(err, &r) {
		return r
	}
	var re *referee.RuleError
	if errors.As(err, &re) {
		return re
	}
	return err.Error()
}

// ReadArchive reads an archive's JSON, refusing anything else: another
// format or version, unknown fields, or more than one document.
func ReadArchive(r io.Reader) (app.Archive, error) {
	var a app.Archive
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		return a, archiveError("import.not-archive", referee.Params{"Err": err.Error()})
	}
	if dec.More() {
		return a, archiveError("import.two-archives", nil)
	}
	if _, err := dec.Token(); err != io.EOF {
		return a, archiveError("import.trailing", nil)
	}
	switch {
	case a.Format != app.ArchiveFormat:
		return a, archiveError("import.format", referee.Params{"Format": a.Format, "Want": app.ArchiveFormat})
	case a.Version != app.ArchiveVersion:
		return a, archiveError("import.version", referee.Params{"Version": a.Version, "Want": app.ArchiveVersion})
	}
	return a, nil
}

// compactJSON is raw JSON without insignificant spaces, as the store
// keeps it.
func compactJSON(raw json.RawMessage) (string, error) {
	var b bytes.Buffer
	err := json.Compact(&b, raw)
	return b.String(), err
}
