package fortune

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"

	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// The sheet enters a Fortune Rummy hand as it lies on the table at the
// end: each player's melds, lay-offs included in the meld they joined
// (R3), and the cards left in hand. Every meld is judged as it is typed;
// each player scores melded minus held (R4, R5, R6).

// meldGroup is the group of a seat's meld fields: "meld_0_0", "meld_0_1".
func meldGroup(seat int) string { return "meld_" + itoa(seat) }

func handField(seat int) string { return "hand_" + itoa(seat) }

// sheetNote says what goes where, before the inputs.
var sheetNote = msg.New("fortune.sheet.note")

// Blank is the form of a new hand: nothing entered.
func (Module) Blank(game.Table) url.Values { return url.Values{} }

// Values is the form that shows a stored hand again.
func (Module) Values(t game.Table, record json.RawMessage) (url.Values, error) {
	rec, err := DecodeRecord(record, t.Seats())
	if err != nil {
		return nil, err
	}
	form := url.Values{}
	for seat, p := range rec.Players {
		for i, meld := range p.Melds {
			form.Set(game.GroupField(meldGroup(seat), i), game.JoinCards(meld))
		}
		form.Set(handField(seat), game.JoinCards(p.Hand))
	}
	return form, nil
}

// houseOf is the table's house rules as the referee takes them.
func houseOf(t game.Table) HouseRules {
	info := Module{}.Info()
	return HouseRules{BigSets: t.House(info, "big_sets"), AceSet15: t.House(info, "ace_set_15")}
}

// Judge reads a hand as it lies on the table at the end and scores it:
// each meld as typed (R1-R4), and melded minus held for everyone (R4-R6).
func (Module) Judge(ctx context.Context, t game.Table, form url.Values) (game.Sheet, *game.Hand, error) {
	names := t.Names
	house := houseOf(t)
	rd := &sheetReading{r: game.NewReader(ctx, cards.DoubleStandard()), form: form, names: names, house: house,
		hands: make([]*game.CardField, len(names))}
	say := rd.r
	sh := game.Sheet{Notes: []string{say.Say(sheetNote)}}
	j := &sh.Judgement
	j.Names = names
	if line := houseRulesLine(t); !line.IsZero() {
		j.Lines = append(j.Lines, say.Say(line))
	}
	players := make([]Player, len(names))
	anyCards := false
	for seat := range names {
		part, typed := rd.player(seat, &players[seat])
		sh.Parts = append(sh.Parts, part)
		anyCards = anyCards || typed
	}
	problem := rd.problem
	if !anyCards {
		problem = msg.New("fortune.sheet.enter_all")
	}
	if problem.IsZero() {
		problem = rd.checkWentOut(players)
	}
	if !problem.IsZero() {
		j.Problem = say.Say(problem)
		return sh, nil, nil
	}
	res, err := ScoreContext(ctx, players, house)
	if ctx.Err() != nil {
		return sh, nil, ctx.Err()
	}
	if err != nil {
		j.Problem = msg.From(ctx).Say(ruling.Message(err))
		return sh, nil, nil
	}
	wentOut := whoWentOut(players)
	for seat, name := range names {
		j.Lines = append(j.Lines, say.Say(workingLine(name, players[seat], res, seat, seat == wentOut)))
	}
	j.Points, j.Ready = res.Points, true
	return sh, &game.Hand{Record: recordOf(players), Points: res.Points, Seat: wentOut, EndsHand: true}, nil
}

// sheetReading reads the sheet's fields and keeps the first thing that
// keeps the hand from being saved.
type sheetReading struct {
	r       *game.Reader
	form    url.Values
	names   []string
	house   HouseRules
	hands   []*game.CardField // by seat, the fields of the cards left in hand
	problem msg.Msg
}

func (rd *sheetReading) report(problem msg.Msg) {
	if rd.problem.IsZero() {
		rd.problem = problem
	}
}

// fix asks for a field's cards to be mended.
func (rd *sheetReading) fix(f *game.CardField) {
	rd.report(msg.New("fortune.sheet.fix", msg.S("Field", f.Label)))
}

// player reads one seat's melds and cards left in hand into p, and lays
// them out as the seat's section. typed reports whether anything was
// entered for the seat, right or wrong.
func (rd *sheetReading) player(seat int, p *Player) (sec game.Part, typed bool) {
	name := rd.names[seat]
	sec = game.Part{Kind: game.Section, Label: name}
	typed = rd.melds(seat, &sec, p)

	held, f := rd.r.Field(rd.form, handField(seat), rd.r.Say(msg.New("fortune.sheet.hand", msg.S("Player", name))),
		rd.r.Say(msg.New("fortune.sheet.hand_example")))
	for _, play := range held {
		if play.Declared() && f.Error == "" {
			f.Error = rd.r.Say(msg.New("fortune.sheet.hand_declared"))
		}
	}
	if f.Error != "" {
		rd.fix(f)
		typed = true
	}
	p.Hand = game.CardsOf(held)
	typed = typed || len(held) > 0
	rd.hands[seat] = f
	sec.Parts = append(sec.Parts, game.CardsPart(f))
	if !typed {
		rd.report(msg.New("fortune.sheet.enter_player", msg.S("Player", name)))
	}
	return sec, typed
}

// melds reads a seat's group of meld fields into its section and, for the
// valid melds, into p. It reports whether any field holds something.
func (rd *sheetReading) melds(seat int, sec *game.Part, p *Player) (typed bool) {
	name, group, say := rd.names[seat], meldGroup(seat), rd.r
	meldPlaceholder := say.Say(msg.New("fortune.sheet.meld_example"))
	shown, focus := game.GroupFields(rd.form, group)
	posted := game.PostedCount(rd.form, group)
	sec.Parts = append(sec.Parts, game.Part{Kind: game.Hidden, Name: game.CountName(group), Value: itoa(shown)})
	for i := range shown {
		field, label := game.GroupField(group, i), say.Say(msg.New("fortune.sheet.meld", msg.S("Player", name), msg.N("Meld", i+1)))
		if i >= posted && strings.TrimSpace(rd.form.Get(field)) == "" {
			// A field new on this page: nothing to read, and no feedback
			// in the page yet for a preview to replace.
			sec.Parts = append(sec.Parts, game.CardsPart(&game.CardField{Name: field, Label: label,
				Placeholder: meldPlaceholder, Autofocus: i == focus, Fresh: true}))
			continue
		}
		plays, f := rd.r.Field(rd.form, field, label, meldPlaceholder)
		f.Autofocus = i == focus
		switch {
		case f.Error != "":
			rd.fix(f)
			typed = true
		case len(plays) > 0:
			typed = true
			if v := judgeMeld(rd.r, plays, f, rd.house); v.Valid {
				p.Melds = append(p.Melds, plays)
			} else {
				rd.report(msg.New("fortune.sheet.meld_is_not", msg.S("Field", label), msg.Join("Cards", " ", msg.Values(plays)), msg.M("Not", v.tail())))
			}
		}
		sec.Parts = append(sec.Parts, game.CardsPart(f))
	}
	if shown < game.MaxGroupFields {
		sec.Parts = append(sec.Parts, game.Part{Kind: game.More, Value: "more:" + group, Label: say.Say(msg.New("fortune.sheet.add_meld")),
			Help: say.Say(msg.New("fortune.sheet.add_meld_for", msg.S("Player", name)))})
	}
	return typed
}

// judgeMeld judges one meld field (R1, R2, R4) and writes the verdict
// into it: kind and points, and beside every deuce the card it stands
// for.
func judgeMeld(say msg.Sayer, plays []cards.Play, f *game.CardField, house HouseRules) Verdict {
	v := Check(plays, house)
	f.Verdict = &game.Verdict{OK: v.Valid, Text: say.Say(msg.Capital(v.Reason)), Rules: v.Rules}
	if !v.Valid {
		return v
	}
	for i, p := range plays {
		if !isDeuce(p.Card) || i >= len(v.Readings) || i >= len(f.Chips) {
			continue
		}
		f.Chips[i].Label = game.FaceLabel(say, p.Card)
		note := msg.New("chip.as", msg.S("Card", game.FaceLabel(say, v.Readings[i])))
		if p.Declared() {
			note = msg.New("chip.declared", msg.M("Note", note))
		}
		f.Chips[i].Note = say.Say(note)
	}
	return v
}

// workingLine is one player's working: "Ann: melds 30 + 15 = 45; nothing
// left in hand (went out); 45 - 0 = +45 (R4, R5, R6)."
func workingLine(name string, p Player, res Result, seat int, wentOut bool) msg.Msg {
	melds := msg.New("fortune.sheet.no_melds")
	if len(p.Melds) > 0 {
		parts := make([]msg.Msg, len(res.MeldVerdicts[seat]))
		for i, v := range res.MeldVerdicts[seat] {
			parts[i] = msg.Value(v.Points)
		}
		melds = msg.New("fortune.sheet.melds", msg.M("Sum", game.Sum(parts, res.Melded[seat])))
	}
	return msg.New("fortune.sheet.working", msg.S("Player", name), msg.M("Melds", melds),
		msg.M("Held", game.Held(p.Hand, HeldPoints, res.Held[seat], wentOut)),
		msg.Join("Working", " - ", []msg.Msg{msg.Value(res.Melded[seat]), msg.Value(res.Held[seat])}), msg.M("Points", signed(res.Points[seat])))
}

// checkWentOut checks who went out, once every field reads right (R6):
// one player, and only one, ends the hand with no cards, having melded
// every card of the hand, at least the 11 dealt, since a turn takes at
// least as many cards as it discards. What is wrong is said beside the
// hand's field, and returned; the zero message when nothing is.
func (rd *sheetReading) checkWentOut(players []Player) msg.Msg {
	wentOut := -1
	for seat, p := range players {
		if len(p.Hand) > 0 {
			continue
		}
		name, f := rd.names[seat], rd.hands[seat]
		if wentOut >= 0 {
			problem := msg.New("fortune.sheet.two_out", msg.S("Player", name), msg.S("Out", rd.names[wentOut]))
			f.Error = rd.r.Say(problem)
			return problem
		}
		wentOut = seat
		if melded := meldedCards(p); melded < HandSize {
			problem := msg.New("fortune.sheet.out_melded_few", msg.S("Player", name), msg.N("Min", HandSize), msg.N("Count", melded))
			f.Error = rd.r.Say(problem)
			return problem
		}
	}
	if wentOut < 0 {
		return msg.New("fortune.sheet.nobody_out")
	}
	return msg.Msg{}
}

// meldedCards counts the cards of a player's melds.
func meldedCards(p Player) int {
	n := 0
	for _, m := range p.Melds {
		n += len(m)
	}
	return n
}

// whoWentOut is the one player with no cards left (checkWentOut has
// found one, and only one).
func whoWentOut(players []Player) int {
	for i, p := range players {
		if len(p.Hand) == 0 {
			return i
		}
	}
	return -1
}

// houseRulesLine names the house rules the game plays with, if any, so
// the working can be checked against them.
func houseRulesLine(t game.Table) msg.Msg {
	info := Module{}.Info()
	var on []msg.Msg
	for _, h := range info.HouseRules {
		if t.House(info, h.Key) {
			on = append(on, cite(h.Name, h.Rule).sentence())
		}
	}
	if len(on) == 0 {
		return msg.Msg{}
	}
	return msg.New("fortune.sheet.house_rules", msg.Join("Rules", "; ", on))
}

// signed says points with their sign, as the scorepad does: "+45", "0",
// "-70".
func signed(n int) msg.Msg {
	if n > 0 {
		return msg.New(msg.ValueID, msg.Join("Value", "", []msg.Msg{msg.Text("+"), msg.Value(n)}))
	}
	return msg.Value(n)
}
