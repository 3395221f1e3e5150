package handlers

import (
	"strconv"
	"time"

	"meldpad/locale"
	"meldpad/rules/msg"
	"meldpad/rules/rating"
)

// leagueWonText says who won a league game, for a list of games, in the
// request's language: "Ann won", "Ann and Bob shared the win" (P4).
func leagueWonText(tr *locale.Localizer, winners []string) string {
	if len(winners) == 0 {
		return ""
	}
	return tr.T("league.won", msg.N("Count", len(winners)), msg.Strings("Names", winners))
}

// ratingText writes a rating as the table shows it, μ ± 3σ with the
// language's decimal mark: "27.6 ± 8.3", "27,6 ± 8,3".
func ratingText(tr *locale.Localizer, r rating.Rating) string {
	return tr.Decimal(r.Mu, 1) + " ± " + tr.Decimal(rating.Z*r.Sigma, 1)
}

// localDay writes a day as the language writes it: "1 Mar 2026",
// "1. März 2026", "1 mar 2026".
func localDay(tr *locale.Localizer, t time.Time) string {
	y, m, d := t.Date()
	return tr.T("league.day", msg.N("Day", d), msg.S("Month", tr.T("league.month."+strconv.Itoa(int(m)))), msg.S("Year", strconv.Itoa(y)))
}

// localWhen is when a game started, for a list: the time alone today,
// else the day, in the server's time zone as the pages show times.
func localWhen(tr *locale.Localizer, t time.Time) string {
	t = t.Local()
	if y, m, d := t.Date(); y == time.Now().Year() && m == time.Now().Month() && d == time.Now().Day() {
		return t.Format("15:04")
	}
	return localDay(tr, t)
}

// localMoment is when something happened, to the minute: "2 Mar 2026
// 14:05".
func localMoment(tr *locale.Localizer, t time.Time) string {
	t = t.Local()
	return localDay(tr, t) + " " + t.Format("15:04")
}
