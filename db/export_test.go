package db

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"reflect"

	"chickenfoot/db/app"
)

// errKeptDiffers is checkKeptTables's finding.
var errKeptDiffers = errors.New("a kept table differs from the file")

// checkKeptTables compares every table the writer keeps with what the
// file holds, in a write that reads only, so it forgets none of them.
func (s *Store) checkKeptTables(ctx context.Context) error {
	var differs error
	err := s.inTx(ctx, func(tx conn) error {
		s.speed.tables.plain = true // reads only: keeps every table as it is
		links := map[string]*keptTable{}
		maps.Copy(links, s.speed.tables.committed)
		maps.Copy(links, s.speed.tables.batch)
		for link := range links {
			if t := s.speed.tables.table(link); t != nil {
				differs = errors.Join(differs, s.checkKept(ctx, tx, link, t))
			}
		}
		return nil
	})
	return errors.Join(err, differs)
}

// checkKept compares a kept table with what the file holds: its sheet,
// its log, and its round with the log replayed.
func (s *Store) checkKept(ctx context.Context, tx conn, link string, t *keptTable) error {
	sh, err := s.loadSheet(ctx, tx, link, noHistory)
	if err != nil {
		return fmt.Errorf("kept table of %s: reading it again: %w", link, err)
	}
	if !reflect.DeepEqual(sh, t.sheet) {
		return fmt.Errorf("%w: the sheet of %s:\nkept %+v\nfile %+v", errKeptDiffers, link, t.sheet, sh)
	}
	if t.n == 0 { // a sheet kept after a score entry, without a table
		return nil
	}
	log, err := loadActions(ctx, tx, sh.RoundIDs[t.n-1])
	if err != nil {
		return err
	}
	if !reflect.DeepEqual(log, t.log) {
		return fmt.Errorf("%w: the log of %s, round %d:\nkept %+v\nfile %+v", errKeptDiffers, link, t.n, t.log, log)
	}
	replayed, err := sh.Replay(t.n, app.ActionsOf(log))
	if err != nil {
		return fmt.Errorf("kept table of %s: replaying round %d: %w", link, t.n, err)
	}
	if !reflect.DeepEqual(replayed, t.live) {
		return fmt.Errorf("%w: the round of %s, round %d:\nkept %v\nreplayed %v", errKeptDiffers, link, t.n, t.live.Layout(), replayed.Layout())
	}
	return nil
}
