package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

// healthcheck is "meldpad healthcheck": it asks the meldpad serving on
// -addr (MELDPAD_ADDR, as the server reads it) whether it is healthy
// (/healthz) or, with -ready, ready for requests (/readyz), and returns
// nil only for a 200, so the command exits 0 or 1. It is for container
// images without curl (HEALTHCHECK) and for scripts.
func healthcheck(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	addr := ":8080"
	if v := getenv("MELDPAD_ADDR"); v != "" {
		addr = v
	}
	fs := flag.NewFlagSet("meldpad healthcheck", flag.ContinueOnError)
	fs.SetOutput(stdout)
	fs.StringVar(&addr, "addr", addr, "address the server listens on, as its -addr (env MELDPAD_ADDR)")
	ready := fs.Bool("ready", false, "ask /readyz (ready for requests) rather than /healthz (alive, database writable)")
	timeout := fs.Duration("timeout", 5*time.Second, "longest to wait for the answer")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("healthcheck: unexpected argument %q", fs.Arg(0))
	}
	url, err := healthURL(addr, *ready)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1024))
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("healthcheck: %s answered %d: %s", url, resp.StatusCode, body)
	}
	fmt.Fprintf(stdout, "%s: %s", url, body)
	return nil
}

// healthURL is the URL of the check on the server at addr: an address
// listening on every interface (":8080", "0.0.0.0:8080", "[::]:8080") is
// asked on loopback.
func healthURL(addr string, ready bool) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("healthcheck: -addr %q: %w", addr, err)
	}
	switch host {
	case "", "0.0.0.0":
		host = "127.0.0.1"
	case "::":
		host = "::1"
	}
	path := "/healthz"
	if ready {
		path = "/readyz"
	}
	return "http://" + net.JoinHostPort(host, port) + path, nil
}
