package scorepad

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"meldpad/db"
	"meldpad/eventnight"
	"meldpad/locale"
	"meldpad/rules"
	"meldpad/rules/event"
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/rules/names"
)

// ArchiveRules are meldpad's games and names as an import checks a file
// against them (db.ArchiveRules): the store knows no game.
type ArchiveRules struct{}

// CheckName checks a name as the forms do (names.Check).
func (ArchiveRules) CheckName(name string, most int) error {
	err := names.Check(name, most)
	var bad *names.Error
	if errors.As(err, &bad) {
		return spoken{badName{bad}}
	}
	return err
}

// Game is the game of the registry with the id given.
func (ArchiveRules) Game(id string) (db.GameRules, bool) {
	g, ok := rules.Lookup(id)
	if !ok {
		return nil, false
	}
	return archiveGame{g}, true
}

// EventSettingsType is event.Config's.
func (ArchiveRules) EventSettingsType() reflect.Type { return reflect.TypeFor[event.Config]() }

// OrderGames is LeagueGames without the ids it refuses (the import's
// check has refused them already).
func (ArchiveRules) OrderGames(ids []string) []string {
	ordered, _ := LeagueGames(ids)
	return ordered
}

// archiveGame is a game's rules as an import reads them.
type archiveGame struct{ g rules.Game }

func (a archiveGame) Name() string                { return a.g.Name }
func (a archiveGame) Players() (fewest, most int) { return a.g.MinPlayers, a.g.MaxPlayers }

func (a archiveGame) HouseRule(key string) bool {
	_, ok := a.g.HouseRule(key)
	return ok
}

func (a archiveGame) CheckSettings(settings json.RawMessage, seats int) error {
	if err := a.g.CheckSettings(settings, seats); err != nil {
		return spoken{err}
	}
	return nil
}

// CheckPoints is the rules' refusal, naming the rule. A
// number past what the cards can make was not checked by earlier
// meldpads: the hands they stored are restored.
func (a archiveGame) CheckPoints(t db.ImportTable, in db.HandInput) error {
	err := a.g.CheckPoints(gameTable(t), Round(in))
	if err == nil || game.IsBeyond(err) {
		return nil
	}
	return spoken{err}
}

// Derive is what the hands decide, worked out from the first.
func (a archiveGame) Derive(t db.ImportTable, hands []db.Hand) db.Derived {
	rounds := make([]rules.Round, len(hands))
	points := make([][]int, len(hands))
	for i, h := range hands {
		rounds[i], points[i] = HandRound(h), h.Points
	}
	tally, res := a.g.Play(gameTable(t), rounds)
	return derived(tally, res, points)
}

func gameTable(t db.ImportTable) game.Table {
	return game.Table{Names: t.Names, HouseRules: t.HouseRules, Settings: t.Settings, FirstDealer: t.FirstDealer}
}

// CheckEvent reads an event's settings as package event does, strictly,
// and checks them against the game (event.Config.Check).
func (a archiveGame) CheckEvent(settings json.RawMessage) (db.EventSettings, error) {
	var cfg event.Config
	dec := json.NewDecoder(bytes.NewReader(settings))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&cfg); err != nil {
		return db.EventSettings{}, spoken{said{msg.New("import.settings_unreadable", msg.S("Problem", strings.TrimPrefix(err.Error(), "json: ")))}}
	}
	if err := cfg.Check(eventnight.Game(a.g)); err != nil {
		var bad *event.ConfigError
		if errors.As(err, &bad) {
			return db.EventSettings{}, &db.SettingsError{Field: bad.Field, Msg: locale.English().Say(bad.Msg), Err: bad}
		}
		return db.EventSettings{}, err
	}
	canonical, err := json.Marshal(cfg)
	if err != nil {
		return db.EventSettings{}, err
	}
	return db.EventSettings{Rounds: cfg.Rounds, Settings: canonical}, nil
}

// CheckRecord is rules.CheckRecord for an import (db.Archive.Import):
// its problem in English for logs and the command line, said in the
// visitor's language on the import page.
func CheckRecord(rulesID string, seats int, record json.RawMessage) error {
	if err := rules.CheckRecord(rulesID, seats, record); err != nil {
		return spoken{err}
	}
	return nil
}

// spoken is a problem of the rules an import reports: its Error in
// English, for logs and the command line; the import page says the
// message it wraps in the visitor's language (locale.Localizer.Error).
type spoken struct{ err error }

func (s spoken) Error() string { return locale.English().Error(s.err) }
func (s spoken) Unwrap() error { return s.err }

// said is a message as an error.
type said struct{ m msg.Msg }

func (s said) Error() string    { return s.m.String() }
func (s said) Message() msg.Msg { return s.m }

// badName is a name an import refuses, in the words of names.Error.
type badName struct{ bad *names.Error }

func (b badName) Error() string { return b.bad.Error() }
func (b badName) Unwrap() error { return b.bad }

// Message is the name's problem in words: the name quoted as names.Error
// quotes it, and what is wrong with it.
func (b badName) Message() msg.Msg {
	name, err := strconv.QuotedPrefix(b.bad.Error())
	if err != nil {
		name = strconv.Quote(b.bad.Name)
	}
	switch b.bad.Err {
	case names.ErrEmpty:
		return msg.New("import.name_missing")
	case names.ErrLong:
		return msg.New("import.name_long", msg.S("Name", name), msg.Digits("Max", b.bad.Max))
	case names.ErrControl:
		r, _ := utf8.DecodeRuneInString(b.bad.Name[b.bad.At:])
		return msg.New("import.name_control", msg.S("Name", name), msg.S("Code", fmt.Sprintf("%U", r)))
	case names.ErrSpaces:
		return msg.New("import.name_spaces", msg.S("Name", name))
	}
	return msg.New("import.name_encoding", msg.S("Name", name))
}
