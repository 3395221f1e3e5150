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
const winnerField = "winner"

// meldGroup is the group of a seat's meld fields: "meld_0_0", "meld_0_1".
func meldGroup(seat int) string { return "meld_" + itoa(seat) }

// layoffField is the field under meld n of a seat: what anyone laid off
// onto it during play.
func layoffField(seat, n int) string { return "layoff_" + itoa(seat) + "_" + itoa(n) }

func handField(seat int) string { return "hand_" + itoa(seat) }

func meldLabel(name string, n int) msg.Msg {
	return msg.New("flathead.sheet.meld", msg.S("Player", name), msg.N("Meld", n+1))
}

func layoffLabel(name string, n int) msg.Msg {
	return msg.New("flathead.sheet.layoff", msg.S("Player", name), msg.N("Meld", n+1))
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
	problem    msg.Msg
}

func (rd *sheetReading) report(problem msg.Msg) {
	if rd.problem.IsZero() {
		rd.problem = problem
	}
}

// fail says what is wrong beside a field, and keeps it as the problem
// if it is the first.
func (rd *sheetReading) fail(f *game.CardField, problem msg.Msg) {
	f.Error = rd.r.Say(problem)
	rd.report(problem)
}

// Judge reads a hand as it went at the table and scores it: each meld
// and lay-off as typed (F1-F5), the bonus marks (F4), the losers' lay-offs
// before the count and the score (F6-F8).
func (Module) Judge(ctx context.Context, t game.Table, form url.Values) (game.Sheet, *game.Hand, error) {
	names := t.Names
	rd := &sheetReading{r: game.NewReader(ctx, cards.Fanucci()), form: form, names: names,
		melds: make([][]sheetMeld, len(names)), hands: make([][]cards.Card, len(names)),
		handFields: make([]*game.CardField, len(names)), marks: make([]int, len(names))}
	winner, winnerChosen := game.ReadSeat(form, winnerField, len(names))
	rd.winner = winner
	if !winnerChosen {
		rd.winner = -1
		rd.report(msg.New("flathead.sheet.who_went_out"))
	}
	say := rd.r
	legend := say.Say(msg.New("verdict.citing", msg.M("Text", msg.New("seat.who_went_out")), msg.S("Rules", "F6")))
	sh := game.Sheet{Parts: []game.Part{game.SeatChoice(winnerField, legend, names, form.Get(winnerField), "")}}
	for seat := range names {
		sh.Parts = append(sh.Parts, rd.player(seat))
	}
	// The marks are known once every meld is read; the badges show them.
	for seat := range names {
		sh.Parts[1+seat].Badge = marksBadge(say, seat, rd.marks[seat])
	}
	j := &sh.Judgement
	j.Names = names
	if !rd.problem.IsZero() {
		j.Problem = say.Say(rd.problem)
		return sh, nil, nil
	}
	// The table the losers lay off onto before the count (F7): every
	// valid meld with what was laid off onto it during play.
	var onTable [][]cards.Card
	var owners []msg.Msg // "Ann's meld 2", by table index
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
			rd.handFields[winner].Error = say.Say(msg.New("flathead.sheet.out_holds", msg.S("Player", name)))
			j.Problem = say.Say(msg.New("flathead.sheet.out_hand_empty", msg.S("Player", name)))
		} else {
			j.Problem = msg.From(ctx).Say(ruling.Message(err))
		}
		return sh, nil, nil
	}
	for _, line := range working(res, names, winner, rd.marks, owners) {
		j.Lines = append(j.Lines, say.Say(line))
	}
	j.Points, j.Ready = res.Points, true
	if q := blankHandsQuestion(names, winner, rd.handFields); !q.IsZero() {
		j.Confirm = say.Say(q)
	}
	return sh, &game.Hand{Record: rd.record(winner), Points: res.Points, Seat: winner, EndsHand: true}, nil
}

// marksBadge shows a player's bonus marks by the name, one dot each (F4).
func marksBadge(say msg.Sayer, seat, marks int) *game.Badge {
	b := &game.Badge{ID: "marks-" + itoa(seat), Text: strings.Repeat("●", marks)}
	if marks > 0 {
		b.Title = say.Say(msg.New("flathead.sheet.marks", msg.N("Count", marks)))
	}
	return b
}

// player reads one seat's melds, the lay-offs onto them and the cards
// left in hand, and lays them out as the seat's section: at least one
// empty meld field to type the next meld in, and one more when its "Add a
// meld" was pressed.
func (rd *sheetReading) player(seat int) game.Part {
	name, group, say := rd.names[seat], meldGroup(seat), rd.r
	meldPlaceholder, layoffPlaceholder := say.Say(msg.New("flathead.sheet.meld_example")), say.Say(msg.New("flathead.sheet.layoff_example"))
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
				game.CardsPart(&game.CardField{Name: field, Label: say.Say(meldLabel(name, n)), Placeholder: meldPlaceholder, Autofocus: n == focus, Fresh: true}),
				game.Part{Kind: game.Cards, Name: layoff, Indent: true, Field: &game.CardField{Name: layoff, Label: say.Say(layoffLabel(name, n)), Placeholder: layoffPlaceholder, Fresh: true}})
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
		sec.Parts = append(sec.Parts, game.Part{Kind: game.More, Value: "more:" + group, Label: say.Say(msg.New("flathead.sheet.add_meld_for", msg.S("Player", name)))})
	}
	plays, f := rd.r.Field(rd.form, handField(seat), say.Say(msg.New("flathead.sheet.hand", msg.S("Player", name))), say.Say(msg.New("flathead.sheet.hand_example")))
	f.Max = HandSize // F6: no loser holds more
	rd.hands[seat], rd.handFields[seat] = game.CardsOf(plays), f
	switch n := len(rd.hands[seat]); {
	case f.Error != "":
		rd.report(msg.New("flathead.sheet.fix_hand", msg.S("Player", name)))
	case n > HandSize:
		// F6: a player holds at most 10 cards between turns, so no hand
		// ends with more; such a hand is never searched.
		f.Error = say.Say(msg.New("flathead.sheet.hand_over", msg.N("Count", n), msg.N("Max", HandSize)))
		rd.report(msg.New("flathead.sheet.holds_over", msg.S("Player", name), msg.N("Count", n), msg.N("Max", HandSize)))
	case seat != rd.winner && rd.winner >= 0 && laid+n > HandSize:
		// F6, F8: a loser's cards laid down and kept are the 10 dealt,
		// less those laid off and discarded: a turn takes one card and
		// discards one.
		rd.fail(f, msg.New("flathead.sheet.loser_over", msg.S("Player", name), msg.N("Count", laid), msg.N("Kept", n), msg.N("Max", HandSize)))
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
		rd.fail(f, msg.New("flathead.sheet.bonus_over", msg.S("Player", name), msg.N("Max", MaxMarks)))
	case seat == rd.winner && laid > HandSize+1 && laid-len(rd.melds[seat][len(rd.melds[seat])-1].cards) <= HandSize+1:
		rd.fail(f, msg.New("flathead.sheet.winner_over", msg.S("Player", name), msg.N("Count", laid), msg.N("Max", HandSize+1)))
	}
}

// meld reads meld field n of a seat and the lay-off field under it, and
// gives each the rules' verdict (F1-F5).
func (rd *sheetReading) meld(seat, n int) (sheetMeld, *game.CardField, *game.CardField) {
	name, say := rd.names[seat], rd.r
	m := sheetMeld{n: n}
	plays, field := rd.r.Field(rd.form, game.GroupField(meldGroup(seat), n), say.Say(meldLabel(name, n)), say.Say(msg.New("flathead.sheet.meld_example")))
	added, layoff := rd.r.Field(rd.form, layoffField(seat, n), say.Say(layoffLabel(name, n)), say.Say(msg.New("flathead.sheet.layoff_example")))
	m.cards, m.laidOff = game.CardsOf(plays), game.CardsOf(added)
	meldOK := false
	var meldFault, layoffFault msg.Msg
	if len(m.cards) > 0 {
		v := Check(m.cards)
		field.Verdict = verdictOf(rd.r, v)
		meldOK, m.bonus = v.Valid, v.Bonus
		if !v.Valid {
			meldFault = v.Reason
		}
	}
	switch {
	case len(m.laidOff) == 0:
		m.valid = meldOK
	case len(m.cards) == 0 && field.Error == "":
		layoff.Error = say.Say(msg.New("flathead.sheet.meld_first"))
	case meldOK:
		v := CheckLayoff(m.cards, m.laidOff)
		layoff.Verdict = verdictOf(rd.r, v)
		m.valid = v.Valid
		if !v.Valid {
			layoffFault = v.Reason
		}
	}
	switch {
	case field.Error != "":
		rd.report(msg.New("flathead.sheet.fix", msg.S("Field", field.Label)))
	case !meldFault.IsZero():
		rd.report(msg.New("flathead.sheet.not_a_meld", msg.S("Field", field.Label), msg.M("Why", notAMeld(meldFault))))
	case layoff.Error != "":
		rd.report(msg.New("flathead.sheet.fix_layoff", msg.S("Field", field.Label)))
	case !layoffFault.IsZero():
		rd.report(msg.New("flathead.sheet.layoff_fault", msg.S("Field", layoff.Label), msg.M("Why", layoffFault)))
	}
	return m, field, layoff
}

// notAMeld is a meld's reason as it follows "is not a meld:": without
// its own "not a meld:" (flathead.not_what of flathead.a_meld), if it
// says that.
func notAMeld(reason msg.Msg) msg.Msg {
	text, _ := reason.Arg("Text")
	body, ok := text.(msg.Msg)
	if reason.ID != "verdict.citing" || !ok || body.ID != "flathead.not_what" {
		return reason
	}
	what, _ := body.Arg("What")
	why, _ := body.Arg("Why")
	if w, ok := what.(msg.Msg); !ok || w.ID != "flathead.a_meld" {
		return reason
	}
	out := msg.New(reason.ID)
	for _, a := range reason.Args {
		if a.Name == "Text" {
			a = msg.Arg{Name: "Text", Value: why}
		}
		out.Args = append(out.Args, a)
	}
	return out
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
func working(res Result, names []string, winner int, marks []int, owners []msg.Msg) []msg.Msg {
	markParts := make([]msg.Msg, len(names))
	for seat, name := range names {
		markParts[seat] = msg.Text(name + " " + itoa(marks[seat]))
	}
	lines := []msg.Msg{
		msg.New("flathead.sheet.went_out", msg.S("Player", names[winner])),
		msg.New("flathead.sheet.bonus_marks", msg.Join("Marks", ", ", markParts)),
	}
	lines = append(lines, layoffLines(res.Layoffs, names, owners)...)

	var left []msg.Msg
	for seat, kept := range res.Kept {
		if seat == winner {
			continue
		}
		part := names[seat] + " " + itoa(len(kept))
		if len(kept) > 0 {
			part += " (" + strings.Join(cards.Strings(kept), ", ") + ")"
		}
		left = append(left, msg.Text(part))
	}
	count := []msg.Arg{msg.Join("Left", ", ", left), msg.N("Count", res.CardsLeft)}
	if res.TwoPlayerBonus > 0 {
		lines = append(lines, msg.New("flathead.sheet.left_two_players", append(count, msg.N("Bonus", res.TwoPlayerBonus))...))
	} else {
		lines = append(lines, msg.New("flathead.sheet.left", count...))
	}
	multiplier := []msg.Arg{msg.N("Marks", res.WinnerMarks), msg.S("Player", names[winner]), msg.N("Others", res.LoserMarks)}
	if 1+res.WinnerMarks-res.LoserMarks < 1 {
		lines = append(lines, msg.New("flathead.sheet.multiplier_one", multiplier...))
	} else {
		lines = append(lines, msg.New("flathead.sheet.multiplier", append(multiplier, msg.N("Multiplier", res.Multiplier))...))
	}
	return append(lines, countWorking(res),
		msg.New("flathead.sheet.scores", msg.S("Player", names[winner]), msg.N("Points", res.Points[winner])))
}

// countWorking is how the winner's points come about, as Result.Working
// writes it in English: "2 cards x (1 + 2 - 1) = 4".
func countWorking(r Result) msg.Msg {
	base := msg.New("flathead.n_cards", msg.N("Count", r.CardsLeft))
	if r.TwoPlayerBonus > 0 {
		base = msg.New("flathead.base_bonus", msg.M("Cards", base), msg.N("Bonus", r.TwoPlayerBonus))
	}
	sum := []msg.Arg{msg.M("Base", base), msg.N("Marks", r.WinnerMarks), msg.N("Others", r.LoserMarks)}
	if 1+r.WinnerMarks-r.LoserMarks < 1 {
		return msg.New("flathead.sheet.count_below_one", append(sum, msg.N("Points", r.Base))...)
	}
	return msg.New("flathead.sheet.count", append(sum, msg.N("Points", r.Base*r.Multiplier))...)
}

// layoffLines are the losers' lay-offs, one line per lay-off (a player's
// consecutive cards onto one meld), in the order the rules give: each
// can be made after the ones before it (F5, F7).
func layoffLines(layoffs []Layoff, names []string, owners []msg.Msg) []msg.Msg {
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
		return []msg.Msg{msg.New("flathead.sheet.no_layoffs")}
	}
	lines := make([]msg.Msg, len(groups))
	for i, g := range groups {
		lines[i] = msg.New("flathead.sheet.lays_off", msg.S("Player", names[g.seat]), msg.Strings("Cards", g.cards), msg.M("Meld", owners[g.meld]))
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
func blankHandsQuestion(names []string, winner int, fields []*game.CardField) msg.Msg {
	var blank []string
	for seat, f := range fields {
		if seat != winner && f != nil && strings.TrimSpace(f.Value) == "" {
			blank = append(blank, names[seat])
		}
	}
	switch len(blank) {
	case 0:
		return msg.Msg{}
	case 1:
		return msg.New("flathead.sheet.blank_hand", msg.S("Player", blank[0]))
	}
	return msg.New("flathead.sheet.blank_hands", msg.Strings("Players", blank))
}
