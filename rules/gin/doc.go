// Package gin referees gin rummy as Gin Rummy's rules fix it (rules G1-G5),
// with the Fan Rummy engine: the cards, values, melds, deadwood and
// lay-offs are Fan Rummy's (N1-N3, N5), and package fan does the search.
//
// What gin changes is here:
//
//   - The knock value is 10 and nothing is doubled; under the house rule
//     Oklahoma the first up-card sets both (an ace: gin only; a spade
//     doubles the deal) (G1). HouseRules.KnockValue says which.
//   - A deal ends in a knock, Gin, Big Gin, or a draw, which scores
//     nothing and is recorded as such (G2).
//   - A tie in deadwood is an undercut, unless the house rule "undercut
//     only when less" makes it score nothing (G3).
//   - The game ends when a player reaches 100 (G4) and the final bonuses
//     are added: the game bonus, the box bonus, the shutout (G5).
//
// Score scores one deal from its cards; Entry.Check checks a deal entered
// by numbers alone (MaxDealPoints is the largest deal, and the comment on
// MaxDeadwood shows why); ScoreGame adds up a game with its bonuses;
// Winner says when a game is over. Check, CheckLayoff and Deadwood answer
// the meld questions, as Fan Rummy's.
//
//	house, err := gin.ParseHouseRules(map[string]bool{"oklahoma": true})
//	// err: an unknown key, a *gin.DealError for "house_rules.KEY" (400).
//	r, err := gin.Score(gin.Deal{Knocker: 0, Hands: hands, UpCard: upCard}, house)
//	var rulingErr *ruling.Error
//	switch {
//	case errors.As(err, &rulingErr):
//		// An illegal knock: rulingErr.Rule is "G2" (API status 422).
//	case err != nil:
//		// A *gin.DealError: a malformed deal (API status 400).
//	default:
//		fmt.Println(r.Outcome, r.Deadwood, r.Points, locale.English().Say(r.Reason))
//	}
//	game, err := gin.ScoreGame([][]int{{25, 0}, {0, 0}, {0, 31}, {80, 0}}, house)
//	// game.Winner 0, game.Final [255 56]
//
// Cards are cards.Card values of the standard deck; seats are 0 and 1.
// Errors and reasons cite the rule ids; error messages start "gin: ".
package gin
