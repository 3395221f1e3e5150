package rating_test

import (
	"fmt"

	"meldpad/rules/rating"
)

// Three new players finish a game: Ann first, Bob and Cy tied for second.
func ExampleRatePlayers() {
	ann, bob, cy := rating.New(), rating.New(), rating.New()
	after := rating.RatePlayers([]rating.Rating{ann, bob, cy}, []int{1, 2, 2})
	for i, name := range []string{"Ann", "Bob", "Cy"} {
		fmt.Printf("%s %v (ordinal %.1f)\n", name, after[i], after[i].Ordinal())
	}
	// Output:
	// Ann 27.9 ± 24.6 (ordinal 3.3)
	// Bob 23.6 ± 24.2 (ordinal -0.6)
	// Cy 23.6 ± 24.2 (ordinal -0.6)
}
