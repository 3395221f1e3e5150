package db

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestProblemIDsHaveTexts: every problem id the import's code names
// (problems.add, importFailed, words, wrongType...) has an English text,
// and every text is named by some code.
func TestProblemIDsHaveTexts(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	// The functions taking an id, and which argument it is.
	idArg := map[string]int{"add": 1, "importFailed": 1, "importFailedAt": 1, "words": 0, "problem": 1, "wrongType": 1}
	used := map[string]bool{}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var fun string
			switch f := call.Fun.(type) {
			case *ast.Ident:
				fun = f.Name
			case *ast.SelectorExpr:
				fun = f.Sel.Name
			}
			i, ok := idArg[fun]
			if !ok || i >= len(call.Args) {
				return true
			}
			lit, ok := call.Args[i].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			id, _ := strconv.Unquote(lit.Value)
			used[id] = true
			if _, ok := problemTexts[id]; !ok {
				t.Errorf("%s: %s has no text in problemTexts", fset.Position(lit.Pos()), id)
			}
			return true
		})
	}
	for _, id := range ProblemIDs() {
		if !used[id] {
			t.Errorf("problemTexts holds %s, which no code names", id)
		}
	}
}
