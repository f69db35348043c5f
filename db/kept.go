package db

import (
	"context"
	"slices"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// Tables kept by the writer. A move on the live table and a score entry
// are the writes made most often, many times a minute at every table, and
// each one used to read the game, its rounds, its entries (and for a move
// the round's log) again before writing a row or two. The writer is the
// only connection that writes, so what it read and then wrote itself is
// what a new read would find, as long as nothing else wrote in between.
// It keeps the table of each plain move (a tile laid, drawn or passed on,
// or taken back, changing nothing on the score sheet but the round's
// count of actions), and the sheet after each score entry in an open
// round, and starts the next move or entry by that link from them.
//
// Everything else forgets: any other write (a correction, a close, a rename,
// a deletion, a move that sets the double or ends the round), a write
// whose savepoint could not be released, a commit that failed, and
// another process writing to the file (PRAGMA data_version) each drop
// every kept table. A move's table is kept only once its batch is
// committed; until then only the later writes of the same batch see it.
// Only the committer's goroutine touches any of this.

// maxKeptActions bounds the actions of the logs the writer keeps, about
// 100 bytes each: past it, tables picked at random are let go. A round's
// log is a few dozen actions, so this is thousands of tables at once.
const maxKeptActions = 200_000

// A keptTable is a round's table as the writer last wrote it: the sheet
// without history, the round's log, and the round as the referee left it
// after the log; or, after a score entry on a game with no table kept,
// the sheet alone (n is 0). All three are shared with the move's answer, which only
// reads them: the next move changes a copy of the sheet, acts on a clone
// of the round, and appends to the log past the end of the answer's (see
// act).
type keptTable struct {
	sheet app.Sheet
	n     int
	log   []app.Action
	live  *referee.Round
}

type writerTables struct {
	committed   map[string]*keptTable // by the link the moves came by
	actions     int                   // in the committed tables' logs
	batch       map[string]*keptTable // written in the batch under way
	mixed       bool                  // a write other than a plain move ran in the batch
	staged      *keptTable            // what the write under way would keep
	stagedFor   string
	plain       bool  // the write under way is a plain move
	dataVersion int64 // PRAGMA data_version when the batch began
	hits        int   // moves started from a kept table
}

// qDataVersion reads the count SQLite moves on whenever another
// connection commits to the file; prepared once, as it is read per batch.
const qDataVersion = "PRAGMA data_version"

// beginBatch readies the kept tables for a new batch in tx: another
// process's writes since the last batch drop them all.
func (w *writerTables) beginBatch(ctx context.Context, tx conn) {
	w.batch, w.mixed = nil, false
	if len(w.committed) == 0 {
		w.dataVersion = -1
		return
	}
	var v int64
	if err := tx.QueryRowContext(ctx, qDataVersion).Scan(&v); err != nil || (w.dataVersion >= 0 && v != w.dataVersion) {
		w.committed, w.actions = nil, 0
	}
	w.dataVersion = v
}

// beginWrite is called before each write of the batch.
func (w *writerTables) beginWrite() { w.plain, w.staged, w.stagedFor = false, nil, "" }

// endWrite is called after each write: failed says the write's own work
// failed and was rolled back to its savepoint, unreleased that its
// savepoint could not be released (what it did may yet land).
func (w *writerTables) endWrite(failed, unreleased bool) {
	switch {
	case unreleased || (!failed && !w.plain):
		w.forget()
	case !failed && w.staged != nil:
		if w.batch == nil {
			w.batch = map[string]*keptTable{}
		}
		w.batch[w.stagedFor] = w.staged
	}
	w.staged, w.stagedFor = nil, ""
}

// endBatch keeps the batch's tables once it is committed.
func (w *writerTables) endBatch(committed bool) {
	if !committed || w.mixed {
		w.forget()
		return
	}
	for link, t := range w.batch {
		if w.committed == nil {
			w.committed = map[string]*keptTable{}
		}
		if old, ok := w.committed[link]; ok {
			w.actions -= len(old.log)
		}
		w.committed[link] = t
		w.actions += len(t.log)
	}
	w.batch = nil
	for link, t := range w.committed { // a map's order is random
		if w.actions <= maxKeptActions {
			break
		}
		delete(w.committed, link)
		w.actions -= len(t.log)
	}
}

func (w *writerTables) forget() {
	w.committed, w.batch, w.mixed, w.actions = nil, nil, true, 0
}

// table is the table kept for link, or nil.
func (w *writerTables) table(link string) *keptTable {
	if w.mixed {
		return nil
	}
	if t, ok := w.batch[link]; ok {
		return t
	}
	return w.committed[link]
}

// keep stages round n's table after a plain move made by link.
func (w *writerTables) keep(link string, n int, sh app.Sheet, log []app.Action, live *referee.Round) {
	w.plain = true
	w.staged, w.stagedFor = &keptTable{sheet: sh, n: n, log: log, live: live}, link
}

// keepSheet stages the sheet after a score entry in an open round made by
// link. An entry changes nothing of a round's log or its table, so the
// table kept for link, if any, stays with the new sheet.
func (w *writerTables) keepSheet(link string, sh app.Sheet) {
	w.plain = true
	t := &keptTable{sheet: sh}
	if old := w.table(link); old != nil {
		t.n, t.log, t.live = old.n, old.log, old.live
	}
	w.staged, w.stagedFor = t, link
}

// keptTable is the table kept for link, or nil. Only the writer's
// goroutine may ask, inside a write.
func (sp *speed) keptTable(link string) *keptTable {
	t := sp.tables.table(link)
	if t != nil {
		sp.tables.hits++
	}
	return t
}

// keepTable keeps round n's table after a plain move made by link, once
// the write's savepoint is released and its batch committed.
func (sp *speed) keepTable(link string, n int, sh app.Sheet, log []app.Action, live *referee.Round) {
	sp.tables.keep(link, n, sh, log, live)
}

// keepSheet keeps the sheet after a score entry in an open round made by
// link, as keepTable does.
func (sp *speed) keepSheet(link string, sh app.Sheet) { sp.tables.keepSheet(link, sh) }

// sheetToWrite is the sheet a move made by link starts from: the kept
// table's, or else read in tx. kept is the kept table, or nil; its sheet
// is shared, and a move copies it before changing it (see act).
func (s *Store) sheetToWrite(ctx context.Context, tx conn, link string) (sh app.Sheet, kept *keptTable, err error) {
	if kept = s.speed.keptTable(link); kept != nil {
		return kept.sheet, kept, nil
	}
	sh, err = s.loadSheet(ctx, tx, link, noHistory)
	if err == nil && sh.Game.ViewOnly {
		err = app.ViewOnly()
	}
	return sh, nil, err
}

// withRounds copies a sheet with its own list of rounds, the rest shared:
// enough for a move that only counts an action on a round.
func withRounds(sh app.Sheet) app.Sheet {
	c := sh
	c.Rounds = slices.Clone(sh.Rounds)
	return c
}

// cloneSheet copies a sheet without history deep enough that changing the
// copy's rounds, entries, players or versions leaves the original as it
// is.
func cloneSheet(sh app.Sheet) app.Sheet {
	c := sh
	c.Game.Players = slices.Clone(sh.Game.Players)
	c.Game.Seats = slices.Clone(sh.Game.Seats)
	c.Sheet.Players = slices.Clone(sh.Sheet.Players)
	c.Sheet.Seats = slices.Clone(sh.Sheet.Seats)
	c.History = slices.Clone(sh.History)
	c.RoundIDs = slices.Clone(sh.RoundIDs)
	c.Versions = make([][]int64, len(sh.Versions))
	for i, v := range sh.Versions {
		c.Versions[i] = slices.Clone(v)
	}
	c.Rounds = slices.Clone(sh.Rounds)
	for i := range c.Rounds {
		r := &c.Rounds[i]
		r.Entries = slices.Clone(r.Entries)
		for seat, e := range r.Entries {
			if e != nil {
				e := *e
				e.Tiles = slices.Clone(e.Tiles)
				r.Entries[seat] = &e
			}
		}
	}
	return c
}
