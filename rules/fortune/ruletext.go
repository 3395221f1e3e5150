package fortune

import "meldpad/rules/game"

// ruleTexts restates every rule of Fortune Rummy in RULES.md in the app's
// own words; the referee page shows the ones a verdict rests on.
var ruleTexts = []game.RuleText{
	game.EnglishRule("R1", "Fortune melds", "A set is 3 or 4 cards of one rank (more with the house rule \"big sets\"). A sequence is 3 or more consecutive cards of one suit. Aces are low (A-2-3) or high (Q-K-A), never around the corner (K-A-2)."),
	game.EnglishRule("R2", "Deuces", "Deuces are wild and stand for any card, even a 2. A meld needs at least one natural card that is not a deuce, so deuces never make a set of 2s."),
	game.EnglishRule("R3", "Laying off in Fortune", "You may lay off only onto your own melds, and a set stays at most four cards."),
	game.EnglishRule("R4", "Melded points", "K Q J 10 9 8 score 10; 7 to 3 score 5; an ace high 10, low 5, in a set of aces 10 (15 with the house rule); the queen of spades 50. A deuce scores what it stands for, but only 10 as the queen of spades."),
	game.EnglishRule("R5", "Held points", "Cards left in hand count against you: K to 8 −10, 7 to 3 −5, the queen of spades −50, an ace or a deuce −10."),
	game.EnglishRule("R6", "Fortune hand score", "Each player scores melded points minus held points. There is no bonus for going out."),
	game.EnglishRule("R7", "Queen of spades", "The queen of spades may not be discarded, except as the last card when going out."),
	game.EnglishRule("R8", "Fortune game end", "After the hand in which anyone reaches 500, the highest total wins; a tie at the top plays another hand."),
}
