package handlers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"meldpad/rules/cards"
)

// apiProblem is an API answer other than 200: the status and the body of
// API.md ({"error", "field"} for 400, {"error", "rule"} for 422).
type apiProblem struct {
	status int
	body   any
}

func (p *apiProblem) Error() string { return fmt.Sprint(p.body) }

// apiBadInput is the body of a 400: field points at the culprit, and is
// "" (present, not left out) when the body as a whole is wrong.
type apiBadInput struct {
	Error string `json:"error"`
	Field string `json:"field"`
}

func badInput(field, msg string) *apiProblem {
	return &apiProblem{status: http.StatusBadRequest, body: apiBadInput{Error: msg, Field: field}}
}

// readJSON reads the request body as one JSON object. Bad JSON is 400; a
// body over the limit is 413 (the body-limit middleware cuts the reader).
func readJSON(c echo.Context) (map[string]any, error) {
	raw, err := io.ReadAll(c.Request().Body)
	if err != nil {
		var he *echo.HTTPError
		if errors.As(err, &he) {
			return nil, he
		}
		return nil, badInput("", "the request body could not be read")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, badInput("", "the body is not valid JSON: "+err.Error())
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, badInput("", "the body holds more than one JSON value")
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, badInput("", "the body must be a JSON object")
	}
	return obj, nil
}

// jsonReader walks a decoded body and remembers the first thing wrong,
// with the path of the field it is about ("hands[1][0]"). Every method
// returns a zero value once something is wrong, so a handler reads all its
// fields and checks r.err once.
type jsonReader struct {
	err *apiProblem
}

func (r *jsonReader) fail(field, msg string) {
	if r.err == nil {
		r.err = badInput(field, msg)
	}
}

func index(field string, i int) string { return field + "[" + strconv.Itoa(i) + "]" }

func member(field, key string) string {
	if field == "" {
		return key
	}
	return field + "." + key
}

// get returns obj[key] and whether it is present and not null. A missing
// required field is an error.
func (r *jsonReader) get(obj map[string]any, parent, key string, required bool) (any, bool) {
	v, ok := obj[key]
	if !ok || v == nil {
		if required {
			r.fail(member(parent, key), key+" is required")
		}
		return nil, false
	}
	return v, true
}

func (r *jsonReader) object(v any, field string) map[string]any {
	obj, ok := v.(map[string]any)
	if !ok && r.err == nil {
		r.fail(field, field+" must be an object")
	}
	return obj
}

func (r *jsonReader) list(v any, field string) []any {
	l, ok := v.([]any)
	if !ok && r.err == nil {
		r.fail(field, field+" must be a list")
	}
	return l
}

func (r *jsonReader) str(v any, field string) string {
	s, ok := v.(string)
	if !ok && r.err == nil {
		r.fail(field, field+" must be a string")
	}
	return s
}

func (r *jsonReader) boolean(v any, field string) bool {
	b, ok := v.(bool)
	if !ok && r.err == nil {
		r.fail(field, field+" must be true or false")
	}
	return b
}

// integer reads a whole number that fits comfortably in an int.
func (r *jsonReader) integer(v any, field string) int {
	n, ok := v.(json.Number)
	if !ok {
		r.fail(field, field+" must be a whole number")
		return 0
	}
	i, err := n.Int64()
	if err != nil || i > math.MaxInt32 || i < math.MinInt32 {
		r.fail(field, field+" must be a whole number")
		return 0
	}
	return int(i)
}

// seat reads a seat number from 0 to seats-1.
func (r *jsonReader) seat(v any, field string, seats int) int {
	s := r.integer(v, field)
	if r.err == nil && (s < 0 || s >= seats) {
		r.fail(field, field+" must be a seat from 0 to "+strconv.Itoa(seats-1))
	}
	return s
}

// cardList reads a list of cards of the deck, counting each in tally so
// that a card given more often than the deck holds it is refused where it
// appears.
func (r *jsonReader) cardList(v any, field string, deck *cards.Deck, tally *cards.Tally) []cards.Card {
	items := r.list(v, field)
	out := make([]cards.Card, 0, len(items))
	for i, item := range items {
		c := r.card(item, index(field, i), deck, tally)
		if r.err != nil {
			return nil
		}
		out = append(out, c)
	}
	return out
}

func (r *jsonReader) card(v any, field string, deck *cards.Deck, tally *cards.Tally) cards.Card {
	s := r.str(v, field)
	if r.err != nil {
		return cards.Card{}
	}
	c, err := deck.Parse(s)
	if err != nil {
		r.fail(field, parseMessage(err))
		return cards.Card{}
	}
	if tally != nil {
		if err := tally.Add(c); err != nil {
			r.fail(field, parseMessage(err))
		}
	}
	return c
}

// playList reads a meld's cards with optional declared readings ("2C=KD").
func (r *jsonReader) playList(v any, field string, deck *cards.Deck, tally *cards.Tally) []cards.Play {
	items := r.list(v, field)
	out := make([]cards.Play, 0, len(items))
	for i, item := range items {
		s := r.str(item, index(field, i))
		if r.err != nil {
			return nil
		}
		p, err := deck.ParsePlay(s)
		if err == nil && tally != nil {
			err = tally.Add(p.Card)
		}
		if err != nil {
			r.fail(index(field, i), parseMessage(err))
			return nil
		}
		out = append(out, p)
	}
	return out
}

// cardLists reads a list of card lists ("hands", "table").
func (r *jsonReader) cardLists(v any, field string, deck *cards.Deck, tally *cards.Tally) [][]cards.Card {
	items := r.list(v, field)
	out := make([][]cards.Card, 0, len(items))
	for i, item := range items {
		out = append(out, r.cardList(item, index(field, i), deck, tally))
		if r.err != nil {
			return nil
		}
	}
	return out
}

// playLists reads a list of melds with optional declared readings.
func (r *jsonReader) playLists(v any, field string, deck *cards.Deck, tally *cards.Tally) [][]cards.Play {
	items := r.list(v, field)
	out := make([][]cards.Play, 0, len(items))
	for i, item := range items {
		out = append(out, r.playList(item, index(field, i), deck, tally))
		if r.err != nil {
			return nil
		}
	}
	return out
}

// parseMessage is a card error in plain words, without the package
// prefix.
func parseMessage(err error) string {
	var pe *cards.ParseError
	if errors.As(err, &pe) {
		return pe.Msg
	}
	return err.Error()
}

// cardStrings prints cards canonically; a nil list prints as [].
func cardStrings(cs []cards.Card) []string {
	return append([]string{}, cards.Strings(cs)...)
}

// optionalSeat prints a seat, or null for -1.
func optionalSeat(seat int) *int {
	if seat < 0 {
		return nil
	}
	return &seat
}
