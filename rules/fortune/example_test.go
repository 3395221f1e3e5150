package fortune_test

import (
	"errors"
	"fmt"

	"meldpad/locale"
	"meldpad/rules/cards"
	"meldpad/rules/fortune"
	"meldpad/rules/ruling"
)

// K, A and a deuce read Q-K-A: the deuce becomes the queen, never the 2 of
// a K-A-2 around the corner (R1, R2).
func ExampleCheck() {
	meld, err := cards.DoubleStandard().ParsePlays([]string{"KH", "AH", "2C"})
	if err != nil {
		panic(err)
	}
	v := fortune.Check(meld, fortune.HouseRules{})
	fmt.Println(v.Valid, v.Kind, v.Points, v.Readings)
	fmt.Println(locale.English().Say(v.Reason))
	// Output:
	// true sequence 30 [KH AH QH]
	// sequence of hearts Q-K-A with 2C as QH, ace high: 30 points (R1, R2, R4)
}

// A declared reading is taken as given, even when another would score more:
// 7H 2C 2D would read 7-8-9 for 25.
func ExampleCheck_declared() {
	meld, _ := cards.DoubleStandard().ParsePlays([]string{"7H", "2C=7S", "2D"})
	v := fortune.Check(meld, fortune.HouseRules{})
	fmt.Println(v.Kind, v.Points, v.Readings)
	// Output: set 15 [7H 7S 7D]
}

// An invalid meld says what is wrong first, citing the rule.
func ExampleCheck_invalid() {
	meld, _ := cards.DoubleStandard().ParsePlays([]string{"7H", "7H", "7S", "7D", "7C"})
	fmt.Println(locale.English().Say(fortune.Check(meld, fortune.HouseRules{}).Reason))
	fmt.Println(fortune.Check(meld, fortune.HouseRules{BigSets: true}).Points)
	// Output:
	// Not a set: five 7s, and a set holds at most four cards unless the house plays big sets (R1)
	// 25
}

func ExampleCheckLayoff() {
	deck := cards.DoubleStandard()
	onto, _ := deck.ParsePlays([]string{"5H", "6H", "7H"})
	added, _ := deck.ParsePlays([]string{"2C"})
	v := fortune.CheckLayoff(onto, added, fortune.HouseRules{})
	fmt.Println(v.Valid, v.Kind, v.Points)
	fmt.Println(locale.English().Say(v.Reason))
	// Output:
	// true sequence 10
	// the added card scores 10 points, making a sequence of hearts 5-6-7-8 with 2C as 8H (R1, R2, R3, R4)
}

// The example of API.md: kings and 4-5-6 of hearts on the table against
// the queen of spades, an ace and a deuce in hand.
func ExampleScore() {
	deck := cards.DoubleStandard()
	kings, _ := deck.ParsePlays([]string{"KS", "KH", "KD"})
	run, _ := deck.ParsePlays([]string{"5H", "6H", "2C"})
	held, _ := deck.ParseList([]string{"QS", "AH", "2D"})
	res, err := fortune.Score([]fortune.Player{
		{Melds: [][]cards.Play{kings, run}},
		{Hand: held},
	}, fortune.HouseRules{})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Points, res.Melded, res.Held)
	fmt.Println(res.MeldVerdicts[0][1].Readings)
	// Output:
	// [45 -70] [45 0] [0 70]
	// [5H 6H 4H]
}

// A meld the rules refuse is a *ruling.Error naming the player and the
// meld: the API answers 422 with the rule id.
func ExampleScore_invalidMeld() {
	bad, _ := cards.DoubleStandard().ParsePlays([]string{"7H", "7S", "8D"})
	_, err := fortune.Score([]fortune.Player{{}, {Melds: [][]cards.Play{bad}}}, fortune.HouseRules{})
	var re *ruling.Error
	if errors.As(err, &re) {
		fmt.Println(re.Rule)
		fmt.Println(locale.English().Error(err))
	}
	// Output:
	// R1
	// fortune: player 2's meld 1 (7H 7S 8D) is not a set: 8D is not a 7 (R1)
}

func ExampleCheckDiscard() {
	qs, _ := cards.DoubleStandard().Parse("QS")
	fmt.Println(locale.English().Error(fortune.CheckDiscard(qs, false)))
	fmt.Println(fortune.CheckDiscard(qs, true))
	fmt.Println(locale.For("de").Error(fortune.CheckDiscard(qs, false)))
	// Output:
	// fortune: the queen of spades may be discarded only as the last card, when going out (R7)
	// <nil>
	// fortune: die Pik Dame darf nur als letzte Karte abgeworfen werden, beim Ausmachen (R7)
}

func ExampleHeldPoints() {
	held, _ := cards.DoubleStandard().ParseList([]string{"QS", "KH", "7C", "AD", "2S"})
	for _, c := range held {
		fmt.Print(c, " ", fortune.HeldPoints(c), "; ")
	}
	fmt.Println()
	// Output: QS 50; KH 10; 7C 5; AD 10; 2S 10;
}

// A deuce as the queen of spades scores 10, not 50 (R4).
func ExampleMeldedPoints() {
	deck := cards.DoubleStandard()
	deuce, _ := deck.Parse("2C")
	qs, _ := deck.Parse("QS")
	fmt.Println(fortune.MeldedPoints(qs, cards.Card{}, fortune.Sequence, false, fortune.HouseRules{}))
	fmt.Println(fortune.MeldedPoints(deuce, qs, fortune.Sequence, false, fortune.HouseRules{}))
	// Output:
	// 50
	// 10
}
