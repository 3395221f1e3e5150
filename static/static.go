// Package static holds meldpad's stylesheet, scripts and icons, embedded so
// the binary alone serves them.
package static

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"strings"
)

// The phone's referee (cmd/meldpad-wasm) is built into meldpad.wasm.gz,
// with the Go toolchain's wasm_exec.js beside it; CI checks that this
// leaves the tree unchanged.
//go:generate go run ../cmd/meldpad-wasm/gen

// FS holds the files served under /static/. A file kept gzipped
// (meldpad.wasm.gz) is served by the name without .gz.
//
//go:embed *.css *.svg *.js *.png *.webmanifest *.wasm.gz
var FS embed.FS

// versions maps each file to a short hash of its content, computed once.
var versions = func() map[string]string {
	out := map[string]string{}
	entries, _ := fs.ReadDir(FS, ".")
	for _, e := range entries {
		b, err := fs.ReadFile(FS, e.Name())
		if err != nil {
			continue
		}
		sum := sha256.Sum256(b)
		out[strings.TrimSuffix(e.Name(), ".gz")] = hex.EncodeToString(sum[:4])
	}
	return out
}()

// URL returns the path of a static file with its content hash, so that
// pages can let browsers cache it for good and still get a new file after
// an upgrade: "/static/app.css?v=1a2b3c4d".
func URL(name string) string {
	return "/static/" + name + "?v=" + versions[name]
}

// Precache lists the addresses a page needs to work with no network (its
// styles, scripts and icon, with their content hashes), for the service
// worker to fetch when it installs (sw.js). The worker itself, the app's
// install icons and anything fetched only when needed are left out.
func Precache() []string {
	var out []string
	for _, pattern := range []string{"*.css", "*.js", "icon.svg"} {
		names, _ := fs.Glob(FS, pattern)
		for _, name := range names {
			if name != "sw.js" {
				out = append(out, URL(name))
			}
		}
	}
	return out
}
