package handlers

import (
	"strings"

	"meldpad/locale"
	"meldpad/rules"
	"meldpad/rules/msg"
)

// The words of the scorepad that a game's rules give in English (its
// seat note, the names of its end-of-game bonuses) are said through the
// pages' catalogs: scorepad.seat_note.<game> and scorepad.bonus_name.<name>,
// the name written as an id ("Box bonus": box_bonus). A game the
// catalogs do not know yet keeps its rules' English.

// seatNote says what the seat an entry names did: "Ann went out".
func seatNote(l *locale.Localizer, g rules.Game, name string) string {
	if !l.Has(seatNotePrefix + g.ID) {
		return name + " " + g.SeatNote
	}
	return l.T("scorepad.seat_note."+g.ID, msg.S("Name", name))
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

const (
	seatNotePrefix = "scorepad.seat_note."
	bonusPrefix    = "scorepad.bonus_name."
)
