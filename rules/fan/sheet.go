package fan

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"

	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Record is a Fan Rummy deal as the scorepad stores it: the knock card,
// who ended the deal, and both hands at the end, cards canonical.
type Record struct {
	KnockCard string      `json:"knock_card"`
	Knocker   int         `json:"knocker"`
	Hands     [2][]string `json:"hands"`
}

// DecodeRecord reads a stored deal. A record that is not one (a field of
// the wrong type, a seat that does not exist) is an error: the import
// refuses a file holding one.
func DecodeRecord(raw json.RawMessage) (Record, error) {
	var rec Record
	if err := json.Unmarshal(raw, &rec); err != nil {
		return Record{}, err
	}
	if rec.Knocker != 0 && rec.Knocker != 1 {
		return Record{}, ruling.Bad("knocker", msg.New("fan.record_knocker", msg.N("Seat", rec.Knocker)))
	}
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
	return url.Values{
		"knock_card": {rec.KnockCard}, "knocker": {strconv.Itoa(rec.Knocker)},
		"hand_0": {game.JoinCards(rec.Hands[0])}, "hand_1": {game.JoinCards(rec.Hands[1])},
	}, nil
}

// Judge reads a deal as it lies on the table at the end (the knock card,
// who ended the deal, both hands) and scores it: the melds, the
// defender's lay-offs, the outcome and the points (N1-N7).
func (Module) Judge(ctx context.Context, t game.Table, form url.Values) (game.Sheet, *game.Hand, error) {
	names := t.Names
	r := game.NewReader(ctx, cards.Standard())
	say := msg.From(ctx)
	knockCard, haveKnockCard, knockField := r.Single(form, "knock_card", say.Say(msg.New("fan.ask.knock_card")), say.Say(msg.New("fan.ask.card_example")))
	knocker, knockerChosen := game.ReadSeat(form, "knocker", len(names))
	hands, handFields := ReadSheetHands(r, form, names)
	sh := game.Sheet{Parts: []game.Part{
		game.CardsPart(knockField),
		game.SeatChoice("knocker", say.Say(msg.New("fan.ask.ender")), names, form.Get("knocker"), ""),
		game.CardsPart(handFields[0]), game.CardsPart(handFields[1]),
	}}
	j := &sh.Judgement
	j.Names = names
	if haveKnockCard {
		id := "fan.sheet.knock_line"
		if knockCard.Suit == cards.Spades {
			id = "fan.sheet.knock_line_spade"
		}
		j.Lines = append(j.Lines, say.Say(msg.New(id, msg.V("Card", cards.Face(knockCard)), msg.N("Value", Value(knockCard)))))
	}
	j.Problem = HandsProblem(say, names, hands, handFields, knocker, knockerChosen)
	switch {
	case knockField.Error != "":
		j.Problem = say.Say(msg.New("fan.sheet.fix_knock_card"))
	case !haveKnockCard:
		j.Problem = say.Say(msg.New("fan.sheet.enter_knock_card"))
	}
	if j.Problem != "" {
		return sh, nil, nil
	}
	res, err := ScoreContext(ctx, Deal{KnockCard: knockCard, Knocker: knocker, Hands: hands,
		UndercutOnTie: t.House(Module{}.Info(), "undercut_on_tie")})
	if ctx.Err() != nil {
		return sh, nil, ctx.Err()
	}
	if err != nil {
		j.Problem = msg.From(ctx).Say(ruling.Message(err))
		return sh, nil, nil
	}
	j.Lines = append(j.Lines, Working(msg.From(ctx), res, names)...)
	j.Points, j.Ready = res.Points[:], true
	rec, _ := json.Marshal(Record{KnockCard: knockCard.String(), Knocker: knocker,
		Hands: [2][]string{cards.Strings(hands[0]), cards.Strings(hands[1])}})
	return sh, &game.Hand{Record: rec, Points: res.Points[:], Seat: knocker, EndsHand: true}, nil
}

// ReadSheetHands reads both players' cards at the end of the deal,
// counted together against the deck: Fan Rummy's sheet and Gin Rummy's.
func ReadSheetHands(r *game.Reader, form url.Values, names []string) ([2][]cards.Card, [2]*game.CardField) {
	var hands [2][]cards.Card
	var fields [2]*game.CardField
	for seat := range hands {
		plays, f := r.Field(form, "hand_"+strconv.Itoa(seat), r.Say(msg.New("fan.ask.cards_at_end", msg.S("Player", names[seat]))), r.Say(msg.New("fan.ask.hand_example")))
		f.Max = HandSize // the knocker's Big Gin holds 11: the eleventh is tapped in after
		hands[seat], fields[seat] = game.CardsOf(plays), f
	}
	return hands, fields
}

// HandsProblem says what keeps a deal from being scored yet: who ended
// it is not said, or a hand is not 10 cards (11 for the knocker's Big
// Gin, N4) or holds a card that cannot be read. "" when nothing does.
// Gin Rummy's sheet asks the same.
func HandsProblem(say msg.Sayer, names []string, hands [2][]cards.Card, fields [2]*game.CardField, knocker int, knockerChosen bool) string {
	if !knockerChosen {
		return say.Say(msg.New("fan.ask.ender"))
	}
	for seat, f := range fields {
		switch {
		case f.Error != "":
			return say.Say(msg.New("fan.sheet.fix_cards", msg.S("Player", names[seat])))
		case len(hands[seat]) == HandSize, seat == knocker && len(hands[seat]) == HandSize+1:
		default:
			id := "fan.sheet.holds"
			if seat == knocker {
				id = "fan.sheet.holds_knocker"
			}
			return say.Say(msg.New(id, msg.S("Player", names[seat]), msg.N("Count", len(hands[seat]))))
		}
	}
	return ""
}

// Working is how a scored deal came about, as the sheet shows it: each
// player's melds and deadwood, the defender's lay-offs, and the reason.
// Gin Rummy, scored with this engine, shows the same.
func Working(say msg.Sayer, res Result, names []string) []string {
	knocker, defender := res.Knocker, 1-res.Knocker
	laysID, meldsID := "fan.sheet.lays", "fan.sheet.defender"
	if len(res.DeadwoodCards[knocker]) > 0 {
		laysID = "fan.sheet.lays_cards"
	}
	if len(res.DeadwoodCards[defender]) > 0 {
		meldsID = "fan.sheet.defender_cards"
	}
	return []string{
		say.Say(msg.New(laysID, msg.S("Player", names[knocker]), meldsArg(res.Melds[knocker]),
			msg.N("Deadwood", res.Deadwood[knocker]), facesArg("Cards", res.DeadwoodCards[knocker]))),
		say.Say(msg.New(meldsID, msg.S("Player", names[defender]), meldsArg(res.Melds[defender]), layoffsArg(res),
			msg.N("Deadwood", res.Deadwood[defender]), facesArg("Cards", res.DeadwoodCards[defender]))),
		say.Say(msg.Sentence(res.Reason)),
	}
}

// meldsArg is melds as the table reads them: "A♠ 2♠ 3♠ · 4♥ 4♦ 4♣" (the
// cards in the language's letters), or "no meld".
func meldsArg(melds [][]cards.Card) msg.Arg {
	if len(melds) == 0 {
		return msg.M("Melds", msg.New("fan.sheet.no_meld"))
	}
	parts := make([]msg.Msg, len(melds))
	for i, m := range melds {
		parts[i] = msg.New("fan.sheet.cards", facesArg("Cards", m))
	}
	return msg.Join("Melds", " · ", parts)
}

// facesArg is cards one after the other, as a chip shows each: "2♣ 3♦".
func facesArg(name string, cs []cards.Card) msg.Arg {
	faces := make([]cards.Face, len(cs))
	for i, c := range cs {
		faces[i] = cards.Face(c)
	}
	return msg.Join(name, " ", msg.Values(faces))
}

// layoffsArg is ", lays off 4♠ onto meld 1 (N5)", or nothing without
// lay-offs.
func layoffsArg(res Result) msg.Arg {
	if len(res.Layoffs) == 0 {
		return msg.M("Layoffs", msg.Text(""))
	}
	parts := make([]msg.Msg, len(res.Layoffs))
	for i, l := range res.Layoffs {
		parts[i] = msg.New("fan.sheet.layoff_onto", msg.V("Card", cards.Face(l.Card)), msg.N("Meld", l.Meld+1))
	}
	return msg.M("Layoffs", msg.New("fan.sheet.layoffs", msg.Join("Layoffs", ", ", parts)))
}
