package handlers

import (
	"context"
	"io"
	"mime"
	"strings"
	"unicode"

	"github.com/labstack/echo/v5"

	"meldpad/db"
)

// exportLeague sends the league as a JSON file (db.Archive) that another
// meldpad imports: its games with every hand and revision, its players,
// seasons and both links. It holds each game's editing link, which is why
// only the organizer's page offers it; everything at once is exported on
// the server only (meldpad -export).
//
// It is made once per version of the league and kept (fileCache): a
// league of 5,000 games takes a second of processor time to export.
func (s *Server) exportLeague(c *echo.Context, l db.League) error {
	key := versionKey("export", l.OrganizerID, l.Version)
	download(c, "application/json; charset=utf-8", fileName("json", l.Name))
	return s.keptFile(c, key, func(ctx context.Context, w io.Writer) error {
		archive, err := s.store.Archive.ExportLeague(ctx, l.ID)
		if err != nil {
			return err
		}
		return archive.WriteJSON(w)
	})
}

// download sets the headers of a file to save rather than show. Exports
// hold links or standings at one moment: no cache keeps them.
func download(c *echo.Context, contentType, name string) {
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, contentType)
	h.Set(echo.HeaderContentDisposition, mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	h.Set("Cache-Control", "no-store")
}

// fileName makes a file name of words, a league's name first:
// ("csv", "Thursday club", "standings") -> "thursday-club-standings.csv".
// Letters and digits stay (lower case), anything else becomes one "-".
func fileName(ext string, words ...string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(strings.Join(words, " ")) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	if b.Len() == 0 {
		b.WriteString("league")
	}
	return b.String() + "." + ext
}
