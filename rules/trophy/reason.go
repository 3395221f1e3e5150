package trophy

import "meldpad/rules/msg"

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
	switch {
	case res.Ended:
		res.Rule, res.Rules = "T5", []string{"T5", "T7"}
		if r.ending == ByOutOfCards {
			res.Rule, res.Rules = "T6", []string{"T5", "T6", "T7"}
		}
		res.Reason = msg.New("trophy.ended", msg.M("Because", r.endedBecause()), msg.M("Working", working(res.Points, res.Counted, r.trumped, false)))
		if res.HandEnds {
			if r.ending != ByOutOfCards {
				res.Rules = append(res.Rules, "T6")
			}
			res.Reason = msg.New("trophy.hand_ends", msg.M("Text", res.Reason), msg.M("Seats", seatsMsg(out)), msg.N("Count", len(out)))
		}
	case r.highest < 0:
		res.Rule, res.Rules = "T1", []string{"T1"}
		res.Reason = msg.New("trophy.to_lead", msg.N("Seat", r.turn))
	default:
		res.Rule, res.Rules = "T2", []string{"T2", "T4", "T7"}
		res.Reason = msg.New("trophy.to_play", msg.N("Seat", r.turn), msg.N("Highest", r.highest), msg.V("Card", r.top),
			msg.M("Working", working(res.Points, res.Counted, false, true)))
	}
	return res
}

// endedBecause says who won the trick and why (T5, T6).
func (r *referee) endedBecause() msg.Msg {
	switch r.ending {
	case ByTrump:
		return msg.New("trophy.won_trump", msg.N("Seat", r.winner), msg.V("Card", r.top))
	case ByFolds:
		return msg.New("trophy.won_folds", msg.N("Seat", r.winner))
	case ByOutOfCards:
		return msg.New("trophy.won_out", msg.N("Seat", r.winner), msg.V("Card", r.bestCard[r.winner]))
	}
	return msg.New("trophy.goes_on")
}

// working says how the points were counted (T7): "3 points: 8 Lamps 1,
// ∞ Tops 2"; so far, "3 points so far: ...".
func working(points int, counted []Counted, trumped, soFar bool) msg.Msg {
	total := msg.New("trophy.points", msg.N("Count", points))
	if soFar {
		total = msg.New("trophy.points_so_far", msg.N("Count", points))
	}
	if len(counted) == 0 {
		switch {
		case soFar:
			return total
		case trumped:
			return msg.New("trophy.none_counted_trumped", msg.M("Points", total))
		}
		return msg.New("trophy.none_counted", msg.M("Points", total))
	}
	cards := make([]msg.Msg, len(counted))
	for i, c := range counted {
		cards[i] = msg.New("trophy.card_points", msg.V("Card", c.Card), msg.N("Points", c.Points))
	}
	return msg.New("trophy.counted", msg.M("Points", total), msg.Join("Cards", ", ", cards))
}

// seatsMsg says seats: "seat 2", "seats 1 and 2", "seats 0, 1 and 2".
func seatsMsg(seats []int) msg.Msg {
	numbers := make([]msg.Msg, len(seats))
	for i, s := range seats {
		numbers[i] = msg.Value(s)
	}
	return msg.New("trophy.seats", msg.N("Count", len(seats)), msg.List("List", numbers))
}
