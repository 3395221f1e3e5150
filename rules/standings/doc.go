// Package standings works out a league's table from its finished games:
// games played, wins, win rate, average finishing place, points scored and
// conceded where a game makes that meaningful, the current streak and an
// OpenSkill rating (package rules/rating) with its uncertainty; and, for
// one player, every game with its place, the rating after each, and the
// record against each opponent.
//
// Nothing here is stored: everything is computed from the games it is
// given, in the order they finished, so a corrected hand changes the
// standings as soon as the games are read again.
//
// The rules it applies, where the issue left them open:
//
//   - Places: the winner (by the game's own end rule) is first; the others
//     follow by final total, and equal totals share a place, the next place
//     being skipped (1, 2, 2, 4). In Black Heart Rum the winner need not
//     have the highest total (B8); the winner is still first.
//   - Points: see PointsFor.
//   - Ratings start at 25 ± 25 (mu ± 3 sigma) for everyone in each table:
//     a season's table rates the season's games only, a game's table that
//     game's only.
//   - Seasons: see InSeason.
package standings
