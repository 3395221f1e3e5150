package handlers

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/csv"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"meldpad/db"
	"meldpad/rules/standings"
	"meldpad/scorepad"
)

// upload posts a file through the import form, as a browser would.
func (a *testApp) upload(name string, content []byte) page {
	a.t.Helper()
	form := formValues(a.get("/import"))
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	_ = w.WriteField("_csrf", form.Get("_csrf"))
	if name != "" {
		fw, _ := w.CreateFormFile("file", name)
		_, _ = fw.Write(content)
	}
	_ = w.Close()
	req, _ := http.NewRequest(http.MethodPost, a.srv.URL+"/import", &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	return a.do(req)
}

// server is the app's *Server, to compare what its pages are computed
// from.
func (a *testApp) server() *Server { return serverOf(a.srv.Config.Handler) }

// rows counts the rows of every table an import writes, read from the
// database itself.
func (a *testApp) rows() map[string]int {
	a.t.Helper()
	driver, dsn := "sqlite", "file:"+a.dbPath+"?mode=ro"
	if db.IsPostgres(a.dbPath) {
		driver, dsn = "pgx", a.dbPath
	}
	conn, err := sql.Open(driver, dsn)
	if err != nil {
		a.t.Fatal(err)
	}
	defer conn.Close()
	counts := map[string]int{}
	for _, table := range []string{"players", "leagues", "seasons", "league_members", "games", "seats", "hands", "revisions"} {
		var n int
		if err := conn.QueryRow(`SELECT count(*) FROM ` + table).Scan(&n); err != nil {
			a.t.Fatal(err)
		}
		counts[table] = n
	}
	return counts
}

// seededLeague is a league made by db.SeedLeague (Ann, Bob, Cy, Dee, Eve,
// Fay; points hands) with, started from its page, a Fan Rummy game, a
// Fortune Rummy game and a Trophy Case game each with a hand entered card
// by card on its sheet, one hand deleted, and each played to its end.
func seededLeague(t *testing.T, app *testApp) league {
	t.Helper()
	l, err := scorepad.SeedLeague(context.Background(), app.store, scorepad.SeedOptions{Name: "Thursday club", Players: 6, Games: 40, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	lg := league{members: "/l/" + l.PublicID, organizer: "/lo/" + l.OrganizerID}
	saveSheet := func(game string, form url.Values) {
		t.Helper()
		form.Set("action", "save")
		if p := app.post(game+"/hands", form); p.status != http.StatusSeeOther {
			t.Fatalf("save a hand card by card in %s: %d\n%s", game, p.status, p.body)
		}
	}

	// Fan: Ann goes gin (98 with the bonus, N6), then a deal by points
	// is deleted, and Ann's 100 more ends it (N8).
	fan := app.startLeagueGame(lg, "fan", "Ann", "Bob")
	sheet := formValues(app.get(fan + "/hands/new?by=cards"))
	for k, v := range map[string]string{"knock_card": "5h", "knocker": "0",
		"hand_0": "as 2s 3s 4h 4d 4c 7c 8c 9c 10c", "hand_1": "ks kh 5d 6d 2h 9h jd qc 3d 8s"} {
		sheet.Set(k, v)
	}
	saveSheet(fan, sheet)
	app.mustRecord(fan, "", "0", "7")
	links := handLinks(app.get(fan))
	del := formValues(app.get(links[1] + "/delete"))
	if p := app.post(links[1]+"/delete", del); p.status != http.StatusSeeOther {
		t.Fatalf("delete a hand: %d\n%s", p.status, p.body)
	}
	app.mustRecord(fan, "", "100", "0")

	// Fortune: the API's example hand card by card (+95, -70), then 500.
	fortune := app.startLeagueGame(lg, "fortune", "Cy", "Dee")
	saveSheet(fortune, app.fortuneSheet(fortune, fortuneExample))
	app.mustRecord(fortune, "", "500", "0")

	// Trophy Case: the API's example trick card by card, then 30 for Bob.
	trophy := app.startLeagueGame(lg, "trophy", "Eve", "Fay", "Ann", "Bob")
	saveSheet(trophy, trickForm(app, trophy, "1", play{"1", "3 Lamps"}, play{"2", "8 Fromps"}, play{"3", "fold"}, play{"0", "Grue"}))
	app.mustRecord(trophy, "1", "0", "30", "0", "0")
	for _, g := range []string{fan, fortune, trophy} {
		if !strings.Contains(app.get(g).body, `<div class="banner" role="status">🏆`) {
			t.Fatalf("%s did not finish", g)
		}
	}
	return lg
}

// TestImportReproducesTheLeague exports a league from its organizer's
// page, imports it on another meldpad through the import page, and
// compares: the standings of every scope (every column; ratings to the
// last bit), the standings and games CSV files byte for byte, and every
// game's hands with their records and history.
func TestImportReproducesTheLeague(t *testing.T) {
	from := newTestApp(t)
	l := seededLeague(t, from)

	p := from.get(l.organizer)
	mustContain(t, p, `href="`+l.organizer+`/export.json"`, `href="`+l.members+`/standings.csv"`)
	export := from.get(l.organizer + "/export.json")
	if export.status != http.StatusOK {
		t.Fatalf("export: %d", export.status)
	}
	// The members' link does not export: the file holds the games' links.
	if p := from.get("/lo/" + strings.TrimPrefix(l.members, "/l/") + "/export.json"); p.status != http.StatusForbidden {
		t.Errorf("export by the members' link: %d, want 403", p.status)
	}
	if p := from.get(l.members + "/export.json"); p.status != http.StatusNotFound {
		t.Errorf("%s/export.json: %d, want 404", l.members, p.status)
	}

	to := newTestApp(t)
	done := to.upload("thursday-club.json", []byte(export.body))
	if done.status != http.StatusOK {
		t.Fatalf("import: %d\n%s", done.status, done.body)
	}
	mustContain(t, done, "Imported", "1 league,", "43 games with", "6 new players", `href="`+l.organizer+`"`, `href="`+l.members+`"`)

	// Standings: the same table for every scope, ratings to the last bit.
	ctx := context.Background()
	la, _ := from.store.League(ctx, strings.TrimPrefix(l.members, "/l/"))
	lb, _ := to.store.League(ctx, strings.TrimPrefix(l.members, "/l/"))
	da, err := from.server().league(ctx, la)
	if err != nil {
		t.Fatal(err)
	}
	db2, err := to.server().league(ctx, lb)
	if err != nil {
		t.Fatal(err)
	}
	scopes := []standings.Scope{{}, {Rules: "fan"}, {Rules: "fortune"}, {Rules: "trophy"}, {Rules: "blackheart"}, {Rules: "flathead"}}
	queries := []string{"", "?game=fan", "?game=fortune", "?game=trophy", "?game=blackheart", "?game=flathead"}
	for i, sn := range la.Seasons {
		scopes = append(scopes, standings.Scope{Season: sn.ID})
		if lb.Seasons[i].Name != sn.Name {
			t.Fatalf("season %d: %q, want %q", i, lb.Seasons[i].Name, sn.Name)
		}
		queries = append(queries, "?season="+strconv.FormatInt(sn.ID, 10))
	}
	for _, scope := range scopes {
		ta, tb := da.table(scope), db2.table(scope)
		if len(ta.Rows) == 0 || len(ta.Rows) != len(tb.Rows) || len(ta.Games) != len(tb.Games) {
			t.Fatalf("%+v: %d rows of %d games, want %d of %d", scope, len(tb.Rows), len(tb.Games), len(ta.Rows), len(ta.Games))
		}
		byName := map[string]standings.Row{}
		for _, rb := range tb.Rows {
			byName[db2.name(rb.Player)] = rb
		}
		for _, ra := range ta.Rows {
			rb, ok := byName[da.name(ra.Player)]
			rb.Player = ra.Player // players' row ids may differ between meldpads
			if !ok || !reflect.DeepEqual(ra, rb) {
				t.Errorf("%+v: %s imported as %+v, want %+v", scope, da.name(ra.Player), rb, ra)
			}
		}
		for i := range ta.Games {
			if !slices.Equal(ta.After[i], tb.After[i]) || !slices.Equal(ta.Places[i], tb.Places[i]) {
				t.Errorf("%+v: game %d rated differently", scope, i)
			}
		}
	}
	// The pages and the files show the same: every column, in order.
	for _, q := range queries {
		pa, pb := from.get(l.members+q), to.get(l.members+q)
		if ra, rb := standingsRows(t, pa), standingsRows(t, pb); len(ra) == 0 || !reflect.DeepEqual(ra, rb) {
			t.Errorf("standings%s: %v, want %v", q, rb, ra)
		}
		ca, cb := from.get(l.members+"/standings.csv"+q), to.get(l.members+"/standings.csv"+q)
		if ca.status != http.StatusOK || ca.body != cb.body {
			t.Errorf("standings.csv%s differs after the import:\n%s\nwant\n%s", q, cb.body, ca.body)
		}
	}
	if ga, gb := from.get(l.members+"/games.csv"), to.get(l.members+"/games.csv"); ga.body != gb.body || strings.Count(ga.body, "\r\n") != 44 {
		t.Errorf("games.csv: %d lines, the same after the import: %v", strings.Count(ga.body, "\r\n"), ga.body == gb.body)
	}

	// Every game, hand by hand, with its record and history.
	var archive db.Archive
	if err := json.Unmarshal([]byte(export.body), &archive); err != nil {
		t.Fatal(err)
	}
	cards := 0
	for _, g := range archive.Games {
		ha, ra := gameHistory(t, from, g.PublicID)
		hb, rb := gameHistory(t, to, g.PublicID)
		if !reflect.DeepEqual(ha, hb) || !reflect.DeepEqual(ra, rb) {
			t.Errorf("game %s: hands or history differ after the import", g.PublicID)
		}
		for _, h := range ha {
			if h.Entry == db.EntryCards {
				cards++
			}
		}
	}
	if cards != 3 {
		t.Errorf("%d hands entered by cards in the export, want 3", cards)
	}

	// Exported again, the file is the same but for its time.
	again := to.get(l.organizer + "/export.json")
	if exportTimeRe.ReplaceAllString(again.body, "") != exportTimeRe.ReplaceAllString(export.body, "") {
		t.Errorf("the imported league exports a different file")
	}
}

var exportTimeRe = regexp.MustCompile(`"exported_at": "[^"]*"`)

// gameHistory is a game's hands and revisions without row ids, which
// differ from one meldpad to another.
func gameHistory(t *testing.T, app *testApp, publicID string) ([]db.Hand, []db.Revision) {
	t.Helper()
	ctx := context.Background()
	g, err := app.store.Game(ctx, publicID)
	if err != nil {
		t.Fatalf("game %s: %v", publicID, err)
	}
	hands, _ := app.store.Hands(ctx, g.ID)
	revs, _ := app.store.Revisions(ctx, g.ID)
	for i := range hands {
		hands[i].ID, hands[i].GameID = 0, 0
	}
	for i := range revs {
		revs[i].ID, revs[i].HandID = 0, 0
	}
	return hands, revs
}

// TestImportRefusals: each bad file is refused on the import page with a
// message saying what and where, the file's name, and not a row written.
func TestImportRefusals(t *testing.T) {
	from := newTestApp(t)
	l := from.createLeague("Thursday club", "fan", "trophy")
	playFirstLeagueWeek(from, l)
	valid := []byte(from.get(l.organizer + "/export.json").body)
	edit := func(change func(f map[string]any)) []byte { return editedExport(t, valid, change) }
	game := func(f map[string]any, i int) map[string]any { return f["games"].([]any)[i].(map[string]any) }
	hand := func(f map[string]any, g, h int) map[string]any {
		return game(f, g)["hands"].([]any)[h].(map[string]any)
	}

	to := newTestApp(t)
	if p := to.upload("thursday.json", valid); p.status != http.StatusOK {
		t.Fatalf("the valid file: %d\n%s", p.status, p.body)
	}
	other := newTestApp(t) // an empty meldpad
	tests := []struct {
		name   string
		app    *testApp
		file   string
		body   []byte
		status int
		want   []string
	}{
		{"malformed JSON", other, "x.json", []byte("{\"meldpad\": 1,\n\"games\": [}"), 422,
			[]string{"Nothing was imported.", "x.json", "line 2, column 11: not valid JSON"}},
		{"unknown version", other, "x.json", edit(func(f map[string]any) { f["meldpad"] = 7 }), 422,
			[]string{"meldpad: version 7 is not one this meldpad reads (it reads versions 1 to 3)"}},
		{"an id already here", to, "thursday.json", valid, 422,
			[]string{"everything in this file is already in this meldpad: it was imported before",
				"leagues[0].public_id: the league &#34;Thursday club&#34; is already in this meldpad (same link)",
				"games[2].public_id: this game is already in this meldpad"}},
		{"a duplicate id in the file", other, "x.json", edit(func(f map[string]any) { game(f, 2)["public_id"] = game(f, 0)["public_id"] }), 422,
			[]string{"games[2].public_id: the id", "is also games[0].public_id"}},
		{"wrong number of points", other, "x.json", edit(func(f map[string]any) { hand(f, 2, 1)["points"] = []int{0, 10} }), 422,
			[]string{"games[2].hands[1].points: 2 values for 3 seats"}},
		{"points the rules refuse", other, "x.json", edit(func(f map[string]any) { hand(f, 0, 0)["points"] = []int{60, 5} }), 422,
			[]string{"games[0].hands[0].points: [60 5] are not points Fan Rummy allows: Bob: 5, but the other player scores 60: only one player scores in a Fan Rummy deal, the knocker, or the defender after an undercut (N6)."}},
		{"a CSV file", other, "standings.csv", []byte(from.get(l.members + "/standings.csv").body), 422,
			[]string{"this looks like a CSV file (it begins &#34;rank,player,rating", "only meldpad&#39;s JSON export can be imported"}},
		{"no file", other, "", nil, 422, []string{"Choose the export file"}},
		{"over 32 MiB", other, "big.json", bytes.Repeat([]byte(" "), 32<<20+1), 413,
			[]string{"The file is over 32 MiB, more than meldpad takes at once. Nothing was imported.", `href="/import"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			app := tc.app.with(t)
			before := app.rows()
			p := app.upload(tc.file, tc.body)
			if p.status != tc.status {
				t.Errorf("status %d, want %d", p.status, tc.status)
			}
			mustContain(t, p, tc.want...)
			if after := app.rows(); !reflect.DeepEqual(before, after) {
				t.Errorf("rows %v after a refused import, %v before", after, before)
			}
		})
	}
}

// TestImportTakesMoreThanFormsButAPIStaysSmall: the import route has its
// own body limit; every other route keeps 64 KiB.
func TestImportTakesMoreThanFormsButAPIStaysSmall(t *testing.T) {
	app := newTestApp(t)
	padded := append([]byte(`{"meldpad": 1, "exported_at": "`+strings.Repeat("x", 200<<10)+`",`),
		[]byte(`"players": [], "leagues": [], "games": []}`)...)
	if p := app.upload("padded.json", padded); p.status != http.StatusOK {
		t.Errorf("a 200 KiB file: %d\n%.300s", p.status, p.body)
	}
	form := formValues(app.get("/leagues/new"))
	form.Set("name", strings.Repeat("x", 70<<10))
	if p := app.post("/leagues", form); p.status != http.StatusRequestEntityTooLarge {
		t.Errorf("a 70 KiB form: %d, want 413", p.status)
	} else {
		mustContain(t, p, "(64 KiB). Nothing was saved.")
	}
}

// TestLeagueCSV checks the two CSV files of playFirstLeagueWeek's league
// against the games worked out by hand there.
func TestLeagueCSV(t *testing.T) {
	app := newTestApp(t)
	l := app.createLeague("Thursday club", "fan", "trophy")
	playFirstLeagueWeek(app, l)
	open := app.startLeagueGame(l, "fan", "=2+3", "@Zed")
	app.mustRecord(open, "", "10", "0")

	resp, err := app.client.Get(app.srv.URL + l.members + "/games.csv")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if ct, cd := resp.Header.Get("Content-Type"), resp.Header.Get("Content-Disposition"); !strings.HasPrefix(ct, "text/csv; charset=utf-8") ||
		cd != `attachment; filename=thursday-club-games.csv` {
		t.Errorf("headers %q %q", ct, cd)
	}
	games := readCSV(t, app.get(l.members+"/games.csv").body)
	want := [][]string{
		{"game", "counts", "status", "winner", "hands", "player 1", "total 1", "player 2", "total 2", "player 3", "total 3"},
		{"Fan Rummy", "yes", "finished", "Ann", "2", "Ann", "105", "Bob", "0", "", ""},
		{"Fan Rummy", "yes", "finished", "Bob", "2", "Bob", "100", "Ann", "30", "", ""},
		{"Trophy Case", "yes", "finished", "Cy", "3", "Ann", "10", "Bob", "10", "Cy", "30"},
		// Names a spreadsheet would run as formulas stay text.
		{"Fan Rummy", "yes", "playing", "", "1", "'=2+3", "10", "'@Zed", "0", "", ""},
	}
	if len(games) != len(want) {
		t.Fatalf("games.csv has %d rows, want %d:\n%v", len(games), len(want), games)
	}
	for i, row := range games {
		if !slices.Equal(row[2:], want[i]) {
			t.Errorf("games.csv row %d = %q, want %q", i, row[2:], want[i])
		}
		if i > 0 && (len(row[0]) != len("2026-03-05 19:30") || (row[1] == "") != (row[4] == "playing")) {
			t.Errorf("row %d: started %q, finished %q", i, row[0], row[1])
		}
	}

	// Fan only, as on the page: Ann and Bob won one each; Ann's places
	// 1, 2 (average 1.50), scored 105 + 30 = 135 and conceded 0 + 100.
	p := app.get(l.members + "/standings.csv?game=fan&sort=name&dir=asc")
	table := readCSV(t, p.body)
	header := []string{"rank", "player", "rating", "mu", "sigma", "mu - 3 sigma", "games", "wins", "win %", "average place", "streak", "points", "against"}
	if !slices.Equal(table[0], header) || len(table) != 6 {
		t.Fatalf("standings.csv = %q", table)
	}
	rows := map[string][]string{}
	for _, r := range table[1:] {
		rows[r[1]] = r
	}
	if r := rows["Ann"]; r[0] != "1" || !slices.Equal(r[6:], []string{"2", "1", "50", "1.50", "L1", "135", "100"}) {
		t.Errorf("Ann: %q", r)
	}
	if r := rows["Bob"]; r[0] != "2" || !slices.Equal(r[6:], []string{"2", "1", "50", "1.50", "W1", "100", "135"}) {
		t.Errorf("Bob: %q", r)
	}
	// Cy played no Fan game: a row of zeros, last, as on the page.
	if r := rows["Cy"]; !slices.Equal(r[6:], []string{"0", "0", "–", "–", "–", "0", "0"}) {
		t.Errorf("Cy: %q", r)
	}
	// The rating as shown, and its parts in full.
	page := standingsRows(t, app.get(l.members+"?game=fan"))
	ld, _ := app.store.League(context.Background(), strings.TrimPrefix(l.members, "/l/"))
	d, _ := app.server().league(context.Background(), ld)
	for _, r := range d.table(standings.Scope{Rules: "fan"}).Rows {
		name := d.name(r.Player)
		row := rows[csvText(name)]
		if row[2] != page[name][0] || row[3] != strconv.FormatFloat(r.Rating.Mu, 'f', -1, 64) ||
			row[4] != strconv.FormatFloat(r.Rating.Sigma, 'f', -1, 64) {
			t.Errorf("%s: rating %q %q %q; the page shows %q, the table has %v", name, row[2], row[3], row[4], page[name][0], r.Rating)
		}
	}
	if !strings.Contains(app.get(l.members+"?game=fan").body, `href="`+l.members+`/standings.csv?game=fan"`) {
		t.Errorf("the league page does not link the CSV of the table it shows")
	}
}

func readCSV(t *testing.T, body string) [][]string {
	t.Helper()
	if !strings.Contains(body, "\r\n") {
		t.Errorf("lines do not end with CRLF (RFC 4180)")
	}
	records, err := csv.NewReader(strings.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatalf("not CSV: %v\n%s", err, body)
	}
	return records
}

func TestFileNameAndCSVText(t *testing.T) {
	for _, tc := range []struct {
		words []string
		want  string
	}{
		{[]string{"Thursday club", "standings"}, "thursday-club-standings.csv"},
		{[]string{"  Zoë's  <Club>!! ", "games"}, "zoë-s-club-games.csv"},
		{[]string{"∞∞", ""}, "league.csv"},
	} {
		if got := fileName("csv", tc.words...); got != tc.want {
			t.Errorf("fileName(%q) = %q, want %q", tc.words, got, tc.want)
		}
	}
	for in, want := range map[string]string{"Ann": "Ann", "=1+1": "'=1+1", "+44 7": "'+44 7", "-x": "'-x", "@me": "'@me", "": "", "a=b": "a=b"} {
		if got := csvText(in); got != want {
			t.Errorf("csvText(%q) = %q, want %q", in, got, want)
		}
	}
}
