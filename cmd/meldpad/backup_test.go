package main

import (
	"bufio"
	"context"
	"database/sql"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"meldpad/db"
)

// serveEnv, set in a test binary's environment, makes it a meldpad
// serving with these arguments (separated by newlines) until SIGTERM: a
// second process on the same database file, as in production.
const serveEnv = "MELDPAD_TEST_SERVE"

func TestMain(m *testing.M) {
	if args := os.Getenv(serveEnv); args != "" {
		ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
		err := run(ctx, strings.Split(args, "\n"), func(string) string { return "" }, os.Stdin, os.Stdout)
		stop()
		if err != nil {
			fmt.Fprintln(os.Stderr, "meldpad:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

var listeningRe = regexp.MustCompile(`msg="meldpad listening" addr=(\S+)`)

// serveInAnotherProcess starts meldpad on the database file in a child
// process and returns its base URL; the child is stopped at the test's
// end.
func serveInAnotherProcess(t *testing.T, dbPath string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), serveEnv+"="+strings.Join([]string{"-db", dbPath, "-addr", "127.0.0.1:0"}, "\n"))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
	})
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		if m := listeningRe.FindStringSubmatch(lines.Text()); m != nil {
			go func() { _, _ = io.Copy(io.Discard, out) }()
			return "http://" + m[1]
		}
	}
	t.Fatalf("the serving meldpad never said where it listens")
	return ""
}

// phone records hands on one game of a meldpad over HTTP, counting the
// hands whose save was acknowledged (the redirect back to the scorepad).
type phone struct {
	base, game string
	client     *http.Client
	acked      atomic.Int64
}

func newPhone(t *testing.T, base string) *phone {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	p := &phone{base: base, client: &http.Client{Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	// An open game by points: it takes any whole numbers (P2) and ends
	// only when the table says (P3), which these phones never do.
	form, err := p.form("/games/new?game=points")
	if err != nil {
		t.Fatal(err)
	}
	form["players"] = []string{"Ann", "Bob"}
	form["name"], form["end"], form["wins"] = []string{"Tally"}, []string{"open"}, []string{"highest"}
	resp, err := p.client.PostForm(base+"/games", form)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if p.game = resp.Header.Get("Location"); resp.StatusCode != http.StatusSeeOther || p.game == "" {
		t.Fatalf("start a game: %d", resp.StatusCode)
	}
	return p
}

var hiddenRe = regexp.MustCompile(`<input type="hidden" name="([a-z0-9_]+)" value="([^"]*)"`)

// form reads a page's hidden inputs.
func (p *phone) form(path string) (url.Values, error) {
	resp, err := p.client.Get(p.base + path)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	v := url.Values{}
	for _, m := range hiddenRe.FindAllStringSubmatch(string(body), -1) {
		v.Set(m[1], m[2])
	}
	return v, nil
}

// record saves one hand by points, counting it once acknowledged. A
// server that asks the phone to slow down (429) is not an error: the
// phone waits as told and saves again.
func (p *phone) record() error {
	form, err := p.form(p.game + "/hands/new")
	if err != nil {
		return err
	}
	form["points"] = []string{"0", "0"} // an open game by points never ends
	for {
		resp, err := p.client.PostForm(p.base+p.game+"/hands", form)
		if err != nil {
			return err
		}
		resp.Body.Close()
		switch resp.StatusCode {
		case http.StatusSeeOther:
			// A refused form is a 303 too, to the page kept for it
			// (?shown=): only a 303 to the scorepad acknowledges a save.
			if loc := resp.Header.Get("Location"); strings.Contains(loc, "shown=") {
				return fmt.Errorf("save refused: see %s", loc)
			}
			p.acked.Add(1)
			return nil
		case http.StatusTooManyRequests:
			wait, _ := time.ParseDuration(resp.Header.Get("Retry-After") + "s")
			time.Sleep(max(wait, 100*time.Millisecond))
		default:
			return fmt.Errorf("save: status %d", resp.StatusCode)
		}
	}
}

// TestBackupWhileAnotherProcessWrites takes backups of a database that
// another meldpad process is serving and writing to, as fast as three
// phones can save. Each copy opens, passes PRAGMA integrity_check, holds
// every hand acknowledged before its backup began, and serves as -db at
// once.
func TestBackupWhileAnotherProcessWrites(t *testing.T) {
	dir := t.TempDir()
	live := filepath.Join(dir, "live.db")
	base := serveInAnotherProcess(t, live)
	phones := []*phone{newPhone(t, base), newPhone(t, base), newPhone(t, base)}

	stop := make(chan struct{})
	var writers sync.WaitGroup
	writeErrs := make(chan error, len(phones))
	for _, p := range phones {
		writers.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				if err := p.record(); err != nil {
					writeErrs <- err
					return
				}
			}
		})
	}
	for i := range 5 {
		time.Sleep(150 * time.Millisecond)
		acked := make([]int64, len(phones))
		for k, p := range phones {
			acked[k] = p.acked.Load()
		}
		out := filepath.Join(dir, fmt.Sprintf("copy-%d.db", i))
		said, err := meldpadCommand(t, "", "-db", live, "-backup", out)
		if err != nil {
			t.Fatalf("backup %d: %v", i, err)
		}
		if !strings.Contains(said, "backed up "+live+" to "+out+": 3 games with") {
			t.Errorf("backup %d said %q", i, said)
		}
		checkBackup(t, out, phones, acked)
	}
	close(stop)
	writers.Wait()
	close(writeErrs)
	for err := range writeErrs {
		t.Errorf("a phone's save failed during the backups: %v", err)
	}
	for _, p := range phones {
		if n := p.acked.Load(); n < 5 {
			t.Errorf("only %d hands saved on %s during the backups: the writes were not concurrent", n, p.game)
		}
		t.Logf("%s: %d hands saved", p.game, p.acked.Load())
	}
}

// checkBackup checks a copy: mode, integrity, the acknowledged hands of
// each phone's game, and that meldpad opens it as its database.
func checkBackup(t *testing.T, path string, phones []*phone, acked []int64) {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 {
		t.Errorf("%s is %v; want it readable by its owner only", path, info.Mode().Perm())
	}
	raw, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	var verdict string
	if err := raw.QueryRow(`PRAGMA integrity_check`).Scan(&verdict); err != nil || verdict != "ok" {
		t.Errorf("%s: integrity_check %q, %v", path, verdict, err)
	}
	raw.Close()
	ctx := context.Background()
	store, err := db.Open(ctx, path)
	if err != nil {
		t.Fatalf("the copy does not open as a meldpad database: %v", err)
	}
	defer store.Close()
	for k, p := range phones {
		g, err := store.Game(ctx, strings.TrimPrefix(p.game, "/g/"))
		if err != nil {
			t.Fatalf("%s: %v", p.game, err)
		}
		hands, err := store.Hands(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if int64(len(hands)) < acked[k] {
			t.Errorf("%s holds %d hands of %s; %d were acknowledged before the backup began", path, len(hands), p.game, acked[k])
		}
		for i, h := range hands {
			if h.Seq != i+1 {
				t.Errorf("%s: hand %d has seq %d: a hand is missing", path, i+1, h.Seq)
				break
			}
		}
	}
	if err := store.Ping(ctx); err != nil {
		t.Errorf("the copy, opened as -db, cannot be written: %v", err)
	}
}

func TestBackupRefuses(t *testing.T) {
	dir := t.TempDir()
	notMeldpad := filepath.Join(dir, "other.db")
	other, _ := sql.Open("sqlite", "file:"+notMeldpad)
	if _, err := other.Exec(`CREATE TABLE t (x)`); err != nil {
		t.Fatal(err)
	}
	other.Close()
	meldpadDB := filepath.Join(dir, "meldpad.db")
	store, err := db.Open(context.Background(), meldpadDB)
	if err != nil {
		t.Fatal(err)
	}
	store.Close()
	text := filepath.Join(dir, "notes.txt")
	_ = os.WriteFile(text, []byte("not a database"), 0o644)
	tests := []struct {
		name, db, out, want string
	}{
		{"a missing database", filepath.Join(dir, "missing.db"), filepath.Join(dir, "a.db"), "no such file"},
		{"another SQLite file", notMeldpad, filepath.Join(dir, "b.db"), "not a meldpad database"},
		{"not a database", text, filepath.Join(dir, "c.db"), "not a database"},
		{"into a missing directory", meldpadDB, filepath.Join(dir, "nowhere", "d.db"), "no such file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := meldpadCommand(t, "", "-db", tc.db, "-backup", tc.out)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("%v, want an error saying %q", err, tc.want)
			}
			if _, err := os.Stat(tc.out); !os.IsNotExist(err) {
				t.Errorf("a refused backup left %s", tc.out)
			}
			if _, err := os.Stat(filepath.Join(dir, "missing.db")); !os.IsNotExist(err) {
				t.Errorf("the backup created the database it was to copy")
			}
		})
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".meldpad-backup-") {
			t.Errorf("a temporary file was left: %s", e.Name())
		}
	}
}

func TestParseConfigBackupAndSync(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	tests := []struct {
		name     string
		args     []string
		env      map[string]string
		wantSync string
		wantErr  bool
	}{
		{"backup", []string{"-backup", "copy.db"}, nil, db.SyncFull, false},
		{"backup ignores a bad addr", []string{"-backup", "copy.db", "-addr", "nonsense"}, nil, db.SyncFull, false},
		{"backup and export at once", []string{"-backup", "copy.db", "-export", "all.json"}, nil, "", true},
		{"backup and import at once", []string{"-backup", "copy.db", "-import", "all.json"}, nil, "", true},
		{"sync by default", nil, nil, db.SyncFull, false},
		{"sync normal", []string{"-sync", "normal"}, nil, db.SyncNormal, false},
		{"sync in capitals", []string{"-sync", "FULL"}, nil, db.SyncFull, false},
		{"sync from the environment", nil, map[string]string{"MELDPAD_SYNC": "normal"}, db.SyncNormal, false},
		{"the flag wins", []string{"-sync", "full"}, map[string]string{"MELDPAD_SYNC": "normal"}, db.SyncFull, false},
		{"sync off is refused", []string{"-sync", "off"}, nil, "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := parseConfig(tc.args, env(tc.env), io.Discard)
			if tc.wantErr {
				if err == nil {
					t.Fatalf("parseConfig(%v) = %+v, want an error", tc.args, cfg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if sync, _ := cfg.syncMode(); sync != tc.wantSync {
				t.Errorf("sync %q, want %q", sync, tc.wantSync)
			}
		})
	}
}
