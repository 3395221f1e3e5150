package gin

import (
	"meldpad/rules/fan"
	"meldpad/rules/game"
	"meldpad/rules/msg"
)

// ruleTexts restates every rule of Gin Rummy in RULES.md in the app's own
// words, and the Fan Rummy rules gin plays by (N1-N3, N5: the cards'
// values, the melds, deadwood and lay-offs), as Fan Rummy states them; the
// referee page shows the ones a verdict rests on.
var ruleTexts = append(fanRules("N1", "N2", "N3", "N5"), []game.RuleText{
	{ID: "G1", Title: msg.New("gin.rule.G1.title"), Text: msg.New("gin.rule.G1.text")},
	{ID: "G2", Title: msg.New("gin.rule.G2.title"), Text: msg.New("gin.rule.G2.text")},
	{ID: "G3", Title: msg.New("gin.rule.G3.title"), Text: msg.New("gin.rule.G3.text")},
	{ID: "G4", Title: msg.New("gin.rule.G4.title"), Text: msg.New("gin.rule.G4.text")},
	{ID: "G5", Title: msg.New("gin.rule.G5.title"), Text: msg.New("gin.rule.G5.text")},
}...)

// fanRules are Fan Rummy's texts of the given rules.
func fanRules(ids ...string) []game.RuleText {
	fanInfo := fan.Module{}.Info()
	out := make([]game.RuleText, 0, len(ids))
	for _, id := range ids {
		if r, ok := fanInfo.Rule(id); ok {
			out = append(out, r)
		}
	}
	return out
}
