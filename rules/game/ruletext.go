package game

import "meldpad/rules/msg"

// RuleTexts are a game's rules with the given ids, in that order, each
// stated in the catalogs as <game>.rule.<id>.title and .text: every
// game lists its own in its Info.
func RuleTexts(game string, ids ...string) []RuleText {
	out := make([]RuleText, len(ids))
	for i, id := range ids {
		key := game + ".rule." + id
		out[i] = RuleText{ID: id, Title: msg.New(key + ".title"), Text: msg.New(key + ".text")}
	}
	return out
}
