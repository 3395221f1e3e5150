package handlers

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"meldpad/db"
	"meldpad/rules/cards"
	"meldpad/rules/fortune"
	"meldpad/views"
)

// fortuneSheet enters a Fortune Rummy hand as it lies on the table at the
// end: each player's melds, lay-offs included in the meld they joined
// (R3), and the cards left in hand. Every meld is judged as it is typed;
// each player scores melded minus held (R4, R5, R6).
type fortuneSheet struct{}

// fortuneRecord is a Fortune Rummy hand as stored, in the shape of the
// API's hands/score request: cards canonical, declared deuce readings
// kept as typed ("2C=7H"), undeclared ones left for the rules to read.
type fortuneRecord struct {
	Players []fortunePlayerRecord `json:"players"`
}

type fortunePlayerRecord struct {
	Melds [][]string `json:"melds"`
	Hand  []string   `json:"hand"`
}

// meldGroup is the group of a seat's meld fields: "meld_0_0", "meld_0_1"...
func meldGroup(seat int) string { return "meld_" + strconv.Itoa(seat) }

func fortuneHandField(seat int) string { return "hand_" + strconv.Itoa(seat) }

func (fortuneSheet) blank(table) url.Values { return url.Values{} }

func (fortuneSheet) values(_ table, record json.RawMessage) (url.Values, error) {
	var rec fortuneRecord
	if err := json.Unmarshal(record, &rec); err != nil {
		return nil, err
	}
	form := url.Values{}
	for seat, p := range rec.Players {
		for i, meld := range p.Melds {
			form.Set(groupField(meldGroup(seat), i), joinCards(meld))
		}
		form.Set(fortuneHandField(seat), joinCards(p.Hand))
	}
	return form, nil
}

func (fortuneSheet) judge(ctx context.Context, t table, form url.Values, vm *views.SheetVM) *db.HandInput {
	names := t.names()
	house := fortuneHouse(t.game.HouseRules)
	r := newCardReader(t.rules.Deck)
	j := &vm.Judgement
	j.Names = names
	if line := houseRulesLine(t); line != "" {
		j.Lines = append(j.Lines, line)
	}
	problem := ""
	report := func(p string) {
		if problem == "" {
			problem = p
		}
	}
	players := make([]fortune.Player, len(names))
	body := views.FortuneSheetVM{Players: make([]views.FortunePlayerVM, len(names))}
	anyCards := false
	for seat, name := range names {
		group := meldGroup(seat)
		shown, focus := groupFields(form, group)
		posted := postedCount(form, group)
		p := &body.Players[seat]
		*p = views.FortunePlayerVM{Name: name, CountName: countName(group), Count: shown}
		if shown < maxGroupFields {
			p.More = "more:" + group
		}
		typed := false
		for i := range shown {
			field, label := groupField(group, i), name+"'s meld "+strconv.Itoa(i+1)
			if i >= posted && strings.TrimSpace(form.Get(field)) == "" {
				// A field new on this page: nothing to read, and no
				// feedback in the page yet for a preview to replace.
				p.Melds = append(p.Melds, views.CardFieldVM{Name: field, Label: label, Placeholder: "e.g. KS KH KD or 5H 6H 2C=7H", Autofocus: i == focus})
				continue
			}
			plays, f := r.field(form, field, label, "e.g. KS KH KD or 5H 6H 2C=7H")
			f.Autofocus = i == focus
			switch {
			case f.Error != "":
				report("Fix " + label + ".")
				typed = true
			case len(plays) > 0:
				typed = true
				if v := fortuneMeld(plays, f, house, t.rules.Deck); v.Valid {
					players[seat].Melds = append(players[seat].Melds, plays)
				} else {
					report(label + " (" + strings.Join(playStrings(plays), " ") + ") is " + lowerFirst(v.Reason) + ".")
				}
			}
			p.Melds = append(p.Melds, *f)
		}
		hand := fortuneHandField(seat)
		plays, f := r.field(form, hand, name+"'s cards left in hand", "e.g. QS AH 2D; empty for who went out")
		for _, play := range plays {
			if play.Declared() && f.Error == "" {
				f.Error = "Just the cards here: a deuce left in hand costs 10 whatever it could stand for (R5)."
			}
		}
		if f.Error != "" {
			report("Fix " + f.Label + ".")
			typed = true
		}
		players[seat].Hand = cardsOf(plays)
		typed = typed || len(plays) > 0
		anyCards = anyCards || typed
		p.Hand = *f
		if !typed {
			report("Enter " + name + "'s melds or cards left in hand: every player ends the hand with one or the other.")
		}
	}
	r.finish(vm)
	vm.Body = views.FortuneSheet(body)
	if !anyCards {
		problem = "Enter every player's melds and the cards left in hand."
	}
	if problem != "" {
		j.Problem = problem
		return nil
	}
	res, err := fortune.ScoreContext(ctx, players, house)
	if err != nil {
		j.Problem = strings.TrimPrefix(ruleMessage(err), "fortune: ")
		return nil
	}
	wentOut := whoWentOut(players)
	for seat, name := range names {
		j.Lines = append(j.Lines, fortuneLine(name, players[seat], res, seat, seat == wentOut))
	}
	if wentOut < 0 {
		if emptied := emptyHands(players, names); len(emptied) > 1 {
			j.Lines = append(j.Lines, strings.Join(emptied, " and ")+" have no cards left, but only one player goes out: is a hand missing?")
		}
	}
	j.Points, j.Ready = res.Points, true
	rec := fortuneRecord{Players: make([]fortunePlayerRecord, len(players))}
	for seat, p := range players {
		rec.Players[seat].Melds = make([][]string, len(p.Melds))
		for i, meld := range p.Melds {
			rec.Players[seat].Melds[i] = playStrings(meld)
		}
		rec.Players[seat].Hand = cardStrings(p.Hand)
	}
	stored, _ := json.Marshal(rec)
	return &db.HandInput{Entry: db.EntryCards, Record: stored, Points: res.Points, Seat: wentOut, EndsHand: true}
}

// fortuneMeld judges one meld field (R1, R2, R4) and writes the verdict
// into it: kind and points, and beside every deuce the card it stands for.
func fortuneMeld(plays []cards.Play, f *views.CardFieldVM, house fortune.HouseRules, deck *cards.Deck) fortune.Verdict {
	v := fortune.Check(plays, house)
	f.Verdict = &views.VerdictVM{OK: v.Valid, Text: capitalize(v.Reason)}
	if !v.Valid {
		return v
	}
	for i, p := range plays {
		if !deck.IsWild(p.Card) || i >= len(v.Readings) {
			continue
		}
		f.Chips[i].Label = cardLabel(p.Card)
		f.Chips[i].Note = "as " + cardLabel(v.Readings[i])
		if p.Declared() {
			f.Chips[i].Note += ", declared"
		}
	}
	return v
}

// fortuneLine is one player's working: "Ann: melds 30 + 15 = 45; nothing
// left in hand; 45 - 0 = +45 (R4, R5, R6)."
func fortuneLine(name string, p fortune.Player, res fortune.Result, seat int, wentOut bool) string {
	melds := "no melds"
	if len(p.Melds) > 0 {
		parts := make([]string, len(res.MeldVerdicts[seat]))
		for i, v := range res.MeldVerdicts[seat] {
			parts[i] = strconv.Itoa(v.Points)
		}
		melds = "melds " + sumText(parts, res.Melded[seat])
	}
	held := heldText(p.Hand, fortune.HeldPoints, res.Held[seat], wentOut)
	return name + ": " + melds + "; " + held + "; " + strconv.Itoa(res.Melded[seat]) + " - " + strconv.Itoa(res.Held[seat]) +
		" = " + views.Signed(res.Points[seat]) + " (R4, R5, R6)."
}

// whoWentOut is the one player with no cards left, or -1 when the hand
// stopped before anyone went out (or the sheet shows more than one).
func whoWentOut(players []fortune.Player) int {
	seat := -1
	for i, p := range players {
		if len(p.Hand) == 0 {
			if seat >= 0 {
				return -1
			}
			seat = i
		}
	}
	return seat
}

func emptyHands(players []fortune.Player, names []string) []string {
	var out []string
	for i, p := range players {
		if len(p.Hand) == 0 {
			out = append(out, names[i])
		}
	}
	return out
}

// houseRulesLine names the house rules the game plays with, if any, so the
// working can be checked against them.
func houseRulesLine(t table) string {
	var on []string
	for _, h := range t.rules.HouseRules {
		if t.game.HouseRules[h.Key] {
			on = append(on, h.Name+" ("+h.Rule+")")
		}
	}
	if len(on) == 0 {
		return ""
	}
	return "House rules: " + strings.Join(on, "; ") + "."
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
