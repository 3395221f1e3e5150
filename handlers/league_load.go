package handlers

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules"
	"meldpad/views"
)

// loadLeague loads the league a members' link names (/l/:league).
func (s *Server) loadLeague(c *echo.Context) (db.League, error) {
	return s.store.Leagues.League(c.Request().Context(), c.Param("league"))
}

// errMembersLink is returned when a members' link is used where the
// organizer's is needed; it renders as a 403 page that says so.
var errMembersLink = errors.New("handlers: the members' link cannot change a league")

// loadOrganized loads the league an organizer's link names (/lo/:org). A
// members' link in its place is refused with a page that explains the two
// links, not a bare 404: the person may simply have the wrong link.
func (s *Server) loadOrganized(c *echo.Context) (db.League, error) {
	ctx := c.Request().Context()
	l, err := s.store.Leagues.LeagueByOrganizer(ctx, c.Param("org"))
	if errors.Is(err, db.ErrNotFound) {
		if _, err := s.store.Leagues.League(ctx, c.Param("org")); err == nil {
			return db.League{}, errMembersLink
		}
	}
	return l, err
}

// refuseMembersLink renders the page for errMembersLink.
func refuseMembersLink(c *echo.Context) error {
	tr := locale.From(c.Request().Context())
	return render(c, http.StatusForbidden, views.ErrorPage(views.ErrorVM{
		Status:  http.StatusForbidden,
		Title:   tr.T("league.members_link_title"),
		Message: tr.T("league.members_link_text"),
		Back:    "/l/" + c.Param("org"),
	}))
}

// organized wraps an organizer's handler: it loads the league and turns a
// members' link into the friendly refusal.
func (s *Server) organized(next func(c *echo.Context, l db.League) error) echo.HandlerFunc {
	return func(c *echo.Context) error {
		l, err := s.loadOrganized(c)
		if errors.Is(err, errMembersLink) {
			return refuseMembersLink(c)
		}
		if err != nil {
			return err
		}
		// The organizer's link changes the league: no copy of its pages
		// is kept anywhere, a phone's service worker included.
		c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
		if c.Request().Method == http.MethodPost {
			// A form of the organizer's page, posted from it (the CSRF
			// check holds it to this site): the phone organizes it.
			rememberLeague(c, leagueLink{ID: l.OrganizerID, Organizer: true})
		}
		return next(c, l)
	}
}

func leagueURL(l db.League) string    { return "/l/" + l.PublicID }
func organizerURL(l db.League) string { return "/lo/" + l.OrganizerID }

func playerURL(l db.League, player int64) string {
	return leagueURL(l) + "/players/" + strconv.FormatInt(player, 10)
}

// gameName is the name of a game id: "Fan Rummy".
// gameTitle is a game's name as a league page lists it: its own name for
// any game by points ("Hearts"), else the game's.
func gameTitle(g db.LeagueGame) string {
	if r, ok := rules.Lookup(g.Rules); ok {
		return r.Title(g.Settings)
	}
	return g.Rules
}

func gameName(id string) string {
	if g, ok := rules.Lookup(id); ok {
		return g.Name
	}
	return id
}

// leagueChoices are the games that count in the league, each linking to
// the new-game form for the league, in tr's language.
func leagueChoices(tr *locale.Localizer, l db.League) []views.GameChoice {
	var out []views.GameChoice
	for _, ch := range gameChoices(tr) {
		if l.Counts(ch.ID) {
			ch.URL += "&league=" + l.PublicID
			out = append(out, ch)
		}
	}
	return out
}
