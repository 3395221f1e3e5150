package handlers

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"meldpad/static"
)

// serveGzipped serves a static file kept gzipped in the binary (name.gz,
// see static.FS) by its own name: the stored bytes as they are with
// Content-Encoding gzip, to a browser that takes gzip (every one does),
// and unpacked for any other. The phone's referee (meldpad.wasm) is
// such a file: five megabytes, 1.5 once packed at gzip's best level,
// which the gzip middleware (skipped for it) would
// spend tens of milliseconds on for every phone, and pack worse.
func serveGzipped(name, contentType string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		packed, err := fs.ReadFile(static.FS, name+".gz")
		if err != nil {
			return echo.ErrNotFound
		}
		h := c.Response().Header()
		h.Set(echo.HeaderContentType, contentType)
		h.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
		if acceptsGzip(c.Request().Header.Get(echo.HeaderAcceptEncoding)) {
			h.Set(echo.HeaderContentEncoding, "gzip")
			return c.Blob(http.StatusOK, contentType, packed)
		}
		zr, err := gzip.NewReader(bytes.NewReader(packed))
		if err != nil {
			return err
		}
		c.Response().WriteHeader(http.StatusOK)
		if askedHEAD(c.Request()) { // no need to unpack five megabytes
			return nil
		}
		_, err = io.Copy(c.Response(), zr)
		return err
	}
}

// acceptsGzip reports whether an Accept-Encoding header takes gzip: named
// (or "*") and not refused with q=0.
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding != "gzip" && coding != "*" {
			continue
		}
		if q, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if weight, err := strconv.ParseFloat(q, 64); err == nil && weight == 0 {
				return false
			}
		}
		return true
	}
	return false
}
