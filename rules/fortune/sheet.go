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

const meldPlaceholder = "e.g. KS KH KD or 5H 6H 2C=7H"

// meldGroup is the group of a seat's meld fields: "meld_0_0", "meld_0_1".
func meldGroup(seat int) string { return "meld_" + itoa(seat) }

func handField(seat int) string { return "hand_" + itoa(seat) }

// sheetNote says what goes where, before the inputs.
const sheetNote = "Each player's melds on the table, lay-offs included in the meld they joined (R3), and the cards left in hand. " +
	"Deuces are wild (R2): to say what one stands for, type it after = (`2C=7H`)."

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
	sh := game.Sheet{Notes: []string{sheetNote}}
	j := &sh.Judgement
	j.Names = names
	if line := houseRulesLine(rd.r, t); line != "" {
		j.Lines = append(j.Lines, line)
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
		problem = "Enter every player's melds and the cards left in hand."
	}
	if problem == "" {
		problem = rd.checkWentOut(players)
	}
	if problem != "" {
		j.Problem = problem
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
		j.Lines = append(j.Lines, workingLine(name, players[seat], res, seat, seat == wentOut))
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
	problem string
}

func (rd *sheetReading) report(problem string) {
	if rd.problem == "" {
		rd.problem = problem
	}
}

// player reads one seat's melds and cards left in hand into p, and lays
// them out as the seat's section. typed reports whether anything was
// entered for the seat, right or wrong.
func (rd *sheetReading) player(seat int, p *Player) (sec game.Part, typed bool) {
	name := rd.names[seat]
	sec = game.Part{Kind: game.Section, Label: name}
	typed = rd.melds(seat, &sec, p)

	held, f := rd.r.Field(rd.form, handField(seat), name+"'s cards left in hand", "e.g. QS AH 2D (none if out)")
	for _, play := range held {
		if play.Declared() && f.Error == "" {
			f.Error = "Just the cards here: a deuce left in hand costs 10 whatever it could stand for (R5)."
		}
	}
	if f.Error != "" {
		rd.report("Fix " + f.Label + ".")
		typed = true
	}
	p.Hand = game.CardsOf(held)
	typed = typed || len(held) > 0
	rd.hands[seat] = f
	sec.Parts = append(sec.Parts, game.CardsPart(f))
	if !typed {
		rd.report("Enter " + name + "'s melds or cards left in hand: every player ends the hand with one or the other.")
	}
	return sec, typed
}

// melds reads a seat's group of meld fields into its section and, for the
// valid melds, into p. It reports whether any field holds something.
func (rd *sheetReading) melds(seat int, sec *game.Part, p *Player) (typed bool) {
	name, group := rd.names[seat], meldGroup(seat)
	shown, focus := game.GroupFields(rd.form, group)
	posted := game.PostedCount(rd.form, group)
	sec.Parts = append(sec.Parts, game.Part{Kind: game.Hidden, Name: game.CountName(group), Value: itoa(shown)})
	for i := range shown {
		field, label := game.GroupField(group, i), name+"'s meld "+itoa(i+1)
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
			rd.report("Fix " + label + ".")
			typed = true
		case len(plays) > 0:
			typed = true
			if v := judgeMeld(rd.r, plays, f, rd.house); v.Valid {
				p.Melds = append(p.Melds, plays)
			} else {
				rd.report(label + " (" + strings.Join(game.PlayStrings(plays), " ") + ") is " + rd.r.Say(v.tail()) + ".")
			}
		}
		sec.Parts = append(sec.Parts, game.CardsPart(f))
	}
	if shown < game.MaxGroupFields {
		sec.Parts = append(sec.Parts, game.Part{Kind: game.More, Value: "more:" + group, Label: "+ Add a meld", Help: "Add a meld for " + name})
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
func workingLine(name string, p Player, res Result, seat int, wentOut bool) string {
	melds := "no melds"
	if len(p.Melds) > 0 {
		parts := make([]string, len(res.MeldVerdicts[seat]))
		for i, v := range res.MeldVerdicts[seat] {
			parts[i] = itoa(v.Points)
		}
		melds = "melds " + game.SumText(parts, res.Melded[seat])
	}
	held := game.HeldText(p.Hand, HeldPoints, res.Held[seat], wentOut)
	return name + ": " + melds + "; " + held + "; " + itoa(res.Melded[seat]) + " - " + itoa(res.Held[seat]) +
		" = " + signed(res.Points[seat]) + " (R4, R5, R6)."
}

// checkWentOut checks who went out, once every field reads right (R6):
// one player, and only one, ends the hand with no cards, having melded
// every card of the hand, at least the 11 dealt, since a turn takes at
// least as many cards as it discards. What is wrong is said beside the
// hand's field, and returned; "" when nothing is.
func (rd *sheetReading) checkWentOut(players []Player) string {
	wentOut := -1
	for seat, p := range players {
		if len(p.Hand) > 0 {
			continue
		}
		name, f := rd.names[seat], rd.hands[seat]
		if wentOut >= 0 {
			f.Error = name + ": no cards left, but only the player who went out ends the hand without cards, and " + rd.names[wentOut] + " did (R6)."
			return f.Error
		}
		wentOut = seat
		if melded := meldedCards(p); melded < HandSize {
			f.Error = name + ": no cards left, so " + name + " went out, having melded every card of the hand, at least " + itoa(HandSize) +
				", but " + name + "'s melds hold " + itoa(melded) + " (R6)."
			return f.Error
		}
	}
	if wentOut < 0 {
		return "Nobody's hand is empty, but a hand ends when a player has melded every card (R6): leave the hand of the player who went out empty."
	}
	return ""
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
func houseRulesLine(say msg.Sayer, t game.Table) string {
	info := Module{}.Info()
	var on []string
	for _, h := range info.HouseRules {
		if t.House(info, h.Key) {
			on = append(on, say.Say(h.Name)+" ("+h.Rule+")")
		}
	}
	if len(on) == 0 {
		return ""
	}
	return "House rules: " + strings.Join(on, "; ") + "."
}

// signed prints points with their sign, as the scorepad does: "+45", "0",
// "-70".
func signed(n int) string {
	if n > 0 {
		return "+" + itoa(n)
	}
	return itoa(n)
}
