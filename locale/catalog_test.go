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

	"meldpad/rules"
	"meldpad/rules/cards"
)

// TestCatalogsAgree: every language's catalog holds exactly English's
// ids, each text naming the same arguments as English's, and each
// plural entry has every form its language's plural rule asks for (and
// none it never asks for).
func TestCatalogsAgree(t *testing.T) {
	en, err := loadCatalog("en")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range Languages() {
		c, err := loadCatalog(lang.Tag)
		if err != nil {
			t.Errorf("%s: %v", lang.Tag, err)
			continue
		}
		for id, want := range en {
			got, ok := c[id]
			if !ok {
				t.Errorf("%s.json lacks %s", lang.Tag, id)
				continue
			}
			if g, w := got.placeholders(), want.placeholders(); !slices.Equal(g, w) {
				t.Errorf("%s.json %s names %v, English %v", lang.Tag, id, g, w)
			}
			if want.plural != got.plural {
				t.Errorf("%s.json %s: plural forms in one language and not the other", lang.Tag, id)
			}
			if got.plural {
				for _, form := range formsOf(lang) {
					if _, ok := got.forms[form]; !ok {
						t.Errorf("%s.json %s lacks the %q form", lang.Tag, id, form)
					}
				}
				for form := range got.forms {
					if !slices.Contains(formsOf(lang), form) {
						t.Errorf("%s.json %s has a %q form %s never uses", lang.Tag, id, form, lang.Name)
					}
				}
			}
		}
		for id := range c {
			if _, ok := en[id]; !ok {
				t.Errorf("%s.json holds %s, which English does not", lang.Tag, id)
			}
		}
	}
}

// formsOf lists the plural categories a language's rule gives whole
// numbers.
func formsOf(lang Language) []string {
	var out []string
	for _, n := range []int{0, 1, 2, 3, 5, 11, 21, 100, 1000, 1000000, 2000000} {
		if f := lang.Plural(n); !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// TestCatalogIDsAreUsed: every id the code says exists in English's
// catalog, and every entry of the catalog is said by some code. An id is
// said by a call msg.New("id", ...), or is a game's rule title or text
// its Info lists; an id built from a prefix (msg.New("card.rank."+r))
// covers the entries under that prefix, which the test below checks one
// by one.
func TestCatalogIDsAreUsed(t *testing.T) {
	en, err := loadCatalog("en")
	if err != nil {
		t.Fatal(err)
	}
	used, prefixes := idsInCode(t, "..")
	if len(used) == 0 {
		t.Fatal("no message ids found in the code")
	}
	// A game's rule texts are built from its rule ids (game.RuleTexts):
	// their ids are the ones its Info lists.
	for _, g := range rules.Games() {
		for _, r := range g.Rules {
			used[r.Title.ID] = g.ID + "'s rule " + r.ID
			used[r.Text.ID] = g.ID + "'s rule " + r.ID
		}
	}
	for id, where := range used {
		if _, ok := en[id]; !ok {
			t.Errorf("%s says %s, which en.json lacks", where, id)
		}
	}
	for id := range en {
		_, said := used[id]
		for p := range prefixes {
			said = said || strings.HasPrefix(id, p)
		}
		if !said {
			t.Errorf("en.json holds %s, which no code says", id)
		}
	}
	for p, where := range prefixes {
		found := false
		for id := range en {
			found = found || strings.HasPrefix(id, p)
		}
		if !found {
			t.Errorf("%s builds ids from %q, and en.json has none", where, p)
		}
	}
}

// TestBuiltIDsExist: the ids built from a prefix, for every value the
// code builds them from: the decks, the ranks with letters, the suits,
// each game's scorepad entry and seat question.
func TestBuiltIDsExist(t *testing.T) {
	var ids []string
	for _, key := range cards.DeckKeys() {
		ids = append(ids, "deck.in."+key)
	}
	for _, r := range []cards.Rank{cards.Ace, cards.Jack, cards.Queen, cards.King} {
		ids = append(ids, "card.rank."+r.String(), "card.rank_name."+r.String())
	}
	for _, s := range cards.StandardSuits() {
		ids = append(ids, "card.suit."+s.Letter(), "card.suit_name."+s.Letter())
	}
	ids = append(ids, "points.won.highest", "points.won.lowest") // points.Order's names
	for _, g := range rules.Games() {
		// Each game's scorepad entry (game.Info.RoundWord), and its
		// referee's seat question in every game that asks one.
		ids = append(ids, "round."+g.Round, "rules.say_who."+g.ID)
		if g.SeatQuestion.IsZero() {
			ids = ids[:len(ids)-1]
		}
	}
	en, err := loadCatalog("en")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		if _, ok := en[id]; !ok {
			t.Errorf("en.json lacks %s", id)
		}
	}
}

// idsInCode finds the message ids the Go code under root says (tests
// aside): the first argument of every call of msg.New, and of the
// Localizer's entry, and a literal given to a variable named id or a
// constant or variable whose name ends in ID.
func idsInCode(t *testing.T, root string) (used, prefixes map[string]string) {
	used, prefixes = map[string]string{}, map[string]string{}
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
			// An id chosen before the call: id := "flathead.set", or a
			// constant or variable whose name ends in ID.
			var names, values []ast.Expr
			switch decl := n.(type) {
			case *ast.AssignStmt:
				names, values = decl.Lhs, decl.Rhs
			case *ast.ValueSpec:
				for _, name := range decl.Names {
					names = append(names, name)
				}
				values = decl.Values
			}
			for i, name := range names {
				ident, ok := name.(*ast.Ident)
				if !ok || i >= len(values) || ident.Name != "id" && !strings.HasSuffix(ident.Name, "ID") {
					continue
				}
				if lit, ok := values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if s, err := strconv.Unquote(lit.Value); err == nil && strings.Contains(s, ".") {
						used[s] = fset.Position(lit.Pos()).String()
					}
				}
			}
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 || !saysID(call.Fun) {
				return true
			}
			where := fset.Position(call.Pos()).String()
			idArg := call.Args[0]
			if ident, ok := call.Fun.(*ast.Ident); ok && ident.Name == "T" || isViewsT(call.Fun) {
				// T(ctx, id, ...): the id comes after the context.
				if len(call.Args) < 2 {
					return true
				}
				idArg = call.Args[1]
			}
			switch arg := idArg.(type) {
			case *ast.BasicLit:
				if s, err := strconv.Unquote(arg.Value); err == nil && arg.Kind == token.STRING {
					used[s] = where
				}
			case *ast.BinaryExpr:
				if lit, ok := arg.X.(*ast.BasicLit); ok && arg.Op == token.ADD && lit.Kind == token.STRING {
					if s, err := strconv.Unquote(lit.Value); err == nil {
						prefixes[s] = where
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return used, prefixes
}

// saysID reports whether fun is msg.New, or a Localizer's entry (a text
// it reads itself).
// isViewsT reports whether fun is views.T, called from outside views.
func isViewsT(fun ast.Expr) bool {
	f, ok := fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x, ok := f.X.(*ast.Ident)
	return ok && x.Name == "views" && f.Sel.Name == "T"
}

func saysID(fun ast.Expr) bool {
	if ident, ok := fun.(*ast.Ident); ok {
		// views.T(ctx, ...) within views; see below for its first argument.
		return ident.Name == "T"
	}
	f, ok := fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	if f.Sel.Name == "T" {
		// A Localizer's T, on whatever gives it: l.T(id),
		// locale.From(ctx).T(id), lang(c).T(id).
		return true
	}
	x, ok := f.X.(*ast.Ident)
	return ok && (x.Name == "msg" && f.Sel.Name == "New" || f.Sel.Name == "entry")
}
