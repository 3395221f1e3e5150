package handlers

import (
	"context"
	"encoding/json"
	"net/url"

	"meldpad/db"
	"meldpad/rules"
	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/views"
)

// sheet is a game module's card-by-card form of a hand (game.Sheeter) as
// the pages use it: the module reads what was entered at the table, asks
// its referee and lays the sheet out; the views draw it.
type sheet struct{ m game.Sheeter }

// sheetOf returns the card sheet of a game, if its hands can be entered
// card by card.
func sheetOf(r rules.Game) (sheet, bool) {
	m, ok := r.Sheet()
	return sheet{m}, ok
}

// hasSheet reports whether a game's hands can be entered card by card.
func hasSheet(r rules.Game) bool {
	_, ok := r.Sheet()
	return ok
}

// blank returns the form of a new hand.
func (s sheet) blank(t table) url.Values { return s.m.Blank(t.State()) }

// values returns the form that shows a stored hand again.
func (s sheet) values(t table, record json.RawMessage) (url.Values, error) {
	return s.m.Values(t.State(), record)
}

// judge reads the form and asks the rules under ctx, which carries the
// referee's deadline. It fills vm's Body, Fields and Judgement, and
// returns the hand to store once it is complete and allowed (nil until
// then, and once ctx is done).
func (s sheet) judge(ctx context.Context, t table, form url.Values, vm *views.SheetVM) *db.HandInput {
	sh, hand, err := s.m.Judge(ctx, t.State(), form)
	if err != nil {
		return nil // ctx is done: sheetVM reports it
	}
	vm.Body = views.SheetParts(sh)
	vm.Fields = vm.Fields[:0]
	for _, f := range sh.Fields() {
		vm.Fields = append(vm.Fields, *f)
	}
	if badges := sh.Badges(); len(badges) > 0 {
		vm.Swaps = views.SheetBadges(badges)
	}
	vm.Judgement = sh.Judgement
	if vm.Judgement.Names == nil {
		vm.Judgement.Names = t.Names()
	}
	if hand == nil {
		return nil
	}
	return &db.HandInput{Entry: db.EntryCards, Record: hand.Record, Points: hand.Points, Seat: hand.Seat, EndsHand: hand.EndsHand}
}

// A group is a run of fields a sheet shows as many of as needed (a
// Fortune player's melds): field i of group g is named "g_i". The page
// carries how many fields it shows in a hidden input, countName(g), so
// that the "more" button (action "more:g") can ask for one more, with or
// without scripts.

// deckJSON describes the deck to the card picker: its ranks, its suits by
// colour, its trumps, and how many copies of each card it holds.
func deckJSON(d *cards.Deck) string {
	type suitGroup struct {
		Colour string   `json:"colour"`
		Suits  []string `json:"suits"`
		Labels []string `json:"labels"`
	}
	var out struct {
		Ranks  []string       `json:"ranks"`
		Groups []suitGroup    `json:"groups"`
		Trumps []string       `json:"trumps,omitempty"`
		Copies map[string]int `json:"copies"`
		Wilds  bool           `json:"wilds"`
	}
	out.Copies = map[string]int{}
	fanucci := false
	for _, c := range d.Cards() {
		out.Copies[c.String()] = d.Copies(c)
		fanucci = fanucci || c.IsFanucci()
		out.Wilds = out.Wilds || d.IsWild(c)
	}
	if fanucci {
		out.Ranks = []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "∞"}
		for _, colour := range cards.FanucciColours() {
			g := suitGroup{Colour: colour.String()}
			for _, s := range colour.Suits() {
				g.Suits = append(g.Suits, s.String())
				g.Labels = append(g.Labels, s.String())
			}
			out.Groups = append(out.Groups, g)
		}
		for _, tr := range cards.Trumps() {
			out.Trumps = append(out.Trumps, tr.String())
		}
	} else {
		out.Ranks = []string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}
		for _, s := range cards.StandardSuits() {
			out.Groups = append(out.Groups, suitGroup{Colour: s.Colour().String(), Suits: []string{s.Letter()}, Labels: []string{s.Symbol()}})
		}
	}
	b, _ := json.Marshal(out)
	return string(b)
}
