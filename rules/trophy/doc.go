// Package trophy referees Trophy Case tricks, played with the Fanucci deck,
// as Trophy Case's rules fix it (rules T1-T8).
//
// A trick is recorded as the table plays it: the leader leads a suited
// card, then the turn passes left among the players still in, each playing a
// card or folding, until all but one have folded or somebody trumps. Score
// replays such a record, complete or not, and says where it stands: whose
// turn it is, who holds the highest card (T4), and once the trick has ended
// who won it, for how many points (T7), and who leads next (T6).
//
//	card := func(s string) cards.Card { c, _ := cards.Fanucci().Parse(s); return c }
//	res, err := trophy.Score(trophy.Trick{
//		Players: 4,
//		Leader:  0,
//		Plays: []trophy.Play{
//			{Seat: 0, Card: card("3 Lamps")},
//			{Seat: 1, Card: card("8 Fromps")},
//			{Seat: 2, Fold: true},
//			{Seat: 3, Card: card("Grue")},
//		},
//	})
//	// err == nil; res.Ended, res.Winner, res.Points, res.Trumped, res.Highest:
//	// true 3 1 true 3. res.Reason: "seat 3 wins the trick with Grue, the
//	// first trump played (T5), and scores 1 point: 8 Fromps 1 (T7)".
//
// Order, Highest and CardPoints are the pieces of T4 and T7 on their own,
// for a scorepad that ranks or counts cards as they are entered;
// MustRedeal is T1's check of a leader's hand; Winner and HandSize are T8
// and the deal.
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
// Decisions where the rules are silent, each written where it is made and
// citing the nearest rule:
//   - an empty entry in Trick.Hands means that seat's hand is not known,
//     since no seat starts a trick with no cards (T6);
//   - a player known to be out of cards is skipped in turn order, stays in,
//     and may neither play nor fold (T2, T6); without its hand a player is
//     assumed to hold cards;
//   - when every player still in is out of cards, nobody can act and the
//     highest card among them wins; out-of-colour cards rank alike, so
//     between them the one played first wins (T4, T5, T6);
//   - the grey zero of a player out of cards is not a card and scores
//     nothing, even after a trump (T6, T7);
//   - a card the seat does not hold breaks T1 when led and T2 when played
//     after the lead;
//   - while a trick goes on, Result.Points is what it is worth so far.
//
// For the JSON of POST /api/v1/trophy/tricks/score, a seat of -1 in a
// Result (Winner, Next, NextLeader, Highest) is printed as null.
//
// Module offers the game to meldpad (rules/game): its card sheet, which
// enters one trick as its plays in order or quickly as its winner and
// cards, and judges it as it is typed (sheet.go), the stored record and
// its one decoder (record.go), the API's tricks/score (api.go), and the
// referee page's "A trick" (referee.go).
package trophy
