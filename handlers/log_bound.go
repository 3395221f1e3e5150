package handlers

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"unicode/utf8"
)

// maxLoggedText bounds each text a log line holds: a URI, an error, a
// name. Much of what the server logs comes from clients (the path and
// query they asked for, a header, what they typed inside an error), and
// a client may send a URI of a megabyte: unbounded, one request would
// write a megabyte of log, and a few a second would fill the disk.
const maxLoggedText = 512

// boundedLog is a slog.Handler that cuts every text it is given to
// maxLoggedText bytes before the handler it wraps writes it, so that no
// log line, whoever wrote the call, grows with what a client sent. The
// text handler already quotes line breaks, so each call is one line.
type boundedLog struct{ next slog.Handler }

// newBoundedLog wraps log so that its lines are bounded (boundedLog).
func newBoundedLog(log *slog.Logger) *slog.Logger {
	if _, ok := log.Handler().(boundedLog); ok {
		return log
	}
	return slog.New(boundedLog{log.Handler()})
}

func (h boundedLog) Enabled(ctx context.Context, level slog.Level) bool {
	return h.next.Enabled(ctx, level)
}

func (h boundedLog) Handle(ctx context.Context, r slog.Record) error {
	out := slog.NewRecord(r.Time, r.Level, cutText(r.Message), r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(boundAttr(a))
		return true
	})
	return h.next.Handle(ctx, out)
}

func (h boundedLog) WithAttrs(attrs []slog.Attr) slog.Handler {
	bounded := make([]slog.Attr, len(attrs))
	for i, a := range attrs {
		bounded[i] = boundAttr(a)
	}
	return boundedLog{h.next.WithAttrs(bounded)}
}

func (h boundedLog) WithGroup(name string) slog.Handler {
	return boundedLog{h.next.WithGroup(cutText(name))}
}

// boundAttr is a with every text in it cut (cutText): strings, errors
// and anything else printed as text, in groups too.
func boundAttr(a slog.Attr) slog.Attr {
	a.Key = cutText(a.Key)
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		a.Value = slog.StringValue(cutText(v.String()))
	case slog.KindGroup:
		group := v.Group()
		bounded := make([]slog.Attr, len(group))
		for i, g := range group {
			bounded[i] = boundAttr(g)
		}
		a.Value = slog.GroupValue(bounded...)
	case slog.KindAny:
		switch x := v.Any().(type) {
		case error:
			a.Value = slog.StringValue(cutText(x.Error()))
		case fmt.Stringer:
			a.Value = slog.StringValue(cutText(x.String()))
		case []byte:
			a.Value = slog.StringValue(cutText(string(x)))
		default:
			a.Value = slog.StringValue(cutText(fmt.Sprint(x)))
		}
	default:
		a.Value = v
	}
	return a
}

// cutText is s cut to maxLoggedText bytes at a character's start, with
// how much was left out: "/g/aaaa…(+999488 bytes)".
func cutText(s string) string {
	if len(s) <= maxLoggedText {
		return s
	}
	end := maxLoggedText
	for end > 0 && !utf8.RuneStart(s[end]) {
		end--
	}
	return s[:end] + "…(+" + strconv.Itoa(len(s)-end) + " bytes)"
}
