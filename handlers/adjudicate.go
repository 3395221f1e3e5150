package handlers

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules"
	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/views"
)

// question is one kind of dispute the referee page settles for a game:
// its inputs and how to judge them. judge stops early, without a verdict,
// once ctx is done.
type question struct {
	key, label string
	fields     []views.AdjFieldVM
	judge      func(ctx context.Context, g rules.Game, vm *views.AdjudicateVM)
}

// questions lists what can be asked of each game: a meld or lay-off for
// the games with melds, a whole deal for Fan Rummy, a trick for Trophy
// Case, an opening for Black Heart Rum.
func questions(l *locale.Localizer, g rules.Game) []question {
	var qs []question
	if mc, ok := g.Melds(); ok {
		qs = append(qs, question{key: "meld", label: l.T("referee.meld_question"), judge: judgeMeld, fields: []views.AdjFieldVM{
			{Name: "cards", Label: l.T("referee.cards_played"), Kind: "cards", Help: l.T("referee.cards_example", msg.S("Example", mc.ExampleMeld()))},
			{Name: "onto", Label: l.T("referee.onto"), Kind: "cards", Help: l.T("referee.onto_help")},
		}})
	}
	for _, q := range g.Questions() {
		qs = append(qs, moduleQuestion(l, q))
	}
	return qs
}

// hasQuestions reports whether the referee page settles disputes of a
// game.
func hasQuestions(g rules.Game) bool { return len(questions(locale.English(), g)) > 0 }

// inputKinds name a question's input kinds as the page draws them.
var inputKinds = map[game.InputKind]string{
	game.CardsInput: "cards", game.TextInput: "text", game.LinesInput: "lines", game.NumberInput: "number", game.SelectInput: "select",
}

// moduleQuestion is a game module's question (game.Question) on the
// referee page: its inputs as fields, and its answer as feedback beside
// them and a verdict citing the rules by their ids.
func moduleQuestion(l *locale.Localizer, q game.Question) question {
	out := question{key: q.Key, label: l.Say(q.Label)}
	for _, in := range q.Inputs {
		f := views.AdjFieldVM{Name: in.Name, Label: l.Say(in.Label), Help: sayOptional(l, in.Help), Kind: inputKinds[in.Kind], Value: in.Value}
		for _, o := range in.Options {
			f.Options = append(f.Options, views.OptionVM{Value: o.Value, Label: l.Say(o.Label)})
		}
		out.fields = append(out.fields, f)
	}
	out.judge = func(ctx context.Context, g rules.Game, vm *views.AdjudicateVM) {
		answers := url.Values{}
		for _, f := range vm.Fields {
			answers.Set(f.Name, f.Value)
		}
		ans, err := q.Judge(ctx, answers)
		if err != nil {
			return // ctx is done: the page says so
		}
		for name, fb := range ans.Feedback {
			f := field(vm, name)
			f.Error, f.Chips = fb.Error, fb.Chips
		}
		if r := ans.Ruling; r != nil {
			vm.Verdict = &views.AdjVerdictVM{OK: r.OK, Headline: r.Headline, Reason: r.Reason, Details: r.Details, Rules: ruleTexts(ctx, g, r.Rules)}
		}
	}
	return out
}

// ruleTexts are the full texts of the game's rules with the given ids,
// each once, in the order given, in the request's language.
func ruleTexts(ctx context.Context, g rules.Game, ids []string) []views.RuleVM {
	say := locale.From(ctx)
	var out []views.RuleVM
	seen := map[string]bool{}
	for _, id := range ids {
		if r, ok := g.Rule(id); ok && !seen[id] {
			seen[id] = true
			out = append(out, views.RuleVM{ID: r.ID, Title: say.Say(r.Title), Text: say.Say(r.Text)})
		}
	}
	return out
}

// showAdjudicate is the referee page. It is a GET form, so a verdict's URL
// carries everything entered and can be opened on every phone at the table.
func (s *Server) showAdjudicate(c *echo.Context) error {
	params := c.QueryParams()
	back, backRules := s.backToGame(c)
	if params.Get("game") == "" && backRules != "" {
		params.Set("game", backRules) // the game's own rules first
	}
	var game rules.Game
	var qs []question
	for _, g := range rules.Games() {
		if gq := questions(lang(c), g); len(gq) > 0 && (game.ID == "" || g.ID == params.Get("game")) {
			game, qs = g, gq
		}
	}
	q := qs[0]
	for _, cand := range qs {
		if cand.key == params.Get("q") {
			q = cand
		}
	}
	linkRules(c, game)
	vm := views.AdjudicateVM{Game: game.ID, Question: q.key, Deck: deckJSON(game.Deck), From: back}
	if back != "" {
		vm.BackURL = "/g/" + back
	}
	// The tabs keep the way back (from=); the verdict's link for the
	// table (ShareURL) never does: it is the game's own link.
	from := ""
	if back != "" {
		from = "&from=" + back
	}
	for _, g := range rules.Games() {
		if gq := questions(lang(c), g); len(gq) > 0 {
			vm.Games = append(vm.Games, views.TabVM{Label: g.Name, URL: "/adjudicate?game=" + g.ID + from, Active: g.ID == game.ID})
		}
	}
	for _, cand := range qs {
		vm.Questions = append(vm.Questions, views.TabVM{Label: cand.label, URL: "/adjudicate?game=" + game.ID + "&q=" + cand.key + from, Active: cand.key == q.key})
	}
	asked := false
	for _, f := range q.fields {
		if v := params.Get(f.Name); v != "" {
			f.Value = v
			asked = asked || f.Kind != "select"
		}
		vm.Fields = append(vm.Fields, f)
	}
	if asked {
		// The referee's deadline is the request's (refereeDeadline); a
		// judgement cut short by it has no verdict, and the page says so.
		ctx := c.Request().Context()
		if q.judge(ctx, game, &vm); ctx.Err() != nil {
			return ctx.Err()
		}
		if vm.Verdict != nil {
			vm.ShareURL = s.origin(c) + "/adjudicate?" + shareQuery(vm)
			var err error
			if vm.ShareQR, err = qrModules(vm.ShareURL); err != nil {
				vm.ShareURL = ""
			}
		}
	}
	return render(c, http.StatusOK, views.AdjudicatePage(vm))
}

// backToGame names the game the referee page was opened from, and its
// rules: the page's from= (its form and tabs carry it on), or else the
// page that linked here, a page of a game (the header's Referee link on
// a scorepad or a sheet). Only a game of this meldpad is named, by the
// link the phone came from; nothing else is read from the database.
func (s *Server) backToGame(c *echo.Context) (id, rulesID string) {
	id = c.QueryParam("from")
	if id == "" {
		if ref, err := url.Parse(c.Request().Referer()); err == nil && ref.Host == c.Request().Host {
			if m := gamePathRe.FindStringSubmatch(ref.Path); m != nil {
				id = m[1]
			}
		}
	}
	if !db.ValidID(id) {
		return "", ""
	}
	g, err := s.store.Games.Game(c.Request().Context(), id)
	if err != nil {
		return "", ""
	}
	return id, g.Rules
}

// gamePathRe matches the pages of a game: its scorepad and what is under
// it.
var gamePathRe = regexp.MustCompile(`^/g/([a-z2-7]+)(?:/|$)`)

// shareQuery is the verdict's inputs as a query string, in a fixed order.
func shareQuery(vm views.AdjudicateVM) string {
	q := url.Values{"game": {vm.Game}, "q": {vm.Question}}
	for _, f := range vm.Fields {
		if f.Value != "" {
			q.Set(f.Name, f.Value)
		}
	}
	return q.Encode()
}

// field returns the named field of the page, to read it or mark an error.
func field(vm *views.AdjudicateVM, name string) *views.AdjFieldVM {
	for i := range vm.Fields {
		if vm.Fields[i].Name == name {
			return &vm.Fields[i]
		}
	}
	return &views.AdjFieldVM{}
}

// readPlays reads a card field of the page, showing its cards as chips and
// counting them in tally against the deck.
func readPlays(ctx context.Context, vm *views.AdjudicateVM, name string, deck *cards.Deck, tally *cards.Tally) ([]cards.Play, bool) {
	f := field(vm, name)
	plays, bad := deck.ReadText(f.Value)
	if bad != nil {
		// The cards read are shown beside what is wrong with the other.
		f.Error = locale.From(ctx).Say(bad.Msg)
		for _, p := range plays {
			f.Chips = append(f.Chips, game.ChipOf(p))
		}
		return nil, false
	}
	for _, p := range plays {
		f.Chips = append(f.Chips, game.ChipOf(p))
		if tally != nil {
			if err := tally.Add(p.Card); err != nil {
				f.Error = locale.From(ctx).Say(game.ParseMessage(err))
				return nil, false
			}
		}
	}
	return plays, true
}

// judgeMeld judges laying down, or laying off onto a meld on the table.
func judgeMeld(ctx context.Context, g rules.Game, vm *views.AdjudicateVM) {
	tally := g.Deck.NewTally()
	played, ok1 := readPlays(ctx, vm, "cards", g.Deck, tally)
	onto, ok2 := readPlays(ctx, vm, "onto", g.Deck, tally)
	if !ok1 || !ok2 {
		return
	}
	if len(played) == 0 {
		field(vm, "cards").Error = locale.From(ctx).T("referee.enter_cards")
		return
	}
	layoff := len(onto) > 0
	check, _ := g.Melds()
	v := check.CheckMeld(game.MeldQuestion{Cards: played, Onto: onto, Layoff: layoff, Say: locale.From(ctx)})
	out := &views.AdjVerdictVM{OK: v.Valid, Reason: capitalize(v.Reason), Rules: ruleTexts(ctx, g, append(v.Rules, v.Rule))}
	l := locale.From(ctx)
	kind := ""
	if v.Kind != nil {
		kind = kindIn(l, *v.Kind)
	}
	switch {
	case layoff && v.Valid:
		out.Headline = l.T("referee.layoff_yes", msg.S("Kind", kind))
	case layoff:
		out.Headline = l.T("referee.layoff_no")
	case v.Valid:
		out.Headline = l.T("referee.valid_kind", msg.S("Kind", kind))
	default:
		out.Headline = l.T("referee.invalid")
	}
	out.Details = append(out.Details, v.Details...)
	if v.Points != nil {
		out.Details = append(out.Details, l.T("referee.scores", msg.N("Count", *v.Points)))
	}
	if len(v.Readings) > 0 {
		all := append(append([]cards.Play{}, onto...), played...)
		if !layoff {
			all = played
		}
		var notes []string
		for i, r := range v.Readings {
			if i < len(all) && all[i].Card.String() != r {
				notes = append(notes, l.T("referee.wild_as", msg.S("Card", all[i].Card.String()), msg.S("As", r)))
			}
		}
		if len(notes) > 0 {
			out.Details = append(out.Details, l.T("referee.wilds_read", msg.S("Readings", strings.Join(notes, ", "))))
		}
	}
	vm.Verdict = out
}

// kindIn names a meld's kind (a verdict's "color_set") with its article,
// in l's language: "a colour set", "ein einfarbiger Satz". A kind the
// catalogs do not know yet is said as English says it.
func kindIn(l *locale.Localizer, kind string) string {
	if id := "referee.kind." + kind; l.Has(id) {
		return l.T("referee.kind." + kind)
	}
	word := strings.ReplaceAll(strings.ReplaceAll(kind, "_", " "), "color", "colour")
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}

// sayOptional says m in l's language, or nothing for no message (an
// input without help).
func sayOptional(l *locale.Localizer, m msg.Msg) string {
	if m.IsZero() {
		return ""
	}
	return l.Say(m)
}
