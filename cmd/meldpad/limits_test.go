package main

import (
	"io"
	"log/slog"
	"testing"
	"time"

	"meldpad/handlers"
)

func TestLimitFlags(t *testing.T) {
	d := handlers.DefaultLimits()
	minute := func(n int) handlers.Rate { return handlers.Rate{Requests: n, Per: time.Minute} }
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		check   func(l handlers.Limits) bool
		wantErr bool
	}{
		{name: "defaults", check: func(l handlers.Limits) bool { return l == d }},
		{name: "flags", args: []string{"-max-conns", "100", "-max-conns-per-client", "10", "-max-streams", "50", "-max-streams-per-client", "5",
			"-import-queue", "4", "-rate-writes", "30/1m", "-rate-preview", "off", "-rate-api", "10/s", "-referee-timeout", "500ms",
			"-header-timeout", "3s", "-body-timeout", "4s", "-min-body-rate", "512", "-referee-cpu", "1s/1m"},
			check: func(l handlers.Limits) bool {
				return l == handlers.Limits{MaxConns: 100, MaxConnsPerClient: 10, MaxStreams: 50, MaxStreamsPerClient: 5, ImportQueue: 4,
					RateWrites: minute(30), RatePreview: handlers.RateOff, RateAPI: handlers.Rate{Requests: 10, Per: time.Second}, RefereeTimeout: 500 * time.Millisecond,
					HeaderTimeout: 3 * time.Second, BodyTimeout: 4 * time.Second, MinBodyRate: 512,
					RefereeCPU: handlers.CPUBudget{Burst: time.Second, Per: time.Minute}}
			}},
		{name: "environment", env: map[string]string{"MELDPAD_RATE_WRITES": "5/1m", "MELDPAD_MAX_STREAMS_PER_CLIENT": "3", "MELDPAD_REFEREE_TIMEOUT": "1s"},
			check: func(l handlers.Limits) bool {
				return l.RateWrites == minute(5) && l.MaxStreamsPerClient == 3 && l.RefereeTimeout == time.Second && l.RateAPI == d.RateAPI
			}},
		{name: "flags win over the environment", args: []string{"-rate-api", "off"}, env: map[string]string{"MELDPAD_RATE_API": "5/1m"},
			check: func(l handlers.Limits) bool { return l.RateAPI == handlers.RateOff }},
		{name: "rate not a rate", args: []string{"-rate-api", "fast"}, wantErr: true},
		{name: "rate of none", args: []string{"-rate-writes", "0/1m"}, wantErr: true},
		{name: "environment not a number", env: map[string]string{"MELDPAD_MAX_STREAMS": "many"}, wantErr: true},
		{name: "no streams", args: []string{"-max-streams", "0"}, wantErr: true},
		{name: "no connections per client", args: []string{"-max-conns-per-client", "0"}, wantErr: true},
		{name: "streams as many as connections", args: []string{"-max-conns", "100", "-max-streams", "100"}, wantErr: true},
		{name: "a queue below none", args: []string{"-import-queue", "-1"}, wantErr: true},
		{name: "no time for the referee", args: []string{"-referee-timeout", "0s"}, wantErr: true},
		{name: "no time for headers", args: []string{"-header-timeout", "0s"}, wantErr: true},
		{name: "no body rate", args: []string{"-min-body-rate", "0"}, wantErr: true},
		{name: "referee budget off", env: map[string]string{"MELDPAD_REFEREE_CPU": "off"},
			check: func(l handlers.Limits) bool { return l.RefereeCPU.Off }},
		{name: "referee budget not a budget", args: []string{"-referee-cpu", "2s"}, wantErr: true},
		{name: "body rate from the environment", env: map[string]string{"MELDPAD_MIN_BODY_RATE": "2048", "MELDPAD_BODY_TIMEOUT": "5s"},
			check: func(l handlers.Limits) bool { return l.MinBodyRate == 2048 && l.BodyTimeout == 5*time.Second }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := parseConfig(tc.args, func(k string) string { return tc.env[k] }, io.Discard)
			if tc.wantErr {
				if err == nil {
					t.Fatalf("parseConfig(%v) = %+v, want an error", tc.args, cfg.Limits)
				}
				return
			}
			if err != nil || !tc.check(cfg.Limits) {
				t.Fatalf("parseConfig(%v) = %+v, %v", tc.args, cfg.Limits, err)
			}
		})
	}
}

// An import queue of 0 means none wait, although a zero field of
// handlers.Limits means its default.
func TestImportQueueZero(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want int
	}{
		{[]string{"-import-queue", "0"}, 0},
		{[]string{"-import-queue", "3"}, 3},
		{nil, handlers.DefaultLimits().ImportQueue},
	} {
		cfg, err := parseConfig(tc.args, func(string) string { return "" }, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		app := handlers.New(handlers.Stores{}, slog.New(slog.NewTextHandler(io.Discard, nil)), cfg.options())
		if got := app.Limits().ImportQueue; got != tc.want {
			t.Errorf("%v: the server lets %d wait, want %d", tc.args, got, tc.want)
		}
	}
}
