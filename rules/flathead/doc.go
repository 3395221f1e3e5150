// Package flathead referees Flathead Rummy, played with the Fanucci deck, as
// RULES.md §2 fixes it (rules F1-F9): it judges melds laid down (Check) and
// laid off (CheckLayoff), and scores a hand (Score), making the losers'
// best lay-offs first (F7).
//
// Every verdict says what the meld is, or the first thing wrong with it,
// in one sentence citing the rule ids:
//
//	meld, _ := cards.Fanucci().ParseList([]string{"7 Lamps", "7 Plungers", "Grue"})
//	v := flathead.Check(meld)
//	// v.Valid: true, v.Kind: flathead.Set (v.Kind.String() is "set"), v.Bonus: false
//	// v.Reason: "three 7s with one trump; a trump never makes a bonus meld (F1, F3, F4)"
//
//	onto, _ := cards.Fanucci().ParseList([]string{"5 Faces", "6 Faces", "7 Faces"})
//	added, _ := cards.Fanucci().ParseList([]string{"8 Hives"})
//	v = flathead.CheckLayoff(onto, added) // valid, Kind flathead.Run, Bonus false
//
//	result, err := flathead.Score(flathead.Hand{
//		Winner:     0,
//		Hands:      [][]cards.Card{{}, threeBugsAndGrue, sevenOfLamps},
//		BonusMarks: []int{2, 1, 0},
//		Table:      [][]cards.Card{setOfSevens},
//	})
//	// result.Layoffs: Grue and 7 Lamps onto meld 0; result.Points: [2 0 0];
//	// result.Working(): "1 card x (1 + 2 - 1) = 2"
//
// Check and CheckLayoff never fail: an invalid meld is an answer. Score
// returns a plain error for input the HTTP layer should have refused
// (seats, mark counts, cards outside the deck or given twice) and a
// *ruling.Error with the rule id for a hand the rules forbid (the winner
// holding cards, F6; an impossible number of bonus marks, F4; a table meld
// that is not a meld).
//
// Rulings made here where RULES.md is silent are written at the code they
// govern, citing the nearest rule: a meld's cards must be distinct (one
// copy of each card, RULES.md §1); an invalid meld's reason judges it as
// the kind its cards come closest to; the losers lay off together and a
// meld is judged on its final content (F7), with a deterministic choice
// among equally good lay-offs (bestLayoffs); a player can hold at most 58
// bonus marks, one per meld the deck can make (F4).
package flathead
