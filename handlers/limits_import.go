package handlers

import (
	"errors"
	"io"
	"net/http"
	"time"

	"meldpad/rules/msg"

	"github.com/labstack/echo/v5"
)

// An import reads a file of up to MaxImportBody and works on all of it in
// memory (about 175 MB for the 23 MB export of 5,000 games), so imports
// run one at a time and only a few may wait (Limits.ImportQueue).
const (
	// importFormMemory is how much of an upload is kept in memory while
	// it arrives; the rest goes to a temporary file, removed when the
	// request ends.
	importFormMemory = 1 << 20
	// importWait is the longest an admitted import waits for the one
	// before it: a few imports of the largest file.
	importWait = time.Minute
	// importRetry is the Retry-After of a refused import.
	importRetry = 30 * time.Second
	// importUpload is how long an admitted upload may take to arrive (32
	// MiB at 300 KB/s), and importWork how long an import may take once
	// its turn has come; the server's timeouts, meant for forms, are
	// stretched to them.
	importUpload = 2 * time.Minute
	importWork   = time.Minute
)

// importRoute is the import's POST, as routes.go has it.
const importRoute = "/import"

// admitImports gates POST /import before anything reads its body: one
// import running and Limits.ImportQueue waiting are admitted, more are
// refused at once with 503 and Retry-After. An admitted upload is then
// read into a temporary file with only importFormMemory in memory, before
// the CSRF check reads its token (which would otherwise read the whole
// file into memory), and the handler waits its turn (importTurn).
func (s *Server) admitImports() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			if c.Path() != importRoute || c.Request().Method != http.MethodPost {
				return next(c)
			}
			select {
			case s.limits.imports <- struct{}{}:
			default:
				// Refused before anything reads the file. A browser reads
				// the answer only once it has sent the whole file, so the
				// file is read to nowhere (no memory, within the route's
				// body limit and the server's read timeout) to let the
				// phone see the page rather than a broken connection.
				_, _ = io.Copy(io.Discard, c.Request().Body)
				return importBusy(s.limits.ImportQueue).send(c)
			}
			defer func() { <-s.limits.imports }()
			rc := http.NewResponseController(c.Response())
			_ = rc.SetReadDeadline(time.Now().Add(importUpload))
			extendBody(c.Request(), time.Now().Add(importUpload))
			_ = rc.SetWriteDeadline(time.Now().Add(importUpload + importWait + importWork))
			if err := c.Request().ParseMultipartForm(importFormMemory); err != nil {
				if echo.StatusCode(err) != 0 { // over the body limit
					return err
				}
				// Not a file upload, or cut short: the handler says so.
			}
			return next(c)
		}
	}
}

// importTurn waits until no other import runs, and returns the function
// that ends this one's turn. It gives up when the client goes away (the
// context's error) or after importWait (errImportWait).
func (s *Server) importTurn(c *echo.Context) (done func(), err error) {
	timer := time.NewTimer(importWait)
	defer timer.Stop()
	select {
	case s.limits.importing <- struct{}{}:
		return func() { <-s.limits.importing }, nil
	case <-c.Request().Context().Done():
		return nil, c.Request().Context().Err()
	case <-timer.C:
		return nil, errImportWait
	}
}

var errImportWait = errors.New("handlers: waited too long for another import")

// importBusy is the answer when other imports fill the queue.
func importBusy(queue int) refusal {
	textID := "limits.import_busy_text"
	if queue > 0 {
		textID = "limits.import_queue_text"
	}
	return refusal{status: http.StatusServiceUnavailable, retry: importRetry, back: importRoute,
		title:      msg.New("limits.import_busy"),
		message:    msg.New(textID, msg.M("Wait", retryIn(importRetry))),
		apiMessage: "another import is under way", limit: LimitImportQueue}
}
