package scorepad

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"meldpad/db"
	"meldpad/eventnight"
	"meldpad/locale"
	"meldpad/rules"
	"meldpad/rules/event"
	"meldpad/rules/game"
	"meldpad/rules/names"
)

// ArchiveRules are meldpad's games and names as an import checks a file
// against them (db.ArchiveRules): the store knows no game.
type ArchiveRules struct{}

// CheckName checks a name as the forms do (names.Check).
func (ArchiveRules) CheckName(name string, most int) error { return names.Check(name, most) }

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
	return a.g.CheckSettings(settings, seats)
}

// CheckPoints says the rules' refusal in English, naming the rule. A
// number past what the cards can make was not checked by earlier
// meldpads: the hands they stored are restored.
func (a archiveGame) CheckPoints(t db.ImportTable, in db.HandInput) error {
	err := a.g.CheckPoints(gameTable(t), Round(in))
	if err == nil || game.IsBeyond(err) {
		return nil
	}
	return errors.New(locale.English().Error(err))
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
		return db.EventSettings{}, fmt.Errorf("cannot read the settings: %s", strings.TrimPrefix(err.Error(), "json: "))
	}
	if err := cfg.Check(eventnight.Game(a.g)); err != nil {
		var bad *event.ConfigError
		if errors.As(err, &bad) {
			return db.EventSettings{}, &db.SettingsError{Field: bad.Field, Msg: locale.English().Say(bad.Msg)}
		}
		return db.EventSettings{}, err
	}
	canonical, err := json.Marshal(cfg)
	if err != nil {
		return db.EventSettings{}, err
	}
	return db.EventSettings{Rounds: cfg.Rounds, Settings: canonical}, nil
}
