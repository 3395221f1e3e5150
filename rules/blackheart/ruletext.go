package blackheart

import "meldpad/rules/game"

// ruleTexts restates every rule of Black Heart Rum in RULES.md in the app's
// own words; the referee page shows the ones a verdict rests on.
var ruleTexts = []game.RuleText{
	game.EnglishRule("B1", "Black Heart melds", "A group is 3 or more cards of one rank; a series is 3 or more consecutive cards of one suit. Spade and club series may wrap K-A-2; heart series may not. Escorts do not count towards the three."),
	game.EnglishRule("B2", "Escorts", "Every black court card (J, Q or K of spades or clubs) in a meld or a lay-off needs its own heart, of any rank, in the same meld. A heart can also be a plain member of a group of A-10 or of a heart series, but never a spare."),
	game.EnglishRule("B3", "Diamonds", "The J, Q and K of diamonds together are the Royale, a fixed series worth 150 that opens at any score and takes no lay-offs. Each can be a J, Q or K in a group, without an escort. As wilds: the JD is any heart, the QD any spade or club, the KD any card; a wild standing for a black court card needs an escort."),
	game.EnglishRule("B4", "Swaps", "A played diamond (not in a Royale) may be swapped for a card from hand, with an escort if needed, if the meld stays valid with the same rank(s). This is allowed before opening."),
	game.EnglishRule("B5", "Opening", "Your first play of a deal must meet the requirement for your score at its start: below 0 none; 0-99 three cards in one set; 100-199 four; 200-299 five; 300-399 eight in two sets; 400-499 nine in two; 500 and more ten in two. Escorts count. A Royale or a Black Heart opens at any score."),
	game.EnglishRule("B6", "Black Heart", "Going out by playing your whole hand in one turn without having opened before is a Black Heart, allowed whatever your requirement."),
	game.EnglishRule("B7", "Black Heart points", "Played cards score, held cards count against: A 15; 2-9 5; 10 10; black J Q K 10; JD 10, QD 15, KD 20 (also as wilds); the Royale 150 in all. Going out +25; a Black Heart adds 25 per player. Lay-offs count for whoever laid them off."),
	game.EnglishRule("B8", "Black Heart game end", "A player wins by going out in a deal after which their total is 500 or more. Reaching 500 without going out does not end the game."),
}
