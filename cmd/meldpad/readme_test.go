package main

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestREADMENamesEveryFlag: the README's configuration table has a row
// for every flag `meldpad -h` lists, and names every MELDPAD_ variable
// the flags are read from, so a new setting cannot go undocumented.
func TestREADMENamesEveryFlag(t *testing.T) {
	var usage bytes.Buffer
	_, err := parseConfig([]string{"-h"}, func(string) string { return "" }, &usage)
	if !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("parseConfig(-h) = %v, want flag.ErrHelp", err)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]bool{} // the flags the README's table has a row for
	for _, m := range regexp.MustCompile("(?m)^\\| `-([a-z-]+)[ `]").FindAllStringSubmatch(string(readme), -1) {
		rows[m[1]] = true
	}
	flags := regexp.MustCompile(`(?m)^  -([a-z-]+)`).FindAllStringSubmatch(usage.String(), -1)
	if len(flags) < 10 {
		t.Fatalf("meldpad -h lists %d flags; the test no longer reads its usage:\n%s", len(flags), usage.String())
	}
	for _, f := range flags {
		if !rows[f[1]] {
			t.Errorf("README.md's configuration table has no row for -%s", f[1])
		}
	}
	for _, env := range regexp.MustCompile(`MELDPAD_[A-Z_]+`).FindAllString(usage.String(), -1) {
		if !strings.Contains(string(readme), "`"+env+"`") {
			t.Errorf("README.md does not name %s", env)
		}
	}
}
