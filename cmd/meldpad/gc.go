package main

import "runtime/debug"

// The garbage collector's settings when the environment gives none. A
// scorepad view allocates little that lives (its page is cached once per
// version), so collecting when the heap has grown by 100%, Go's default,
// collected every few milliseconds under load: at 400% a scorepad costs
// about a fifth less CPU and its p99 at 8 connections fell from about
// 4.8 ms to 3.6 ms on the 2-core test machine, for a peak of about
// 135 MB instead of 55 MB in that run. A save costs a little more (5-10%
// in-process, within the noise over HTTP): a larger heap touches more
// memory. A table views its scorepad far more often than it saves. The
// soft limit makes the
// collector work harder as the heap nears it, so a league's import
// (about 175 MB live) peaks near 270 MB resident, not at five times its
// live heap.
const (
	gcPercent   = 400
	memoryLimit = 256 << 20
)

// tuneGC sets gcPercent and memoryLimit, each unless its variable (GOGC,
// GOMEMLIMIT) is set, in which case Go has applied it already.
func tuneGC(getenv func(string) string) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
}
