package trophy

import (
	"meldpad/rules/game"
	"meldpad/rules/msg"
)

// ruleTexts restates every rule of Trophy Case in RULES.md in the app's
// own words, in the catalogs (trophy.rule.ID.title and .text); the
// referee page shows the ones a verdict rests on.
var ruleTexts = []game.RuleText{
	{ID: "T1", Title: msg.New("trophy.rule.T1.title"), Text: msg.New("trophy.rule.T1.text")},
	{ID: "T2", Title: msg.New("trophy.rule.T2.title"), Text: msg.New("trophy.rule.T2.text")},
	{ID: "T3", Title: msg.New("trophy.rule.T3.title"), Text: msg.New("trophy.rule.T3.text")},
	{ID: "T4", Title: msg.New("trophy.rule.T4.title"), Text: msg.New("trophy.rule.T4.text")},
	{ID: "T5", Title: msg.New("trophy.rule.T5.title"), Text: msg.New("trophy.rule.T5.text")},
	{ID: "T6", Title: msg.New("trophy.rule.T6.title"), Text: msg.New("trophy.rule.T6.text")},
	{ID: "T7", Title: msg.New("trophy.rule.T7.title"), Text: msg.New("trophy.rule.T7.text")},
	{ID: "T8", Title: msg.New("trophy.rule.T8.title"), Text: msg.New("trophy.rule.T8.text")},
}
