package cards

import (
	"strings"

	"meldpad/rules/msg"
)

// Deck is one of the four decks: which cards it holds, how
// many copies of each, and which of them are wild. Decks are immutable.
type Deck struct {
	name   string
	key    string       // its id in messages: "deck.in.fanucci"
	order  []Card       // each distinct card once, canonical order
	copies map[Card]int // copies of each card
	wild   func(Card) bool
}

// The four decks, built once. They are read-only after construction.
var (
	fanucciDeck        = newDeck("Fanucci deck", "fanucci", fanucciCards(), 1, nil)
	standardDeck       = newDeck("standard deck", "standard", standardCards(), 1, nil)
	doubleStandardDeck = newDeck("two standard decks", "double_standard", standardCards(), 2, func(c Card) bool { return c.Rank == 2 })
	blackHeartDeck     = newBlackHeartDeck()
)

// Fanucci returns the 174-card Fanucci deck of Flathead Rummy and Trophy
// Case: fifteen suits of 0-9 and ∞, and nine trumps.
func Fanucci() *Deck { return fanucciDeck }

// Standard returns the 52-card deck of Fan Rummy.
func Standard() *Deck { return standardDeck }

// DoubleStandard returns Fortune Rummy's two standard decks (104 cards,
// each twice); deuces are wild.
func DoubleStandard() *Deck { return doubleStandardDeck }

// BlackHeart returns Black Heart Rum's 75 cards: spades and clubs A-K twice,
// hearts A-10 twice, and one J, Q and K of diamonds, which are wild.
func BlackHeart() *Deck { return blackHeartDeck }

func newDeck(name, key string, cs []Card, copies int, wild func(Card) bool) *Deck {
	d := &Deck{name: name, key: key, order: cs, copies: make(map[Card]int, len(cs)), wild: wild}
	for _, c := range cs {
		d.copies[c] = copies
	}
	return d
}

func newBlackHeartDeck() *Deck {
	var cs []Card
	for _, s := range []Suit{Spades, Hearts, Clubs} {
		top := King
		if s == Hearts {
			top = Ten
		}
		for r := Ace; r <= top; r++ {
			cs = append(cs, Card{Rank: r, Suit: s})
		}
	}
	d := newDeck("Black Heart deck", "black_heart", cs, 2, func(c Card) bool { return c.Suit == Diamonds })
	for _, r := range []Rank{Jack, Queen, King} {
		c := Card{Rank: r, Suit: Diamonds}
		d.order = append(d.order, c)
		d.copies[c] = 1
	}
	return d
}

func standardCards() []Card {
	var cs []Card
	for _, s := range StandardSuits() {
		for r := Ace; r <= King; r++ {
			cs = append(cs, Card{Rank: r, Suit: s})
		}
	}
	return cs
}

func fanucciCards() []Card {
	var cs []Card
	for _, s := range FanucciSuits() {
		for r := Rank(0); r <= 9; r++ {
			cs = append(cs, Card{Rank: r, Suit: s})
		}
		cs = append(cs, Card{Rank: Infinity, Suit: s})
	}
	for _, t := range Trumps() {
		cs = append(cs, NewTrump(t))
	}
	return cs
}

// Name returns the deck's name, as the API lists it: "Fanucci deck".
func (d *Deck) Name() string { return d.name }

// In says where a card is, for a message: "in the Fanucci deck".
func (d *Deck) In() msg.Msg { return msg.New("deck.in." + d.key) }

// DeckKeys lists the keys of the decks' messages (In), so that a test
// can check that every language names every deck.
func DeckKeys() []string {
	return []string{fanucciDeck.key, standardDeck.key, doubleStandardDeck.key, blackHeartDeck.key}
}

// Cards returns each distinct card of the deck once, in canonical order.
func (d *Deck) Cards() []Card { return append([]Card(nil), d.order...) }

// Size returns the number of cards in the deck, copies included.
func (d *Deck) Size() int {
	n := 0
	for _, k := range d.copies {
		n += k
	}
	return n
}

// Copies returns how many copies of c the deck holds (0 if none).
func (d *Deck) Copies(c Card) int { return d.copies[c] }

// Contains reports whether the deck holds at least one c.
func (d *Deck) Contains(c Card) bool { return d.copies[c] > 0 }

// IsWild reports whether c is a wild card of this deck, one that may carry
// a declared reading.
func (d *Deck) IsWild(c Card) bool { return d.wild != nil && d.Contains(c) && d.wild(c) }

// Parse reads one card of this deck. The error is a *ParseError with Pos
// -1.
func (d *Deck) Parse(s string) (Card, error) {
	c, err := d.parse(s, -1)
	if err != nil {
		return Card{}, err
	}
	return c, nil
}

func (d *Deck) parse(s string, pos int) (Card, *ParseError) {
	c, why := parseCard(s)
	if !why.IsZero() {
		text, why := msg.S("Text", strings.TrimSpace(s)), msg.M("Why", d.explain(s, why))
		pe := &ParseError{Input: s, Pos: pos, Msg: msg.New("cards.not_a_card", text, why), Err: ErrUnknownCard}
		if guess, ok := d.Guess(s); ok {
			pe.Guess = guess
			pe.Msg = msg.New("cards.not_a_card_guess", text, why, msg.M("Guess", guess.Words()))
		}
		return Card{}, pe
	}
	if !d.Contains(c) {
		return Card{}, &ParseError{Input: s, Pos: pos, Msg: notInDeck(c, d), Err: ErrNotInDeck}
	}
	return c, nil
}

// ParsePlay reads one card as laid in a meld, with an optional declared
// reading for a wild card: "2C=KD". The card must be in the deck and wild;
// the reading may be any card of the deck's kind (a wild may stand for a
// card the deck lacks; the game's rules judge whether it may).
func (d *Deck) ParsePlay(s string) (Play, error) {
	p, err := d.parsePlay(s, -1)
	if err != nil {
		return Play{}, err
	}
	return p, nil
}

func (d *Deck) parsePlay(s string, pos int) (Play, *ParseError) {
	left, right, declared := strings.Cut(s, "=")
	c, err := d.parse(left, pos)
	if err != nil {
		err.Input = s
		return Play{}, err
	}
	if !declared {
		return Play{Card: c}, nil
	}
	if !d.IsWild(c) {
		return Play{}, &ParseError{Input: s, Pos: pos, Msg: msg.New("cards.not_wild", msg.V("Card", c)), Err: ErrNotWild}
	}
	as, why := parseCard(right)
	if why.IsZero() && as.IsFanucci() != c.IsFanucci() {
		why = msg.New("cards.not_this_game")
	}
	if !why.IsZero() {
		return Play{}, &ParseError{Input: s, Pos: pos, Msg: msg.New("cards.not_for_wild", msg.S("Text", strings.TrimSpace(right)), msg.M("Why", why)), Err: ErrUnknownCard}
	}
	return Play{Card: c, As: as}, nil
}

// ParseList reads a list of cards of this deck and checks that together
// they hold no more copies of a card than the deck does. A *ParseError
// names the first bad card and its position.
func (d *Deck) ParseList(ss []string) ([]Card, error) {
	out := make([]Card, len(ss))
	t := d.NewTally()
	for i, s := range ss {
		c, err := d.parse(s, i)
		if err != nil {
			return nil, err
		}
		if err := t.add(c, s, i); err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

// ParsePlays reads a meld's cards with optional declared readings, checking
// copies as ParseList does.
func (d *Deck) ParsePlays(ss []string) ([]Play, error) {
	out := make([]Play, len(ss))
	t := d.NewTally()
	for i, s := range ss {
		p, err := d.parsePlay(s, i)
		if err != nil {
			return nil, err
		}
		if err := t.add(p.Card, s, i); err != nil {
			return nil, err
		}
		out[i] = p
	}
	return out, nil
}

// Tally counts cards across several lists (hands, melds, a table) so that
// together they never hold more copies of a card than the deck.
type Tally struct {
	deck *Deck
	seen map[Card]int
}

// NewTally returns an empty Tally for this deck.
func (d *Deck) NewTally() *Tally { return &Tally{deck: d, seen: make(map[Card]int)} }

// Add counts c. The error is a *ParseError (ErrNotInDeck or
// ErrTooManyCopies) with Pos -1; callers that know the position set it.
func (t *Tally) Add(c Card) error {
	if err := t.add(c, c.String(), -1); err != nil {
		return err
	}
	return nil
}

func (t *Tally) add(c Card, input string, pos int) *ParseError {
	limit := t.deck.Copies(c)
	if limit == 0 {
		return &ParseError{Input: input, Pos: pos, Msg: notInDeck(c, t.deck), Err: ErrNotInDeck}
	}
	if t.seen[c] >= limit {
		return &ParseError{Input: input, Pos: pos, Msg: tooMany(c, limit, t.deck), Err: ErrTooManyCopies}
	}
	t.seen[c]++
	return nil
}

// Count returns how many copies of c the tally holds.
func (t *Tally) Count(c Card) int { return t.seen[c] }

func notInDeck(c Card, d *Deck) msg.Msg {
	return msg.New("cards.not_in_deck", msg.V("Card", c), msg.M("Deck", d.In()))
}

func tooMany(c Card, limit int, d *Deck) msg.Msg {
	return msg.New("cards.too_many_copies", msg.N("Count", limit), msg.V("Card", c), msg.M("Deck", d.In()))
}
