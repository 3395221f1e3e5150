package handlers

import (
	"encoding/json"
	"net/url"
	"strings"

	"meldpad/db"
	"meldpad/rules"
	"meldpad/rules/cards"
	"meldpad/views"
)

// sheet is the card-by-card form of one game's hand. It reads what was
// entered at the table, asks the game's referee, and says what to store.
type sheet interface {
	// blank returns the form of a new hand.
	blank(t table) url.Values
	// values returns the form that shows a stored hand again.
	values(t table, record json.RawMessage) (url.Values, error)
	// judge reads the form and asks the rules. It fills vm's Body, Fields
	// and Judgement, and returns the hand to store once it is complete and
	// allowed (nil until then).
	judge(t table, form url.Values, vm *views.SheetVM) *db.HandInput
}

// sheets are the games that can be entered card by card.
var sheets = map[string]sheet{
	rules.Fan:      fanSheet{},
	rules.Flathead: flatheadSheet{},
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
