package handlers

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

func TestAdjudicate(t *testing.T) {
	app := newTestApp(t)
	tests := []struct {
		name   string
		query  url.Values
		status int
		want   []string
	}{
		{"blank page offers the games", url.Values{}, 200, []string{"Referee", "Fan Rummy", "Trophy Case", "Judge"}},
		{"fan: Q-K-A is not a run", url.Values{"game": {"fan"}, "q": {"meld"}, "cards": {"qs ks as"}},
			200, []string{"Not a valid meld", "Q-K-A is not a run (N2)", "N2 Fan melds", "ace low only"}},
		{"fan: a lay-off onto a run", url.Values{"game": {"fan"}, "q": {"meld"}, "cards": {"5s"}, "onto": {"2s 3s 4s"}},
			200, []string{"Yes: it can be laid off, making a run"}},
		{"fortune: K-A-deuce reads Q-K-A", url.Values{"game": {"fortune"}, "q": {"meld"}, "cards": {"kh ah 2c"}},
			200, []string{"Valid: a sequence", "Scores 30 points", "2C as QH"}},
		{"fortune: typo in a card", url.Values{"game": {"fortune"}, "q": {"meld"}, "cards": {"kh zz 2c"}},
			200, []string{"is not a card", `value="kh zz 2c"`}},
		{"fortune: a suit misspelt, the other cards kept", url.Values{"game": {"fortune"}, "q": {"meld"}, "cards": {"5c 3 of klubs 4c"}},
			200, []string{"“klubs” is not a suit", "Did you mean 3♣ (3 of clubs)?", `class="chip black" data-card="5C" title="Tap to remove">5♣`, `class="chip black" data-card="4C" title="Tap to remove">4♣`}},
		{"fortune: 9z gets standard advice", url.Values{"game": {"fortune"}, "q": {"meld"}, "cards": {"9z 9h"}},
			200, []string{"“z” is not a suit (S, H, D or C", `class="chip red" data-card="9H" title="Tap to remove">9♥`}},
		{"fan deal: gin", url.Values{"game": {"fan"}, "q": {"deal"}, "knock": {"5h"}, "ender": {"0"},
			"hand1": {"AS 2S 3S 4H 4D 4C 7C 8C 9C 10C"}, "hand2": {"KS KH 5D 6D 2H 9H JD QC 3D 8S"}},
			200, []string{"Gin: player 1 scores 98", "N6 Fan score"}},
		{"fan deal: illegal knock", url.Values{"game": {"fan"}, "q": {"deal"}, "knock": {"3c"}, "ender": {"0"},
			"hand1": {"AS 2S 3S 4H 4D 4C 7C 8C 9C KD"}, "hand2": {"KS KH 5D 6D 2H 9H JD QC 3D 8S"}},
			200, []string{"Not allowed", "(N4)", "N4 Ending a deal"}},
		{"trophy: the public trick", url.Values{"game": {"trophy"}, "q": {"trick"}, "players": {"4"}, "leader": {"1"},
			"plays": {"1 3 Lamps\n2 8 Fromps\n3 fold\n4 Grue"}},
			200, []string{"Player 4 wins the trick: 1 point", "Player 1 leads next", "T7 Trick points"}},
		{"trophy: out of turn", url.Values{"game": {"trophy"}, "q": {"trick"}, "players": {"4"}, "leader": {"1"},
			"plays": {"2 3 Lamps"}}, 200, []string{"Not allowed", "T2"}},
		{"trophy: a trick still going", url.Values{"game": {"trophy"}, "q": {"trick"}, "players": {"3"}, "leader": {"2"},
			"plays": {"2 3 lam\n3 9 plu"}}, 200, []string{"The trick goes on: player 1 to play", "Highest so far: player 3 with 9 Plungers"}},
		{"trophy: a bad line", url.Values{"game": {"trophy"}, "q": {"trick"}, "plays": {"Bob plays 3 Lamps"}},
			200, []string{"Line 1: start with the player"}},
		{"blackheart: escorted Q-K-A", url.Values{"game": {"blackheart"}, "q": {"meld"}, "cards": {"QS 6H KS 3H AS"}},
			200, []string{"Valid: a series", "Scores 45 points", "B2 Escorts"}},
		{"blackheart: an unescorted king", url.Values{"game": {"blackheart"}, "q": {"meld"}, "cards": {"QS 6H KS AS"}},
			200, []string{"Not a valid meld", "(B2)"}},
		{"blackheart: opening at 250", url.Values{"game": {"blackheart"}, "q": {"opening"}, "score": {"250"}, "melds": {"7S 7C 7H 7S 7C"}},
			200, []string{"Opens", "5 or more cards in 1 set", "B5 Opening"}},
		{"blackheart: opening short at 300", url.Values{"game": {"blackheart"}, "q": {"opening"}, "score": {"300"}, "melds": {"7S 7C 7H\n8S 8C 8H"}},
			200, []string{"Does not open", "8 or more cards in 2 sets"}},
		{"blackheart: the Royale opens anywhere", url.Values{"game": {"blackheart"}, "q": {"opening"}, "score": {"450"}, "melds": {"JD QD KD"}},
			200, []string{"Opens"}},
		{"flathead: trump never makes a bonus meld", url.Values{"game": {"flathead"}, "q": {"meld"}, "cards": {"Grue, 2 Scythes, 3 Scythes"}},
			200, []string{"Valid: a", "F3"}},
		{"flathead: infinity after 9", url.Values{"game": {"flathead"}, "q": {"meld"}, "cards": {"7 Zurfs, 8 Zurfs, 9 Rain, inf Tops"}},
			200, []string{"Not a valid meld", "F2"}},
		{"flathead: a flush run plus 9 of Faces", url.Values{"game": {"flathead"}, "q": {"meld"}, "cards": {"9 Faces"}, "onto": {"5 fac 6 fac 7 fac"}},
			200, []string{"Yes: it can be laid off, making a flush"}},
		{"unknown game falls back", url.Values{"game": {"poker"}, "cards": {"AS"}}, 200, []string{"Referee"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := app.get("/adjudicate?" + tc.query.Encode())
			if p.status != tc.status {
				t.Fatalf("status %d, want %d", p.status, tc.status)
			}
			mustContain(t, p, tc.want...)
		})
	}
}

func TestAdjudicateShareLinkReproducesTheVerdict(t *testing.T) {
	app := newTestApp(t)
	q := url.Values{"game": {"fan"}, "q": {"meld"}, "cards": {"7h 7d 7c"}}
	p := app.get("/adjudicate?" + q.Encode())
	m := strings.Index(p.body, app.srv.URL+"/adjudicate?")
	if m < 0 {
		t.Fatalf("no share link on the verdict")
	}
	link := p.body[m:]
	link = link[:strings.Index(link, `"`)]
	link = strings.ReplaceAll(link, "&amp;", "&")
	again := app.get(strings.TrimPrefix(link, app.srv.URL))
	if again.status != http.StatusOK {
		t.Fatalf("share link %s: %d", link, again.status)
	}
	mustContain(t, again, "Valid: a set", `<svg class="qr"`)
}

// TestAdjudicateBackToTheGame: the referee page opened from a game (its
// header's Referee link) leads back to that game from every verdict, the
// game's own rules picked; the verdict's link for the rest of the table
// never carries the game's link, and a page that names no game of this
// meldpad offers no way back.
func TestAdjudicateBackToTheGame(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("fortune", "Ann", "Bob")
	id := strings.TrimPrefix(game, "/g/")
	req, _ := http.NewRequest(http.MethodGet, app.srv.URL+"/adjudicate", nil)
	req.Header.Set("Referer", app.srv.URL+game+"/hands/new?by=cards")
	opened := app.do(req)
	mustContain(t, opened, `href="`+game+`"`, "Back to the game", `name="from" value="`+id+`"`,
		`<input type="hidden" name="game" value="fortune">`, "/adjudicate?game=fan&amp;from="+id)

	verdict := app.get("/adjudicate?" + url.Values{"game": {"fortune"}, "q": {"meld"}, "cards": {"kh ah 2c"}, "from": {id}}.Encode())
	mustContain(t, verdict, "Valid: a sequence", `href="`+game+`"`, "Back to the game")
	if !strings.Contains(verdict.body, `readonly value="`) || regexp.MustCompile(`readonly value="[^"]*from=`).MatchString(verdict.body) {
		t.Error("the verdict's link for the table carries the game's link")
	}

	for _, from := range []string{"aaaaaaaaaaaaaaaaaaaaaaaaaa", "../../etc", strings.Repeat("x", 300)} {
		p := app.get("/adjudicate?" + url.Values{"game": {"fortune"}, "q": {"meld"}, "cards": {"kh ah 2c"}, "from": {from}}.Encode())
		if p.status != http.StatusOK || strings.Contains(p.body, "Back to the game") {
			t.Errorf("from=%.30s: %d, offers a way back: %v", from, p.status, strings.Contains(p.body, "Back to the game"))
		}
	}
}

// TestAdjudicateInTheVisitorsLanguage: the referee page's verdict and the
// texts of the rules it rests on are in the language the visitor's
// browser asks for, citing the same rule ids (F2); English otherwise.
func TestAdjudicateInTheVisitorsLanguage(t *testing.T) {
	app := newTestApp(t)
	query := url.Values{"game": {"flathead"}, "q": {"meld"}, "cards": {"7 Zurfs, 8 Zurfs, 9 Rain, inf Tops"}}.Encode()
	tests := []struct {
		accept string
		want   []string
		not    string
	}{
		{"de-AT, en;q=0.5", []string{`lang="de"`, "Keine Folge: ∞ folgt nie auf 9 (F2)", "F2", "Unendlich folgt nicht auf 9", "∞ folgt nie auf 9 und steht nie vor 0"}, "never follows"},
		{"it", []string{`lang="it"`, "Non è una scala: ∞ non segue mai il 9 (F2)", "L’infinito non segue il 9"}, "never follows"},
		{"es", []string{`lang="es"`, "No es una escalera: ∞ nunca sigue al 9 (F2)", "El infinito no sigue al 9"}, "never follows"},
		{"fr-CA", []string{`lang="fr"`, "Ce n’est pas une suite : ∞ ne suit jamais le 9 (F2)", "L’infini ne suit pas le 9"}, "never follows"},
		{"ja", []string{`lang="en"`, "Not a run: ∞ never follows 9 (F2)", "Infinity is not after 9"}, "folgt"},
	}
	for _, tc := range tests {
		t.Run(tc.accept, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodGet, app.srv.URL+"/adjudicate?"+query, nil)
			req.Header.Set("Accept-Language", tc.accept)
			p := app.do(req)
			if p.status != http.StatusOK {
				t.Fatalf("status %d", p.status)
			}
			mustContain(t, p, tc.want...)
			if strings.Contains(p.body, tc.not) {
				t.Errorf("the page says %q", tc.not)
			}
		})
	}
}

// TestTrophyRefereeNumbersPlayersInLanguage: the referee's answer on a
// trick numbers the players as the page does, from 1, in the page's
// language, never by the seats the rules count from 0 ("Platz 0").
func TestTrophyRefereeNumbersPlayersInLanguage(t *testing.T) {
	app := newTestApp(t)
	query := url.Values{"game": {"trophy"}, "q": {"trick"}, "players": {"4"}, "leader": {"1"}, "plays": {"2 3 Lamps"}}.Encode()
	for _, tc := range []struct{ accept, player, seat string }{
		{"de", "Spieler 1", "Platz "},
		{"fr", "joueur 1", "place "},
		{"en", "player 1", "seat "},
	} {
		req, _ := http.NewRequest(http.MethodGet, app.srv.URL+"/adjudicate?"+query, nil)
		req.Header.Set("Accept-Language", tc.accept)
		p := app.do(req)
		body := html.UnescapeString(p.body)
		if p.status != http.StatusOK || !strings.Contains(body, tc.player) || strings.Contains(body, tc.seat+"0") || strings.Contains(body, tc.seat+"1") {
			i := strings.Index(body, "T2")
			t.Errorf("%s: status %d, want %q and no %q…: %s", tc.accept, p.status, tc.player, tc.seat, body[max(0, i-400):max(0, i)])
		}
	}
	// The player's number takes the article and preposition the
	// language gives a seat.
	query = url.Values{"game": {"trophy"}, "q": {"trick"}, "players": {"4"}, "leader": {"1"}, "plays": {"1 3 Lamps\n3 4 Lamps"}}.Encode()
	for accept, want := range map[string]string{
		"en": "Player 3 played out of turn; it was player 2's turn (T2)",
		"it": "Il giocatore 3 ha giocato fuori turno; toccava al giocatore 2 (T2)",
		"es": "El jugador 3 jugó fuera de turno; era el turno del jugador 2 (T2)",
		"fr": "Le joueur 3 a joué hors de son tour\u202f; c’était au tour du joueur 2 (T2)",
	} {
		req, _ := http.NewRequest(http.MethodGet, app.srv.URL+"/adjudicate?"+query, nil)
		req.Header.Set("Accept-Language", accept)
		mustContain(t, app.do(req), html.EscapeString(want))
	}
}
