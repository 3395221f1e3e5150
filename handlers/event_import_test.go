package handlers

import (
	"net/http"
	"net/url"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

var organizerEventRe = regexp.MustCompile(`href="(/lo/[a-z2-7]{26}/events/[0-9]+)"`)

// TestImportCarriesTheEventNight: a league exported with an event night
// one round in is imported on another meldpad with the event, its
// tables, standings and screen link, and the event goes on there.
func TestImportCarriesTheEventNight(t *testing.T) {
	from := newEventApp(t)
	l := from.createLeague("Friday club", "flathead")
	ev := from.createEvent(l, "flathead", func(f url.Values) { f.Set("rounds", "2") }, "Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus")
	if p := from.seatRound(ev); p.status != http.StatusSeeOther {
		t.Fatalf("seat round 1: %d", p.status)
	}
	for _, link := range tables(from.get(ev)) {
		points := make([]string, seatsOf(t, from, link))
		points[0] = "42"
		from.mustRecord(link, "0", points...)
	}
	before := from.get(ev)
	export := from.get(l.organizer + "/export.json")
	if export.status != http.StatusOK || !strings.Contains(export.body, `"meldpad": 3`) {
		t.Fatalf("export: %d\n%s", export.status, export.body)
	}

	to := newEventApp(t)
	done := to.upload("friday-club.json", []byte(export.body))
	if done.status != http.StatusOK {
		t.Fatalf("import: %d\n%s", done.status, done.body)
	}
	mustContain(t, done, "and 1 event night.")
	m := organizerEventRe.FindStringSubmatch(to.get(l.organizer).body)
	if m == nil {
		t.Fatal("the imported league lists no event")
	}
	after := to.get(m[1])
	if got, want := eventStandings(t, after), eventStandings(t, before); !reflect.DeepEqual(got, want) {
		t.Errorf("imported standings %+v, want %+v", got, want)
	}
	if got, want := tables(after), tables(before); !reflect.DeepEqual(got, want) {
		t.Errorf("imported tables %v, want %v", got, want)
	}
	screen := screenLinkRe.FindStringSubmatch(before.body)
	if screen == nil || to.get(screen[1]).status != http.StatusOK {
		t.Errorf("the screen link does not open on the imported meldpad")
	}
	// The imported event seats its next round (planned again there).
	mustContain(t, after, "Seat round 2")
	if p := to.seatRound(m[1]); p.status != http.StatusSeeOther || !strings.HasSuffix(p.location, "?done=seated") {
		t.Fatalf("seat round 2 on the imported event: %d %s\n%s", p.status, p.location, p.body)
	}
	if n := len(tables(to.get(m[1]))); n != 2 {
		t.Errorf("round 2 of the imported event has %d tables, want 2", n)
	}
}
