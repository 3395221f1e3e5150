package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
)

// BackupSummary says what a backup holds.
type BackupSummary struct {
	Bytes int64 // the size of the copy
	Games int
	Hands int // not counting deleted hands
}

// Backup writes a consistent copy of the meldpad database at path to out,
// while other processes (a meldpad serving it) read and write it. Copying
// the file itself is not safe: a commit lives in the write-ahead log
// (path-wal) until a checkpoint moves it into the file, so a copy of the
// file alone misses the latest hands, and a copy taken while a checkpoint
// writes is torn. Backup uses SQLite's VACUUM INTO on a read-only
// connection instead: one read transaction, so the copy holds exactly the
// commits made before it began, whatever is written meanwhile, and the
// writers are never held up. The copy is a compact database with nothing
// in a log, usable with -db at once.
//
// It is written to a temporary file in out's directory, checked (PRAGMA
// integrity_check), synced and renamed into place, so a failed backup
// never leaves half a file where a good one was. It is readable by its
// owner only: it holds every game's link.
func Backup(ctx context.Context, path, out string) (BackupSummary, error) {
	if _, err := os.Stat(path); err != nil {
		return BackupSummary{}, fmt.Errorf("db: backup: %w", err)
	}
	// mode=ro: never create, change or migrate the database being copied.
	src, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		return BackupSummary{}, fmt.Errorf("db: backup: open %s: %w", path, err)
	}
	defer src.Close()
	var tables int
	if err := src.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('games', 'hands')`).
		Scan(&tables); err != nil {
		return BackupSummary{}, fmt.Errorf("db: backup: read %s: %w", path, err)
	}
	if tables != 2 {
		return BackupSummary{}, fmt.Errorf("db: backup: %s is not a meldpad database", path)
	}

	tmp, err := os.CreateTemp(filepath.Dir(out), ".meldpad-backup-*") // mode 0600, empty: VACUUM INTO writes into it
	if err != nil {
		return BackupSummary{}, fmt.Errorf("db: backup: %w", err)
	}
	tmpName := tmp.Name()
	defer os.Remove(tmpName) // after the rename there is nothing to remove
	if err := tmp.Close(); err != nil {
		return BackupSummary{}, fmt.Errorf("db: backup: %w", err)
	}
	if _, err := src.ExecContext(ctx, `VACUUM INTO $1`, tmpName); err != nil {
		return BackupSummary{}, fmt.Errorf("db: backup of %s: %w", path, err)
	}
	sum, err := checkCopy(ctx, tmpName)
	if err != nil {
		return BackupSummary{}, err
	}
	if err := syncFile(tmpName); err != nil {
		return BackupSummary{}, fmt.Errorf("db: backup: %w", err)
	}
	if err := os.Rename(tmpName, out); err != nil {
		return BackupSummary{}, fmt.Errorf("db: backup: %w", err)
	}
	// The rename itself reaches the disk with the directory.
	if err := syncFile(filepath.Dir(out)); err != nil {
		return BackupSummary{}, fmt.Errorf("db: backup: %w", err)
	}
	return sum, nil
}

// checkCopy opens a fresh copy read-only, checks it whole and counts what
// it holds.
func checkCopy(ctx context.Context, path string) (BackupSummary, error) {
	cp, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?mode=ro")
	if err != nil {
		return BackupSummary{}, fmt.Errorf("db: backup: open the copy: %w", err)
	}
	defer cp.Close()
	var verdict string
	if err := cp.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&verdict); err != nil {
		return BackupSummary{}, fmt.Errorf("db: backup: check the copy: %w", err)
	}
	if verdict != "ok" {
		return BackupSummary{}, fmt.Errorf("db: backup: the copy fails its integrity check: %s", verdict)
	}
	var sum BackupSummary
	if err := cp.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM hands WHERE deleted_at IS NULL)`).
		Scan(&sum.Games, &sum.Hands); err != nil {
		return BackupSummary{}, fmt.Errorf("db: backup: read the copy: %w", err)
	}
	info, err := os.Stat(path)
	if err != nil {
		return BackupSummary{}, fmt.Errorf("db: backup: %w", err)
	}
	sum.Bytes = info.Size()
	return sum, nil
}

// syncFile flushes a file or a directory to the disk.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	return errors.Join(f.Sync(), f.Close())
}
