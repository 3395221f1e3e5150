package fortune

import (
	"context"
	"strconv"

	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Player is one seat at the end of a hand: every meld the player has on
// the table (lay-offs included, in the meld they joined) and the cards
// still in hand (empty for the player who went out).
type Player struct {
	Melds [][]cards.Play
	Hand  []cards.Card
}

// Result is a hand's score by seat, in the order the players were given.
type Result struct {
	// Points is each player's score for the hand: Melded - Held (R6).
	Points []int
	// Melded is what each player's melds score on the table (R4).
	Melded []int
	// Held is what the cards left in each hand cost (R5), as a positive
	// number.
	Held []int
	// MeldVerdicts holds each player's melds' verdicts, in order, so the
	// scorepad can show how every deuce was read and what each card scored.
	MeldVerdicts [][]Verdict
}

// Score scores a finished hand (R4-R6): each player scores the melds on
// the table less the cards in hand. There is no bonus for going out, and
// Score does not ask who went out: a group may record a hand stopped
// before anyone did.
//
// Errors: a *ruling.InputError naming the field, as the API's hands/score
// body has it, for a shape the API checks first (fewer than 2 or more
// than 8 players: "players"), a card the two decks do not hold or more
// copies of a card than they hold, across all melds and hands
// ("players[1].hand[0]"; the API and the card sheet count the cards as
// they read them, so neither reaches Score with one); and a *ruling.Error with the rule id for a meld the
// rules do not allow, naming the player and the meld, both counted from 1:
// "fortune: player 2's meld 1 (7H 7S 8D) is not a set: 8D is not a 7 (R1)";
// and a *ruling.Error for two players or more with an empty hand, since
// only the player who went out ends the hand without cards (R6).
func Score(players []Player, h HouseRules) (Result, error) {
	return ScoreContext(context.Background(), players, h)
}

// ScoreContext is Score under ctx: before judging each meld it looks at
// ctx and, once ctx is done, stops and returns ctx.Err(). Each meld is
// judged in microseconds and the two decks bound the melds, so a whole
// hand takes well under a millisecond (BenchmarkScoreWholeDeck); ctx
// bounds what a server spends whatever comes.
func ScoreContext(ctx context.Context, players []Player, h HouseRules) (Result, error) {
	if len(players) < MinPlayers || len(players) > MaxPlayers {
		return Result{}, ruling.Bad("players", msg.New("fortune.players", msg.N("Count", len(players)), msg.N("Min", MinPlayers), msg.N("Max", MaxPlayers)))
	}
	tally := cards.DoubleStandard().NewTally()
	for i, p := range players {
		for j, meld := range p.Melds {
			for k, play := range meld {
				if err := tally.Add(play.Card); err != nil {
					return Result{}, ruling.Bad(game.Index(game.Index("players", i)+".melds", j)+"["+strconv.Itoa(k)+"]",
						msg.New("fortune.meld_card", msg.N("Player", i+1), msg.N("Meld", j+1), msg.N("Card", k+1), msg.M("Why", game.ParseMessage(err))))
				}
			}
		}
		for k, c := range p.Hand {
			if err := tally.Add(c); err != nil {
				return Result{}, ruling.Bad(game.Index(game.Index("players", i)+".hand", k),
					msg.New("fortune.hand_card", msg.N("Player", i+1), msg.N("Card", k+1), msg.M("Why", game.ParseMessage(err))))
			}
		}
	}
	n := len(players)
	res := Result{Points: make([]int, n), Melded: make([]int, n), Held: make([]int, n), MeldVerdicts: make([][]Verdict, n)}
	for i, p := range players {
		res.MeldVerdicts[i] = make([]Verdict, len(p.Melds))
		for j, meld := range p.Melds {
			if err := ctx.Err(); err != nil {
				return Result{}, err
			}
			v := Check(meld, h)
			if !v.Valid {
				return Result{}, ruling.Refuse(v.Rule, ruling.Prefixed("fortune", msg.New("fortune.meld_invalid", msg.N("Player", i+1), msg.N("Meld", j+1), msg.S("Cards", playsString(meld)), msg.M("Why", v.tail()))))
			}
			res.MeldVerdicts[i][j] = v
			res.Melded[i] += v.Points
		}
		for _, c := range p.Hand {
			res.Held[i] += HeldPoints(c)
		}
		res.Points[i] = res.Melded[i] - res.Held[i]
	}
	// R6: only the player who went out ends the hand with no cards.
	var empty []string
	for i, p := range players {
		if len(p.Hand) == 0 {
			empty = append(empty, itoa(i+1))
		}
	}
	if len(empty) > 1 {
		return Result{}, ruling.Refuse("R6", ruling.Prefixed("fortune", msg.New("fortune.empty_hands", msg.Strings("Players", empty))))
	}
	return res, nil
}
