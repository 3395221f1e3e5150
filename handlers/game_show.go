package handlers

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"meldpad/rules"
	"meldpad/views"
)

// showGame renders the scorepad.
func (s *Server) showGame(c echo.Context) error {
	t, err := s.loadTable(c)
	if err != nil {
		return err
	}
	rememberGame(c, t.game.PublicID)
	vm := scorepadVM(t, flash(c.QueryParam("saved")))
	if err := s.scorepadLeague(c, &vm, t.game.ID); err != nil {
		return err
	}
	return render(c, http.StatusOK, views.GamePage(vm))
}

// flash turns the redirect's ?saved= into a line on the scorepad.
func flash(what string) string {
	switch what {
	case "added":
		return "Saved."
	case "corrected":
		return "Correction saved; totals worked out again."
	case "deleted":
		return "Deleted; totals worked out again."
	}
	return ""
}

// scorepadVM builds the scorepad's view model: totals from the store
// (derived in the write that changed them), running totals per row,
// dealer, and the result.
func scorepadVM(t table, flashMsg string) views.GameVM {
	g, r := t.game, t.rules
	vm := views.GameVM{
		Title: r.Name, URL: t.url(), Target: r.Target, EndRule: r.EndRule, Round: r.Round,
		Finished: g.Finished(), RecordURL: t.url() + "/hands/new", HistoryURL: t.url() + "/history", Flash: flashMsg,
		LiveURL: t.url() + "/events", Version: g.Version, ShareURL: t.url() + "/share", AdjudicateURL: "/adjudicate?game=" + r.ID,
	}
	if _, ok := sheets[r.ID]; ok {
		vm.CardsURL = t.url() + "/hands/new?by=cards"
	}
	for _, h := range r.HouseRules {
		if g.HouseRules[h.Key] {
			vm.HouseRules = append(vm.HouseRules, h.Name+" ("+h.Rule+")")
		}
	}
	rounds := t.rounds()
	dealer := r.Dealer(g.FirstDealer, len(g.Seats), rounds)
	for i, seat := range g.Seats {
		vm.Seats = append(vm.Seats, views.SeatVM{Name: seat.Name, Total: seat.Total, Dealer: i == dealer, Winner: g.Finished() && i == g.Winner})
	}
	if g.Finished() && g.Winner >= 0 && g.Winner < len(g.Seats) {
		vm.Winner, vm.WinnerTotal = g.Seats[g.Winner].Name, g.Seats[g.Winner].Total
	}
	if r.ID == rules.Trophy {
		vm.NextLeader = t.names()[r.NextLeader(g.FirstDealer, len(g.Seats), rounds)]
	}
	running := make([]int, len(g.Seats))
	for i, h := range t.hands {
		row := views.HandRowVM{Number: i + 1, Note: t.note(h.Seat, h.EndsHand), EditURL: t.url() + "/hands/" + itoa64(h.ID)}
		for seat := range g.Seats {
			p := 0
			if seat < len(h.Points) {
				p = h.Points[seat]
			}
			running[seat] += p
			row.Points = append(row.Points, p)
			row.Totals = append(row.Totals, running[seat])
		}
		vm.Hands = append(vm.Hands, row)
	}
	vm.TotalsChart = runningTotalsChart(vm)
	return vm
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
