package points_test

import (
	"errors"
	"fmt"

	"meldpad/locale"
	"meldpad/rules/points"
)

// Hearts to 100: reaching the target ends the game, and the lowest total
// wins (P3, P4).
func ExampleSetup_Play() {
	hearts := points.Setup{Name: "Hearts", Players: 4, End: points.AtTarget, Target: 100, Wins: points.Lowest}
	if err := hearts.Validate(); err != nil {
		panic(err)
	}
	st, err := hearts.Play([]points.Round{
		{Points: []int{26, 0, 0, 0}},
		{Points: []int{50, 5, 8, 13}},
		{Points: []int{24, 2, 0, 0}},
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(hearts, "|", st.Totals, st.Finished, st.Winners, st.Places)

	_, err = hearts.Play([]points.Round{{Points: []int{100, 0, 0, 0}}, {Points: []int{0, 0, 0, 0}}})
	fmt.Println(locale.English().Error(err))
	// Output:
	// to 100, lowest wins | [100 7 8 13] true [1] [4 1 2 3]
	// points: entry 2 comes after the game ended (P3)
}

// An open game ends when the table says so, with an end marker a
// scorepad stores like a round; a tie at the top shares the win (P3, P4).
func ExampleEndMarker() {
	skat := points.Setup{Name: "Skat", Players: 3, End: points.Open}
	st, _ := skat.Play([]points.Round{
		{Points: []int{48, -24, 0}},
		{Points: []int{0, 72, 0}},
		points.EndMarker(),
	})
	fmt.Println(st.Totals, st.Finished, st.Winners, st.Places)
	// Output: [48 48 0] true [0 1] [1 1 3]
}

func ExampleSetup_Validate() {
	err := points.Setup{Name: "Hearts", Players: 13, End: points.AtTarget, Target: 100}.Validate()
	var input *points.InputError
	if errors.As(err, &input) {
		fmt.Println(input.Field, input.Rule, locale.English().Say(input.Msg))
	}
	// Output: players P1 points: a game has 1 to 12 players, not 13 (P1)
}
