// Package locale says meldpad's messages in the languages it speaks:
// English, German, Italian, Spanish and French. The rules build their
// messages as ids with arguments (rules/msg); a Localizer, one per
// language, says them with its catalog.
//
// A message's text comes from the catalog (en.json, de.json, ...), its
// arguments are written as the language writes them: whole numbers with
// its separators, lists with its "and", cards with its letters (the
// queen of spades is QS in English, D♠ in German, where the queen is the
// Dame), and a text with plural forms takes the form CLDR's plural rules
// give its Count.
//
// The pages take their Localizer from the request's context (From,
// msg.From), where the server puts the one for the visitor's language;
// the phone's referee takes the page's language.
//
//	l := locale.For("de")
//	l.Say(msg.New("fan.too_few", msg.N("Count", 2))) // "eine Auslage braucht mindestens 3 Karten, nicht 2"
//
// Like rules/, locale uses the standard library only: it is part of the
// phone's referee too.
package locale

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"

	"meldpad/rules/cards"
	"meldpad/rules/msg"
)

// Localizer says messages in one language.
type Localizer struct {
	lang Language
	// texts is the language's catalog; English's fills any gap (a
	// test keeps the catalogs whole, so that only happens in a build
	// that skipped it).
	texts    catalog
	fallback *Localizer
}

// localizers are built once each, when first asked for.
var localizers = struct {
	sync.Mutex
	byTag map[string]*Localizer
}{byTag: map[string]*Localizer{}}

// For returns the Localizer of the language tag names ("de", "de-AT",
// "fr-CH"), by its primary language; English for a language meldpad
// does not speak.
func For(tag string) *Localizer {
	if lang, ok := find(tag); ok {
		return localizer(lang)
	}
	return English()
}

// Negotiate returns the Localizer of the language an Accept-Language
// header prefers most among those meldpad speaks ("de-CH, fr;q=0.8,
// en;q=0.5" is German), English when it names none of them. A language
// with q=0 is refused.
func Negotiate(header string) *Localizer {
	best, bestQ := English(), 0.0
	for _, part := range strings.Split(header, ",") {
		tag, params, _ := strings.Cut(part, ";")
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(p), "q="); ok {
				f, err := strconv.ParseFloat(v, 64)
				if err != nil || f < 0 || f > 1 {
					f = 0
				}
				q = f
			}
		}
		if q <= bestQ {
			continue
		}
		if lang, ok := find(tag); ok {
			best, bestQ = localizer(lang), q
		}
	}
	return best
}

// find returns the language meldpad speaks that tag names by its
// primary subtag ("de-AT" is "de").
func find(tag string) (Language, bool) {
	primary, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), "-")
	primary, _, _ = strings.Cut(primary, "_")
	for _, lang := range languages {
		if lang.Tag == primary {
			return lang, true
		}
	}
	return Language{}, false
}

// English returns the Localizer of meldpad's first language.
func English() *Localizer { return localizer(languages[0]) }

func localizer(lang Language) *Localizer {
	var fallback *Localizer
	if lang.Tag != languages[0].Tag {
		fallback = English()
	}
	localizers.Lock()
	defer localizers.Unlock()
	if l, ok := localizers.byTag[lang.Tag]; ok {
		return l
	}
	texts, err := loadCatalog(lang.Tag)
	if err != nil {
		// The catalogs are embedded and tested: this is a broken build.
		panic(err)
	}
	l := &Localizer{lang: lang, texts: texts, fallback: fallback}
	localizers.byTag[lang.Tag] = l
	return l
}

// Language is the language the Localizer speaks.
func (l *Localizer) Language() Language { return l.lang }

// Tag is the language's tag, for a page's lang attribute.
func (l *Localizer) Tag() string { return l.lang.Tag }

// Say writes m in the Localizer's language.
func (l *Localizer) Say(m msg.Msg) string {
	var b strings.Builder
	l.write(&b, m)
	return b.String()
}

// T says the catalog's message id with its arguments: the pages' words
// (l.T("game.hand_saved", msg.N("Hand", 3))).
func (l *Localizer) T(id string, args ...msg.Arg) string {
	return l.Say(msg.New(id, args...))
}

// entry is the catalog's entry of id, for the texts the Localizer reads
// itself rather than says (number.words).
func (l *Localizer) entry(id string) (*entry, bool) {
	e, ok := l.texts[id]
	return e, ok
}

// Has reports whether the language's catalog holds the id.
func (l *Localizer) Has(id string) bool {
	_, ok := l.texts[id]
	return ok
}

func (l *Localizer) write(b *strings.Builder, m msg.Msg) {
	switch m.ID {
	case "":
		return
	case msg.SentenceID, msg.CapitalID, msg.StopID:
		b.WriteString(msg.Shape(m.ID, l.arg(m, "Text")))
		return
	case msg.TextID, msg.ValueID:
		for _, a := range m.Args {
			l.writeValue(b, a.Value)
		}
		return
	}
	e, ok := l.texts[m.ID]
	if !ok {
		if l.fallback != nil {
			l.fallback.write(b, m)
			return
		}
		b.WriteString(msg.Plain.Say(m)) // no text anywhere: say what it is
		return
	}
	segs := e.forms["other"]
	if e.plural {
		if count, ok := m.Arg("Count"); ok {
			if form, ok := e.forms[l.lang.Plural(asInt(count))]; ok {
				segs = form
			}
		}
	}
	for _, s := range segs {
		if s.arg == "" {
			b.WriteString(s.text)
			continue
		}
		v, ok := m.Arg(s.arg)
		if !ok {
			b.WriteString("{{." + s.arg + "}}")
			continue
		}
		l.writeValue(b, v)
	}
}

// arg says one argument of m alone.
func (l *Localizer) arg(m msg.Msg, name string) string {
	v, _ := m.Arg(name)
	var b strings.Builder
	l.writeValue(&b, v)
	return b.String()
}

func (l *Localizer) writeValue(b *strings.Builder, v any) {
	switch x := v.(type) {
	case nil:
	case string:
		b.WriteString(x)
	case int:
		b.WriteString(l.Number(x))
	case msg.NumberWords:
		b.WriteString(l.words(int(x)))
	case msg.Msg:
		l.write(b, x)
	case []msg.Msg:
		b.WriteString(l.list(x))
	case []string:
		b.WriteString(l.list(msg.Values(x)))
	case msg.Joined:
		for i, m := range x.Items {
			if i > 0 {
				b.WriteString(x.Sep)
			}
			l.write(b, m)
		}
	case cards.Rank:
		b.WriteString(l.rank(x))
	case cards.Card:
		b.WriteString(l.Card(x))
	case cards.Face:
		b.WriteString(l.Face(cards.Card(x)))
	case cards.Play:
		b.WriteString(l.Play(x))
	case cards.FacePlay:
		b.WriteString(l.FacePlay(cards.Play(x)))
	default:
		b.WriteString(msg.Plain.Say(msg.Value(v)))
	}
}

// Error says what err says is wrong: the message of the first error in
// its chain that has one (a rule's, an input's, a card's: a Message
// method), or its text.
func (l *Localizer) Error(err error) string {
	var said interface{ Message() msg.Msg }
	if errors.As(err, &said) {
		return l.Say(said.Message())
	}
	return err.Error()
}

// Number writes a whole number as the language does: "1,234" in
// English, "1.234" in German, "1 234" in French.
func (l *Localizer) Number(n int) string {
	digits := strconv.Itoa(abs(n))
	sign := ""
	if n < 0 {
		sign = "-"
	}
	if len(digits) <= 3 || len(digits) < 3+l.lang.MinGroup {
		return sign + digits
	}
	var b strings.Builder
	b.WriteString(sign)
	head := len(digits) % 3
	if head == 0 {
		head = 3
	}
	b.WriteString(digits[:head])
	for i := head; i < len(digits); i += 3 {
		b.WriteString(l.lang.Group)
		b.WriteString(digits[i : i+3])
	}
	return b.String()
}

// words writes a small number in words, where the language's catalog
// lists them (number.words: "no one two ..."), else in digits.
func (l *Localizer) words(n int) string {
	if e, ok := l.entry("number.words"); ok && n >= 0 {
		if list := strings.Fields(joinText(e.forms["other"])); n < len(list) {
			return list[n]
		}
	}
	return l.Number(n)
}

// list writes items as the language lists them: "a", "a and b", "a, b
// and c" (list.two, list.middle and list.end: CLDR's list patterns).
func (l *Localizer) list(items []msg.Msg) string {
	said := make([]string, len(items))
	for i, m := range items {
		said[i] = l.Say(m)
	}
	switch len(said) {
	case 0:
		return ""
	case 1:
		return said[0]
	case 2:
		return l.Say(msg.New("list.two", msg.S("A", said[0]), msg.S("B", said[1])))
	}
	out := said[len(said)-1]
	out = l.Say(msg.New("list.end", msg.S("A", said[len(said)-2]), msg.S("B", out)))
	for i := len(said) - 3; i >= 0; i-- {
		out = l.Say(msg.New("list.middle", msg.S("A", said[i]), msg.S("B", out)))
	}
	return out
}

// Card writes a card as the language writes it in a sentence: a
// Fanucci card as printed ("7 Lamps", "Grue"), a standard card by the
// language's rank letter and suit (card.rank.*, card.suit.*): "QS" in
// English, "D♠" in German.
func (l *Localizer) Card(c cards.Card) string {
	if !c.Suit.IsStandard() {
		return c.String()
	}
	return l.rank(c.Rank) + l.Say(msg.New("card.suit."+c.Suit.Letter()))
}

// Face writes a card as its face shows it, as the chips do: the rank by
// the language's letter and the suit by its symbol, "Q♠" in English,
// "D♠" in German; a Fanucci card as printed.
func (l *Localizer) Face(c cards.Card) string {
	if !c.Suit.IsStandard() {
		return c.String()
	}
	return l.rank(c.Rank) + c.Suit.Symbol()
}

// Play writes a play as Card does, with its declared reading: "2C=KD".
func (l *Localizer) Play(p cards.Play) string {
	if p.Declared() {
		return l.Card(p.Card) + "=" + l.Card(p.As)
	}
	return l.Card(p.Card)
}

// FacePlay writes a play as Face does: "2♣=K♦".
func (l *Localizer) FacePlay(p cards.Play) string {
	if p.Declared() {
		return l.Face(p.Card) + "=" + l.Face(p.As)
	}
	return l.Face(p.Card)
}

// rank writes a standard rank: a number, or the language's letter for
// an ace or a court card (card.rank.A, .J, .Q, .K).
func (l *Localizer) rank(r cards.Rank) string {
	s := r.String()
	if s >= "A" && s <= "Z" {
		return l.Say(msg.New("card.rank." + s))
	}
	return s
}

func asInt(v any) int {
	switch x := v.(type) {
	case int:
		return x
	case msg.NumberWords:
		return int(x)
	}
	return 0
}

func joinText(segs []segment) string {
	var b strings.Builder
	for _, s := range segs {
		b.WriteString(s.text)
	}
	return b.String()
}

// NewContext returns ctx carrying l: the language of the page or answer
// being made, for the rules (msg.From) and the views (From).
func NewContext(ctx context.Context, l *Localizer) context.Context {
	return msg.NewContext(ctx, l)
}

// From returns the Localizer ctx carries, English when it carries none.
func From(ctx context.Context) *Localizer {
	if l, ok := msg.From(ctx).(*Localizer); ok {
		return l
	}
	return English()
}

// Forms returns the catalog's text of id as a script says it itself: by
// plural category ("one", "other"; "other" alone for a plain text), each
// naming its arguments {{.Name}} as the catalog does. The pages' scripts
// say their few words so (a hand saved while offline), choosing the
// form with the browser's Intl.PluralRules.
func (l *Localizer) Forms(id string) map[string]string {
	e, ok := l.texts[id]
	if !ok {
		if l.fallback != nil {
			return l.fallback.Forms(id)
		}
		return map[string]string{"other": id}
	}
	out := make(map[string]string, len(e.forms))
	for form, segs := range e.forms {
		var b strings.Builder
		for _, s := range segs {
			if s.arg != "" {
				b.WriteString("{{." + s.arg + "}}")
				continue
			}
			b.WriteString(s.text)
		}
		out[form] = b.String()
	}
	return out
}

// Ordinal writes a place as the language abbreviates it: "2nd" in
// English, "2." in German, "2º" in Italian, "2.º" in Spanish, "2e" in
// French ("1er" for the first).
func (l *Localizer) Ordinal(n int) string {
	digits := strconv.Itoa(n)
	switch l.lang.Tag {
	case "en":
		switch {
		case n%100 >= 11 && n%100 <= 13:
		case n%10 == 1:
			return digits + "st"
		case n%10 == 2:
			return digits + "nd"
		case n%10 == 3:
			return digits + "rd"
		}
		return digits + "th"
	case "it":
		return digits + "º"
	case "es":
		return digits + ".º"
	case "fr":
		if n == 1 {
			return "1er"
		}
		return digits + "e"
	}
	return digits + "."
}

// Decimal writes a number with the given digits after the decimal mark,
// as the language writes it: "27.6" in English, "27,6" in German,
// Italian, Spanish and French.
func (l *Localizer) Decimal(f float64, digits int) string {
	s := strconv.FormatFloat(f, 'f', digits, 64)
	if l.lang.Tag == "en" {
		return s
	}
	return strings.Replace(s, ".", ",", 1)
}
