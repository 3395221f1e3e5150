package handlers

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v5"

	"meldpad/db"
)

// Post/Redirect/Get for the forms of a game. A form posted to meldpad is
// answered by a redirect: a save by one to the scorepad, and a page
// shown instead (a refused save, a conflict, "Add a meld", "Check") by
// one to a GET address that shows that page (but for a page saying the
// database did not answer, which cannot be kept there either:
// redirectAfterPost). The page is kept for a
// while under a random id named in that address (?shown=ID), so that
// reloading it, after the lock screen or on purpose, shows it again and
// never posts the form a second time nor lands on a POST-only address.
// A page no longer kept (after an hour, or pushed out by newer ones)
// gives way to the form itself, which the phone's draft
// (static/offline.js) fills again.
//
// The pages are kept in the database (db.Store.KeepPage), not in this
// server's memory: behind a load balancer the GET after the redirect may
// reach another server, which must show the same page. The store bounds
// them per phone's address and in all, and forgets them after an hour.

// KeptPages is what Post/Redirect/Get needs of the store: the pages
// kept, where every server finds them.
type KeptPages interface {
	KeepPage(ctx context.Context, p db.KeptPage) error
	KeptPageFor(ctx context.Context, id, owner string) (db.KeptPage, error)
}

// phoneCookie tells a phone's kept pages from another's: a random id,
// given to a phone the first time a page is kept for it. The CSRF cookie
// cannot serve: a browser that says where a request comes from
// (Sec-Fetch-Site) is let through without one, and never gets one.
const phoneCookie = "meldpad_phone"

// phoneOf is the phone a request comes from, as kept pages know it: its
// phoneCookie, hashed (the database never holds the cookie itself);
// empty without one.
func phoneOf(c *echo.Context) string {
	ck, err := c.Cookie(phoneCookie)
	if err != nil || !db.ValidID(ck.Value) {
		return ""
	}
	return phoneHash(ck.Value)
}

func phoneHash(cookie string) string {
	sum := sha256.Sum256([]byte(cookie))
	return hex.EncodeToString(sum[:])
}

// ownPhone is phoneOf, giving the phone its cookie first if it has none.
func ownPhone(c *echo.Context) string {
	if phone := phoneOf(c); phone != "" {
		return phone
	}
	id := db.NewID()
	c.SetCookie(&http.Cookie{Name: phoneCookie, Value: id, Path: "/", MaxAge: 2 * 365 * 24 * 3600,
		HttpOnly: true, SameSite: http.SameSiteLaxMode})
	return phoneHash(id)
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
			inPlace := func() error {
				real.WriteHeader(status)
				_, werr := real.Write(hold.body.Bytes())
				return werr
			}
			contentType := real.Header().Get(echo.HeaderContentType)
			// A page that says the database did not answer (5xx) is
			// answered as it is: the database that did not take the
			// save would not keep the page either, and waiting for it
			// twice would double the phone's wait.
			if status >= 300 && status < 400 || status >= 500 || hold.body.Len() > db.MaxKeptPageBytes ||
				!strings.HasPrefix(contentType, echo.MIMETextHTML) {
				return inPlace()
			}
			id, at := db.NewID(), getPath(c)
			kept := db.KeptPage{ID: id, Owner: ownPhone(c), Client: clientKey(c.RealIP()), Path: at,
				Status: status, ContentType: contentType, Body: hold.body.Bytes()}
			if kerr := s.store.Kept.KeepPage(c.Request().Context(), kept); kerr != nil {
				// A database that cannot keep it (it does not answer, or
				// is not written) costs the phone only the redirect:
				// the page is answered as it is.
				s.log.Warn("keep the page of a form", "path", at, "err", kerr)
				return inPlace()
			}
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
		p, err := s.store.Kept.KeptPageFor(c.Request().Context(), id, phoneOf(c))
		if err != nil || !samePage(p.Path, c.Request().URL) {
			if err != nil && !errors.Is(err, db.ErrNotFound) {
				s.log.Warn("show a kept page", "err", err)
			}
			return next(c)
		}
		c.Response().Header().Set(echo.HeaderContentType, p.ContentType)
		// A page that says what one phone posted is for that phone only.
		c.Response().Header().Set(echo.HeaderCacheControl, "private, no-store")
		c.Response().WriteHeader(p.Status)
		_, err = c.Response().Write(p.Body)
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
