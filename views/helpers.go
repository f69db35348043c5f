package views

import (
	"strconv"

	"github.com/a-h/templ"
)

func itoa(n int) string { return strconv.Itoa(n) }

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
