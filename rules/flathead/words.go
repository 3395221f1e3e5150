package flathead

import (
	"strconv"
	"strings"

	"meldpad/rules/cards"
	"meldpad/rules/msg"
)

// rankText writes a Fanucci rank: "0" to "9", or "∞". (cards.Rank.String
// writes 1 as "A", which is right for standard decks only.)
func rankText(r cards.Rank) string {
	if r == cards.Infinity {
		return "∞"
	}
	return strconv.Itoa(int(r))
}

// plural says a rank in the plural: "7s", "∞s".
func plural(r cards.Rank) msg.Msg { return msg.New("flathead.ranks", msg.S("Rank", rankText(r))) }

// colour says a colour as a word of its own ("red"), after a card ("is
// red"); colourOf as it stands before a run ("a red run") and
// colourOfRanks before cards of a rank ("three red 7s"), where languages
// inflect it differently.
func colour(c cards.Colour) msg.Msg        { return msg.New("flathead.colour." + c.String()) }
func colourOfRun(c cards.Colour) msg.Msg   { return msg.New("flathead.colour_run." + c.String()) }
func colourOfRanks(c cards.Colour) msg.Msg { return msg.New("flathead.colour_ranks." + c.String()) }

// ruleIDs lists rule ids as a reason cites them, dropping repeats and
// keeping their order; an argument may hold several ("F1, F3"):
// ruleIDs("F5", "F1, F5") is [F5 F1].
func ruleIDs(rules ...string) []string {
	var seen []string
	for _, r := range rules {
		for _, part := range strings.Split(r, ", ") {
			if part != "" && !contains(seen, part) {
				seen = append(seen, part)
			}
		}
	}
	return seen
}

// citing gives v its reason, body followed by the rules it cites, and
// those rules as a field, so no caller reads them out of the text.
func (v Verdict) citing(body msg.Msg, rules ...string) Verdict {
	v.Rules = ruleIDs(rules...)
	v.Reason = msg.New("verdict.citing", msg.M("Text", body), msg.S("Rules", strings.Join(v.Rules, ", ")))
	return v
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
