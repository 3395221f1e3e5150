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

// readEvent reads one server-sent event (name and data, its data lines
// joined with newlines), skipping heartbeat comments.
func readEvent(t *testing.T, r *bufio.Reader) (string, string) {
	t.Helper()
	var name, data string
	lines := 0
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
			if lines++; lines > 1 {
				data += "\n"
			}
			data += strings.TrimPrefix(line, "data: ")
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
				// First the new scorepad itself, as the page shows it,
				// then the word that the game changed.
				name, pad := readEvent(t, r)
				version, part, _ := strings.Cut(pad, "\n")
				if name != "scorepad" || version <= first || !strings.HasPrefix(part, `<div id="scorepad"`) ||
					!strings.Contains(part, `data-version="`+version+`"`) {
					t.Errorf("after a new deal: event %q, version %s, part %.80q; want the scorepad after %s", name, version, part, first)
				}
				page := app.get(path[:len(path)-len("/events")])
				if want := page.body[strings.Index(page.body, `<div id="scorepad"`):]; !strings.HasPrefix(want, part) {
					t.Errorf("the scorepad the event brings is not the page's:\n%s\n\npage:\n%.2000s", part, want)
				}
				if strings.Contains(path, "/w/") {
					gameID := strings.TrimPrefix(game, "/g/")
					for _, s := range []string{gameID, "/hands/", "Edit"} {
						if strings.Contains(part, s) {
							t.Errorf("the spectators' scorepad event has %q", s)
						}
					}
				}
				name, next := readEvent(t, r)
				if name != "changed" || next != version {
					t.Errorf("after the scorepad: event %q version %s, want changed %s", name, next, version)
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
