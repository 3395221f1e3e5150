package standings

import "time"

// Season is a part of a league, as the league's organizer set it.
type Season struct {
	ID       int64
	StartsOn string    // "2026-03-01", or "" for open
	EndsOn   string    // "2026-05-31", or "" for open
	Created  time.Time // when the organizer added it
}

// Dated reports whether the season is a date range.
func (s Season) Dated() bool { return s.StartsOn != "" || s.EndsOn != "" }

// InSeason reports whether a game started at the given time belongs to the
// season with the given id, among the league's seasons. A game belongs to
// a season by the time it was started:
//
//   - a season with dates holds the games started on its days, both ends
//     included, the day being the one in loc (the server's time zone); an
//     open end is open. Dated seasons may overlap, and a game then counts
//     in each.
//   - a season without dates is "the current season": it holds the games
//     started while it was the newest season without dates, from when it
//     was added until the next one was. Games started before the first one
//     are in none.
//
// So an organizer who just wants "season 1, season 2..." adds a season
// without dates when a new one begins; one who wants "spring 2026" gives
// its dates.
func InSeason(seasons []Season, id int64, started time.Time, loc *time.Location) bool {
	var current int64
	var currentCreated time.Time
	for _, s := range seasons {
		if s.Dated() {
			if s.ID != id {
				continue
			}
			day := started.In(loc).Format(time.DateOnly)
			return (s.StartsOn == "" || day >= s.StartsOn) && (s.EndsOn == "" || day <= s.EndsOn)
		}
		if !s.Created.After(started) && (current == 0 || !s.Created.Before(currentCreated)) {
			current, currentCreated = s.ID, s.Created
		}
	}
	return current != 0 && current == id
}

// Scope says which of a league's games a table is about.
type Scope struct {
	Season int64  // 0: every season
	Rules  string // "": every game that counts
}

// Filter returns the games of the scope, in the order given (the same
// slice for the whole league).
func Filter(games []Game, seasons []Season, scope Scope, loc *time.Location) []Game {
	if scope == (Scope{}) {
		return games
	}
	out := make([]Game, 0, len(games))
	for _, g := range games {
		if scope.Rules != "" && g.Rules != scope.Rules {
			continue
		}
		if scope.Season != 0 && !InSeason(seasons, scope.Season, g.Started, loc) {
			continue
		}
		out = append(out, g)
	}
	return out
}
