package handlers

import (
	"bytes"
	"crypto/sha256"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v5"

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
// The pages are kept per phone and per address (shownPages), which no
// general-purpose cache does: a small store of our own.

const (
	// maxShownPages bounds the pages kept: one per form a phone posted
	// in the last shownPageTTL, far more than a server's tables post.
	maxShownPages = 256
	shownPageTTL  = time.Hour
	// maxShownPage bounds one page kept; a bigger one (none is) is
	// answered in place, as before.
	maxShownPage = 128 << 10
	// maxShownPerClient is one address's share of the pages kept: a
	// table posts a form a minute or so, and a page is fetched at once.
	maxShownPerClient = 16
)

// shownPage is a page answered to a POST, kept to be shown at a GET
// address to the phone that posted it.
type shownPage struct {
	path   string // the GET address it is shown at
	status int
	header http.Header
	body   []byte
	owner  [32]byte // the phone that posted it: its phoneCookie, hashed
	client string   // the address it came from (clientKey)
	at     time.Time
}

// shownPages holds the pages kept by id. A page is shown only to the
// phone that posted the form (the same phoneCookie): it carries that
// phone's CSRF token and what it typed, and a ?shown= link shared with
// another phone must not hand them over. Each address holds at most
// maxShownPerClient pages, its oldest dropped first; when all of them
// are taken, the oldest page of the address holding the most goes, so
// that a few addresses posting as fast as they may cannot push out the
// page another table is about to fetch.
type shownPages struct {
	mu       sync.Mutex
	pages    map[string]*shownPage
	byClient map[string][]string // ids, oldest first
	now      func() time.Time
}

func newShownPages() *shownPages {
	return &shownPages{pages: map[string]*shownPage{}, byClient: map[string][]string{}, now: time.Now}
}

// add keeps p under id.
func (sp *shownPages) add(id string, p *shownPage) {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	p.at = sp.now()
	sp.dropExpired()
	if len(sp.byClient[p.client]) >= maxShownPerClient {
		sp.dropOldestOf(p.client)
	}
	if len(sp.pages) >= maxShownPages {
		most := ""
		for client, ids := range sp.byClient {
			if n := len(ids); most == "" || n > len(sp.byClient[most]) ||
				(n == len(sp.byClient[most]) && sp.pages[ids[0]].at.Before(sp.pages[sp.byClient[most][0]].at)) {
				most = client
			}
		}
		sp.dropOldestOf(most)
	}
	sp.pages[id] = p
	sp.byClient[p.client] = append(sp.byClient[p.client], id)
}

// get returns the page kept under id, if it is still kept.
func (sp *shownPages) get(id string) (*shownPage, bool) {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	p, ok := sp.pages[id]
	if !ok || sp.now().Sub(p.at) > shownPageTTL {
		return nil, false
	}
	return p, true
}

// dropOldestOf drops the oldest page of client; the caller holds mu.
func (sp *shownPages) dropOldestOf(client string) {
	ids := sp.byClient[client]
	if len(ids) == 0 {
		return
	}
	delete(sp.pages, ids[0])
	if len(ids) == 1 {
		delete(sp.byClient, client)
		return
	}
	sp.byClient[client] = ids[1:]
}

// dropExpired drops the pages older than shownPageTTL; the caller holds
// mu.
func (sp *shownPages) dropExpired() {
	now := sp.now()
	for client, ids := range sp.byClient {
		for len(ids) > 0 && now.Sub(sp.pages[ids[0]].at) > shownPageTTL {
			delete(sp.pages, ids[0])
			ids = ids[1:]
		}
		if len(ids) == 0 {
			delete(sp.byClient, client)
		} else {
			sp.byClient[client] = ids
		}
	}
}

// phoneCookie tells a phone's kept pages from another's: a random id,
// given to a phone the first time a page is kept for it. The CSRF cookie
// cannot serve: a browser that says where a request comes from
// (Sec-Fetch-Site) is let through without one, and never gets one.
const phoneCookie = "meldpad_phone"

// phoneOf is the phone a request comes from, as kept pages know it: its
// phoneCookie, hashed; zero without one.
func phoneOf(c *echo.Context) [32]byte {
	ck, err := c.Cookie(phoneCookie)
	if err != nil || !db.ValidID(ck.Value) {
		return [32]byte{}
	}
	return sha256.Sum256([]byte(ck.Value))
}

// ownPhone is phoneOf, giving the phone its cookie first if it has none.
func ownPhone(c *echo.Context) [32]byte {
	if phone := phoneOf(c); phone != ([32]byte{}) {
		return phone
	}
	id := db.NewID()
	c.SetCookie(&http.Cookie{Name: phoneCookie, Value: id, Path: "/", MaxAge: 2 * 365 * 24 * 3600,
		HttpOnly: true, SameSite: http.SameSiteLaxMode})
	return sha256.Sum256([]byte(id))
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
func (s *Server) redirectAfterPost(getPath func(c *echo.Context) string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			real := c.Response()
			hold := &captured{ResponseWriter: real}
			c.SetResponse(hold)
			defer c.SetResponse(real) // after a panic too: the error page is sent, not held
			err := next(c)
			c.SetResponse(real)
			if hold.status == 0 {
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
			s.shown.add(id, &shownPage{path: at, status: status, header: header, body: bytes.Clone(hold.body.Bytes()),
				owner: ownPhone(c), client: clientKey(c.RealIP())})
			sep := "?"
			if strings.Contains(at, "?") {
				sep = "&"
			}
			real.Header().Del(echo.HeaderContentType)
			real.Header().Set(echo.HeaderLocation, at+sep+"shown="+id)
			real.WriteHeader(http.StatusSeeOther)
			return err
		}
	}
}

// showKept serves, at a GET address, a page kept by redirectAfterPost,
// with the status it was answered with (a refused save stays a 422), to
// the phone that posted it. An id not kept, kept for another address, or
// asked for by another phone shows the address's own page.
func (s *Server) showKept(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		id := c.QueryParam("shown")
		if id == "" {
			return next(c)
		}
		p, ok := s.shown.get(id)
		if !ok || !samePage(p.path, c.Request().URL) || p.owner == ([32]byte{}) || p.owner != phoneOf(c) {
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
func newHandPath(c *echo.Context) string {
	p := "/g/" + c.Param("game") + "/hands/new"
	if c.FormValue("by") == "cards" {
		p += "?by=cards"
	}
	return p
}

// handPath is where a hand's correction is shown, by points or card by
// card as it was posted.
func handPath(c *echo.Context) string {
	by := "points"
	if c.FormValue("by") == "cards" {
		by = "cards"
	}
	return "/g/" + c.Param("game") + "/hands/" + c.Param("hand") + "?by=" + by
}

// samePath is the posted address itself, for forms whose confirmation
// page has the same address (deleting a hand, ending a game).
func samePath(c *echo.Context) string { return c.Request().URL.Path }

// toNewHand sends a GET of an address forms post to (a bookmark, a
// reload of a page from before these redirects) to the new hand's form.
func (s *Server) toNewHand(c *echo.Context) error {
	return c.Redirect(http.StatusSeeOther, "/g/"+c.Param("game")+"/hands/new")
}
