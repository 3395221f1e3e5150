package fan_test

import (
	"fmt"

	"meldpad/locale"
	"meldpad/rules/cards"
	"meldpad/rules/fan"
)

func mustParse(ss ...string) []cards.Card {
	cs, err := cards.Standard().ParseList(ss)
	if err != nil {
		panic(err)
	}
	return cs
}

func ExampleCheck() {
	for _, meld := range [][]cards.Card{
		mustParse("7S", "7H", "7D"),
		mustParse("QS", "KS", "AS"),
		mustParse("4H", "6H", "5H"),
	} {
		v := fan.Check(meld)
		fmt.Println(v.Valid, v.Kind, locale.English().Say(v.Reason))
	}
	// Output:
	// true set three 7s (N2)
	// false  Not a run: the ace is low only, so Q-K-A is not a run (N2)
	// true run a run of hearts, 4 to 6 (N2)
}

func ExampleCheckLayoff() {
	v := fan.CheckLayoff(mustParse("5H", "6H", "7H"), mustParse("8H", "9H"))
	fmt.Println(v.Valid, v.Kind, locale.English().Say(v.Reason))
	// Output: true run 8H and 9H make a run of hearts, 5 to 9 (N5)
}

func ExampleDeadwood() {
	a := fan.Deadwood(mustParse("5S", "6S", "7S", "7H", "7D", "KC"))
	fmt.Println(a.Melds, a.Deadwood, a.Value)
	// Output: [[7S 7H 7D]] [5S 6S KC] 21
}

// The knocker could lay 4-5-6S, 6H 6D 6C and 9-10-JC with 1 deadwood, but
// the defender would lay off 3S, 7S and 8S. Laying the four 6s instead
// keeps 10 deadwood, within the king's 10, and blocks them (N5).
func ExampleScore() {
	r, err := fan.Score(fan.Deal{
		KnockCard: mustParse("KD")[0],
		Knocker:   0,
		Hands: [2][]cards.Card{
			mustParse("4S", "5S", "6S", "6H", "6D", "6C", "9C", "10C", "JC", "AD"),
			mustParse("3S", "7S", "8S", "KH", "QD", "2C", "5H", "9D", "3H", "JD"),
		},
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Outcome, r.Melds[0], r.DeadwoodCards[0])
	fmt.Println(r.Deadwood, r.Points)
	fmt.Println(locale.English().Say(r.Reason))
	// Output:
	// knock [[6S 6H 6D 6C] [9C 10C JC]] [AD 4S 5S]
	// [10 67] [57 0]
	// Knock with 10 deadwood against the defender's 67, so the knocker scores 67 - 10 = 57 (N6)
}

func ExampleScore_illegalKnock() {
	_, err := fan.Score(fan.Deal{
		KnockCard: mustParse("7H")[0],
		Hands: [2][]cards.Card{
			mustParse("AS", "2S", "3S", "4H", "4D", "4C", "9C", "10C", "JC", "8D"),
			mustParse("KH", "QD", "2C", "5H", "9D", "3H", "JD", "6H", "7D", "10S"),
		},
	})
	fmt.Println(locale.English().Error(err))
	// Output: fan: knock with 8 deadwood over knock value 7 (N4)
}
