package cards_test

import (
	"errors"
	"fmt"

	"meldpad/locale"
	"meldpad/rules/cards"
)

func ExampleDeck_ParseList() {
	hand, err := cards.Fanucci().ParseList([]string{"7 of Lamps", "inf tops", "Grue"})
	if err != nil {
		panic(err)
	}
	fmt.Println(hand, hand[0].Colour())
	// Output: [7 Lamps ∞ Tops Grue] red
}

func ExampleDeck_ParsePlay() {
	p, _ := cards.DoubleStandard().ParsePlay("2c=kd")
	fmt.Println(p, p.Declared())
	// Output: 2C=KD true
}

func ExampleParseError() {
	_, err := cards.Fanucci().ParseList([]string{"7 Plungers", "7 Lampz"})
	var pe *cards.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Pos, errors.Is(err, cards.ErrUnknownCard))
		fmt.Println(locale.English().Say(pe.Msg))
	}
	// Output:
	// 1 true
	// “7 Lampz” is not a card: no suit is called “lampz”. Did you mean 7 Lamps?
}
