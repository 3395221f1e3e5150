package gin

import (
	"meldpad/rules/cards"
	"meldpad/rules/fan"
)

// Gin rummy's cards, values, melds, deadwood and lay-offs are Fan Rummy's
// (Gin Rummy's rules: N1-N3 and N5), so these are the Fan engine's own types:
// a caller needs to import only this package.
type (
	// Verdict is the answer about a meld or a lay-off; its Rule is N2 or
	// N5 and its Reason cites it.
	Verdict = fan.Verdict
	// Kind is fan.Set or fan.Run (fan.NoKind when invalid); its String is
	// the API's kind.
	Kind = fan.Kind
	// Arrangement is a hand split into melds and deadwood (N3).
	Arrangement = fan.Arrangement
	// Layoff is one defender card laid off onto one of the knocker's
	// melds (N5).
	Layoff = fan.Layoff
	// DealError is input that is not well-formed: a seat that does not
	// exist, a card outside the standard deck, a card held twice, a hand
	// of the wrong size, an unknown house rule, a deal with the wrong
	// number of scores. Field names the culprit as the API's request does
	// ("hands[1][3]", "up_card", "deals[2]"); the API answers 400. What
	// the rules forbid is a *ruling.Error instead (422).
	DealError = fan.DealError
)

// Check judges cards laid down together as one meld (N2): a set of 3 or
// 4 of one rank, or a run of 3 or more of one suit, the ace low only.
func Check(meld []cards.Card) Verdict { return fan.Check(meld) }

// CheckLayoff judges laying the added cards off onto a meld on the table
// (N5); the verdict's Kind is the kind of the meld that results.
func CheckLayoff(onto, added []cards.Card) Verdict { return fan.CheckLayoff(onto, added) }

// Deadwood returns the arrangement of hand with the least deadwood (N3).
func Deadwood(hand []cards.Card) Arrangement { return fan.Deadwood(hand) }

// Value returns a card's deadwood value (N1): ace 1, 2-10 their face
// value, J Q K 10.
func Value(c cards.Card) int { return fan.Value(c) }
