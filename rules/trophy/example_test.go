package trophy_test

import (
	"fmt"

	"meldpad/locale"
	"meldpad/rules/cards"
	"meldpad/rules/ruling"
	"meldpad/rules/trophy"
)

// card reads one card of the Fanucci deck, as the HTTP layer does.
func card(s string) cards.Card {
	c, err := cards.Fanucci().Parse(s)
	if err != nil {
		panic(err)
	}
	return c
}

// The API's example: seat 3 trumps an 8 and wins the trick for 1 point.
func ExampleScore() {
	res, err := trophy.Score(trophy.Trick{
		Players: 4,
		Leader:  0,
		Plays: []trophy.Play{
			{Seat: 0, Card: card("3 Lamps")},
			{Seat: 1, Card: card("8 Fromps")},
			{Seat: 2, Fold: true},
			{Seat: 3, Card: card("Grue")},
		},
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Ended, res.Winner, res.Points, res.Trumped, res.Highest, res.NextLeader)
	fmt.Println(locale.English().Say(res.Reason))
	// Output:
	// true 3 1 true 3 0
	// seat 3 wins the trick with Grue, the first trump played (T5), and scores 1 point: 8 Fromps 1 (T7)
}

// While plays are entered, Score says whose turn it is and who holds the
// highest card: here the Fromps, the third red suit to appear, outrank
// the higher Plungers and Lamps (T4).
func ExampleScore_partial() {
	res, _ := trophy.Score(trophy.Trick{
		Players: 4,
		Leader:  0,
		Plays: []trophy.Play{
			{Seat: 0, Card: card("1 Lamps")},
			{Seat: 1, Card: card("9 Plungers")},
			{Seat: 2, Fold: true},
			{Seat: 3, Card: card("0 Fromps")},
		},
	})
	fmt.Println(res.Ended, res.Next, res.Highest, res.HighestCard)
	fmt.Println(locale.English().Say(res.Reason))
	// Output:
	// false 0 3 0 Fromps
	// seat 0 to play or fold; seat 3 holds the highest card, 0 Fromps, and the trick is worth 1 point so far: 9 Plungers 1 (T2, T4, T7)
}

// With the hands, every play is checked: a player holding the led suit
// cannot fold (T3).
func ExampleScore_hands() {
	_, err := trophy.Score(trophy.Trick{
		Players: 3,
		Leader:  0,
		Hands: [][]cards.Card{
			nil, // seat 0's hand is not known
			{card("5 Lamps"), card("2 Tops")},
			nil,
		},
		Plays: []trophy.Play{
			{Seat: 0, Card: card("3 Lamps")},
			{Seat: 1, Fold: true},
		},
	})
	rule, _ := ruling.RuleOf(err)
	fmt.Println(rule)
	fmt.Println(locale.English().Error(err))
	// Output:
	// T3
	// trophy: seat 1 cannot fold while holding 5 Lamps, a card of the led suit (T3)
}

// A play out of turn is a *ruling.Error the API answers with 422 (T2).
func ExampleScore_outOfTurn() {
	_, err := trophy.Score(trophy.Trick{
		Players: 4,
		Leader:  0,
		Plays: []trophy.Play{
			{Seat: 0, Card: card("3 Lamps")},
			{Seat: 1, Card: card("5 Lamps")},
			{Seat: 3, Card: card("6 Lamps")},
		},
	})
	fmt.Println(locale.English().Error(err))
	// Output: trophy: seat 3 played out of turn; it was seat 2's turn (T2)
}

// An Order ranks a trick's cards as they are played (T4).
func ExampleOrder() {
	var o trophy.Order
	for _, s := range []string{"∞ Lamps", "0 Plungers", "9 Tops"} {
		o.See(card(s))
	}
	fmt.Println(o.Led(), o.Compare(card("0 Plungers"), card("∞ Lamps")), o.Compare(card("9 Tops"), card("0 Lamps")))
	// Output: Lamps 1 -1
}

func ExampleHighest() {
	played := []cards.Card{card("1 Lamps"), card("7 Plungers"), card("∞ Tops"), card("2 Fromps")}
	fmt.Println(played[trophy.Highest(played)])
	// Output: 2 Fromps
}

func ExampleMustRedeal() {
	fmt.Println(trophy.MustRedeal([]cards.Card{card("Grue"), card("Beauty")}))
	fmt.Println(trophy.MustRedeal([]cards.Card{card("Grue"), card("3 Time")}))
	// Output:
	// true
	// false
}

func ExampleCardPoints() {
	fmt.Println(trophy.CardPoints(card("∞ Tops"), false), trophy.CardPoints(card("0 Tops"), false), trophy.CardPoints(card("0 Tops"), true))
	// Output: 2 0 1
}
