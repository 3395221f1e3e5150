// Package offline judges a card sheet where the server cannot be reached:
// on the phone, compiled to WebAssembly (cmd/meldpad-wasm). It asks the
// game's module what the server's preview asks it, with the table the
// sheet page was drawn for, and answers with the same fragment as
// views.SheetPreview, so that the page swaps it in the same way.
//
// The fragment is drawn here without templ, whose runtime would bring
// net/http (and half a megabyte of compressed WebAssembly) with it. The
// handlers' tests hold the two drawings to the same bytes for every card
// game (TestOfflinePreviewMatchesServer).
package offline

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"meldpad/rules"
	"meldpad/rules/game"
)

// Page is what a sheet page tells the phone's referee: the game's rules
// and the table as the server judges the sheet (for a correction, the
// table before the hand), and the page's own words its drawing needs,
// which the phone's catalogs leave out (they carry the referee's words,
// not the pages').
type Page struct {
	Rules string     `json:"rules"`
	Table game.Table `json:"table"`
	Words Words      `json:"words"`
}

// Words are the page's own words in a drawing of the referee's, in the
// page's language. One left empty (a page kept from before they were
// sent) is said in English.
type Words struct {
	Remove string `json:"remove,omitempty"` // a card chip's title: "Tap to remove"
	Score  string `json:"score,omitempty"`  // the judgement's heading: "Score"
}

// Encode writes the page's description for its data-referee attribute.
func Encode(rulesID string, t game.Table, words Words) string {
	b, err := json.Marshal(Page{Rules: rulesID, Table: t, Words: words})
	if err != nil {
		return "" // a table is plain data; the phone then has no referee
	}
	return string(b)
}

// ErrNoSheet is returned for a page whose game has no card sheet.
var ErrNoSheet = errors.New("offline: no card sheet for this game")

// Judge reads a page's description (Encode) and its form, and returns
// what the server's preview would answer: every card field's feedback,
// the badges and the judgement, each to be swapped in by id. Its error
// says the description cannot be read, or is ctx's.
func Judge(ctx context.Context, page string, form url.Values) (string, error) {
	var p Page
	if err := json.Unmarshal([]byte(page), &p); err != nil {
		return "", fmt.Errorf("offline: read the page: %w", err)
	}
	if string(p.Table.Settings) == "null" {
		p.Table.Settings = nil // as the server holds a game without settings
	}
	g, ok := rules.Lookup(p.Rules)
	if !ok {
		return "", fmt.Errorf("offline: unknown game %q", p.Rules)
	}
	sheeter, ok := g.Sheet()
	if !ok {
		return "", ErrNoSheet
	}
	sh, _, err := sheeter.Judge(ctx, p.Table, form)
	if err != nil {
		return "", err
	}
	j := sh.Judgement
	if j.Names == nil {
		j.Names = p.Table.Names
	}
	var out strings.Builder
	for _, f := range sh.Fields() {
		fieldFeedback(&out, f, or(p.Words.Remove, "Tap to remove"))
	}
	for _, b := range sh.Badges() {
		badge(&out, b)
	}
	judgement(&out, j, or(p.Words.Score, "Score"))
	return out.String(), nil
}

// or is the page's word, or English when the page sent none.
func or(word, english string) string {
	if word == "" {
		return english
	}
	return word
}
