package standings

import "meldpad/rules"

// Points says which points columns mean something in a table.
type Points struct {
	Scored   bool // the player's own final totals, summed
	Conceded bool // what the other players scored in those games, summed
}

// PointsFor says which points columns a table of one kind of game shows,
// and why:
//
//   - Fan Rummy, Flathead Rummy and Trophy Case: one player scores each
//     round (N6, F6, T7), and what they score comes from the others'
//     cards, so points are won from the table: scored is the player's
//     final total, conceded the other players' final totals together (in
//     two-player Fan, the opponent's).
//   - Fortune Rummy and Black Heart Rum: everyone scores their own melds
//     and loses their own held cards each hand (R6, B7); what the others
//     made was not taken from the player, so only scored is shown.
//   - All games together: the scales differ (a game to 30 beside a game to
//     500), so a sum would mean nothing and neither is shown.
func PointsFor(rulesID string) Points {
	switch rulesID {
	case rules.Fan, rules.Flathead, rules.Trophy:
		return Points{Scored: true, Conceded: true}
	case rules.Fortune, rules.BlackHeart:
		return Points{Scored: true}
	}
	return Points{}
}
