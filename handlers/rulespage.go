package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"chickenfoot/views"
)

// rulesPage explains the rules, with a game's choices marked.
func (a *App) rulesPage(c echo.Context) error {
	p := views.RulesPage{Meta: views.Meta{Title: "Rules · Chickenfoot"}, HouseRules: rulesHelp(nil)}
	if slug := c.Param("slug"); slug != "" {
		g, err := a.store.Settings(c.Request().Context(), slug)
		if err != nil {
			return err
		}
		p.Back, p.Game, p.Meta.Where = gameURL(slug), g.Name, g.Name
		p.HouseRules = rulesHelp(&g.Rules)
	}
	return render(c, http.StatusOK, views.Rules(p))
}
