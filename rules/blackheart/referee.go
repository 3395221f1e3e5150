package blackheart

import (
	"context"
	"net/url"
	"strconv"
	"strings"

	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/msg"
)

// Questions are the disputes of Black Heart Rum the referee page settles
// beyond a set: whether a first play opens at the player's score (B5).
func (Module) Questions() []game.Question {
	return []game.Question{{
		Key: "opening", Label: msg.New("blackheart.ask.opening"),
		Inputs: []game.Input{
			{Name: "score", Label: msg.New("blackheart.ask.score"), Kind: game.NumberInput, Help: msg.New("blackheart.ask.score_help")},
			{Name: "melds", Label: msg.New("blackheart.ask.first_play"), Kind: game.LinesInput, Help: msg.New("blackheart.ask.first_play_help")},
		},
		Judge: judgeOpening,
	}}
}

// judgeOpening says whether a first play, one set a line, meets the
// requirement of the player's score (B5).
func judgeOpening(ctx context.Context, in url.Values) (game.Answer, error) {
	score, err := strconv.Atoi(strings.TrimSpace(in.Get("score")))
	if err != nil {
		return game.Problem("score", msg.From(ctx).Say(msg.New("blackheart.referee.score"))), nil
	}
	melds, fb := readSetLines(msg.From(ctx), in.Get("melds"))
	ans := game.Answer{Feedback: map[string]game.Feedback{"melds": fb}}
	if fb.Error != "" {
		return ans, nil
	}
	v, err := CheckOpeningContext(ctx, score, melds)
	if err != nil {
		return ans, err // ctx's: the page says the referee took too long
	}
	say := msg.From(ctx)
	headline := msg.New("blackheart.referee.opens")
	if !v.Valid {
		headline = msg.New("blackheart.referee.does_not_open")
	}
	ans.Ruling = &game.Ruling{OK: v.Valid, Headline: say.Say(headline), Reason: say.Say(msg.Capital(v.Reason)),
		Details: []string{say.Say(msg.New("blackheart.referee.required", msg.N("Score", score), msg.M("Need", RequirementFor(score).said())))}, Rules: v.Rules}
	return ans, nil
}

// readSetLines reads sets typed one a line, each card counted once in
// all of them, with the cards read as chips; the feedback's error names
// the first line that cannot be read.
func readSetLines(say msg.Sayer, text string) ([][]cards.Play, game.Feedback) {
	deck := cards.BlackHeart()
	tally := deck.NewTally()
	var melds [][]cards.Play
	var fb game.Feedback
	for i, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		plays, err := deck.ParseText(line)
		for _, p := range plays {
			if err == nil {
				err = tally.Add(p.Card)
			}
		}
		if err != nil {
			fb.Error = say.Say(msg.New("game.line", msg.N("Line", i+1), msg.M("Text", game.ParseMessage(err))))
			return nil, fb
		}
		for _, p := range plays {
			fb.Chips = append(fb.Chips, game.ChipIn(say, p))
		}
		melds = append(melds, plays)
	}
	return melds, fb
}
