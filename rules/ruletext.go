package rules

// RuleText is one rule of RULES.md as meldpad explains it at the table:
// its id, a short title, and the rule in a few plain sentences.
type RuleText struct {
	ID    string
	Title string
	Text  string
}

// ruleTexts restates every rule of RULES.md in the app's own words; the
// adjudication page shows the ones a verdict rests on.
var ruleTexts = []RuleText{
	{"F1", "Flathead melds", "A meld is three or more cards that all share a rank (a set), all share a suit (a flush), or run in consecutive ranks in one colour (a run)."},
	{"F2", "Infinity is not after 9", "Runs use the ranks 0 to 9 only: ∞ never follows 9 and never comes before 0. ∞ cards can still make sets and flushes."},
	{"F3", "Trumps", "A trump fills in for one missing card. A meld may hold at most one trump, whether laid down or laid off, and needs at least two natural cards. The trump does not become a card: the meld stands if some card of the deck not already in it could take its place."},
	{"F4", "Bonus melds", "A colour set (same rank and colour), a flush run (consecutive, one suit) or an infinity (three or more ∞) laid down earns a bonus mark for the hand. A meld with a trump is never a bonus meld, and laying off never earns a mark."},
	{"F5", "Laying off", "On your turn you may add one or more of your own cards to any meld on the table if the result is still a valid meld of any kind; a flush run may become a plain flush or a plain run. Melds are never rearranged."},
	{"F6", "Going out", "The player who plays or discards their last card ends the hand and is the only one who scores. A player holds at most 10 cards between turns, so no loser ends a hand with more."},
	{"F7", "Losers' lay-offs", "Before counting, the losers may lay off (never lay down) cards onto the melds on the table: each lay-off is one loser adding their own cards to one meld, which must be valid after every lay-off. They may lay off in any order and more than once. meldpad finds the lay-offs that leave the fewest cards in the losers' hands in total, in an order in which they can be made."},
	{"F8", "Flathead score", "Count the cards left in all losers' hands (trumps count), add 5 in a two-player game, and multiply by 1 + the winner's marks − the losers' marks, never less than 1."},
	{"F9", "Flathead game end", "The first player whose total reaches 42 or more wins."},
	{"R1", "Fortune melds", "A set is 3 or 4 cards of one rank (more with the house rule \"big sets\"). A sequence is 3 or more consecutive cards of one suit. Aces are low (A-2-3) or high (Q-K-A), never around the corner (K-A-2)."},
	{"R2", "Deuces", "Deuces are wild and stand for any card, even a 2. A meld needs at least one natural card that is not a deuce, so deuces never make a set of 2s."},
	{"R3", "Laying off in Fortune", "You may lay off only onto your own melds, and a set stays at most four cards."},
	{"R4", "Melded points", "K Q J 10 9 8 score 10; 7 to 3 score 5; an ace high 10, low 5, in a set of aces 10 (15 with the house rule); the queen of spades 50. A deuce scores what it stands for, but only 10 as the queen of spades."},
	{"R5", "Held points", "Cards left in hand count against you: K to 8 −10, 7 to 3 −5, the queen of spades −50, an ace or a deuce −10."},
	{"R6", "Fortune hand score", "Each player scores melded points minus held points. There is no bonus for going out."},
	{"R7", "Queen of spades", "The queen of spades may not be discarded, except as the last card when going out."},
	{"R8", "Fortune game end", "After the hand in which anyone reaches 500, the highest total wins; a tie at the top plays another hand."},
	{"B1", "Black Heart melds", "A group is 3 or more cards of one rank; a series is 3 or more consecutive cards of one suit. Spade and club series may wrap K-A-2; heart series may not. Escorts do not count towards the three."},
	{"B2", "Escorts", "Every black court card (J, Q or K of spades or clubs) in a meld or a lay-off needs its own heart, of any rank, in the same meld. A heart can also be a plain member of a group of A-10 or of a heart series, but never a spare."},
	{"B3", "Diamonds", "The J, Q and K of diamonds together are the Royale, a fixed series worth 150 that opens at any score and takes no lay-offs. Each can be a J, Q or K in a group, without an escort. As wilds: the JD is any heart, the QD any spade or club, the KD any card; a wild standing for a black court card needs an escort."},
	{"B4", "Swaps", "A played diamond (not in a Royale) may be swapped for a card from hand, with an escort if needed, if the meld stays valid with the same rank(s). This is allowed before opening."},
	{"B5", "Opening", "Your first play of a deal must meet the requirement for your score at its start: below 0 none; 0-99 three cards in one set; 100-199 four; 200-299 five; 300-399 eight in two sets; 400-499 nine in two; 500 and more ten in two. Escorts count. A Royale or a Black Heart opens at any score."},
	{"B6", "Black Heart", "Going out by playing your whole hand in one turn without having opened before is a Black Heart, allowed whatever your requirement."},
	{"B7", "Black Heart points", "Played cards score, held cards count against: A 15; 2-9 5; 10 10; black J Q K 10; JD 10, QD 15, KD 20 (also as wilds); the Royale 150 in all. Going out +25; a Black Heart adds 25 per player. Lay-offs count for whoever laid them off."},
	{"B8", "Black Heart game end", "A player wins by going out in a deal after which their total is 500 or more. Reaching 500 without going out does not end the game."},
	{"N1", "Card values", "An ace is 1, 2 to 10 their face value, J Q K 10. The knock card's value is the most deadwood anyone may knock with this deal."},
	{"N2", "Fan melds", "A set is 3 or 4 cards of one rank; a run is 3 or more consecutive cards of one suit, ace low only (Q-K-A is not a run)."},
	{"N3", "Deadwood", "Deadwood is the value of the cards left out of melds, in the arrangement that makes it smallest."},
	{"N4", "Ending a deal", "Knock: after discarding, deadwood at most the knock value. Gin: all ten cards melded. Big Gin: all eleven melded, no discard. A knock with no deadwood is Gin."},
	{"N5", "Lay-offs", "After a knock (never after Gin or Big Gin) the defender may lay off deadwood onto the knocker's melds, one card after another, so a run can grow by several cards. meldpad takes the knocker's best arrangement when melds are not given, and the defender's melds and lay-offs that leave the least deadwood."},
	{"N6", "Fan score", "A knock scores the defender's deadwood minus the knocker's. If the knocker has more, it is an undercut: the defender scores 25 plus the difference. Equal deadwood scores nothing (unless the house rule counts it as an undercut). Gin scores 25 plus the defender's deadwood; Big Gin 31 plus it."},
	{"N7", "Spade knock card", "When the knock card is a spade, the deal's points are doubled."},
	{"N8", "Fan game end", "The first player to reach 100 or more wins."},
	{"T1", "Leading", "The leader plays any suited card, never a trump. A leader holding only trumps shows the hand and everyone is dealt again."},
	{"T2", "Following", "The turn passes to the left among players still in the trick. You play one card or fold. If you play, you must play the led colour when you hold it; without it you may play another colour or a trump."},
	{"T3", "Folding", "You may not fold while you hold a card of the led suit. A player who folds is out of the trick and cannot win it."},
	{"T4", "Rank in the trick", "A trump ranks above everything. Among the led colour, the led suit is lowest, the second suit of that colour to appear ranks above it and the third above that; within a suit 0 < 1 < … < 9 < ∞. Other colours rank below the led colour."},
	{"T5", "Winning a trick", "The first trump played ends the trick and wins it. Otherwise the trick ends when all but one player have folded, and that player wins, even without the highest card."},
	{"T6", "Out of cards", "A player with no cards stays in as if holding a grey zero. A trick that ends with anyone out of cards ends the hand and new hands are dealt. The player to the left of the trick's winner leads next, across a redeal too."},
	{"T7", "Trick points", "The winner scores 1 for each 8 and 9, 2 for each ∞, 1 for each zero only if a trump was played, and nothing for trumps."},
	{"T8", "Trophy Case game end", "When someone reaches 30 or more, the highest total wins; a tie at the top plays on."},
}

// Rule returns the rule with the given RULES.md id ("N4").
func Rule(id string) (RuleText, bool) {
	for _, r := range ruleTexts {
		if r.ID == id {
			return r, true
		}
	}
	return RuleText{}, false
}

// RuleTexts returns every rule in RULES.md order.
func RuleTexts() []RuleText { return append([]RuleText(nil), ruleTexts...) }
