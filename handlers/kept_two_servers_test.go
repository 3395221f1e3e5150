package handlers

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"meldpad/db"
	"meldpad/db/dbtest"
)

// roundRobin is a load balancer in front of several meldpad servers on
// one database: each request goes to the next server in turn, as
// nginx's upstream does by default. served records which server
// answered each request, in order.
type roundRobin struct {
	backends []*httputil.ReverseProxy
	mu       sync.Mutex
	next     int
	served   []int
}

func (rr *roundRobin) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rr.mu.Lock()
	i := rr.next
	rr.next = (rr.next + 1) % len(rr.backends)
	rr.served = append(rr.served, i)
	rr.mu.Unlock()
	rr.backends[i].ServeHTTP(w, r)
}

// upcoming is the server the next request goes to.
func (rr *roundRobin) upcoming() int {
	rr.mu.Lock()
	defer rr.mu.Unlock()
	return rr.next
}

// last is the server that answered the request before the n-th last
// (0: the last one).
func (rr *roundRobin) last(n int) int {
	rr.mu.Lock()
	defer rr.mu.Unlock()
	return rr.served[len(rr.served)-1-n]
}

// openBalanced starts two meldpad servers on one database (a SQLite file
// both open, or a PostgreSQL schema on that run), each with its own
// store and memory as a process of its own, behind a round-robin
// balancer. The app returned talks to the balancer, with one phone's
// cookies.
func openBalanced(t *testing.T) (*testApp, *roundRobin) {
	t.Helper()
	dsn := dbtest.DSN(t, filepath.Join(t.TempDir(), "meldpad.db"))
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	rr := &roundRobin{}
	var first *db.Store
	for range 2 {
		store, err := db.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(New(StoresOf(store), log, Options{LANAddresses: noLAN}))
		t.Cleanup(func() { srv.Close(); store.Close() })
		u, _ := url.Parse(srv.URL)
		rr.backends = append(rr.backends, httputil.NewSingleHostReverseProxy(u))
		if first == nil {
			first = store
		}
	}
	balancer := httptest.NewServer(rr)
	t.Cleanup(balancer.Close)
	jar, _ := cookiejar.New(nil)
	return &testApp{t: t, srv: balancer, store: first, dbPath: dsn, client: &http.Client{
		Jar:           jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}, rr
}

// TestKeptPageOnEitherServer: behind a round-robin balancer a refused
// save (bad input) and a conflicting save (another phone saved first)
// are each shown, with their message and the entry as typed, at the
// address the POST redirects to, though the GET that follows reaches the
// other server; a reload (the third server in turn, here the first
// again) shows it too.
func TestKeptPageOnEitherServer(t *testing.T) {
	tests := []struct {
		name   string
		post   func(app *testApp, game string) url.Values
		status int
		want   []string
	}{
		{"refused", func(app *testApp, game string) url.Values {
			form := formValues(app.get(game + "/hands/new"))
			form["points"] = []string{"12", "7"}
			return form
		}, http.StatusUnprocessableEntity, []string{"only one player scores", `value="12"`, `value="7"`}},
		{"conflicting", func(app *testApp, game string) url.Values {
			form := formValues(app.get(game + "/hands/new"))
			app.mustRecord(game, "", "20", "") // another phone, first
			form["points"] = []string{"15", ""}
			return form
		}, http.StatusConflict, []string{"another phone saved first", " anyway", `value="15"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			app, rr := openBalanced(t)
			app.t = t
			game := app.createGame("fan", "Ann", "Bob")
			postedTo := -1
			for round := range 2 { // the POST on one server, then the other
				form := tc.post(app, game)
				if rr.upcoming() == postedTo {
					app.get(game) // the phone looks at the scorepad first
				}
				answer := app.postRaw(game+"/hands", form)
				if answer.status != http.StatusSeeOther || !strings.Contains(answer.location, "shown=") {
					t.Fatalf("round %d: the POST answered %d %q, want a redirect to the page shown", round, answer.status, answer.location)
				}
				postedTo = rr.last(0)
				for _, look := range []string{"the GET after the redirect", "a reload"} {
					p := app.get(answer.location)
					if look == "the GET after the redirect" && rr.last(0) == postedTo {
						t.Fatalf("round %d: the balancer sent the GET to the server of the POST", round)
					}
					if p.status != tc.status {
						t.Errorf("round %d, %s on server %d (POST on %d): %d, want %d", round, look, rr.last(0), postedTo, p.status, tc.status)
						continue
					}
					mustContain(t, p, tc.want...)
				}
				if t.Failed() {
					return
				}
			}
		})
	}
}
