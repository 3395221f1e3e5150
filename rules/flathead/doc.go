// Package flathead referees Flathead Rummy, played with the Fanucci deck, as
// RULES.md §2 fixes it (rules F1-F9).
package flathead
