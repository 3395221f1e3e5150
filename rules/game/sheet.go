package game

import (
	"encoding/json"
	"net/url"
)

// Sheeter is a game whose hands can be entered card by card: what lies on
// the table at the end of a hand, judged by the referee as it is typed.
type Sheeter interface {
	// Blank is the form of a new hand.
	Blank(t Table) url.Values
	// Values decodes a stored record into the form that shows it again.
	// It is the game's one decoder of its records: the scorepad, the
	// history and the import all use it, and a record it refuses is not
	// one this game stores (an import holding one is refused whole).
	Values(t Table, record json.RawMessage) (url.Values, error)
	// Judge reads the form and asks the referee. It lays out the sheet
	// with every field as read (chips, errors, verdicts) and the
	// judgement, and returns the hand to store once it is complete and
	// allowed (nil until then). Its error is ctx's: the referee was
	// stopped.
	Judge(ctx Context, t Table, form url.Values) (Sheet, *Hand, error)
}

// Hand is a hand to store: its record (the game's own JSON shape) and
// what it scores.
type Hand struct {
	Record   json.RawMessage
	Points   []int
	Seat     int // the seat the entry names, or -1
	EndsHand bool
}

// Sheet is one hand's card-by-card form as the game lays it out: notes,
// the inputs in order, and the judgement. The pages draw it; a preview
// updates each card field's feedback, each badge and the judgement in
// place.
type Sheet struct {
	Notes     []string // short paragraphs before the inputs; `code` in backquotes
	Parts     []Part
	Judgement Judgement
}

// PartKind is what a Part of a sheet is.
type PartKind uint8

const (
	// Cards is a field of cards (Field).
	Cards PartKind = iota
	// Choice is a row of radio buttons (Name, Label as legend, Options,
	// Value chosen, Error).
	Choice
	// Check is a checkbox (Name, Label, Help in small print, On).
	Check
	// Select is a drop-down (Name, Label, Options, Value chosen, Help as a
	// note below it).
	Select
	// Section is a titled group of parts (Label as heading, ID, Badge;
	// Tally when its cards are counted apart from the rest of the
	// sheet's).
	Section
	// More is a button that shows the sheet again with more inputs (Value
	// is its action, "more:GROUP" or "more"; Label its text, Help its
	// accessible name).
	More
	// Hidden is a hidden input (Name, Value).
	Hidden
	// Details is a part that opens (Label as its summary, Help as a note,
	// On when open).
	Details
	// Row is one line of inputs (a Trophy Case play): its Parts side by
	// side, Label its number, and the feedback of its card field below.
	// Rows next to each other make one numbered list.
	Row
)

// Part is one input or group of inputs of a sheet.
type Part struct {
	Kind    PartKind
	Name    string
	Label   string
	Help    string
	Value   string
	On      bool
	Options []Option
	Error   string
	Field   *CardField
	Parts   []Part
	ID      string
	Badge   *Badge
	Indent  bool // drawn under the part before it (a lay-off under its meld)
	// Tally marks a Section whose cards are a count of their own: the
	// card picker offers a card again there however often the rest of
	// the sheet holds it (a Trophy Case trick's plays, beside its quick
	// entry).
	Tally bool
}

// Option is one choice of a Choice or a Select.
type Option struct {
	Value string
	Label string
}

// Badge is a small mark beside a section's heading that the preview
// updates (a Flathead player's bonus marks, F4).
type Badge struct {
	ID    string
	Text  string
	Title string
}

// CardField is one field of cards: what was typed, the cards read from it
// as chips, what is wrong with it, and the verdict on the meld it holds.
type CardField struct {
	Name        string
	Label       string
	Value       string
	Placeholder string
	Error       string
	Chips       []Chip
	Verdict     *Verdict
	// Autofocus puts the cursor here (the field a "more" button added).
	Autofocus bool
	// Single marks a field of one card (a Trophy Case play).
	Single bool
	// Max is the most cards the field holds (a Fan hand's 10), 0 for no
	// fixed number: the card picker moves on to the next field once it
	// holds that many.
	Max int
	// Apart marks a field whose card is not counted with the others
	// (Fan's knock card, also picked up into a hand): the picker offers
	// its card again elsewhere.
	Apart bool
	// Fresh marks a field the page did not show yet (one more field of a
	// group): it is drawn, but has nothing read and no feedback in the
	// page for a preview to replace.
	Fresh bool
}

// Chip is one card read from a field.
type Chip struct {
	Card   string // canonical, as typed back into the field
	Label  string // as shown: "A♠", "7 Lamps"
	Colour string // red, blue, black, green, yellow, trump
	Note   string // what a wild stands for: "as 7H"
	Over   bool   // one copy too many: the card the field's error is about
}

// Verdict is the rules' word on a meld or a lay-off.
type Verdict struct {
	OK    bool
	Text  string
	Tag   string   // "bonus", "royale"
	Rules []string // the rule ids it rests on
}

// Judgement is the outcome of the hand so far: lines of working, the
// points by seat, and whether it can be saved.
type Judgement struct {
	Lines   []string
	Names   []string
	Points  []int
	Problem string // why it cannot be saved yet
	Ready   bool
	// Confirm, when not empty, is a question the table answers before a
	// ready hand is saved: something allowed but more likely a slip
	// ("Bob's hand is blank: did Bob lay off every card?").
	Confirm string
}

// Fields lists every card field of the sheet a preview updates, in
// order: all but the fresh ones.
func (s Sheet) Fields() []*CardField {
	var out []*CardField
	var walk func(parts []Part)
	walk = func(parts []Part) {
		for _, p := range parts {
			if p.Field != nil && !p.Field.Fresh {
				out = append(out, p.Field)
			}
			walk(p.Parts)
		}
	}
	walk(s.Parts)
	return out
}

// Badges lists every badge of the sheet, in order.
func (s Sheet) Badges() []*Badge {
	var out []*Badge
	var walk func(parts []Part)
	walk = func(parts []Part) {
		for _, p := range parts {
			if p.Badge != nil {
				out = append(out, p.Badge)
			}
			walk(p.Parts)
		}
	}
	walk(s.Parts)
	return out
}

// CardsPart is a Part holding a card field.
func CardsPart(f *CardField) Part { return Part{Kind: Cards, Name: f.Name, Field: f} }

// SeatChoice is a Choice of one of the table's seats, by name.
func SeatChoice(name, legend string, names []string, chosen, errMsg string) Part {
	p := Part{Kind: Choice, Name: name, Label: legend, Value: chosen, Error: errMsg}
	for i, n := range names {
		p.Options = append(p.Options, Option{Value: itoa(i), Label: n})
	}
	return p
}
