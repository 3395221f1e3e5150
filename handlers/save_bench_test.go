package handlers

import (
	"fmt"
	"net/http"
	"path/filepath"
	"testing"

	"meldpad/db"
)

// BenchmarkSaveHand measures a save through the server end to end (the
// form posted over HTTP, checked, written, the redirect back), with each
// synchronous mode of the database. ns/op is the time of one save; the
// saves a second are 1e9 / ns/op, one phone after another. Each game
// takes 20 hands, as BenchmarkAddHand's do.
//
//	go test -run '^$' -bench SaveHand -count 5 ./handlers
func BenchmarkSaveHand(b *testing.B) {
	for _, mode := range []string{db.SyncFull, db.SyncNormal} {
		b.Run("sync="+mode, func(b *testing.B) {
			// No rate limit: one address posts far more than 60 forms a minute.
			app := openTestAppWith(b, filepath.Join(b.TempDir(), "meldpad.db"), Options{Limits: Limits{RateWrites: RateOff}}, db.Synchronous(mode))
			var game string
			form := formValues(app.get("/import")) // the CSRF token alone
			form.Set("version", "")                // no stale check: every post is the next hand
			form["points"] = []string{"0", "0"}
			b.ResetTimer()
			for i := range b.N {
				if i%20 == 0 {
					b.StopTimer()
					game = app.createGame("fortune", "Ann", "Bob") // Fortune: 0 + 0 never ends
					b.StartTimer()
				}
				form.Set("token", db.NewID())
				if p := app.post(game+"/hands", form); p.status != http.StatusSeeOther {
					b.Fatalf("save: %d\n%s", p.status, p.body)
				}
			}
		})
	}
}

// BenchmarkAtHands measures a scorepad view and a save by points through
// the server in games already holding 10, 100, 1,000 and 5,000 hands,
// with synchronous=NORMAL so that the disk's syncs do not hide what the
// server spends: a scorepad of a version already rendered is a cache hit
// ("view"), a fresh version a render ("first-view"), and a save should
// cost the same however long the game (it reads the game's stored tally,
// not its hands). The views run first, on the game as it is; each save
// adds a hand, so the game grows by the saves measured (the
// hands-at-end metric), and -benchtime 200x keeps it near its size.
//
//	go test -run '^$' -bench AtHands -benchtime 200x -count 3 ./handlers
func BenchmarkAtHands(b *testing.B) {
	app := openTestAppWith(b, filepath.Join(b.TempDir(), "meldpad.db"),
		Options{Limits: Limits{RateWrites: RateOff, RatePreview: RateOff, RateAPI: RateOff}}, db.Synchronous(db.SyncNormal))
	form := formValues(app.get("/import")) // the CSRF token alone
	form.Set("version", "")                // no stale check: every post is the next hand
	form["points"] = []string{"0", "0"}
	save := func(b *testing.B, game string) {
		form.Set("token", db.NewID())
		if p := app.post(game+"/hands", form); p.status != http.StatusSeeOther {
			b.Fatalf("save: %d\n%s", p.status, p.body)
		}
	}
	for _, n := range []int{10, 100, 1000, 5000} {
		game := app.createGame("fortune", "Ann", "Bob") // Fortune: 0 + 0 never ends
		for range n {
			save(b, game)
		}
		b.Run(fmt.Sprintf("hands=%d/view", n), func(b *testing.B) {
			for b.Loop() {
				if p := app.get(game); p.status != http.StatusOK {
					b.Fatalf("scorepad: %d", p.status)
				}
			}
		})
		b.Run(fmt.Sprintf("hands=%d/first-view", n), func(b *testing.B) {
			for b.Loop() {
				app.srv.Config.Handler.(*Server).pages = newPageCache()
				if p := app.get(game); p.status != http.StatusOK {
					b.Fatalf("scorepad: %d", p.status)
				}
			}
		})
		b.Run(fmt.Sprintf("hands=%d/save", n), func(b *testing.B) {
			for b.Loop() {
				save(b, game)
			}
			b.ReportMetric(float64(n+b.N), "hands-at-end")
		})
	}
}
