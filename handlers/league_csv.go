package handlers

import (
	"context"
	"encoding/csv"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules/msg"
	"meldpad/rules/standings"
)

// The CSV files are for spreadsheets: RFC 4180 (CRLF line ends, quotes
// where needed), UTF-8, a header row. They hold no link, so the members'
// page offers them.
//
// People read them, so their words (the header row, yes and no, a game's
// status) are in the request's language, as the page that links them;
// scripts read them too, so their numbers and times are written as
// machines read them in every language (27.6, 2026-03-05 19:30), and a
// request without Accept-Language (curl, a script's HTTP library) gets
// the English header, which stays fixed. Each language's file is made
// and kept once per version.

// leagueGamesCSV sends every game of the league, oldest first, playing or
// finished: when it started and finished, the game, whether it counts,
// its status, winner (players who share the win, P4: "Ann and Bob
// (shared)") and number of hands, then each seat's player and
// total in seat order.
//
// It is made once per version of the league and kept (fileCache).
func (s *Server) leagueGamesCSV(c *echo.Context) error {
	l, err := s.loadLeague(c)
	if err != nil {
		return err
	}
	tr := locale.From(c.Request().Context())
	key := versionKey("games.csv", l.PublicID, l.Version, tr.Tag())
	download(c, csvType, fileName("csv", l.Name, "games"))
	return s.keptFile(c, key, func(ctx context.Context, w io.Writer) error {
		return s.writeGamesCSV(ctx, w, tr, l)
	})
}

// writeGamesCSV writes leagueGamesCSV's file.
func (s *Server) writeGamesCSV(ctx context.Context, w io.Writer, tr *locale.Localizer, l db.League) error {
	d, err := s.league(ctx, l)
	if err != nil {
		return err
	}
	l = d.record.League
	hands, err := s.store.Leagues.LeagueHandCounts(ctx, l.ID)
	if err != nil {
		return err
	}
	// As many player columns as the largest table of the league.
	seats := 2
	for _, g := range d.record.Games {
		seats = max(seats, len(g.Seats))
	}
	header := []string{tr.T("csv.started"), tr.T("csv.finished"), tr.T("csv.game"), tr.T("csv.counts"), tr.T("csv.status"), tr.T("csv.winner"), tr.T("csv.hands")}
	for i := 1; i <= seats; i++ {
		header = append(header, tr.T("csv.player_n", msg.S("N", strconv.Itoa(i))), tr.T("csv.total_n", msg.S("N", strconv.Itoa(i))))
	}
	records := [][]string{header}
	for _, g := range d.record.Games {
		row := []string{csvTime(g.CreatedAt), "", gameTitle(*g), yesNo(tr, l.Counts(g.Rules)), csvStatus(tr, g.Status), "", strconv.Itoa(hands[g.ID])}
		if g.Finished() {
			row[1] = csvTime(g.FinishedAt)
			// Players tied for the best total share the win (P4).
			switch winners := leagueGameWinners(*g); len(winners) {
			case 0:
			case 1:
				row[5] = csvText(winners[0])
			default:
				row[5] = csvText(tr.T("csv.shared", msg.Strings("Names", winners)))
			}
		}
		for i := range seats {
			if i < len(g.Seats) {
				row = append(row, csvText(g.Seats[i].Name), strconv.Itoa(g.Seats[i].Total))
			} else {
				row = append(row, "", "")
			}
		}
		records = append(records, row)
	}
	return writeCSV(w, records)
}

// leagueStandingsCSV sends the standings table as the league page shows
// it for the same query (season, game, sort, minimum games): the rows in
// the same order, the rating as shown and its μ, σ and μ − 3σ in full for
// sums and charts, and the points columns the page shows.
//
// It is made once per version of the league and query, and kept
// (fileCache).
func (s *Server) leagueStandingsCSV(c *echo.Context) error {
	l, err := s.loadLeague(c)
	if err != nil {
		return err
	}
	q := readStandingsQuery(c, l)
	tr := locale.From(c.Request().Context())
	key := versionKey("standings.csv", l.PublicID, l.Version, q.url(""), tr.Tag())
	words := []string{l.Name, "standings"}
	if q.Rules != "" {
		words = append(words, q.Rules)
	}
	for _, sn := range l.Seasons {
		if sn.ID == q.Season {
			words = append(words, sn.Name)
		}
	}
	download(c, csvType, fileName("csv", words...))
	return s.keptFile(c, key, func(ctx context.Context, w io.Writer) error {
		l, d, q, t, rows, err := s.standingsFor(ctx, c, l)
		if err != nil {
			return err
		}
		return writeCSV(w, standingsRecords(tr, l, d, q, t, rows))
	})
}

// standingsRecords are the rows of leagueStandingsCSV's file.
func standingsRecords(tr *locale.Localizer, l db.League, d *leagueData, q standingsQuery, t standings.Table, rows []standings.Row) [][]string {
	header := []string{
		tr.T("csv.rank"), tr.T("csv.player"), tr.T("csv.rating"), "mu", "sigma", "mu - 3 sigma",
		tr.T("csv.games"), tr.T("csv.wins"), tr.T("csv.win_rate"), tr.T("csv.average_place"), tr.T("csv.streak"),
	}
	if t.Points.Scored {
		header = append(header, tr.T("csv.points"))
	}
	if t.Points.Conceded {
		header = append(header, tr.T("csv.against"))
	}
	records := [][]string{header}
	for _, r := range rows {
		if r.Played < q.Min {
			continue
		}
		// Numbers as machines read them; the streak in words.
		shown := standingRow(locale.English(), l, d, r)
		shown.Streak = streak(tr, r.Streak)
		row := []string{
			strconv.Itoa(len(records)), csvText(shown.Name), shown.Rating,
			csvFloat(r.Rating.Mu), csvFloat(r.Rating.Sigma), csvFloat(r.Rating.Ordinal()),
			strconv.Itoa(r.Played), strconv.Itoa(r.Wins),
			strings.TrimSuffix(shown.WinRate, "%"), shown.AvgPlace, shown.Streak,
		}
		if t.Points.Scored {
			row = append(row, strconv.Itoa(r.Scored))
		}
		if t.Points.Conceded {
			row = append(row, strconv.Itoa(r.Conceded))
		}
		records = append(records, row)
	}
	return records
}

// csvType is the type of the CSV files.
const csvType = "text/csv; charset=utf-8; header=present"

// writeCSV writes records as an RFC 4180 file.
func writeCSV(out io.Writer, records [][]string) error {
	w := csv.NewWriter(out)
	w.UseCRLF = true
	return w.WriteAll(records)
}

// csvText guards a name against spreadsheets that run a cell beginning
// with =, +, - or @ as a formula ("CSV injection"): anyone with a league's
// link can name a player, and a name like =HYPERLINK(...) must stay text.
// Such a name gets a leading apostrophe, which spreadsheets show as text
// (OWASP's advice). Numbers are written as numbers, never through it.
func csvText(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// csvTime is a time as spreadsheets read it, in the server's time zone
// like the pages: "2026-03-05 19:30".
func csvTime(t time.Time) string { return t.Local().Format("2006-01-02 15:04") }

func csvFloat(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

func yesNo(tr *locale.Localizer, b bool) string {
	if b {
		return tr.T("csv.yes")
	}
	return tr.T("csv.no")
}

// csvStatus says a game's status (db.StatusPlaying, db.StatusFinished)
// in words.
func csvStatus(tr *locale.Localizer, status string) string {
	switch status {
	case db.StatusPlaying:
		return tr.T("csv.playing")
	case db.StatusFinished:
		return tr.T("csv.finished_status")
	}
	return status
}
