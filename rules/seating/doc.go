// Package seating seats the players of an event night at tables, round
// after round, so that as few pairs as possible meet twice: the social
// golfer problem. It knows no game; the handlers serve it as POST
// /api/v1/events/seat.
//
// Plan takes the players (numbered from 0), the table sizes allowed, the
// rounds to seat, and what happened earlier in the event (pairs who met,
// players who sat out), and returns every round's tables and byes with
// the repeats: the meetings beyond each pair's first.
//
//	s, err := seating.Plan(ctx, seating.Request{Players: 16, Sizes: []int{4}, Rounds: 5})
//	// s.Rounds[0].Tables: four tables of four; s.Repeats: 0
//
// How a round is shaped: as few players as possible sit out (a bye only
// when the others cannot all be seated at the sizes allowed), and the
// byes go to those who have sat out least, so that nobody sits out twice
// while another has not sat out at all. Among those as fair to sit out,
// the seed chooses first, and the search may then change its choice when
// another player sitting out lets fewer pairs meet again.
// The rest are seated at the smallest tables the sizes allow, since
// fewer pairs at a table leave more room for meetings that are new.
//
// Who sits with whom: where a classic design fits the round's shape
// (every table the same size, nobody sitting out), Plan builds it from
// first principles: the round robin's circle method for pairs, affine
// geometry over a finite field (9, 16, 25 or 49 players at tables of 3,
// 4, 5 or 7), transversal designs (12 players at tables of 3, 20 at
// tables of 4), Kirkman's fifteen schoolgirls, planes of GF(2)^5 for 32
// players at tables of 4, a base round turned round a circle for 24 at
// tables of 4. Every other case, and every round a design does not
// reach, goes to a local search, which also weighs the meetings of
// earlier rounds. Its work is bounded by a count of steps, not by the
// clock, so that the same request always gets the same answer: about
// half a second at most on a small server, and far less whenever it
// reaches a seating that no other can beat.
//
// The seed: the same Request, Seed included, always gives the same
// Schedule, on every machine. Leaving it 0 is a seed like any other.
package seating
