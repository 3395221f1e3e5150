//go:build unix

package db

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"
)

// lockSole takes an advisory lock (flock) on the database file that no
// second SoleServer may take while this one holds it, waiting until ctx
// ends or soleWait passes for one that holds it to let go (and calling
// waiting, if not nil, when it starts to wait). SQLite's own
// locks are fcntl's, which flock's do not touch. The returned file holds
// the lock until it is closed, which must come after SQLite's
// connections are closed: closing a file descriptor drops every fcntl
// lock the process holds on the file.
func lockSole(ctx context.Context, path string, waiting func()) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("db: open %s to lock it: %w", path, err)
	}
	ctx, cancel := context.WithTimeout(ctx, soleWait)
	defer cancel()
	for tries := 0; ; tries++ {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return f, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			f.Close()
			return nil, fmt.Errorf("db: lock %s: %w", path, err)
		}
		if tries == 0 && waiting != nil {
			waiting()
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, fmt.Errorf("db: %s: %w", path, ErrServedElsewhere)
		case <-time.After(100 * time.Millisecond):
		}
	}
}
