package gin

import (
	"meldpad/rules/fan"
	"meldpad/rules/game"
)

// ruleTexts restates every rule of Gin Rummy in RULES.md in the app's own
// words, and the Fan Rummy rules gin plays by (N1-N3, N5: the cards'
// values, the melds, deadwood and lay-offs), as Fan Rummy states them; the
// referee page shows the ones a verdict rests on.
var ruleTexts = append(fanRules("N1", "N2", "N3", "N5"), []game.RuleText{
	game.EnglishRule("G1", "Knock value", "A player may knock with 10 or less deadwood. House rule Oklahoma: the first up-card's value is the knock value for the deal (an ace: only Gin), and a spade up-card doubles the deal's points."),
	game.EnglishRule("G2", "Ending a deal", "Knock with deadwood at most the knock value, Gin with all 10 cards melded, Big Gin with all 11 melded. When the stock runs down to its last two cards with nobody knocking, the deal is a draw: no points, recorded as such."),
	game.EnglishRule("G3", "Gin score", "A knock scores the defender's deadwood (after lay-offs) minus the knocker's. When the defender has as little deadwood as the knocker or less, it is an undercut: the defender scores 25 plus the difference (house rule \"undercut only when less\": a tie scores nothing). Gin scores 25 plus the defender's deadwood; Big Gin 31 plus it."),
	game.EnglishRule("G4", "Gin game end", "The first player whose total reaches 100 or more wins the game."),
	game.EnglishRule("G5", "Final bonuses", "Once the game is won: 100 to the winner; 25 to each player for each deal they scored in (box bonus, a house rule on by default); when the loser scored in no deal, the winner's deal points are doubled (shutout, a house rule on by default). The final total is the deal points plus the bonuses."),
}...)

// fanRules are Fan Rummy's texts of the given rules.
func fanRules(ids ...string) []game.RuleText {
	fanInfo := fan.Module{}.Info()
	out := make([]game.RuleText, 0, len(ids))
	for _, id := range ids {
		if r, ok := fanInfo.Rule(id); ok {
			out = append(out, r)
		}
	}
	return out
}
