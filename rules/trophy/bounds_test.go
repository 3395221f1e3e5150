package trophy

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/game/gametest"
)

// scoringCards are every card T7 counts: the fifteen suits' 8s, 9s, ∞s
// and zeros.
func scoringCards() []string {
	var out []string
	for _, s := range cards.FanucciSuits() {
		for _, r := range []string{"0", "8", "9", "∞"} {
			out = append(out, r+" "+s.String())
		}
	}
	return out
}

// TestJudgeQuickT6T7MostPoints: the quick entry of every scoring card of
// the deck and a trump, 75 points, is refused: no trick holds more cards
// than were dealt (T6), nor scores more than they can (T7). At four, the
// most a trick scores is 62 when new hands are dealt after it, 59
// otherwise; each is said beside the cards, naming the winner.
func TestJudgeQuickT6T7MostPoints(t *testing.T) {
	all := strings.Join(append(scoringCards(), "Grue"), ", ")
	// 15 ∞ (30) and 32 of the 8s, 9s and zeros with a trump: 47 cards
	// and 62 points; a 48th, every card of four hands of 12.
	var most []string
	for _, c := range scoringCards() {
		if strings.HasPrefix(c, "∞") {
			most = append(most, c)
		}
	}
	for _, c := range scoringCards() {
		if !strings.HasPrefix(c, "∞") && len(most) < 47 {
			most = append(most, c)
		}
	}
	tests := []struct {
		name     string
		cards    string
		endsHand bool
		says     string // "" when a real trick
		points   int
	}{
		{"every scoring card", all, true, "Bob: 61 cards, but a trick holds at most the 48 dealt to four players (T6).", 0},
		{"the most at four", strings.Join(append(most, "Grue"), ", "), true, "", 62},
		{"the most, and nobody ran out", strings.Join(append(most, "Grue"), ", "), false,
			"Bob: 48 cards, but a trick after which every player still holds a card holds at most 44 at four (T6): tick the box if a player ran out.", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			form := gametest.Form("leader", "0", "winner", "1", "trick_cards", tc.cards)
			if tc.endsHand {
				form.Set("ends_hand", "1")
			}
			sh, hand := gametest.Judge(t, Module{}, tableOf(four), form)
			if tc.says == "" {
				if hand == nil || hand.Points[1] != tc.points {
					t.Fatalf("hand %+v, problem %q", hand, sh.Judgement.Problem)
				}
				return
			}
			if hand != nil {
				t.Fatalf("saved %v, want refused", hand.Points)
			}
			if sh.Judgement.Problem != tc.says {
				t.Errorf("problem %q, want %q", sh.Judgement.Problem, tc.says)
			}
			if f := gametest.Field(t, sh, "trick_cards"); f.Error != tc.says {
				t.Errorf("trick_cards error %q, want %q", f.Error, tc.says)
			}
		})
	}
}

// TestScoreT6HandSize: a seat plays at most the cards dealt to it on one
// trick: at three, a seat that has played its 14 is out of cards, so
// plays no 15th, cannot fold and is skipped (T6); once every seat has
// played its 14 the trick is over, and the hand with it.
func TestScoreT6HandSize(t *testing.T) {
	var suited []cards.Card
	for _, s := range cards.FanucciSuits() {
		for r := cards.Rank(0); r <= 9; r++ {
			suited = append(suited, cards.Card{Rank: r, Suit: s})
		}
	}
	// Seat 0 leads and plays on; seats 1 and 2 play along, then fold.
	var plays []Play
	next := 0
	for turn := 0; turn < 14; turn++ {
		for seat := 0; seat < 3; seat++ {
			plays = append(plays, Play{Seat: seat, Card: suited[next]})
			next++
		}
	}
	_, err := Score(Trick{Players: 3, Leader: 0, Plays: plays})
	if err != nil {
		t.Fatalf("42 cards, 14 a seat: %v", err)
	}
	res, _ := Score(Trick{Players: 3, Leader: 0, Plays: plays})
	if !res.Ended || !res.HandEnds {
		t.Errorf("every card played and no fold: %+v, want the trick over and the hand with it (T6)", res)
	}
	// After 40 plays seat 0 has played its 14: it is skipped, and neither
	// plays nor folds again.
	more := append(slices.Clone(plays[:40]), Play{Seat: 1, Card: suited[40]}, Play{Seat: 0, Card: suited[42]})
	if _, err := Score(Trick{Players: 3, Leader: 0, Plays: more}); ruleOf(err) != "T6" {
		t.Errorf("a 15th card from seat 0: %v, want T6", err)
	}
	folded := append(slices.Clone(plays[:40]), Play{Seat: 1, Card: suited[40]}, Play{Seat: 0, Fold: true})
	if _, err := Score(Trick{Players: 3, Leader: 0, Plays: folded}); ruleOf(err) != "T6" {
		t.Errorf("seat 0 folds with no card left: %v, want T6", err)
	}
	status, got := gametest.Answer(t, Module{}, "tricks/score", []byte(`{"players": 3, "leader": 0, "plays": [`+playsJSON(more)+`]}`))
	if status != 422 || got["rule"] != "T6" {
		t.Errorf("API: %d %v, want 422 T6", status, got)
	}
}

// playsJSON writes plays as the API's body does.
func playsJSON(plays []Play) string {
	parts := make([]string, len(plays))
	for i, p := range plays {
		if p.Fold {
			parts[i] = `{"seat": ` + itoa(p.Seat) + `, "fold": true}`
		} else {
			parts[i] = `{"seat": ` + itoa(p.Seat) + `, "card": "` + p.Card.String() + `"}`
		}
	}
	return strings.Join(parts, ", ")
}

// mostTrick builds a trick at a table of the given size that scores what
// it can: the ∞s, the 8s and 9s, and, trumped, the zeros, padded with
// cards that score nothing, the trump last. Seat 0 leads and every seat
// plays in turn, led colour first, so the trick follows T1-T3 with every
// hand given; when not endsHand each seat keeps a card of another colour
// and all but the last still in fold at the end.
func mostTrick(players int, trumped, endsHand bool) Trick {
	size := HandSize(players)
	played := MostTrickCards(players, endsHand)
	suited := played
	if trumped {
		suited--
	}
	var scoring, blanks []cards.Card
	for _, r := range []cards.Rank{cards.Infinity, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7} {
		for _, s := range cards.FanucciSuits() {
			c := cards.Card{Rank: r, Suit: s}
			if r == cards.Infinity || r == 8 || r == 9 || (r == 0 && trumped) {
				scoring = append(scoring, c)
			} else {
				blanks = append(blanks, c)
			}
		}
	}
	heap := append(scoring, blanks...)[:suited]
	// Led colour first: the colour of the first card.
	led := heap[0].Colour()
	slices.SortStableFunc(heap, func(a, b cards.Card) int {
		switch {
		case a.Colour() == led && b.Colour() != led:
			return -1
		case a.Colour() != led && b.Colour() == led:
			return 1
		}
		return 0
	})
	if trumped {
		heap = append(heap, cards.NewTrump(cards.Trumps()[0]))
	}
	t := Trick{Players: players, Hands: make([][]cards.Card, players)}
	for i, c := range heap {
		t.Plays = append(t.Plays, Play{Seat: i % players, Card: c})
		t.Hands[i%players] = append(t.Hands[i%players], c)
	}
	if !endsHand {
		// Each keeps a card of another colour than the led one, never
		// played, so may fold (T3).
		kept := slices.DeleteFunc(slices.Clone(blanks[max(0, suited-len(scoring)):]), func(c cards.Card) bool { return c.Colour() == led })
		for seat := range players {
			t.Hands[seat] = append(t.Hands[seat], kept[seat])
		}
		if !trumped {
			next := len(t.Plays) % players
			for range players - 1 {
				t.Plays = append(t.Plays, Play{Seat: next, Fold: true})
				next = (next + 1) % players
			}
		}
	}
	for seat := range players {
		if len(t.Hands[seat]) != size {
			panic("a hand of the wrong size")
		}
	}
	return t
}

// TestMaxTrickPointsReachedT7: at each table size, the most a trick
// scores is what mostTrick scores, trumped or not, refereed with every
// hand given (T1-T7); the check by points takes it and refuses one more.
func TestMaxTrickPointsReachedT7(t *testing.T) {
	want := map[[2]int]int{{3, 1}: 57, {4, 1}: 62, {5, 1}: 69, {3, 0}: 54, {4, 0}: 59, {5, 0}: 64}
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for _, endsHand := range []bool{true, false} {
			best := 0
			for _, trumped := range []bool{false, true} {
				trick := mostTrick(players, trumped, endsHand)
				res, err := Score(trick)
				if err != nil {
					t.Fatalf("%d players, trumped %v, ends hand %v: %v", players, trumped, endsHand, err)
				}
				if !res.Ended || res.HandEnds != endsHand || res.Trumped != trumped {
					t.Fatalf("%d players, trumped %v: ended %v, hand ends %v: %s", players, trumped, res.Ended, res.HandEnds, english.Say(res.Reason))
				}
				best = max(best, res.Points)
			}
			key := [2]int{players, 0}
			if endsHand {
				key[1] = 1
			}
			if best != MaxTrickPoints(players, endsHand) || best != want[key] {
				t.Errorf("%d players, ends hand %v: the best trick scores %d, MaxTrickPoints %d, want %d", players, endsHand, best, MaxTrickPoints(players, endsHand), want[key])
			}
			points := make([]int, players)
			points[0] = best
			if err := (Module{}).CheckPoints(game.Table{}, game.Round{Points: points, Seat: 0, EndsHand: endsHand}); err != nil {
				t.Errorf("%d players: %d refused: %v", players, best, err)
			}
			points[0] = best + 1
			if err := (Module{}).CheckPoints(game.Table{}, game.Round{Points: points, Seat: 0, EndsHand: endsHand}); err == nil {
				t.Errorf("%d players: %d accepted", players, best+1)
			}
		}
	}
}

// fullDeal deals every seat a whole hand, the scoring cards first now and
// then so that tricks come near the bound, and plays a legal trick with
// few folds to its end.
func fullDeal(rng *rand.Rand) Trick {
	players := MinPlayers + rng.IntN(MaxPlayers-MinPlayers+1)
	deck := cards.Fanucci().Cards()
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	if rng.IntN(2) == 0 {
		slices.SortStableFunc(deck, func(a, b cards.Card) int {
			return CardPoints(b, true) - CardPoints(a, true)
		})
		rng.Shuffle(HandSize(players)*players, func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	}
	t := Trick{Players: players, Leader: rng.IntN(players), Hands: make([][]cards.Card, players)}
	size := HandSize(players)
	for seat := range t.Hands {
		t.Hands[seat], deck = deck[:size:size], deck[size:]
	}
	if MustRedeal(t.Hands[t.Leader]) {
		return fullDeal(rng)
	}
	m := &model{players: players, hands: slices.Clone(t.Hands), folded: make([]bool, players), turn: t.Leader, winner: -1}
	for !m.ended {
		moves := m.moves()
		// Trumps and folds late: long tricks.
		choice := moves[rng.IntN(len(moves))]
		for try := 0; try < 6 && (choice == nil || choice.IsTrump()) && len(m.plays) < 40; try++ {
			choice = moves[rng.IntN(len(moves))]
		}
		p := Play{Seat: m.turn, Fold: choice == nil}
		if choice != nil {
			p.Card = *choice
		}
		m.act(p)
	}
	t.Plays = m.plays
	return t
}

// TestCheckPointsRealTricksT7 is the property of the check by points:
// every real trick, of whole hands or of what a hand has left, refereed
// by Score, is accepted with whether new hands are dealt after it; every
// trick score over the bound of its table, the old 75 among them, or
// below zero, is refused.
func TestCheckPointsRealTricksT7(t *testing.T) {
	rng := rand.New(rand.NewPCG(75, 57))
	n := 3000
	if testing.Short() {
		n = 500
	}
	accepted, refused, falseAccepts := 0, 0, 0
	best := map[int]int{}
	for i := range n {
		var trick Trick
		if i%2 == 0 {
			trick = fullDeal(rng)
		} else {
			trick, _ = randomLegalTrick(rng)
		}
		res, err := Score(trick)
		if err != nil || !res.Ended {
			t.Fatalf("a legal trick: %v, %+v", err, res)
		}
		points := make([]int, trick.Players)
		points[res.Winner] = res.Points
		if err := (Module{}).CheckPoints(game.Table{}, game.Round{Points: points, Seat: res.Winner, EndsHand: res.HandEnds}); err != nil {
			t.Fatalf("a real trick worth %d (hand ends %v) refused: %v\n%+v", res.Points, res.HandEnds, err, trick)
		}
		accepted++
		best[trick.Players] = max(best[trick.Players], res.Points)
	}
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for _, endsHand := range []bool{true, false} {
			over := []int{75, -1, MaxTrickPoints(players, endsHand) + 1}
			for range n / 20 {
				over = append(over, MaxTrickPoints(players, endsHand)+1+rng.IntN(200))
			}
			for _, p := range over {
				points := make([]int, players)
				points[1] = p
				if err := (Module{}).CheckPoints(game.Table{}, game.Round{Points: points, Seat: 1, EndsHand: endsHand}); err == nil {
					t.Errorf("%d players: %d accepted, ends hand %v", players, p, endsHand)
					falseAccepts++
					continue
				}
				refused++
			}
		}
	}
	t.Logf("Trophy Case: %d real tricks accepted (best by players %v), %d impossible tricks refused; false accepts %d, false refusals 0", accepted, best, refused, falseAccepts)
}

// TestJudgePlayedOutT6: a trick of plays after which a player holds no
// card ends the hand, and the sheet says so, naming the player, until the
// box is ticked (T6).
func TestJudgePlayedOutT6(t *testing.T) {
	trick := mostTrick(3, false, true)
	names := []string{"Ann", "Bob", "Cy"}
	var turns []string
	for _, p := range trick.Plays {
		turns = append(turns, itoa(p.Seat)+": "+p.Card.String())
	}
	form := withPlays(gametest.Form("leader", "0", "rows", itoa(len(turns))), turns...)
	sh, hand := gametest.Judge(t, Module{}, tableOf(names), form)
	if want := "Ann, Bob and Cy played every card dealt on this trick, so new hands are dealt after it (T6): tick the box."; hand != nil || sh.Judgement.Problem != want {
		t.Fatalf("hand %v, problem %q, want %q", hand, sh.Judgement.Problem, want)
	}
	form.Set("ends_hand", "1")
	if _, hand := gametest.Judge(t, Module{}, tableOf(names), form); hand == nil || hand.Points[hand.Seat] != 57 || !hand.EndsHand {
		t.Fatalf("ticked: %+v", hand)
	}
}
