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
	setPlaceholder  = "e.g. 7S 7C 7H or QS 6H KS 3H AS"
)

// meldGroup is the group of a seat's set fields: "meld_0_0", "meld_0_1".
func meldGroup(seat int) string { return "meld_" + itoa(seat) }

func layoffField(seat int) string { return "layoffs_" + itoa(seat) }

func handField(seat int) string { return "hand_" + itoa(seat) }

// sheetNote says what goes where, before the inputs.
const sheetNote = "Each player's sets as they laid them down, one field per set, escorts included (B1, B2); " +
	"the single cards they laid off onto any set, which count for them (B7); and the cards left in hand. " +
	"J♦ Q♦ K♦ are wild (B3): to say what one stands for, type it after = (`JD=7H`). " +
	"Each player's opening is checked against their score before this deal; a Royale or a Black Heart opens at any score (B5)."

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
	wentOut, wentOutErr := game.ReadSeat(form, wentOutField, len(names))
	if wentOutErr != "" {
		// B8: a deal ends when a player goes out, so one always has.
		rd.report("Who went out? A deal ends when a player goes out (B8).")
	}
	// No Black Heart without a player who went out (B6): reported above.
	deal := Deal{WentOut: wentOut, BlackHeart: form.Get(blackHeartField) != "" && wentOut >= 0, Players: make([]Player, len(names))}
	sh := game.Sheet{Notes: []string{sheetNote}, Parts: []game.Part{
		game.SeatChoice(wentOutField, "Who went out? (B8)", names, form.Get(wentOutField), ""),
		{Kind: game.Check, Name: blackHeartField, Value: "on", On: form.Get(blackHeartField) != "", Label: "Black Heart",
			Help: "(the whole hand played in one turn, without having opened before): +25 × players on top of going out (B6, B7)"},
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
		line, failed := openingLine(rd.r, name, scores[seat], deal.Players[seat], seat == wentOut && deal.BlackHeart)
		j.Lines = append(j.Lines, line)
		if failed {
			rd.report(line)
		}
	}
	if rd.problem != "" {
		j.Problem = rd.problem
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
		j.Lines = append(j.Lines, workingLine(name, deal.Players[seat], res, seat, seat == wentOut, deal.BlackHeart, len(names)))
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
	problem string
}

func (rd *sheetReading) report(problem string) {
	if rd.problem == "" {
		rd.problem = problem
	}
}

// player reads one seat's sets, lay-offs and cards left in hand into p,
// and lays them out as the seat's section, headed by its opening
// requirement. It reports false when a set or a lay-off is wrong.
func (rd *sheetReading) player(seat, score, wentOut int, p *Player) (game.Part, bool) {
	name := rd.names[seat]
	sec := game.Part{Kind: game.Section, Label: name, Help: requirementLine(score)}
	ok := rd.sets(seat, &sec, p)

	layoffs, f := rd.r.Field(rd.form, layoffField(seat), name+"'s lay-offs", "e.g. 8S 9S, or QS 6H")
	if f.Error != "" {
		rd.report("Fix " + f.Label + ".")
		ok = false
	}
	p.Layoffs = layoffs
	sec.Parts = append(sec.Parts, game.CardsPart(f))

	held, f := rd.r.Field(rd.form, handField(seat), name+"'s cards left in hand", "e.g. KS 5H (none if out)")
	for _, play := range held {
		if play.Declared() && f.Error == "" {
			f.Error = "Just the cards here: a diamond left in hand costs its own value, whatever it could stand for (B7)."
		}
	}
	switch {
	case f.Error != "":
		rd.report("Fix " + f.Label + ".")
	case seat == wentOut && len(held) > 0:
		f.Error = name + " went out, so holds no cards (B7): clear this field, or choose who went out."
		rd.report(name + " went out, so holds no cards (B7): clear " + f.Label + ", or choose who went out.")
	case seat != wentOut && wentOut >= 0 && len(held) == 0:
		rd.report("Enter " + name + "'s cards left in hand: only " + rd.names[wentOut] + " went out, and the deal ended then (B8).")
	}
	p.Hand = game.CardsOf(held)
	sec.Parts = append(sec.Parts, game.CardsPart(f))
	return sec, ok
}

// sets reads a seat's group of set fields into its section and, for the
// valid sets, into p; it reports false when a set is wrong.
func (rd *sheetReading) sets(seat int, sec *game.Part, p *Player) bool {
	name, group := rd.names[seat], meldGroup(seat)
	shown, focus := game.GroupFields(rd.form, group)
	posted := game.PostedCount(rd.form, group)
	sec.Parts = append(sec.Parts, game.Part{Kind: game.Hidden, Name: game.CountName(group), Value: itoa(shown)})
	ok := true
	for i := range shown {
		field, label := game.GroupField(group, i), name+"'s set "+itoa(i+1)
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
			rd.report("Fix " + label + ".")
			ok = false
		case len(plays) > 0:
			if v := judgeSet(rd.r, plays, f); v.Valid {
				p.Melds = append(p.Melds, plays)
			} else {
				rd.report(label + " (" + strings.Join(game.PlayStrings(plays), " ") + ") is not a set: " + rd.r.Say(v.Reason) + ".")
				ok = false
			}
		}
		sec.Parts = append(sec.Parts, game.CardsPart(f))
	}
	if shown < game.MaxGroupFields {
		sec.Parts = append(sec.Parts, game.Part{Kind: game.More, Value: "more:" + group, Label: "+ Add a set", Help: "Add a set for " + name})
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
		return "Royale"
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
func requirementLine(score int) string {
	req := RequirementFor(score)
	line := "Score " + itoa(score) + " at the start of the deal: "
	if req.Sets == 0 {
		return line + "no opening requirement (B5)."
	}
	return line + "to open, " + req.Text + ", escorts included (B5)."
}

// openingLine judges whether a player who played anything had opened, by
// the chart for their score at the start of the deal (B5); a Black Heart
// opens at any score (B6). failed means the deal cannot be saved.
func openingLine(say msg.Sayer, name string, score int, p Player, blackHeart bool) (line string, failed bool) {
	who := name + " (score " + itoa(score) + ")"
	switch {
	case blackHeart:
		return who + " went out with a Black Heart, which opens at any score (B5, B6).", false
	case len(p.Melds) == 0 && len(p.Layoffs) == 0:
		return who + " played nothing.", false
	}
	v := CheckOpening(score, p.Melds)
	if v.Valid {
		return who + ": " + say.Say(v.Reason) + ".", false
	}
	need := who + " needs " + v.Required + " to open (" + v.Rule + ")"
	if v.Required == "none" {
		need = who + " has no requirement, but must lay down a set to open (" + v.Rule + ")"
	}
	if len(p.Melds) == 0 {
		return need + "; laying off alone does not open.", true
	}
	sizes := make([]string, len(p.Melds))
	for i, set := range p.Melds {
		sizes[i] = itoa(len(set))
	}
	if len(sizes) == 1 {
		return need + "; the one set laid down holds " + sizes[0] + " cards.", true
	}
	return need + "; the sets laid down hold " + game.AndList(sizes) + " cards.", true
}

// workingLine is one player's working: "Ann: played set 15 + lay-off 8S
// 5 = 20; nothing left in hand (went out); going out 25; 20 - 0 + 25 =
// +45 (B7)."
func workingLine(name string, p Player, res Result, seat int, wentOut, blackHeart bool, players int) string {
	var terms []string
	for _, v := range res.MeldVerdicts[seat] {
		term := "set " + itoa(v.Points)
		if v.Kind == Royale {
			term = "Royale " + itoa(v.Points)
		}
		terms = append(terms, term)
	}
	for _, c := range p.Layoffs {
		terms = append(terms, "lay-off "+game.CardLabel(c.Card)+" "+itoa(CardPoints(c.Card)))
	}
	played := "played nothing"
	if len(terms) > 0 {
		played = "played " + game.SumText(terms, res.Melded[seat])
	}
	held := game.HeldText(p.Hand, CardPoints, res.Held[seat], wentOut)
	working := itoa(res.Melded[seat]) + " - " + itoa(res.Held[seat])
	bonus, rules := "", "(B7)"
	if res.Bonus[seat] > 0 {
		bonus = "; going out " + itoa(GoingOutBonus)
		if wentOut && blackHeart {
			bonus += " + Black Heart " + itoa(BlackHeartBonusPerPlayer) + " × " + itoa(players) + " players = " + itoa(res.Bonus[seat])
			rules = "(B6, B7)"
		}
		working += " + " + itoa(res.Bonus[seat])
	}
	return name + ": " + played + "; " + held + bonus + "; " + working + " = " + signed(res.Points[seat]) + " " + rules + "."
}

// signed prints points with their sign, as the scorepad does: "+45", "0",
// "-15".
func signed(n int) string {
	if n > 0 {
		return "+" + itoa(n)
	}
	return itoa(n)
}
