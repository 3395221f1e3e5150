// Command meldpad serves the meldpad scorepad and rules referee.
//
//	meldpad [-addr :8080] [-db ./meldpad.db]
//	meldpad [-db ./meldpad.db] -export FILE   # everything as JSON, then exit
//	meldpad [-db ./meldpad.db] -import FILE   # an export, whole or not at all
//	meldpad [-db ./meldpad.db] -backup FILE   # a consistent copy, while another meldpad serves
//	meldpad healthcheck [-ready]               # exit 0 when the server on -addr is healthy (or ready)
//	meldpad version                            # the release and the Go it was built with
//
// MELDPAD_ADDR and MELDPAD_DB set the same things; flags win over the
// environment. FILE "-" is standard output or input. The limits on what
// clients may cost (-max-streams, -rate-api, ...; limits.go) have
// MELDPAD_* variables too, and their defaults follow the process's limit
// on open files.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"meldpad/db"
	"meldpad/handlers"
	"meldpad/handlers/live"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	tuneGC(os.Getenv)
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "meldpad:", err)
		os.Exit(1)
	}
}

// config is how meldpad is set up.
type config struct {
	Addr string // where to listen: ":8080"
	DB   string // the SQLite file, created on first start
	// Export, when set, is the file to write everything to instead of
	// serving; Import the file to import. "-" is stdout or stdin.
	Export string
	Import string
	// Backup, when set, is the file to write a copy of the database to
	// instead of serving (db.Backup).
	Backup string
	// Sync is how commits reach the disk: "full" (an acknowledged hand
	// survives a power cut) or "normal" (faster where syncing is slow, but
	// the last commits before a power cut can be lost).
	Sync string
	// BaseURL is the origin share links are built from; TrustedProxies
	// the reverse proxies whose forwarding headers are believed
	// (handlers.Options).
	BaseURL        string
	TrustedProxies string
	// Limits bound what clients may cost (handlers.Limits); every flag of
	// theirs defaults to handlers.DefaultLimits.
	Limits handlers.Limits
	// Pprof, when set, is a loopback address to serve Go's profiler on
	// (net/http/pprof), for measuring a live server; off by default.
	Pprof string
	// Ops are the log's format, the shutdown grace and the metrics
	// (ops.go).
	Ops opsConfig
	// DBTimeout bounds each call to the database (db.Timeout): a
	// database that stops answering holds no request longer.
	DBTimeout time.Duration
}

// options are the handler settings the config names. It is called after
// Validate, so every value parses.
func (c config) options() handlers.Options {
	var opts handlers.Options
	if c.BaseURL != "" {
		opts.BaseURL, _ = parseBaseURL(c.BaseURL)
	}
	opts.TrustedProxies, _ = parsePrefixes(c.TrustedProxies)
	opts.Limits = c.Limits
	if opts.Limits.ImportQueue == 0 {
		opts.Limits.ImportQueue = -1 // -import-queue 0: none wait (a zero Limits field is its default)
	}
	return opts
}

// parseBaseURL accepts an absolute http or https origin, without a path
// beyond "/", a query or a fragment: share links are that origin plus
// meldpad's own paths.
func parseBaseURL(s string) (*url.URL, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, fmt.Errorf("config: -base-url %q: %w", s, err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
		(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("config: -base-url %q: want an origin such as https://meldpad.example", s)
	}
	u.Path = ""
	return u, nil
}

// parsePrefixes reads a comma-separated list of addresses and CIDR
// prefixes ("10.0.0.1, 192.168.0.0/16").
func parsePrefixes(s string) ([]netip.Prefix, error) {
	var prefixes []netip.Prefix
	for _, field := range strings.Split(s, ",") {
		field = strings.TrimSpace(field)
		if field == "" {
			continue
		}
		if addr, err := netip.ParseAddr(field); err == nil {
			prefixes = append(prefixes, netip.PrefixFrom(addr, addr.BitLen()))
			continue
		}
		prefix, err := netip.ParsePrefix(field)
		if err != nil {
			return nil, fmt.Errorf("config: -trusted-proxies: %q is neither an address nor a prefix", field)
		}
		prefixes = append(prefixes, prefix.Masked())
	}
	return prefixes, nil
}

// Validate reports a config that cannot work.
func (c config) Validate() error {
	if c.DB == "" {
		return errors.New("config: -db is empty")
	}
	if severalOf(c.Export, c.Import, c.Backup) {
		return errors.New("config: -export, -import and -backup together: run meldpad once for each")
	}
	if _, err := c.syncMode(); err != nil {
		return err
	}
	if c.DBTimeout <= 0 {
		return errors.New("config: -db-timeout must be more than 0")
	}
	if c.Export != "" || c.Import != "" || c.Backup != "" {
		return nil // nothing is served: -addr does not matter
	}
	if c.BaseURL != "" {
		if _, err := parseBaseURL(c.BaseURL); err != nil {
			return err
		}
	}
	if _, err := parsePrefixes(c.TrustedProxies); err != nil {
		return err
	}
	if err := validateLimits(c.Limits); err != nil {
		return err
	}
	if c.Addr == "" {
		return errors.New("config: -addr is empty")
	}
	if c.Pprof != "" {
		if err := loopbackOnly(c.Pprof); err != nil {
			return err
		}
	}
	if err := c.Ops.validate(); err != nil {
		return err
	}
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		return fmt.Errorf("config: -addr %q: %w", c.Addr, err)
	}
	return nil
}

// severalOf reports whether more than one of the one-off commands is set.
func severalOf(commands ...string) bool {
	set := 0
	for _, c := range commands {
		if c != "" {
			set++
		}
	}
	return set > 1
}

// syncMode is the -sync setting as the db package names it.
func (c config) syncMode() (string, error) {
	switch strings.ToLower(c.Sync) {
	case "", "full":
		return db.SyncFull, nil
	case "normal":
		return db.SyncNormal, nil
	}
	return "", fmt.Errorf("config: -sync %q: want full or normal", c.Sync)
}

// parseConfig reads the flags, then the environment for what the flags did
// not set, then the defaults.
func parseConfig(args []string, getenv func(string) string, stderr io.Writer) (config, error) {
	cfg := config{Addr: ":8080", DB: "meldpad.db", DBTimeout: db.DefaultTimeout}
	if v := getenv("MELDPAD_ADDR"); v != "" {
		cfg.Addr = v
	}
	if v := getenv("MELDPAD_DB"); v != "" {
		cfg.DB = v
	}
	cfg.BaseURL = getenv("MELDPAD_BASE_URL")
	cfg.TrustedProxies = getenv("MELDPAD_TRUSTED_PROXIES")
	cfg.Sync = getenv("MELDPAD_SYNC")
	cfg.Pprof = getenv("MELDPAD_PPROF")
	if v := getenv("MELDPAD_DB_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			return config{}, fmt.Errorf("config: MELDPAD_DB_TIMEOUT=%q: %w", v, err)
		}
		cfg.DBTimeout = d
	}
	fs := flag.NewFlagSet("meldpad", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.Addr, "addr", cfg.Addr, "address to listen on (env MELDPAD_ADDR)")
	fs.StringVar(&cfg.DB, "db", cfg.DB, "SQLite database file, created if missing, or a PostgreSQL database as postgres://user@host/db for several servers on one database (env MELDPAD_DB)")
	fs.StringVar(&cfg.Export, "export", "", "write everything (players, leagues, games, hands, revisions) as JSON to `FILE` (- for stdout), then exit")
	fs.StringVar(&cfg.Import, "import", "", "import an export `FILE` (- for stdin), whole or not at all, then exit")
	fs.StringVar(&cfg.Backup, "backup", "", "write a consistent copy of the database to `FILE`, safe while another meldpad serves it, then exit")
	fs.StringVar(&cfg.Sync, "sync", cfg.Sync, "full: a save returns once it is on the disk; normal: faster where syncing is slow, but a power cut can lose the last saves (env MELDPAD_SYNC)")
	fs.StringVar(&cfg.BaseURL, "base-url", cfg.BaseURL, "origin of share links and QR codes, such as https://meldpad.example (env MELDPAD_BASE_URL)")
	fs.StringVar(&cfg.TrustedProxies, "trusted-proxies", cfg.TrustedProxies, "comma-separated addresses or CIDR prefixes of the reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are believed (env MELDPAD_TRUSTED_PROXIES)")
	fs.DurationVar(&cfg.DBTimeout, "db-timeout", cfg.DBTimeout, "longest one call to the database may take (a read, a save's transaction); past it the answer is 503 (env MELDPAD_DB_TIMEOUT)")
	fs.StringVar(&cfg.Pprof, "pprof", cfg.Pprof, "loopback address to serve Go's profiler on, such as 127.0.0.1:6060; off when empty (env MELDPAD_PPROF)")
	limitFlags(fs, &cfg.Limits)
	opsFlags(fs, &cfg.Ops)
	if err := fs.Parse(args); err != nil {
		return config{}, err
	}
	if fs.NArg() > 0 {
		return config{}, fmt.Errorf("config: unexpected argument %q", fs.Arg(0))
	}
	if err := limitsFromEnv(fs, getenv); err != nil {
		return config{}, err
	}
	if err := opsFromEnv(fs, getenv); err != nil {
		return config{}, err
	}
	return cfg, cfg.Validate()
}

// run serves until ctx is cancelled, then stops taking requests, lets the
// ones in flight finish (so no write is lost) and closes the database.
// With -export or -import it does that instead, and returns.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout io.Writer) error {
	if len(args) > 0 && args[0] == "healthcheck" {
		return healthcheck(ctx, args[1:], getenv, stdout)
	}
	if len(args) == 1 && args[0] == "version" {
		return printVersion(stdout)
	}
	cfg, err := parseConfig(args, getenv, stdout)
	if err != nil {
		return err
	}
	log := newLogger(cfg.Ops.LogFormat, stdout)
	if cfg.Backup != "" {
		// Before db.Open, which would create and migrate the database.
		return backupTo(ctx, cfg.DB, cfg.Backup, stdout)
	}
	sync, _ := cfg.syncMode()
	dbOpts := []db.Option{db.Synchronous(sync), db.Timeout(cfg.DBTimeout)}
	if cfg.Export == "" && cfg.Import == "" {
		// Serving: no second server on the file (an export or an import
		// may run beside this one), so the store may keep what it reads
		// between its commits.
		dbOpts = append(dbOpts, db.SoleServer(func() {
			log.Warn("waiting for the meldpad serving this database file to stop", "db", cfg.DB)
		}))
	}
	store, err := db.Open(ctx, cfg.DB, dbOpts...)
	if err != nil {
		return err
	}
	defer store.Close()
	switch {
	case cfg.Export != "":
		return exportTo(ctx, store, cfg.Export, stdout)
	case cfg.Import != "":
		return importFrom(ctx, store, cfg.Import, stdin, stdout)
	}
	return serve(ctx, cfg, store, log)
}

// serve serves meldpad on cfg.Addr from store until ctx is cancelled,
// then drains and shuts down (run).
func serve(ctx context.Context, cfg config, store *db.Store, log *slog.Logger) error {
	sync, _ := cfg.syncMode()
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	opts := cfg.options()
	opts.Listen = ln.Addr() // a share page says when no phone can reach it
	if db.IsPostgres(cfg.DB) {
		// Other servers may share the database: their saves reach this
		// server's phones, and this one's theirs, through it.
		broker, err := live.OpenPostgres(ctx, cfg.DB, log)
		if err != nil {
			return err
		}
		defer broker.Close() // after the shutdown below, so saves in flight are announced
		opts.Broker = broker
	}
	stores := handlers.StoresOf(store)
	var meters *metrics
	if cfg.Ops.metricsOn() {
		meters = newMetrics()
		opts.Observer, stores.Hands = meters, meters.countSaves(stores.Hands)
	}
	app := handlers.New(stores, log, opts)
	if meters != nil {
		meters.watch(app, store)
	}
	ln = app.LimitListener(ln)
	srv := &http.Server{Handler: app}
	app.ConfigureHTTP(srv) // timeouts, and the hooks the listener closes connections by when full
	srv.RegisterOnShutdown(app.CloseStreams)
	log.Info("meldpad listening", "addr", ln.Addr().String(), "db", cfg.DB, "sync", sync, "version", buildVersion())
	logLimits(log, app.Limits())
	if cfg.BaseURL == "" && cfg.TrustedProxies != "" {
		log.Warn("behind a proxy without -base-url, share links name the address the proxy reaches, not the public one")
	}
	if cfg.Pprof != "" {
		stopProfiler, err := serveProfiler(cfg.Pprof, store)
		if err != nil {
			return err
		}
		defer stopProfiler()
		log.Info("profiler listening", "addr", cfg.Pprof)
	}
	stopMetrics, err := serveMetrics(cfg.Ops, meters, app, log)
	if err != nil {
		return err
	}
	defer stopMetrics()
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	go func() {
		if err := app.WarmLeagues(ctx); err != nil {
			log.Warn("warming league standings", "err", err)
		}
	}()

	select {
	case err := <-served:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("meldpad shutting down")
	drain(app, srv, cfg.Ops.grace(cfg.TrustedProxies != ""), log)
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}
