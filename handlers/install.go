package handlers

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"net/http"

	"github.com/labstack/echo/v5"

	"meldpad/static"
	"meldpad/views"
)

// serviceWorker serves static/sw.js at /sw.js, so that its scope is the
// whole site, with the addresses it fetches when it installs filled in
// (static.Precache and every language's words file), and that of the phone's referee, which it keeps
// when a page asks (a card game's scorepad). Its bytes change with any
// of those files, which is how a phone learns of a new version; it is
// never cached for long.
func (s *Server) serviceWorker(c *echo.Context) error {
	src, err := fs.ReadFile(static.FS, "sw.js")
	if err != nil {
		return err
	}
	list, _ := json.Marshal(append(static.Precache(), views.ScriptWordsURLs()...))
	src = bytes.Replace(src, []byte("const PRECACHE = [];"), append(append([]byte("const PRECACHE = "), list...), ';'), 1)
	referee, _ := json.Marshal(static.URL("meldpad.wasm"))
	src = bytes.Replace(src, []byte(`const REFEREE = "";`), append(append([]byte("const REFEREE = "), referee...), ';'), 1)
	c.Response().Header().Set(echo.HeaderCacheControl, "no-cache")
	return c.Blob(http.StatusOK, "text/javascript; charset=utf-8", src)
}

// webManifest serves the web app manifest, which lets a phone install
// meldpad as an app (name, icons, standalone display).
func (s *Server) webManifest(c *echo.Context) error {
	b, err := fs.ReadFile(static.FS, "manifest.webmanifest")
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "public, max-age=3600")
	return c.Blob(http.StatusOK, "application/manifest+json", b)
}

// scriptWords serves the scripts' words of one language
// (/static/words/de.js, views.ScriptWordsURL); the static files' group
// lets a phone keep it for good under its versioned address.
func scriptWords(c *echo.Context) error {
	body, ok := views.ScriptWordsFile(c.Param("file"))
	if !ok {
		return echo.ErrNotFound
	}
	return c.Blob(http.StatusOK, "text/javascript; charset=utf-8", body)
}
