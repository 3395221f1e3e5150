package handlers

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"sort"
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
		if d == "" && strings.HasPrefix(path, "meldpad/") {
			return true
		}
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

// funcIndex is every function and method of meldpad's own code with
// its declaration, by types.Func.FullName ("(*meldpad/db.Store).AddHand"):
// each package is checked apart, so one function is a different
// types.Func in each package that uses it, and its name is what they
// share.
type funcIndex struct {
	fset  *token.FileSet
	decls map[string]funcDecl
	// methods are the methods of each named type, by the type's package
	// path and name, for resolving an interface's method to what
	// implements it.
	methods map[string]map[string]string
}

type funcDecl struct {
	decl *ast.FuncDecl
	pkg  *packages.Package
	file string
}

func indexFuncs(pkgs []*packages.Package) funcIndex {
	ix := funcIndex{decls: map[string]funcDecl{}, methods: map[string]map[string]string{}}
	for _, p := range pkgs {
		ix.fset = p.Fset
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				fn, ok := p.TypesInfo.Defs[fd.Name].(*types.Func)
				if !ok {
					continue
				}
				ix.decls[fn.FullName()] = funcDecl{decl: fd, pkg: p, file: relFile(p.Fset, fd.Pos())}
				if recv := fn.Signature().Recv(); recv != nil {
					if named := receiverNamed(recv.Type()); named != nil {
						key := named.Obj().Pkg().Path() + "." + named.Obj().Name()
						if ix.methods[key] == nil {
							ix.methods[key] = map[string]string{}
						}
						ix.methods[key][fn.Name()] = fn.FullName()
					}
				}
			}
		}
	}
	return ix
}

func receiverNamed(t types.Type) *types.Named {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, _ := types.Unalias(t).(*types.Named)
	return named
}

// callees are the functions of meldpad a use of fn may run: fn itself,
// or, for an interface's method, that method of every named type of
// meldpad that has all the interface's methods.
func (ix funcIndex) callees(fn *types.Func) []string {
	recv := fn.Signature().Recv()
	if recv == nil || !types.IsInterface(recv.Type()) {
		return []string{fn.Origin().FullName()}
	}
	iface, _ := recv.Type().Underlying().(*types.Interface)
	if iface == nil {
		return nil
	}
	var impls []string
	for _, methods := range ix.methods {
		all := true
		for i := range iface.NumMethods() {
			if _, ok := methods[iface.Method(i).Name()]; !ok {
				all = false
				break
			}
		}
		if all {
			impls = append(impls, methods[fn.Name()])
		}
	}
	sort.Strings(impls)
	return impls
}

// savePath follows a recorded save from start through meldpad's code
// outside rules/, views/ and locale/ (the pages' words): every call, and every use of a function as
// a value, in the order written, each function walked once. A branch
// (an if, an else, a case) that ends by returning, or by going on to
// its loop's next round, is left out: it answers something else than a
// save that is recorded (a refusal, a conflict, a "check" without
// saving, a damaged field mended). The store is a door: the file of the
// db function or method called is entered, and what the store does
// inside its transaction is its own. It returns the files in the order
// the walk first enters them, and the files each is entered from.
func savePath(ix funcIndex, start string) (files []string, from map[string][]string) {
	from = map[string][]string{}
	walked := map[string]bool{}
	var walk func(name string)
	walk = func(name string) {
		walked[name] = true
		d := ix.decls[name]
		visit := func(id *ast.Ident) {
			fn, ok := d.pkg.TypesInfo.Uses[id].(*types.Func)
			if !ok || fn.Pkg() == nil || !under(fn.Pkg().Path(), "") {
				return
			}
			for _, callee := range ix.callees(fn) {
				cd, ok := ix.decls[callee]
				if !ok || under(cd.pkg.PkgPath, "rules", "views", "locale") {
					continue
				}
				if !slices.Contains(files, cd.file) {
					files = append(files, cd.file)
				}
				if cd.file != d.file && !slices.Contains(from[cd.file], d.file) {
					from[cd.file] = append(from[cd.file], d.file)
				}
				if !walked[callee] && !under(cd.pkg.PkgPath, "db") {
					walk(callee)
				}
			}
		}
		onPath(d.decl.Body, visit)
	}
	files = append(files, ix.decls[start].file)
	walk(start)
	return files, from
}

// onPath calls visit with each identifier of n a save that is recorded
// goes through, in the order written: branches that end by returning
// are left out (savePath).
func onPath(n ast.Node, visit func(*ast.Ident)) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			visit(n)
		case *ast.IfStmt:
			if n.Init != nil {
				onPath(n.Init, visit)
			}
			onPath(n.Cond, visit)
			if !returns(n.Body) {
				onPath(n.Body, visit)
			}
			if n.Else != nil && !returns(n.Else) {
				onPath(n.Else, visit)
			}
			return false
		case *ast.CaseClause:
			for _, e := range n.List {
				onPath(e, visit)
			}
			if !returns(&ast.BlockStmt{List: n.Body}) {
				for _, st := range n.Body {
					onPath(st, visit)
				}
			}
			return false
		}
		return true
	})
}

// returns reports whether a branch ends by returning, or by going on to
// its loop's next round: a guard that leaves the main line.
func returns(branch ast.Stmt) bool {
	b, ok := branch.(*ast.BlockStmt)
	if !ok || len(b.List) == 0 {
		return false
	}
	switch last := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return last.Tok == token.CONTINUE
	}
	return false
}

// The bounds of a save's path (docs/architecture.md, "The path of a
// save"): the files it goes through, and the files any one of them is
// entered from.
const (
	maxSavePathFiles = 8
	maxEnteredFrom   = 2
)

// layer ranks meldpad's packages on a save's path: each calls only
// into its own layer or the ones below.
func layer(file string) int {
	switch {
	case strings.HasPrefix(file, "db/"):
		return 2
	case strings.HasPrefix(file, "scorepad/"), strings.HasPrefix(file, "handlers/live/"):
		return 1
	}
	return 0
}

// TestSavePathFiles follows a card-entered save, call by call, from its
// handler (savePath): it goes through at most maxSavePathFiles files
// outside rules/, views/ and locale/, each entered from at most maxEnteredFrom
// others, and never calls back up, from the store into scorepad or the
// handlers, or from scorepad into the handlers.
func TestSavePathFiles(t *testing.T) {
	files, from := savePath(indexFuncs(loadMeldpad(t)), "(*meldpad/handlers.Server).saveHand")
	t.Logf("a save's path: %s", strings.Join(files, " -> "))
	if len(files) > maxSavePathFiles {
		t.Errorf("a save goes through %d files, over %d: %s", len(files), maxSavePathFiles, strings.Join(files, ", "))
	}
	for _, f := range files {
		if len(from[f]) > maxEnteredFrom {
			t.Errorf("%s is entered from %d files, over %d: %s", f, len(from[f]), maxEnteredFrom, strings.Join(from[f], ", "))
		}
		for _, caller := range from[f] {
			if layer(caller) > layer(f) {
				t.Errorf("%s calls back up into %s", caller, f)
			}
		}
	}
	for _, f := range []string{"handlers/hand_save.go", "scorepad/scorepad.go", "db/hands.go"} {
		if !slices.Contains(files, f) {
			t.Errorf("the walk missed %s: a save's path goes from its handler through scorepad to the store (%v)", f, files)
		}
	}
}
