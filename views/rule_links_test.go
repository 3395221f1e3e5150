package views

import (
	"context"
	"strings"
	"testing"
)

// TestRuleText: a rule id of the page's game is a link to its text;
// anything else (another game's id, an id inside a word, a card) is text,
// escaped; without a game nothing is linked.
func TestRuleText(t *testing.T) {
	fan := RuleLinks{Game: "fan", IDs: map[string]bool{"N6": true, "N7": true, "N8": true}}
	tests := []struct {
		name  string
		links *RuleLinks
		text  string
		want  string
	}{
		{"one id", &fan, "Game to 100 (N8)", `Game to 100 (<a class="rule-id" href="/rules/fan#N8">N8</a>)`},
		{"two ids", &fan, "(N6, N7)", `(<a class="rule-id" href="/rules/fan#N6">N6</a>, <a class="rule-id" href="/rules/fan#N7">N7</a>)`},
		{"another game's id", &fan, "see F9 & T7", "see F9 &amp; T7"},
		{"inside a word", &fan, "XN8 N8x 10N8", "XN8 N8x 10N8"},
		{"markup is text", &fan, "<b>N8</b>", `&lt;b&gt;<a class="rule-id" href="/rules/fan#N8">N8</a>&lt;/b&gt;`},
		{"no game", nil, "Game to 100 (N8)", "Game to 100 (N8)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			if tc.links != nil {
				ctx = WithRuleLinks(ctx, *tc.links)
			}
			var b strings.Builder
			if err := RuleText(tc.text).Render(ctx, &b); err != nil {
				t.Fatal(err)
			}
			if b.String() != tc.want {
				t.Errorf("RuleText(%q) = %q, want %q", tc.text, b.String(), tc.want)
			}
		})
	}
}
