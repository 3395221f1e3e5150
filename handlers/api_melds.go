package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"meldpad/rules"
	"meldpad/rules/cards"
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
	Readings []string `json:"readings,omitempty"`
}

// meldRequest is a meld-check body as read: the cards, and the meld on the
// table they are laid off onto, if any.
type meldRequest struct {
	cards, onto []cards.Play
	layoff      bool
	house       map[string]bool
}

// meldCheckers judge a meld for each game that has melds (Trophy Case has
// none, so it is not here and answers 404).
var meldCheckers = map[string]func(meldRequest) apiVerdict{
	rules.BlackHeart: blackheartMeldVerdict,
	rules.Flathead:   flatheadMeldVerdict,
	rules.Fortune:    fortuneMeldVerdict,
	rules.Fan:        fanMeldVerdict,
}

// apiMeldCheck answers whether cards make a meld, or can be laid off onto
// one (F1-F5, R1-R4, B1-B3, N2).
func (s *Server) apiMeldCheck(c echo.Context) error {
	game, ok := rules.Lookup(c.Param("game"))
	check, hasMelds := meldCheckers[game.ID]
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
