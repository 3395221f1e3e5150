package handlers

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"meldpad/db"
	"meldpad/db/dbtest"
)

// openTwoServers starts two meldpad servers on one database, SQLite's
// file or PostgreSQL's, as two processes behind a load balancer: each
// its own store and caches, the phone's client shared.
func openTwoServers(t *testing.T) (a, b *testApp) {
	t.Helper()
	dsn := dbtest.DSN(t, filepath.Join(t.TempDir(), "meldpad.db"))
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	open := func() *testApp {
		store, err := db.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		app := &testApp{t: t, srv: httptest.NewServer(New(StoresOf(store), log, Options{LANAddresses: noLAN})), store: store, dbPath: dsn, client: client}
		t.Cleanup(app.close)
		return app
	}
	return open(), open()
}

// savePoints posts a hand by points from form, a new hand's form as the
// phone got it.
func savePoints(app *testApp, game string, form map[string][]string, points ...string) page {
	v := make(map[string][]string, len(form)+1)
	for k, vs := range form {
		v[k] = vs
	}
	v["points"] = points
	return app.post(game+"/hands", v)
}

// TestSaveAfterAnotherServerWrote: a server keeps each game as its last
// save there left it, and judges the next save against that copy; when
// another server wrote the game meanwhile, the save is judged on the
// game as it now is. A phone behind (its form made before the other
// server's save) is told what changed, and nothing is saved; a phone up
// to date saves a hand that counts the other server's (Fan Rummy's
// totals and end at 100, N8). No hand is lost or saved twice.
func TestSaveAfterAnotherServerWrote(t *testing.T) {
	serverA, serverB := openTwoServers(t)
	game := serverA.createGame("fan", "Ann", "Bob")
	if p := serverA.recordPoints(game, "", "40", ""); p.status != http.StatusSeeOther {
		t.Fatalf("save through server A: %d\n%s", p.status, p.body)
	}
	behind := formValues(serverA.get(game + "/hands/new")) // at the version server A's save left
	if p := serverB.recordPoints(game, "", "50", ""); p.status != http.StatusSeeOther {
		t.Fatalf("save through server B: %d\n%s", p.status, p.body)
	}

	p := savePoints(serverA, game, behind, "5", "")
	if p.status != http.StatusConflict {
		t.Fatalf("a form made before server B's save, posted to server A: %d, want 409\n%s", p.status, p.body)
	}
	mustContain(t, p, "Ann +50") // the other server's hand, read, not the copy's
	sameTotals(t, serverA.get(game), "90", "0")

	upToDate := formValues(serverB.get(game + "/hands/new"))
	if p := savePoints(serverA, game, upToDate, "20", ""); p.status != http.StatusSeeOther {
		t.Fatalf("an up-to-date form posted to server A: %d\n%s", p.status, p.body)
	}
	for _, server := range []*testApp{serverA, serverB} {
		p := server.get(game)
		sameTotals(t, p, "110", "0")
		if n := len(handLinks(p)); n != 3 {
			t.Errorf("%d deals on %s, want 3", n, server.srv.URL)
		}
		mustContain(t, p, "Ann wins with 110")
	}
}

// TestSaveKeptGameEndedElsewhere: a game another server's save ended
// refuses any entry as over (N8: Fan Rummy ends at 100), even one the
// game as this server kept it would have refused for its numbers (N6:
// one player scores), and shows who won.
func TestSaveKeptGameEndedElsewhere(t *testing.T) {
	serverA, serverB := openTwoServers(t)
	game := serverA.createGame("fan", "Ann", "Bob")
	if p := serverA.recordPoints(game, "", "40", ""); p.status != http.StatusSeeOther {
		t.Fatalf("save through server A: %d\n%s", p.status, p.body)
	}
	behind := formValues(serverA.get(game + "/hands/new"))
	if p := serverB.recordPoints(game, "", "70", ""); p.status != http.StatusSeeOther {
		t.Fatalf("save through server B: %d\n%s", p.status, p.body)
	}
	p := savePoints(serverA, game, behind, "5", "5")
	if p.status != http.StatusConflict {
		t.Fatalf("an entry to a game ended through server B, posted to server A: %d, want 409 (over)\n%s", p.status, p.body)
	}
	mustContain(t, p, "The game is over: Ann has won. Nothing was saved.")
	sameTotals(t, serverA.get(game), "110", "0")
}

// TestSaveKeptGameDeletedElsewhere: a game deleted through another
// server takes no hand through the server that kept it; the save is
// answered as the game as read says (its link leads to the deleted
// game's page), and nothing is written.
func TestSaveKeptGameDeletedElsewhere(t *testing.T) {
	serverA, serverB := openTwoServers(t)
	game := serverA.createGame("fan", "Ann", "Bob")
	if p := serverA.recordPoints(game, "", "40", ""); p.status != http.StatusSeeOther {
		t.Fatalf("save through server A: %d\n%s", p.status, p.body)
	}
	form := formValues(serverA.get(game + "/hands/new"))
	if p := serverB.post(game+"/delete", formValues(serverB.get(game+"/delete"))); p.status != http.StatusSeeOther {
		t.Fatalf("delete through server B: %d\n%s", p.status, p.body)
	}
	if p := savePoints(serverA, game, form, "5", ""); p.status == http.StatusSeeOther && !strings.Contains(p.location, "shown=") {
		t.Fatalf("a save to a game deleted elsewhere was taken: %d %s", p.status, p.location)
	}
	g, err := serverB.store.GameEvenDeleted(context.Background(), strings.TrimPrefix(game, "/g/"))
	if err != nil {
		t.Fatal(err)
	}
	if hands, err := serverB.store.Hands(context.Background(), g.ID); err != nil || len(hands) != 1 {
		t.Errorf("%d hands (%v), want 1: a hand saved to a deleted game", len(hands), err)
	}
}

// TestSavesOnTwoServersKeepEveryHand: phones saving to two games through
// two servers at once, each post to either server, each phone with the
// form of the version it last saw: every hand a phone was told was saved
// is there once, none that was refused, in each game and no other (run
// with -race).
func TestSavesOnTwoServersKeepEveryHand(t *testing.T) {
	serverA, serverB := openTwoServers(t)
	servers := []*testApp{serverA, serverB}
	games := []string{serverA.createGame("fan", "Ann", "Bob"), serverB.createGame("fan", "Cy", "Di")}
	const phones, saves = 2, 6
	saved := make([][]int, len(games)) // the points each game's phones were told were saved
	var mu sync.Mutex
	var wg sync.WaitGroup
	for g, game := range games {
		for ph := range phones {
			// The phone's own client, for the server each of its posts reaches.
			jar, _ := cookiejar.New(nil)
			client := &http.Client{Jar: jar, CheckRedirect: serverA.client.CheckRedirect}
			on := make([]*testApp, len(servers))
			for i, server := range servers {
				phone := *server
				phone.client = client
				on[i] = &phone
			}
			wg.Go(func() {
				for n := range saves {
					server := on[(ph+n)%2]
					points := 1 + ph*3 + n // 60 in all for each game: Fan Rummy goes on (N8)
					for try := 0; ; try++ {
						form := formValues(on[(ph+n+try)%2].get(game + "/hands/new"))
						p := savePoints(server, game, form, "", strconv.Itoa(points))
						if p.status == http.StatusSeeOther && !strings.Contains(p.location, "shown=") {
							mu.Lock()
							saved[g] = append(saved[g], points)
							mu.Unlock()
							break
						}
						if p.status != http.StatusConflict || try == 20 {
							t.Errorf("game %d, phone %d, save %d: %d\n%s", g, ph, n, p.status, p.body)
							return
						}
					}
				}
			})
		}
	}
	wg.Wait()
	for g, game := range games {
		sum := 0
		for _, p := range saved[g] {
			sum += p
		}
		for _, server := range servers {
			p := server.get(game)
			if n := len(handLinks(p)); n != len(saved[g]) {
				t.Errorf("game %d on %s: %d deals, %d saved", g, server.srv.URL, n, len(saved[g]))
			}
			sameTotals(t, p, "0", strconv.Itoa(sum))
		}
	}
}
