package main

import (
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"strings"

	"meldpad/handlers"
)

// limitFlag is one flag of handlers.Limits with its environment variable.
type limitFlag struct{ name, env string }

// limitFlagList names the limit flags, each also read from MELDPAD_ and
// its name in capitals ("-rate-api": MELDPAD_RATE_API).
var limitFlagList = func() []limitFlag {
	names := []string{"max-conns", "max-conns-per-client", "max-streams", "max-streams-per-client",
		"import-queue", "rate-writes", "rate-preview", "rate-api", "referee-timeout",
		"header-timeout", "body-timeout", "min-body-rate", "referee-cpu"}
	out := make([]limitFlag, len(names))
	for i, n := range names {
		out[i] = limitFlag{n, "MELDPAD_" + strings.ToUpper(strings.ReplaceAll(n, "-", "_"))}
	}
	return out
}()

// limitFlags defines the limit flags on fs, writing into l, each with its
// default from handlers.DefaultLimits (which follow the file-descriptor
// limit of this process).
func limitFlags(fs *flag.FlagSet, l *handlers.Limits) {
	*l = handlers.DefaultLimits()
	env := func(name string) string {
		for _, f := range limitFlagList {
			if f.name == name {
				return " (env " + f.env + ")"
			}
		}
		panic("no limit flag " + name)
	}
	fs.IntVar(&l.MaxConns, "max-conns", l.MaxConns, "connections open at once; more wait to be accepted"+env("max-conns"))
	fs.IntVar(&l.MaxConnsPerClient, "max-conns-per-client", l.MaxConnsPerClient, "connections one client address may hold; more are closed at once"+env("max-conns-per-client"))
	fs.IntVar(&l.MaxStreams, "max-streams", l.MaxStreams, "live-update streams open at once; more are refused (503)"+env("max-streams"))
	fs.IntVar(&l.MaxStreamsPerClient, "max-streams-per-client", l.MaxStreamsPerClient, "live-update streams one client address may hold; more are refused (429)"+env("max-streams-per-client"))
	fs.IntVar(&l.ImportQueue, "import-queue", l.ImportQueue, "imports that may wait while one runs (0: none); more are refused (503)"+env("import-queue"))
	fs.Var(parsedFlag[handlers.Rate]{&l.RateWrites, handlers.ParseRate}, "rate-writes", "forms one client address may post: `N/TIME` (60/1m: 60 at once, then 60 a minute) or off"+env("rate-writes"))
	fs.Var(parsedFlag[handlers.Rate]{&l.RatePreview, handlers.ParseRate}, "rate-preview", "card-sheet previews one client address may ask for: `N/TIME` or off"+env("rate-preview"))
	fs.Var(parsedFlag[handlers.Rate]{&l.RateAPI, handlers.ParseRate}, "rate-api", "requests to /api/v1/ one client address may send: `N/TIME` or off"+env("rate-api"))
	fs.DurationVar(&l.RefereeTimeout, "referee-timeout", l.RefereeTimeout, "longest one referee computation may take; past it the answer is 503"+env("referee-timeout"))
	fs.Var(parsedFlag[handlers.CPUBudget]{&l.RefereeCPU, handlers.ParseCPUBudget}, "referee-cpu", "processor time one client address may use in the referee (the API, previews): `TIME/TIME` (2s/10s: two seconds at once, two more every ten) or off; over it the answer is 429"+env("referee-cpu"))
	fs.DurationVar(&l.HeaderTimeout, "header-timeout", l.HeaderTimeout, "longest a request's headers may take to arrive"+env("header-timeout"))
	fs.DurationVar(&l.BodyTimeout, "body-timeout", l.BodyTimeout, "how long a request's body may take to begin with, one second more for every -min-body-rate bytes that arrive"+env("body-timeout"))
	fs.IntVar(&l.MinBodyRate, "min-body-rate", l.MinBodyRate, "bytes a second a request's body must arrive at, after -body-timeout; slower, the connection is closed"+env("min-body-rate"))
}

// limitsFromEnv sets each limit flag not given on the command line from
// its environment variable, if set: flags win over the environment.
func limitsFromEnv(fs *flag.FlagSet, getenv func(string) string) error {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	for _, f := range limitFlagList {
		v := getenv(f.env)
		if v == "" || given[f.name] {
			continue
		}
		if err := fs.Set(f.name, v); err != nil {
			return fmt.Errorf("config: %s=%q: %w", f.env, v, err)
		}
	}
	return nil
}

// parsedFlag reads a limit from a flag with its parse function: a
// handlers.Rate ("60/1m", "off") or a handlers.CPUBudget ("2s/10s",
// "off").
type parsedFlag[T fmt.Stringer] struct {
	v     *T
	parse func(string) (T, error)
}

func (f parsedFlag[T]) String() string {
	if f.v == nil {
		return ""
	}
	return (*f.v).String()
}

func (f parsedFlag[T]) Set(s string) error {
	v, err := f.parse(s)
	if err != nil {
		return err
	}
	*f.v = v
	return nil
}

// validateLimits reports limits that cannot work.
func validateLimits(l handlers.Limits) error {
	for _, v := range []struct {
		name string
		n    int
	}{{"max-conns", l.MaxConns}, {"max-conns-per-client", l.MaxConnsPerClient}, {"max-streams", l.MaxStreams}, {"max-streams-per-client", l.MaxStreamsPerClient}} {
		if v.n < 1 {
			return fmt.Errorf("config: -%s %d: at least 1", v.name, v.n)
		}
	}
	switch {
	case l.ImportQueue < 0:
		return fmt.Errorf("config: -import-queue %d: 0 or more", l.ImportQueue)
	case l.RefereeTimeout <= 0:
		return errors.New("config: -referee-timeout must be more than 0")
	case l.HeaderTimeout <= 0 || l.BodyTimeout <= 0:
		return errors.New("config: -header-timeout and -body-timeout must be more than 0")
	case l.MinBodyRate < 1:
		return fmt.Errorf("config: -min-body-rate %d: at least 1 byte a second", l.MinBodyRate)
	case l.MaxStreams >= l.MaxConns:
		return fmt.Errorf("config: -max-streams %d must be below -max-conns %d, or the streams could hold every connection", l.MaxStreams, l.MaxConns)
	}
	return nil
}

// logLimits says at start what the server holds to.
func logLimits(log *slog.Logger, l handlers.Limits) {
	log.Info("limits", "max_conns", l.MaxConns, "max_conns_per_client", l.MaxConnsPerClient,
		"max_streams", l.MaxStreams, "max_streams_per_client", l.MaxStreamsPerClient,
		"import_queue", l.ImportQueue, "rate_writes", l.RateWrites.String(), "rate_preview", l.RatePreview.String(),
		"rate_api", l.RateAPI.String(), "referee_timeout", l.RefereeTimeout.String(),
		"header_timeout", l.HeaderTimeout.String(), "body_timeout", l.BodyTimeout.String(), "min_body_rate", l.MinBodyRate, "referee_cpu", l.RefereeCPU.String())
}
