package handlers

import (
	"slices"
	"strings"

	"meldpad/locale"
	"meldpad/rules"
	"meldpad/rules/msg"
)

// A game's end-of-game bonuses are named in English by its rules and said
// through the pages' catalogs: scorepad.bonus_name.<name>, the name
// written as an id ("Box bonus": box_bonus). A bonus the catalogs do not
// know yet keeps its rules' English.

// seatNote says what the seat an entry names did, in l's language: "Ann
// went out", the game's own message with the player's name.
func seatNote(l *locale.Localizer, g rules.Game, name string) string {
	note := g.SeatNote
	return l.Say(msg.New(note.ID, append(slices.Clone(note.Args), msg.S("Player", name))...))
}

// bonusName is an end-of-game bonus's name in l's language: "Box bonus",
// "Kästchenbonus".
func bonusName(l *locale.Localizer, name string) string {
	key := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(name)), " ", "_")
	if !l.Has(bonusPrefix + key) {
		return name
	}
	return l.T("scorepad.bonus_name." + key)
}

const bonusPrefix = "scorepad.bonus_name."
