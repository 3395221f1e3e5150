package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"meldpad/db"
	"meldpad/handlers"
)

// metrics are what meldpad tells Prometheus (-metrics): requests by
// route and status with their latencies, saves, live-update streams
// open, refusals by limit, the one writer's batches, and Go's own
// figures. Every label comes from a fixed list (routes as routes.go
// has them, statuses, limit names), never from a request's link.
type metrics struct {
	registry  *prometheus.Registry
	requests  *prometheus.CounterVec
	latencies *prometheus.HistogramVec
	saves     *prometheus.CounterVec
	refusals  *prometheus.CounterVec
}

// newMetrics registers meldpad's metrics; app and store are read at each
// scrape for the figures they keep themselves.
func newMetrics() *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "meldpad_http_requests_total",
			Help: "Requests answered, by route (as routes.go names it), method and status.",
		}, []string{"route", "method", "code"}),
		latencies: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "meldpad_http_request_duration_seconds",
			Help: "Time from a request's arrival to its answer, by route; live-update streams are left out (they last as long as a page is open).",
			// From a cached scorepad (well under a millisecond) to a
			// referee computation cut off at its deadline (2 s).
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
		}, []string{"route"}),
		saves: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "meldpad_saves_total",
			Help: "Hands written to the database: added, corrected or deleted.",
		}, []string{"kind"}),
		refusals: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "meldpad_limit_refusals_total",
			Help: "Connections, streams and requests turned away, by the limit that refused them.",
		}, []string{"limit"}),
	}
	// Every limit is listed from the start, at 0, so that a rate of
	// refusals can be graphed before the first one.
	for _, limit := range []string{handlers.LimitMaxConns, handlers.LimitMaxConnsPerClient, handlers.LimitMaxStreams,
		handlers.LimitMaxStreamsPerClient, handlers.LimitImportQueue, handlers.LimitRateWrites,
		handlers.LimitRatePreview, handlers.LimitRateAPI, handlers.LimitRefereeTimeout} {
		m.refusals.WithLabelValues(limit)
	}
	for _, kind := range []string{"add", "correct", "delete"} {
		m.saves.WithLabelValues(kind)
	}
	buildInfo := prometheus.NewGauge(prometheus.GaugeOpts{
		Name:        "meldpad_build_info",
		Help:        "Always 1; its label is the release serving (meldpad version).",
		ConstLabels: prometheus.Labels{"version": buildVersion()},
	})
	buildInfo.Set(1)
	m.registry.MustRegister(buildInfo, m.requests, m.latencies, m.saves, m.refusals,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// watch registers the figures the server and the store keep: streams
// open and the writer's batches (db.WriterStats, zero on PostgreSQL).
func (m *metrics) watch(app *handlers.Server, store *db.Store) {
	m.registry.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "meldpad_live_streams_open",
			Help: "Live-update streams (scorepads' server-sent events) open now.",
		}, func() float64 { return float64(app.StreamsOpen()) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "meldpad_writer_batches_total",
			Help: "Transactions the one SQLite writer committed, each carrying one or more writes.",
		}, func() float64 { return float64(store.WriterStats().Commits) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "meldpad_writer_writes_total",
			Help: "Writes the writer's batches carried; over meldpad_writer_batches_total, the writes a commit shares.",
		}, func() float64 { return float64(store.WriterStats().Writes) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "meldpad_writer_busy_seconds_total",
			Help: "Time the writer spent writing batches, from begin to the commit's end.",
		}, func() float64 { return store.WriterStats().Busy.Seconds() }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "meldpad_writer_commit_seconds_total",
			Help: "The part of the writer's busy time spent in commits (with -sync full, mostly waiting for fsync).",
		}, func() float64 { return store.WriterStats().InCommit.Seconds() }),
	)
}

// Request counts a request answered (handlers.Observer).
func (m *metrics) Request(route, method string, status int, elapsed time.Duration) {
	m.requests.WithLabelValues(route, method, strconv.Itoa(status)).Inc()
	if !isStream(route) {
		m.latencies.WithLabelValues(route).Observe(elapsed.Seconds())
	}
}

// Refused counts a refusal by its limit (handlers.Observer).
func (m *metrics) Refused(limit string) { m.refusals.WithLabelValues(limit).Inc() }

// isStream reports a live-update stream's route.
func isStream(route string) bool {
	const suffix = "/events"
	return len(route) > len(suffix) && route[len(route)-len(suffix):] == suffix
}

// handler is the exposition of every metric, in Prometheus's format,
// compressed when the scraper asks for it unless the server around it
// compresses (meldpad's own routes do).
func (m *metrics) handler(compressed bool) http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{Registry: m.registry, DisableCompression: !compressed})
}

// countSaves returns store, counting each hand it writes in m.
func (m *metrics) countSaves(store handlers.HandStore) handlers.HandStore {
	return savesCounter{HandStore: store, saves: m.saves}
}

// savesCounter is a store that counts the hands it writes.
type savesCounter struct {
	handlers.HandStore
	saves *prometheus.CounterVec
}

func (s savesCounter) count(kind string, err error) {
	if err == nil {
		s.saves.WithLabelValues(kind).Inc()
	}
}

func (s savesCounter) AddHand(ctx context.Context, gameID int64, in db.HandInput, c db.Change, from int, d db.Derived) (db.Hand, error) {
	h, err := s.HandStore.AddHand(ctx, gameID, in, c, from, d)
	s.count("add", err)
	return h, err
}

func (s savesCounter) CorrectHand(ctx context.Context, gameID, handID int64, in db.HandInput, c db.Change, from int, d db.Derived) (db.Hand, error) {
	h, err := s.HandStore.CorrectHand(ctx, gameID, handID, in, c, from, d)
	s.count("correct", err)
	return h, err
}

func (s savesCounter) DeleteHand(ctx context.Context, gameID, handID int64, c db.Change, from int, d db.Derived) error {
	err := s.HandStore.DeleteHand(ctx, gameID, handID, c, from, d)
	s.count("delete", err)
	return err
}

// serveMetricsApart serves the metrics on a listener of their own at
// addr (-metrics ADDR), apart from meldpad's routes, limits and proxy
// (h is guarded: handlers.GuardMetrics), and returns how to stop it.
func serveMetricsApart(addr string, h http.Handler) (stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("metrics: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET "+handlers.MetricsRoute, h)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, WriteTimeout: 30 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	return func() { _ = srv.Close() }, nil
}
