//go:build linux

package handlers

import (
	"runtime"
	"time"

	"golang.org/x/sys/unix"
)

// cpuClock measures the processor time a handler uses: its goroutine is
// locked to its thread for the while, so that the thread's own clock
// (RUSAGE_THREAD) counts its work alone, the garbage collection it
// assists with included, and not the time it waited for a core.
type cpuClock struct{ start time.Duration }

func startCPUClock() cpuClock {
	runtime.LockOSThread()
	return cpuClock{start: threadCPU()}
}

// stop returns the processor time used since start.
func (c cpuClock) stop() time.Duration {
	used := threadCPU() - c.start
	runtime.UnlockOSThread()
	return max(used, 0)
}

func threadCPU() time.Duration {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_THREAD, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
