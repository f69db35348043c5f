package views

import (
	"strconv"

	"github.com/a-h/templ"
)

func itoa(n int) string { return strconv.Itoa(n) }

// plays reports whether seat's player is at the table this round.
func (r RoundPanel) plays(seat int) bool { return seat >= len(r.Away) || !r.Away[seat] }

func tileName(n int) string { return itoa(n) + "-" + itoa(n) }

func boolAttr(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// moreOpen unfolds "more house rules" when one of them needs fixing.
func moreOpen(p SetupPage) bool {
	for _, f := range []string{"rounds", "loss_threshold"} {
		if _, ok := p.Errors[f]; ok {
			return true
		}
	}
	for _, g := range p.MoreRules {
		if _, ok := p.Errors[g.Field]; ok {
			return true
		}
	}
	return false
}

// oobAttrs marks a fragment for htmx to swap out of band.
func oobAttrs(oob bool) templ.Attributes {
	if oob {
		return templ.Attributes{"hx-swap-oob": "true"}
	}
	return templ.Attributes{}
}

// refused marks a field the app refused: screen readers hear it is
// invalid and read the message (the element with id msg) that says why.
func refused(yes bool, msg string) templ.Attributes {
	if !yes {
		return templ.Attributes{}
	}
	return templ.Attributes{"aria-invalid": "true", "aria-describedby": msg}
}

// entryProblem is the id of the message saying why a seat's entry was refused.
func entryProblem(seat int) string { return "problem-" + itoa(seat) }

// refusedHere reports whether an entry's refusal is about the field: a
// refusal naming no field is about the pips, the entry's main box.
func (e EntryRow) refusedHere(field string) bool {
	if e.Error == "" {
		return false
	}
	return e.Field == field || (e.Field == "" && field == "pips")
}

// fieldRefused marks a setup field refused, tied to its fieldError message.
func fieldRefused(errs map[string]string, field string) templ.Attributes {
	_, ok := errs[field]
	return refused(ok, "error-"+field)
}

// layFormAttrs makes the table's tile form lay the tile (post to url) or,
// on a view-only link, only ask whether it may go there (get check).
func layFormAttrs(viewOnly bool, url, check string) templ.Attributes {
	if viewOnly {
		return templ.Attributes{"method": "get", "action": check, "hx-get": check}
	}
	return templ.Attributes{"method": "post", "action": url, "hx-post": url}
}

// anywayAttrs makes "save it anyway" send a "went out" again when that
// was what was refused.
func anywayAttrs(wentOut string) templ.Attributes {
	if wentOut == "" {
		return templ.Attributes{}
	}
	return templ.Attributes{"name": "went_out", "value": wentOut}
}

// answerAttrs make the answer to a tap take the focus as it arrives
// (autofocus, which htmx honours on a swap too): on the screen, where the
// finger is, and read out by a screen reader.
func answerAttrs(answer bool) templ.Attributes {
	if !answer {
		return templ.Attributes{}
	}
	return templ.Attributes{"tabindex": "-1", "autofocus": true}
}
