package game

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"strconv"

	"meldpad/rules/cards"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// APIServer is a game with JSON endpoints of its own under
// /api/v1/{game}/ (API.md).
type APIServer interface {
	Endpoints() []Endpoint
}

// Endpoint is one POST endpoint: Path below the game's prefix
// ("hands/score"), and Serve, which reads the body (a JSON object, already
// decoded) and returns the answer to encode. Serve's errors are a
// *ruling.InputError (400, with the field), a *ruling.Error (422, with the
// rule) or ctx's; nothing a client sends makes any other.
type Endpoint struct {
	Path  string
	Serve func(ctx Context, body map[string]any) (any, error)
}

// MeldChecker is a game with melds: POST /api/v1/{game}/melds/check, and
// the referee page's "a meld or a lay-off".
type MeldChecker interface {
	// CheckMeld judges laying down q.Cards, or laying them off onto q.Onto
	// when q.Layoff.
	CheckMeld(q MeldQuestion) MeldVerdict
	// ExampleMeld is a meld to show as an example: "7 Lamps, 7 Plungers,
	// Grue".
	ExampleMeld() string
}

// MeldQuestion is a meld to judge, as read from a request.
type MeldQuestion struct {
	Cards  []cards.Play
	Onto   []cards.Play
	Layoff bool
	House  map[string]bool
	// Say says the verdict's words in the language of the answer; nil
	// says them plainly (msg.Plain).
	Say msg.Sayer
}

// Said says m as the answer's words: in q.Say's language.
func (q MeldQuestion) Said(m msg.Msg) string {
	if q.Say == nil {
		return m.String()
	}
	return q.Say.Say(m)
}

// MeldVerdict is the answer of melds/check (API.md). Kind is nil when
// the meld is not valid; Points is nil in games whose melds score
// nothing by themselves. Rules lists every rule the reason cites, Rule
// the one the verdict turns on.
type MeldVerdict struct {
	Valid    bool     `json:"valid"`
	Kind     *string  `json:"kind"`
	Bonus    bool     `json:"bonus"`
	Points   *int     `json:"points"`
	Reason   string   `json:"reason"`
	Rule     string   `json:"rule"`
	Rules    []string `json:"rules,omitempty"`
	Readings []string `json:"readings,omitempty"`
	// Tag is what the page writes beside a valid meld ("bonus",
	// "royale"); not part of the API.
	Tag string `json:"-"`
	// Details are sentences the referee page adds under the verdict, in
	// the game's own words ("A bonus meld: ... (F4)"); not part of the
	// API.
	Details []string `json:"-"`
}

// KindName is a meld kind's name in a verdict, nil when the meld is not
// valid.
func KindName(valid bool, name string) *string {
	if !valid {
		return nil
	}
	return &name
}

// PointsOf is a meld's points in a verdict, nil when it is not valid.
func PointsOf(valid bool, points int) *int {
	if !valid {
		return nil
	}
	return &points
}

// DecodeBody reads a request body as one JSON object, numbers kept as
// json.Number. Anything else is an *ruling.InputError about the body as a
// whole (field "").
func DecodeBody(raw []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, ruling.Bad("", msg.New("api.not_json", msg.S("Detail", err.Error())))
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, ruling.Bad("", msg.New("api.two_values"))
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, ruling.Bad("", msg.New("api.not_object"))
	}
	return obj, nil
}

// Body walks a decoded body and remembers the first thing wrong, with the
// path of the field it is about ("hands[1][0]"). Every method returns a
// zero value once something is wrong, so an endpoint reads all its fields
// and checks Err once.
type Body struct {
	Err *ruling.InputError
}

// Fail records what is wrong with field as text said as it is in every
// language, unless something already is. The rules say theirs through
// the catalogs (FailWith); Fail is for callers outside them.
func (r *Body) Fail(field, text string) {
	r.FailWith(field, msg.Text(text))
}

// FailWith records what is wrong with field as a message, unless
// something already is.
func (r *Body) FailWith(field string, m msg.Msg) {
	if r.Err == nil {
		r.Err = ruling.Bad(field, m)
	}
}

// Error is Err as an error: nil when nothing is wrong.
func (r *Body) Error() error {
	if r.Err == nil {
		return nil
	}
	return r.Err
}

// Index is the path of item i of a list field: "hands[1]".
func Index(field string, i int) string { return field + "[" + strconv.Itoa(i) + "]" }

// Member is the path of a key of an object field: "house_rules.big_sets".
func Member(field, key string) string {
	if field == "" {
		return key
	}
	return field + "." + key
}

// Get returns obj[key] and whether it is present and not null. A missing
// required field is an error.
func (r *Body) Get(obj map[string]any, parent, key string, required bool) (any, bool) {
	v, ok := obj[key]
	if !ok || v == nil {
		if required {
			r.FailWith(Member(parent, key), msg.New("api.required", msg.S("Field", key)))
		}
		return nil, false
	}
	return v, true
}

// Object reads an object.
func (r *Body) Object(v any, field string) map[string]any {
	obj, ok := v.(map[string]any)
	if !ok && r.Err == nil {
		r.FailWith(field, msg.New("api.not_an_object", msg.S("Field", field)))
	}
	return obj
}

// List reads a list.
func (r *Body) List(v any, field string) []any {
	l, ok := v.([]any)
	if !ok && r.Err == nil {
		r.FailWith(field, msg.New("api.not_a_list", msg.S("Field", field)))
	}
	return l
}

// Str reads a string.
func (r *Body) Str(v any, field string) string {
	s, ok := v.(string)
	if !ok && r.Err == nil {
		r.FailWith(field, msg.New("api.not_a_string", msg.S("Field", field)))
	}
	return s
}

// Bool reads true or false.
func (r *Body) Bool(v any, field string) bool {
	b, ok := v.(bool)
	if !ok && r.Err == nil {
		r.FailWith(field, msg.New("api.not_a_bool", msg.S("Field", field)))
	}
	return b
}

// Int reads a whole number that fits comfortably in an int.
func (r *Body) Int(v any, field string) int {
	n, ok := v.(json.Number)
	if !ok {
		r.FailWith(field, msg.New("api.not_a_number", msg.S("Field", field)))
		return 0
	}
	i, err := n.Int64()
	if err != nil || i > math.MaxInt32 || i < math.MinInt32 {
		r.FailWith(field, msg.New("api.not_a_number", msg.S("Field", field)))
		return 0
	}
	return int(i)
}

// Seat reads a seat number from 0 to seats-1.
func (r *Body) Seat(v any, field string, seats int) int {
	s := r.Int(v, field)
	if r.Err == nil && (s < 0 || s >= seats) {
		r.FailWith(field, msg.New("api.not_a_seat", msg.S("Field", field), msg.S("Last", strconv.Itoa(seats-1))))
	}
	return s
}

// IntList reads a list of whole numbers.
func (r *Body) IntList(v any, field string) []int {
	items := r.List(v, field)
	out := make([]int, 0, len(items))
	for i, item := range items {
		n := r.Int(item, Index(field, i))
		if r.Err != nil {
			return nil
		}
		out = append(out, n)
	}
	return out
}

// Card reads one card of the deck, counting it in tally (when not nil) so
// that a card given more often than the deck holds it is refused where it
// appears.
func (r *Body) Card(v any, field string, deck *cards.Deck, tally *cards.Tally) cards.Card {
	s := r.Str(v, field)
	if r.Err != nil {
		return cards.Card{}
	}
	c, err := deck.Parse(s)
	if err != nil {
		r.FailWith(field, ParseMessage(err))
		return cards.Card{}
	}
	if tally != nil {
		if err := tally.Add(c); err != nil {
			r.FailWith(field, ParseMessage(err))
		}
	}
	return c
}

// CardList reads a list of cards of the deck.
func (r *Body) CardList(v any, field string, deck *cards.Deck, tally *cards.Tally) []cards.Card {
	items := r.List(v, field)
	out := make([]cards.Card, 0, len(items))
	for i, item := range items {
		c := r.Card(item, Index(field, i), deck, tally)
		if r.Err != nil {
			return nil
		}
		out = append(out, c)
	}
	return out
}

// PlayList reads a meld's cards with optional declared readings ("2C=KD").
func (r *Body) PlayList(v any, field string, deck *cards.Deck, tally *cards.Tally) []cards.Play {
	items := r.List(v, field)
	out := make([]cards.Play, 0, len(items))
	for i, item := range items {
		s := r.Str(item, Index(field, i))
		if r.Err != nil {
			return nil
		}
		p, err := deck.ParsePlay(s)
		if err == nil && tally != nil {
			err = tally.Add(p.Card)
		}
		if err != nil {
			r.FailWith(Index(field, i), ParseMessage(err))
			return nil
		}
		out = append(out, p)
	}
	return out
}

// CardLists reads a list of card lists ("hands", "table").
func (r *Body) CardLists(v any, field string, deck *cards.Deck, tally *cards.Tally) [][]cards.Card {
	items := r.List(v, field)
	out := make([][]cards.Card, 0, len(items))
	for i, item := range items {
		out = append(out, r.CardList(item, Index(field, i), deck, tally))
		if r.Err != nil {
			return nil
		}
	}
	return out
}

// PlayLists reads a list of melds with optional declared readings.
func (r *Body) PlayLists(v any, field string, deck *cards.Deck, tally *cards.Tally) [][]cards.Play {
	items := r.List(v, field)
	out := make([][]cards.Play, 0, len(items))
	for i, item := range items {
		out = append(out, r.PlayList(item, Index(field, i), deck, tally))
		if r.Err != nil {
			return nil
		}
	}
	return out
}

// HouseRules reads the optional "house_rules" object of a game:
// {"big_sets": true}. A key the game does not have is an error.
func (r *Body) HouseRules(body map[string]any, info Info) map[string]bool {
	out := map[string]bool{}
	v, ok := r.Get(body, "", "house_rules", false)
	if !ok {
		return out
	}
	for key, value := range r.Object(v, "house_rules") {
		field := Member("house_rules", key)
		if _, known := info.HouseRule(key); !known {
			r.FailWith(field, msg.New("api.unknown_house_rule", msg.S("Key", key), msg.S("Game", info.Name)))
			return out
		}
		out[key] = r.Bool(value, field)
	}
	return out
}

// CardStrings prints cards canonically; a nil list prints as [].
func CardStrings(cs []cards.Card) []string {
	return append([]string{}, cards.Strings(cs)...)
}

// OptionalSeat prints a seat, or null for -1.
func OptionalSeat(seat int) *int {
	if seat < 0 {
		return nil
	}
	return &seat
}

// Players reads "players" as a list of objects, one per seat of a game of
// info's table sizes, calling each with every object and its path
// ("players[1]").
func (r *Body) Players(body map[string]any, info Info, each func(obj map[string]any, field string)) {
	v, ok := r.Get(body, "", "players", true)
	if !ok {
		return
	}
	list := r.List(v, "players")
	if r.Err == nil && (len(list) < info.MinPlayers || len(list) > info.MaxPlayers) {
		r.FailWith("players", msg.New("api.players", msg.S("Game", info.Name), msg.N("Min", info.MinPlayers), msg.N("Max", info.MaxPlayers)))
	}
	for i, item := range list {
		field := Index("players", i)
		obj := r.Object(item, field)
		if r.Err != nil {
			return
		}
		each(obj, field)
	}
}

// ReadMeldQuestion reads the body of POST /api/v1/{game}/melds/check
// (API.md): the cards, the meld they are laid off onto if any, and the
// house rules. The server and the modules' tests read it the same way.
func ReadMeldQuestion(body map[string]any, info Info) (MeldQuestion, error) {
	var r Body
	var q MeldQuestion
	tally := info.Deck.NewTally()
	if v, ok := r.Get(body, "", "cards", true); ok {
		q.Cards = r.PlayList(v, "cards", info.Deck, tally)
	}
	if v, ok := r.Get(body, "", "onto", false); ok {
		q.Onto, q.Layoff = r.PlayList(v, "onto", info.Deck, tally), true
	}
	q.House = r.HouseRules(body, info)
	return q, r.Error()
}
