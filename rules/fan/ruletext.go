package fan

import "meldpad/rules/game"

// ruleTexts restates every rule of Fan Rummy in RULES.md in the app's
// own words; the referee page shows the ones a verdict rests on.
var ruleTexts = []game.RuleText{
	game.EnglishRule("N1", "Card values", "An ace is 1, 2 to 10 their face value, J Q K 10. The knock card's value is the most deadwood anyone may knock with this deal."),
	game.EnglishRule("N2", "Fan melds", "A set is 3 or 4 cards of one rank; a run is 3 or more consecutive cards of one suit, ace low only (Q-K-A is not a run)."),
	game.EnglishRule("N3", "Deadwood", "Deadwood is the value of the cards left out of melds, in the arrangement that makes it smallest."),
	game.EnglishRule("N4", "Ending a deal", "Knock: after discarding, deadwood at most the knock value. Gin: all ten cards melded. Big Gin: all eleven melded, no discard. A knock with no deadwood is Gin."),
	game.EnglishRule("N5", "Lay-offs", "After a knock (never after Gin or Big Gin) the defender may lay off deadwood onto the knocker's melds, one card after another, so a run can grow by several cards. meldpad takes the knocker's best arrangement when melds are not given, and the defender's melds and lay-offs that leave the least deadwood."),
	game.EnglishRule("N6", "Fan score", "A knock scores the defender's deadwood minus the knocker's. If the knocker has more, it is an undercut: the defender scores 25 plus the difference. Equal deadwood scores nothing (unless the house rule counts it as an undercut). Gin scores 25 plus the defender's deadwood; Big Gin 31 plus it."),
	game.EnglishRule("N7", "Spade knock card", "When the knock card is a spade, the deal's points are doubled."),
	game.EnglishRule("N8", "Fan game end", "The first player to reach 100 or more wins."),
}
