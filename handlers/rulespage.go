package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"chickenfoot/views"
)

// rulesPage explains the rules, with a game's choices marked.
func (a *App) rulesPage(c echo.Context) error {
	p := views.RulesPage{Meta: views.Meta{Title: "Rules · Chickenfoot"}, Chosen: map[string]string{}}
	if slug := c.Param("slug"); slug != "" {
		sh, err := a.store.Sheet(c.Request().Context(), slug)
		if err != nil {
			return err
		}
		g := sh.Game
		p.Back, p.Game, p.Meta.Where = gameURL(slug), g.Name, g.Name
		for _, rc := range ruleChoices {
			p.Chosen[rc.field] = ruleText(g.Rules, rc.field)
		}
		switch {
		case g.Rules.LossLimit > 0:
			p.Chosen["rounds"] = "threshold"
		case g.Rules.Rounds > 0:
			p.Chosen["rounds"] = "fixed"
		default:
			p.Chosen["rounds"] = "0"
		}
	}
	return render(c, http.StatusOK, views.Rules(p))
}
