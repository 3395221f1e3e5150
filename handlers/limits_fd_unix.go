//go:build unix

package handlers

import (
	"math"
	"syscall"
)

// openFileLimit is the process's limit on open files (RLIMIT_NOFILE, the
// soft limit, which Go raises to the hard one at start).
func openFileLimit() (int, bool) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0, false
	}
	return int(min(uint64(lim.Cur), math.MaxInt32)), true
}
