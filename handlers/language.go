package handlers

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v5"

	"meldpad/locale"
	"meldpad/rules/msg"
	"meldpad/views"
)

// shownParam names the page kept after a post in its GET address
// (post_redirect.go).
const shownParam = "shown"

// languageCookie holds the language a phone chose in the pages' footer
// (chooseLanguage): it wins over the browser's Accept-Language.
const languageCookie = "lang"

// withLanguage puts the Localizer of the visitor's language in the
// request's context, so that the rules' messages (msg.From) and the
// pages (locale.From) speak it: the language chosen in the footer (the
// lang cookie), else the one Accept-Language prefers (locale.Negotiate;
// English when it names no language meldpad speaks). It also gives the
// pages the address they were asked by, which the footer's chooser
// comes back to.
func withLanguage(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		r := c.Request()
		ctx := locale.NewContext(r.Context(), languageOf(r))
		ctx = views.WithPageURI(ctx, r.URL.RequestURI())
		c.SetRequest(r.WithContext(ctx))
		c.Response().Header().Add("Vary", "Accept-Language, Cookie")
		return next(c)
	}
}

// languageOf is the language a request is answered in: its lang
// cookie's when that names a language meldpad speaks, else the one its
// Accept-Language prefers.
func languageOf(r *http.Request) *locale.Localizer {
	if ck, err := r.Cookie(languageCookie); err == nil {
		if lang, ok := spoken(ck.Value); ok {
			return locale.For(lang.Tag)
		}
	}
	return locale.Negotiate(r.Header.Get("Accept-Language"))
}

// spoken returns the language meldpad speaks whose tag is exactly tag.
func spoken(tag string) (locale.Language, bool) {
	for _, lang := range locale.Languages() {
		if lang.Tag == tag {
			return lang, true
		}
	}
	return locale.Language{}, false
}

// chooseLanguage keeps the language chosen in a page's footer in the lang
// cookie for a year and sends the phone back to the page it came from,
// now in that language. The form carries no CSRF token (a cached page is
// the same for every phone, and choosing a language changes nothing
// stored), so the post must come from meldpad's own pages: a browser's
// Sec-Fetch-Site is checked by the CSRF middleware, and its Origin here.
// The way back is a path of this site, never another site's address.
func chooseLanguage(c *echo.Context) error {
	r := c.Request()
	if origin := r.Header.Get(echo.HeaderOrigin); origin != "" {
		u, err := url.Parse(origin)
		if err != nil || !strings.EqualFold(u.Host, r.Host) {
			return echo.NewHTTPError(http.StatusForbidden, "cross-site request blocked")
		}
	}
	if lang, ok := spoken(c.FormValue("lang")); ok {
		c.SetCookie(&http.Cookie{Name: languageCookie, Value: lang.Tag, Path: "/", MaxAge: 365 * 24 * 3600,
			HttpOnly: true, SameSite: http.SameSiteLaxMode})
	}
	return c.Redirect(http.StatusSeeOther, backTo(c.FormValue("back"), r.Referer(), r.Host))
}

// backTo is where chooseLanguage sends the phone: the page's own path
// (back) when it is a path of this site, else the path of a Referer of
// this host, else the home page.
func backTo(back, referer, host string) string {
	if p, ok := localPath(back); ok {
		return p
	}
	if u, err := url.Parse(referer); err == nil && u.Host != "" && strings.EqualFold(u.Host, host) {
		if p, ok := localPath(u.RequestURI()); ok {
			return p
		}
	}
	return "/"
}

// localPath reports whether raw is a path of this site ("/g/abc?x=1"),
// and returns it: not an address of another site ("https://x",
// "//x", "/\x"), nor one a browser would read as such. A page kept
// after a post (?shown=, post_redirect.go) was kept in the language it
// was made in: the way back leaves it out, for the form itself, which
// the phone's draft fills again, in the language chosen.
func localPath(raw string) (string, bool) {
	if !strings.HasPrefix(raw, "/") || strings.HasPrefix(raw, "//") || strings.HasPrefix(raw, "/\\") ||
		strings.ContainsAny(raw, "\\\r\n\t\x00") {
		return "", false
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil {
		return "", false
	}
	if q := u.Query(); q.Has(shownParam) {
		q.Del(shownParam)
		u.RawQuery = q.Encode()
	}
	return u.RequestURI(), true
}

// say says a message of the rules in the request's language.
func say(c *echo.Context, m msg.Msg) string {
	return locale.From(c.Request().Context()).Say(m)
}
