package gin

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"

	"meldpad/rules/cards"
	"meldpad/rules/fan"
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Record is a gin deal as the scorepad stores it: who ended it (-1 for a
// draw), the first up-card under Oklahoma, and both hands at the end,
// cards canonical. A draw holds no hands.
type Record struct {
	Draw    bool        `json:"draw,omitempty"`
	Knocker int         `json:"knocker"`
	UpCard  string      `json:"up_card,omitempty"`
	Hands   [2][]string `json:"hands"`
}

// drawChoice is the sheet's answer to "who ended the deal?" for a draw.
const drawChoice = "draw"

// DecodeRecord reads a stored deal. A record that is not one (a field of
// the wrong type, a seat that does not exist, a draw with a knocker) is
// an error: the import refuses a file holding one.
func DecodeRecord(raw json.RawMessage) (Record, error) {
	var in struct {
		Record
		Hands [][]string `json:"hands"` // a list, so that a third hand is seen
	}
	if err := json.Unmarshal(raw, &in); err != nil {
		return Record{}, err
	}
	rec := in.Record
	switch {
	case len(in.Hands) != MaxPlayers:
		return Record{}, ruling.Bad("hands", msg.New("gin.record_hands", msg.N("Count", len(in.Hands)), msg.N("Players", MaxPlayers)))
	case rec.Draw && rec.Knocker != -1:
		return Record{}, ruling.Bad("knocker", msg.New("gin.record_draw_knocker", msg.N("Seat", rec.Knocker)))
	case !rec.Draw && rec.Knocker != 0 && rec.Knocker != 1:
		return Record{}, ruling.Bad("knocker", msg.New("fan.record_knocker", msg.N("Seat", rec.Knocker)))
	}
	rec.Hands = [2][]string{in.Hands[0], in.Hands[1]}
	return rec, nil
}

// Blank is the form of a new deal: nothing entered.
func (Module) Blank(game.Table) url.Values { return url.Values{} }

// Values is the form that shows a stored deal again.
func (Module) Values(_ game.Table, record json.RawMessage) (url.Values, error) {
	rec, err := DecodeRecord(record)
	if err != nil {
		return nil, err
	}
	v := url.Values{"hand_0": {game.JoinCards(rec.Hands[0])}, "hand_1": {game.JoinCards(rec.Hands[1])}}
	if rec.Draw {
		v.Set("knocker", drawChoice)
	} else {
		v.Set("knocker", strconv.Itoa(rec.Knocker))
	}
	if rec.UpCard != "" {
		v.Set("up_card", rec.UpCard)
	}
	return v, nil
}

// Judge reads a deal as it lies on the table at the end (under Oklahoma
// the first up-card, who ended the deal or that nobody did, both hands)
// and scores it: the melds, the defender's lay-offs, the outcome and the
// points (G1-G3, with Fan Rummy's N1-N3 and N5).
func (Module) Judge(ctx context.Context, t game.Table, form url.Values) (game.Sheet, *game.Hand, error) {
	names, house := t.Names, HouseOf(t)
	r := game.NewReader(ctx, cards.Standard())
	var sh game.Sheet
	var up cards.Card
	var upField *game.CardField
	haveUp := false
	if house.Oklahoma {
		// Picked up in play, the up-card may be in a hand too: not counted.
		up, haveUp, upField = r.Single(form, "up_card", r.Say(msg.New("gin.ask.up_card")), r.Say(msg.New("fan.ask.card_example")))
		sh.Parts = append(sh.Parts, game.CardsPart(upField))
	}
	ender := game.SeatChoice("knocker", r.Say(msg.New("fan.ask.ender")), names, form.Get("knocker"), "")
	ender.Options = append(ender.Options, game.Option{Value: drawChoice, Label: r.Say(msg.New("gin.ask.draw"))})
	hands, handFields := fan.ReadSheetHands(r, form, names)
	sh.Parts = append(sh.Parts, ender, game.CardsPart(handFields[0]), game.CardsPart(handFields[1]))
	j := &sh.Judgement
	j.Names = names
	if form.Get("knocker") == drawChoice {
		return sh, judgeDraw(msg.From(ctx), j), nil
	}
	say := msg.From(ctx)
	if line, ok := knockValueLine(house, up, haveUp); ok {
		j.Lines = append(j.Lines, say.Say(line))
	}
	knocker, knockerChosen := game.ReadSeat(form, "knocker", len(names))
	j.Problem = fan.HandsProblem(say, names, hands, handFields, knocker, knockerChosen)
	switch {
	case !house.Oklahoma:
	case upField.Error != "":
		j.Problem = say.Say(msg.New("gin.sheet.fix_up_card"))
	case !haveUp:
		j.Problem = say.Say(msg.New("gin.sheet.enter_up_card"))
	}
	if j.Problem != "" {
		return sh, nil, nil
	}
	res, err := ScoreContext(ctx, Deal{Knocker: knocker, Hands: hands, UpCard: up}, house)
	if ctx.Err() != nil {
		return sh, nil, ctx.Err()
	}
	if err != nil {
		j.Problem = msg.From(ctx).Say(ruling.Message(err))
		return sh, nil, nil
	}
	j.Lines = append(j.Lines, fan.Working(msg.From(ctx), res.Result, names)...)
	j.Points, j.Ready = res.Points[:], true
	rec := Record{Knocker: knocker, Hands: [2][]string{cards.Strings(hands[0]), cards.Strings(hands[1])}}
	if house.Oklahoma {
		rec.UpCard = up.String()
	}
	raw, _ := json.Marshal(rec)
	return sh, &game.Hand{Record: raw, Points: res.Points[:], Seat: knocker, EndsHand: true}, nil
}

// judgeDraw is the judgement of a draw (G2): nothing scores and the hands
// are not read, so the deal is recorded as a draw and nothing else.
func judgeDraw(say msg.Sayer, j *game.Judgement) *game.Hand {
	res, _ := Score(Deal{Draw: true}, HouseRules{})
	j.Lines = []string{say.Say(msg.Sentence(res.Reason))}
	j.Points, j.Ready = []int{0, 0}, true
	raw, _ := json.Marshal(Record{Draw: true, Knocker: -1, Hands: [2][]string{{}, {}}})
	return &game.Hand{Record: raw, Points: []int{0, 0}, Seat: -1, EndsHand: true}
}

// knockValueLine says what the deal may be knocked with (G1): 10, or
// under Oklahoma what the up-card says, once it is entered; false when
// there is nothing to say yet.
func knockValueLine(house HouseRules, up cards.Card, haveUp bool) (msg.Msg, bool) {
	if !house.Oklahoma {
		return msg.New("gin.sheet.knock_value", msg.N("Value", KnockValue)), true
	}
	if !haveUp {
		return msg.Msg{}, false
	}
	value, doubled := house.KnockValue(up)
	id := "gin.sheet.up_card"
	switch {
	case value == 0 && doubled:
		id = "gin.sheet.up_card_ace_spade"
	case value == 0:
		id = "gin.sheet.up_card_ace"
	case doubled:
		id = "gin.sheet.up_card_spade"
	}
	return msg.New(id, msg.V("Card", cards.Face(up)), msg.N("Value", value)), true
}
