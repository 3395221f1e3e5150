package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"meldpad/db"
)

// backupTo writes a consistent copy of the database at path to out
// (db.Backup), safe while another meldpad serves and writes the same
// file, and says what the copy holds.
func backupTo(ctx context.Context, path, out string, stdout io.Writer) error {
	if db.IsPostgres(path) {
		return errors.New("backup: -backup copies a SQLite file; back up PostgreSQL with its own tools (pg_dump), or move everything with -export")
	}
	sum, err := db.Backup(ctx, path, out)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backed up %s to %s: %s with %s, %.1f MB\n", path, out,
		count(sum.Games, "game"), count(sum.Hands, "hand"), float64(sum.Bytes)/1e6)
	return nil
}
