package handlers

import (
	"context"
	"strconv"

	"github.com/labstack/echo/v4"

	"chickenfoot/db"
	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// sheetReader reads a game night as the pages show it.
type sheetReader interface {
	Settings(ctx context.Context, slug string) (db.Game, error)
	Sheet(ctx context.Context, slug string) (db.Sheet, error)
	SheetWithRoundHistory(ctx context.Context, slug string, n int) (db.Sheet, error)
	Table(ctx context.Context, slug string, n int) (db.Table, error)
}

// roundPath reads the game and the round number from the path.
func roundPath(c echo.Context) (string, int, error) {
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 {
		return "", 0, app.NotFound("round")
	}
	return c.Param("slug"), n, nil
}

// seatPath reads the game, the round number and the seat from the path.
func seatPath(c echo.Context) (string, int, int, error) {
	slug, n, err := roundPath(c)
	if err != nil {
		return "", 0, 0, err
	}
	seat, err := strconv.Atoi(c.Param("seat"))
	if err != nil || seat < 0 {
		return "", 0, 0, app.NotFound("seat")
	}
	return slug, n, seat, nil
}

// sheetRound loads the sheet with (or without) round n's history and
// finds round n in it.
func (a *App) sheetRound(ctx context.Context, slug string, n int, history bool) (db.Sheet, *referee.SheetRound, error) {
	sh, err := a.sheets.Sheet(ctx, slug)
	if history {
		sh, err = a.sheets.SheetWithRoundHistory(ctx, slug, n)
	}
	if err != nil {
		return sh, nil, err
	}
	r := sh.Round(n)
	if r == nil {
		return sh, nil, app.NotFound("round")
	}
	return sh, r, nil
}

// tableOf loads the live table of the round named in the path.
func (a *App) tableOf(c echo.Context) (db.Table, error) {
	slug, n, err := roundPath(c)
	if err != nil {
		return db.Table{}, err
	}
	return a.sheets.Table(c.Request().Context(), slug, n)
}
