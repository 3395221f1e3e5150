package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"reflect"
	"strconv"
	"strings"

	"meldpad/db"
	"meldpad/rules"
	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/ruling"
	"meldpad/views"
)

// sheet is the card-by-card form of one game's hand. It reads what was
// entered at the table, asks the game's referee, and says what to store.
type sheet interface {
	// blank returns the form of a new hand.
	blank(t table) url.Values
	// values returns the form that shows a stored hand again.
	values(t table, record json.RawMessage) (url.Values, error)
	// judge reads the form and asks the rules under ctx, which carries
	// the referee's deadline. It fills vm's Body, Fields and Judgement,
	// and returns the hand to store once it is complete and allowed (nil
	// until then, and once ctx is done).
	judge(ctx context.Context, t table, form url.Values, vm *views.SheetVM) *db.HandInput
}

// legacySheets are the card sheets still written in this package, by
// game id, until their games' modules lay them out (game.Sheeter).
var legacySheets = map[string]sheet{}

// sheetOf returns the card sheet of a game, if its hands can be entered
// card by card.
func sheetOf(r rules.Game) (sheet, bool) {
	if m, ok := r.Sheet(); ok {
		return moduleSheet{m}, true
	}
	sh, ok := legacySheets[r.ID]
	return sh, ok
}

// hasSheet reports whether a game's hands can be entered card by card.
func hasSheet(r rules.Game) bool {
	_, ok := sheetOf(r)
	return ok
}

// moduleSheet is a game module's sheet (game.Sheeter) as the pages use
// it: the module lays the sheet out and judges it, the views draw it.
type moduleSheet struct{ m game.Sheeter }

func (s moduleSheet) blank(t table) url.Values { return s.m.Blank(t.state()) }

func (s moduleSheet) values(t table, record json.RawMessage) (url.Values, error) {
	return s.m.Values(t.state(), record)
}

func (s moduleSheet) judge(ctx context.Context, t table, form url.Values, vm *views.SheetVM) *db.HandInput {
	sh, hand, err := s.m.Judge(ctx, t.state(), form)
	if err != nil {
		return nil // ctx is done: sheetVM reports it
	}
	vm.Body = views.SheetParts(sh)
	vm.Fields = vm.Fields[:0]
	for _, f := range sh.Fields() {
		vm.Fields = append(vm.Fields, *f)
	}
	if badges := sh.Badges(); len(badges) > 0 {
		vm.Swaps = views.SheetBadges(badges)
	}
	vm.Judgement = sh.Judgement
	if vm.Judgement.Names == nil {
		vm.Judgement.Names = t.names()
	}
	if hand == nil {
		return nil
	}
	return &db.HandInput{Entry: db.EntryCards, Record: hand.Record, Points: hand.Points, Seat: hand.Seat, EndsHand: hand.EndsHand}
}

// CheckRecord decodes the record of a hand entered card by card in a game
// of the given rules and number of seats, with the code that shows such a
// hand again (its sheet's values), and says why it cannot be shown. The
// import gives it to db.Store.Import, so that no imported hand's page
// fails.
func CheckRecord(rulesID string, seats int, record json.RawMessage) (err error) {
	g, ok := rules.Lookup(rulesID)
	sh, hasSheet := sheetOf(g)
	if !ok || !hasSheet {
		return fmt.Errorf("%q hands are not entered card by card", rulesID)
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("not a %s hand as meldpad records it", g.Name)
		}
	}()
	t := table{game: db.Game{Rules: rulesID, Seats: make([]db.Seat, seats)}, rules: g}
	if _, err := sh.values(t, record); err != nil {
		return fmt.Errorf("not a %s hand as meldpad records it: %s", g.Name, recordProblem(err))
	}
	return nil
}

// recordProblem puts a record's decoding error in words: which field holds
// what, where meldpad records what.
func recordProblem(err error) string {
	var typeErr *json.UnmarshalTypeError
	if !errors.As(err, &typeErr) {
		return strings.TrimPrefix(err.Error(), "json: ")
	}
	want := "something else"
	switch typeErr.Type.Kind() {
	case reflect.String:
		want = "text"
	case reflect.Int, reflect.Int64:
		want = "a whole number"
	case reflect.Bool:
		want = "true or false"
	case reflect.Slice, reflect.Array:
		want = "a list"
	case reflect.Struct, reflect.Map, reflect.Pointer:
		want = "an object"
	}
	field := typeErr.Field
	if field == "" {
		field = "the record"
	}
	got := "a " + typeErr.Value
	if typeErr.Value != "" && strings.IndexByte("aeiou", typeErr.Value[0]) >= 0 {
		got = "an " + typeErr.Value
	}
	return fmt.Sprintf("%s is %s where meldpad records %s", field, got, want)
}

// withoutContext is a sheet whose judgement takes no context: its
// referee's work is bounded by the rules alone, so it runs to the end.
type withoutContext struct {
	inner interface {
		blank(t table) url.Values
		values(t table, record json.RawMessage) (url.Values, error)
		judge(t table, form url.Values, vm *views.SheetVM) *db.HandInput
	}
}

func (w withoutContext) blank(t table) url.Values { return w.inner.blank(t) }

func (w withoutContext) values(t table, record json.RawMessage) (url.Values, error) {
	return w.inner.values(t, record)
}

func (w withoutContext) judge(_ context.Context, t table, form url.Values, vm *views.SheetVM) *db.HandInput {
	return w.inner.judge(t, form, vm)
}

// cardReader reads the card fields of one sheet. It counts every card
// across all the sheet's fields, so a card entered twice (or more often
// than the deck holds it) is refused in the field where it appears too
// often, naming the field that has it already.
type cardReader struct {
	deck   *cards.Deck
	seen   map[cards.Card][]string // labels of the fields holding each card
	fields []*views.CardFieldVM
}

func newCardReader(deck *cards.Deck) *cardReader {
	return &cardReader{deck: deck, seen: map[cards.Card][]string{}}
}

// field reads the named field. It returns the plays (nil when the field
// has an error) and the field's view model, to which the sheet may add a
// verdict or notes.
func (r *cardReader) field(form url.Values, name, label, placeholder string) ([]cards.Play, *views.CardFieldVM) {
	f := &views.CardFieldVM{Name: name, Label: label, Value: form.Get(name), Placeholder: placeholder}
	r.fields = append(r.fields, f)
	plays, err := r.deck.ParseText(f.Value)
	if err != nil {
		f.Error = parseMessage(err)
		return nil, f
	}
	for i, p := range plays {
		f.Chips = append(f.Chips, chip(p))
		where := r.seen[p.Card]
		if len(where) >= r.deck.Copies(p.Card) {
			f.Error = copiesMessage(p.Card, r.deck.Copies(p.Card), where)
			f.Chips[i].Colour += " over"
			return nil, f
		}
		r.seen[p.Card] = append(where, label)
	}
	return plays, f
}

// single reads a field that holds one card, not counted with the others
// (Fan's knock card is also picked up into a hand).
func (r *cardReader) single(form url.Values, name, label, placeholder string) (cards.Card, bool, *views.CardFieldVM) {
	f := &views.CardFieldVM{Name: name, Label: label, Value: form.Get(name), Placeholder: placeholder}
	r.fields = append(r.fields, f)
	plays, err := r.deck.ParseText(f.Value)
	switch {
	case err != nil:
		f.Error = parseMessage(err)
	case len(plays) > 1:
		f.Error = "Enter one card here."
	case len(plays) == 1 && plays[0].Declared():
		f.Error = "No reading here: just the card."
	case len(plays) == 1:
		f.Chips = append(f.Chips, chip(plays[0]))
		return plays[0].Card, true, f
	}
	return cards.Card{}, false, f
}

// card reads a field that holds at most one card, counted with the others
// (a play on a Trophy Case trick: each card can be played only once). It
// reports false when the field is empty or wrong.
func (r *cardReader) card(form url.Values, name, label, placeholder string) (cards.Card, bool, *views.CardFieldVM) {
	plays, f := r.field(form, name, label, placeholder)
	switch {
	case f.Error != "" || len(plays) == 0:
		return cards.Card{}, false, f
	case len(plays) > 1:
		f.Error = "Enter one card here."
		return cards.Card{}, false, f
	}
	return plays[0].Card, true, f
}

func copiesMessage(c cards.Card, copies int, where []string) string {
	if copies == 1 {
		return c.String() + " is already in " + where[0] + ": the deck has only one."
	}
	return "The deck has only " + itoa(copies) + " of " + c.String() + ", already in " + strings.Join(where, " and ") + "."
}

// chip shows a card with its colour; standard suits as symbols, so a
// chip reads like the card ("A♠", "2C=K♦").
func chip(p cards.Play) views.ChipVM {
	ch := views.ChipVM{Card: p.String(), Label: cardLabel(p.Card), Colour: p.Card.Colour().String()}
	if p.Declared() {
		ch.Label += "=" + cardLabel(p.As)
	}
	if p.Card.IsTrump() {
		ch.Colour = "trump"
	}
	return ch
}

// cardLabel prints a card for people: suit symbols for standard cards.
func cardLabel(c cards.Card) string {
	if c.Suit.IsStandard() {
		return c.Rank.String() + c.Suit.Symbol()
	}
	return c.String()
}

// finish copies the fields into the view model for the preview.
func (r *cardReader) finish(vm *views.SheetVM) {
	vm.Fields = vm.Fields[:0]
	for _, f := range r.fields {
		vm.Fields = append(vm.Fields, *f)
	}
}

// A group is a run of fields a sheet shows as many of as needed (a
// Fortune player's melds): field i of group g is named "g_i". The page
// carries how many fields it shows in a hidden input, countName(g), so
// that the "more" button (action "more:g") can ask for one more, with or
// without scripts.

// maxGroupFields bounds a group: more melds than one hand could hold
// (two decks of 104 cards make at most 34 melds of three).
const maxGroupFields = 40

// countName is the hidden input holding a group's field count.
func countName(group string) string { return "fields_" + group }

// groupField is the name of a group's field i.
func groupField(group string, i int) string { return group + "_" + strconv.Itoa(i) }

// postedCount is the group's field count as the page had it: 0 when
// absent or not a number, never more than maxGroupFields.
func postedCount(form url.Values, group string) int {
	n, err := strconv.Atoi(form.Get(countName(group)))
	if err != nil || n < 0 {
		return 0
	}
	return min(n, maxGroupFields)
}

// moreKey names, in the values a sheet judges, the group whose "more"
// button was pressed, so that the sheet can put the cursor in the new
// field (the page is loaded again, and would otherwise open at the top).
const moreKey = "more"

// addField raises a group's field count by one.
func addField(form url.Values, group string) {
	form.Set(countName(group), strconv.Itoa(min(postedCount(form, group)+1, maxGroupFields)))
	form.Set(moreKey, group)
}

// groupFields returns how many of the group's fields to show: as many as
// the page had, and at least one empty field after the last filled one
// (up to maxGroupFields). focus is the field to put the cursor in, the
// first empty one when the group's "more" button was pressed, else -1.
func groupFields(form url.Values, group string) (shown, focus int) {
	lastFilled, firstEmpty := -1, -1
	for i := range maxGroupFields {
		if strings.TrimSpace(form.Get(groupField(group, i))) != "" {
			lastFilled = i
		} else if firstEmpty < 0 {
			firstEmpty = i
		}
	}
	shown = min(max(postedCount(form, group), lastFilled+2), maxGroupFields)
	focus = -1
	if form.Get(moreKey) == group && firstEmpty < shown {
		focus = firstEmpty
	}
	return shown, focus
}

// joinCards prints cards the way a field holds them.
func joinCards(cs []string) string { return strings.Join(cs, ", ") }

// playStrings prints plays canonically, declared readings included.
func playStrings(ps []cards.Play) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}

// cardsOf returns the cards of plays, without their readings.
func cardsOf(plays []cards.Play) []cards.Card {
	out := make([]cards.Card, len(plays))
	for i, p := range plays {
		out[i] = p.Card
	}
	return out
}

// deckJSON describes the deck to the card picker: its ranks, its suits by
// colour, its trumps, and how many copies of each card it holds.
func deckJSON(d *cards.Deck) string {
	type suitGroup struct {
		Colour string   `json:"colour"`
		Suits  []string `json:"suits"`
		Labels []string `json:"labels"`
	}
	var out struct {
		Ranks  []string       `json:"ranks"`
		Groups []suitGroup    `json:"groups"`
		Trumps []string       `json:"trumps,omitempty"`
		Copies map[string]int `json:"copies"`
		Wilds  bool           `json:"wilds"`
	}
	out.Copies = map[string]int{}
	fanucci := false
	for _, c := range d.Cards() {
		out.Copies[c.String()] = d.Copies(c)
		fanucci = fanucci || c.IsFanucci()
		out.Wilds = out.Wilds || d.IsWild(c)
	}
	if fanucci {
		out.Ranks = []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "∞"}
		for _, colour := range cards.FanucciColours() {
			g := suitGroup{Colour: colour.String()}
			for _, s := range colour.Suits() {
				g.Suits = append(g.Suits, s.String())
				g.Labels = append(g.Labels, s.String())
			}
			out.Groups = append(out.Groups, g)
		}
		for _, tr := range cards.Trumps() {
			out.Trumps = append(out.Trumps, tr.String())
		}
	} else {
		out.Ranks = []string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}
		for _, s := range cards.StandardSuits() {
			out.Groups = append(out.Groups, suitGroup{Colour: s.Colour().String(), Suits: []string{s.Letter()}, Labels: []string{s.Symbol()}})
		}
	}
	b, _ := json.Marshal(out)
	return string(b)
}

// andList joins words as a sentence does: "a", "a and b", "a, b and c".
func andList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// sumText is "30 + 15 = 45", or just "30" for one term.
func sumText(terms []string, total int) string {
	if len(terms) == 1 {
		return terms[0]
	}
	return strings.Join(terms, " + ") + " = " + strconv.Itoa(total)
}

// heldText is the working of what a player still holds, each card with its
// cost by the game's rule: "left in hand QS 50 + AH 10 = 60", or "nothing
// left in hand (went out)".
func heldText(hand []cards.Card, cost func(cards.Card) int, total int, wentOut bool) string {
	if len(hand) == 0 {
		if wentOut {
			return "nothing left in hand (went out)"
		}
		return "nothing left in hand"
	}
	parts := make([]string, len(hand))
	for i, c := range hand {
		parts[i] = c.String() + " " + strconv.Itoa(cost(c))
	}
	return "left in hand " + sumText(parts, total)
}

// readSeat reads a seat from a radio group (game.ReadSeat).
func readSeat(form url.Values, name string, seats int) (int, string) {
	return game.ReadSeat(form, name, seats)
}

// ruleMessage is what a referee's error says, for the table.
func ruleMessage(err error) string { return ruling.Message(err) }

// apiLayoff is one lay-off in an API answer.
type apiLayoff struct {
	Seat *int   `json:"seat,omitempty"`
	Card string `json:"card"`
	Meld int    `json:"meld"`
}
