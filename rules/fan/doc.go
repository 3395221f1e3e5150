// Package fan referees Fan Rummy, gin rummy with a knock card, as the rules
// §5 fixes it (rules N1-N8).
//
// It answers three questions a table asks:
//
//   - Is this a meld, or can these cards be laid off onto that one? Check
//     and CheckLayoff return a Verdict that explains itself (N2, N5).
//   - What is this hand's deadwood? Deadwood finds the arrangement with the
//     least (N3), exactly.
//   - What does this deal score? Score takes the knock card, the knocker
//     and both hands, checks the ending (N4), makes the defender's best
//     lay-offs (N5), and returns the points with their working (N6, N7).
//     When the knocker's melds are not recorded it lays the hand down in
//     the way best for the knocker, which is not always the least deadwood:
//     laying a set instead of a run can block lay-offs.
//
// Winner says when the game is over (N8).
//
//	hands := [2][]cards.Card{knockerCards, defenderCards}
//	r, err := fan.Score(fan.Deal{KnockCard: knockCard, Knocker: 0, Hands: hands})
//	var rulingErr *ruling.Error
//	switch {
//	case errors.As(err, &rulingErr):
//		// An illegal knock: rulingErr.Rule is "N4" (API status 422).
//	case err != nil:
//		// A *fan.DealError: a malformed deal (API status 400).
//	default:
//		fmt.Println(r.Outcome, r.Deadwood, r.Points, r.Layoffs, locale.English().Say(r.Reason))
//	}
//
// Cards are cards.Card values of the standard deck; seats are 0 and 1.
package fan
