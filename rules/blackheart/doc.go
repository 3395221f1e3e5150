// Package blackheart referees Black Heart Rum, 75 cards with escorts and
// diamond wilds, as RULES.md §4 fixes it (rules B1-B8).
package blackheart
