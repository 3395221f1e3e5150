package views

import "context"

type flashKey struct{}

// WithFlash returns ctx with a line the page's layout shows at the top of
// the page, saying what the last action did ("Saved trick 4: …"), for a
// page whose own view model has no place for it.
func WithFlash(ctx context.Context, msg string) context.Context {
	return context.WithValue(ctx, flashKey{}, msg)
}

func flashOf(ctx context.Context) string {
	msg, _ := ctx.Value(flashKey{}).(string)
	return msg
}
