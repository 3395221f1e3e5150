package flathead

import (
	"meldpad/rules/game"
	"meldpad/rules/msg"
)

// ruleTexts restates every rule of Flathead Rummy in RULES.md in the app's
// own words, in the catalogs (flathead.rule.F1.title, .text); the referee
// page shows the ones a verdict rests on.
var ruleTexts = []game.RuleText{
	{ID: "F1", Title: msg.New("flathead.rule.F1.title"), Text: msg.New("flathead.rule.F1.text")},
	{ID: "F2", Title: msg.New("flathead.rule.F2.title"), Text: msg.New("flathead.rule.F2.text")},
	{ID: "F3", Title: msg.New("flathead.rule.F3.title"), Text: msg.New("flathead.rule.F3.text")},
	{ID: "F4", Title: msg.New("flathead.rule.F4.title"), Text: msg.New("flathead.rule.F4.text")},
	{ID: "F5", Title: msg.New("flathead.rule.F5.title"), Text: msg.New("flathead.rule.F5.text")},
	{ID: "F6", Title: msg.New("flathead.rule.F6.title"), Text: msg.New("flathead.rule.F6.text")},
	{ID: "F7", Title: msg.New("flathead.rule.F7.title"), Text: msg.New("flathead.rule.F7.text")},
	{ID: "F8", Title: msg.New("flathead.rule.F8.title"), Text: msg.New("flathead.rule.F8.text")},
	{ID: "F9", Title: msg.New("flathead.rule.F9.title"), Text: msg.New("flathead.rule.F9.text")},
}
