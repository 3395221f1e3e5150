package fortune

import "meldpad/rules/game"

// ruleTexts restates every rule of Fortune Rummy in RULES.md in the app's
// own words; the referee page shows the ones a verdict rests on.
var ruleTexts = []game.RuleText{
	{ID: "R1", Title: "Fortune melds", Text: "A set is 3 or 4 cards of one rank (more with the house rule \"big sets\"). A sequence is 3 or more consecutive cards of one suit. Aces are low (A-2-3) or high (Q-K-A), never around the corner (K-A-2)."},
	{ID: "R2", Title: "Deuces", Text: "Deuces are wild and stand for any card, even a 2. A meld needs at least one natural card that is not a deuce, so deuces never make a set of 2s."},
	{ID: "R3", Title: "Laying off in Fortune", Text: "You may lay off only onto your own melds, and a set stays at most four cards."},
	{ID: "R4", Title: "Melded points", Text: "K Q J 10 9 8 score 10; 7 to 3 score 5; an ace high 10, low 5, in a set of aces 10 (15 with the house rule); the queen of spades 50. A deuce scores what it stands for, but only 10 as the queen of spades."},
	{ID: "R5", Title: "Held points", Text: "Cards left in hand count against you: K to 8 −10, 7 to 3 −5, the queen of spades −50, an ace or a deuce −10."},
	{ID: "R6", Title: "Fortune hand score", Text: "Each player scores melded points minus held points. There is no bonus for going out."},
	{ID: "R7", Title: "Queen of spades", Text: "The queen of spades may not be discarded, except as the last card when going out."},
	{ID: "R8", Title: "Fortune game end", Text: "After the hand in which anyone reaches 500, the highest total wins; a tie at the top plays another hand."},
}
