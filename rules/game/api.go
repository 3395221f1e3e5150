package game

import (
	"maps"
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
// ("hands/score"), and Serve, which binds the body (raw JSON) to the
// endpoint's request struct with Decode and returns the answer to
// encode. Serve's errors are a *ruling.InputError (400, with the field),
// a *ruling.Error (422, with the rule) or ctx's; nothing a client sends
// makes any other.
type Endpoint struct {
	Path  string
	Serve func(ctx Context, body []byte) (any, error)
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

// JudgeMeld judges q for a game whose melds are judged on their cards
// alone, as written (readings dropped): laying q.Cards down with check,
// or laying them off onto q.Onto with layoff.
func JudgeMeld[V any](q MeldQuestion, check func(meld []cards.Card) V, layoff func(onto, added []cards.Card) V) V {
	if q.Layoff {
		return layoff(CardsOf(q.Onto), CardsOf(q.Cards))
	}
	return check(CardsOf(q.Cards))
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

// Body reads the values of a decoded request (Decode) as the game
// understands them: cards of its deck, seats of its table. It remembers
// the first thing wrong, with the path of the field it is about
// ("hands[1][0]"). Every method returns a zero value once something is
// wrong, so an endpoint reads all its fields and checks Err once.
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

// Seat checks a seat number from 0 to seats-1.
func (r *Body) Seat(s int, field string, seats int) int {
	if r.Err == nil && (s < 0 || s >= seats) {
		r.FailWith(field, msg.New("api.not_a_seat", msg.S("Field", field), msg.S("Last", strconv.Itoa(seats-1))))
	}
	return s
}

// Card reads one card of the deck, counting it in tally (when not nil) so
// that a card given more often than the deck holds it is refused where it
// appears.
func (r *Body) Card(s string, field string, deck *cards.Deck, tally *cards.Tally) cards.Card {
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
func (r *Body) CardList(items []string, field string, deck *cards.Deck, tally *cards.Tally) []cards.Card {
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
func (r *Body) PlayList(items []string, field string, deck *cards.Deck, tally *cards.Tally) []cards.Play {
	if r.Err != nil {
		return nil
	}
	out := make([]cards.Play, 0, len(items))
	for i, item := range items {
		p, err := deck.ParsePlay(item)
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
func (r *Body) CardLists(items [][]string, field string, deck *cards.Deck, tally *cards.Tally) [][]cards.Card {
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
func (r *Body) PlayLists(items [][]string, field string, deck *cards.Deck, tally *cards.Tally) [][]cards.Play {
	out := make([][]cards.Play, 0, len(items))
	for i, item := range items {
		out = append(out, r.PlayList(item, Index(field, i), deck, tally))
		if r.Err != nil {
			return nil
		}
	}
	return out
}

// HouseRules is the optional "house_rules" object of a request
// ({"big_sets": true}): a game's house rules, on or off. Decode refuses
// a key the game does not have; a request starts with HouseRulesOf its
// game so that Decode knows them.
type HouseRules struct {
	info Info
	on   map[string]bool
}

// HouseRulesOf is the house rules of a request about info's game, before
// Decode reads them: none given.
func HouseRulesOf(info Info) HouseRules { return HouseRules{info: info} }

// On is each house rule given, by key; never nil.
func (h HouseRules) On() map[string]bool {
	out := make(map[string]bool, len(h.on))
	maps.Copy(out, h.on)
	return out
}

func (h *HouseRules) bind(v any, field string) *ruling.InputError {
	obj, ok := v.(map[string]any)
	if !ok {
		return ruling.Bad(field, msg.New("api.not_an_object", msg.S("Field", field)))
	}
	h.on = make(map[string]bool, len(obj))
	for _, key := range sortedKeys(obj) {
		if _, known := h.info.HouseRule(key); !known {
			return ruling.Bad(Member(field, key), msg.New("api.unknown_house_rule", msg.S("Key", key), msg.S("Game", h.info.Name)))
		}
		on, ok := obj[key].(bool)
		if !ok {
			return ruling.Bad(Member(field, key), msg.New("api.not_a_bool", msg.S("Field", Member(field, key))))
		}
		h.on[key] = on
	}
	return nil
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

// PlayerCount checks that a request's "players" has one entry per seat
// of a game of info's table sizes.
func (r *Body) PlayerCount(n int, info Info) {
	if n < info.MinPlayers || n > info.MaxPlayers {
		r.FailWith("players", msg.New("api.players", msg.S("Game", info.Name), msg.N("Min", info.MinPlayers), msg.N("Max", info.MaxPlayers)))
	}
}

// meldRequest is the body of POST /api/v1/{game}/melds/check (API.md):
// the cards, the meld they are laid off onto if any, and the house
// rules.
type meldRequest struct {
	Cards      []string   `json:"cards" api:"required"`
	Onto       []string   `json:"onto"`
	HouseRules HouseRules `json:"house_rules"`
}

// ReadMeldQuestion reads the body of POST /api/v1/{game}/melds/check.
// The server and the modules' tests read it the same way.
func ReadMeldQuestion(raw []byte, info Info) (MeldQuestion, error) {
	req := meldRequest{HouseRules: HouseRulesOf(info)}
	if err := Decode(raw, &req); err != nil {
		return MeldQuestion{}, err
	}
	var r Body
	var q MeldQuestion
	tally := info.Deck.NewTally()
	q.Cards = r.PlayList(req.Cards, "cards", info.Deck, tally)
	if req.Onto != nil {
		q.Onto, q.Layoff = r.PlayList(req.Onto, "onto", info.Deck, tally), true
	}
	q.House = req.HouseRules.On()
	return q, r.Error()
}
