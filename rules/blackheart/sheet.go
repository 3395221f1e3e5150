package blackheart

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

// The sheet enters a Black Heart Rum deal as it ends: who went out and
// whether with a Black Heart, and for each player the sets laid down, the
// single cards laid off onto any set, and the cards left in hand. Each set
// is judged as it is typed (B1-B3); each player who played must have
// opened by the chart for their score at the start of the deal (B5); each
// scores played minus held, plus the going-out and Black Heart bonuses
// (B6, B7).

// The sheet's own inputs besides each seat's group of sets (meldGroup).
const (
	wentOutField    = "went_out"
	blackHeartField = "black_heart"
)

// meldGroup is the group of a seat's set fields: "meld_0_0", "meld_0_1".
func meldGroup(seat int) string { return "meld_" + itoa(seat) }

func layoffField(seat int) string { return "layoffs_" + itoa(seat) }

func handField(seat int) string { return "hand_" + itoa(seat) }

// sheetNote says what goes where, before the inputs.
var sheetNote = msg.New("blackheart.sheet.note")

// Blank is the form of a new deal: nothing entered.
func (Module) Blank(game.Table) url.Values { return url.Values{} }

// Values is the form that shows a stored deal again.
func (Module) Values(t game.Table, record json.RawMessage) (url.Values, error) {
	rec, err := DecodeRecord(record, t.Seats())
	if err != nil {
		return nil, err
	}
	form := url.Values{}
	if rec.WentOut >= 0 {
		form.Set(wentOutField, itoa(rec.WentOut))
	}
	if rec.BlackHeart {
		form.Set(blackHeartField, "on")
	}
	for seat, p := range rec.Players {
		for i, set := range p.Melds {
			form.Set(game.GroupField(meldGroup(seat), i), game.JoinCards(set))
		}
		form.Set(layoffField(seat), game.JoinCards(p.Layoffs))
		form.Set(handField(seat), game.JoinCards(p.Hand))
	}
	return form, nil
}

// Judge reads a deal as it lies on the table at the end and scores it:
// each set as typed (B1-B3), each player's opening by the score at the
// start of the deal (B5), and the points (B6, B7).
func (Module) Judge(ctx context.Context, t game.Table, form url.Values) (game.Sheet, *game.Hand, error) {
	names := t.Names
	scores := scoresBefore(t)
	rd := &sheetReading{r: game.NewReader(ctx, cards.BlackHeart()), form: form, names: names}
	wentOut, wentOutChosen := game.ReadSeat(form, wentOutField, len(names))
	if !wentOutChosen {
		// B8: a deal ends when a player goes out, so one always has.
		rd.report(msg.New("blackheart.sheet.who_went_out"))
	}
	// No Black Heart without a player who went out (B6): reported above.
	deal := Deal{WentOut: wentOut, BlackHeart: form.Get(blackHeartField) != "" && wentOut >= 0, Players: make([]Player, len(names))}
	say := rd.r
	sh := game.Sheet{Notes: []string{say.Say(sheetNote)}, Parts: []game.Part{
		game.SeatChoice(wentOutField, say.Say(citeRules(msg.New("seat.who_went_out"), "B8")), names, form.Get(wentOutField), ""),
		{Kind: game.Check, Name: blackHeartField, Value: "on", On: form.Get(blackHeartField) != "", Label: say.Say(msg.New("blackheart.sheet.black_heart")),
			Help: say.Say(msg.New("blackheart.sheet.black_heart_help", msg.N("Bonus", BlackHeartBonusPerPlayer)))},
	}}
	// setsOK[seat] is false when a set of the seat's is wrong, which is
	// reported already: its opening cannot be judged.
	setsOK := make([]bool, len(names))
	for seat := range names {
		var part game.Part
		part, setsOK[seat] = rd.player(seat, scores[seat], wentOut, &deal.Players[seat])
		sh.Parts = append(sh.Parts, part)
	}

	j := &sh.Judgement
	j.Names = names
	for seat, name := range names {
		if !setsOK[seat] {
			continue
		}
		line, failed := openingLine(name, scores[seat], deal.Players[seat], seat == wentOut && deal.BlackHeart)
		j.Lines = append(j.Lines, say.Say(line))
		if failed {
			rd.report(line)
		}
	}
	if !rd.problem.IsZero() {
		j.Problem = say.Say(rd.problem)
		return sh, nil, nil
	}
	res, err := ScoreContext(ctx, deal)
	if ctx.Err() != nil {
		return sh, nil, ctx.Err()
	}
	if err != nil {
		j.Problem = msg.From(ctx).Say(ruling.Message(err))
		return sh, nil, nil
	}
	for seat, name := range names {
		j.Lines = append(j.Lines, say.Say(workingLine(name, deal.Players[seat], res, seat, seat == wentOut, deal.BlackHeart, len(names))))
	}
	j.Points, j.Ready = res.Points, true
	return sh, &game.Hand{Record: recordOf(deal), Points: res.Points, Seat: wentOut, EndsHand: true}, nil
}

// scoresBefore is each seat's total at the start of the deal being
// entered: t is the game before it (before the deal corrected, for a
// correction).
func scoresBefore(t game.Table) []int {
	scores := make([]int, t.Seats())
	copy(scores, t.Tally.Totals)
	return scores
}

// sheetReading reads the sheet's fields and keeps the first thing that
// keeps the deal from being saved.
type sheetReading struct {
	r       *game.Reader
	form    url.Values
	names   []string
	problem msg.Msg
}

func (rd *sheetReading) report(problem msg.Msg) {
	if rd.problem.IsZero() {
		rd.problem = problem
	}
}

// fix asks for a field's cards to be mended.
func (rd *sheetReading) fix(f *game.CardField) {
	rd.report(msg.New("blackheart.sheet.fix", msg.S("Field", f.Label)))
}

// player reads one seat's sets, lay-offs and cards left in hand into p,
// and lays them out as the seat's section, headed by its opening
// requirement. It reports false when a set or a lay-off is wrong.
func (rd *sheetReading) player(seat, score, wentOut int, p *Player) (game.Part, bool) {
	name := rd.names[seat]
	say := rd.r
	sec := game.Part{Kind: game.Section, Label: name, Help: say.Say(requirementLine(score))}
	ok := rd.sets(seat, &sec, p)

	layoffs, f := rd.r.Field(rd.form, layoffField(seat), say.Say(msg.New("blackheart.sheet.layoffs", msg.S("Player", name))),
		say.Say(msg.New("blackheart.sheet.layoffs_example")))
	if f.Error != "" {
		rd.fix(f)
		ok = false
	}
	p.Layoffs = layoffs
	sec.Parts = append(sec.Parts, game.CardsPart(f))

	held, f := rd.r.Field(rd.form, handField(seat), say.Say(msg.New("blackheart.sheet.hand", msg.S("Player", name))),
		say.Say(msg.New("blackheart.sheet.hand_example")))
	for _, play := range held {
		if play.Declared() && f.Error == "" {
			f.Error = say.Say(msg.New("blackheart.sheet.hand_declared"))
		}
	}
	switch {
	case f.Error != "":
		rd.fix(f)
	case seat == wentOut && len(held) > 0:
		f.Error = say.Say(msg.New("blackheart.sheet.out_holds", msg.S("Player", name)))
		rd.report(msg.New("blackheart.sheet.out_holds_clear", msg.S("Player", name), msg.S("Field", f.Label)))
	case seat != wentOut && wentOut >= 0 && len(held) == 0:
		rd.report(msg.New("blackheart.sheet.enter_hand", msg.S("Player", name), msg.S("Out", rd.names[wentOut])))
	}
	p.Hand = game.CardsOf(held)
	sec.Parts = append(sec.Parts, game.CardsPart(f))
	return sec, ok
}

// sets reads a seat's group of set fields into its section and, for the
// valid sets, into p; it reports false when a set is wrong.
func (rd *sheetReading) sets(seat int, sec *game.Part, p *Player) bool {
	name, group, say := rd.names[seat], meldGroup(seat), rd.r
	setPlaceholder := say.Say(msg.New("blackheart.sheet.set_example"))
	shown, focus := game.GroupFields(rd.form, group)
	posted := game.PostedCount(rd.form, group)
	sec.Parts = append(sec.Parts, game.Part{Kind: game.Hidden, Name: game.CountName(group), Value: itoa(shown)})
	ok := true
	for i := range shown {
		field, label := game.GroupField(group, i), say.Say(msg.New("blackheart.sheet.set", msg.S("Player", name), msg.N("Set", i+1)))
		if i >= posted && strings.TrimSpace(rd.form.Get(field)) == "" {
			// A field new on this page: nothing to read, and no feedback
			// in the page yet for a preview to replace.
			sec.Parts = append(sec.Parts, game.CardsPart(&game.CardField{Name: field, Label: label,
				Value: rd.form.Get(field), Placeholder: setPlaceholder, Autofocus: i == focus, Fresh: true}))
			continue
		}
		plays, f := rd.r.Field(rd.form, field, label, setPlaceholder)
		f.Autofocus = i == focus
		switch {
		case f.Error != "":
			rd.fix(f)
			ok = false
		case len(plays) > 0:
			if v := judgeSet(rd.r, plays, f); v.Valid {
				p.Melds = append(p.Melds, plays)
			} else {
				rd.report(msg.New("blackheart.sheet.not_a_set", msg.S("Field", label), msg.Join("Cards", " ", msg.Values(plays)), msg.M("Why", v.Reason)))
				ok = false
			}
		}
		sec.Parts = append(sec.Parts, game.CardsPart(f))
	}
	if shown < game.MaxGroupFields {
		sec.Parts = append(sec.Parts, game.Part{Kind: game.More, Value: "more:" + group, Label: say.Say(msg.New("blackheart.sheet.add_set")),
			Help: say.Say(msg.New("blackheart.sheet.add_set_for", msg.S("Player", name)))})
	}
	return ok
}

// judgeSet judges one set field (B1-B3) and writes the verdict into it:
// kind and points, and on each card's chip what it does in the set: an
// escort and whose, what a wild stands for, a third of the Royale.
func judgeSet(say msg.Sayer, plays []cards.Play, f *game.CardField) Verdict {
	v := Check(plays)
	if !v.Valid {
		f.Verdict = &game.Verdict{Text: say.Say(msg.New("blackheart.not_a_set", msg.M("Why", v.Reason))), Rules: v.Rules}
		return v
	}
	f.Verdict = &game.Verdict{OK: true, Text: say.Say(msg.New("blackheart.set_scores", msg.M("Kind", msg.New("blackheart.kind."+v.Kind.String())),
		msg.N("Points", v.Points), msg.M("Why", v.Reason))), Rules: v.Rules}
	for i, role := range v.Roles {
		if i < len(f.Chips) {
			f.Chips[i].Note = roleNote(say, plays, v.Roles, i)
			if role.Wild() {
				f.Chips[i].Label = game.FaceLabel(say, plays[i].Card)
			}
		}
	}
	return v
}

// roleNote says what card i does in its set, for its chip: "" for a plain
// member, "as 7♥" for a wild, "escort of Q♠", "Royale".
func roleNote(say msg.Sayer, plays []cards.Play, roles []Role, i int) string {
	role, p := roles[i], plays[i]
	var parts []string
	switch {
	case role.Part == RoyaleCard:
		return say.Say(msg.New("blackheart.kind.royale"))
	case role.Wild() && role.Part == Escort && !p.Declared():
		// Any heart escorts; the referee's pick of which is arbitrary.
		parts = append(parts, say.Say(msg.New("chip.as_heart")))
	case role.Wild():
		parts = append(parts, say.Say(msg.New("chip.as", msg.S("Card", game.FaceLabel(say, role.As)))))
	}
	if role.Part == Escort && role.Court >= 0 && role.Court < len(plays) {
		court := plays[role.Court].Card
		if roles[role.Court].Wild() {
			court = roles[role.Court].As
		}
		parts = append(parts, say.Say(msg.New("chip.escort_of", msg.S("Card", game.FaceLabel(say, court)))))
	}
	if role.Wild() && p.Declared() {
		parts = append(parts, say.Say(msg.New("chip.declared_alone")))
	}
	return strings.Join(parts, ", ")
}

// requirementLine shows a player's opening requirement by the chart (B5).
func requirementLine(score int) msg.Msg {
	req := RequirementFor(score)
	if req.Sets == 0 {
		return msg.New("blackheart.sheet.no_requirement", msg.N("Score", score))
	}
	return msg.New("blackheart.sheet.requirement", msg.N("Score", score), msg.M("Need", req.said()))
}

// openingLine judges whether a player who played anything had opened, by
// the chart for their score at the start of the deal (B5); a Black Heart
// opens at any score (B6). failed means the deal cannot be saved.
func openingLine(name string, score int, p Player, blackHeart bool) (line msg.Msg, failed bool) {
	who := []msg.Arg{msg.S("Player", name), msg.N("Score", score)}
	switch {
	case blackHeart:
		return msg.New("blackheart.sheet.black_heart_opens", who...), false
	case len(p.Melds) == 0 && len(p.Layoffs) == 0:
		return msg.New("blackheart.sheet.played_nothing", who...), false
	}
	v := CheckOpening(score, p.Melds)
	if v.Valid {
		return msg.New("blackheart.sheet.opens", append(who, msg.M("Why", v.Reason))...), false
	}
	need := msg.New("blackheart.sheet.needs", append(who, msg.M("Need", RequirementFor(score).said()), msg.S("Rule", v.Rule))...)
	if v.Required == "none" {
		need = msg.New("blackheart.sheet.needs_a_set", append(who, msg.S("Rule", v.Rule))...)
	}
	if len(p.Melds) == 0 {
		return msg.New("blackheart.sheet.layoffs_do_not_open", msg.M("Need", need)), true
	}
	if len(p.Melds) == 1 {
		return msg.New("blackheart.sheet.one_set_holds", msg.M("Need", need), msg.N("Count", len(p.Melds[0]))), true
	}
	sizes := make([]int, len(p.Melds))
	for i, set := range p.Melds {
		sizes[i] = len(set)
	}
	return msg.New("blackheart.sheet.sets_hold", msg.M("Need", need), msg.List("Sizes", msg.Values(sizes))), true
}

// workingLine is one player's working: "Ann: played set 15 + lay-off 8♠
// 5 = 20; nothing left in hand (went out); going out 25; 20 - 0 + 25 =
// +45 (B7)."
func workingLine(name string, p Player, res Result, seat int, wentOut, blackHeart bool, players int) msg.Msg {
	var terms []msg.Msg
	for _, v := range res.MeldVerdicts[seat] {
		id := "blackheart.sheet.term_set"
		if v.Kind == Royale {
			id = "blackheart.sheet.term_royale"
		}
		terms = append(terms, msg.New(id, msg.N("Points", v.Points)))
	}
	for _, c := range p.Layoffs {
		terms = append(terms, msg.New("blackheart.sheet.term_layoff", msg.V("Card", cards.Face(c.Card)), msg.N("Points", CardPoints(c.Card))))
	}
	played := msg.New("blackheart.sheet.played_none")
	if len(terms) > 0 {
		played = msg.New("blackheart.sheet.played", msg.M("Sum", game.Sum(terms, res.Melded[seat])))
	}
	held := game.Held(p.Hand, CardPoints, res.Held[seat], wentOut)
	working := []msg.Msg{msg.Value(res.Melded[seat]), msg.Value(res.Held[seat])}
	args := []msg.Arg{msg.S("Player", name), msg.M("Played", played), msg.M("Held", held), msg.M("Points", signed(res.Points[seat]))}
	if res.Bonus[seat] == 0 {
		return msg.New("blackheart.sheet.working", append(args, msg.Join("Working", " - ", working))...)
	}
	args = append(args, msg.Join("Working", " + ", []msg.Msg{msg.New(msg.ValueID, msg.Join("Value", " - ", working)), msg.Value(res.Bonus[seat])}),
		msg.N("Bonus", GoingOutBonus))
	if wentOut && blackHeart {
		return msg.New("blackheart.sheet.working_black_heart", append(args,
			msg.N("Heart", BlackHeartBonusPerPlayer), msg.N("Players", players), msg.N("Total", res.Bonus[seat]))...)
	}
	return msg.New("blackheart.sheet.working_out", args...)
}

// signed says points with their sign, as the scorepad does: "+45", "0",
// "-15".
func signed(n int) msg.Msg {
	if n > 0 {
		return msg.New(msg.ValueID, msg.Join("Value", "", []msg.Msg{msg.Text("+"), msg.Value(n)}))
	}
	return msg.Value(n)
}
