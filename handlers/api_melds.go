package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"meldpad/rules"
	"meldpad/rules/cards"
	mgame "meldpad/rules/game"
)

// apiVerdict is the answer of POST /api/v1/{game}/melds/check (API.md).
// Readings, for games with wilds, says what each card stood for.
type apiVerdict struct {
	Valid    bool     `json:"valid"`
	Kind     *string  `json:"kind"`
	Bonus    bool     `json:"bonus"`
	Points   *int     `json:"points"`
	Reason   string   `json:"reason"`
	Rule     string   `json:"rule"`
	Rules    []string `json:"rules,omitempty"`
	Readings []string `json:"readings,omitempty"`
	tag      string   // what the referee page writes beside a valid meld
}

// meldRequest is a meld-check body as read: the cards, and the meld on the
// table they are laid off onto, if any.
type meldRequest struct {
	cards, onto []cards.Play
	layoff      bool
	house       map[string]bool
}

// legacyMeldCheckers judge a meld for the games with melds whose modules
// do not judge them yet (game.MeldChecker).
var legacyMeldCheckers = map[string]func(meldRequest) apiVerdict{}

// meldCheckerOf returns how a game judges melds; a game without melds
// (Trophy Case) has none and answers 404.
func meldCheckerOf(g rules.Game) (func(meldRequest) apiVerdict, bool) {
	if mc, ok := g.Module.(mgame.MeldChecker); ok {
		return func(req meldRequest) apiVerdict {
			v := mc.CheckMeld(mgame.MeldQuestion{Cards: req.cards, Onto: req.onto, Layoff: req.layoff, House: req.house})
			return apiVerdict{Valid: v.Valid, Kind: v.Kind, Bonus: v.Bonus, Points: v.Points, Reason: v.Reason, Rule: v.Rule,
				Rules: v.Rules, Readings: v.Readings, tag: v.Tag}
		}, true
	}
	check, ok := legacyMeldCheckers[g.ID]
	return check, ok
}

// apiMeldCheck answers whether cards make a meld, or can be laid off onto
// one (F1-F5, R1-R4, B1-B3, N2).
func (s *Server) apiMeldCheck(c echo.Context) error {
	game, ok := rules.Lookup(c.Param("game"))
	check, hasMelds := meldCheckerOf(game)
	if !ok || !hasMelds {
		return echo.ErrNotFound
	}
	body, err := readJSON(c)
	if err != nil {
		return err
	}
	var r jsonReader
	var req meldRequest
	tally := game.Deck.NewTally()
	if v, ok := r.get(body, "", "cards", true); ok {
		req.cards = r.playList(v, "cards", game.Deck, tally)
	}
	if v, ok := r.get(body, "", "onto", false); ok {
		req.onto, req.layoff = r.playList(v, "onto", game.Deck, tally), true
	}
	req.house = r.houseRules(body, game)
	if r.err != nil {
		return r.err
	}
	return c.JSON(http.StatusOK, check(req))
}

// houseRules reads the optional "house_rules" object: {"big_sets": true}.
func (r *jsonReader) houseRules(body map[string]any, game rules.Game) map[string]bool {
	out := map[string]bool{}
	v, ok := r.get(body, "", "house_rules", false)
	if !ok {
		return out
	}
	for key, value := range r.object(v, "house_rules") {
		field := member("house_rules", key)
		if _, known := game.HouseRule(key); !known {
			r.fail(field, "unknown house rule "+key+" for "+game.Name)
			return out
		}
		out[key] = r.boolean(value, field)
	}
	return out
}

func kindName(valid bool, name string) *string {
	if !valid {
		return nil
	}
	return &name
}

func pointsOf(valid bool, points int) *int {
	if !valid {
		return nil
	}
	return &points
}
