// Package fortune referees Fortune Rummy, two standard decks with deuces
// wild, as Fortune's rules fix it (rules R1-R8).
//
// Check judges a meld laid down (R1, R2) and says what it scores (R4);
// CheckLayoff judges cards added to one of the player's own melds (R3);
// Score counts a finished hand (R4-R6); CheckDiscard knows the queen of
// spades rule (R7); Winner says when the game is over (R8). MeldedPoints
// and HeldPoints give single cards' values for the scorepad.
//
// A verdict explains itself: whether the meld stands, its Kind, its
// points, what every card stands for, and one sentence citing the rule
// ids. Deuces with a declared reading ("2C=KD", cards.Play.As) are taken
// as declared; the others are read so that the meld is valid and scores
// the most, the way a player at the table would count them:
//
//	deck := cards.DoubleStandard()
//	meld, err := deck.ParsePlays([]string{"KH", "AH", "2C"})
//	if err != nil {
//		return err // a card that does not parse or is not in the deck: HTTP 400
//	}
//	v := fortune.Check(meld, fortune.HouseRules{})
//	// v.Valid, v.Kind.String(), v.Points == true, "sequence", 30
//	// v.Readings[2] == QH: K, A, 2 reads Q-K-A, never around the corner
//	// locale.English().Say(v.Reason) == "sequence of hearts Q-K-A with 2C as QH, ace high: 30 points (R1, R2, R4)"
//
// At the end of a hand, Score takes every player's melds and hand:
//
//	res, err := fortune.Score(players, house)
//	var re *ruling.Error
//	if errors.As(err, &re) {
//		// an invalid meld: HTTP 422 with re.Rule
//	}
//	// res.Points[i] == res.Melded[i] - res.Held[i]
//
// Nothing here panics on any input: a card outside the deck or a reading a
// deuce cannot take is an invalid verdict (Check, CheckLayoff) or an error
// (Score).
package fortune
