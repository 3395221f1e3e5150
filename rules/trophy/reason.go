package trophy

import (
	"strconv"
	"strings"
)

// result reports where the refereed trick stands.
func (r *referee) result() Result {
	n := r.t.Players
	res := Result{
		Ended:       r.ending != Open,
		Ending:      r.ending,
		Winner:      r.winner,
		Trumped:     r.trumped,
		Highest:     r.highest,
		HighestCard: r.top,
		Next:        r.turn,
		Folded:      append([]bool(nil), r.folded[:n]...),
		NextLeader:  -1,
	}
	res.Points, res.Counted = count(r.t.Plays, r.trumped)
	var out []int
	if res.Ended {
		res.NextLeader = (r.winner + 1) % n
		for seat := 0; seat < n; seat++ {
			if r.hands.outOfCards(seat) {
				out = append(out, seat)
			}
		}
		res.HandEnds = len(out) > 0
	}
	var b strings.Builder
	switch {
	case res.Ended:
		res.Rule, res.Rules = "T5", []string{"T5", "T7"}
		if r.ending == ByOutOfCards {
			res.Rule, res.Rules = "T6", []string{"T5", "T6", "T7"}
		}
		b.WriteString(r.endedBecause())
		b.WriteString(", and scores ")
		writeWorking(&b, res.Points, res.Counted, r.trumped, "")
		b.WriteString(" (T7)")
		if res.HandEnds {
			if r.ending != ByOutOfCards {
				res.Rules = append(res.Rules, "T6")
			}
			b.WriteString("; ")
			writeSeats(&b, out)
			if len(out) == 1 {
				b.WriteString(" is")
			} else {
				b.WriteString(" are")
			}
			b.WriteString(" out of cards, so the hand ends and new hands are dealt (T6)")
		}
	case r.highest < 0:
		res.Rule, res.Rules = "T1", []string{"T1"}
		b.WriteString("seat " + strconv.Itoa(r.turn) + " to lead a suited card (T1)")
	default:
		res.Rule, res.Rules = "T2", []string{"T2", "T4", "T7"}
		b.WriteString("seat " + strconv.Itoa(r.turn) + " to play or fold; seat " + strconv.Itoa(r.highest) +
			" holds the highest card, " + r.top.String() + ", and the trick is worth ")
		writeWorking(&b, res.Points, res.Counted, false, " so far")
		b.WriteString(" (T2, T4, T7)")
	}
	res.Reason = b.String()
	return res
}

// endedBecause says who won the trick and why (T5, T6).
func (r *referee) endedBecause() string {
	seat := "seat " + strconv.Itoa(r.winner)
	switch r.ending {
	case ByTrump:
		return seat + " wins the trick with " + r.top.String() + ", the first trump played (T5)"
	case ByFolds:
		return seat + " wins the trick as the last player in, all the others having folded (T5)"
	case ByOutOfCards:
		return seat + " wins the trick with " + r.bestCard[r.winner].String() +
			", the highest card of the players still in, who are all out of cards and cannot act (T5, T6)"
	}
	return "the trick goes on"
}

// writeWorking writes how the points were counted (T7): "3 points: 8 Lamps
// 1, ∞ Tops 2"; when was " so far", "3 points so far: ...".
func writeWorking(b *strings.Builder, points int, counted []Counted, trumped bool, when string) {
	b.WriteString(pointsWord(points) + when)
	if len(counted) == 0 {
		switch {
		case when != "":
		case trumped:
			b.WriteString(", as no 0, 8, 9 or ∞ was played")
		default:
			b.WriteString(", as no 8, 9 or ∞ was played")
		}
		return
	}
	b.WriteString(": ")
	for i, c := range counted {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c.Card.String() + " " + strconv.Itoa(c.Points))
	}
}

func pointsWord(n int) string {
	if n == 1 {
		return "1 point"
	}
	return strconv.Itoa(n) + " points"
}

// writeSeats writes "seat 2", "seats 1 and 2", "seats 0, 1 and 2".
func writeSeats(b *strings.Builder, seats []int) {
	if len(seats) == 1 {
		b.WriteString("seat " + strconv.Itoa(seats[0]))
		return
	}
	b.WriteString("seats ")
	for i, s := range seats {
		switch {
		case i == len(seats)-1:
			b.WriteString(" and ")
		case i > 0:
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(s))
	}
}
