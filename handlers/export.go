package handlers

import (
	"bytes"
	"context"
	"github.com/labstack/echo/v4"
	"mime"
	"net/http"
	"strings"
	"time"
	"unicode"

	"chickenfoot/db/app"
	"chickenfoot/views"
)

// exporter reads a night's or a table's archive.
type exporter interface {
	Export(ctx context.Context, link string) (app.Archive, error)
	ExportGroup(ctx context.Context, link string, edits bool) (app.Archive, error)
}

// exportGroup downloads every night of a table of friends, as JSON or CSV.
func (a *App) exportGroup(c echo.Context) error {
	ctx := c.Request().Context()
	if !archiveFormat(c.Param("format")) {
		return echo.ErrNotFound
	}
	// A table's whole history is the heaviest answer the app gives: one
	// at a time, for everyone.
	select {
	case a.exporting <- struct{}{}:
		defer func() { <-a.exporting }()
	default:
		retryAfter(c.Response().Header(), 5*time.Second)
		return render(c, http.StatusTooManyRequests, views.Error(views.ErrorPage{
			Meta: views.Meta{Title: http.StatusText(http.StatusTooManyRequests)}, Status: http.StatusTooManyRequests,
			Message: text(ctx, "export-busy", nil), Back: groupURL(c.Param("group"))}))
	}
	// The table's link shows its nights, not their edit links.
	arch, err := a.exports.ExportGroup(ctx, c.Param("group"), false)
	if err != nil {
		return err
	}
	withoutGroupLinks(&arch)
	return sendArchive(c, arch, c.Param("format"), "table")
}

// exportNight downloads the game night as a JSON archive (everything, to
// import again) or a CSV sheet (one row per player per round). Through
// the view-only link the archive leaves out the edit link.
func (a *App) exportNight(c echo.Context) error {
	if !archiveFormat(c.Param("format")) {
		return echo.ErrNotFound
	}
	arch, err := a.exports.Export(c.Request().Context(), c.Param("slug"))
	if err != nil {
		return err
	}
	withoutGroupLinks(&arch)
	name := "game-night"
	if len(arch.Nights) == 1 {
		n := arch.Nights[0]
		name = fileName(n.PlayedOn + " " + n.Name)
	}
	return sendArchive(c, arch, c.Param("format"), name)
}

// withoutGroupLinks leaves the table of friends' link out of an archive a
// page offers: a night's page never shows it, and a file passed on must
// not open the table's other nights. The table's name stays, so an import
// puts the nights in a new table of that name. The command line's export,
// for whoever keeps the database, holds the links.
func withoutGroupLinks(arch *app.Archive) {
	for i, n := range arch.Nights {
		if n.Group != nil {
			arch.Nights[i].Group = &app.NightGroup{Name: n.Group.Name}
		}
	}
}

func archiveFormat(f string) bool { return f == "json" || f == "csv" }

// sendArchive answers with the archive as a download named name.
func sendArchive(c echo.Context, arch app.Archive, format, name string) error {
	var err error
	var b bytes.Buffer
	kind := "application/json"
	if format == "csv" {
		kind = "text/csv"
		err = arch.WriteCSV(&b)
	} else {
		err = arch.WriteJSON(&b)
	}
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, mime.FormatMediaType("attachment", map[string]string{"filename": name + "." + format}))
	return c.Blob(http.StatusOK, kind+"; charset=utf-8", b.Bytes())
}

// fileName makes a night's date and name into a file name that any phone
// keeps as it is: letters and digits, the rest as dashes.
func fileName(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}
