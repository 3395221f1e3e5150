package handlers

import "meldpad/db"

// winnerNames are the players who won a finished game: every seat in
// first place, since players tied for the best total share the win (P4),
// or the one winning seat when no place is stored.
func winnerNames(names []string, places []int, winner int) []string {
	var out []string
	for seat, place := range places {
		if place == 1 && seat < len(names) {
			out = append(out, names[seat])
		}
	}
	if len(out) == 0 && winner >= 0 && winner < len(names) {
		out = []string{names[winner]}
	}
	return out
}

// gameWinners are the winners of a game of the scorepad (winnerNames).
func gameWinners(g db.Game) []string {
	names, places := make([]string, len(g.Seats)), make([]int, len(g.Seats))
	for i, s := range g.Seats {
		names[i], places[i] = s.Name, s.Place
	}
	return winnerNames(names, places, g.Winner)
}

// leagueGameWinners are the winners of a league's game (winnerNames).
func leagueGameWinners(g db.LeagueGame) []string {
	names, places := make([]string, len(g.Seats)), make([]int, len(g.Seats))
	for i, s := range g.Seats {
		names[i], places[i] = s.Name, s.Place
	}
	return winnerNames(names, places, g.Winner)
}
