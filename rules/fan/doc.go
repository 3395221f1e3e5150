// Package fan scores Fan Rummy deals, gin rummy with a knock card, as
// RULES.md §5 fixes it (rules N1-N8).
package fan
