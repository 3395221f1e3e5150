package fan

import (
	"context"
	"errors"
	"net/url"
	"strconv"
	"strings"

	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Questions are the disputes of Fan Rummy the referee page settles
// beyond a meld: a whole deal, scored from both hands (N1-N7).
func (Module) Questions() []game.Question {
	return []game.Question{{
		Key: "deal", Label: msg.New("fan.ask.deal"),
		Inputs: []game.Input{
			{Name: "knock", Label: msg.New("fan.ask.knock_card"), Kind: game.CardsInput},
			DealEnder,
			HandInputs[0], HandInputs[1],
			{Name: "undercut_on_tie", Label: msg.New("fan.ask.undercut_on_tie"), Kind: game.SelectInput, Value: "no",
				Options: []game.InputOption{{Value: "no", Label: msg.New("fan.ask.tie_scores_nothing")}, {Value: "yes", Label: msg.New("fan.ask.tie_undercuts")}}},
		},
		Judge: judgeDeal,
	}}
}

// DealEnder is the referee page's input for who ended a deal.
var DealEnder = game.Input{Name: "ender", Label: msg.New("fan.ask.ender"), Kind: game.SelectInput,
	Options: []game.InputOption{{Value: "0", Label: PlayerNumber(1)}, {Value: "1", Label: PlayerNumber(2)}}}

// HandInputs are the referee page's inputs for both players' cards at
// the end of a deal, Fan Rummy's and Gin Rummy's.
var HandInputs = [2]game.Input{
	{Name: "hand1", Label: msg.New("fan.ask.player_cards", msg.N("Player", 1)), Kind: game.CardsInput, Help: msg.New("fan.ask.hand_help")},
	{Name: "hand2", Label: msg.New("fan.ask.player_cards", msg.N("Player", 2)), Kind: game.CardsInput},
}

// PlayerNumber is a player of the referee page, who has no name there:
// "Player 2".
func PlayerNumber(n int) msg.Msg { return msg.New("fan.ask.player", msg.N("Player", n)) }

// judgeDeal scores a whole deal from both hands, the knock card and, as
// on the scorepad, the house rule of N6.
func judgeDeal(ctx context.Context, in url.Values) (game.Answer, error) {
	deck := cards.Standard()
	ans := game.Answer{Feedback: map[string]game.Feedback{}}
	knock, ok := ReadInput(msg.From(ctx), ans, in, "knock", nil)
	if ok && len(knock) != 1 {
		ans.Feedback["knock"] = game.Feedback{Error: msg.From(ctx).Say(msg.New("fan.referee.one_knock_card")), Chips: ans.Feedback["knock"].Chips}
		ok = false
	}
	hands, handsOK := ReadInputHands(msg.From(ctx), ans, in, deck)
	if !ok || !handsOK {
		return ans, nil
	}
	knocker := 0
	if in.Get("ender") == "1" {
		knocker = 1
	}
	res, err := ScoreContext(ctx, Deal{KnockCard: knock[0].Card, Knocker: knocker, Hands: hands, UndercutOnTie: in.Get("undercut_on_tie") == "yes"})
	if ctx.Err() != nil {
		return ans, ctx.Err()
	}
	if problem, ruled := DealAnswer(msg.From(ctx), err, "knock"); problem != nil || ruled != nil {
		if problem != nil {
			ans.Feedback[problem.Input] = game.Feedback{Error: problem.Msg, Chips: ans.Feedback[problem.Input].Chips}
		}
		ans.Ruling = ruled
		return ans, nil
	}
	ans.Ruling = DealRuling(msg.From(ctx), res, res.Outcome.String())
	return ans, nil
}

// InputProblem is what is wrong with one input of the referee page.
type InputProblem struct{ Input, Msg string }

// DealAnswer turns a scoring error into what the referee page shows: a
// malformed deal beside the input it concerns (the hands, or the card
// that sets the knock value, named by cardInput), a rule broken as a
// verdict against the deal.
func DealAnswer(say msg.Sayer, err error, cardInput string) (*InputProblem, *game.Ruling) {
	if err == nil {
		return nil, nil
	}
	var bad *ruling.InputError
	if errors.As(err, &bad) {
		name := "hand1"
		switch {
		case strings.HasPrefix(bad.Field, "hands[1]"):
			name = "hand2"
		case bad.Field == "knock_card", bad.Field == "up_card":
			name = cardInput
		}
		return &InputProblem{name, PlayersWord(say.Say(bad.Msg))}, nil
	}
	var broken *ruling.Error
	if errors.As(err, &broken) {
		return nil, &game.Ruling{Headline: say.Say(msg.New("fan.referee.not_allowed")),
			Reason: capitalize(PlayersWord(say.Say(broken.Plain()))), Rules: []string{broken.Rule}}
	}
	return &InputProblem{"hand1", err.Error()}, nil
}

// DealRuling is the referee page's verdict on a scored deal, Fan's or
// Gin's: who scores, each player's melds and deadwood, the lay-offs.
func DealRuling(say msg.Sayer, res Result, outcome string) *game.Ruling {
	winner := 0
	if res.Points[1] > res.Points[0] {
		winner = 1
	}
	headline := msg.New("fan.referee.nobody_scores", msg.M("Outcome", msg.New("fan.outcome."+outcome)))
	if res.Points[winner] > 0 {
		headline = msg.New("fan.referee.scores", msg.M("Outcome", msg.New("fan.outcome."+outcome)),
			msg.N("Player", winner+1), msg.N("Points", res.Points[winner]))
	}
	r := &game.Ruling{OK: true, Headline: say.Say(headline), Reason: capitalize(PlayersWord(say.Say(res.Reason))), Rules: res.Rules}
	for seat := range res.Melds {
		melds := make([]msg.Msg, len(res.Melds[seat]))
		for i, m := range res.Melds[seat] {
			melds[i] = msg.Text(strings.Join(game.FaceLabels(say, m), " "))
		}
		meldsText := msg.New("fan.no_meld")
		if len(melds) > 0 {
			meldsText = msg.Value(msg.Joined{Sep: " · ", Items: melds})
		}
		cardsLeft := msg.Msg{}
		if cs := res.DeadwoodCards[seat]; len(cs) > 0 {
			cardsLeft = msg.Text(" (" + strings.Join(game.FaceLabels(say, cs), " ") + ")")
		}
		r.Details = append(r.Details, say.Say(msg.New("fan.referee.player", msg.N("Player", seat+1), msg.M("Melds", meldsText),
			msg.N("Deadwood", res.Deadwood[seat]), msg.M("Cards", cardsLeft))))
	}
	if len(res.Layoffs) > 0 {
		laid := make([]msg.Msg, len(res.Layoffs))
		for i, l := range res.Layoffs {
			laid[i] = msg.New("fan.onto_meld", msg.S("Card", game.FaceLabel(say, l.Card)), msg.N("Meld", l.Meld+1))
		}
		r.Details = append(r.Details, say.Say(msg.New("fan.referee.laid_off", msg.Join("Cards", ", ", laid))))
	}
	return r
}

// ReadInput reads a card input of the referee page into ans's feedback
// (chips, or what is wrong), counting its cards in tally when not nil.
func ReadInput(say msg.Sayer, ans game.Answer, in url.Values, name string, tally *cards.Tally) ([]cards.Play, bool) {
	plays, err := cards.Standard().ParseText(in.Get(name))
	if err != nil {
		ans.Feedback[name] = game.Feedback{Error: say.Say(game.ParseMessage(err))}
		return nil, false
	}
	var fb game.Feedback
	for _, p := range plays {
		fb.Chips = append(fb.Chips, game.ChipIn(say, p))
		if tally != nil {
			if err := tally.Add(p.Card); err != nil {
				fb.Error = say.Say(game.ParseMessage(err))
				ans.Feedback[name] = fb
				return nil, false
			}
		}
	}
	ans.Feedback[name] = fb
	return plays, true
}

// ReadInputHands reads the two hands of the referee page's deal, each
// card once in the two.
func ReadInputHands(say msg.Sayer, ans game.Answer, in url.Values, deck *cards.Deck) ([2][]cards.Card, bool) {
	tally := deck.NewTally()
	h1, ok1 := ReadInput(say, ans, in, "hand1", tally)
	h2, ok2 := ReadInput(say, ans, in, "hand2", tally)
	return [2][]cards.Card{game.CardsOf(h1), game.CardsOf(h2)}, ok1 && ok2
}

// PlayersWord puts a referee's seats as the referee page numbers its
// players: "seat 1" reads "player 2".
func PlayersWord(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "seat ")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := i + len("seat ")
		k := j
		for k < len(s) && s[k] >= '0' && s[k] <= '9' {
			k++
		}
		if k == j {
			b.WriteString(s[:j])
			s = s[j:]
			continue
		}
		n, _ := strconv.Atoi(s[j:k])
		b.WriteString(s[:i] + "player " + strconv.Itoa(n+1))
		s = s[k:]
	}
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
