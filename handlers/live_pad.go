package handlers

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"
	"golang.org/x/sync/singleflight"

	"meldpad/views"
)

// padParts renders the part of a scorepad that a live update replaces
// (views.ScorepadPart) once per game version and kind of link, for every
// stream of the game at once. With it a thousand phones watching one game
// get the new scorepad in the event itself, instead of each fetching the
// page after it.
//
// golang.org/x/sync's singleflight makes the streams that ask for one
// version together wait for one render; hashicorp/golang-lru (as for the
// pages) keeps the last renders for the streams that ask a little later.
type padParts struct {
	renders singleflight.Group
	done    *lru.Cache[string, []byte]
	log     *slog.Logger
}

// maxPadParts bounds the renders kept: a version's streams all ask within
// moments of each other, so only the games changing now need a place.
const maxPadParts = 128

// padRenderTimeout bounds a render, which no single phone's request owns:
// past it the phones fetch the page as before.
const padRenderTimeout = 2 * time.Second

func newPadParts(log *slog.Logger) *padParts {
	c, _ := lru.New[string, []byte](maxPadParts) // the size is positive: it cannot fail
	return &padParts{done: c, log: log}
}

// get returns the part kept under key, rendering it with render (once,
// whoever else asks meanwhile).
func (p *padParts) get(key string, render func(context.Context) ([]byte, error)) ([]byte, error) {
	if part, ok := p.done.Get(key); ok {
		return part, nil
	}
	v, err, _ := p.renders.Do(key, func() (any, error) {
		if part, ok := p.done.Get(key); ok { // rendered since the look above
			return part, nil
		}
		ctx, cancel := context.WithTimeout(context.Background(), padRenderTimeout)
		defer cancel()
		part, err := render(ctx)
		if err != nil {
			// Once for all the streams that asked: each falls back to
			// fetching the page.
			p.log.Warn("live update: render the scorepad", "err", err)
			return nil, err
		}
		p.done.Add(key, part)
		return part, nil
	})
	if err != nil {
		return nil, err
	}
	return v.([]byte), nil
}

// renderPad renders the part of the scorepad of vm that a live update
// brings, as the event that brings it (padEvent), so that each stream
// only writes it.
func renderPad(ctx context.Context, vm views.GameVM) ([]byte, error) {
	var buf bytes.Buffer
	if err := views.ScorepadPart(vm).Render(ctx, &buf); err != nil {
		return nil, err
	}
	return []byte(padEvent(vm.Version, buf.Bytes())), nil
}

// padEvent is the server-sent event "scorepad" that brings a part: on the
// first data line the version it shows (which may be past the one the
// stream was told of, when another change came before the render), on
// the lines after the HTML, each of its lines a data line as the format
// wants (the browser joins them with newlines, into which a carriage
// return has turned).
func padEvent(version int, part []byte) string {
	var b strings.Builder
	b.Grow(len(part) + 64)
	b.WriteString("event: scorepad\ndata: ")
	b.WriteString(itoa(version))
	html := strings.ReplaceAll(strings.ReplaceAll(string(part), "\r\n", "\n"), "\r", "\n")
	for line := range strings.SplitSeq(html, "\n") {
		b.WriteString("\ndata: ")
		b.WriteString(line)
	}
	b.WriteString("\n\n")
	return b.String()
}

// renderDeletedPad is renderPad for a deleted game: the part that says
// so, in the scorepad's place.
func renderDeletedPad(ctx context.Context, vm views.DeletedGameVM) ([]byte, error) {
	var buf bytes.Buffer
	if err := views.DeletedPart(vm).Render(ctx, &buf); err != nil {
		return nil, err
	}
	return []byte(padEvent(vm.Version, buf.Bytes())), nil
}
