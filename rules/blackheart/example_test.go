package blackheart_test

import (
	"fmt"

	"meldpad/locale"
	"meldpad/rules/blackheart"
	"meldpad/rules/cards"
)

func ExampleCheck() {
	// The seed's Q♠/6♥-K♠/3♥-A♠: each black court card with its heart.
	set, _ := cards.BlackHeart().ParsePlays([]string{"QS", "6H", "KS", "3H", "AS"})
	v := blackheart.Check(set)
	fmt.Println(v.Valid, v.Kind, v.Points)
	fmt.Println(locale.English().Say(v.Reason))
	fmt.Println(v.Roles[1])
	// Output:
	// true series 45
	// a series QS-KS-AS with two heart escorts (B1, B2)
	// escort of 0
}

func ExampleCheck_invalid() {
	set, _ := cards.BlackHeart().ParsePlays([]string{"JS", "4H", "KS", "6H", "QD"})
	v := blackheart.Check(set)
	fmt.Println(v.Valid, v.Rule)
	fmt.Println(locale.English().Say(v.Reason))
	// Output:
	// false B2
	// QD, standing for QS, has no heart to escort it (B2, B3)
}

func ExampleCheck_wild() {
	// An undeclared wild is read the way that makes the set valid; a
	// declared one only as declared.
	for _, s := range [][]string{{"3C", "4C", "QD"}, {"3C", "4C", "QD=2C"}, {"QS", "2H", "QC", "7H", "KD"}} {
		set, _ := cards.BlackHeart().ParsePlays(s)
		fmt.Println(locale.English().Say(blackheart.Check(set).Reason))
	}
	// Output:
	// a series 3C-4C-5C, QD standing for 5C (B1, B3)
	// a series 2C-3C-4C, QD standing for 2C (B1, B3)
	// a group of three queens, KD standing for QD, with two heart escorts (B1, B2, B3)
}

func ExampleCheckLayoff() {
	deck := cards.BlackHeart()
	onto, _ := deck.ParsePlays([]string{"QS", "6H", "KS", "3H", "AS"})
	added, _ := deck.ParsePlays([]string{"JS", "4H"})
	v := blackheart.CheckLayoff(onto, added)
	fmt.Println(v.Valid, v.Kind, v.Points)
	fmt.Println(locale.English().Say(v.Reason))
	// Output:
	// true series 15
	// laying off JS 4H makes a series JS-QS-KS-AS with three heart escorts (B1, B2)
}

func ExampleCheckSwap() {
	// The seed's swap: the K standing for the Q is replaced by a Q/10 pair.
	deck := cards.BlackHeart()
	set, _ := deck.ParsePlays([]string{"QS", "2H", "QC", "7H", "KD"})
	in, _ := deck.ParsePlays([]string{"QS", "10H"})
	v := blackheart.CheckSwap(set, cards.Card{Rank: cards.King, Suit: cards.Diamonds}, in)
	fmt.Println(v.Valid, locale.English().Say(v.Reason))
	// Output:
	// true QS 10H may take the place of KD, leaving a group of three queens with three heart escorts (B1, B2, B4)
}

func ExampleCheckOpening() {
	set, _ := cards.BlackHeart().ParsePlays([]string{"7S", "7C", "7H", "7S", "7C"})
	v := blackheart.CheckOpening(250, [][]cards.Play{set})
	fmt.Println(v.Valid, v.Required)
	fmt.Println(locale.English().Say(v.Reason))
	// Output:
	// true 5 or more cards in 1 set
	// 5 cards in one set meet 5 or more cards in 1 set, escorts included (B5)
}

func ExampleRequirementFor() {
	for _, score := range []int{-10, 0, 150, 350, 500} {
		fmt.Println(score, blackheart.RequirementFor(score).Text)
	}
	// Output:
	// -10 none
	// 0 3 or more cards in 1 set
	// 150 4 or more cards in 1 set
	// 350 8 or more cards in 2 sets
	// 500 10 or more cards in 2 sets
}

func ExampleScore() {
	deck := cards.BlackHeart()
	meld, _ := deck.ParsePlays([]string{"7S", "7C", "7H"})
	layoff, _ := deck.ParsePlays([]string{"8S"})
	hand, _ := deck.ParseList([]string{"KS", "5H"})
	r, err := blackheart.Score(blackheart.Deal{WentOut: 0, Players: []blackheart.Player{
		{Melds: [][]cards.Play{meld}, Layoffs: layoff},
		{Hand: hand},
	}})
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Melded, r.Bonus, r.Held, r.Points)
	// Output: [20 0] [25 0] [0 15] [45 -15]
}
