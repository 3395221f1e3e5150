package main

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"meldpad/db"
)

// serveKillable starts meldpad on the database file in a child process,
// as serveInAnotherProcess does, and returns its base URL and the
// process, for the test to kill.
func serveKillable(t *testing.T, dbPath string, args ...string) (string, *exec.Cmd) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), serveEnv+"="+strings.Join(append([]string{"-db", dbPath, "-addr", "127.0.0.1:0"}, args...), "\n"))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		if m := listeningRe.FindStringSubmatch(lines.Text()); m != nil {
			go func() { _, _ = io.Copy(io.Discard, out) }()
			return "http://" + m[1], cmd
		}
	}
	t.Fatalf("the serving meldpad never said where it listens")
	return "", nil
}

// TestAcknowledgedSavesSurviveKill kills meldpad with SIGKILL three times
// while eight phones save as fast as they can, the saves sharing commits
// (db's group commit): after each restart every game holds every hand
// whose save was acknowledged, and at most one more per kill (a save
// committed whose answer the kill cut off), never one twice.
func TestAcknowledgedSavesSurviveKill(t *testing.T) {
	path := filepath.Join(t.TempDir(), "live.db")
	serverArgs := []string{"-rate-writes", "off"}
	base, cmd := serveKillable(t, path, serverArgs...)
	phones := make([]*phone, 8)
	for i := range phones {
		phones[i] = newPhone(t, base)
	}
	const kills = 3
	for k := range kills {
		stop := make(chan struct{})
		var wg sync.WaitGroup
		for _, p := range phones {
			wg.Go(func() {
				for {
					select {
					case <-stop:
						return
					default:
					}
					if p.record() != nil {
						return // the server is gone
					}
				}
			})
		}
		time.Sleep(time.Duration(400+150*k) * time.Millisecond)
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		close(stop)
		wg.Wait()
		base, cmd = serveKillable(t, path, serverArgs...)
		for _, p := range phones {
			p.base = base
		}
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()

	store, err := db.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	total := int64(0)
	for _, p := range phones {
		g, err := store.Game(context.Background(), strings.TrimPrefix(p.game, "/g/"))
		if err != nil {
			t.Fatal(err)
		}
		hands, err := store.Hands(context.Background(), g.ID)
		if err != nil {
			t.Fatal(err)
		}
		acked := p.acked.Load()
		total += acked
		if n := int64(len(hands)); n < acked || n > acked+kills {
			t.Errorf("game %s: %d hands stored, %d saves acknowledged", p.game, n, acked)
		}
	}
	if total == 0 {
		t.Fatal("no save was acknowledged: the test measured nothing")
	}
	t.Logf("%d kills, %d saves acknowledged, all found", kills, total)
}
