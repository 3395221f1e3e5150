package rules

import (
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"

	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// CheckRecord decodes the record of a hand entered card by card in a game
// of the given rules and number of seats, with the decoder that shows
// such a hand again (its sheet's Values), and says why it cannot be
// shown, as a message (rules/msg) a Localizer says. The import refuses
// a file holding such a record, so that no imported hand's page fails.
// The modules' decoders never panic, whatever the record
// (FuzzCheckRecord).
func CheckRecord(rulesID string, seats int, record json.RawMessage) error {
	g, ok := Lookup(rulesID)
	sh, hasSheet := g.Sheet()
	if !ok || !hasSheet {
		return ruling.Bad("", msg.New("rules.record.no_sheet", msg.S("Rules", strconv.Quote(rulesID))))
	}
	t := game.Table{Names: make([]string, seats), Tally: game.NewTally(seats)}
	if _, err := sh.Values(t, record); err != nil {
		return ruling.Bad("", msg.New("rules.record.not_a_hand", msg.S("Game", g.Name), msg.M("Problem", recordProblem(err))))
	}
	return nil
}

// CheckRecordSaying is CheckRecord with its message said by say
// (locale.English().Error), for a caller that reports plain text.
func CheckRecordSaying(say func(error) string) func(rulesID string, seats int, record json.RawMessage) error {
	return func(rulesID string, seats int, record json.RawMessage) error {
		if err := CheckRecord(rulesID, seats, record); err != nil {
			return errors.New(say(err))
		}
		return nil
	}
}

// recordProblem puts a record's decoding error in words: which field holds
// what, where meldpad records what. A decoder's own refusal is its
// message.
func recordProblem(err error) msg.Msg {
	var typeErr *json.UnmarshalTypeError
	if !errors.As(err, &typeErr) {
		var said interface{ Message() msg.Msg }
		if errors.As(err, &said) {
			return said.Message()
		}
		return msg.Text(strings.TrimPrefix(err.Error(), "json: "))
	}
	want := "other"
	switch typeErr.Type.Kind() {
	case reflect.String:
		want = "text"
	case reflect.Int, reflect.Int64:
		want = "number"
	case reflect.Bool:
		want = "bool"
	case reflect.Slice, reflect.Array:
		want = "list"
	case reflect.Struct, reflect.Map, reflect.Pointer:
		want = "object"
	}
	field := msg.Text(fieldPath(typeErr.Field))
	if typeErr.Field == "" {
		field = msg.New("rules.record.the_record")
	}
	return msg.New("rules.record.wrong_type", msg.M("Field", field), msg.M("Got", jsonValue(typeErr.Value)),
		msg.M("Want", msg.New("rules.record.want."+want)))
}

// jsonValue names the kind of JSON value encoding/json found ("string",
// "number 1.5") as a record's problem says it: "a string", "a number
// 1.5".
func jsonValue(value string) msg.Msg {
	kind, literal, _ := strings.Cut(value, " ")
	switch kind {
	case "string", "bool", "array", "object":
		return msg.New("rules.record.got." + kind)
	case "number":
		if literal != "" {
			return msg.New("rules.record.got.number_literal", msg.S("Literal", literal))
		}
		return msg.New("rules.record.got.number")
	}
	return msg.Text(value)
}

// fieldPath writes encoding/json's path of a field ("players.0.melds")
// the way meldpad names fields everywhere else: "players[0].melds".
func fieldPath(jsonPath string) string {
	var b strings.Builder
	for i, part := range strings.Split(jsonPath, ".") {
		if _, err := strconv.Atoi(part); err == nil && i > 0 {
			b.WriteString("[" + part + "]")
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(part)
	}
	return b.String()
}
