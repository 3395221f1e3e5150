package trophy

import (
	"context"
	"errors"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Questions are the disputes of Trophy Case the referee page settles: a
// trick as far as it was played (T1-T7).
func (Module) Questions() []game.Question {
	players := make([]game.InputOption, MaxPlayers)
	for i := range players {
		players[i] = game.InputOption{Value: itoa(i + 1), Label: msg.New("trophy.ask.player", msg.N("Player", i+1))}
	}
	counts := make([]game.InputOption, 0, MaxPlayers-MinPlayers+1)
	for n := MinPlayers; n <= MaxPlayers; n++ {
		counts = append(counts, game.InputOption{Value: itoa(n), Label: msg.Value(n)})
	}
	return []game.Question{{
		Key: "trick", Label: msg.New("trophy.ask.trick"),
		Inputs: []game.Input{
			{Name: "players", Label: msg.New("trophy.ask.players"), Kind: game.SelectInput, Value: "4", Options: counts},
			{Name: "leader", Label: msg.New("trophy.ask.leader"), Kind: game.SelectInput, Value: "1", Options: players},
			{Name: "plays", Label: msg.New("trophy.ask.plays"), Kind: game.LinesInput, Help: msg.New("trophy.ask.plays_help")},
		},
		Judge: judgeTrickQuestion,
	}}
}

// playLine is one line of plays: the player's number, then the card or
// "fold".
var playLine = regexp.MustCompile(`^\s*(\d+)\s*[:.)\-]?\s*(.*?)\s*$`)

// judgeTrickQuestion referees a trick as far as it was played (T1-T7),
// its players numbered from 1 as the page numbers them.
func judgeTrickQuestion(ctx context.Context, in url.Values) (game.Answer, error) {
	count, _ := strconv.Atoi(in.Get("players"))
	leader, _ := strconv.Atoi(in.Get("leader"))
	t := Trick{Players: count, Leader: leader - 1}
	var fb game.Feedback
	problem := func(msg string) (game.Answer, error) {
		fb.Error = msg
		return game.Answer{Feedback: map[string]game.Feedback{"plays": fb}}, nil
	}
	deck := cards.Fanucci()
	for i, line := range strings.Split(in.Get("plays"), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		m := playLine.FindStringSubmatch(line)
		if m == nil {
			return problem(msg.From(ctx).Say(msg.New("trophy.referee.line_start", msg.N("Line", i+1))))
		}
		seat, _ := strconv.Atoi(m[1])
		p := Play{Seat: seat - 1}
		if strings.EqualFold(m[2], "fold") || strings.EqualFold(m[2], "folds") {
			p.Fold = true
		} else {
			c, err := deck.Parse(m[2])
			if err != nil {
				return problem(msg.From(ctx).Say(msg.New("game.line", msg.N("Line", i+1), msg.M("Text", game.ParseMessage(err)))))
			}
			p.Card = c
			fb.Chips = append(fb.Chips, game.ChipIn(msg.From(ctx), cards.Play{Card: c}))
		}
		t.Plays = append(t.Plays, p)
	}
	if len(t.Plays) == 0 {
		return problem(msg.From(ctx).Say(msg.New("trophy.referee.enter_lead")))
	}
	ans := game.Answer{Feedback: map[string]game.Feedback{"plays": fb}}
	res, err := Score(t)
	var bad *InputError
	var broken *ruling.Error
	switch {
	case errors.As(err, &bad):
		return problem(playerNumbers(msg.From(ctx), bad.Msg))
	case errors.As(err, &broken):
		ans.Ruling = &game.Ruling{Headline: msg.From(ctx).Say(msg.New("trophy.referee.not_allowed")), Reason: capitalize(playerNumbers(msg.From(ctx), broken.Plain())), Rules: []string{broken.Rule}}
		return ans, nil
	case err != nil:
		return ans, nil // Score has no other errors
	}
	r := &game.Ruling{OK: true, Reason: capitalize(playerNumbers(msg.From(ctx), res.Reason)), Rules: res.Rules}
	say := msg.From(ctx)
	if res.Ended {
		r.Headline = say.Say(msg.New("trophy.referee.wins", msg.N("Player", res.Winner+1), msg.N("Count", res.Points)))
		r.Details = append(r.Details, say.Say(msg.New("trophy.referee.leads_next", msg.N("Player", res.NextLeader+1))))
	} else {
		r.Headline = say.Say(msg.New("trophy.referee.goes_on", msg.N("Player", res.Next+1)))
		if res.Highest >= 0 {
			r.Details = append(r.Details, say.Say(msg.New("trophy.referee.highest", msg.N("Player", res.Highest+1), msg.V("Card", res.HighestCard))))
		}
	}
	ans.Ruling = r
	return ans, nil
}

// playerNumbers says m with the referee's seat numbers (0-based) as the
// page's player numbers (1-based), in the page's language: "seat 2"
// becomes "player 3", "Platz 2" "Spieler 3".
func playerNumbers(say msg.Sayer, m msg.Msg) string {
	players := make([]string, 100) // the seats a line can name: 1 to 99
	for i := range players {
		players[i] = itoa(i + 1)
	}
	forms := say.Say(msg.New("trophy.referee.seat_players", msg.S("Seat", "\x00"), msg.S("Player", "\x01")))
	return renameSeats(forms, strings.TrimPrefix(say.Say(m), "trophy: "), players)
}
