//go:build !js

package locale

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestPageArgumentsAgree: a call that says an id of the pages' catalogs
// with its arguments written out (l.T("id", msg.N("Count", n)),
// msg.New, views.T) gives every argument the English text names, and
// none it never names (Count aside, which chooses a plural form). A
// text naming {{.N}} said with msg.N("Count", n) would show nothing
// where the number goes.
func TestPageArgumentsAgree(t *testing.T) {
	files, err := pageCatalogs("en")
	if err != nil {
		t.Fatal(err)
	}
	en := catalog{}
	for _, f := range files {
		for id, e := range f.texts {
			en[id] = e
		}
	}
	calls := argCallsInCode(t, "..")
	if len(calls) == 0 {
		t.Fatal("no calls with arguments found in the code")
	}
	for _, c := range calls {
		e, ok := en[c.id]
		if !ok {
			continue // the referee's catalogs', or none (TestCatalogIDsAreUsed)
		}
		named := e.placeholders()
		for _, name := range named {
			if !slices.Contains(c.args, name) {
				t.Errorf("%s says %s without {{.%s}} (gives %v)", c.where, c.id, name, c.args)
			}
		}
		for _, name := range c.args {
			if !slices.Contains(named, name) && !(name == "Count" && e.plural) {
				t.Errorf("%s gives %s an argument %s its text never names (%v)", c.where, c.id, name, named)
			}
		}
	}
}

// argCall is a call of a catalog's id whose arguments are all written
// out in it.
type argCall struct {
	id, where string
	args      []string
}

// argConstructors are rules/msg's functions that make a named argument,
// the name first.
var argConstructors = []string{"N", "S", "M", "V", "List", "Strings", "Join", "Words", "Digits"}

// argCallsInCode finds the calls idsInCode reads an id from, with the
// names of their arguments, when every argument is a msg constructor
// naming its argument with a literal (a call passing args... or a
// variable is left out).
func argCallsInCode(t *testing.T, root string) []argCall {
	var out []argCall
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 || !saysID(call.Fun) || call.Ellipsis.IsValid() {
				return true
			}
			first := 0
			if ident, ok := call.Fun.(*ast.Ident); ok && ident.Name == "T" || isViewsT(call.Fun) {
				first = 1 // T(ctx, id, ...)
			}
			if len(call.Args) <= first {
				return true
			}
			lit, ok := call.Args[first].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			id, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			c := argCall{id: id, where: fset.Position(call.Pos()).String(), args: []string{}}
			for _, a := range call.Args[first+1:] {
				name, ok := argName(a)
				if !ok {
					return true
				}
				c.args = append(c.args, name)
			}
			out = append(out, c)
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// argName is the name a msg constructor's call gives its argument.
func argName(e ast.Expr) (string, bool) {
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return "", false
	}
	f, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	if x, ok := f.X.(*ast.Ident); !ok || x.Name != "msg" || !slices.Contains(argConstructors, f.Sel.Name) {
		return "", false
	}
	lit, ok := call.Args[0].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	name, err := strconv.Unquote(lit.Value)
	return name, err == nil
}
