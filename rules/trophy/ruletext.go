package trophy

import "meldpad/rules/game"

// ruleTexts restates every rule of Trophy Case in RULES.md in the app's
// own words; the referee page shows the ones a verdict rests on.
var ruleTexts = []game.RuleText{
	game.EnglishRule("T1", "Leading", "The leader plays any suited card, never a trump. A leader holding only trumps shows the hand and everyone is dealt again."),
	game.EnglishRule("T2", "Following", "The turn passes to the left among players still in the trick. You play one card or fold. If you play, you must play the led colour when you hold it; without it you may play another colour or a trump."),
	game.EnglishRule("T3", "Folding", "You may not fold while you hold a card of the led suit. A player who folds is out of the trick and cannot win it."),
	game.EnglishRule("T4", "Rank in the trick", "A trump ranks above everything. Among the led colour, the led suit is lowest, the second suit of that colour to appear ranks above it and the third above that; within a suit 0 < 1 < … < 9 < ∞. Other colours rank below the led colour."),
	game.EnglishRule("T5", "Winning a trick", "The first trump played ends the trick and wins it. Otherwise the trick ends when all but one player have folded, and that player wins, even without the highest card."),
	game.EnglishRule("T6", "Out of cards", "A player with no cards stays in as if holding a grey zero. A trick that ends with anyone out of cards ends the hand and new hands are dealt. The player to the left of the trick's winner leads next, across a redeal too."),
	game.EnglishRule("T7", "Trick points", "The winner scores 1 for each 8 and 9, 2 for each ∞, 1 for each zero only if a trump was played, and nothing for trumps."),
	game.EnglishRule("T8", "Trophy Case game end", "When someone reaches 30 or more, the highest total wins; a tie at the top plays on."),
}
