package handlers

import (
	"time"

	"meldpad/locale"
	"meldpad/rules/msg"
)

// The words the game's pages build from a table, in the request's
// language (the pages' catalogs, locale/pages).

// signedIn writes points with their sign, as views.Signed does, in l's
// language (locale's Score): "+1000", "0", "-12.345".
func signedIn(l *locale.Localizer, n int) string {
	if n > 0 {
		return "+" + l.Score(n)
	}
	return l.Score(n)
}

// roundIn is a round by its number, in a sentence: "deal 3", "Runde 3".
func (t table) roundIn(l *locale.Localizer, n int) string {
	return l.T("scorepad.round_n."+t.Rules.Round, msg.N("N", n))
}

// roundCapIn is roundIn at the start of a line: "Deal 3".
func (t table) roundCapIn(l *locale.Localizer, n int) string {
	return l.T("scorepad.round_cap_n."+t.Rules.Round, msg.N("N", n))
}

// roundWordIn is the table's word for a round, in a sentence: "deal".
func (t table) roundWordIn(l *locale.Localizer) string {
	return l.T("scorepad.word." + t.Rules.Round)
}

// whenIn is when as a scorepad prints it, in l's language: the time
// today, the date before that.
func whenIn(l *locale.Localizer, t time.Time) string {
	t = t.Local()
	if sameDay(t, time.Now()) {
		return l.Time(t)
	}
	return l.Date(t)
}

// clockIn is a time as a table reads it: "21:04" today, the day and
// time before.
func clockIn(l *locale.Localizer, t time.Time) string {
	t = t.Local()
	if sameDay(t, time.Now()) {
		return l.Time(t)
	}
	return l.DayTime(t)
}

func sameDay(a, b time.Time) bool {
	ay, am, ad := a.Date()
	by, bm, bd := b.Date()
	return ay == by && am == bm && ad == bd
}

// wonIn says who won, in a list of games: "Ann won", "Ann and Bob shared
// the win"; "" for nobody.
func wonIn(l *locale.Localizer, winners []string) string {
	switch len(winners) {
	case 0:
		return ""
	case 1:
		return l.T("home.won", msg.Strings("Names", winners))
	}
	return l.T("home.shared_win", msg.Strings("Names", winners))
}

// haveWonIn says who has won, in a sentence about a game that is over:
// "Ann has won", "Ann and Bob have won" (P4).
func haveWonIn(l *locale.Localizer, winners []string) string {
	if len(winners) == 1 {
		return l.T("scorepad.has_won", msg.Strings("Names", winners))
	}
	return l.T("scorepad.have_won", msg.Strings("Names", winners))
}
