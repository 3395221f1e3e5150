package rules

import (
	"os"
	"regexp"
	"testing"
)

// TestEveryRuleHasText reads RULES.md, when it sits beside the checkout,
// and checks that every rule id it defines has a text here, and that no
// text names a rule RULES.md does not have.
func TestEveryRuleHasText(t *testing.T) {
	want := map[string]bool{}
	for _, prefix := range []struct {
		letter string
		last   int
	}{{"F", 9}, {"R", 8}, {"B", 8}, {"N", 8}, {"T", 8}} {
		for i := 1; i <= prefix.last; i++ {
			want[prefix.letter+string(rune('0'+i))] = true
		}
	}
	if b, err := os.ReadFile("../../shared/RULES.md"); err == nil {
		defined := map[string]bool{}
		for _, m := range regexp.MustCompile(`\*\*([FRBNT][1-9]) `).FindAllStringSubmatch(string(b), -1) {
			defined[m[1]] = true
		}
		if len(defined) != len(want) {
			t.Errorf("RULES.md defines %d rules, the table expects %d", len(defined), len(want))
		}
		for id := range defined {
			if !want[id] {
				t.Errorf("RULES.md defines %s, unknown here", id)
			}
		}
	}
	for id := range want {
		r, ok := Rule(id)
		if !ok || r.Title == "" || len(r.Text) < 40 {
			t.Errorf("rule %s has no proper text: %+v", id, r)
		}
	}
	if len(RuleTexts()) != len(want) {
		t.Errorf("%d rule texts, want %d", len(RuleTexts()), len(want))
	}
	if _, ok := Rule("X1"); ok {
		t.Errorf("Rule(X1) found")
	}
}
