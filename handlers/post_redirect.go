package handlers

import (
	"bytes"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/hashicorp/golang-lru/v2/expirable"
	"github.com/labstack/echo/v4"

	"meldpad/db"
)

// Post/Redirect/Get for the forms of a game. A form posted to meldpad is
// answered by a redirect, always: a save by one to the scorepad, and a
// page shown instead (a refused save, a conflict, "Add a meld", "Check")
// by one to a GET address that shows that page. The page is kept for a
// while under a random id named in that address (?shown=ID), so that
// reloading it, after the lock screen or on purpose, shows it again and
// never posts the form a second time nor lands on a POST-only address.
// A page no longer kept (after a restart, or an hour) gives way to the
// form itself, which the phone's draft (static/offline.js) fills again.
//
// hashicorp/golang-lru's expirable cache bounds the pages kept by count
// and by age, made and kept for exactly this, as pageCache is.

const (
	// maxShownPages bounds the pages kept: one per form a phone posted
	// in the last shownPageTTL, far more than a server's tables post.
	maxShownPages = 256
	shownPageTTL  = time.Hour
	// maxShownPage bounds one page kept; a bigger one (none is) is
	// answered in place, as before.
	maxShownPage = 128 << 10
)

// shownPage is a page answered to a POST, kept to be shown at a GET
// address.
type shownPage struct {
	path   string // the GET address it is shown at
	status int
	header http.Header
	body   []byte
}

// shownPages holds the pages kept by id.
type shownPages struct {
	pages *expirable.LRU[string, shownPage]
}

func newShownPages() *shownPages {
	return &shownPages{pages: expirable.NewLRU[string, shownPage](maxShownPages, nil, shownPageTTL)}
}

// captured is a response held back: its status, headers and body.
type captured struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (w *captured) WriteHeader(code int) { w.status = code }

func (w *captured) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.body.Write(b)
}

func (w *captured) Flush() {}

// redirectAfterPost answers a form's POST with a redirect: the handler's
// own redirect as it is, and any page it shows instead kept and shown at
// the GET address getPath returns for the request.
func (s *Server) redirectAfterPost(getPath func(c echo.Context) string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			res := c.Response()
			real := res.Writer
			hold := &captured{ResponseWriter: real}
			res.Writer = hold
			err := next(c)
			res.Writer = real
			if !res.Committed {
				return err // an error: the error page is written as usual
			}
			status := hold.status
			if status >= 300 && status < 400 || hold.body.Len() > maxShownPage ||
				!strings.HasPrefix(real.Header().Get(echo.HeaderContentType), echo.MIMETextHTML) {
				real.WriteHeader(status)
				_, werr := real.Write(hold.body.Bytes())
				return werr
			}
			id := db.NewID()
			at := getPath(c)
			header := http.Header{echo.HeaderContentType: real.Header().Values(echo.HeaderContentType)}
			s.shown.pages.Add(id, shownPage{path: at, status: status, header: header, body: bytes.Clone(hold.body.Bytes())})
			sep := "?"
			if strings.Contains(at, "?") {
				sep = "&"
			}
			real.Header().Del(echo.HeaderContentType)
			real.Header().Set(echo.HeaderLocation, at+sep+"shown="+id)
			res.Status = http.StatusSeeOther
			real.WriteHeader(http.StatusSeeOther)
			return err
		}
	}
}

// showKept serves, at a GET address, a page kept by redirectAfterPost,
// with the status it was answered with (a refused save stays a 422). An
// id not kept, or kept for another address, shows the address's own page.
func (s *Server) showKept(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		id := c.QueryParam("shown")
		if id == "" {
			return next(c)
		}
		p, ok := s.shown.pages.Get(id)
		if !ok || !samePage(p.path, c.Request().URL) {
			return next(c)
		}
		for k, v := range p.header {
			c.Response().Header()[k] = v
		}
		// A page that says what one phone posted is for that phone only.
		c.Response().Header().Set(echo.HeaderCacheControl, "private, no-store")
		c.Response().WriteHeader(p.status)
		_, err := c.Response().Write(p.body)
		return err
	}
}

// samePage reports whether u is the address a kept page is shown at, once
// its shown= is set aside.
func samePage(path string, u *url.URL) bool {
	q := u.Query()
	q.Del("shown")
	at := u.Path
	if len(q) > 0 {
		at += "?" + q.Encode()
	}
	return at == path
}

// The GET addresses of the forms of a game.

// newHandPath is where a new hand's form is shown: by points, or card by
// card.
func newHandPath(c echo.Context) string {
	p := "/g/" + c.Param("game") + "/hands/new"
	if c.FormValue("by") == "cards" {
		p += "?by=cards"
	}
	return p
}

// handPath is where a hand's correction is shown, by points or card by
// card as it was posted.
func handPath(c echo.Context) string {
	by := "points"
	if c.FormValue("by") == "cards" {
		by = "cards"
	}
	return "/g/" + c.Param("game") + "/hands/" + c.Param("hand") + "?by=" + by
}

// samePath is the posted address itself, for forms whose confirmation
// page has the same address (deleting a hand, ending a game).
func samePath(c echo.Context) string { return c.Request().URL.Path }

// toNewHand sends a GET of an address forms post to (a bookmark, a
// reload of a page from before these redirects) to the new hand's form.
func (s *Server) toNewHand(c echo.Context) error {
	return c.Redirect(http.StatusSeeOther, "/g/"+c.Param("game")+"/hands/new")
}
