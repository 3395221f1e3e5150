package views

import (
	"context"

	"meldpad/locale"
	"meldpad/rules/msg"
)

// T says the catalog's message id, with its arguments, in the language
// of the request behind ctx: the pages' words ({ T(ctx, "nav.home") }).
func T(ctx context.Context, id string, args ...msg.Arg) string {
	return locale.From(ctx).T(id, args...)
}
