package gin_test

import (
	"fmt"

	"meldpad/locale"
	"meldpad/rules/cards"
	"meldpad/rules/gin"
)

func mustParse(ss ...string) []cards.Card {
	cs, err := cards.Standard().ParseList(ss)
	if err != nil {
		panic(err)
	}
	return cs
}

// A knock with 5 deadwood against a defender who melds all but 5: in
// standard gin the tie is an undercut (G3).
func ExampleScore() {
	deal := gin.Deal{
		Knocker: 0,
		Hands: [2][]cards.Card{
			mustParse("AS", "2S", "3S", "4H", "4D", "4C", "9C", "10C", "JC", "5D"),
			mustParse("7S", "7H", "7D", "QH", "QD", "QC", "JS", "JH", "JD", "5C"),
		},
	}
	r, err := gin.Score(deal, gin.HouseRules{})
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Outcome, r.Deadwood, r.Points, r.Rules)
	fmt.Println(locale.English().Say(r.Reason))

	house, _ := gin.ParseHouseRules(map[string]bool{"undercut_on_tie": false})
	r, _ = gin.Score(deal, house)
	fmt.Println(r.Outcome, r.Points)
	// Output:
	// undercut [5 5] [0 25] [G3]
	// undercut: the defender's 5 deadwood ties the knocker's 5, and a tie is an undercut, so the defender scores 25 (G3)
	// knock [0 0]
}

// Under Oklahoma the first up-card sets the knock value and a spade
// doubles the deal (G1).
func ExampleScore_oklahoma() {
	house := gin.HouseRules{Oklahoma: true}
	r, err := gin.Score(gin.Deal{
		UpCard: mustParse("7S")[0],
		Hands: [2][]cards.Card{
			mustParse("AS", "2S", "3S", "4H", "4D", "4C", "9C", "10C", "JC", "7D"),
			mustParse("KH", "QD", "2C", "5H", "9D", "3H", "JD", "6H", "8H", "10S"),
		},
	}, house)
	if err != nil {
		panic(err)
	}
	fmt.Println(r.KnockValue, r.Doubled, r.Points)
	fmt.Println(locale.English().Say(r.Reason))

	_, err = gin.Score(gin.Deal{
		UpCard: mustParse("6H")[0],
		Hands: [2][]cards.Card{
			mustParse("AS", "2S", "3S", "4H", "4D", "4C", "9C", "10C", "JC", "7D"),
			mustParse("KH", "QD", "2C", "5H", "9D", "3H", "JD", "6H", "8H", "10S"),
		},
	}, house)
	fmt.Println(locale.English().Error(err))
	// Output:
	// 7 true [132 0]
	// knock with 7 deadwood against the defender's 73, so the knocker scores 73 - 7 = 66, doubled to 132 by the spade up-card (G3, G1)
	// gin: knock with 7 deadwood over knock value 6 (G2)
}

// API.md's example: a gin, a draw, a big gin and a knock; the box bonus
// and the shutout are on by default (G4, G5).
func ExampleScoreGame() {
	g, err := gin.ScoreGame([][]int{{25, 0}, {0, 0}, {0, 31}, {80, 0}}, gin.HouseRules{})
	if err != nil {
		panic(err)
	}
	fmt.Println(g.Totals, g.Finished, g.Winner, g.Shutout, g.Bonus.Game, g.Bonus.Box, g.Final)
	fmt.Println(locale.English().Say(g.Reason))

	_, err = gin.ScoreGame([][]int{{25, 0}, {0, 0}, {0, 31}, {80, 0}, {0, 10}}, gin.HouseRules{})
	fmt.Println(locale.English().Error(err))
	// Output:
	// [105 31] true 0 false [100 0] [50 25] [255 56]
	// seat 0 reached 105 and wins: game bonus 100, box bonuses 50 and 25 for two deals and one deal scored in; final 255 to 56 (G4, G5)
	// gin: deal 5 comes after the game was won: seat 0 reached 105 in deal 4 (G4)
}

// A deal entered by numbers alone: only one side scores, and never more
// than Big Gin against the most deadwood a hand can hold (G3).
func ExampleEntry_Check() {
	for _, e := range []gin.Entry{
		{Points: []int{0, 29}},
		{Points: []int{0, 0}, Draw: true},
		{Points: []int{10, 4}},
		{Points: []int{140, 0}},
	} {
		if err := e.Check(gin.HouseRules{}); err != nil {
			fmt.Println(locale.English().Error(err))
		} else {
			fmt.Println(err)
		}
	}
	// Output:
	// <nil>
	// <nil>
	// gin: both players score (10 and 4), but only one side scores in a deal (G3)
	// gin: 140 points are more than a deal can score: at most 129 (G3)
}
