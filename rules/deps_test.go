package rules_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestRulesImportOnlyTheStandardLibrary: the rules are also the phone's
// referee, built for WebAssembly, and speak through message ids
// (rules/msg) rather than a language: every package under rules/ builds
// on the standard library and on rules/ alone. rules/game/gametest, a
// helper of the modules' tests that says their answers in English, is
// the one exception.
func TestRulesImportOnlyTheStandardLibrary(t *testing.T) {
	out, err := exec.Command("go", "list", "meldpad/rules/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []string
	for _, pkg := range strings.Fields(string(out)) {
		if pkg != "meldpad/rules/game/gametest" {
			pkgs = append(pkgs, pkg)
		}
	}
	if len(pkgs) < 10 {
		t.Fatalf("go list found only %d packages under rules/", len(pkgs))
	}
	args := append([]string{"list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}"}, pkgs...)
	out, err = exec.Command("go", args...).Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, path := range strings.Fields(string(out)) {
		if path != "meldpad/rules" && !strings.HasPrefix(path, "meldpad/rules/") {
			t.Errorf("rules/ depends on %s", path)
		}
	}
}
