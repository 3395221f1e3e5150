package db

import (
	"go/build"
	"path/filepath"
	"strings"
	"testing"
)

// TestStoreKnowsNoGame: the store imports no package of the games'
// rules (rules/, nor any package that imports one, such as locale),
// whatever imports it leads to: what a game decides is worked out above
// it (scorepad, eventnight) and handed to it.
func TestStoreKnowsNoGame(t *testing.T) {
	root, err := filepath.Abs("..") // the module's root
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{"meldpad/db": true}
	var visit func(path string, via []string)
	visit = func(path string, via []string) {
		pkg, err := build.ImportDir(filepath.Join(root, strings.TrimPrefix(path, "meldpad")), 0)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, imp := range pkg.Imports {
			if !strings.HasPrefix(imp, "meldpad/") || seen[imp] {
				continue
			}
			seen[imp] = true
			chain := append(via[:len(via):len(via)], imp)
			if imp == "meldpad/rules" || strings.HasPrefix(imp, "meldpad/rules/") {
				t.Errorf("the store depends on %s: %s", imp, strings.Join(chain, " -> "))
				continue
			}
			visit(imp, chain)
		}
	}
	visit("meldpad/db", []string{"meldpad/db"})
}
