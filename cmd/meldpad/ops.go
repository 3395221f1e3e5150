package main

import (
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"meldpad/handlers"
)

// opsConfig is how meldpad fits the machinery that runs it: the log's
// format, the pause between being marked not ready and stopping, and
// the metrics for Prometheus.
type opsConfig struct {
	// LogFormat is "text" (slog's key=value lines, the default) or
	// "json" (one JSON object a line, for a log collector).
	LogFormat string
	// ShutdownGrace is how long a server told to stop keeps serving
	// while /readyz answers 503, so that a load balancer stops sending
	// it requests before it stops taking them; negative means the
	// default (shutdownGrace).
	ShutdownGrace time.Duration
	// Metrics is "" (none, the default), "on" (GET /metrics on the main
	// listener) or an address to serve them on apart ("127.0.0.1:9100");
	// MetricsAllow the networks that may read them (loopback when empty).
	Metrics      string
	MetricsAllow string
}

// opsFlagList names the flags of opsConfig with their environment
// variables.
var opsFlagList = []limitFlag{
	{"log-format", "MELDPAD_LOG_FORMAT"},
	{"shutdown-grace", "MELDPAD_SHUTDOWN_GRACE"},
	{"metrics", "MELDPAD_METRICS"},
	{"metrics-allow", "MELDPAD_METRICS_ALLOW"},
}

// defaultGraceBehindProxy is the shutdown grace of a server behind a
// proxy or balancer: a few of its health checks, which commonly come
// every 1 to 2 seconds.
const defaultGraceBehindProxy = 5 * time.Second

// opsFlags defines opsConfig's flags on fs.
func opsFlags(fs *flag.FlagSet, o *opsConfig) {
	*o = opsConfig{LogFormat: "text", ShutdownGrace: -1}
	fs.StringVar(&o.LogFormat, "log-format", o.LogFormat, "text (key=value lines) or json (one JSON object a line) (env MELDPAD_LOG_FORMAT)")
	fs.DurationVar(&o.ShutdownGrace, "shutdown-grace", o.ShutdownGrace,
		"after SIGTERM, how long to keep serving with /readyz at 503 before stopping, so a load balancer notices; default 5s with -trusted-proxies, else 0 (env MELDPAD_SHUTDOWN_GRACE)")
	fs.StringVar(&o.Metrics, "metrics", "", "Prometheus metrics: on (GET /metrics on -addr) or `ADDR` (a listener of their own, such as 127.0.0.1:9100); off when empty (env MELDPAD_METRICS)")
	fs.StringVar(&o.MetricsAllow, "metrics-allow", "", "comma-separated addresses or CIDR prefixes that may read the metrics; loopback when empty (env MELDPAD_METRICS_ALLOW)")
}

// opsFromEnv sets each flag of opsConfig not given on the command line
// from its environment variable.
func opsFromEnv(fs *flag.FlagSet, getenv func(string) string) error {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	for _, f := range opsFlagList {
		if v := getenv(f.env); v != "" && !given[f.name] {
			if err := fs.Set(f.name, v); err != nil {
				return fmt.Errorf("config: %s=%q: %w", f.env, v, err)
			}
		}
	}
	return nil
}

// validate reports an opsConfig that cannot work.
func (o opsConfig) validate() error {
	switch o.LogFormat {
	case "text", "json":
	default:
		return fmt.Errorf("config: -log-format %q: want text or json", o.LogFormat)
	}
	switch o.Metrics {
	case "", "off", "on":
	default:
		if _, _, err := net.SplitHostPort(o.Metrics); err != nil {
			return fmt.Errorf("config: -metrics %q: want on, or an address such as 127.0.0.1:9100", o.Metrics)
		}
	}
	if _, err := o.metricsAllowed(); err != nil {
		return err
	}
	return nil
}

// grace is the shutdown grace: as set, or by default 5 seconds behind a
// proxy (a balancer may be checking /readyz) and none for a server
// reached directly, which has nobody to tell.
func (o opsConfig) grace(behindProxy bool) time.Duration {
	switch {
	case o.ShutdownGrace >= 0:
		return o.ShutdownGrace
	case behindProxy:
		return defaultGraceBehindProxy
	}
	return 0
}

// metricsOn reports whether metrics are served at all.
func (o opsConfig) metricsOn() bool { return o.Metrics != "" && o.Metrics != "off" }

// metricsAllowed is -metrics-allow as prefixes: loopback when empty.
func (o opsConfig) metricsAllowed() ([]netip.Prefix, error) {
	if strings.TrimSpace(o.MetricsAllow) == "" {
		return []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}, nil
	}
	prefixes, err := parsePrefixes(o.MetricsAllow)
	if err != nil {
		return nil, fmt.Errorf("config: -metrics-allow %q: want addresses or CIDR prefixes", o.MetricsAllow)
	}
	return prefixes, nil
}

// newLogger is the server's log in the configured format.
func newLogger(format string, w io.Writer) *slog.Logger {
	if format == "json" {
		return slog.New(slog.NewJSONHandler(w, nil))
	}
	return slog.New(slog.NewTextHandler(w, nil))
}

// serveMetrics serves m, if any, as -metrics says: on the main routes or
// on a listener of its own. It returns how to stop what it started.
func serveMetrics(o opsConfig, m *metrics, app *handlers.Server, log *slog.Logger) (stop func(), err error) {
	if m == nil {
		return func() {}, nil
	}
	allowed, _ := o.metricsAllowed()
	if o.Metrics == "on" {
		app.MountMetrics(m.handler(false), allowed)
		log.Info("metrics served", "path", handlers.MetricsRoute, "allow", o.allowWords())
		return func() {}, nil
	}
	stop, err = serveMetricsApart(o.Metrics, handlers.GuardMetrics(m.handler(true), allowed, nil))
	if err != nil {
		return nil, err
	}
	log.Info("metrics listening", "addr", o.Metrics, "path", handlers.MetricsRoute, "allow", o.allowWords())
	return stop, nil
}

// allowWords is -metrics-allow as the log says it.
func (o opsConfig) allowWords() string {
	if strings.TrimSpace(o.MetricsAllow) == "" {
		return "loopback"
	}
	return o.MetricsAllow
}

// drain marks app not ready and keeps serving for grace, so that a load
// balancer polling /readyz stops sending requests before srv stops
// taking them. Connections kept alive are closed as they go idle
// meanwhile, so their clients come back through the balancer.
func drain(app *handlers.Server, srv *http.Server, grace time.Duration, log *slog.Logger) {
	app.Drain()
	if grace <= 0 {
		return
	}
	srv.SetKeepAlivesEnabled(false)
	log.Info("not ready: waiting for the load balancer to notice", "grace", grace.String())
	time.Sleep(grace)
}
