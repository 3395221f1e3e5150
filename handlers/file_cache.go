package handlers

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"strings"
	"sync"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/labstack/echo/v5"
)

// maxCachedFileBytes bounds the files kept (exports and CSV files,
// gzipped): the export of a league of 5,000 games is 21 MB, about 3 MB
// gzipped.
const maxCachedFileBytes = 64 << 20

// fileCache keeps the files to download (a league's export, its CSV
// files) gzipped, by a key that names everything they hold (the
// league's version among it), as pageCache keeps pages: a file asked for
// again is sent as it is, computed once per version.
type fileCache struct {
	mu    sync.Mutex
	files *lru.Cache[string, []byte]
	bytes int
}

func newFileCache() *fileCache {
	fc := &fileCache{}
	fc.files, _ = lru.NewWithEvict[string, []byte](256, func(_ string, gz []byte) { fc.bytes -= len(gz) })
	return fc
}

func (fc *fileCache) get(key string) ([]byte, bool) {
	fc.mu.Lock()
	defer fc.mu.Unlock()
	return fc.files.Get(key)
}

// put keeps gz under key, dropping the files used longest ago past
// maxCachedFileBytes.
func (fc *fileCache) put(key string, gz []byte) {
	fc.mu.Lock()
	defer fc.mu.Unlock()
	if len(gz) > maxCachedFileBytes/2 {
		return
	}
	if old, ok := fc.files.Peek(key); ok {
		fc.bytes -= len(old)
	}
	fc.files.Add(key, gz)
	fc.bytes += len(gz)
	for fc.bytes > maxCachedFileBytes {
		fc.files.RemoveOldest()
	}
}

// keptFileRoutes are the routes that answer with kept files, gzipped
// already: echo's gzip must leave them be.
var keptFileRoutes = map[string]bool{
	"/lo/:org/export.json":     true,
	"/l/:league/games.csv":     true,
	"/l/:league/standings.csv": true,
}

// gzipBytes compresses what write writes.
func gzipBytes(write func(w io.Writer) error) ([]byte, error) {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	if err := write(zw); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// sendFile sends a kept file: as it is to a client that takes gzip,
// inflated on the way to one that does not, in one of the heavy reads'
// slots (inflating the export of a league of 5,000 games takes a tenth
// of a second).
func (s *Server) sendFile(c *echo.Context, gz []byte) error {
	h := c.Response().Header()
	h.Add("Vary", "Accept-Encoding")
	if strings.Contains(c.Request().Header.Get("Accept-Encoding"), "gzip") {
		h.Set("Content-Encoding", "gzip")
		c.Response().WriteHeader(http.StatusOK)
		_, err := c.Response().Write(gz)
		return err
	}
	release, err := s.heavy.slot(c.Request().Context())
	if err != nil {
		return err
	}
	defer release()
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return err
	}
	c.Response().WriteHeader(http.StatusOK)
	_, err = io.Copy(c.Response(), zr)
	return err
}

// keptFile answers with the file kept under key, or computes it under
// the heavy gate (limits_heavy.go), keeps it and answers with it. The
// whole answer is one of the address's heavy reads: a file of megabytes
// sent over and over costs, even kept.
func (s *Server) keptFile(c *echo.Context, key string, write func(ctx context.Context, w io.Writer) error) error {
	ctx, release, err := s.heavy.withTurn(c.Request().Context())
	if err != nil {
		return err
	}
	defer release()
	gz, ok := s.files.get(key)
	if !ok {
		v, err := s.heavy.do(ctx, key, func(ctx context.Context) (any, error) {
			if gz, ok := s.files.get(key); ok {
				return gz, nil
			}
			gz, err := gzipBytes(func(w io.Writer) error { return write(ctx, w) })
			if err != nil {
				return nil, err
			}
			s.files.put(key, gz)
			return gz, nil
		})
		if err != nil {
			return err
		}
		gz = v.([]byte)
	}
	return s.sendFile(c, gz)
}
