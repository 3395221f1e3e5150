// Package flathead referees Flathead Rummy, played with the Fanucci deck, as
// Flathead's rules fix it (rules F1-F9): it judges melds laid down (Check) and
// laid off (CheckLayoff), and scores a hand (Score, ScoreContext), making
// the losers' best lay-offs first (F7).
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
// The losers' lay-offs follow F5 and F7 as written: each lay-off is one
// loser adding one or more of their own cards to one meld, and the meld
// must be valid after every lay-off, not only at the end; the losers may
// lay off in any order and more than once, so one loser's lay-off can
// open the way for another's. Score finds the lay-offs that leave the
// fewest cards in the losers' hands in total and lists them in an order
// in which they can be made (Result.Layoffs: a seat's consecutive cards
// onto one meld are one lay-off). F7's example: with 1, 3 and 5 of Lamps
// on the table, a loser holding 2 of Plungers and another holding 4 of
// Fromps can lay off neither (1 2 3 5 and 1 3 4 5 are not melds), while
// one loser holding both lays them off together.
//
// The search is exact: it tries every order of the lay-offs, through
// facts about melds that bestLayoffs states and the tests check against
// a search over every lay-off one at a time. A loser holds at most
// HandSize cards (F6), and on the slowest ends of hands found by hunting
// for them (testdata/slow-deals.json) it takes milliseconds;
// ScoreContext stops it when its context ends, for a server's deadline
// or a client gone away.
//
// Check and CheckLayoff never fail: an invalid meld is an answer. Score
// returns a plain error for input the HTTP layer should have refused
// (seats, mark counts, cards outside the deck or given twice) and a
// *ruling.Error with the rule id for a hand the rules forbid (the winner
// holding cards, or a loser more than HandSize, F6; an impossible number
// of bonus marks, F4; a table meld that is not a meld), before any search.
//
// Rulings made here where the rules are silent are written at the code they
// govern, citing the nearest rule: a meld's cards must be distinct (one
// copy of each card, the decks); an invalid meld's reason judges it as
// the kind its cards come closest to; how a meld can grow lay-off by
// lay-off (a flush with gaps becoming a run, a trump read again after each
// lay-off) and a deterministic choice among equally good lay-offs
// (bestLayoffs); a
// player can hold at most 58 bonus marks, one per meld the deck can make
// (F4).
package flathead
