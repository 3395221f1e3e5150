//go:build !linux

package handlers

import "time"

// cpuClock measures the time a handler takes, where a thread's processor
// time cannot be read: the time on the clock, which counts a wait for a
// core too and so charges a little more.
type cpuClock struct{ start time.Time }

func startCPUClock() cpuClock { return cpuClock{start: time.Now()} }

func (c cpuClock) stop() time.Duration { return time.Since(c.start) }
