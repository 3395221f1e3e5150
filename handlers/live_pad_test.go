package handlers

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// TestPadPartsRenderOnce: the streams asking for one version at once get
// one render; a failed render is not kept, so the next ask tries again.
func TestPadPartsRenderOnce(t *testing.T) {
	p := newPadParts(slog.New(slog.NewTextHandler(io.Discard, nil)))
	var renders atomic.Int32
	release := make(chan struct{})
	render := func(context.Context) ([]byte, error) {
		renders.Add(1)
		<-release
		return []byte("part"), nil
	}
	var wg sync.WaitGroup
	got := make([]string, 50)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			part, err := p.get("g\x00id\x007", render)
			if err != nil {
				t.Error(err)
			}
			got[i] = string(part)
		}()
	}
	for renders.Load() == 0 {
		// the first stream is rendering; the others ask meanwhile
	}
	close(release)
	wg.Wait()
	if n := renders.Load(); n != 1 {
		t.Errorf("%d renders for one version, want 1", n)
	}
	for i, part := range got {
		if part != "part" {
			t.Errorf("stream %d got %q", i, part)
		}
	}
	if _, err := p.get("g\x00id\x007", func(context.Context) ([]byte, error) { t.Error("rendered again"); return nil, nil }); err != nil {
		t.Error(err)
	}

	fail := errors.New("the database went away")
	if _, err := p.get("g\x00id\x008", func(context.Context) ([]byte, error) { return nil, fail }); !errors.Is(err, fail) {
		t.Errorf("a failed render: %v, want its error", err)
	}
	part, err := p.get("g\x00id\x008", func(context.Context) ([]byte, error) { return []byte("again"), nil })
	if err != nil || string(part) != "again" {
		t.Errorf("after a failed render: %q, %v; want a new render", part, err)
	}
}

// TestPadEventLines: the part's lines each become a data line, after the
// version's, carriage returns included, so the browser joins them back.
func TestPadEventLines(t *testing.T) {
	got := padEvent(12, []byte("<div id=\"scorepad\">\n<p>a\r\nb\rc</p>\n</div>"))
	want := "event: scorepad\ndata: 12\ndata: <div id=\"scorepad\">\ndata: <p>a\ndata: b\ndata: c</p>\ndata: </div>\n\n"
	if got != want {
		t.Errorf("padEvent:\n%q\nwant\n%q", got, want)
	}
	if strings.Count(got, "\n\n") != 1 {
		t.Errorf("the event ends more than once: %q", got)
	}
}
