package flathead

import "meldpad/rules/game"

// ruleTexts restates every rule of Flathead Rummy in RULES.md in the app's
// own words; the referee page shows the ones a verdict rests on.
var ruleTexts = []game.RuleText{
	{ID: "F1", Title: "Flathead melds", Text: "A meld is three or more cards that all share a rank (a set), all share a suit (a flush), or run in consecutive ranks in one colour (a run)."},
	{ID: "F2", Title: "Infinity is not after 9", Text: "Runs use the ranks 0 to 9 only: ∞ never follows 9 and never comes before 0. ∞ cards can still make sets and flushes."},
	{ID: "F3", Title: "Trumps", Text: "A trump fills in for one missing card. A meld may hold at most one trump, whether laid down or laid off, and needs at least two natural cards. The trump does not become a card: the meld stands if some card of the deck not already in it could take its place."},
	{ID: "F4", Title: "Bonus melds", Text: "A colour set (same rank and colour), a flush run (consecutive, one suit) or an infinity (three or more ∞) laid down earns a bonus mark for the hand. A meld with a trump is never a bonus meld, and laying off never earns a mark."},
	{ID: "F5", Title: "Laying off", Text: "On your turn you may add one or more of your own cards to any meld on the table if the result is still a valid meld of any kind; a flush run may become a plain flush or a plain run. Melds are never rearranged."},
	{ID: "F6", Title: "Going out", Text: "The player who plays or discards their last card ends the hand and is the only one who scores. A player holds at most 10 cards between turns, so no loser ends a hand with more."},
	{ID: "F7", Title: "Losers' lay-offs", Text: "Before counting, the losers may lay off (never lay down) cards onto the melds on the table: each lay-off is one loser adding their own cards to one meld, which must be valid after every lay-off. They may lay off in any order and more than once. meldpad finds the lay-offs that leave the fewest cards in the losers' hands in total, in an order in which they can be made."},
	{ID: "F8", Title: "Flathead score", Text: "Count the cards left in all losers' hands (trumps count), add 5 in a two-player game, and multiply by 1 + the winner's marks − the losers' marks, never less than 1. A player takes one card a turn and discards one, so the winner lays at most 11 cards and a loser at most 10; a bonus meld takes three, so a player holds at most 3 marks, and the winner scores at most 60, 80, 120, 160 or 200 with 2 to 6 players."},
	{ID: "F9", Title: "Flathead game end", Text: "The first player whose total reaches 42 or more wins."},
}
