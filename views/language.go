package views

import "context"

type pageURIKey struct{}

// WithPageURI returns ctx with the address (path and query) the page is
// asked by, which the footer's language chooser sends the phone back to.
func WithPageURI(ctx context.Context, uri string) context.Context {
	return context.WithValue(ctx, pageURIKey{}, uri)
}

// pageURI is the address WithPageURI gave ctx, the home page's without one.
func pageURI(ctx context.Context) string {
	if uri, ok := ctx.Value(pageURIKey{}).(string); ok && uri != "" {
		return uri
	}
	return "/"
}
