package offline

import (
	"html"
	"slices"
	"strconv"
	"strings"

	"meldpad/rules/game"
)

// The drawings below are views/sheet.templ's fieldFeedback, badge and
// judgement with oob set, as templ writes them: the same elements,
// attributes, classes and spaces.

// fieldFeedback draws a card field's chips, each titled remove, its
// error and its verdict.
func fieldFeedback(w *strings.Builder, f *game.CardField, remove string) {
	w.WriteString(`<div id="fb-` + esc(f.Name) + `" class="feedback" aria-live="polite" hx-swap-oob="true">`)
	if len(f.Chips) > 0 {
		w.WriteString(`<div class="chips" data-field="in-` + esc(f.Name) + `">`)
		for i, c := range f.Chips {
			w.WriteString(`<button type="button" class="` + esc(classes("chip", c.Colour, on("over", c.Over))) +
				`" data-card="` + esc(c.Card) + `" data-index="` + strconv.Itoa(i) + `" title="` + esc(remove) + `">` + esc(c.Label) + " ")
			if c.Note != "" {
				w.WriteString("<small>" + esc(c.Note) + "</small>")
			}
			w.WriteString("</button> ")
		}
		w.WriteString(`<span class="count">` + strconv.Itoa(len(f.Chips)) + "</span></div>")
	}
	if f.Error != "" {
		w.WriteString(`<p class="err">` + esc(f.Error) + "</p>")
	}
	if v := f.Verdict; v != nil {
		w.WriteString(`<p class="` + esc(classes("verdict", on("ok", v.OK), on("bad", !v.OK))) + `">`)
		if v.OK {
			w.WriteString("✓ ")
		} else {
			w.WriteString("✗ ")
		}
		w.WriteString(esc(v.Text) + " ")
		if v.Tag != "" {
			w.WriteString(`<span class="tag">` + esc(v.Tag) + "</span>")
		}
		w.WriteString("</p>")
	}
	w.WriteString("</div>")
}

func badge(w *strings.Builder, b *game.Badge) {
	w.WriteString(`<span id="` + esc(b.ID) + `" class="marks"`)
	if b.Title != "" {
		w.WriteString(` title="` + esc(b.Title) + `"`)
	}
	w.WriteString(` hx-swap-oob="true">` + esc(b.Text) + "</span>")
}

// judgement draws the sheet's score under the heading title.
func judgement(w *strings.Builder, j game.Judgement, title string) {
	w.WriteString(`<div id="judgement" class="` + esc(classes("card", "judgement", on("ready", j.Ready))) +
		`" aria-live="polite" hx-swap-oob="true"><h2>` + esc(title) + `</h2>`)
	for _, l := range j.Lines {
		w.WriteString("<p>" + esc(l) + "</p>")
	}
	if len(j.Points) > 0 {
		w.WriteString(`<div class="totals">`)
		for i, p := range j.Points {
			name := ""
			if i < len(j.Names) {
				name = j.Names[i]
			}
			w.WriteString(`<div class="total"><div class="name">` + esc(name) + `</div><div class="score">` + esc(signed(p)) + "</div></div>")
		}
		w.WriteString("</div>")
	}
	if j.Problem != "" {
		w.WriteString(`<p class="err">` + esc(j.Problem) + "</p>")
	}
	w.WriteString("</div>")
}

// esc escapes text and attribute values as templ does.
func esc(s string) string { return html.EscapeString(s) }

// on is a class that is there only when cond holds (templ.KV).
func on(class string, cond bool) string {
	if cond {
		return class
	}
	return "\x00"
}

// classes joins class names as templ's class lists do: in order, each
// once, leaving out the ones that are off.
func classes(names ...string) string {
	var out []string
	for _, n := range names {
		if n == "\x00" || slices.Contains(out, n) {
			continue
		}
		out = append(out, n)
	}
	return strings.Join(out, " ")
}

// signed writes points with their sign, as views.Signed.
func signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}
