package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules"
	"meldpad/scorepad"
)

// maxImportFile is the largest file meldpad -import reads: the export of
// a league of 5,000 games is about 23 MB, so this holds tens of such
// leagues while bounding the memory a wrong file can take. The web import
// takes less (handlers.MaxImportBody).
const maxImportFile int64 = 256 << 20

// exportTo writes everything the database holds (db.Store.ExportAll) to
// path, or to stdout for "-". It writes a temporary file in the same
// directory and renames it into place, so a failed export never leaves
// half a file where a good one was; the file is readable by its owner
// only, because it holds every game's editing link.
func exportTo(ctx context.Context, store *db.Store, path string, stdout io.Writer) error {
	archive, err := store.ExportAll(ctx)
	if err != nil {
		return err
	}
	if path == "-" {
		return archive.WriteJSON(stdout)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".meldpad-export-*") // mode 0600
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	defer os.Remove(tmp.Name()) // after the rename there is nothing to remove
	buf := bufio.NewWriter(tmp)
	if err := errors.Join(archive.WriteJSON(buf), buf.Flush(), tmp.Sync(), tmp.Close()); err != nil {
		return fmt.Errorf("export to %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	players := 0
	for _, l := range archive.Leagues {
		players += len(l.Players)
	}
	fmt.Fprintf(stdout, "exported %s with %s, and %s to %s\n",
		count(len(archive.Leagues), "league"), count(players, "player"), count(len(archive.Games), "game"), path)
	return nil
}

// importFrom imports an export from path, or from stdin for "-", and
// says what it added and the links of each league. A refused file is an
// error listing every problem with its place in the file; nothing was
// written.
func importFrom(ctx context.Context, store *db.Store, path string, stdin io.Reader, stdout io.Writer) error {
	in := stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return fmt.Errorf("import: %w", err)
		}
		defer f.Close()
		in = f
	}
	sum, err := store.Import(ctx, in, maxImportFile, scorepad.ArchiveRules{}, rules.CheckRecordSaying(locale.English().Error))
	var refused *db.ImportError
	if errors.As(err, &refused) {
		return fmt.Errorf("import of %s refused, nothing was imported:\n%s", path, strings.TrimSuffix(refused.Lines(), "\n"))
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "imported %s, %s with %s and %s from %s\n", count(len(sum.Leagues), "league"),
		count(sum.Games, "game"), count(sum.Hands, "hand"), count(sum.Players, "new player"), path)
	for _, l := range sum.Leagues {
		fmt.Fprintf(stdout, "league %q: organizer's page /lo/%s, members' page /l/%s\n", l.Name, l.OrganizerID, l.PublicID)
	}
	return nil
}

// count is "1 game", "2 games".
func count(n int, what string) string {
	if n != 1 {
		what += "s"
	}
	return fmt.Sprintf("%d %s", n, what)
}
