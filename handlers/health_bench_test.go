package handlers

import (
	"net/http"
	"testing"
)

// BenchmarkHealthz measures /healthz end to end, as a load balancer polls
// it: the answer comes from the last write, with a small probe write at
// most every few seconds, so polling it costs no write of its own.
//
//	go test -run '^$' -bench Healthz ./handlers
func BenchmarkHealthz(b *testing.B) {
	app := newTestApp(b)
	for range b.N {
		if p := app.get("/healthz"); p.status != http.StatusOK {
			b.Fatalf("healthz: %d", p.status)
		}
	}
}
