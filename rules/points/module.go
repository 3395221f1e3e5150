package points

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/url"
	"strconv"
	"strings"

	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Module is any game by points for the scorepad: no cards, no referee,
// its own settings (a game.Configurable), and an end the table may choose
// (a game.Ender).
type Module struct{}

var info = game.Info{
	ID: "points", Name: "Any game, by points", MinPlayers: MinPlayers, MaxPlayers: MaxPlayers,
	EndRule: "P3", Round: "round",
	PointsHint: msg.New("points.points_hint"),
	// Games by points are of every kind: a sum of Hearts and of Yahtzee
	// totals would mean nothing.
	Points: game.PointsColumns{},
	Rules:  ruleTexts,
}

var ruleTexts = []game.RuleText{
	{ID: "P1", Title: msg.New("points.rule.P1.title"), Text: msg.New("points.rule.P1.text")},
	{ID: "P2", Title: msg.New("points.rule.P2.title"), Text: msg.New("points.rule.P2.text")},
	{ID: "P3", Title: msg.New("points.rule.P3.title"), Text: msg.New("points.rule.P3.text")},
	{ID: "P4", Title: msg.New("points.rule.P4.title"), Text: msg.New("points.rule.P4.text")},
}

// Info describes any game by points (the rules of a game by points).
func (Module) Info() game.Info { return info }

// The inputs of the new-game form, named as Validate names its fields so
// that a problem lands beside its input.
const (
	inputName   = "name"
	inputEnd    = "end"
	inputTarget = "target"
	inputRounds = "rounds"
	inputWins   = "wins"
)

// SetupFields are the new-game form's inputs (P1): Hearts to 100, lowest
// wins, as the example filled in.
func (Module) SetupFields() []game.Input {
	return []game.Input{
		{Name: inputName, Label: msg.New("points.ask.name"), Kind: game.TextInput, Help: msg.New("points.ask.name_help")},
		{Name: inputEnd, Label: msg.New("points.ask.end"), Kind: game.SelectInput, Value: AtTarget.String(), Options: []game.InputOption{
			{Value: AtTarget.String(), Label: msg.New("points.ask.end_target")},
			{Value: AfterRounds.String(), Label: msg.New("points.ask.end_rounds")},
			{Value: Open.String(), Label: msg.New("points.ask.end_open")},
		}},
		{Name: inputTarget, Label: msg.New("points.ask.target"), Kind: game.NumberInput, Value: "100", Help: msg.New("points.ask.target_help")},
		{Name: inputRounds, Label: msg.New("points.ask.rounds"), Kind: game.NumberInput, Value: "10", Help: msg.New("points.ask.rounds_help")},
		{Name: inputWins, Label: msg.New("points.ask.wins"), Kind: game.SelectInput, Value: Highest.String(), Options: []game.InputOption{
			{Value: Highest.String(), Label: msg.New("points.ask.wins_highest")},
			{Value: Lowest.String(), Label: msg.New("points.ask.wins_lowest")},
		}},
	}
}

// Setup reads the new-game form into the settings to store: the Setup as
// JSON, with the number of seats as its players. What is wrong is a
// *ruling.InputError naming the input.
func (Module) Setup(form url.Values, seats int) (json.RawMessage, error) {
	s := Setup{Name: strings.Join(strings.Fields(form.Get(inputName)), " "), Players: seats}
	end, ok := ParseEnd(form.Get(inputEnd))
	if !ok {
		return nil, ruling.Bad(inputEnd, msg.New("points.form_end"))
	}
	s.End = end
	if s.Wins, ok = ParseOrder(form.Get(inputWins)); !ok {
		return nil, ruling.Bad(inputWins, msg.New("points.form_wins"))
	}
	var err error
	switch end {
	case AtTarget:
		s.Target, err = wholeNumber(form, inputTarget)
	case AfterRounds:
		s.Rounds, err = wholeNumber(form, inputRounds)
	}
	if err != nil {
		return nil, err
	}
	if err := s.Validate(); err != nil {
		return nil, formError(err)
	}
	return json.Marshal(s)
}

// wholeNumber reads a number input.
func wholeNumber(form url.Values, name string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(form.Get(name)))
	if err != nil {
		return 0, ruling.Bad(name, msg.New("points.form_number"))
	}
	return n, nil
}

// formError is Validate's *InputError as a form shows it: the field, and
// the message without "points: ", capitalized.
func formError(err error) error {
	var ie *InputError
	if !errors.As(err, &ie) {
		return err
	}
	return ruling.Bad(ie.Field, msg.Sentence(ruling.Bad(ie.Field, ie.Msg).Plain()))
}

// settingsOf reads stored settings strictly: a Setup of the given number
// of players that Validate accepts.
func settingsOf(raw json.RawMessage, seats int) (Setup, error) {
	var s Setup
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return Setup{}, ruling.Bad("settings", ruling.Prefixed("points", msg.New("points.settings_not_points", msg.S("Detail", strings.TrimPrefix(err.Error(), "json: ")))))
	}
	if s.Players != seats {
		return Setup{}, ruling.Bad("settings.players", ruling.Prefixed("points", msg.New("points.settings_players", msg.N("Count", s.Players), msg.N("Seats", seats))))
	}
	if err := s.Validate(); err != nil {
		return Setup{}, err
	}
	return s, nil
}

// CheckSettings checks stored settings (an import's) for a table of the
// given size, as Setup checks the form.
func (Module) CheckSettings(settings json.RawMessage, seats int) error {
	_, err := settingsOf(settings, seats)
	return err
}

// Describe says how the game ends and who wins: "to 100, lowest wins".
func (Module) Describe(settings json.RawMessage) string {
	s, err := settingsOf(settings, playersOf(settings))
	if err != nil {
		return ""
	}
	return s.String()
}

// DescribeMessage is Describe in the table's language (Setup.Message);
// the zero Msg for settings Describe says nothing of.
func (Module) DescribeMessage(settings json.RawMessage) msg.Msg {
	s, err := settingsOf(settings, playersOf(settings))
	if err != nil {
		return msg.Msg{}
	}
	return s.Message()
}

// Aim is the game's target, when it ends at one (P1, P3), and whether
// the lowest total wins (P1, P4): Hearts aims at 100, the lowest winning.
func (Module) Aim(settings json.RawMessage) game.Aim {
	s, err := settingsOf(settings, playersOf(settings))
	if err != nil {
		return game.Aim{}
	}
	aim := game.Aim{LowestWins: s.Wins == Lowest}
	if s.End == AtTarget {
		aim.Target = s.Target
	}
	return aim
}

// Title is the game's own name: "Hearts".
func (Module) Title(settings json.RawMessage) string {
	s, err := settingsOf(settings, playersOf(settings))
	if err != nil {
		return ""
	}
	return s.Name
}

// playersOf is the number of players stored settings say, for reading
// them without a table at hand.
func playersOf(raw json.RawMessage) int {
	var s struct {
		Players int `json:"players"`
	}
	_ = json.Unmarshal(raw, &s)
	return s.Players
}

// setupOf is the game's Setup, or false for settings that are not one
// (never stored: the new-game form and the import check them).
func setupOf(t game.Table) (Setup, bool) {
	s, err := settingsOf(t.Settings, t.Seats())
	return s, err == nil
}

// CheckPoints checks a round (P2): one whole number per player within
// MaxPoints, negative allowed. The round with which the table ends an
// open game holds no points (P3): zeros, as many as players.
func (Module) CheckPoints(t game.Table, r game.Round) error {
	s, ok := setupOf(t)
	if !ok {
		return ruling.Bad("settings", msg.New("points.no_settings"))
	}
	round := Round{Points: r.Points}
	if r.EndsGame {
		if s.End != Open {
			return ruling.Refuse("P3", msg.New("points.table_cannot_end", msg.M("Ends", s.endWords())))
		}
		for _, p := range r.Points {
			if p != 0 {
				return ruling.Refuse("P3", msg.New("points.end_no_points"))
			}
		}
		round = EndMarker()
	}
	if err := s.CheckRound(round); err != nil {
		var ie *InputError
		if errors.As(err, &ie) {
			return ruling.Bad(ie.Field, ruling.Bad(ie.Field, ie.Msg).Plain())
		}
		return err
	}
	return nil
}

// CanEnd: an open game that has a round and has not ended yet (P3).
func (Module) CanEnd(t game.Table) bool {
	s, ok := setupOf(t)
	return ok && s.End == Open && !t.Tally.Ended && t.Tally.Rounds > 0
}

// Result is over after the round in which a player reaches the target,
// after the last round, or once the table ended it (P3); the best total
// wins, ties sharing the win and the places (P4).
func (Module) Result(t game.Table) game.Result {
	s, ok := setupOf(t)
	if !ok {
		return game.Playing(t.Tally)
	}
	totals := t.Tally.Totals
	var why msg.Msg
	switch s.End {
	case AtTarget:
		for _, total := range totals {
			if total >= s.Target {
				why = msg.New("points.ended_target", msg.Digits("Target", s.Target))
			}
		}
	case AfterRounds:
		if t.Tally.Rounds >= s.Rounds {
			why = msg.New("points.ended_rounds", msg.Digits("Rounds", s.Rounds))
		}
	case Open:
		if t.Tally.Ended {
			why = msg.New("points.ended_table")
		}
	}
	if why.IsZero() || len(totals) == 0 {
		return game.Playing(t.Tally)
	}
	places := s.places(totals)
	var winners []int
	for seat, p := range places {
		if p == 1 {
			winners = append(winners, seat)
		}
	}
	return game.Won(t.Tally, s.Wins == Highest, msg.New("points.won."+s.Wins.String(), msg.M("Why", why)), winners...)
}
