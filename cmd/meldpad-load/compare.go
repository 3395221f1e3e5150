package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync/atomic"
	"time"
)

// setup is one way of serving meldpad measured by compare: its servers,
// all on one database, to which requests go in turn (round-robin).
type setup struct {
	name  string
	bases []string
}

// compare measures, in one run, scorepads and hand saves per second and
// their p99 on several setups (SQLite on one server, PostgreSQL on one
// and on two), each at -c connections for -for, in -rounds rounds that
// interleave the setups, so that the machine's other work weighs on each
// alike; it reports the medians.
type compare struct {
	setups []setup
	conc   int
	hands  int
	dur    time.Duration
	rounds int
}

// figures are one setup's measures: per second and p99 in ms, of
// scorepads and of saves, one of each per round.
type figures struct {
	scorepads, scorepadP99, saves, saveP99 []float64
}

func (c compare) run(ctx context.Context, out io.Writer) error {
	if len(c.setups) == 0 {
		return errors.New("compare: no setup to measure")
	}
	r := ratios{conc: c.conc, dur: c.dur}
	games := make([]string, len(c.setups))
	savers := make([][]*saver, len(c.setups))
	for i, st := range c.setups {
		client := phoneClient(c.conc)
		game, err := newGame(ctx, client, st.bases[0])
		if err != nil {
			return fmt.Errorf("%s: %w", st.name, err)
		}
		for range c.hands {
			if err := saveHand(ctx, client, st.bases[0], game); err != nil {
				return fmt.Errorf("%s: %w", st.name, err)
			}
		}
		games[i] = game
		// Each connection saves into a game of its own, through every
		// server of the setup in turn.
		savers[i] = make([]*saver, c.conc)
		for k := range savers[i] {
			if savers[i][k], err = newSaver(ctx, st.bases...); err != nil {
				return fmt.Errorf("%s: %w", st.name, err)
			}
		}
	}
	figs := make([]figures, len(c.setups))
	for round := range c.rounds {
		for i, st := range c.setups {
			var page atomic.Int64
			s, sp, err := r.rate(ctx, func(client *http.Client) error {
				base := st.bases[int(page.Add(1))%len(st.bases)]
				return fetch(ctx, client, base+games[i], true)
			})
			if err != nil {
				return fmt.Errorf("%s: scorepad: %w", st.name, err)
			}
			var next atomic.Int64
			w, wp, err := r.rate(ctx, func(*http.Client) error { return savers[i][int(next.Add(1))%len(savers[i])].save(ctx) })
			if err != nil {
				return fmt.Errorf("%s: saves: %w", st.name, err)
			}
			f := &figs[i]
			f.scorepads, f.scorepadP99 = append(f.scorepads, s), append(f.scorepadP99, ms(sp.p99))
			f.saves, f.saveP99 = append(f.saves, w), append(f.saveP99, ms(wp.p99))
			fmt.Fprintf(out, "round %d, %s: scorepad %.0f/s (p99 %.1fms), saves %.0f/s (p99 %.1fms)\n",
				round+1, st.name, s, ms(sp.p99), w, ms(wp.p99))
		}
	}
	fmt.Fprintf(out, "\nmedians of %d rounds, %d connections, %s each, a scorepad of %d hands:\n", c.rounds, c.conc, c.dur, c.hands)
	fmt.Fprintf(out, "%-30s %12s %9s %9s %9s\n", "", "scorepads/s", "p99", "saves/s", "p99")
	for i, st := range c.setups {
		f := figs[i]
		fmt.Fprintf(out, "%-30s %12.0f %7.1fms %9.0f %7.1fms\n", st.name,
			median(f.scorepads), median(f.scorepadP99), median(f.saves), median(f.saveP99))
	}
	return nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
