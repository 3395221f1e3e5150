// Package fortune referees Fortune Rummy, two standard decks with deuces
// wild, as RULES.md §3 fixes it (rules R1-R8).
package fortune
