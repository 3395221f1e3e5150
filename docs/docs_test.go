// Package docs holds meldpad's documentation; its tests keep the README
// and the guides beside it readable and their links whole.
package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// readmeMaxLines is how long the README may grow: it is for people who
// want to run meldpad, and everything longer has a guide of its own.
const readmeMaxLines = 250

// documents are the Markdown files whose links are checked, relative to
// the repository's root.
func documents(t *testing.T) []string {
	t.Helper()
	guides, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	docs := []string{"README.md"}
	for _, g := range guides {
		docs = append(docs, filepath.Join("docs", g))
	}
	return docs
}

// root is the repository's root, where the test runs from.
const root = ".."

// TestREADMEIsShort: the README stays a page for users.
func TestREADMEIsShort(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(readme), "\n"); n > readmeMaxLines {
		t.Errorf("README.md has %d lines, over %d: move the detail to a guide in docs/", n, readmeMaxLines)
	}
}

// TestLinksResolve: every relative link and image of the README and the
// guides leads to a file of the repository, and every #fragment to a
// heading of the page it names; no link leaves the repository or names
// a path of one machine.
func TestLinksResolve(t *testing.T) {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	headings := map[string]map[string]bool{} // file -> heading anchors
	anchorsOf := func(file string) map[string]bool {
		if a, ok := headings[file]; ok {
			return a
		}
		text, err := os.ReadFile(file)
		if err != nil {
			return nil
		}
		headings[file] = anchors(string(text))
		return headings[file]
	}
	for _, doc := range documents(t) {
		text, err := os.ReadFile(filepath.Join(root, doc))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range links(string(text)) {
			where := doc + ":" + strconv.Itoa(l.line)
			target := l.target
			if strings.HasPrefix(target, "https://") || strings.HasPrefix(target, "http://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			if strings.Contains(target, "://") || filepath.IsAbs(target) {
				t.Errorf("%s: link %q is not relative to the repository", where, target)
				continue
			}
			path, fragment, _ := strings.Cut(target, "#")
			file := filepath.Join(root, doc)
			if path != "" {
				file = filepath.Join(filepath.Dir(file), filepath.FromSlash(path))
			}
			abs, err := filepath.Abs(file)
			if err != nil {
				t.Fatal(err)
			}
			if abs != absRoot && !strings.HasPrefix(abs, absRoot+string(filepath.Separator)) {
				t.Errorf("%s: link %q leads outside the repository", where, target)
				continue
			}
			if _, err := os.Stat(file); err != nil {
				t.Errorf("%s: link %q: no such file", where, target)
				continue
			}
			if fragment != "" && strings.HasSuffix(file, ".md") && !anchorsOf(file)[fragment] {
				t.Errorf("%s: link %q: %s has no heading #%s", where, target, filepath.Base(file), fragment)
			}
		}
	}
}

// TestNoPathsOutsideTheRepository: the documents name no folder beside
// the repository and no path of the machine they were written on, in
// links or in text.
func TestNoPathsOutsideTheRepository(t *testing.T) {
	for _, doc := range documents(t) {
		text, err := os.ReadFile(filepath.Join(root, doc))
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(text), "\n") {
			for _, outside := range []string{"../shared", "/work/", "/home/"} {
				if strings.Contains(line, outside) {
					t.Errorf("%s:%d names %q, outside the repository", doc, i+1, outside)
				}
			}
		}
	}
}

// TestREADMESetUpIsWhatCIRuns: the README's test command is the one
// .ci/run runs, and the Go release it names is go.mod's.
func TestREADMESetUpIsWhatCIRuns(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	ci, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	set := regexp.MustCompile(`(?m)^GOTOOLCHAIN=go(\S+) (go test [^#\n]*?)\s+#`).FindSubmatch(readme)
	if set == nil {
		t.Fatal("README.md has no `GOTOOLCHAIN=go... go test ...   # ...` line in its set-up")
	}
	release, testCommand := string(set[1]), string(set[2])
	if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(testCommand) + `$`).Match(ci) {
		t.Errorf(".ci/run does not run the README's test command %q", testCommand)
	}
	if !regexp.MustCompile(`(?m)^go ` + regexp.QuoteMeta(release) + `$`).Match(gomod) {
		t.Errorf("README.md's GOTOOLCHAIN=go%s is not go.mod's go release", release)
	}
	if !regexp.MustCompile(`(?m)^GOTOOLCHAIN=go` + regexp.QuoteMeta(release) + ` go run \./cmd/meldpad\s`).Match(readme) {
		t.Errorf("README.md has no `GOTOOLCHAIN=go%s go run ./cmd/meldpad` line in its set-up", release)
	}
}

// link is one link of a Markdown document.
type link struct {
	target string
	line   int
}

var (
	// inlineLink matches [text](target) and ![alt](target), the target
	// without a title.
	inlineLink = regexp.MustCompile(`\]\(([^()\s]+)(?:\s+"[^"]*")?\)`)
	// refLink matches a reference definition, [name]: target.
	refLink = regexp.MustCompile(`^\s{0,3}\[[^\]]+\]:\s+(\S+)`)
	// htmlSrc matches the src or href of an HTML tag in the Markdown.
	htmlSrc = regexp.MustCompile(`<(?:img|a)\s[^>]*?(?:src|href)="([^"]+)"`)
	// codeSpan matches an inline code span, whose text is not a link.
	codeSpan = regexp.MustCompile("`+[^`]*`+")
)

// links returns the links of a Markdown text, outside code blocks and
// code spans.
func links(text string) []link {
	var out []link
	fenced := false
	for i, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		line = codeSpan.ReplaceAllString(line, "")
		for _, re := range []*regexp.Regexp{inlineLink, refLink, htmlSrc} {
			for _, m := range re.FindAllStringSubmatch(line, -1) {
				out = append(out, link{strings.Trim(m[1], "<>"), i + 1})
			}
		}
	}
	return out
}

// anchors returns the anchors of a Markdown text's headings, as GitHub
// makes them: lowercase, spaces as hyphens, punctuation dropped, a
// repeated heading numbered from -1.
func anchors(text string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	fenced := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		heading := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(heading) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			out[a+"-"+strconv.Itoa(n)] = true
		} else {
			out[a] = true
		}
		seen[a]++
	}
	return out
}
