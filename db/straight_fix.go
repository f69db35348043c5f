package db

import (
	"context"
	"slices"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// StraightCorrect corrects or removes any line of a Straight sheet, in
// one transaction: the hands after it are numbered again, the totals,
// the awards and the winner worked out again. A line keeps its kind: a
// play stays a play, an end an end. The end of a hand that another ended
// hand follows can't be removed (the two hands would run into one); it
// can be corrected.
func (s *Store) StraightCorrect(ctx context.Context, link string, f app.StraightFix) (app.StraightSheet, error) {
	var out app.StraightSheet
	err := s.inTx(ctx, func(tx conn) error {
		sh, err := s.straightForWrite(ctx, tx, link, f.Seen)
		if err != nil {
			return err
		}
		if f.Line < 1 || f.Line > len(sh.Marks) {
			return app.NotFound("line")
		}
		old := sh.Marks[f.Line-1]
		marks := slices.Clone(sh.Marks)
		if f.Remove {
			if old.End && slices.ContainsFunc(marks[f.Line:], func(m app.StraightMark) bool { return m.End }) {
				return app.Invalid("line", "allfives.fix.end-inside", referee.Params{"N": old.Hand})
			}
			marks = slices.Delete(marks, f.Line-1, f.Line)
		} else {
			f.End = old.End
			m, err := readLine(sh, f.StraightPlay, old.Seq, old.Hand)
			if err != nil {
				return err
			}
			marks[f.Line-1] = m
		}
		renumber(marks)
		if _, err := tx.ExecContext(ctx, `DELETE FROM straight_marks WHERE game_id = ? AND seq >= ?`, sh.Game.ID, f.Line); err != nil {
			return err
		}
		for _, m := range marks[f.Line-1:] {
			if err := insertMark(ctx, tx, sh.Game.ID, m); err != nil {
				return err
			}
		}
		out = app.NewStraightSheet(sh.Game, marks, sh.Version+1)
		out.Before, out.Corrected = sh.Winner, true
		return s.finishStraight(ctx, tx, out)
	})
	if err != nil {
		return app.StraightSheet{}, err
	}
	s.publish(straightNews(out))
	return out, nil
}

// renumber gives each line its place and its hand: one more than the
// ends before it.
func renumber(marks []app.StraightMark) {
	hand := 1
	for i := range marks {
		marks[i].Seq, marks[i].Hand = i+1, hand
		if marks[i].End {
			hand++
		}
	}
}
