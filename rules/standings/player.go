package standings

import (
	"cmp"
	"slices"

	"meldpad/rules/rating"
)

// Played is one game of a player's record.
type Played struct {
	Game   int // index in the table's Games
	Seat   int
	Place  int
	Of     int // players at the table
	Total  int
	Rating rating.Rating // the player's rating after the game
}

// Opponent is a player's record against one other player: in the games
// they both played, how often the player finished ahead, behind or level.
type Opponent struct {
	Player int64
	Games  int
	Ahead  int
	Behind int
	Level  int
}

// Record is one player's part of a table.
type Record struct {
	Games     []Played   // in the order they finished
	Opponents []Opponent // most games together first
}

// Record returns the player's games and head-to-head record in the table.
func (t Table) Record(player int64) Record {
	var rec Record
	against := map[int64]*Opponent{}
	for i, g := range t.Games {
		mine := -1
		for seat, s := range g.Seats {
			if s.Player == player {
				mine = seat
			}
		}
		if mine < 0 {
			continue
		}
		places := t.Places[i]
		rec.Games = append(rec.Games, Played{
			Game: i, Seat: mine, Place: places[mine], Of: len(g.Seats), Total: g.Seats[mine].Total, Rating: t.After[i][mine],
		})
		for seat, s := range g.Seats {
			if seat == mine {
				continue
			}
			o := against[s.Player]
			if o == nil {
				o = &Opponent{Player: s.Player}
				against[s.Player] = o
			}
			o.Games++
			switch {
			case places[mine] < places[seat]:
				o.Ahead++
			case places[mine] > places[seat]:
				o.Behind++
			default:
				o.Level++
			}
		}
	}
	for _, o := range against {
		rec.Opponents = append(rec.Opponents, *o)
	}
	slices.SortFunc(rec.Opponents, func(a, b Opponent) int {
		if c := cmp.Compare(b.Games, a.Games); c != 0 {
			return c
		}
		return cmp.Compare(a.Player, b.Player)
	})
	return rec
}
