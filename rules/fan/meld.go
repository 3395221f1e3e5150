package fan

import (
	"slices"
	"strconv"
	"strings"

	"meldpad/rules/cards"
)

// Kind is the kind of a Fan Rummy meld (N2). Its String is the API's kind.
type Kind uint8

// The meld kinds of N2. NoKind is the kind of something that is not a meld,
// so an invalid Verdict's Kind is never mistaken for a set.
const (
	NoKind Kind = iota
	Set         // 3 or 4 cards of one rank
	Run         // 3 or more consecutive cards of one suit, ace low
)

// String returns "set" or "run" as the API writes them, and "" for NoKind
// (the API's null).
func (k Kind) String() string {
	switch k {
	case Set:
		return "set"
	case Run:
		return "run"
	}
	return ""
}

// Verdict is the referee's answer about a meld or a lay-off: whether it
// stands, what kind of meld it is (or becomes), the RULES.md id it was
// judged by, and one sentence for the players that cites the id.
type Verdict struct {
	Valid bool
	Kind  Kind   // NoKind when not Valid
	Rule  string // "N2" for a meld, "N5" for a lay-off
	// Rules are every id Reason cites, when it cites more than Rule.
	Rules  []string
	Reason string // "three 7s (N2)", "Not a run: the ace is low only, so Q-K-A is not a run (N2)"
}

// Check judges cards laid down together as one meld (N2): a set is 3 or 4
// cards of one rank, a run 3 or more consecutive cards of one suit, and an
// ace is low only, so Q-K-A is not a run. The order of the cards does not
// matter. An invalid verdict names the first thing wrong, reading the cards
// in the order given.
func Check(meld []cards.Card) Verdict {
	s := judge(meld)
	if s.kind == NoKind {
		return Verdict{Rule: "N2", Reason: s.not + ": " + s.why + " (N2)"}
	}
	return Verdict{Valid: true, Kind: s.kind, Rule: "N2", Reason: s.why + " (N2)"}
}

// CheckLayoff judges laying the added cards off onto a meld already on the
// table (N5). onto must itself be a meld, and onto plus added must be one
// too; the verdict's Kind is the kind of the meld that results. A run may
// grow by several cards at once, at either end or both, since they can be
// laid one after another; a set grows to at most 4 cards.
func CheckLayoff(onto, added []cards.Card) Verdict {
	base := judge(onto)
	if base.kind == NoKind {
		return Verdict{Rule: "N2", Reason: "Not a lay-off: the cards on the table are not a meld, since " + base.why + " (N2)"}
	}
	if len(added) == 0 {
		return Verdict{Rule: "N5", Reason: "Not a lay-off: there are no cards to lay off (N5)"}
	}
	all := append(slices.Clip(onto), added...)
	s := judge(all)
	if s.kind == NoKind {
		why := s.why
		if s.gap && base.kind == Run {
			why = strayFromRun(onto, added) + " does not join " + base.why
		}
		return Verdict{Rule: "N5", Rules: []string{"N2", "N5"}, Reason: "Not a lay-off: " + why + " (N2, N5)"}
	}
	verb := " makes "
	if len(added) > 1 {
		verb = " make "
	}
	return Verdict{Valid: true, Kind: s.kind, Rule: "N5", Reason: joinCards(added) + verb + s.why + " (N5)"}
}

// shape is what judge found: the meld's kind, or NoKind with the first
// thing wrong. why has no rule ids, so that callers can phrase it for a
// meld or a lay-off.
type shape struct {
	kind Kind
	why  string // what the meld is ("three 7s"), or what is wrong
	not  string // "Not a meld", "Not a set" or "Not a run" when invalid
	gap  bool   // invalid only because same-suit ranks are not consecutive
}

func judge(meld []cards.Card) shape {
	switch len(meld) {
	case 0:
		return shape{not: "Not a meld", why: "there are no cards"}
	case 1, 2:
		return shape{not: "Not a meld", why: "a meld needs at least 3 cards, not " + strconv.Itoa(len(meld))}
	}
	var seen [deckSize]bool
	for _, c := range meld {
		i, ok := index(c)
		if !ok {
			return shape{not: "Not a meld", why: cardName(c) + " is not a card of the standard deck"}
		}
		if seen[i] {
			return shape{not: "Not a meld", why: c.String() + " appears twice, and the deck holds only one"}
		}
		seen[i] = true
	}
	sameRank, sameSuit := true, true
	for _, c := range meld[1:] {
		sameRank = sameRank && c.Rank == meld[0].Rank
		sameSuit = sameSuit && c.Suit == meld[0].Suit
	}
	switch {
	case sameRank:
		// Four suits and no repeated card leave at most 4 of a rank.
		return shape{kind: Set, why: countWord(len(meld)) + " " + rankPlural(meld[0].Rank)}
	case sameSuit:
		return judgeRun(meld)
	case meld[0].Rank == meld[1].Rank:
		for _, c := range meld[2:] {
			if c.Rank != meld[0].Rank {
				return shape{not: "Not a set", why: c.String() + " is not " + aRank(meld[0].Rank)}
			}
		}
	case meld[0].Suit == meld[1].Suit:
		for _, c := range meld[2:] {
			if c.Suit != meld[0].Suit {
				return shape{not: "Not a run", why: c.String() + " is not a " + suitSingular(meld[0].Suit)}
			}
		}
	}
	return shape{not: "Not a meld", why: meld[0].String() + " and " + meld[1].String() + " share neither rank nor suit"}
}

// judgeRun judges distinct cards of one suit as a run (N2).
func judgeRun(meld []cards.Card) shape {
	sorted := slices.Clone(meld)
	slices.SortFunc(sorted, func(a, b cards.Card) int { return int(a.Rank) - int(b.Rank) })
	lo, hi := sorted[0], sorted[len(sorted)-1]
	suit := meld[0].Suit
	if lo.Rank == cards.Ace && hi.Rank == cards.King && sorted[1].Rank-lo.Rank != 1 {
		// N2: the ace is low only. Say so when the ace would have
		// completed the run at the top.
		top := sorted[1:]
		if consecutive(top) {
			names := make([]string, 0, len(sorted))
			for _, c := range top {
				names = append(names, c.Rank.String())
			}
			return shape{not: "Not a run", why: "the ace is low only, so " + strings.Join(names, "-") + "-A is not a run"}
		}
	}
	for i := 1; i < len(sorted); i++ {
		if sorted[i].Rank != sorted[i-1].Rank+1 {
			return shape{not: "Not a run", gap: true, why: sorted[i].String() + " does not follow " + sorted[i-1].String()}
		}
	}
	return shape{kind: Run, why: "a run of " + suitPlural(suit) + ", " + lo.Rank.String() + " to " + hi.Rank.String()}
}

func consecutive(sorted []cards.Card) bool {
	for i := 1; i < len(sorted); i++ {
		if sorted[i].Rank != sorted[i-1].Rank+1 {
			return false
		}
	}
	return true
}

// strayFromRun returns the first added card that cannot be reached from the
// run by laying cards one after another: the one a player would be told
// "does not join the run". It is only called when onto+added is a gapped
// run of one suit, so such a card exists.
func strayFromRun(onto, added []cards.Card) string {
	lo, hi := onto[0].Rank, onto[0].Rank
	for _, c := range onto {
		lo, hi = min(lo, c.Rank), max(hi, c.Rank)
	}
	for grown := true; grown; {
		grown = false
		for _, c := range added {
			if c.Rank == lo-1 || c.Rank == hi+1 {
				lo, hi, grown = min(lo, c.Rank), max(hi, c.Rank), true
			}
		}
	}
	for _, c := range added {
		if c.Rank < lo || c.Rank > hi {
			return c.String()
		}
	}
	return added[0].String()
}

func countWord(n int) string {
	if n == 4 {
		return "four"
	}
	return "three"
}

var rankWords = [...]string{cards.Ace: "ace", cards.Jack: "jack", cards.Queen: "queen", cards.King: "king"}

// rankWord names a rank as players say it: "ace", "7", "king".
func rankWord(r cards.Rank) string {
	if int(r) < len(rankWords) && rankWords[r] != "" {
		return rankWords[r]
	}
	return r.String()
}

func rankPlural(r cards.Rank) string { return rankWord(r) + "s" }

// aRank returns "an ace", "an 8", "a 7", "a king".
func aRank(r cards.Rank) string {
	if r == cards.Ace || r == 8 {
		return "an " + rankWord(r)
	}
	return "a " + rankWord(r)
}

func suitSingular(s cards.Suit) string { return strings.TrimSuffix(suitPlural(s), "s") }

func suitPlural(s cards.Suit) string { return strings.ToLower(s.String()) }

// cardName is the card's notation, or a plain word for the zero Card,
// which prints as "no card".
func cardName(c cards.Card) string {
	if c.IsZero() {
		return "a blank card"
	}
	return c.String()
}

func joinCards(cs []cards.Card) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = cardName(c)
	}
	if len(names) > 1 {
		return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
	}
	return strings.Join(names, "")
}
