package handlers

import (
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
			app := openTestAppWith(b, filepath.Join(b.TempDir(), "meldpad.db"), Options{}, db.Synchronous(mode))
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
