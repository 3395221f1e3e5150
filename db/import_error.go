package db

import (
	"fmt"
	"strings"
)

// Problem is one reason a file cannot be imported: where in the file and
// what is wrong there.
type Problem struct {
	// Where is a path in the file, "games[12].hands[3].points", or a
	// place in its text, "line 4, column 17"; "" for the file as a whole.
	Where string
	What  string
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

func (ps *problems) add(where, format string, args ...any) {
	if len(*ps) < maxProblems {
		*ps = append(*ps, Problem{Where: where, What: fmt.Sprintf(format, args...)})
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

func importFailed(where, format string, args ...any) error {
	var ps problems
	ps.add(where, format, args...)
	return ps.err()
}
