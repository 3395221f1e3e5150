package standings

import "meldpad/rules"

// Points says which points columns mean something in a table.
type Points struct {
	Scored   bool // the player's own final totals, summed
	Conceded bool // what the other players scored in those games, summed
}

// PointsFor says which points columns a table of one kind of game shows:
// what the game's module says (game.Info.Points). All games together
// show neither: the scales differ (a game to 30 beside a game to 500), so
// a sum would mean nothing.
func PointsFor(rulesID string) Points {
	if g, ok := rules.Lookup(rulesID); ok {
		return Points{Scored: g.Points.Scored, Conceded: g.Points.Conceded}
	}
	return Points{}
}
