package game

import (
	"context"
	"testing"
)

// TestDecoded: an endpoint made by Decoded reads each body into a fresh
// copy of the request's defaults, which a request before it never
// changes, and answers a body it cannot read without calling serve.
func TestDecoded(t *testing.T) {
	type request struct {
		N int `json:"n"`
	}
	calls := 0
	serve := Decoded(request{N: 7}, func(_ Context, req request) (any, error) {
		calls++
		return req.N, nil
	})
	for _, tc := range []struct {
		body string
		want int
	}{{`{}`, 7}, {`{"n": 2}`, 2}, {`{}`, 7}} {
		got, err := serve(context.Background(), []byte(tc.body))
		if err != nil || got != tc.want {
			t.Errorf("%s: %v, %v; want %d", tc.body, got, err, tc.want)
		}
	}
	if _, err := serve(context.Background(), []byte(`{"n": "x"}`)); err == nil || calls != 3 {
		t.Errorf("a bad body: %v, serve called %d times (want 3)", err, calls)
	}
}
