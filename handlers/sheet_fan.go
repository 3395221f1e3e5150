package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"strconv"
	"strings"

	"meldpad/db"
	"meldpad/rules/cards"
	"meldpad/rules/fan"
	"meldpad/rules/ruling"
	"meldpad/views"
)

// fanSheet enters a Fan Rummy deal as it lies on the table at the end: the
// knock card, who ended the deal, and both hands. The rules find the
// melds, the defender's lay-offs, the outcome and the points (N1-N7).
type fanSheet struct{}

// fanRecord is a Fan Rummy deal as stored.
type fanRecord struct {
	KnockCard string      `json:"knock_card"`
	Knocker   int         `json:"knocker"`
	Hands     [2][]string `json:"hands"`
}

func (fanSheet) blank(table) url.Values { return url.Values{} }

func (fanSheet) values(_ table, record json.RawMessage) (url.Values, error) {
	var rec fanRecord
	if err := json.Unmarshal(record, &rec); err != nil {
		return nil, err
	}
	return url.Values{
		"knock_card": {rec.KnockCard}, "knocker": {strconv.Itoa(rec.Knocker)},
		"hand_0": {joinCards(rec.Hands[0])}, "hand_1": {joinCards(rec.Hands[1])},
	}, nil
}

func (fanSheet) judge(ctx context.Context, t table, form url.Values, vm *views.SheetVM) *db.HandInput {
	names := t.names()
	r := newCardReader(cards.Standard())
	knockCard, haveKnockCard, knockField := r.single(form, "knock_card", "Knock card", "e.g. 7S")
	knocker, knockerErr := readSeat(form, "knocker", len(names))
	var hands [2][]cards.Card
	var handFields [2]*views.CardFieldVM
	for seat := range hands {
		plays, f := r.field(form, "hand_"+strconv.Itoa(seat), names[seat]+"'s cards at the end", "10 cards, e.g. AS 2S 3S 4H …")
		hands[seat], handFields[seat] = cardsOf(plays), f
	}
	r.finish(vm)
	j := &vm.Judgement
	j.Names = names
	if haveKnockCard {
		line := "Knock card " + knockCard.String() + ": a player may knock with " + strconv.Itoa(fan.Value(knockCard)) + " or less deadwood (N1, N4)"
		if knockCard.Suit == cards.Spades {
			line += "; a spade: the deal's points are doubled (N7)"
		}
		j.Lines = append(j.Lines, line+".")
	}
	problem := ""
	switch {
	case !haveKnockCard:
		problem = "Enter the knock card."
	case knockerErr != "":
		problem = "Who ended the deal (knocked or went gin)?"
	}
	for seat, f := range handFields {
		want := "10"
		if seat == knocker && knockerErr == "" {
			want = "10 (11 for Big Gin)"
		}
		if problem == "" && f.Error == "" && len(hands[seat]) != 10 && !(seat == knocker && len(hands[seat]) == 11) {
			problem = names[seat] + " holds " + strconv.Itoa(len(hands[seat])) + " cards here: enter all " + want + "."
		}
		if f.Error != "" && problem == "" {
			problem = "Fix " + names[seat] + "'s cards."
		}
	}
	if knockField.Error != "" {
		problem = "Fix the knock card."
	}
	// The body shows the fields as read, chips and errors included.
	vm.Body = views.FanSheet(views.FanSheetVM{
		Names: names, KnockCard: *knockField, Knocker: form.Get("knocker"),
		Hands: [2]views.CardFieldVM{*handFields[0], *handFields[1]},
	})
	if problem != "" {
		j.Problem = problem
		return nil
	}
	res, err := fan.ScoreContext(ctx, fan.Deal{KnockCard: knockCard, Knocker: knocker, Hands: hands,
		UndercutOnTie: t.game.HouseRules["undercut_on_tie"]})
	if err != nil {
		j.Problem = ruleMessage(err)
		return nil
	}
	defender := 1 - knocker
	j.Lines = append(j.Lines,
		names[knocker]+" lays "+meldsText(res.Melds[knocker])+"; deadwood "+strconv.Itoa(res.Deadwood[knocker])+deadwoodCards(res.DeadwoodCards[knocker])+".",
		names[defender]+" melds "+meldsText(res.Melds[defender])+layoffText(res)+"; deadwood "+strconv.Itoa(res.Deadwood[defender])+deadwoodCards(res.DeadwoodCards[defender])+".",
		res.Reason)
	j.Points, j.Ready = res.Points[:], true
	rec, _ := json.Marshal(fanRecord{KnockCard: knockCard.String(), Knocker: knocker,
		Hands: [2][]string{cards.Strings(hands[0]), cards.Strings(hands[1])}})
	return &db.HandInput{Entry: db.EntryCards, Record: rec, Points: res.Points[:], Seat: knocker, EndsHand: true}
}

// readSeat reads a seat from a radio group; the message says what is
// wrong, or is empty.
func readSeat(form url.Values, name string, seats int) (int, string) {
	v := form.Get(name)
	if v == "" {
		return -1, "Choose one."
	}
	seat, err := strconv.Atoi(v)
	if err != nil || seat < 0 || seat >= seats {
		return -1, "Choose one of the players."
	}
	return seat, ""
}

// ruleMessage is what a referee's error says, for the table.
func ruleMessage(err error) string {
	var broken *ruling.Error
	if errors.As(err, &broken) {
		return strings.TrimPrefix(broken.Msg, "fan: ")
	}
	return err.Error()
}

func meldsText(melds [][]cards.Card) string {
	if len(melds) == 0 {
		return "no meld"
	}
	parts := make([]string, len(melds))
	for i, m := range melds {
		parts[i] = strings.Join(cards.Strings(m), " ")
	}
	return strings.Join(parts, " · ")
}

func deadwoodCards(cs []cards.Card) string {
	if len(cs) == 0 {
		return ""
	}
	return " (" + strings.Join(cards.Strings(cs), " ") + ")"
}

func layoffText(res fan.Result) string {
	if len(res.Layoffs) == 0 {
		return ""
	}
	parts := make([]string, len(res.Layoffs))
	for i, l := range res.Layoffs {
		parts[i] = l.Card.String() + " onto meld " + strconv.Itoa(l.Meld+1)
	}
	return ", lays off " + strings.Join(parts, ", ") + " (N5)"
}
