package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"testing"

	"meldpad/db"
	"meldpad/locale"
)

// editedExport is an export file with change made to its JSON.
func editedExport(t *testing.T, valid []byte, change func(f map[string]any)) []byte {
	t.Helper()
	var f map[string]any
	if err := json.Unmarshal(valid, &f); err != nil {
		t.Fatal(err)
	}
	change(f)
	b, _ := json.Marshal(f)
	return b
}

// brokenFanRecordFile is the export of from's one game (its link is
// game), a Fan deal saved card by card, with the deal's record made
// {"knock_card": 5}: a record no page can show.
func brokenFanRecordFile(t *testing.T, from *testApp) (file []byte, game string) {
	t.Helper()
	game = from.createGame("fan", "Ann", "Bob")
	form := formValues(from.get(game + "/hands/new?by=cards"))
	if p := from.post(game+"/hands", with(form, fanDeal())); p.status != http.StatusSeeOther {
		t.Fatalf("save: %d", p.status)
	}
	archive, err := from.store.ExportAll(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	archive.Games[0].Hands[0].Record = json.RawMessage(`{"knock_card": 5}`)
	var b bytes.Buffer
	if err := archive.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), game
}

// TestImportProblemsInLanguage: the import page lists a bad file's
// problems in the visitor's language, each at its place in the file:
// the import's own (an unknown version, a file that is not JSON), and
// the rules' (an event's settings, points the rules refuse).
func TestImportProblemsInLanguage(t *testing.T) {
	from := newEventApp(t)
	l := from.createLeague("Thursday club", "fan", "trophy")
	playFirstLeagueWeek(from, l)
	valid := []byte(from.get(l.organizer + "/export.json").body)
	edit := func(change func(f map[string]any)) []byte { return editedExport(t, valid, change) }
	hand := func(f map[string]any, g, h int) map[string]any {
		return f["games"].([]any)[g].(map[string]any)["hands"].([]any)[h].(map[string]any)
	}

	app := newTestApp(t)
	acceptLanguage(app, "de-DE,de;q=0.9")
	for _, tc := range []struct {
		name string
		body []byte
		want []string
	}{
		{"empty", []byte{}, []string{"die Datei ist leer"}},
		{"malformed JSON", []byte("{\"meldpad\": 1,\n\"games\": [}"), []string{"Zeile 2, Spalte 11: kein gültiges JSON"}},
		{"unknown version", edit(func(f map[string]any) { f["meldpad"] = 7 }),
			[]string{"meldpad: Version 7 kann dieses meldpad nicht lesen (es liest die Versionen 1 bis 3)"}},
		{"wrong number of points", edit(func(f map[string]any) { hand(f, 2, 1)["points"] = []int{0, 10} }),
			[]string{"games[2].hands[1].points: 2 Werte für 3 Plätze"}},
		{"points the rules refuse", edit(func(f map[string]any) { hand(f, 0, 0)["points"] = []int{60, 5} }),
			[]string{"games[0].hands[0].points: [60 5] sind keine Punkte, die Fan Rummy erlaubt: ", "(N6)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := app.upload("x.json", tc.body)
			if p.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422\n%s", p.status, p.body)
			}
			mustContain(t, p, append([]string{`lang="de"`, "x.json"}, tc.want...)...)
		})
	}
}

// TestImportRulesProblemsInLanguage: a problem the rules find in a file
// (a hand's record, an event's settings) arrives on the import page as
// the rules' message, said in the visitor's language.
func TestImportRulesProblemsInLanguage(t *testing.T) {
	from := newEventApp(t)
	record, _ := brokenFanRecordFile(t, from)

	l := from.createLeague("Friday club", "flathead")
	from.createEvent(l, "flathead", nil, "Ann", "Bob", "Cy", "Dee")
	var f map[string]any
	if err := json.Unmarshal([]byte(from.get(l.organizer+"/export.json").body), &f); err != nil {
		t.Fatal(err)
	}
	settings := f["leagues"].([]any)[0].(map[string]any)["events"].([]any)[0].(map[string]any)["settings"].(map[string]any)
	settings["pairing"] = "swiss" // at tables of 3 to 5
	event, _ := json.Marshal(f)

	app := newTestApp(t)
	acceptLanguage(app, "de")
	for _, tc := range []struct {
		name string
		body []byte
		want string
	}{
		{"a record", record, "games[0].hands[0].record: keine Runde Fan Rummy, wie meldpad sie speichert: knock_card ist "},
		{"an event's settings", event, "leagues[0].events[0].settings.pairing: Schweizer System und Jeder gegen jeden teilen Spieler nur an Zweiertische ein"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := app.upload("x.json", tc.body)
			if p.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422\n%s", p.status, p.body)
			}
			mustContain(t, p, `lang="de"`, tc.want)
		})
	}
}

// TestImportProblemTexts: every problem the import reports reads the
// same in English on its page (the pages' catalog, import.problem.*) as
// in its logs and on the command line (db's own English), whatever its
// values, a Count of 1 and of 2 alike.
func TestImportProblemTexts(t *testing.T) {
	placeholder := regexp.MustCompile(`{{\.([A-Za-z]+)}}`)
	en := locale.English()
	ids := db.ProblemIDs()
	if len(ids) == 0 {
		t.Fatal("no problem ids")
	}
	for _, id := range ids {
		text, one := db.ProblemText(id)
		for _, count := range []int{1, 2} {
			w := db.Words{ID: id, Args: map[string]any{}}
			for _, m := range placeholder.FindAllStringSubmatch(text+one, -1) {
				if m[1] == "Count" {
					w.Args[m[1]] = count
				} else {
					w.Args[m[1]] = "<" + m[1] + ">"
				}
			}
			if got, want := en.Say(problemMessage(w)), w.English(); got != want {
				t.Errorf("import.problem.%s says %q, db says %q", id, got, want)
			}
		}
	}
}
