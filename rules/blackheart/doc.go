// Package blackheart referees Black Heart Rum, 75 cards with escorts and
// diamond wilds, as Black Heart's rules fix it (rules B1-B8).
//
// A set is judged by Check (laying down), CheckLayoff (adding to any set on
// the table) and CheckSwap (taking a played diamond back, B4). Each returns
// a Verdict: whether the set is allowed, its Kind (the API's
// "group", "series" or "royale"), the points the player scores for the
// cards (B7), how each card was read (Roles: member or escort, which court
// an escort escorts, what a wild diamond stands for), and one sentence for
// the table that cites the rules:
//
//	deck := cards.BlackHeart()
//	set, err := deck.ParsePlays([]string{"QS", "6H", "KS", "3H", "AS"})
//	if err != nil {
//		return err // a card the deck lacks, or too many copies: HTTP 400
//	}
//	v := blackheart.Check(set)
//	// v.Valid == true, v.Kind == blackheart.Series, v.Points == 45
//	// v.Reason == "a series QS-KS-AS with two heart escorts (B1, B2)"
//
// CheckOpening and RequirementFor answer the opening chart of B5, and Score
// scores a whole deal (B6, B7); Winner says when the game is over (B8).
//
// Module offers the game to meldpad (rules/game): its card sheet, which
// reads a deal as it ends and judges it as it is typed (sheet.go), the
// stored record and its one decoder (record.go), the API's
// melds/check, hands/score and opening/check (api.go), and the referee
// page's "An opening" (referee.go).
//
// Rulings where the rules and the seed are silent, each written beside the
// code it shapes:
//   - a set needs at least one member that is not a wild diamond, so JD QD
//     KD alone are always the Royale; otherwise a set may hold all three
//     wilds (B3);
//   - a wild stands only for a card of this deck (JD is never a J of
//     hearts, so heart series run A to 10, ace low, and never wrap) and not
//     for a card whose every copy is already in the set (B1, B3);
//   - KD standing for JD or QD, the seed's "K (as the Q)", is a diamond
//     court card in a group and needs no escort (B3);
//   - a diamond read as itself joins only a group of its rank or the
//     Royale; a series holds each rank once (B1, B3);
//   - with several valid readings the verdict shows a group before a
//     series, and a series whose wilds extend it upwards (3C 4C QD is
//     3-4-5); the points are the same either way, since a wild scores its
//     own value (B7);
//   - in a lay-off the table's undeclared wilds are read afresh; laid-off
//     court cards bring their own escorts (B2);
//   - cards put in by a swap count for the swapper, like lay-offs (B4, B7);
//   - an opening play with no set does not open (B5).
package blackheart
