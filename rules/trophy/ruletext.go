package trophy

import "meldpad/rules/game"

// ruleTexts restates every rule of Trophy Case in RULES.md in the app's
// own words; the referee page shows the ones a verdict rests on.
var ruleTexts = []game.RuleText{
	{ID: "T1", Title: "Leading", Text: "The leader plays any suited card, never a trump. A leader holding only trumps shows the hand and everyone is dealt again."},
	{ID: "T2", Title: "Following", Text: "The turn passes to the left among players still in the trick. You play one card or fold. If you play, you must play the led colour when you hold it; without it you may play another colour or a trump."},
	{ID: "T3", Title: "Folding", Text: "You may not fold while you hold a card of the led suit. A player who folds is out of the trick and cannot win it."},
	{ID: "T4", Title: "Rank in the trick", Text: "A trump ranks above everything. Among the led colour, the led suit is lowest, the second suit of that colour to appear ranks above it and the third above that; within a suit 0 < 1 < … < 9 < ∞. Other colours rank below the led colour."},
	{ID: "T5", Title: "Winning a trick", Text: "The first trump played ends the trick and wins it. Otherwise the trick ends when all but one player have folded, and that player wins, even without the highest card."},
	{ID: "T6", Title: "Out of cards", Text: "A player with no cards stays in as if holding a grey zero. A trick that ends with anyone out of cards ends the hand and new hands are dealt. The player to the left of the trick's winner leads next, across a redeal too."},
	{ID: "T7", Title: "Trick points", Text: "The winner scores 1 for each 8 and 9, 2 for each ∞, 1 for each zero only if a trump was played, and nothing for trumps."},
	{ID: "T8", Title: "Trophy Case game end", Text: "When someone reaches 30 or more, the highest total wins; a tie at the top plays on."},
}
