package flathead

import (
	"strconv"
	"strings"

	"meldpad/rules/cards"
)

// rankText writes a Fanucci rank: "0" to "9", or "∞". (cards.Rank.String
// writes 1 as "A", which is right for standard decks only.)
func rankText(r cards.Rank) string {
	if r == cards.Infinity {
		return "∞"
	}
	return strconv.Itoa(int(r))
}

// plural writes a rank in the plural: "7s", "∞s".
func plural(r cards.Rank) string { return rankText(r) + "s" }

// list joins words as a sentence does: "5", "5 and 6", "3, 5 and 6".
func list(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

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

// cite writes rule ids in the parentheses that end every reason:
// cite("F5", "F1", "F5") is "(F5, F1)".
func cite(rules ...string) string {
	return "(" + strings.Join(ruleIDs(rules...), ", ") + ")"
}

// citing gives v its reason, body followed by the rules it cites, and
// those rules as a field, so no caller reads them out of the text.
func (v Verdict) citing(body string, rules ...string) Verdict {
	v.Rules = ruleIDs(rules...)
	v.Reason = body + " " + cite(v.Rules...)
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
