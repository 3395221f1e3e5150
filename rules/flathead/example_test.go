package flathead_test

import (
	"fmt"

	"meldpad/locale"
	"meldpad/rules/cards"
	"meldpad/rules/flathead"
)

func ExampleCheck() {
	meld, _ := cards.Fanucci().ParseList([]string{"Grue", "2 Scythes", "3 Scythes"})
	v := flathead.Check(meld)
	fmt.Println(v.Valid, v.Kind, v.Bonus)
	fmt.Println(locale.English().Say(v.Reason))
	// Output:
	// true flush false
	// a flush of three Scythes with one trump; a trump never makes a bonus meld (F1, F3, F4)
}

func ExampleCheck_invalid() {
	meld, _ := cards.Fanucci().ParseList([]string{"7 Zurfs", "8 Zurfs", "9 Rain", "inf Tops"})
	v := flathead.Check(meld)
	fmt.Println(v.Valid, v.Rule)
	fmt.Println(locale.English().Say(v.Reason))
	// Output:
	// false F2
	// not a run: ∞ never follows 9 (F2)
}

func ExampleCheckLayoff() {
	deck := cards.Fanucci()
	onto, _ := deck.ParseList([]string{"5 Faces", "6 Faces", "7 Faces"})
	for _, card := range []string{"9 Faces", "8 Hives", "9 Hives"} {
		added, _ := deck.ParseList([]string{card})
		v := flathead.CheckLayoff(onto, added)
		fmt.Printf("%s: %v %q, %s\n", card, v.Valid, v.Kind, locale.English().Say(v.Reason))
	}
	// Output:
	// 9 Faces: true "flush", now a flush of four Faces (F5, F1)
	// 8 Hives: true "run", now a black run from 5 to 8 (F5, F1)
	// 9 Hives: false "", the result is neither a flush of Faces (9 Hives is of another suit) nor a run (8 is missing) (F5, F1)
}

func ExampleScore() {
	deck := cards.Fanucci()
	parse := func(ss ...string) []cards.Card {
		cs, _ := deck.ParseList(ss)
		return cs
	}
	result, err := flathead.Score(flathead.Hand{
		Winner:     0,
		Hands:      [][]cards.Card{{}, parse("3 Bugs", "Grue"), parse("7 Lamps")},
		BonusMarks: []int{2, 1, 0},
		Table:      [][]cards.Card{parse("7 Plungers", "7 Fromps", "7 Zurfs")},
	})
	if err != nil {
		panic(err)
	}
	for _, l := range result.Layoffs {
		fmt.Printf("seat %d lays off %v onto meld %d\n", l.Seat, l.Card, l.Meld)
	}
	fmt.Println(result.Points, result.Working())
	// Output:
	// seat 1 lays off Grue onto meld 0
	// seat 2 lays off 7 Lamps onto meld 0
	// [2 0 0] 1 card x (1 + 2 - 1) = 2
}

func ExampleResult_Working() {
	deck := cards.Fanucci()
	held, _ := deck.ParseList([]string{"1 Books", "2 Books", "3 Books", "4 Books", "5 Books", "6 Books", "7 Books"})
	result, _ := flathead.Score(flathead.Hand{Winner: 1, Hands: [][]cards.Card{held, {}}, BonusMarks: []int{1, 2}})
	fmt.Println(result.Working())
	// Output: (7 cards + 5) x (1 + 2 - 1) = 24
}

// F7's example: two losers cannot fill the two gaps of 1, 3 and 5 of Lamps
// one at a time, since 1 2 3 5 and 1 3 4 5 are not melds; one loser holding
// both cards lays them off together.
func ExampleScore_layoffsOneAtATime() {
	deck := cards.Fanucci()
	parse := func(ss ...string) []cards.Card {
		cs, _ := deck.ParseList(ss)
		return cs
	}
	table := [][]cards.Card{parse("1 Lamps", "3 Lamps", "5 Lamps")}
	two, _ := flathead.Score(flathead.Hand{
		Winner: 0, Hands: [][]cards.Card{{}, parse("2 Plungers"), parse("4 Fromps")},
		BonusMarks: []int{0, 0, 0}, Table: table,
	})
	one, _ := flathead.Score(flathead.Hand{
		Winner: 0, Hands: [][]cards.Card{{}, parse("2 Plungers", "4 Fromps"), {}},
		BonusMarks: []int{0, 0, 0}, Table: table,
	})
	fmt.Println("two losers:", two.CardsLeft, "cards left,", len(two.Layoffs), "laid off")
	for _, l := range one.Layoffs {
		fmt.Printf("one loser: seat %d lays off %v onto meld %d\n", l.Seat, l.Card, l.Meld)
	}
	fmt.Println("one loser:", one.CardsLeft, "cards left")
	// Output:
	// two losers: 2 cards left, 0 laid off
	// one loser: seat 1 lays off 2 Plungers onto meld 0
	// one loser: seat 1 lays off 4 Fromps onto meld 0
	// one loser: 0 cards left
}
