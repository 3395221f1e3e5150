package flathead

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

// The sheet enters a Flathead Rummy hand as it went at the table: who
// went out, the melds each player laid down with the cards laid off onto
// each during play, and what each player still holds at the end. Every
// meld and lay-off is judged as it is typed (F1-F5), the valid bonus
// melds give their players marks (F4), and the score comes from Score
// after the losers' own lay-offs (F6-F8).

// The sheet's inputs: who went out, each seat's group of meld fields
// (meldGroup) with a lay-off field under each, and each seat's hand.
const (
	winnerField       = "winner"
	meldPlaceholder   = "e.g. 3 Lamps, 4 Lamps, 5 Lamps"
	layoffPlaceholder = "by anyone, e.g. 6 Lamps"
	handPlaceholder   = "e.g. 3 Bugs, 9 Faces, Grue"
)

// meldGroup is the group of a seat's meld fields: "meld_0_0", "meld_0_1".
func meldGroup(seat int) string { return "meld_" + itoa(seat) }

// layoffField is the field under meld n of a seat: what anyone laid off
// onto it during play.
func layoffField(seat, n int) string { return "layoff_" + itoa(seat) + "_" + itoa(n) }

func handField(seat int) string { return "hand_" + itoa(seat) }

func meldLabel(name string, n int) string { return name + "'s meld " + itoa(n+1) }

func layoffLabel(name string, n int) string {
	return "Laid off onto " + name + "'s meld " + itoa(n+1)
}

// Blank is the form of a new hand: nothing entered.
func (Module) Blank(game.Table) url.Values { return url.Values{} }

// Values is the form that shows a stored hand again.
func (Module) Values(t game.Table, record json.RawMessage) (url.Values, error) {
	rec, err := DecodeRecord(record, t.Seats())
	if err != nil {
		return nil, err
	}
	form := url.Values{winnerField: {itoa(rec.Winner)}}
	for seat, p := range rec.Players {
		for n, m := range p.Melds {
			form.Set(game.GroupField(meldGroup(seat), n), game.JoinCards(m.Cards))
			form.Set(layoffField(seat, n), game.JoinCards(m.LaidOff))
		}
		form.Set(handField(seat), game.JoinCards(p.Hand))
	}
	return form, nil
}

// sheetMeld is one meld field and the lay-off field under it, as read.
type sheetMeld struct {
	cards, laidOff []cards.Card
	n              int  // its field's index among the seat's melds
	bonus          bool // a valid bonus meld: a mark for its player (F4)
	valid          bool // the meld, and its lay-offs if any, may be on the table
}

// sheetReading reads the sheet's fields in the order of the page, so a
// card typed twice is refused where it appears the second time, and
// keeps the first thing that keeps the hand from being scored.
type sheetReading struct {
	r          *game.Reader
	form       url.Values
	names      []string
	melds      [][]sheetMeld // by seat, the fields holding cards
	hands      [][]cards.Card
	handFields []*game.CardField
	marks      []int
	winner     int // the seat that went out, -1 until chosen
	problem    string
}

func (rd *sheetReading) report(problem string) {
	if rd.problem == "" {
		rd.problem = problem
	}
}

// Judge reads a hand as it went at the table and scores it: each meld
// and lay-off as typed (F1-F5), the bonus marks (F4), the losers' lay-offs
// before the count and the score (F6-F8).
func (Module) Judge(ctx context.Context, t game.Table, form url.Values) (game.Sheet, *game.Hand, error) {
	names := t.Names
	rd := &sheetReading{r: game.NewReader(ctx, cards.Fanucci()), form: form, names: names,
		melds: make([][]sheetMeld, len(names)), hands: make([][]cards.Card, len(names)),
		handFields: make([]*game.CardField, len(names)), marks: make([]int, len(names))}
	winner, winnerErr := game.ReadSeat(form, winnerField, len(names))
	rd.winner = winner
	if winnerErr != "" {
		rd.winner = -1
		rd.report("Who went out (F6)?")
	}
	sh := game.Sheet{Parts: []game.Part{game.SeatChoice(winnerField, "Who went out? (F6)", names, form.Get(winnerField), "")}}
	for seat := range names {
		sh.Parts = append(sh.Parts, rd.player(seat))
	}
	// The marks are known once every meld is read; the badges show them.
	for seat := range names {
		sh.Parts[1+seat].Badge = marksBadge(seat, rd.marks[seat])
	}
	j := &sh.Judgement
	j.Names = names
	if rd.problem != "" {
		j.Problem = rd.problem
		return sh, nil, nil
	}
	// The table the losers lay off onto before the count (F7): every
	// valid meld with what was laid off onto it during play.
	var onTable [][]cards.Card
	var owners []string // "Ann's meld 2", by table index
	for seat, melds := range rd.melds {
		for _, m := range melds {
			if m.valid {
				onTable = append(onTable, append(append([]cards.Card{}, m.cards...), m.laidOff...))
				owners = append(owners, meldLabel(names[seat], m.n))
			}
		}
	}
	res, err := ScoreContext(ctx, Hand{Winner: winner, Hands: rd.hands, BonusMarks: rd.marks, Table: onTable})
	if ctx.Err() != nil {
		return sh, nil, ctx.Err()
	}
	if err != nil {
		name := names[winner]
		if rule, _ := ruling.RuleOf(err); rule == "F6" && len(rd.hands[winner]) > 0 {
			rd.handFields[winner].Error = name + " went out, so holds no cards (F6)."
			j.Problem = name + " went out by playing or discarding the last card, so " + name + "'s hand must be empty (F6)."
		} else {
			j.Problem = msg.From(ctx).Say(ruling.Message(err))
		}
		return sh, nil, nil
	}
	j.Lines = working(res, names, winner, rd.marks, owners)
	j.Points, j.Ready = res.Points, true
	j.Confirm = blankHandsQuestion(names, winner, rd.handFields)
	return sh, &game.Hand{Record: rd.record(winner), Points: res.Points, Seat: winner, EndsHand: true}, nil
}

// marksBadge shows a player's bonus marks by the name, one dot each (F4).
func marksBadge(seat, marks int) *game.Badge {
	b := &game.Badge{ID: "marks-" + itoa(seat), Text: strings.Repeat("●", marks)}
	if marks > 0 {
		b.Title = itoa(marks) + " bonus " + nouns(marks, "mark") + " (F4)"
	}
	return b
}

// player reads one seat's melds, the lay-offs onto them and the cards
// left in hand, and lays them out as the seat's section: at least one
// empty meld field to type the next meld in, and one more when its "Add a
// meld" was pressed.
func (rd *sheetReading) player(seat int) game.Part {
	name, group := rd.names[seat], meldGroup(seat)
	sec := game.Part{Kind: game.Section, Label: name, ID: "player-" + itoa(seat)}
	laid := 0 // the cards of the seat's melds laid down
	shown, focus := game.GroupFields(rd.form, group)
	posted := game.PostedCount(rd.form, group)
	sec.Parts = append(sec.Parts, game.Part{Kind: game.Hidden, Name: game.CountName(group), Value: itoa(shown)})
	for n := range shown {
		field, layoff := game.GroupField(group, n), layoffField(seat, n)
		if n >= posted && strings.TrimSpace(rd.form.Get(field)) == "" && strings.TrimSpace(rd.form.Get(layoff)) == "" {
			// Fields new on this page: nothing to read, and no feedback in
			// the page yet for a preview to replace.
			sec.Parts = append(sec.Parts,
				game.CardsPart(&game.CardField{Name: field, Label: meldLabel(name, n), Placeholder: meldPlaceholder, Autofocus: n == focus, Fresh: true}),
				game.Part{Kind: game.Cards, Name: layoff, Indent: true, Field: &game.CardField{Name: layoff, Label: layoffLabel(name, n), Placeholder: layoffPlaceholder, Fresh: true}})
			continue
		}
		m, meldF, layoffF := rd.meld(seat, n)
		meldF.Autofocus = n == focus
		if m.bonus {
			rd.marks[seat]++
		}
		if len(m.cards) > 0 {
			rd.melds[seat] = append(rd.melds[seat], m)
			laid += len(m.cards)
			rd.checkLaid(seat, m.bonus, laid, meldF)
		}
		sec.Parts = append(sec.Parts, game.CardsPart(meldF), game.Part{Kind: game.Cards, Name: layoff, Indent: true, Field: layoffF})
	}
	if shown < game.MaxGroupFields {
		sec.Parts = append(sec.Parts, game.Part{Kind: game.More, Value: "more:" + group, Label: "Add a meld for " + name})
	}
	plays, f := rd.r.Field(rd.form, handField(seat), "Cards left in "+name+"'s hand", handPlaceholder)
	f.Max = HandSize // F6: no loser holds more
	rd.hands[seat], rd.handFields[seat] = game.CardsOf(plays), f
	switch n := len(rd.hands[seat]); {
	case f.Error != "":
		rd.report("Fix the cards left in " + name + "'s hand.")
	case n > HandSize:
		// F6: a player holds at most 10 cards between turns, so no hand
		// ends with more; such a hand is never searched.
		f.Error = itoa(n) + " cards: a player holds at most " + itoa(HandSize) + " at the end of a hand (F6)."
		rd.report(name + " holds " + itoa(n) + " cards, but a player holds at most " + itoa(HandSize) + " at the end of a hand (F6).")
	case seat != rd.winner && rd.winner >= 0 && laid+n > HandSize:
		// F6, F8: a loser's cards laid down and kept are the 10 dealt,
		// less those laid off and discarded: a turn takes one card and
		// discards one.
		f.Error = name + ": " + itoa(laid) + " " + nouns(laid, "card") + " laid down and " + itoa(n) + " kept, but a player who did not go out lays down and keeps at most " +
			itoa(HandSize) + " in all (F6, F8)."
		rd.report(f.Error)
	}
	sec.Parts = append(sec.Parts, game.CardsPart(f))
	return sec
}

// checkLaid checks a seat's melds laid down so far, the last of them in
// f, against F8: a seat earns at most MaxMarks bonus marks, and the
// player who went out lays at most HandSize + 1 cards (a turn takes one
// card and discards one; the last turn may discard none). A loser's
// cards laid down are checked with the cards kept, once the hand is
// read.
func (rd *sheetReading) checkLaid(seat int, bonus bool, laid int, f *game.CardField) {
	if f.Error != "" {
		return
	}
	name := rd.names[seat]
	switch {
	case bonus && rd.marks[seat] == MaxMarks+1:
		f.Error = name + ": a " + ordinal(rd.marks[seat]) + " bonus meld, but a player holds at most " + itoa(MaxMarks) + " bonus marks a hand (F8)."
	case seat == rd.winner && laid > HandSize+1 && laid-len(rd.melds[seat][len(rd.melds[seat])-1].cards) <= HandSize+1:
		f.Error = name + ": " + itoa(laid) + " cards laid down, but the player who went out lays at most " + itoa(HandSize+1) + " (F6, F8)."
	default:
		return
	}
	rd.report(f.Error)
}

// ordinal names a count of bonus melds beyond the most: "fourth".
func ordinal(n int) string {
	if n == 4 {
		return "fourth"
	}
	return itoa(n) + "th"
}

// meld reads meld field n of a seat and the lay-off field under it, and
// gives each the rules' verdict (F1-F5).
func (rd *sheetReading) meld(seat, n int) (sheetMeld, *game.CardField, *game.CardField) {
	name := rd.names[seat]
	m := sheetMeld{n: n}
	plays, field := rd.r.Field(rd.form, game.GroupField(meldGroup(seat), n), meldLabel(name, n), meldPlaceholder)
	added, layoff := rd.r.Field(rd.form, layoffField(seat, n), layoffLabel(name, n), layoffPlaceholder)
	m.cards, m.laidOff = game.CardsOf(plays), game.CardsOf(added)
	meldOK := false
	var meldFault, layoffFault string
	if len(m.cards) > 0 {
		v := Check(m.cards)
		field.Verdict = verdictOf(rd.r, v)
		meldOK, m.bonus = v.Valid, v.Bonus
		if !v.Valid {
			meldFault = rd.r.Say(v.Reason)
		}
	}
	switch {
	case len(m.laidOff) == 0:
		m.valid = meldOK
	case len(m.cards) == 0 && field.Error == "":
		layoff.Error = "Enter the meld first: these cards were laid off onto it (F5)."
	case meldOK:
		v := CheckLayoff(m.cards, m.laidOff)
		layoff.Verdict = verdictOf(rd.r, v)
		m.valid = v.Valid
		if !v.Valid {
			layoffFault = rd.r.Say(v.Reason)
		}
	}
	switch {
	case field.Error != "":
		rd.report("Fix " + field.Label + ".")
	case meldFault != "":
		// The verdict's reason may say "not a meld" itself.
		rd.report(field.Label + " is not a meld: " + strings.TrimPrefix(meldFault, "not a meld: ") + ".")
	case layoff.Error != "":
		rd.report("Fix the cards laid off onto " + field.Label + ".")
	case layoffFault != "":
		rd.report(layoff.Label + ": " + layoffFault + ".")
	}
	return m, field, layoff
}

// verdictOf shows a verdict as the table reads it: its reason, which
// names the kind of meld or what is wrong, and the rules it cites.
func verdictOf(say msg.Sayer, v Verdict) *game.Verdict {
	out := &game.Verdict{OK: v.Valid, Text: say.Say(msg.Capital(v.Reason)), Rules: v.Rules}
	if v.Bonus {
		out.Tag = "bonus"
	}
	return out
}

// working writes the judgement: the bonus marks, the losers' lay-offs
// before the count in an order in which they can be made (a line per
// lay-off: one loser's cards onto one meld, F7), the count, the
// multiplier and the working. owners names the melds on the table by
// their index ("Ann's meld 2").
func working(res Result, names []string, winner int, marks []int, owners []string) []string {
	markParts := make([]string, len(names))
	for seat, name := range names {
		markParts[seat] = name + " " + itoa(marks[seat])
	}
	lines := []string{
		names[winner] + " went out (F6).",
		"Bonus marks for bonus melds laid down: " + strings.Join(markParts, ", ") + " (F4).",
	}
	lines = append(lines, layoffLines(res.Layoffs, names, owners)...)

	var left []string
	for seat, kept := range res.Kept {
		if seat == winner {
			continue
		}
		part := names[seat] + " " + itoa(len(kept))
		if len(kept) > 0 {
			part += " (" + strings.Join(cards.Strings(kept), ", ") + ")"
		}
		left = append(left, part)
	}
	count := "Left in the losers' hands: " + strings.Join(left, ", ") + "; " + itoa(res.CardsLeft) + " " + nouns(res.CardsLeft, "card")
	if res.TwoPlayerBonus > 0 {
		count += ", plus " + itoa(res.TwoPlayerBonus) + " in a two-player game"
	}
	lines = append(lines, count+" (F8).")
	multiplier := "Multiplier: 1 + " + itoa(res.WinnerMarks) + " (" + names[winner] + "'s bonus marks) - " +
		itoa(res.LoserMarks) + " (the others' marks)"
	if 1+res.WinnerMarks-res.LoserMarks < 1 {
		multiplier += ", never below 1: 1"
	} else {
		multiplier += " = " + itoa(res.Multiplier)
	}
	return append(lines, multiplier+" (F4, F8).", res.Working(),
		names[winner]+" scores "+itoa(res.Points[winner])+"; only the player who went out scores (F6).")
}

// layoffLines are the losers' lay-offs, one line per lay-off (a player's
// consecutive cards onto one meld), in the order the rules give: each
// can be made after the ones before it (F5, F7).
func layoffLines(layoffs []Layoff, names, owners []string) []string {
	type group struct {
		seat, meld int
		cards      []string
	}
	var groups []*group
	for _, l := range layoffs {
		if n := len(groups); n > 0 && groups[n-1].seat == l.Seat && groups[n-1].meld == l.Meld {
			groups[n-1].cards = append(groups[n-1].cards, l.Card.String())
			continue
		}
		groups = append(groups, &group{seat: l.Seat, meld: l.Meld, cards: []string{l.Card.String()}})
	}
	if len(groups) == 0 {
		return []string{"Before the count, no loser can lay anything off (F7)."}
	}
	lines := make([]string, len(groups))
	for i, g := range groups {
		lines[i] = names[g.seat] + " lays off " + game.AndList(g.cards) + " onto " + owners[g.meld] + " (F7)."
	}
	return lines
}

// record is what is stored: the melds that were filled in, in order, and
// every hand.
func (rd *sheetReading) record(winner int) json.RawMessage {
	rec := Record{Winner: winner, Players: make([]PlayerRecord, len(rd.hands))}
	for seat, hand := range rd.hands {
		p := PlayerRecord{Melds: []MeldRecord{}, Hand: game.CardStrings(hand)}
		for _, m := range rd.melds[seat] {
			p.Melds = append(p.Melds, MeldRecord{Cards: cards.Strings(m.cards), LaidOff: cards.Strings(m.laidOff)})
		}
		rec.Players[seat] = p
	}
	raw, _ := json.Marshal(rec) // strings and ints only: it cannot fail
	return raw
}

// blankHandsQuestion asks about losers whose hand was left blank: an
// empty hand is allowed (a loser may lay off every card, F7) but is more
// often a hand not typed in, and it scores nothing for those cards (F8).
func blankHandsQuestion(names []string, winner int, fields []*game.CardField) string {
	var blank []string
	for seat, f := range fields {
		if seat != winner && f != nil && strings.TrimSpace(f.Value) == "" {
			blank = append(blank, names[seat])
		}
	}
	switch len(blank) {
	case 0:
		return ""
	case 1:
		return blank[0] + "'s hand is blank: did " + blank[0] + " lay off every card (F7)? An empty hand counts no cards (F8)."
	}
	return game.AndList(blank) + "'s hands are blank: did they lay off every card (F7)? An empty hand counts no cards (F8)."
}
