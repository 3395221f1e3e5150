// Package trophy referees Trophy Case tricks, played with the Fanucci deck,
// as RULES.md §6 fixes it (rules T1-T8).
//
// A trick is recorded as the table plays it: the leader leads a suited
// card, then the turn passes left among the players still in, each playing a
// card or folding, until all but one have folded or somebody trumps. Score
// replays such a record, complete or not, and says where it stands: whose
// turn it is, who holds the highest card (T4), and once the trick has ended
// who won it, for how many points (T7), and who leads next (T6).
//
//	res, err := trophy.Score(trophy.Trick{
//		Players: 4,
//		Leader:  0,
//		Plays: []trophy.Play{
//			{Seat: 0, Card: threeLamps},
//			{Seat: 1, Card: eightFromps},
//			{Seat: 2, Fold: true},
//			{Seat: 3, Card: grue},
//		},
//	})
//	// res.Ended, res.Winner, res.Points, res.Trumped: true 3 1 true
//	// res.Reason: "seat 3 wins the trick with Grue, the first trump played
//	// (T5), and scores 1 point: 8 Fromps 1 (T7)"
//
// With each seat's hand before the trick (Trick.Hands, optional and per
// seat), every play and fold is also checked against T1-T3, and the result
// says whether a player ran out of cards, which ends the hand (T6).
//
// Errors: a trick the rules forbid (a play out of turn, a fold holding the
// led suit, a play after the trick ended) is a *ruling.Error carrying the
// rule id, which the API answers with 422; a malformed one (a seat that does
// not exist, a card given twice) is an *InputError naming the field, 400.
//
// Decisions where RULES.md is silent are written where they are made, each
// citing the nearest rule: an empty hand means "not known" (Trick), a player
// out of cards is skipped in turn order and the highest card wins when
// nobody still in can act (referee.pass), the grey zero scores nothing
// (count), out-of-colour cards rank alike (Order.Strength).
package trophy
