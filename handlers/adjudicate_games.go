package handlers

import (
	"context"
	"errors"
	"regexp"
	"strconv"
	"strings"

	"meldpad/rules"
	"meldpad/rules/cards"
	"meldpad/rules/trophy"
	"meldpad/views"
)

var playLine = regexp.MustCompile(`^\s*(\d+)\s*[:.)\-]?\s*(.*?)\s*$`)

// judgeTrick referees a Trophy Case trick as far as it was played (T1-T7).
func judgeTrick(_ context.Context, g rules.Game, vm *views.AdjudicateVM) {
	count, _ := strconv.Atoi(field(vm, "players").Value)
	leader, _ := strconv.Atoi(field(vm, "leader").Value)
	t := trophy.Trick{Players: count, Leader: leader - 1}
	f := field(vm, "plays")
	for i, line := range strings.Split(f.Value, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		m := playLine.FindStringSubmatch(line)
		if m == nil {
			f.Error = "Line " + strconv.Itoa(i+1) + ": start with the player's number, e.g. \"2 8 Fromps\" or \"3 fold\"."
			return
		}
		seat, _ := strconv.Atoi(m[1])
		p := trophy.Play{Seat: seat - 1}
		if strings.EqualFold(m[2], "fold") || strings.EqualFold(m[2], "folds") {
			p.Fold = true
		} else {
			c, err := g.Deck.Parse(m[2])
			if err != nil {
				f.Error = "Line " + strconv.Itoa(i+1) + ": " + parseMessage(err)
				return
			}
			p.Card = c
			f.Chips = append(f.Chips, chip(cards.Play{Card: c}))
		}
		t.Plays = append(t.Plays, p)
	}
	if len(t.Plays) == 0 {
		f.Error = "Enter at least the lead."
		return
	}
	res, err := trophy.Score(t)
	var bad *trophy.InputError
	if errors.As(err, &bad) {
		f.Error = players(bad.Msg)
		return
	}
	if err != nil {
		if v, ok := ruleVerdict(g, err, "Not allowed"); ok {
			vm.Verdict = v
		}
		return
	}
	reason := players(res.Reason)
	v := &views.AdjVerdictVM{OK: true, Reason: capitalize(reason), Rules: citedRules(g, reason, res.Rule)}
	if res.Ended {
		v.Headline = "Player " + strconv.Itoa(res.Winner+1) + " wins the trick: " + strconv.Itoa(res.Points) + " " + views.Plural(res.Points, "point")
		v.Details = append(v.Details, "Player "+strconv.Itoa(res.NextLeader+1)+" leads next (T6).")
	} else {
		v.Headline = "The trick goes on: player " + strconv.Itoa(res.Next+1) + " to play"
		if res.Highest >= 0 {
			v.Details = append(v.Details, "Highest so far: player "+strconv.Itoa(res.Highest+1)+" with "+res.HighestCard.String()+" (T4).")
		}
	}
	vm.Verdict = v
}
