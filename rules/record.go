package rules

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"meldpad/rules/game"
)

// CheckRecord decodes the record of a hand entered card by card in a game
// of the given rules and number of seats, with the decoder that shows
// such a hand again (its sheet's Values), and says why it cannot be
// shown. The import refuses a file holding such a record, so that no
// imported hand's page fails. The modules' decoders never panic, whatever
// the record (FuzzCheckRecord).
func CheckRecord(rulesID string, seats int, record json.RawMessage) error {
	return checkRecord(rulesID, seats, record, func(err error) string { return err.Error() })
}

// CheckRecordSaying is CheckRecord with the decoders' errors said by say:
// the rules' errors are messages (rules/msg), which a Localizer says
// (locale.English().Error).
func CheckRecordSaying(say func(error) string) func(rulesID string, seats int, record json.RawMessage) error {
	return func(rulesID string, seats int, record json.RawMessage) error {
		return checkRecord(rulesID, seats, record, say)
	}
}

func checkRecord(rulesID string, seats int, record json.RawMessage, say func(error) string) error {
	g, ok := Lookup(rulesID)
	sh, hasSheet := g.Sheet()
	if !ok || !hasSheet {
		return fmt.Errorf("%q hands are not entered card by card", rulesID)
	}
	t := game.Table{Names: make([]string, seats), Tally: game.NewTally(seats)}
	if _, err := sh.Values(t, record); err != nil {
		return fmt.Errorf("not a %s hand as meldpad records it: %s", g.Name, recordProblem(err, say))
	}
	return nil
}

// recordProblem puts a record's decoding error in words: which field holds
// what, where meldpad records what.
func recordProblem(err error, say func(error) string) string {
	var typeErr *json.UnmarshalTypeError
	if !errors.As(err, &typeErr) {
		return strings.TrimPrefix(say(err), "json: ")
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
	field := fieldPath(typeErr.Field)
	if field == "" {
		field = "the record"
	}
	got := "a " + typeErr.Value
	if typeErr.Value != "" && strings.IndexByte("aeiou", typeErr.Value[0]) >= 0 {
		got = "an " + typeErr.Value
	}
	return fmt.Sprintf("%s is %s where meldpad records %s", field, got, want)
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
