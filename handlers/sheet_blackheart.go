package handlers

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"meldpad/db"
	"meldpad/rules/blackheart"
	"meldpad/rules/cards"
	"meldpad/rules/ruling"
	"meldpad/views"
)

// blackheartSheet enters a Black Heart Rum deal as it ends: who went out
// and whether with a Black Heart, and for each player the sets laid down,
// the single cards laid off onto any set, and the cards left in hand. Each
// set is judged as it is typed (B1-B3); each player who played must have
// opened by the chart for their score at the start of the deal (B5); each
// scores played minus held, plus the going-out and Black Heart bonuses (B6,
// B7).
type blackheartSheet struct{}

// blackheartRecord is a Black Heart deal as stored, in the shape of the
// API's hands/score request: cards canonical, declared wild readings kept
// as typed ("JD=7H"), undeclared ones left for the rules to read.
type blackheartRecord struct {
	WentOut    int                      `json:"went_out"`
	BlackHeart bool                     `json:"black_heart"`
	Players    []blackheartPlayerRecord `json:"players"`
}

type blackheartPlayerRecord struct {
	Melds   [][]string `json:"melds"`
	Layoffs []string   `json:"layoffs"`
	Hand    []string   `json:"hand"`
}

// The form's own fields besides each seat's sets (meldGroup(seat)).
const (
	blackheartWentOutField    = "went_out"
	blackheartBlackHeartField = "black_heart"
)

func blackheartLayoffField(seat int) string { return "layoffs_" + strconv.Itoa(seat) }

func blackheartHandField(seat int) string { return "hand_" + strconv.Itoa(seat) }

const blackheartSetPlaceholder = "e.g. 7S 7C 7H or QS 6H KS 3H AS"

func (blackheartSheet) blank(table) url.Values { return url.Values{} }

func (blackheartSheet) values(_ table, record json.RawMessage) (url.Values, error) {
	var rec blackheartRecord
	if err := json.Unmarshal(record, &rec); err != nil {
		return nil, err
	}
	form := url.Values{}
	if rec.WentOut >= 0 {
		form.Set(blackheartWentOutField, strconv.Itoa(rec.WentOut))
	}
	if rec.BlackHeart {
		form.Set(blackheartBlackHeartField, "on")
	}
	for seat, p := range rec.Players {
		for i, set := range p.Melds {
			form.Set(groupField(meldGroup(seat), i), joinCards(set))
		}
		form.Set(blackheartLayoffField(seat), joinCards(p.Layoffs))
		form.Set(blackheartHandField(seat), joinCards(p.Hand))
	}
	return form, nil
}

func (blackheartSheet) judge(ctx context.Context, t table, form url.Values, vm *views.SheetVM) *db.HandInput {
	names := t.names()
	scores := scoresBefore(t, len(names))
	r := newCardReader(t.rules.Deck)
	j := &vm.Judgement
	j.Names = names
	problem := ""
	report := func(p string) {
		if problem == "" {
			problem = p
		}
	}

	wentOut, wentOutErr := readSeat(form, blackheartWentOutField, len(names))
	if wentOutErr != "" {
		// B8: a deal ends when a player goes out, so one always has.
		report("Who went out? A deal ends when a player goes out (B8).")
	}
	deal := blackheart.Deal{WentOut: wentOut, BlackHeart: form.Get(blackheartBlackHeartField) != "", Players: make([]blackheart.Player, len(names))}
	if deal.BlackHeart && wentOut < 0 {
		deal.BlackHeart = false // no Black Heart without a player who went out (B6); reported above
	}
	body := views.BlackHeartSheetVM{
		Names: names, WentOut: form.Get(blackheartWentOutField), BlackHeart: form.Get(blackheartBlackHeartField) != "",
		Players: make([]views.BlackHeartPlayerVM, len(names)),
	}
	// setsOK[seat] is false when a set of the seat's is wrong, which is
	// reported already: its opening cannot be judged.
	setsOK := make([]bool, len(names))
	for seat, name := range names {
		p := &body.Players[seat]
		*p = views.BlackHeartPlayerVM{Name: name, Requirement: requirementLine(scores[seat])}
		setsOK[seat] = readSets(r, form, seat, name, p, &deal.Players[seat], report)

		layoffs, f := r.field(form, blackheartLayoffField(seat), name+"'s lay-offs", "e.g. 8S 9S, or QS 6H")
		if f.Error != "" {
			report("Fix " + f.Label + ".")
			setsOK[seat] = false
		}
		deal.Players[seat].Layoffs = layoffs
		p.Layoffs = *f

		held, f := r.field(form, blackheartHandField(seat), name+"'s cards left in hand", "e.g. KS 5H (none if out)")
		for _, play := range held {
			if play.Declared() && f.Error == "" {
				f.Error = "Just the cards here: a diamond left in hand costs its own value, whatever it could stand for (B7)."
			}
		}
		switch {
		case f.Error != "":
			report("Fix " + f.Label + ".")
		case seat == wentOut && len(held) > 0:
			f.Error = name + " went out, so holds no cards (B7): clear this field, or choose who went out."
			report(name + " went out, so holds no cards (B7): clear " + f.Label + ", or choose who went out.")
		case seat != wentOut && wentOut >= 0 && len(held) == 0:
			report("Enter " + name + "'s cards left in hand: only " + names[wentOut] + " went out, and the deal ended then (B8).")
		}
		deal.Players[seat].Hand = cardsOf(held)
		p.Hand = *f
	}
	r.finish(vm)
	vm.Body = views.BlackHeartSheet(body)

	for seat, name := range names {
		if !setsOK[seat] {
			continue
		}
		line, failed := openingLine(name, scores[seat], deal.Players[seat], seat == wentOut && deal.BlackHeart)
		j.Lines = append(j.Lines, line)
		if failed {
			report(line)
		}
	}
	if problem != "" {
		j.Problem = problem
		return nil
	}
	res, err := blackheart.ScoreContext(ctx, deal)
	if err != nil {
		j.Problem = strings.TrimPrefix(ruleMessage(err), "blackheart: ")
		return nil
	}
	for seat, name := range names {
		j.Lines = append(j.Lines, blackheartLine(name, deal.Players[seat], res, seat, seat == wentOut, deal.BlackHeart, len(names)))
	}
	j.Points, j.Ready = res.Points, true

	rec := blackheartRecord{WentOut: wentOut, BlackHeart: deal.BlackHeart, Players: make([]blackheartPlayerRecord, len(names))}
	for seat, p := range deal.Players {
		out := &rec.Players[seat]
		out.Melds = make([][]string, len(p.Melds))
		for i, set := range p.Melds {
			out.Melds[i] = playStrings(set)
		}
		out.Layoffs = playStrings(p.Layoffs)
		out.Hand = cardStrings(p.Hand)
	}
	stored, _ := json.Marshal(rec)
	return &db.HandInput{Entry: db.EntryCards, Record: stored, Points: res.Points, Seat: wentOut, EndsHand: true}
}

// readSets reads a seat's group of set fields into the view and, for the
// valid sets, into the player; it reports false when a set is wrong.
func readSets(r *cardReader, form url.Values, seat int, name string, p *views.BlackHeartPlayerVM, player *blackheart.Player, report func(string)) bool {
	group := meldGroup(seat)
	shown, focus := groupFields(form, group)
	posted := postedCount(form, group)
	p.CountName, p.Count = countName(group), shown
	if shown < maxGroupFields {
		p.More = "more:" + group
	}
	ok := true
	for i := range shown {
		field, label := groupField(group, i), name+"'s set "+strconv.Itoa(i+1)
		if i >= posted && strings.TrimSpace(form.Get(field)) == "" {
			// A field new on this page: nothing to read, and no feedback
			// in the page yet for a preview to replace.
			p.Sets = append(p.Sets, views.CardFieldVM{Name: field, Label: label, Placeholder: blackheartSetPlaceholder, Autofocus: i == focus})
			continue
		}
		plays, f := r.field(form, field, label, blackheartSetPlaceholder)
		f.Autofocus = i == focus
		switch {
		case f.Error != "":
			report("Fix " + label + ".")
			ok = false
		case len(plays) > 0:
			if v := blackheartSet(plays, f); v.Valid {
				player.Melds = append(player.Melds, plays)
			} else {
				report(label + " (" + strings.Join(playStrings(plays), " ") + ") is not a set: " + v.Reason + ".")
				ok = false
			}
		}
		p.Sets = append(p.Sets, *f)
	}
	return ok
}

// blackheartSet judges one set field (B1-B3) and writes the verdict into
// it: kind and points, and on each card's chip what it does in the set: an
// escort and whose, what a wild stands for, a third of the Royale.
func blackheartSet(plays []cards.Play, f *views.CardFieldVM) blackheart.Verdict {
	v := blackheart.Check(plays)
	if !v.Valid {
		f.Verdict = &views.VerdictVM{Text: "Not a set: " + v.Reason}
		return v
	}
	f.Verdict = &views.VerdictVM{OK: true, Text: capitalize(v.Kind.String()) + ", " + strconv.Itoa(v.Points) + " points: " + v.Reason}
	for i, role := range v.Roles {
		if i < len(f.Chips) {
			f.Chips[i].Note = roleNote(plays, v.Roles, i)
			if role.Wild() {
				f.Chips[i].Label = cardLabel(plays[i].Card)
			}
		}
	}
	return v
}

// roleNote says what card i does in its set, for its chip: "" for a plain
// member, "as 7♥" for a wild, "escort of Q♠", "Royale".
func roleNote(plays []cards.Play, roles []blackheart.Role, i int) string {
	role, p := roles[i], plays[i]
	var parts []string
	switch {
	case role.Part == blackheart.RoyaleCard:
		return "Royale"
	case role.Wild() && role.Part == blackheart.Escort && !p.Declared():
		// Any heart escorts; the referee's pick of which is arbitrary.
		parts = append(parts, "as a heart")
	case role.Wild():
		parts = append(parts, "as "+cardLabel(role.As))
	}
	if role.Part == blackheart.Escort && role.Court >= 0 && role.Court < len(plays) {
		court := plays[role.Court].Card
		if roles[role.Court].Wild() {
			court = roles[role.Court].As
		}
		parts = append(parts, "escort of "+cardLabel(court))
	}
	if role.Wild() && p.Declared() {
		parts = append(parts, "declared")
	}
	return strings.Join(parts, ", ")
}

// scoresBefore is each seat's total at the start of the deal being entered:
// t is the game before it (sheetVM passes t.before(hand) for a correction).
func scoresBefore(t table, seats int) []int {
	totals := make([]int, seats)
	for _, h := range t.hands {
		totals = ruling.AddPoints(totals, h.Points)
	}
	return totals
}

// requirementLine shows a player's opening requirement by the chart (B5).
func requirementLine(score int) string {
	req := blackheart.RequirementFor(score)
	line := "Score " + strconv.Itoa(score) + " at the start of the deal: "
	if req.Sets == 0 {
		return line + "no opening requirement (B5)."
	}
	return line + "to open, " + req.Text + ", escorts included (B5)."
}

// openingLine judges whether a player who played anything had opened, by
// the chart for their score at the start of the deal (B5); a Black Heart
// opens at any score (B6). failed means the deal cannot be saved.
func openingLine(name string, score int, p blackheart.Player, blackHeart bool) (line string, failed bool) {
	who := name + " (score " + strconv.Itoa(score) + ")"
	switch {
	case blackHeart:
		return who + " went out with a Black Heart, which opens at any score (B5, B6).", false
	case len(p.Melds) == 0 && len(p.Layoffs) == 0:
		return who + " played nothing.", false
	}
	v := blackheart.CheckOpening(score, p.Melds)
	if v.Valid {
		return who + ": " + v.Reason + ".", false
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
		sizes[i] = strconv.Itoa(len(set))
	}
	if len(sizes) == 1 {
		return need + "; the one set laid down holds " + sizes[0] + " cards.", true
	}
	return need + "; the sets laid down hold " + andList(sizes) + " cards.", true
}

// blackheartLine is one player's working: "Ann: played set 15 + lay-off
// 8S 5 = 20; nothing left in hand (went out); going out 25; 20 - 0 + 25 =
// +45 (B7)."
func blackheartLine(name string, p blackheart.Player, res blackheart.Result, seat int, wentOut, blackHeart bool, players int) string {
	var terms []string
	for _, v := range res.MeldVerdicts[seat] {
		term := "set " + strconv.Itoa(v.Points)
		if v.Kind == blackheart.Royale {
			term = "Royale " + strconv.Itoa(v.Points)
		}
		terms = append(terms, term)
	}
	for _, c := range p.Layoffs {
		terms = append(terms, "lay-off "+c.Card.String()+" "+strconv.Itoa(blackheart.CardPoints(c.Card)))
	}
	played := "played nothing"
	if len(terms) > 0 {
		played = "played " + sumText(terms, res.Melded[seat])
	}
	held := heldText(p.Hand, blackheart.CardPoints, res.Held[seat], wentOut)
	working := strconv.Itoa(res.Melded[seat]) + " - " + strconv.Itoa(res.Held[seat])
	bonus, rules := "", "(B7)"
	if res.Bonus[seat] > 0 {
		bonus = "; going out " + strconv.Itoa(blackheart.GoingOutBonus)
		if wentOut && blackHeart {
			bonus += " + Black Heart " + strconv.Itoa(blackheart.BlackHeartBonusPerPlayer) + " × " + strconv.Itoa(players) + " players = " + strconv.Itoa(res.Bonus[seat])
			rules = "(B6, B7)"
		}
		working += " + " + strconv.Itoa(res.Bonus[seat])
	}
	return name + ": " + played + "; " + held + bonus + "; " + working + " = " + views.Signed(res.Points[seat]) + " " + rules + "."
}
