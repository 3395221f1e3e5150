package handlers

import (
	"net/http"
	"strings"
	"testing"
)

// TestWriteWithoutVersionIsRefused: a correction posted with a blank or
// 0 version is not saved over another phone's newer one: 422, the typed
// values kept, the message beside the form, and the form carrying the
// hand's version as it is now (finding: a stale correction with
// version= overwrote another phone's).
func TestWriteWithoutVersionIsRefused(t *testing.T) {
	for _, version := range []string{"", "0"} {
		t.Run("version="+version, func(t *testing.T) {
			app := newTestApp(t)
			game := app.createGame("fan", "Ann", "Bob")
			app.mustRecord(game, "", "10", "")
			hand := handLinks(app.get(game))[0]
			stale := formValues(app.get(hand))
			newer := formValues(app.get(hand))
			newer["points"] = []string{"20", ""}
			if p := app.post(hand, newer); p.status != http.StatusSeeOther {
				t.Fatalf("the other phone's correction: %d", p.status)
			}
			stale["points"] = []string{"30", ""}
			stale.Set("version", version)
			p := app.post(hand, stale)
			if p.status != http.StatusUnprocessableEntity {
				t.Errorf("a correction with version=%q: %d, want 422", version, p.status)
			}
			mustContain(t, p, `value="30"`, "without saying which state of the game it was made from", `name="version" value="2"`)
			if !strings.Contains(app.get(game).body, ">20<") {
				t.Errorf("the other phone's correction was overwritten")
			}
		})
	}
}
