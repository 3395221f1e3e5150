package handlers

import (
	"net/http"
	"path/filepath"
	"testing"
)

// BenchmarkKeptPage measures a refused save end to end (the form posted,
// refused, its page kept, the redirect) and then the GET of the page
// kept ("post"), and a reload of a page kept already ("reload"), the
// read an in-process cache in front of the kept pages would save.
//
//	go test -run '^$' -bench KeptPage -count 5 ./handlers
func BenchmarkKeptPage(b *testing.B) {
	app := openTestAppWith(b, filepath.Join(b.TempDir(), "meldpad.db"),
		Options{Limits: Limits{RateWrites: RateOff, RatePreview: RateOff, RateAPI: RateOff}})
	game := app.createGame("fan", "Ann", "Bob")
	form := formValues(app.get(game + "/hands/new"))
	form["points"] = []string{"12", "7"} // only one may score: refused
	var at string
	b.Run("post", func(b *testing.B) {
		for range b.N {
			p := app.postRaw(game+"/hands", form)
			if p.status != http.StatusSeeOther {
				b.Fatalf("a refused save: %d", p.status)
			}
			at = p.location
			if p := app.get(at); p.status != http.StatusUnprocessableEntity {
				b.Fatalf("its page: %d", p.status)
			}
		}
	})
	b.Run("reload", func(b *testing.B) {
		for range b.N {
			if p := app.get(at); p.status != http.StatusUnprocessableEntity {
				b.Fatalf("its page: %d", p.status)
			}
		}
	})
}
