package blackheart

import (
	"meldpad/rules/game"
	"meldpad/rules/msg"
)

// ruleTexts restates every rule of Black Heart Rum in RULES.md in the app's
// own words, in the catalogs (blackheart.rule.ID.title and .text); the
// referee page shows the ones a verdict rests on.
var ruleTexts = []game.RuleText{
	{ID: "B1", Title: msg.New("blackheart.rule.B1.title"), Text: msg.New("blackheart.rule.B1.text")},
	{ID: "B2", Title: msg.New("blackheart.rule.B2.title"), Text: msg.New("blackheart.rule.B2.text")},
	{ID: "B3", Title: msg.New("blackheart.rule.B3.title"), Text: msg.New("blackheart.rule.B3.text")},
	{ID: "B4", Title: msg.New("blackheart.rule.B4.title"), Text: msg.New("blackheart.rule.B4.text")},
	{ID: "B5", Title: msg.New("blackheart.rule.B5.title"), Text: msg.New("blackheart.rule.B5.text")},
	{ID: "B6", Title: msg.New("blackheart.rule.B6.title"), Text: msg.New("blackheart.rule.B6.text")},
	{ID: "B7", Title: msg.New("blackheart.rule.B7.title"), Text: msg.New("blackheart.rule.B7.text")},
	{ID: "B8", Title: msg.New("blackheart.rule.B8.title"), Text: msg.New("blackheart.rule.B8.text")},
}
