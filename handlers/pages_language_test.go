package handlers

import (
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"meldpad/locale"
	"meldpad/rules"
	"meldpad/rules/event"
	"meldpad/rules/msg"
)

// catalogTexts reads the texts of the catalog files a glob names, each
// plural form apart, by id.
func catalogTexts(t testing.TB, glob string) map[string][]string {
	t.Helper()
	files, err := filepath.Glob(glob)
	if err != nil || len(files) == 0 {
		t.Fatalf("no catalog at %s (%v)", glob, err)
	}
	out := map[string][]string{}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(data, &raw); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for id, v := range raw {
			var text string
			if json.Unmarshal(v, &text) == nil {
				out[id] = append(out[id], text)
				continue
			}
			var forms map[string]string
			if err := json.Unmarshal(v, &forms); err != nil {
				t.Fatalf("%s: %s: %v", file, id, err)
			}
			for form, text := range forms {
				if form != "description" && form != "hash" {
					out[id] = append(out[id], text)
				}
			}
		}
	}
	return out
}

var placeholderRe = regexp.MustCompile(`\{\{\.[A-Za-z]+\}\}`)

// catalogEnglish are the English texts of the pages' catalogs and the
// referee's that a page in another language must not show: each
// literal piece between arguments of two words or more, and each whole
// text of one word; a text the other language writes the same way
// ("Export", "Flush") is left out.
type catalogEnglish struct {
	phrases []string        // found inside a text node
	words   map[string]bool // a text node that is this word alone
}

func newEnglishWords(t testing.TB, tag string) catalogEnglish {
	t.Helper()
	en := catalogTexts(t, "../locale/pages/*.en.json")
	other := catalogTexts(t, "../locale/pages/*."+tag+".json")
	for id, texts := range catalogTexts(t, "../locale/en.json") {
		en[id] = texts
	}
	for id, texts := range catalogTexts(t, "../locale/"+tag+".json") {
		other[id] = texts
	}
	theirs := map[string]bool{}
	for _, texts := range other {
		for _, text := range texts {
			for _, piece := range placeholderRe.Split(text, -1) {
				theirs[strings.Trim(piece, " .,:;()·")] = true
			}
		}
	}
	w := catalogEnglish{words: map[string]bool{}}
	seen := map[string]bool{}
	for _, texts := range en {
		for _, text := range texts {
			for _, piece := range placeholderRe.Split(text, -1) {
				piece = strings.Trim(piece, " .,:;()·")
				if piece == "" || theirs[piece] || seen[piece] {
					continue
				}
				seen[piece] = true
				if strings.Contains(piece, " ") {
					w.phrases = append(w.phrases, piece)
				} else if len(piece) > 2 {
					w.words[piece] = true
				}
			}
		}
	}
	return w
}

// find returns the first text node that holds English, or "".
func (w catalogEnglish) find(texts []string) string {
	for _, text := range texts {
		if w.words[strings.Trim(text, " .,:;()·←?")] {
			return text
		}
		for _, p := range w.phrases {
			if strings.Contains(text, p) {
				return text + " (" + p + ")"
			}
		}
	}
	return ""
}

// visibleTextsOf are the text nodes of a page's element with the given
// id, or of its <main> when id is "", as a reader sees them: no
// script, style or template, and no hidden element.
func visibleTextsOf(t testing.TB, body, id string) []string {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var root *html.Node
	var findRoot func(n *html.Node)
	findRoot = func(n *html.Node) {
		if root != nil {
			return
		}
		if n.Type == html.ElementNode && (id == "" && n.Data == "main" || id != "" && attr(n, "id") == id) {
			root = n
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			findRoot(c)
		}
	}
	findRoot(doc)
	if root == nil {
		t.Fatalf("no element %q in the page", id)
	}
	var out []string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.Data {
			case "script", "style", "template", "datalist":
				return
			}
			for _, a := range n.Attr {
				if a.Key == "hidden" {
					return
				}
			}
		}
		if n.Type == html.TextNode {
			if s := strings.Join(strings.Fields(n.Data), " "); s != "" {
				out = append(out, s)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	return out
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// getIn fetches a page as a browser set to the language does.
func (a *testApp) getIn(accept, path string) page {
	a.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, a.srv.URL+path, nil)
	req.Header.Set("Accept-Language", accept)
	return a.do(req)
}

// postIn posts a form as a browser set to the language does.
func (a *testApp) postIn(accept, path string, form url.Values) page {
	a.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, a.srv.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept-Language", accept)
	return a.do(req)
}

// TestPagesInGerman: a German browser gets the league's, the event
// night's, the share and the import pages in German, with no English
// text of the catalogs left in what they show; without Accept-Language
// the same pages are English.
func TestPagesInGerman(t *testing.T) {
	app := newEventApp(t)
	l := app.createLeague("Freitagsrunde", "flathead")
	game := app.startLeagueGame(l, "flathead", "Ann", "Bob")
	app.mustRecord(game, "0", "60")
	ev := app.createEvent(l, "flathead", nil, "Ann", "Bob", "Cy", "Dan", "Eve", "Fay", "Gus")
	if p := app.seatRound(ev); p.status != http.StatusSeeOther {
		t.Fatalf("seat round 1: %d\n%s", p.status, p.body)
	}
	screen := regexp.MustCompile(`href="(/s/[^"]+)"`).FindStringSubmatch(app.get(ev).body)
	if screen == nil {
		t.Fatal("the event's page links no screen")
	}
	player := regexp.MustCompile(`href="(` + regexp.QuoteMeta(l.members) + `/players/[^"]+)"`).FindStringSubmatch(app.get(l.members).body)
	if player == nil {
		t.Fatal("the standings link no player")
	}
	de, en := locale.For("de"), locale.English()
	english := newEnglishWords(t, "de")
	for _, tc := range []struct {
		name, path, id string
		say            []msg.Msg // said in the page's language
	}{
		{"league", l.members, "", []msg.Msg{msg.New("league.standings"), msg.New("league.rating_note"), msg.New("league.finished_games", msg.N("Count", 1))}},
		{"new league", "/leagues/new", "", []msg.Msg{msg.New("league.new_intro"), msg.New("league.make")}},
		{"organizer", l.organizer, "", []msg.Msg{msg.New("league.seasons_note"), msg.New("league.export_note")}},
		{"player", player[1], "", []msg.Msg{msg.New("league.head_to_head"), msg.New("league.rating_over_time")}},
		{"league games", l.members + "/games", "", []msg.Msg{msg.New("league.games_of", msg.S("League", "Freitagsrunde"))}},
		{"event", ev, "", []msg.Msg{msg.New("event.how_it_runs"), msg.New("event.status.playing", msg.N("Round", 1), msg.N("Rounds", 3), msg.N("Count", 2))}},
		{"new event", l.organizer + "/events/new?game=flathead", "", []msg.Msg{msg.New("event.table_worth"), msg.New("event.make")}},
		{"table cards", ev + "/cards", "", []msg.Msg{msg.New("event.cards_note")}},
		{"screen", screen[1], "screen", []msg.Msg{msg.New("event.round_n", msg.N("Round", 1))}},
		{"share", game + "/share", "", []msg.Msg{msg.New("share.play_title"), msg.New("share.watch_text")}},
		{"import", "/import", "", []msg.Msg{msg.New("import.intro"), msg.New("import.what_happens")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := app.getIn("de-DE,de;q=0.9,en;q=0.5", tc.path)
			if p.status != http.StatusOK {
				t.Fatalf("%s: %d", tc.path, p.status)
			}
			for _, m := range tc.say {
				mustContain(t, page{body: html.UnescapeString(p.body)}, de.Say(m))
			}
			if found := english.find(visibleTextsOf(t, p.body, tc.id)); found != "" {
				t.Errorf("%s shows English: %q", tc.path, found)
			}
			plain := app.get(tc.path)
			for _, m := range tc.say {
				mustContain(t, page{body: html.UnescapeString(plain.body)}, en.Say(m))
			}
		})
	}
}

// TestFormErrorsInGerman: a refused form says what is wrong in the
// visitor's language, beside the field.
func TestFormErrorsInGerman(t *testing.T) {
	app := newTestApp(t)
	form := formValues(app.getIn("de", "/leagues/new"))
	form.Set("name", "Freitagsrunde")
	p := app.postIn("de", "/leagues", form)
	if p.status != http.StatusUnprocessableEntity {
		t.Fatalf("a league with no game: %d", p.status)
	}
	mustContain(t, p, `id="err-games"`, locale.For("de").T("league.err.no_game"))

	l := app.createLeague("Freitagsrunde", "flathead")
	org := app.getIn("de", l.organizer)
	season := formValues(org)
	season.Set("name", "Frühling")
	season.Set("starts_on", "1. März")
	p = app.postIn("de", l.organizer+"/seasons", season)
	mustContain(t, p, locale.For("de").T("league.err.date"))
}

// TestCSVInGerman: the CSV files' words follow Accept-Language as their
// page does; a request without it (a script) gets the fixed English
// header. Numbers and times are written the same in every language.
func TestCSVInGerman(t *testing.T) {
	app := newTestApp(t)
	l := app.createLeague("Freitagsrunde", "flathead")
	game := app.startLeagueGame(l, "flathead", "Ann", "Bob")
	app.mustRecord(game, "0", "60")

	de := app.getIn("de", l.members+"/games.csv")
	header, rest, _ := strings.Cut(de.body, "\r\n")
	if want := "begonnen,beendet,Spiel,zählt,Stand,Sieger,Runden,Spieler 1,Endstand 1,Spieler 2,Endstand 2"; header != want {
		t.Errorf("German games.csv header:\n%s\nwant\n%s", header, want)
	}
	if !strings.Contains(rest, ",ja,beendet,Ann,1,Ann,60,Bob,0") {
		t.Errorf("German games.csv rows:\n%s", rest)
	}
	plain := app.get(l.members + "/games.csv")
	if header, _, _ := strings.Cut(plain.body, "\r\n"); header != "started,finished,game,counts,status,winner,hands,player 1,total 1,player 2,total 2" {
		t.Errorf("games.csv without Accept-Language: %s", header)
	}

	de = app.getIn("de", l.members+"/standings.csv")
	header, rest, _ = strings.Cut(de.body, "\r\n")
	if want := "Rang,Spieler,Wertung,mu,sigma,mu - 3 sigma,Partien,Siege,Sieg %,Ø Platz,Serie"; !strings.HasPrefix(header, want) {
		t.Errorf("German standings.csv header:\n%s\nwant it to begin\n%s", header, want)
	}
	if !strings.Contains(rest, ",S1") || strings.Contains(rest, ",W1") {
		t.Errorf("German standings.csv: Ann's streak of one win is not S1:\n%s", rest)
	}
	plain = app.get(l.members + "/standings.csv")
	if !strings.HasPrefix(plain.body, "rank,player,rating,mu,sigma,mu - 3 sigma,games,wins,win %,average place,streak") {
		t.Errorf("standings.csv without Accept-Language:\n%s", plain.body)
	}
}

// TestBuiltPageIDsExist: the ids the pages build from a value (a
// tie-break's, a month's) exist for every value, in every language.
func TestBuiltPageIDsExist(t *testing.T) {
	var ids []string
	for _, k := range event.Criteria {
		ids = append(ids, "event.criterion."+string(k), "event.criterion_in_text."+string(k))
	}
	for m := 1; m <= 12; m++ {
		ids = append(ids, "league.month."+strconv.Itoa(m))
	}
	for _, words := range []string{"requests", "previews", "forms"} { // rateLimits' words
		ids = append(ids, "limits.too_many_text."+words)
	}
	for _, lang := range locale.Languages() {
		l := locale.For(lang.Tag)
		for _, id := range ids {
			if !l.Has(id) {
				t.Errorf("%s: no %s", lang.Tag, id)
			}
		}
	}
}

// TestScorepadWordsInLanguage: the scorepad says who went out and the
// game's bonuses (G5) in the visitor's language, not in the English of
// the game's rules.
func TestScorepadWordsInLanguage(t *testing.T) {
	app := newTestApp(t)
	flathead := app.createGame("flathead", "Ann", "Bob")
	app.mustRecord(flathead, "1", "0", "40")
	// API.md's gin game: Ann 105 + game bonus 100 + box 50; Bob 31 + box 25.
	gin := app.createGameWith("gin", []string{"undercut_on_tie", "box_bonus", "shutout"}, "Ann", "Bob")
	for _, deal := range [][2]string{{"25", "0"}, {"0", "0"}, {"0", "31"}, {"80", "0"}} {
		app.mustRecord(gin, "", deal[0], deal[1])
	}
	for _, tag := range []string{"de", "it", "es", "fr"} {
		l := locale.For(tag)
		p := app.getIn(tag, flathead)
		mustContain(t, page{body: html.UnescapeString(p.body)}, seatNote(l, mustGame(t, "flathead"), "Bob"))
		if strings.Contains(p.body, "Bob went out") {
			t.Errorf("%s: the scorepad says Bob went out in English", tag)
		}
		p = app.getIn(tag, gin)
		for _, id := range []string{"scorepad.bonus_name.game_bonus", "scorepad.bonus_name.box_bonus"} {
			mustContain(t, page{body: html.UnescapeString(p.body)}, l.T(id)+" (G5)")
		}
		// (Box bonus is also a house rule the scorepad lists, named by
		// the game's rules.)
		if strings.Contains(p.body, "Game bonus (") {
			t.Errorf("%s: the gin scorepad names its bonuses in English", tag)
		}
	}
	mustContain(t, app.get(flathead), "Bob went out")
	mustContain(t, app.get(gin), "Game bonus (G5)", "Box bonus (G5)")
}

// mustGame is the registry's game of that id.
func mustGame(t *testing.T, id string) rules.Game {
	t.Helper()
	g, ok := rules.Lookup(id)
	if !ok {
		t.Fatalf("no game %s", id)
	}
	return g
}
