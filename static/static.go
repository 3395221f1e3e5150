// Package static holds meldpad's stylesheet, scripts and icons, embedded so
// the binary alone serves them.
package static

import "embed"

// FS holds the files served under /static/.
//
//go:embed *.css *.svg
var FS embed.FS
