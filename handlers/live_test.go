package handlers

import (
	"bufio"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

var watchLinkRe = regexp.MustCompile(`value="(https?://[^"]+/w/[a-z2-7]{26})"`)

func TestShareAndWatch(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	app.recordPoints(game, "", "18", "")
	share := app.get(game + "/share")
	mustContain(t, share, `<svg class="qr"`, `<path d="M4 4h7v1h-7z`, app.srv.URL+game)
	m := watchLinkRe.FindStringSubmatch(share.body)
	if m == nil {
		t.Fatalf("no spectators' link on the share page")
	}
	watchPath := strings.TrimPrefix(m[1], app.srv.URL)
	if again := watchLinkRe.FindStringSubmatch(app.get(game + "/share").body); again[1] != m[1] {
		t.Errorf("the spectators' link changed between visits")
	}
	watch := app.get(watchPath)
	if watch.status != http.StatusOK {
		t.Fatalf("watch page: %d", watch.status)
	}
	sameTotals(t, watch, "18", "0")
	mustContain(t, watch, "You are watching")
	gameID := strings.TrimPrefix(game, "/g/")
	if strings.Contains(watch.body, gameID) {
		t.Errorf("the spectators' page reveals the game's own link")
	}
	for _, s := range []string{"/hands/", "by points", "Edit"} {
		if strings.Contains(watch.body, s) {
			t.Errorf("the spectators' page offers %q", s)
		}
	}
	if p := app.get("/w/aaaaaaaaaaaaaaaaaaaaaaaaaa"); p.status != http.StatusNotFound {
		t.Errorf("unknown watch link: %d", p.status)
	}
	if p := app.get("/w/" + gameID); p.status != http.StatusNotFound {
		t.Errorf("the game id works as a watch link: %d", p.status)
	}
}

// readEvent reads one server-sent event (name and data), skipping
// heartbeat comments.
func readEvent(t *testing.T, r *bufio.Reader) (string, string) {
	t.Helper()
	var name, data string
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("event stream: %v", err)
		}
		line = strings.TrimRight(line, "\n")
		switch {
		case line == "" && name != "":
			return name, data
		case strings.HasPrefix(line, "event: "):
			name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			data = strings.TrimPrefix(line, "data: ")
		}
	}
}

func TestLiveEvents(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	share := app.get(game + "/share")
	watchPath := strings.TrimPrefix(watchLinkRe.FindStringSubmatch(share.body)[1], app.srv.URL)
	for _, path := range []string{game + "/events", watchPath + "/events"} {
		t.Run(path, func(t *testing.T) {
			resp, err := http.Get(app.srv.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
				t.Fatalf("Content-Type %q", ct)
			}
			r := bufio.NewReader(resp.Body)
			name, first := readEvent(t, r)
			if name != "version" {
				t.Fatalf("first event %q, want version", name)
			}
			done := make(chan struct{})
			go func() {
				defer close(done)
				name, next := readEvent(t, r)
				if name != "changed" || next <= first {
					t.Errorf("after a new deal: event %q version %s, want changed after %s", name, next, first)
				}
			}()
			app.recordPoints(game, "", "10", "")
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				t.Fatal("no event within 5 s of a new deal")
			}
		})
	}
}

func TestCloseStreamsEndsWatchers(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fan", "Ann", "Bob")
	resp, err := http.Get(app.srv.URL + game + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	r := bufio.NewReader(resp.Body)
	readEvent(t, r)
	app.srv.Config.Handler.(*Server).CloseStreams()
	ended := make(chan error, 1)
	go func() {
		_, err := r.ReadString('\n')
		for err == nil {
			_, err = r.ReadString('\n')
		}
		ended <- err
	}()
	select {
	case <-ended:
	case <-time.After(5 * time.Second):
		t.Fatal("the stream stayed open after CloseStreams")
	}
}
