package fortune

import (
	"meldpad/rules/game"
	"meldpad/rules/msg"
)

// ruleTexts restates every rule of Fortune Rummy in RULES.md in the app's
// own words, in the catalogs (fortune.rule.ID.title and .text); the
// referee page shows the ones a verdict rests on.
var ruleTexts = []game.RuleText{
	{ID: "R1", Title: msg.New("fortune.rule.R1.title"), Text: msg.New("fortune.rule.R1.text")},
	{ID: "R2", Title: msg.New("fortune.rule.R2.title"), Text: msg.New("fortune.rule.R2.text")},
	{ID: "R3", Title: msg.New("fortune.rule.R3.title"), Text: msg.New("fortune.rule.R3.text")},
	{ID: "R4", Title: msg.New("fortune.rule.R4.title"), Text: msg.New("fortune.rule.R4.text")},
	{ID: "R5", Title: msg.New("fortune.rule.R5.title"), Text: msg.New("fortune.rule.R5.text")},
	{ID: "R6", Title: msg.New("fortune.rule.R6.title"), Text: msg.New("fortune.rule.R6.text")},
	{ID: "R7", Title: msg.New("fortune.rule.R7.title"), Text: msg.New("fortune.rule.R7.text")},
	{ID: "R8", Title: msg.New("fortune.rule.R8.title"), Text: msg.New("fortune.rule.R8.text")},
}
