package db

import (
	"encoding/json"
	"reflect"
)

// ArchiveRules is what an import asks of meldpad's games and names,
// which the store does not know: whether a name is one meldpad keeps,
// and each game's rules by its id. The scorepad package gives meldpad's
// (scorepad.ArchiveRules).
type ArchiveRules interface {
	// CheckName says what is wrong with a name of at most most
	// characters, as the forms would refuse it; nil when meldpad keeps
	// it.
	CheckName(name string, most int) error
	// Game is the rules of the game id, false when meldpad has no such
	// game.
	Game(id string) (GameRules, bool)
	// OrderGames is a league's games that count, meldpad's each once,
	// in the order meldpad lists its games.
	OrderGames(ids []string) []string
	// EventSettingsType is the type an event's settings are read as
	// (event.Config), for saying where settings of another shape go
	// wrong, as for the rest of the file.
	EventSettingsType() reflect.Type
}

// GameRules are a game's rules as an import checks a game of them and
// works out what its hands decide.
type GameRules interface {
	// Name is the game's name, as messages give it.
	Name() string
	// Players are the fewest and the most seats a game may have.
	Players() (fewest, most int)
	// HouseRule reports whether key is one of the game's house rules.
	HouseRule(key string) bool
	// CheckSettings says what is wrong with a game's own settings for
	// its number of seats (a game without settings of its own has none).
	CheckSettings(settings json.RawMessage, seats int) error
	// CheckPoints says, in words, why the rules refuse a hand entered by
	// points at the table; nil when they allow it, or when only its
	// numbers are past what the cards can make (earlier meldpads did
	// not check them, and the hands they stored are restored).
	CheckPoints(t ImportTable, h HandInput) error
	// Derive works out what the game's hands decide: the tally, the end,
	// the winner and each seat's totals, best and worst hand.
	Derive(t ImportTable, hands []Hand) Derived
	// CheckEvent reads the settings of an event night of the game: what
	// is wrong with them (a *SettingsError for one of their fields), or
	// their rounds and the settings as meldpad keeps them.
	CheckEvent(settings json.RawMessage) (EventSettings, error)
}

// EventSettings are an event's settings as an import checks them.
type EventSettings struct {
	Rounds   int
	Settings json.RawMessage // as meldpad keeps them (Event.Settings)
}

// SettingsError is what is wrong with a field of an event's settings.
type SettingsError struct {
	Field string // as the settings' JSON names it
	Msg   string // in English
	// Err is the rules' own error, which the import page says in the
	// visitor's language.
	Err error
}

func (e *SettingsError) Error() string { return e.Field + ": " + e.Msg }

func (e *SettingsError) Unwrap() error { return e.Err }

// ImportTable is an imported game's table as its rules read it.
type ImportTable struct {
	Names       []string // by seat
	HouseRules  map[string]bool
	Settings    json.RawMessage
	FirstDealer int
}
