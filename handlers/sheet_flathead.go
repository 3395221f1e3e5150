package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"meldpad/db"
	"meldpad/rules/cards"
	"meldpad/rules/flathead"
	"meldpad/rules/ruling"
	"meldpad/views"
)

// flatheadSheet enters a Flathead Rummy hand as it went at the table: who
// went out, the melds each player laid down with the cards laid off onto
// each during play, and what each player still holds at the end. The
// rules judge every meld and lay-off as it is typed (F1-F5), the valid
// bonus melds give their players marks (F4), and the score comes from
// flathead.Score after the losers' own lay-offs (F6-F8).
type flatheadSheet struct{}

// flatheadRecord is a Flathead hand as stored: what was entered, in
// canonical cards. The points are worked out again from it.
type flatheadRecord struct {
	Winner  int                    `json:"winner"`
	Players []flatheadPlayerRecord `json:"players"`
}

// flatheadPlayerRecord is one seat's part of the hand.
type flatheadPlayerRecord struct {
	Melds []flatheadMeldRecord `json:"melds"`
	Hand  []string             `json:"hand"`
}

// flatheadMeldRecord is a meld as laid down, and the cards anyone laid off
// onto it later during play.
type flatheadMeldRecord struct {
	Cards   []string `json:"cards"`
	LaidOff []string `json:"laid_off,omitempty"`
}

// maxMeldSlots bounds the meld fields of one player: the 174-card deck
// makes at most 58 melds of three (F1), so more fields are never needed,
// and a forged form cannot ask for millions.
const maxMeldSlots = 174 / 3

func meldField(seat, n int) string   { return "meld_" + itoa(seat) + "_" + itoa(n) }
func layoffField(seat, n int) string { return "layoff_" + itoa(seat) + "_" + itoa(n) }
func handField(seat int) string      { return "hand_" + itoa(seat) }

func (flatheadSheet) blank(table) url.Values { return url.Values{} }

func (flatheadSheet) values(_ table, record json.RawMessage) (url.Values, error) {
	var rec flatheadRecord
	if err := json.Unmarshal(record, &rec); err != nil {
		return nil, err
	}
	form := url.Values{"winner": {strconv.Itoa(rec.Winner)}}
	for seat, p := range rec.Players {
		for n, m := range p.Melds {
			form.Set(meldField(seat, n), joinCards(m.Cards))
			form.Set(layoffField(seat, n), joinCards(m.LaidOff))
		}
		form.Set(handField(seat), joinCards(p.Hand))
	}
	return form, nil
}

// flatheadMeld is one meld field and the lay-off field under it, as read.
type flatheadMeld struct {
	cards, laidOff []cards.Card
	field, layoff  *views.CardFieldVM
	bonus          bool // a valid bonus meld: a mark for its player (F4)
	valid          bool // the meld, and its lay-offs if any, may be on the table
	// The rules' reasons why the meld, or the lay-off onto it, is not
	// allowed; empty when it is (or when there is nothing to judge).
	meldFault, layoffFault string
}

// flatheadEntry is the sheet as read: every field with its verdict, the
// marks they earn, and the first thing that keeps the hand from being
// scored.
type flatheadEntry struct {
	names      []string
	winner     int
	melds      [][]flatheadMeld // by seat, in the order of the fields
	hands      [][]cards.Card   // what each seat holds at the end
	handFields []*views.CardFieldVM
	marks      []int // bonus marks by seat (F4)
	problem    string
}

func (sh flatheadSheet) judge(t table, form url.Values, vm *views.SheetVM) *db.HandInput {
	// The sheet interface gives no context yet; the search is bounded by
	// F6's ten cards a hand, so it runs to the end.
	return sh.judgeContext(context.Background(), t, form, vm)
}

// judgeContext is judge with the lay-off search under ctx: if ctx ends
// first, the hand is not scored and the judgement says why.
func (flatheadSheet) judgeContext(ctx context.Context, t table, form url.Values, vm *views.SheetVM) *db.HandInput {
	r := newCardReader(cards.Fanucci())
	e := readFlatheadEntry(r, form, t.names())
	in := e.score(ctx, &vm.Judgement)
	r.finish(vm)
	vm.Body = views.FlatheadSheet(e.sheetVM(form))
	vm.Swaps = views.FlatheadMarks(e.names, e.marks)
	return in
}

// readFlatheadEntry reads the fields in the order of the page, so a card
// typed twice is refused where it appears the second time.
func readFlatheadEntry(r *cardReader, form url.Values, names []string) *flatheadEntry {
	seats := len(names)
	e := &flatheadEntry{names: names, melds: make([][]flatheadMeld, seats), hands: make([][]cards.Card, seats),
		handFields: make([]*views.CardFieldVM, seats), marks: make([]int, seats)}
	var winnerErr string
	e.winner, winnerErr = readSeat(form, "winner", seats)
	if winnerErr != "" {
		e.problem = "Who went out (F6)?"
	}
	slots := meldSlots(form, seats)
	for seat, name := range names {
		for n := range slots[seat] {
			m := readFlatheadMeld(r, form, seat, n, name)
			if m.bonus {
				e.marks[seat]++
			}
			switch {
			case m.field.Error != "":
				e.block("Fix " + m.field.Label + ".")
			case m.meldFault != "":
				e.block(m.field.Label + " is not a meld: " + m.meldFault)
			case m.layoff.Error != "":
				e.block("Fix the cards laid off onto " + m.field.Label + ".")
			case m.layoffFault != "":
				e.block(m.layoff.Label + ": " + m.layoffFault)
			}
			e.melds[seat] = append(e.melds[seat], m)
		}
		plays, f := r.field(form, handField(seat), "Cards left in "+name+"'s hand", "e.g. 3 Bugs, 9 Faces, Grue")
		e.hands[seat], e.handFields[seat] = cardsOf(plays), f
		switch n := len(e.hands[seat]); {
		case f.Error != "":
			e.block("Fix the cards left in " + name + "'s hand.")
		case n > flathead.HandSize:
			// F6: a player holds at most 10 cards between turns, so no
			// hand ends with more; such a hand is never searched.
			f.Error = itoa(n) + " cards: a player holds at most " + itoa(flathead.HandSize) + " at the end of a hand (F6)."
			e.block(name + " holds " + itoa(n) + " cards, but a player holds at most " + itoa(flathead.HandSize) + " at the end of a hand (F6).")
		}
	}
	return e
}

// block keeps the first reason the hand cannot be scored yet.
func (e *flatheadEntry) block(problem string) {
	if e.problem == "" {
		e.problem = problem
	}
}

// score asks the rules for the hand's score and writes the judgement. It
// returns the hand to store, or nil while something blocks it.
func (e *flatheadEntry) score(ctx context.Context, j *views.JudgementVM) *db.HandInput {
	j.Names = e.names
	defer func() { j.Problem = e.problem }()
	if e.problem != "" {
		return nil
	}
	// The table the losers lay off onto before the count (F7): every
	// valid meld with what was laid off onto it during play.
	var onTable [][]cards.Card
	var owners []string // "Ann's meld 2", by table index
	for seat, melds := range e.melds {
		for n, m := range melds {
			if m.valid {
				onTable = append(onTable, append(append([]cards.Card{}, m.cards...), m.laidOff...))
				owners = append(owners, e.names[seat]+"'s meld "+itoa(n+1))
			}
		}
	}
	res, err := flathead.ScoreContext(ctx, flathead.Hand{Winner: e.winner, Hands: e.hands, BonusMarks: e.marks, Table: onTable})
	if err != nil {
		name := e.names[e.winner]
		switch {
		case ctx.Err() != nil:
			e.problem = "The referee stopped before the count; check the hand again (F7)."
		case isRule(err, "F6"):
			e.handFields[e.winner].Error = name + " went out, so holds no cards (F6)."
			e.problem = name + " went out by playing or discarding the last card, so " + name + "'s hand must be empty (F6)."
		default:
			e.problem = strings.TrimPrefix(ruleMessage(err), "flathead: ")
		}
		return nil
	}
	j.Lines = flatheadWorking(res, e.names, e.winner, e.marks, owners)
	j.Points, j.Ready = res.Points, true
	return &db.HandInput{Entry: db.EntryCards, Record: e.record(), Points: res.Points, Seat: e.winner, EndsHand: true}
}

// sheetVM lays the fields out by player, with at least one empty meld
// field each to type the next meld in, and one more for the player whose
// "Add a meld" was pressed. The added fields are not read (they are
// empty), so a preview, which updates only the fields the page has,
// leaves them out.
func (e *flatheadEntry) sheetVM(form url.Values) views.FlatheadSheetVM {
	vm := views.FlatheadSheetVM{Names: e.names, Winner: form.Get("winner"), Marks: e.marks}
	more, wantsMore := moreFor(form, len(e.names))
	for seat, name := range e.names {
		p := views.FlatheadPlayerVM{Seat: seat, Name: name, Hand: *e.handFields[seat]}
		for _, m := range e.melds[seat] {
			p.Melds = append(p.Melds, views.FlatheadMeldVM{Meld: *m.field, Layoff: *m.layoff})
		}
		n := len(p.Melds)
		added := wantsMore && more == seat
		if n < maxMeldSlots && (strings.TrimSpace(p.Melds[n-1].Meld.Value) != "" || added) {
			p.Melds = append(p.Melds, views.FlatheadMeldVM{
				Meld:   views.CardFieldVM{Name: meldField(seat, n), Label: meldLabel(name, n), Placeholder: meldPlaceholder, Autofocus: added},
				Layoff: views.CardFieldVM{Name: layoffField(seat, n), Label: layoffLabel(name, n), Placeholder: layoffPlaceholder},
			})
		}
		p.CanAdd = len(p.Melds) < maxMeldSlots
		vm.Players = append(vm.Players, p)
	}
	return vm
}

const (
	meldPlaceholder   = "e.g. 3 Lamps, 4 Lamps, 5 Lamps"
	layoffPlaceholder = "by anyone, e.g. 6 Lamps"
)

func meldLabel(name string, n int) string { return name + "'s meld " + itoa(n+1) }

func layoffLabel(name string, n int) string {
	return "Laid off onto " + name + "'s meld " + itoa(n+1)
}

// readFlatheadMeld reads one meld field and the lay-off field under it,
// and gives each the rules' verdict (F1-F5).
func readFlatheadMeld(r *cardReader, form url.Values, seat, n int, name string) flatheadMeld {
	var m flatheadMeld
	plays, field := r.field(form, meldField(seat, n), meldLabel(name, n), meldPlaceholder)
	m.cards, m.field = cardsOf(plays), field
	added, layoff := r.field(form, layoffField(seat, n), layoffLabel(name, n), layoffPlaceholder)
	m.laidOff, m.layoff = cardsOf(added), layoff
	meldOK := false
	if len(m.cards) > 0 {
		v := flathead.Check(m.cards)
		field.Verdict = verdictVM(v)
		if v.Bonus {
			field.Verdict.Tag = "bonus"
		}
		meldOK, m.bonus = v.Valid, v.Bonus
		if !v.Valid {
			m.meldFault = v.Reason
		}
	}
	switch {
	case len(m.laidOff) == 0:
		m.valid = meldOK
	case len(m.cards) == 0 && field.Error == "":
		layoff.Error = "Enter the meld first: these cards were laid off onto it (F5)."
	case meldOK:
		v := flathead.CheckLayoff(m.cards, m.laidOff)
		layoff.Verdict = verdictVM(v)
		m.valid = v.Valid
		if !v.Valid {
			m.layoffFault = v.Reason
		}
	}
	return m
}

// verdictVM shows a verdict as the table reads it: its reason, which
// names the kind of meld or what is wrong, and cites the rules.
func verdictVM(v flathead.Verdict) *views.VerdictVM {
	first, size := utf8.DecodeRuneInString(v.Reason)
	return &views.VerdictVM{OK: v.Valid, Text: string(unicode.ToUpper(first)) + v.Reason[size:]}
}

// meldSlots returns how many meld fields each seat has on the page: as
// many as the form posted (the highest meld or lay-off field, empty ones
// included, so field names never move under a typing finger), at least
// one.
func meldSlots(form url.Values, seats int) []int {
	slots := make([]int, seats)
	for i := range slots {
		slots[i] = 1
	}
	for key := range form {
		var rest string
		switch {
		case strings.HasPrefix(key, "meld_"):
			rest = key[len("meld_"):]
		case strings.HasPrefix(key, "layoff_"):
			rest = key[len("layoff_"):]
		default:
			continue
		}
		seatText, nText, ok := strings.Cut(rest, "_")
		seat, err1 := strconv.Atoi(seatText)
		n, err2 := strconv.Atoi(nText)
		if ok && err1 == nil && err2 == nil && seat >= 0 && seat < seats && n >= 0 && n < maxMeldSlots {
			slots[seat] = max(slots[seat], n+1)
		}
	}
	return slots
}

// moreFor reads the "Add a meld" button: action=more:<seat>.
func moreFor(form url.Values, seats int) (int, bool) {
	seatText, ok := strings.CutPrefix(form.Get("action"), "more:")
	if !ok {
		return -1, false
	}
	seat, err := strconv.Atoi(seatText)
	if err != nil || seat < 0 || seat >= seats {
		return -1, false
	}
	return seat, true
}

// isRule reports whether err is the rules' refusal under the given id.
func isRule(err error, id string) bool {
	var broken *ruling.Error
	return errors.As(err, &broken) && broken.Rule == id
}

// flatheadWorking writes the judgement: the bonus marks, the losers'
// lay-offs before the count in an order in which they can be made (a
// line per lay-off: one loser's cards onto one meld, F7), the count, the
// multiplier and the working.
// owners names the melds on the table by their index ("Ann's meld 2").
func flatheadWorking(res flathead.Result, names []string, winner int, marks []int, owners []string) []string {
	markParts := make([]string, len(names))
	for seat, name := range names {
		markParts[seat] = name + " " + itoa(marks[seat])
	}
	lines := []string{
		names[winner] + " went out (F6).",
		"Bonus marks for bonus melds laid down: " + strings.Join(markParts, ", ") + " (F4).",
	}

	// The losers' lay-offs, one line per lay-off (a player's consecutive
	// cards onto one meld), in the order the rules give: each can be made
	// after the ones before it (F5, F7).
	type group struct {
		seat, meld int
		cards      []string
	}
	var groups []*group
	for _, l := range res.Layoffs {
		if n := len(groups); n > 0 && groups[n-1].seat == l.Seat && groups[n-1].meld == l.Meld {
			groups[n-1].cards = append(groups[n-1].cards, l.Card.String())
			continue
		}
		groups = append(groups, &group{seat: l.Seat, meld: l.Meld, cards: []string{l.Card.String()}})
	}
	if len(groups) == 0 {
		lines = append(lines, "Before the count, no loser can lay anything off (F7).")
	}
	for _, g := range groups {
		lines = append(lines, names[g.seat]+" lays off "+andList(g.cards)+" onto "+owners[g.meld]+" (F7).")
	}

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
	count := "Left in the losers' hands: " + strings.Join(left, ", ") + "; " + itoa(res.CardsLeft) + " " + cardNoun(res.CardsLeft)
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
	lines = append(lines, multiplier+" (F4, F8).", res.Working(),
		names[winner]+" scores "+itoa(res.Points[winner])+"; only the player who went out scores (F6).")
	return lines
}

// record is what is stored: the melds that were filled in, in order, and
// every hand.
func (e *flatheadEntry) record() json.RawMessage {
	rec := flatheadRecord{Winner: e.winner, Players: make([]flatheadPlayerRecord, len(e.hands))}
	for seat, hand := range e.hands {
		p := flatheadPlayerRecord{Melds: []flatheadMeldRecord{}, Hand: cardStrings(hand)}
		for _, m := range e.melds[seat] {
			if len(m.cards) > 0 {
				p.Melds = append(p.Melds, flatheadMeldRecord{Cards: cards.Strings(m.cards), LaidOff: cards.Strings(m.laidOff)})
			}
		}
		rec.Players[seat] = p
	}
	b, _ := json.Marshal(rec)
	return b
}

func cardNoun(n int) string {
	if n == 1 {
		return "card"
	}
	return "cards"
}
