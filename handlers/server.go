// Package handlers serves meldpad over HTTP: the scorepad pages and the
// JSON adjudication API. Each action binds its input, validates it, asks
// the rules and the store, and renders a page or redirects.
package handlers

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"github.com/a-h/templ"
	"github.com/go-playground/validator/v10"
	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"

	"meldpad/db"
	"meldpad/handlers/live"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
	"meldpad/scorepad"
	"meldpad/views"
)

// Server holds what every handler needs. It is the http.Handler of
// meldpad.
type Server struct {
	store    Stores
	log      *slog.Logger
	validate *validator.Validate
	events   Broker // live updates (events.go)
	echo     *echo.Echo
	leagues  *leagueCache                // computed standings, checked against each league's version
	pages    *pageCache                  // rendered scorepads, by game version
	pads     *padParts                   // the part of a scorepad a live update brings, once per version
	lastRead *lru.Cache[string, db.Game] // each game as last read, for pages while the database does not answer (hand_save.go)
	kept     *scorepad.Kept              // each game as this server's last save to it left it, for its next save (hand_save.go)
	opts     Options
	limits   *limiter   // what one client, and all of them, may hold and send (limits.go)
	heavy    *heavyGate // reads whose cost grows with what is stored (limits_heavy.go)
	files    *fileCache // exports and CSV files, by league version (file_cache.go)

	draining drainFlag // set once the server is shutting down (ready.go)
}

// headKey marks the context of a HEAD request answered as its GET.
type headKey struct{}

// askedHEAD reports whether r was sent as a HEAD (ServeHTTP answers it as
// its GET): what would be the body need not be made.
func askedHEAD(r *http.Request) bool { return r.Context().Value(headKey{}) != nil }

// ServeHTTP serves a request through the routes of routes.go. A HEAD
// request is answered as its GET, whose body net/http drops (it sees the
// request as sent): uptime monitors often ask HEAD, and echo routes it
// nowhere. A live-update stream is not opened for a HEAD (405).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodHead && !strings.HasSuffix(r.URL.Path, "/events") {
		get := r.WithContext(context.WithValue(r.Context(), headKey{}, true)) // for the log
		get.Method = http.MethodGet
		r = get
	}
	r, end := s.paceBody(w, r)
	defer end()
	s.echo.ServeHTTP(w, r)
}

// CloseStreams ends the live-update streams of every phone, so that a
// server shutting down does not wait for them. main registers it with
// http.Server.RegisterOnShutdown.
func (s *Server) CloseStreams() { s.events.CloseSubscriptions() }

// New returns the HTTP handler for meldpad: every route of routes.go
// behind logging, panic recovery, a body limit and CSRF protection.
func New(store Stores, log *slog.Logger, opts Options) *Server {
	e := echo.New()
	log = newBoundedLog(log) // no line grows with what a client sent (log_bound.go)
	s := &Server{store: store, log: log, validate: newValidator(), events: opts.Broker, echo: e, leagues: newLeagueCache(), pages: newPageCache(), pads: newPadParts(log), opts: opts}
	if s.events == nil {
		s.events = live.NewHub()
	}
	s.limits = newLimiter(opts.Limits)
	s.lastRead, _ = lru.New[string, db.Game](maxLastRead) // the size is positive: it cannot fail
	s.kept = scorepad.NewKept()
	s.heavy, s.files = newHeavyGate(heavySlots()), newFileCache()
	e.IPExtractor = ipExtractor(opts.TrustedProxies)
	e.HTTPErrorHandler = func(c *echo.Context, err error) { s.handleError(err, c) }
	e.Use(s.observe) // metrics (observe.go): outermost, to see every answer
	e.Use(middleware.RequestLoggerWithConfig(middleware.RequestLoggerConfig{
		LogStatus: true, LogURI: true, LogMethod: true, LogLatency: true, HandleError: true,
		LogValuesFunc: func(c *echo.Context, v middleware.RequestLoggerValues) error {
			level := slog.LevelInfo
			if v.Status >= 500 {
				level = slog.LevelError
			}
			method := v.Method
			if askedHEAD(c.Request()) {
				method = http.MethodHead
			}
			attrs := []slog.Attr{slog.String("method", method), slog.String("uri", v.URI),
				slog.Int("status", v.Status), slog.Duration("latency", v.Latency)}
			// The client as the limits count it (behind a trusted proxy,
			// the address it names), so an operator can tell who.
			attrs = append(attrs, slog.String("client", c.RealIP()))
			if v.Error != nil && v.Status >= 500 {
				attrs = append(attrs, slog.String("err", v.Error.Error()))
			}
			s.log.LogAttrs(c.Request().Context(), level, "request", attrs...)
			return nil
		},
	}))
	e.Use(recoverPanics())
	e.Use(withLanguage)
	e.Use(bodyLimit())
	e.Use(middleware.GzipWithConfig(middleware.GzipConfig{
		// Event streams are flushed event by event; compressing them would
		// hold events back.
		// Cached pages are kept gzipped already (pageCache), and so is
		// the phone's referee (serveGzipped).
		Skipper: func(c *echo.Context) bool {
			return strings.HasSuffix(c.Path(), "/events") || c.Path() == "/g/:game" || c.Path() == "/w/:watch" || c.Path() == "/l/:league" ||
				c.Path() == "/l/:league/players/:player" || c.Path() == "/g/:game/history" ||
				c.Path() == "/static/meldpad.wasm" || keptFileRoutes[c.Path()]
		},
		// The fastest level: at the default one gzip was a quarter of a
		// scorepad's CPU for pages of a few KB, which compress nearly as
		// well either way. A redirect or a tiny body goes uncompressed.
		Level:     gzip.BestSpeed,
		MinLength: 1024,
	}))
	// HSTS and Secure cookies only over HTTPS, by the connection or a
	// trusted proxy (secureTransport): echo's own HSTS believes anyone's
	// X-Forwarded-Proto. No <base> may redirect relative links, and forms
	// post only to meldpad.
	e.Use(s.secureTransport)
	e.Use(middleware.SecureWithConfig(middleware.SecureConfig{
		XSSProtection: "0", ContentTypeNosniff: "nosniff", XFrameOptions: "DENY",
		ReferrerPolicy: "same-origin",
		// The service worker and the manifest are meldpad's own;
		// 'wasm-unsafe-eval' lets the sheet compile the phone's referee
		// (static/referee.js), and nothing else: eval stays refused.
		ContentSecurityPolicy: "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; " +
			"script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; manifest-src 'self'; " +
			"base-uri 'none'; form-action 'self'",
	}))
	// Limits (limits*.go): rates per address, then imports admitted a few
	// at a time, both before a body is read (the CSRF check reads forms);
	// the referee's deadline.
	e.Use(s.rateLimits()...)
	e.Use(withClient(), heavyErrors())
	e.Use(s.admitImports())
	e.Use(s.refereeBudget())
	e.Use(s.refereeDeadline())
	e.Use(middleware.CSRFWithConfig(middleware.CSRFConfig{
		// The footer's language chooser posts without a token from a
		// browser that does not say where a request comes from
		// (chooseLanguage checks its Origin instead).
		Skipper: func(c *echo.Context) bool {
			return strings.HasPrefix(c.Path(), "/api/") ||
				c.Path() == "/language" && c.Request().Header.Get(echo.HeaderSecFetchSite) == ""
		},
		TokenLookup:    "form:_csrf,header:X-CSRF-Token",
		CookieName:     csrfCookie,
		CookiePath:     "/",
		CookieMaxAge:   30 * 24 * 3600, // a form left open overnight still saves
		CookieHTTPOnly: true,
		CookieSameSite: http.SameSiteLaxMode,
		// A form posted from another subdomain of the site must carry
		// the token, as one from a browser that does not say where it
		// comes from does; only one from another site is refused
		// outright. (echo's own default refuses both.)
		AllowSecFetchSiteFunc: func(c *echo.Context) (bool, error) {
			if c.Request().Header.Get(echo.HeaderSecFetchSite) == "same-site" {
				return false, nil
			}
			return false, echo.NewHTTPError(http.StatusForbidden, "cross-site request blocked by CSRF")
		},
		// A form without its token is out of date, and its page says so
		// (handleError looks for "csrf"): echo calls it a bad request.
		ErrorHandler: func(c *echo.Context, err error) error {
			var missing *middleware.ValueExtractorError
			if errors.As(err, &missing) {
				return echo.NewHTTPError(http.StatusBadRequest, "missing csrf token in request header")
			}
			return err
		},
	}))
	s.routes(e)
	return s
}

// csrfCookie is the cookie that holds a phone's CSRF token; it also tells
// the phone apart (post_redirect.go).
const csrfCookie = "meldpad_csrf"

// render writes a page. It renders into a buffer first so that a failure
// becomes a proper error page, not half a page.
func render(c *echo.Context, status int, page templ.Component) error {
	var buf bytes.Buffer
	if err := page.Render(c.Request().Context(), &buf); err != nil {
		return err
	}
	return c.HTMLBlob(status, buf.Bytes())
}

// csrfToken returns the token forms must carry.
func csrfToken(c *echo.Context) string {
	token, _ := c.Get("csrf").(string)
	return token
}

// response is the request's echo.Response, under whatever wraps it (a
// gzip writer): whether it is sent, with what status. Only a handler
// whose page redirectAfterPost holds back has none, and never asks.
func response(c *echo.Context) *echo.Response {
	res, err := echo.UnwrapResponse(c.Response())
	if err != nil {
		panic(err)
	}
	return res
}

// recoverPanics answers a panic with the error page (500), its value and
// stack printed on echo's own logger, not in the request's line.
func recoverPanics() echo.MiddlewareFunc {
	recovered := middleware.Recover()
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		next = recovered(next)
		return func(c *echo.Context) error {
			err := next(c)
			panicked, ok := err.(*middleware.PanicStackError)
			if !ok {
				return err
			}
			c.Logger().Error(panicked.Error())
			c.Echo().HTTPErrorHandler(c, panicked.Err)
			return nil
		}
	}
}

// handleError is the one place errors become responses: a JSON body under
// /api/, a friendly page elsewhere. Server errors are never shown: the
// request's one log line (New) carries them.
func (s *Server) handleError(err error, c *echo.Context) {
	if response(c).Committed {
		return
	}
	status := http.StatusInternalServerError
	var he *echo.HTTPError
	var problem *apiProblem
	var broken *ruling.Error
	var bad *ruling.InputError
	if errors.As(err, &bad) {
		problem = badInput(bad.Field, say(c, bad.Msg))
	}
	switch {
	case problem != nil || errors.As(err, &problem):
		status = problem.status
	case errors.As(err, &broken):
		status = http.StatusUnprocessableEntity
	case errors.Is(err, db.ErrNotFound):
		status = http.StatusNotFound
	case errors.Is(err, db.ErrTokenElsewhere):
		status = http.StatusConflict
	case db.Unavailable(err):
		status = http.StatusServiceUnavailable
		c.Response().Header().Set("Retry-After", "5")
	case errors.As(err, &he):
		status = he.Code
	case echo.StatusCode(err) != 0: // echo's own errors (echo.ErrNotFound, a body over its limit)
		status = echo.StatusCode(err)
		he = echo.NewHTTPError(status, http.StatusText(status))
	}
	if strings.HasPrefix(c.Request().URL.Path, "/api/") {
		switch {
		case problem != nil:
			_ = c.JSON(problem.status, problem.body)
		case broken != nil:
			_ = c.JSON(http.StatusUnprocessableEntity, apiError{Error: say(c, broken.Msg), Rule: broken.Rule})
		default:
			_ = c.JSON(status, apiError{Error: apiMessage(status, he)})
		}
		return
	}
	c.Response().Header().Del(echo.HeaderContentDisposition) // a file that failed: the page is shown, not saved
	vm := errorPage(c, err, status, he)
	if err := render(c, status, views.ErrorPage(vm)); err != nil {
		if c.Request().Context().Err() != nil {
			// The client went away, or the connection's deadline ended
			// (a slow body): there is no one to answer, and the
			// request's own log line says what became of it.
			return
		}
		s.log.Error("render error page", "err", err)
		_ = c.String(status, vm.Title)
	}
}

// errorPage is the page of an error answered with status: what
// happened, in words, and where to go back to.
func errorPage(c *echo.Context, err error, status int, he *echo.HTTPError) views.ErrorVM {
	vm := views.ErrorVM{Status: status}
	l := lang(c)
	switch status {
	case http.StatusNotFound:
		vm.Title, vm.Message = l.T("errors.not_found"), l.T("errors.not_found_text")
		if errors.Is(err, db.ErrDeleted) {
			vm.Title, vm.Message = l.T("errors.deleted"), l.T("errors.deleted_text")
			if game := c.Param("game"); game != "" {
				vm.Back = "/g/" + game
			}
		}
	case http.StatusForbidden, http.StatusBadRequest:
		if he != nil && strings.Contains(strings.ToLower(he.Error()), "csrf") {
			vm.Title, vm.Message = l.T("errors.out_of_date"), l.T("errors.out_of_date_text")
		} else {
			vm.Title, vm.Message = l.T("errors.did_not_work"), l.T("errors.did_not_work_text")
		}
	case http.StatusRequestEntityTooLarge:
		vm.Title, vm.Message = l.T("errors.too_much"), l.T("errors.too_much_text", msg.S("Size", db.FormatBytes(MaxBody)))
		if limit := bodyLimitOf(c.Path()); limit != MaxBody {
			vm.Message = l.T("errors.file_too_big_text", msg.S("Size", db.FormatBytes(limit)))
			vm.Back = c.Path()
		}
	case http.StatusMethodNotAllowed:
		vm.Title, vm.Message = l.T("errors.not_here"), l.T("errors.not_here_text")
	case http.StatusConflict:
		vm.Title, vm.Message = l.T("errors.sent_before"), l.T("errors.sent_before_text")
	case http.StatusServiceUnavailable:
		vm.Title, vm.Message = l.T("errors.nothing_saved"), l.T("errors.nothing_saved_text")
	default:
		vm.Title, vm.Message = l.T("errors.our_side"), l.T("errors.our_side_text")
	}
	return vm
}

// apiMessage is the error text of an API error response for status.
func apiMessage(status int, he *echo.HTTPError) string {
	switch status {
	case http.StatusNotFound:
		return "no such game or path"
	case http.StatusRequestEntityTooLarge:
		return "request body over " + db.FormatBytes(MaxBody)
	case http.StatusMethodNotAllowed:
		return "method not allowed"
	}
	if status < 500 && he != nil {
		return he.Message
	}
	return "internal error"
}

// apiError is the body of every API error (API.md).
type apiError struct {
	Error string `json:"error"`
	Field string `json:"field,omitempty"`
	Rule  string `json:"rule,omitempty"`
}
