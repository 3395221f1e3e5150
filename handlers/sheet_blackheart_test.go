package handlers

import (
	"net/http"
	"strings"
	"testing"
)

// The API's example deal (API.md, blackheart hands/score), entered card by
// card: Ann went out with 7S 7C 7H (15) and laid off 8S (5), 20 + 25 for
// going out; Bob holds KS (10) and 5H (5) (B7).
var blackheartExample = map[string]string{
	"went_out":  "0",
	"meld_0_0":  "7s 7c 7h",
	"layoffs_0": "8s",
	"hand_1":    "ks 5h",
}

func TestBlackHeartSheetSavesTheAPIExample(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("blackheart", "Ann", "Bob")
	blank := app.get(game + "/hands/new?by=cards")
	mustContain(t, blank, "Record deal 1", `name="went_out" value="0"`, `name="black_heart"`,
		`name="fields_meld_0" value="1"`, `name="action" value="more:meld_0"`, `name="layoffs_1"`, `name="hand_0"`,
		"Score 0 at the start of the deal: to open, 3 or more cards in 1 set, escorts included (B5).", "a Royale or a Black Heart opens at any score (B5)")

	form := app.fortuneSheet(game, blackheartExample)
	form.Set("action", "check")
	p := app.post(game+"/hands", form)
	if p.status != http.StatusOK {
		t.Fatalf("check: %d\n%s", p.status, p.body)
	}
	mustContain(t, p,
		"Group, 15 points: a group of three 7s (B1)",
		"Ann (score 0): 3 cards in one set meet 3 or more cards in 1 set, escorts included (B5).",
		"Bob (score 0) played nothing.",
		"Ann: played set 15 + lay-off 8♠ 5 = 20; nothing left in hand (went out); going out 25; 20 - 0 + 25 = +45 (B7).",
		"Bob: played nothing; left in hand K♠ 10 + 5♥ 5 = 15; 0 - 15 = -15 (B7).",
		`<div class="score">+45</div>`, `<div class="score">-15</div>`,
	)

	form.Set("action", "save")
	if p := app.post(game+"/hands", form); p.status != http.StatusSeeOther {
		t.Fatalf("save: %d\n%s", p.status, p.body)
	}
	pad := app.get(game)
	sameTotals(t, pad, "45", "-15")
	mustContain(t, pad, "Ann went out")
}

// TestBlackHeartSheetSets: each set's verdict and every card's role, as
// the referee reads them (B1-B3), with the deal's points.
func TestBlackHeartSheetSets(t *testing.T) {
	tests := []struct {
		name    string
		set     string
		verdict string
		notes   []string // chip notes, in the set's feedback
		points  string   // Ann's points: the set + 25 for going out, Bob holds 4C (-5)
	}{
		{
			// The seed's example: Q♠/6♥-K♠/3♥-A♠, 10 + 5 + 10 + 5 + 15.
			name: "series with two escorts", set: "QS 6H KS 3H AS",
			verdict: "Series, 45 points: a series QS-KS-AS with two heart escorts (B1, B2)",
			notes:   []string{"<small>escort of Q♠</small>", "<small>escort of K♠</small>"},
			points:  "+70",
		},
		{
			// JD stands in for a heart escort (B3): 10 + 10 + 20 + 5 + 10.
			name: "JD as a heart escort", set: "KS KC KD 4H JD",
			verdict: "Group, 55 points: a group of three kings, JD standing in for a heart escort, with two heart escorts (B1, B2, B3)",
			notes:   []string{"<small>escort of K♠</small>", "<small>as a heart, escort of K♣</small>"},
			points:  "+80",
		},
		{
			// JD as 7H in a heart series: 5 + 5 + 10 + 5.
			name: "JD as a heart in a series", set: "5H 6H JD 8H",
			verdict: "Series, 25 points: a series 5H-6H-7H-8H, JD standing for 7H (B1, B3)",
			notes:   []string{"<small>as 7♥</small>"},
			points:  "+50",
		},
		{
			// A declared KD, standing for a black king, needs its own escort.
			name: "declared KD with its escort", set: "KS 3H KC 4H KD=KS 5H",
			verdict: "Group, 55 points: a group of three kings, KD standing for KS, with three heart escorts (B1, B2, B3)",
			notes:   []string{"<small>as K♠, declared</small>", "<small>escort of K♠</small>", "<small>escort of K♣</small>"},
			points:  "+80",
		},
		{
			name: "the Royale", set: "JD QD KD",
			verdict: "Royale, 150 points: the Diamond Royale JD-QD-KD, worth 150 in all (B3, B7)",
			notes:   []string{"<small>Royale</small>"},
			points:  "+175",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			app := newTestApp(t)
			game := app.createGame("blackheart", "Ann", "Bob")
			form := app.fortuneSheet(game, map[string]string{"went_out": "0", "meld_0_0": tc.set, "hand_1": "4c"})
			form.Set("action", "check")
			p := app.post(game+"/hands", form)
			fb := feedback(t, p, "meld_0_0")
			for _, want := range append([]string{tc.verdict}, tc.notes...) {
				if !strings.Contains(fb, want) {
					t.Errorf("the set's feedback lacks %q:\n%s", want, fb)
				}
			}
			mustContain(t, p, `<div class="score">`+tc.points+`</div>`, `<div class="score">-5</div>`)
			form.Set("action", "save")
			if p := app.post(game+"/hands", form); p.status != http.StatusSeeOther {
				t.Fatalf("save: %d\n%s", p.status, p.body)
			}
			sameTotals(t, app.get(game), strings.TrimPrefix(tc.points, "+"), "-5")
		})
	}
}

// TestBlackHeartSheetRefusals: what cannot be saved, with the reason beside
// the field or in the score, everything typed kept and nothing recorded.
func TestBlackHeartSheetRefusals(t *testing.T) {
	tests := []struct {
		name   string
		before []string // a deal by points first: the seat who went out, then the points
		fields map[string]string
		field  string   // where the message must appear
		want   []string // in that field's feedback
		page   []string // elsewhere on the page
	}{
		{
			name:   "an unescorted black court card",
			fields: map[string]string{"went_out": "0", "meld_0_0": "KS KC KS", "hand_1": "4c"},
			field:  "meld_0_0",
			want:   []string{"Not a set: KS has no heart to escort it (B2)"},
			page:   []string{"Not saved: Ann&#39;s set 1 (KS KC KS) is not a set: KS has no heart to escort it (B2)."},
		},
		{
			name:   "a card the deck lacks",
			fields: map[string]string{"went_out": "0", "meld_0_0": "7s 7c 7d", "hand_1": "4c"},
			field:  "meld_0_0",
			want:   []string{"7D is not in the Black Heart deck"},
			page:   []string{"Not saved: Fix Ann&#39;s set 1."},
		},
		{
			name:   "a stray heart",
			fields: map[string]string{"went_out": "0", "meld_0_0": "7s 7c 7h 9h", "hand_1": "4c"},
			field:  "meld_0_0",
			want:   []string{"Not a set: 9H is not a 7, and a group of 7s has no court card for it to escort (B1, B2)"},
			page:   []string{"Not saved: Ann&#39;s set 1 (7S 7C 7H 9H) is not a set: 9H is not a 7, and a group of 7s has no court card for it to escort (B1, B2)."},
		},
		{
			// Bob has 320: 8 or more cards in 2 sets; his hold 3 and 4.
			name:   "below the opening requirement",
			before: []string{"1", "-30", "320"},
			fields: map[string]string{"went_out": "0", "meld_0_0": "2c 3c 4c", "meld_1_0": "7s 7c 7h", "meld_1_1": "5s 6s 7s 8s", "hand_1": "9c"},
			page: []string{
				"Not saved: Bob (score 320) needs 8 or more cards in 2 sets to open (B5); the sets laid down hold 3 and 4 cards.",
				"Score 320 at the start of the deal: to open, 8 or more cards in 2 sets",
				"Ann (score -30): with a score of -30 there is no opening requirement (B5).",
			},
		},
		{
			// 150: 4 or more in one set; a lay-off alone never opens.
			name:   "lay-offs without opening",
			before: []string{"1", "0", "150"},
			fields: map[string]string{"went_out": "0", "meld_0_0": "2c 3c 4c", "layoffs_1": "5c", "hand_1": "9c"},
			page:   []string{"Not saved: Bob (score 150) needs 4 or more cards in 1 set to open (B5); laying off alone does not open."},
		},
		{
			name:   "the player who went out holds cards",
			fields: map[string]string{"went_out": "0", "meld_0_0": "7s 7c 7h", "hand_0": "2s", "hand_1": "3s"},
			field:  "hand_0",
			want:   []string{"Ann went out, so holds no cards (B7)"},
			page:   []string{"Not saved: Ann went out, so holds no cards (B7): clear Ann&#39;s cards left in hand, or choose who went out."},
		},
		{
			name:   "nobody went out",
			fields: map[string]string{"meld_0_0": "7s 7c 7h", "hand_1": "3s"},
			page:   []string{"Not saved: Who went out? A deal ends when a player goes out (B8)."},
		},
		{
			name:   "a player who did not go out holds nothing",
			fields: map[string]string{"went_out": "0", "meld_0_0": "7s 7c 7h"},
			page:   []string{"Not saved: Enter Bob&#39;s cards left in hand: only Ann went out"},
		},
		{
			name:   "a wild declared in hand",
			fields: map[string]string{"went_out": "0", "meld_0_0": "7s 7c 7h", "hand_1": "kd=ks"},
			field:  "hand_1",
			want:   []string{"a diamond left in hand costs its own value"},
		},
		{
			name:   "a card twice",
			fields: map[string]string{"went_out": "0", "meld_0_0": "jd qd kd", "hand_1": "jd"},
			field:  "hand_1",
			want:   []string{"JD is already in Ann&#39;s set 1: the deck has only one."},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			app := newTestApp(t)
			game := app.createGame("blackheart", "Ann", "Bob")
			if tc.before != nil {
				if p := app.recordPoints(game, tc.before[0], tc.before[1:]...); p.status != http.StatusSeeOther {
					t.Fatalf("the deal before: %d\n%s", p.status, p.body)
				}
			}
			form := app.fortuneSheet(game, tc.fields)
			form.Set("action", "save")
			p := app.post(game+"/hands", form)
			if p.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422\n%s", p.status, p.body)
			}
			if tc.field != "" {
				fb := feedback(t, p, tc.field)
				for _, w := range tc.want {
					if !strings.Contains(fb, w) {
						t.Errorf("%s's feedback lacks %q:\n%s", tc.field, w, fb)
					}
				}
			}
			mustContain(t, p, tc.page...)
			for name, v := range tc.fields {
				if name != "went_out" {
					mustContain(t, p, `name="`+name+`" value="`+v+`"`)
				}
			}
			recorded := 0
			if tc.before != nil {
				recorded = 1
			}
			if n := len(handLinks(app.get(game))); n != recorded {
				t.Errorf("%d deals recorded, want %d: the refused one was saved", n, recorded)
			}
		})
	}
}

// TestBlackHeartSheetBlackHeart: Ann, at 320, goes out in one turn with
// sets of 4, 3 and 3 cards. As an ordinary opening that is too little (8
// or more in 2 sets, B5); as a Black Heart it opens at any score and scores
// 25 + 25 × 3 players on top of the cards (B6, B7): AS 2S 3S 4S 30, 9C 9S
// 9H 15, 10C 10S JD (as 10H) 30: 75 + 100 = +175.
func TestBlackHeartSheetBlackHeart(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("blackheart", "Ann", "Bob", "Cy")
	if p := app.recordPoints(game, "0", "320", "0", "0"); p.status != http.StatusSeeOther {
		t.Fatalf("deal 1: %d\n%s", p.status, p.body)
	}
	form := app.fortuneSheet(game, map[string]string{
		"went_out": "0", "meld_0_0": "as 2s 3s 4s", "meld_0_1": "9c 9s 9h", "meld_0_2": "10c 10s jd",
		"hand_1": "ks 5h", "hand_2": "ac",
	})
	form.Set("action", "save")
	p := app.post(game+"/hands", form)
	if p.status != http.StatusUnprocessableEntity {
		t.Fatalf("without the Black Heart: %d, want 422", p.status)
	}
	mustContain(t, p, "Not saved: Ann (score 320) needs 8 or more cards in 2 sets to open (B5); the sets laid down hold 4, 3 and 3 cards.")

	form.Set("black_heart", "on")
	form.Set("action", "check")
	p = app.post(game+"/hands", form)
	mustContain(t, p, `name="black_heart" value="on" checked`,
		"Ann (score 320) went out with a Black Heart, which opens at any score (B5, B6).",
		"Ann: played set 30 + set 15 + set 30 = 75; nothing left in hand (went out); going out 25 + Black Heart 25 × 3 players = 100; 75 - 0 + 100 = +175 (B6, B7).",
		"Bob: played nothing; left in hand K♠ 10 + 5♥ 5 = 15; 0 - 15 = -15 (B7).",
		"Cy: played nothing; left in hand A♣ 15; 0 - 15 = -15 (B7).",
	)
	form.Set("action", "save")
	if p := app.post(game+"/hands", form); p.status != http.StatusSeeOther {
		t.Fatalf("save: %d\n%s", p.status, p.body)
	}
	pad := app.get(game)
	sameTotals(t, pad, "495", "-15", "-15")
	mustContain(t, app.get(handLinks(pad)[1]), `name="black_heart" value="on" checked`)

	// A Black Heart is going out: without who went out there is none.
	form.Del("went_out")
	form.Set("action", "check")
	mustContain(t, app.post(game+"/hands", form), "Who went out? A deal ends when a player goes out (B8).")
}

// TestBlackHeartSheetCorrection corrects a stored deal card by card: the
// sheet comes back as saved, and the opening requirement is the one for
// the score before that deal (Ann 150: 4 or more in one set), not after
// the deals since (395: 8 or more in two).
func TestBlackHeartSheetCorrection(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("blackheart", "Ann", "Bob")
	if p := app.recordPoints(game, "0", "150", "0"); p.status != http.StatusSeeOther {
		t.Fatalf("deal 1: %d", p.status)
	}
	// Deal 2: 5S 5C 5H 5S is 20, + 25; Bob holds KC, 10.
	form := app.fortuneSheet(game, map[string]string{"went_out": "0", "meld_0_0": "5s 5c 5h 5s", "layoffs_0": "kd=6s", "hand_1": "kc"})
	form.Set("action", "save")
	if p := app.post(game+"/hands", form); p.status != http.StatusSeeOther {
		t.Fatalf("deal 2: %d\n%s", p.status, p.body)
	}
	if p := app.recordPoints(game, "0", "200", "0"); p.status != http.StatusSeeOther {
		t.Fatalf("deal 3: %d", p.status)
	}
	pad := app.get(game)
	sameTotals(t, pad, "415", "-10") // 150 + 20 + 20 (KD) + 25 + 200

	link := handLinks(pad)[1]
	edit := app.get(link)
	mustContain(t, edit, "Correct deal 2",
		`name="went_out" value="0" checked`, `name="meld_0_0" value="5S, 5C, 5H, 5S"`, `name="layoffs_0" value="KD=6S"`,
		`name="hand_1" value="KC"`, `name="meld_0_1" value=""`,
		"Score 150 at the start of the deal: to open, 4 or more cards in 1 set",
		"Ann (score 150): 4 cards in one set meet 4 or more cards in 1 set, escorts included (B5).",
	)

	// Three fives are not enough at 150.
	form = formValues(edit)
	form.Set("went_out", "0")
	form.Set("meld_0_0", "5s 5c 5h")
	form.Set("layoffs_0", "")
	form.Set("hand_1", "KC")
	form.Set("action", "save")
	p := app.post(link, form)
	if p.status != http.StatusUnprocessableEntity {
		t.Fatalf("three fives at 150: %d, want 422", p.status)
	}
	mustContain(t, p, "Not saved: Ann (score 150) needs 4 or more cards in 1 set to open (B5); the one set laid down holds 3 cards.")

	// Bob went out after all, with Q♣/2♥ Q♠/7♥ K♦ (as the Q, B3): 10 + 5 +
	// 10 + 5 + 20 = 50, + 25; Ann holds 5S 5C 5H 5S, 20.
	form.Set("went_out", "1")
	form.Set("meld_0_0", "")
	form.Set("meld_1_0", "qc 2h qs 7h kd")
	form.Set("hand_0", "5s 5c 5h 5s")
	form.Set("hand_1", "")
	p = app.post(link, form)
	if p.status != http.StatusSeeOther {
		t.Fatalf("correction: %d\n%s", p.status, p.body)
	}
	sameTotals(t, app.get(game), "330", "75") // 150 - 20 + 200; 0 + 75
	mustContain(t, app.get(game+"/history"), "Deal 2 corrected", "was: Ann +65 · Bob -10 · Ann went out", "now: Ann -20 · Bob +75 · Bob went out")
}

// TestBlackHeartSheetPreviewAndAddASet: the live preview judges what is
// typed, opening included; "Add a set" shows one more field for that player
// and saves nothing.
func TestBlackHeartSheetPreviewAndAddASet(t *testing.T) {
	app := newTestApp(t)
	game := app.createGame("blackheart", "Ann", "Bob")
	form := app.fortuneSheet(game, map[string]string{"went_out": "0", "meld_0_0": "qs 6h ks 3h as", "hand_1": "4c"})
	p := app.post(game+"/hands/preview", form)
	if p.status != http.StatusOK {
		t.Fatalf("preview: %d\n%s", p.status, p.body)
	}
	mustContain(t, p, `id="fb-meld_0_0"`, "<small>escort of Q♠</small>", `id="fb-hand_1"`,
		"Ann (score 0): 5 cards in one set meet 3 or more cards in 1 set, escorts included (B5).", `<div class="score">+70</div>`)

	form.Set("action", "more:meld_1")
	p = app.post(game+"/hands", form)
	if p.status != http.StatusOK {
		t.Fatalf("add a set: %d\n%s", p.status, p.body)
	}
	mustContain(t, p, `name="fields_meld_1" value="2"`, `id="in-meld_1_1"`, `value="qs 6h ks 3h as"`, `name="went_out" value="0" checked`)
	if strings.Contains(p.body, `id="in-meld_0_2"`) || strings.Contains(p.body, "Not saved") {
		t.Errorf("adding a set for Bob did more than that")
	}
	if n := len(handLinks(app.get(game))); n != 0 {
		t.Errorf("%d deals recorded by adding a set", n)
	}
}
