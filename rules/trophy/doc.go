// Package trophy referees Trophy Case tricks, played with the Fanucci deck,
// as RULES.md §6 fixes it (rules T1-T8).
package trophy
