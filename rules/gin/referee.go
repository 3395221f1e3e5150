package gin

import (
	"context"
	"net/url"

	"meldpad/rules/cards"
	"meldpad/rules/fan"
	"meldpad/rules/game"
	"meldpad/rules/msg"
)

// Questions are the disputes of Gin Rummy the referee page settles
// beyond a meld: a whole deal, scored from both hands under the house
// rules that change a deal (G1-G3).
func (Module) Questions() []game.Question {
	return []game.Question{{
		Key: "deal", Label: msg.New("fan.ask.deal"),
		Inputs: []game.Input{
			fan.DealEnder,
			fan.HandInputs[0], fan.HandInputs[1],
			{Name: KeyUndercutOnTie, Label: msg.New("gin.ask.undercut_on_tie"), Kind: game.SelectInput, Value: "yes",
				Options: []game.InputOption{{Value: "yes", Label: msg.New("gin.ask.tie_undercuts")}, {Value: "no", Label: msg.New("gin.ask.undercut_when_less")}}},
			{Name: KeyOklahoma, Label: msg.New("gin.ask.oklahoma"), Kind: game.SelectInput, Value: "no",
				Options: []game.InputOption{{Value: "no", Label: msg.New("gin.ask.knock_value_10")}, {Value: "yes", Label: msg.New("gin.ask.up_card_sets")}}},
			{Name: "up", Label: msg.New("gin.ask.up_card_oklahoma"), Kind: game.CardsInput, Help: msg.New("gin.ask.up_card_help")},
		},
		Judge: judgeDeal,
	}}
}

// judgeDeal scores a whole deal from both hands and, as on the scorepad,
// the house rules of G1 and G3.
func judgeDeal(ctx context.Context, in url.Values) (game.Answer, error) {
	ans := game.Answer{Feedback: map[string]game.Feedback{}}
	house := HouseRules{Oklahoma: in.Get(KeyOklahoma) == "yes", UndercutOnlyWhenLess: in.Get(KeyUndercutOnTie) == "no"}
	var d Deal
	upOK := true
	if house.Oklahoma && in.Get("up") != "" {
		var up []cards.Play
		if up, upOK = fan.ReadInput(msg.From(ctx), ans, in, "up", nil); upOK && len(up) != 1 {
			ans.Feedback["up"] = game.Feedback{Error: msg.From(ctx).Say(msg.New("gin.referee.one_up_card")), Chips: ans.Feedback["up"].Chips}
			upOK = false
		} else if upOK {
			d.UpCard = up[0].Card
		}
	}
	hands, handsOK := fan.ReadInputHands(msg.From(ctx), ans, in, cards.Standard())
	if !upOK || !handsOK {
		return ans, nil
	}
	d.Hands = hands
	if in.Get("ender") == "1" {
		d.Knocker = 1
	}
	res, err := ScoreContext(ctx, d, house)
	if ctx.Err() != nil {
		return ans, ctx.Err()
	}
	if problem, ruled := fan.DealAnswer(msg.From(ctx), err, "up"); problem != nil || ruled != nil {
		if problem != nil {
			ans.Feedback[problem.Input] = game.Feedback{Error: problem.Msg, Chips: ans.Feedback[problem.Input].Chips}
		}
		ans.Ruling = ruled
		return ans, nil
	}
	ans.Ruling = fan.DealRuling(msg.From(ctx), res.Result, res.Outcome.String())
	return ans, nil
}
