// Package points keeps the score of any other game at the table, by
// points alone, as the rules of a game by points fix it (rules P1-P4): meldpad checks
// nothing but the arithmetic.
//
// A Setup names the game, counts its 1 to 12 players, and says how it
// ends (at a target total, after a number of rounds, or open, when the
// table ends it) and whether the highest or the lowest total wins (P1).
// Each Round is one whole number per player, negative allowed (P2); an
// open game ends at an EndMarker entry, which a scorepad stores like a
// round (P3). Play adds the entries up and says whether the game has ended
// and who won; players tied for the best total share the win (P4).
//
//	hearts := points.Setup{Name: "Hearts", Players: 4, End: points.AtTarget, Target: 100, Wins: points.Lowest}
//	if err := hearts.Validate(); err != nil {
//		// An *InputError: show err beside the form field it names.
//	}
//	st, err := hearts.Play(rounds)
//	var input *points.InputError
//	var rulingErr *ruling.Error
//	switch {
//	case errors.As(err, &input):
//		// A malformed entry: input.Field is "rounds[3].points[1]" (400).
//	case errors.As(err, &rulingErr):
//		// An entry after the end: rulingErr.Rule is "P3" (422).
//	case st.Finished:
//		fmt.Println(st.Totals, st.Winners, st.Places)
//	}
//
// Errors cite the rule ids and their messages start "points: ".
package points
