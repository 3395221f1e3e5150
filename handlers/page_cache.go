package handlers

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/labstack/echo/v5"

	"meldpad/locale"
)

// maxCachedPages bounds the page cache: a scorepad of a few hundred hands
// is a few tens of KB, and a server serves a few hundred games at once at
// most.
const maxCachedPages = 512

// pageCache keeps rendered pages that are the same for everyone until
// what they show changes: a scorepad, by its game's version. The key
// names everything the page shows, so a page cached under it is never
// stale; the entry of an older version is simply never asked for again
// and falls out. A page is kept as it is and gzipped, and its ETag lets a
// phone that has it already get a 304.
//
// hashicorp/golang-lru bounds the cache by count with least-recently-used
// eviction, made and kept for exactly this.
type pageCache struct {
	pages *lru.Cache[string, *cachedPage]
}

// cachedPage is one rendered page.
type cachedPage struct {
	etag  string
	plain []byte
	gz    []byte
}

func newPageCache() *pageCache {
	c, _ := lru.New[string, *cachedPage](maxCachedPages) // the size is positive: it cannot fail
	return &pageCache{pages: c}
}

// etagOf is the strong ETag of a page's key.
func etagOf(key string) string {
	sum := sha256.Sum256([]byte(key))
	return `"` + hex.EncodeToString(sum[:12]) + `"`
}

// inLanguage adds the request's language to a page's key: a page names
// its language, and the phone's referee says its verdicts in it, so a
// page is kept once per language.
func inLanguage(c *echo.Context, key string) string {
	return locale.From(c.Request().Context()).Tag() + "|" + key
}

// serve answers from the cache: 304 when the phone's copy is current,
// the page (gzipped when the phone takes it) when cached. It reports
// false when the page is to be rendered (and then given to store).
func (p *pageCache) serve(c *echo.Context, key string) (bool, error) {
	key = inLanguage(c, key)
	etag := etagOf(key)
	if etagMatches(c.Request().Header.Get("If-None-Match"), etag) {
		validators(c, etag)
		return true, c.NoContent(http.StatusNotModified)
	}
	page, ok := p.pages.Get(key)
	if !ok {
		return false, nil
	}
	return true, page.write(c)
}

// store renders the page, keeps it under key and sends it.
func (p *pageCache) store(c *echo.Context, key string, body []byte) error {
	key = inLanguage(c, key)
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.DefaultCompression) // compressed once, sent many times; the best level costs a first view more than it saves
	_, _ = w.Write(body)
	_ = w.Close()
	page := &cachedPage{etag: etagOf(key), plain: body, gz: gz.Bytes()}
	p.pages.Add(key, page)
	return page.write(c)
}

func (page *cachedPage) write(c *echo.Context) error {
	validators(c, page.etag)
	h := c.Response().Header()
	h.Add("Vary", "Accept-Encoding")
	if strings.Contains(c.Request().Header.Get("Accept-Encoding"), "gzip") {
		h.Set("Content-Encoding", "gzip")
		return c.Blob(http.StatusOK, echo.MIMETextHTMLCharsetUTF8, page.gz)
	}
	return c.Blob(http.StatusOK, echo.MIMETextHTMLCharsetUTF8, page.plain)
}

// validators marks an answer that is a cached page: its ETag, and a phone
// may keep it but asks every time (the ETag makes asking cheap). Only
// pages carry them, never an error rendered instead, which a phone would
// otherwise keep under the page's ETag.
func validators(c *echo.Context, etag string) {
	h := c.Response().Header()
	h.Set("ETag", etag)
	h.Set("Cache-Control", "no-cache")
}

// etagMatches reports whether an If-None-Match header names etag (or is
// "*").
func etagMatches(header, etag string) bool {
	for _, part := range strings.Split(header, ",") {
		part = strings.TrimSpace(part)
		if part == etag || part == "*" || strings.TrimPrefix(part, "W/") == etag {
			return true
		}
	}
	return false
}
