package db

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Problem is one reason a file cannot be imported: where in the file and
// what is wrong there. What is wrong is words the import page says in
// the visitor's language: the id of their text and the values it names
// (Words), or the rules' own error (Err: a record, points, a name, an
// event's settings the rules refuse); What is them in English, for logs
// and the command line.
type Problem struct {
	// Where is a path in the file, "games[12].hands[3].points", or a
	// place in its text, "line 4, column 17" (then also Line and
	// Column); "" for the file as a whole.
	Where        string
	Line, Column int
	Words
	// Err is what the rules found wrong, when they found it; Words is
	// then empty. Its Error is in English.
	Err  error
	What string
}

// Words are words of an import's report: the id of their text in the
// pages' catalogs (import.problem.<ID>, locale/pages/import.*.json) and
// the values it names, {{.Name}}. A value is text said as it is (a
// string: a name quoted as the file has it, a path, a number as
// typed), a whole number (an int), further Words, or an error of the
// rules.
type Words struct {
	ID   string
	Args map[string]any
}

// ProblemText is the English text of a problem's id, as its catalog
// has it, or "" for no such id; one is the text for a Count of 1, where
// it differs.
func ProblemText(id string) (text, one string) {
	return problemTexts[id], problemTexts[id+"#one"]
}

// ProblemIDs are the ids of every problem an import reports, sorted.
func ProblemIDs() []string {
	var out []string
	for id := range problemTexts {
		if !strings.Contains(id, "#") {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return out
}

// English is the words in English.
func (w Words) English() string {
	text := problemTexts[w.ID]
	if n, ok := w.Args["Count"].(int); ok && n == 1 && problemTexts[w.ID+"#one"] != "" {
		text = problemTexts[w.ID+"#one"]
	}
	if text == "" {
		return w.ID // a bug: TestProblemIDsHaveTexts
	}
	var b strings.Builder
	for {
		open := strings.Index(text, "{{.")
		if open < 0 {
			b.WriteString(text)
			return b.String()
		}
		end := strings.Index(text[open:], "}}")
		b.WriteString(text[:open])
		b.WriteString(englishValue(w.Args[text[open+3:open+end]]))
		text = text[open+end+2:]
	}
}

func englishValue(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case int:
		return strconv.Itoa(v)
	case Words:
		return v.English()
	case error:
		return v.Error()
	}
	return fmt.Sprint(v)
}

// words is the Words of id with args, named and valued in turn: "Name",
// "Ann", "Max", 40.
func words(id string, args ...any) Words {
	w := Words{ID: id}
	if len(args) > 0 {
		w.Args = make(map[string]any, len(args)/2)
		for i := 0; i+1 < len(args); i += 2 {
			w.Args[args[i].(string)] = args[i+1]
		}
	}
	return w
}

func (p Problem) String() string {
	if p.Where == "" {
		return p.What
	}
	return p.Where + ": " + p.What
}

// ImportError says why a file was not imported. Nothing of it was written.
type ImportError struct {
	Problems []Problem // at least one; at most maxProblems
}

func (e *ImportError) Error() string {
	msg := "db: import: " + e.Problems[0].String()
	if n := len(e.Problems) - 1; n > 0 {
		msg += fmt.Sprintf(" (and %d more)", n)
	}
	return msg
}

// Lines returns every problem, one per line, for a terminal.
func (e *ImportError) Lines() string {
	var b strings.Builder
	for _, p := range e.Problems {
		b.WriteString(p.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// maxProblems is how many problems an import reports: enough to fix a
// hand-edited file in a few rounds, few enough to read.
const maxProblems = 20

// problems collects the problems of a file, up to maxProblems.
type problems []Problem

// add is the problem id at where, its text naming args (words).
func (ps *problems) add(where, id string, args ...any) {
	ps.addWords(where, words(id, args...))
}

func (ps *problems) addWords(where string, w Words) {
	ps.addProblem(Problem{Where: where, Words: w, What: w.English()})
}

// addErr is the rules' problem err at where: said as they say it, in
// English err's Error, or what when it is not "".
func (ps *problems) addErr(where string, err error, what string) {
	if what == "" {
		what = err.Error()
	}
	ps.addProblem(Problem{Where: where, Err: err, What: what})
}

func (ps *problems) addProblem(p Problem) {
	if len(*ps) < maxProblems {
		*ps = append(*ps, p)
	}
}

func (ps *problems) full() bool { return len(*ps) >= maxProblems }

// err is the collected problems as an *ImportError, or nil.
func (ps problems) err() error {
	if len(ps) == 0 {
		return nil
	}
	return &ImportError{Problems: ps}
}

// importFailed is the one problem id at where (problems.add).
func importFailed(where, id string, args ...any) error {
	var ps problems
	ps.add(where, id, args...)
	return ps.err()
}

// importFailedAt is the one problem id at a place in the file's text.
func importFailedAt(at place, id string, args ...any) error {
	w := words(id, args...)
	return &ImportError{Problems: []Problem{{Where: at.String(), Line: at.line, Column: at.column, Words: w, What: w.English()}}}
}

// place is a place in a file's text.
type place struct{ line, column int }

func (p place) String() string {
	return "line " + strconv.Itoa(p.line) + ", column " + strconv.Itoa(p.column)
}

// problem is the problem id at where (problems.add), on its own.
func problem(where, id string, args ...any) Problem {
	w := words(id, args...)
	return Problem{Where: where, Words: w, What: w.English()}
}
