package game

import (
	"errors"
	"net/url"
	"strconv"
	"strings"

	"meldpad/rules/cards"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Reader reads the card fields of one sheet. It counts every card across
// all the sheet's fields, so a card entered twice (or more often than the
// deck holds it) is refused in the field where it appears too often,
// naming the field that has it already.
type Reader struct {
	deck *cards.Deck
	say  msg.Sayer               // says what is wrong with a field
	seen map[cards.Card][]string // labels of the fields holding each card
}

// NewReader returns a Reader of fields of deck's cards, saying what is
// wrong with them in ctx's language (msg.From).
func NewReader(ctx Context, deck *cards.Deck) *Reader {
	return &Reader{deck: deck, say: msg.From(ctx), seen: map[cards.Card][]string{}}
}

// Say says m in the language the reader says what is wrong in, for a
// sheet's other messages (a verdict beside a field).
func (r *Reader) Say(m msg.Msg) string { return r.say.Say(m) }

// Deck is the deck the reader reads.
func (r *Reader) Deck() *cards.Deck { return r.deck }

// Field reads the named field of cards, counted with the others. It
// returns the plays (nil when the field has an error) and the field, to
// which the sheet may add a verdict. A field with a card that cannot be
// read still shows the others as chips.
func (r *Reader) Field(form url.Values, name, label, placeholder string) ([]cards.Play, *CardField) {
	f := &CardField{Name: name, Label: label, Value: form.Get(name), Placeholder: placeholder}
	plays, bad := r.deck.ReadText(f.Value)
	if bad != nil {
		// The cards read are shown all the same, beside what is wrong
		// with the one that is not; none counts until the field is right.
		f.Error = r.say.Say(bad.Msg)
		for _, p := range plays {
			f.Chips = append(f.Chips, ChipIn(r.say, p))
		}
		return nil, f
	}
	for i, p := range plays {
		f.Chips = append(f.Chips, ChipIn(r.say, p))
		where := r.seen[p.Card]
		if len(where) >= r.deck.Copies(p.Card) {
			f.Error = r.say.Say(copiesMessage(p.Card, r.deck.Copies(p.Card), where))
			f.Chips[i].Over = true
			return nil, f
		}
		r.seen[p.Card] = append(where, label)
	}
	return plays, f
}

// Single reads a field that holds one card, not counted with the others
// (Fan's knock card is also picked up into a hand). It reports false when
// the field is empty or wrong.
func (r *Reader) Single(form url.Values, name, label, placeholder string) (cards.Card, bool, *CardField) {
	f := &CardField{Name: name, Label: label, Value: form.Get(name), Placeholder: placeholder, Single: true, Apart: true}
	plays, err := r.deck.ParseText(f.Value)
	switch {
	case err != nil:
		f.Error = r.say.Say(ParseMessage(err))
	case len(plays) > 1:
		f.Error = r.say.Say(msg.New("game.one_card"))
	case len(plays) == 1 && plays[0].Declared():
		f.Error = r.say.Say(msg.New("game.no_reading"))
	case len(plays) == 1:
		f.Chips = append(f.Chips, ChipIn(r.say, plays[0]))
		return plays[0].Card, true, f
	}
	return cards.Card{}, false, f
}

// Card reads a field that holds at most one card, counted with the
// others (a play on a Trophy Case trick: each card can be played only
// once). It reports false when the field is empty or wrong.
func (r *Reader) Card(form url.Values, name, label, placeholder string) (cards.Card, bool, *CardField) {
	plays, f := r.Field(form, name, label, placeholder)
	f.Single = true
	switch {
	case f.Error != "" || len(plays) == 0:
		return cards.Card{}, false, f
	case len(plays) > 1:
		f.Error = r.say.Say(msg.New("game.one_card"))
		return cards.Card{}, false, f
	}
	return plays[0].Card, true, f
}

// copiesMessage says that c is in the fields where already, as often as
// the deck holds it.
func copiesMessage(c cards.Card, copies int, where []string) msg.Msg {
	return msg.New("game.copies_taken", msg.N("Count", copies), msg.V("Card", c), msg.Strings("Where", where))
}

// ParseMessage is a card error in plain words, without the package
// prefix.
func ParseMessage(err error) msg.Msg {
	var pe *cards.ParseError
	if errors.As(err, &pe) {
		return pe.Msg
	}
	return msg.Text(err.Error())
}

// ChipOf shows a card with its colour; standard suits as symbols, so a
// chip reads like the card ("A♠", "2C=K♦").
func ChipOf(p cards.Play) Chip {
	ch := Chip{Card: p.String(), Label: CardLabel(p.Card), Colour: p.Card.Colour().String()}
	if p.Declared() {
		ch.Label += "=" + CardLabel(p.As)
	}
	if p.Card.IsTrump() {
		ch.Colour = "trump"
	}
	return ch
}

// ChipIn is ChipOf with the card's face as say's language writes it: the
// queen of spades is "Q♠" in English, "D♠" in German (GLOSSARY.md of
// meldpad/locale). Plain says it as ChipOf does.
func ChipIn(say msg.Sayer, p cards.Play) Chip {
	ch := ChipOf(p)
	if say != nil && say != msg.Plain {
		ch.Label = say.Say(msg.Value(cards.FacePlay(p)))
	}
	return ch
}

// FaceLabel is a card as a chip in say's language shows it (ChipIn):
// "D♠" in German; CardLabel's for Plain.
func FaceLabel(say msg.Sayer, c cards.Card) string {
	if say == nil || say == msg.Plain {
		return CardLabel(c)
	}
	return say.Say(msg.Value(cards.Face(c)))
}

// FaceLabels are FaceLabel's of cs.
func FaceLabels(say msg.Sayer, cs []cards.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = FaceLabel(say, c)
	}
	return out
}

// CardLabel prints a card for people: suit symbols for standard cards.
func CardLabel(c cards.Card) string {
	if c.Suit.IsStandard() {
		return c.Rank.String() + c.Suit.Symbol()
	}
	return c.String()
}

// CardsOf drops the readings of plays.
func CardsOf(plays []cards.Play) []cards.Card {
	out := make([]cards.Card, len(plays))
	for i, p := range plays {
		out[i] = p.Card
	}
	return out
}

// PlayStrings prints plays canonically, declared readings included.
func PlayStrings(ps []cards.Play) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}

// CardLabels prints cards for people, as the chips show them ("7♠",
// "7 Lamps"): what a page's text says of cards, so that it reads like
// the chips beside it.
func CardLabels(cs []cards.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = CardLabel(c)
	}
	return out
}

// PlayLabels prints plays as the chips show them ("2♣=K♦").
func PlayLabels(ps []cards.Play) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = ChipOf(p).Label
	}
	return out
}

// JoinCards prints cards the way a field holds them.
func JoinCards(cs []string) string { return strings.Join(cs, ", ") }

// ReadSeat reads a seat from a radio group or a select; false when none
// of the table's seats is chosen (the sheet then asks for it).
func ReadSeat(form url.Values, name string, seats int) (int, bool) {
	seat, err := strconv.Atoi(form.Get(name))
	if err != nil || seat < 0 || seat >= seats {
		return -1, false
	}
	return seat, true
}

// A group is a run of fields a sheet shows as many of as needed (a
// Fortune player's melds): field i of group g is named "g_i". The page
// carries how many fields it shows in a hidden input, CountName(g), so
// that the "more" button (action "more:g") can ask for one more, with or
// without scripts.

// MaxGroupFields bounds a group: more melds than one hand could hold
// (two decks of 104 cards make at most 34 melds of three).
const MaxGroupFields = 40

// MoreKey names, in the values a sheet judges, the group whose "more"
// button was pressed, so that the sheet can put the cursor in the new
// field.
const MoreKey = "more"

// CountName is the hidden input holding a group's field count.
func CountName(group string) string { return "fields_" + group }

// GroupField is the name of a group's field i.
func GroupField(group string, i int) string { return group + "_" + strconv.Itoa(i) }

// PostedCount is the group's field count as the page had it: 0 when
// absent or not a number, never more than MaxGroupFields. A field at or
// past it that is empty is new on this page (CardField.Fresh).
func PostedCount(form url.Values, group string) int {
	n, err := strconv.Atoi(form.Get(CountName(group)))
	if err != nil || n < 0 {
		return 0
	}
	return min(n, MaxGroupFields)
}

// AddField raises a group's field count by one: the "more" button.
func AddField(form url.Values, group string) {
	form.Set(CountName(group), strconv.Itoa(min(PostedCount(form, group)+1, MaxGroupFields)))
	form.Set(MoreKey, group)
}

// GroupFields returns how many of the group's fields to show: as many as
// the page had, and at least one empty field after the last filled one
// (up to MaxGroupFields). focus is the field to put the cursor in, the
// first empty one when the group's "more" button was pressed, else -1.
func GroupFields(form url.Values, group string) (shown, focus int) {
	lastFilled, firstEmpty := -1, -1
	for i := range MaxGroupFields {
		if strings.TrimSpace(form.Get(GroupField(group, i))) != "" {
			lastFilled = i
		} else if firstEmpty < 0 {
			firstEmpty = i
		}
	}
	shown = min(max(PostedCount(form, group), lastFilled+2), MaxGroupFields)
	focus = -1
	if form.Get(MoreKey) == group && firstEmpty < shown {
		focus = firstEmpty
	}
	return shown, focus
}

// Sum is terms added up: "30 + 15 = 45", or just "30" for one term.
func Sum(terms []msg.Msg, total int) msg.Msg {
	if len(terms) == 1 {
		return terms[0]
	}
	return msg.New(msg.ValueID, msg.Join("Value", " = ", []msg.Msg{msg.New(msg.ValueID, msg.Join("Value", " + ", terms)), msg.Value(total)}))
}

// Held is the working of what a player still holds, each card with its
// cost by the game's rule: "left in hand Q♠ 50 + A♥ 10 = 60", or
// "nothing left in hand (went out)".
func Held(hand []cards.Card, cost func(cards.Card) int, total int, wentOut bool) msg.Msg {
	switch {
	case len(hand) == 0 && wentOut:
		return msg.New("game.sheet.held_none_out")
	case len(hand) == 0:
		return msg.New("game.sheet.held_none")
	}
	terms := make([]msg.Msg, len(hand))
	for i, c := range hand {
		terms[i] = msg.New("game.sheet.term_card", msg.V("Card", cards.Face(c)), msg.N("Points", cost(c)))
	}
	return msg.New("game.sheet.held", msg.M("Sum", Sum(terms, total)))
}

func itoa(n int) string { return strconv.Itoa(n) }

// CheckStored checks a stored record's list of cards (field names it in
// the record): every card one of the deck, with a reading ("2C=KD") only
// where played says a card may have one. A record's decoder uses it.
func CheckStored(deck *cards.Deck, list []string, field string, played bool) error {
	for i, s := range list {
		var err error
		if played {
			_, err = deck.ParsePlay(s)
		} else {
			_, err = deck.Parse(s)
		}
		if err != nil {
			at := Index(field, i)
			return ruling.Bad(at, msg.New("game.stored_card", msg.S("Field", at), msg.S("Text", strconv.Quote(s)), msg.M("Why", ParseMessage(err))))
		}
	}
	return nil
}

// CheckStoredGroup checks a stored record's group of card lists (a
// player's melds, in field): no more than a sheet shows, each list one
// CheckStored passes with readings allowed. noun names a list in the
// message ("melds", "sets"): a message, the word in the page's language.
func CheckStoredGroup(deck *cards.Deck, lists [][]string, field string, noun msg.Msg) error {
	if len(lists) > MaxGroupFields {
		return ruling.Bad(field, msg.New("game.too_many_lists", msg.S("Field", field), msg.N("Count", len(lists)), msg.M("Lists", noun), msg.N("Max", MaxGroupFields)))
	}
	for i, list := range lists {
		if err := CheckStored(deck, list, Index(field, i), true); err != nil {
			return err
		}
	}
	return nil
}
