package handlers

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"meldpad/rules"
	"meldpad/views"
)

// showRules states one game's rules, each at its id (/rules/fan#N8):
// every rule id a page cites links there (views.RuleText). The page is
// the same for everyone who reads its language, from the rules compiled
// in.
func (s *Server) showRules(c *echo.Context) error {
	g, ok := rules.Lookup(c.Param("game"))
	if !ok {
		return echo.ErrNotFound
	}
	linkRules(c, g) // a rule citing another links to it on this page
	vm := views.RulesVM{Game: g.Name}
	for _, other := range rules.Games() {
		vm.Games = append(vm.Games, views.TabVM{Label: other.Name, URL: views.RulesURL(other.ID, ""), Active: other.ID == g.ID})
	}
	for _, r := range g.Rules {
		vm.Rules = append(vm.Rules, views.RuleVM{ID: r.ID, Title: say(c, r.Title), Text: say(c, r.Text)})
	}
	if hasQuestions(g) {
		vm.RefereeURL = "/adjudicate?game=" + g.ID
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "public, max-age=300")
	c.Response().Header().Add(echo.HeaderVary, "Accept-Language") // said in the phone's language
	return render(c, http.StatusOK, views.RulesPage(vm))
}
