package handlers

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"
)

// The layers' rules, checked on the code itself (docs/architecture.md
// says why each holds): what a save goes through, how a page asks a game
// what it offers, and how narrow the handlers' interfaces stay.

// meldpadCode is meldpad's own packages, loaded once with their syntax
// and types (tests left out: the rules are about what is served).
var meldpadCode = sync.OnceValues(func() ([]*packages.Package, error) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
			packages.NeedTypesInfo | packages.NeedImports,
		Dir: "..",
	}
	pkgs, err := packages.Load(cfg, "meldpad/...")
	if err != nil {
		return nil, err
	}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			return nil, fmt.Errorf("%s: %v", p.PkgPath, e)
		}
	}
	return pkgs, nil
})

func loadMeldpad(t *testing.T) []*packages.Package {
	t.Helper()
	pkgs, err := meldpadCode()
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// under reports whether package path lies in one of meldpad's folders.
func under(path string, dirs ...string) bool {
	for _, d := range dirs {
		if path == "meldpad/"+d || strings.HasPrefix(path, "meldpad/"+d+"/") {
			return true
		}
	}
	return false
}

// relFile is a file's name from the repository's root ("handlers/hand_save.go").
func relFile(fset *token.FileSet, pos token.Pos) string {
	name := fset.Position(pos).Filename
	if abs, err := filepath.Abs(".."); err == nil {
		if rel, err := filepath.Rel(abs, name); err == nil {
			return filepath.ToSlash(rel)
		}
	}
	return name
}

// generated reports whether a file is templ's output.
func generated(name string) bool { return strings.HasSuffix(name, "_templ.go") }

// TestNoOptionalInterfaceAsserted checks that what a game offers is asked
// of the registry (rules.Game's methods): outside rules/, no type
// assertion or type switch names an interface of rules/.
func TestNoOptionalInterfaceAsserted(t *testing.T) {
	for _, p := range loadMeldpad(t) {
		if !under(p.PkgPath, "handlers", "db", "views", "scorepad", "cmd") {
			continue
		}
		for _, f := range p.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				var asserted []ast.Expr
				switch n := n.(type) {
				case *ast.TypeAssertExpr:
					if n.Type != nil {
						asserted = append(asserted, n.Type)
					}
				case *ast.CaseClause:
					asserted = append(asserted, n.List...) // also an expression switch's values: not types, skipped below
				}
				for _, e := range asserted {
					tv, ok := p.TypesInfo.Types[e]
					if !ok || !tv.IsType() {
						continue
					}
					named, ok := types.Unalias(tv.Type).(*types.Named)
					if !ok || named.Obj().Pkg() == nil || !under(named.Obj().Pkg().Path(), "rules") {
						continue
					}
					if types.IsInterface(named) {
						t.Errorf("%s: asserts %s, a game's optional interface: ask the registry (rules.Game) instead",
							p.Fset.Position(e.Pos()), named)
					}
				}
				return true
			})
		}
	}
}

// maxMethods bounds an interface of the handlers or the pages: each
// handler declares the narrow part of the store it uses.
const maxMethods = 10

// TestNarrowInterfaces checks that no interface declared in handlers/ or
// views/ has more than maxMethods methods, its embedded ones counted.
func TestNarrowInterfaces(t *testing.T) {
	for _, p := range loadMeldpad(t) {
		if !under(p.PkgPath, "handlers", "views") {
			continue
		}
		for _, f := range p.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				it, ok := n.(*ast.InterfaceType)
				if !ok {
					return true
				}
				iface, ok := p.TypesInfo.Types[it].Type.(*types.Interface)
				if ok && iface.NumMethods() > maxMethods {
					t.Errorf("%s: an interface of %d methods, over %d: split it by what uses it",
						p.Fset.Position(it.Pos()), iface.NumMethods(), maxMethods)
				}
				return true
			})
		}
	}
}
