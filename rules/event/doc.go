// Package event runs an event night: a league's players at several
// tables at once, for a few rounds, with one ranking at the end. It knows
// no game: a table is a game of the league, of which it reads the places
// and final totals its module gave. It says who sits out a round and who
// sits with whom (with package seating), how a table's places become
// event points, and how the players are ranked.
//
// An evening in code:
//
//	cfg := event.Config{Sizes: []int{3, 4, 5}, Rounds: 3, Scoring: event.ByPlace,
//		PlacePoints: []int{4, 2, 1, 0}, Bye: event.ByeAverage, TieBreaks: event.DefaultTieBreaks(true)}
//	s, plan, err := event.Next(ctx, cfg, event.State{Round: 1, Ranked: ids, Seed: 7})
//	// s.Tables: the tables of round 1; plan: the rounds after it, kept for round 2
//	rows := event.Standings(ids, tables, byes, cfg)
//	// rows[0]: the leader, with points, wins and rank
//
// The rules it applies, where the organiser leaves them open:
//
//   - Places and points: a table's places are its game's (1 for every
//     winner, equal places shared, the next skipped: 1, 2, 2, 4). Players
//     who share a place share the points of the places they fill: two
//     first at a table paid 4, 2, 1, 0 get 3 each (P4: a shared win is
//     shared). Scored by the game's own points, a player's event points
//     are the final totals.
//   - Byes: only when the players cannot all sit at the sizes allowed,
//     and then to the lowest-ranked of those with the fewest byes so far
//     (nobody sits out twice while another has not sat out at all). A bye
//     is worth a fixed number of points, or the player's own average over
//     the tables played, so that it neither helps nor hurts.
//   - Tables that do not count: their places are left out of the event's
//     points and tie-breaks, as if never played; the players still met.
//   - Ranking: by the tie-breaks in the organiser's order, each one
//     deciding only between players every earlier one left level; players
//     level on all of them share a rank.
//   - Seating: see Next.
package event
