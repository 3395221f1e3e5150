package views

import (
	"context"
	"html"
	"io"
	"regexp"

	"github.com/a-h/templ"
)

// Rule ids (F9, N8, R3) stand in the text of every page about a game:
// its end, its house rules, a field's problem, a verdict. Each is a link
// to the rule's text on the game's rules page (RulesPage), so that a
// player reads the rule where it is cited. A page says which game's ids
// it links by its context (WithRuleLinks), which the handlers set once
// they know the game: every piece of text shown through RuleText then
// links them, with no view model carrying them.

// RuleLinks are the rule ids of one game and the page that states them.
type RuleLinks struct {
	Game string          // the game's id: its rules page is /rules/Game
	IDs  map[string]bool // the game's rule ids
}

type ruleLinksKey struct{}

// WithRuleLinks returns ctx with the game whose rule ids the page links.
func WithRuleLinks(ctx context.Context, l RuleLinks) context.Context {
	return context.WithValue(ctx, ruleLinksKey{}, l)
}

// RulesURL is the address of a rule's text: the game's rules page, at
// the rule.
func RulesURL(game, id string) string {
	u := "/rules/" + game
	if id != "" {
		u += "#" + id
	}
	return u
}

// ruleIDRe finds what may be a rule id: a capital letter and one or two
// digits, standing alone.
var ruleIDRe = regexp.MustCompile(`\b[A-Z][0-9]{1,2}\b`)

// RuleText writes text, escaped, with each rule id of the page's game
// (WithRuleLinks) a link to the rule's text. Without a game it is the
// text alone.
func RuleText(text string) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		l, ok := ctx.Value(ruleLinksKey{}).(RuleLinks)
		if !ok || len(l.IDs) == 0 {
			_, err := io.WriteString(w, html.EscapeString(text))
			return err
		}
		last := 0
		for _, m := range ruleIDRe.FindAllStringIndex(text, -1) {
			id := text[m[0]:m[1]]
			if !l.IDs[id] {
				continue
			}
			if _, err := io.WriteString(w, html.EscapeString(text[last:m[0]])); err != nil {
				return err
			}
			if _, err := io.WriteString(w, `<a class="rule-id" href="`+html.EscapeString(RulesURL(l.Game, id))+`">`+id+`</a>`); err != nil {
				return err
			}
			last = m[1]
		}
		_, err := io.WriteString(w, html.EscapeString(text[last:]))
		return err
	})
}
