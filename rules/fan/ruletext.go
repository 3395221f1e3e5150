package fan

import (
	"meldpad/rules/game"
	"meldpad/rules/msg"
)

// ruleTexts restates every rule of Fan Rummy in RULES.md in the app's
// own words, in the catalogs (fan.rule.ID.title and .text); the
// referee page shows the ones a verdict rests on.
var ruleTexts = []game.RuleText{
	{ID: "N1", Title: msg.New("fan.rule.N1.title"), Text: msg.New("fan.rule.N1.text")},
	{ID: "N2", Title: msg.New("fan.rule.N2.title"), Text: msg.New("fan.rule.N2.text")},
	{ID: "N3", Title: msg.New("fan.rule.N3.title"), Text: msg.New("fan.rule.N3.text")},
	{ID: "N4", Title: msg.New("fan.rule.N4.title"), Text: msg.New("fan.rule.N4.text")},
	{ID: "N5", Title: msg.New("fan.rule.N5.title"), Text: msg.New("fan.rule.N5.text")},
	{ID: "N6", Title: msg.New("fan.rule.N6.title"), Text: msg.New("fan.rule.N6.text")},
	{ID: "N7", Title: msg.New("fan.rule.N7.title"), Text: msg.New("fan.rule.N7.text")},
	{ID: "N8", Title: msg.New("fan.rule.N8.title"), Text: msg.New("fan.rule.N8.text")},
}
