package gin

import (
	"sort"
	"strconv"

	"meldpad/rules/cards"
	"meldpad/rules/fan"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// HouseRules are the house rules of Gin Rummy's rules, chosen when a game is
// created and stored with it. The zero value is the default: standard gin,
// with a tie as an undercut, the box bonus and the shutout. The fields
// are named so that the zero value means the default; the keys the API,
// the forms and the stored games use are those of HouseRuleOptions.
type HouseRules struct {
	// Oklahoma: the first up-card's value is the knock value (an ace:
	// gin only) and a spade up-card doubles the deal (G1). Key
	// "oklahoma", off by default.
	Oklahoma bool
	// UndercutOnlyWhenLess makes a tie in deadwood score nothing instead
	// of being an undercut (G3, "undercut only when less"). Key
	// "undercut_on_tie" is its negation and defaults to true.
	UndercutOnlyWhenLess bool
	// NoBoxBonus drops the box bonus of G5. Key "box_bonus" is its
	// negation and defaults to true.
	NoBoxBonus bool
	// NoShutout drops the shutout doubling of G5. Key "shutout" is its
	// negation and defaults to true.
	NoShutout bool
}

// The house-rule keys of API.md, of the game forms and of a stored game.
const (
	KeyOklahoma      = "oklahoma"
	KeyUndercutOnTie = "undercut_on_tie"
	KeyBoxBonus      = "box_bonus"
	KeyShutout       = "shutout"
)

// HouseRule describes one house rule for a form or a scorepad.
type HouseRule struct {
	Key     string  // the key of API.md: "undercut_on_tie"
	Name    msg.Msg // a short label
	Help    msg.Msg // one sentence, citing the rule it changes
	Rule    string  // the rule id it changes
	Default bool    // the value when the key is not given
}

var houseRuleOptions = []HouseRule{
	{Key: KeyOklahoma, Name: msg.New("gin.house.oklahoma"), Rule: "G1", Help: msg.New("gin.house.oklahoma.help")},
	{Key: KeyUndercutOnTie, Name: msg.New("gin.house.undercut_on_tie"), Rule: "G3", Default: true, Help: msg.New("gin.house.undercut_on_tie.help")},
	{Key: KeyBoxBonus, Name: msg.New("gin.house.box_bonus"), Rule: "G5", Default: true, Help: msg.New("gin.house.box_bonus.help")},
	{Key: KeyShutout, Name: msg.New("gin.house.shutout"), Rule: "G5", Default: true, Help: msg.New("gin.house.shutout.help")},
}

// HouseRuleOptions lists gin's house rules in the order a form shows
// them.
func HouseRuleOptions() []HouseRule { return append([]HouseRule(nil), houseRuleOptions...) }

// ParseHouseRules reads house rules by key, as API.md's "house_rules"
// object and a stored game give them: a key that is missing keeps its
// default, so an empty or nil map is standard gin. An unknown key is a
// *DealError for the field "house_rules.KEY".
func ParseHouseRules(keys map[string]bool) (HouseRules, error) {
	names := make([]string, 0, len(keys))
	for key := range keys {
		names = append(names, key)
	}
	sort.Strings(names) // the same key is reported first every time
	var h HouseRules
	for _, key := range names {
		on := keys[key]
		switch key {
		case KeyOklahoma:
			h.Oklahoma = on
		case KeyUndercutOnTie:
			h.UndercutOnlyWhenLess = !on
		case KeyBoxBonus:
			h.NoBoxBonus = !on
		case KeyShutout:
			h.NoShutout = !on
		default:
			return HouseRules{}, &DealError{Field: "house_rules." + key,
				Msg: ruling.Prefixed("gin", msg.New("gin.unknown_house_rule", msg.S("Key", strconv.Quote(key))))}
		}
	}
	return h, nil
}

// Keys returns every house rule by key with its value, the form in which
// a game stores them and ParseHouseRules reads them back.
func (h HouseRules) Keys() map[string]bool {
	return map[string]bool{
		KeyOklahoma:      h.Oklahoma,
		KeyUndercutOnTie: !h.UndercutOnlyWhenLess,
		KeyBoxBonus:      !h.NoBoxBonus,
		KeyShutout:       !h.NoShutout,
	}
}

// KnockValue returns a deal's knock value and whether its points are
// doubled (G1). In standard gin the knock value is 10 and nothing is
// doubled, and up is not read. Under Oklahoma the first up-card sets
// both: its value (N1), but 0 for an ace, which allows only Gin and Big
// Gin; and a spade doubles the deal, as N7. A card outside the standard
// deck is worth 0 here; Score refuses it.
func (h HouseRules) KnockValue(up cards.Card) (value int, doubled bool) {
	if !h.Oklahoma {
		return KnockValue, false
	}
	if up.Rank == cards.Ace {
		return 0, up.Suit == cards.Spades
	}
	return fan.Value(up), up.Suit == cards.Spades
}
