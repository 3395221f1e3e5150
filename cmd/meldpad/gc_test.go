package main

import (
	"math"
	"runtime/debug"
	"testing"
)

func TestTuneGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	env := func(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }

	tuneGC(env(nil))
	if got := debug.SetGCPercent(100); got != gcPercent {
		t.Errorf("without GOGC: GC percent %d, want %d", got, gcPercent)
	}
	if got := debug.SetMemoryLimit(math.MaxInt64); got != memoryLimit {
		t.Errorf("without GOMEMLIMIT: memory limit %d, want %d", got, memoryLimit)
	}

	// Go has applied the variables already; meldpad leaves them be.
	tuneGC(env(map[string]string{"GOGC": "50", "GOMEMLIMIT": "1GiB"}))
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC set: GC percent changed to %d", got)
	}
	if got := debug.SetMemoryLimit(math.MaxInt64); got != math.MaxInt64 {
		t.Errorf("with GOMEMLIMIT set: memory limit changed to %d", got)
	}
}
