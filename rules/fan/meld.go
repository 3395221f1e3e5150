package fan

import (
	"slices"
	"strings"

	"meldpad/rules/cards"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
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
// stands, what kind of meld it is (or becomes), the rule id it was
// judged by, and one sentence for the players that cites the id.
type Verdict struct {
	Valid bool
	Kind  Kind   // NoKind when not Valid
	Rule  string // "N2" for a meld, "N5" for a lay-off
	// Rules are every id Reason cites, when it cites more than Rule.
	Rules  []string
	Reason msg.Msg // "three 7s (N2)", "Not a run: the ace is low only, so Q-K-A is not a run (N2)" in English
}

// citing is a reason: body and the rules it cites, "(N2, N5)".
func citing(body msg.Msg, rules ...string) msg.Msg {
	return msg.New("verdict.citing", msg.M("Text", body), msg.S("Rules", strings.Join(rules, ", ")))
}

// Check judges cards laid down together as one meld (N2): a set is 3 or 4
// cards of one rank, a run 3 or more consecutive cards of one suit, and an
// ace is low only, so Q-K-A is not a run. The order of the cards does not
// matter. An invalid verdict names the first thing wrong, reading the cards
// in the order given.
func Check(meld []cards.Card) Verdict {
	s := judge(meld)
	if s.kind == NoKind {
		return Verdict{Rule: "N2", Reason: citing(msg.New(s.not, msg.M("Why", s.why)), "N2")}
	}
	return Verdict{Valid: true, Kind: s.kind, Rule: "N2", Reason: citing(s.why, "N2")}
}

// CheckLayoff judges laying the added cards off onto a meld already on the
// table (N5). onto must itself be a meld, and onto plus added must be one
// too; the verdict's Kind is the kind of the meld that results. A run may
// grow by several cards at once, at either end or both, since they can be
// laid one after another; a set grows to at most 4 cards.
func CheckLayoff(onto, added []cards.Card) Verdict {
	base := judge(onto)
	if base.kind == NoKind {
		return Verdict{Rule: "N2", Reason: citing(msg.New("fan.layoff_onto_no_meld", msg.M("Why", base.why)), "N2")}
	}
	if len(added) == 0 {
		return Verdict{Rule: "N5", Reason: citing(msg.New("fan.layoff_nothing"), "N5")}
	}
	all := append(slices.Clip(onto), added...)
	s := judge(all)
	if s.kind == NoKind {
		why := s.why
		if s.gap && base.kind == Run {
			why = msg.New("fan.does_not_join", msg.V("Card", strayFromRun(onto, added)), msg.M("Meld", base.why))
		}
		return Verdict{Rule: "N5", Rules: []string{"N2", "N5"}, Reason: citing(msg.New("fan.not_layoff", msg.M("Why", why)), "N2", "N5")}
	}
	return Verdict{Valid: true, Kind: s.kind, Rule: "N5", Reason: citing(msg.New("fan.layoff_makes", msg.N("Count", len(added)), msg.List("Cards", cardNames(added)), msg.M("Meld", s.why)), "N5")}
}

// shape is what judge found: the meld's kind, or NoKind with the first
// thing wrong. why has no rule ids, so that callers can phrase it for a
// meld or a lay-off.
type shape struct {
	kind Kind
	why  msg.Msg // what the meld is ("three 7s"), or what is wrong
	not  string  // the id of "Not a meld: ...", "Not a set: ..." or "Not a run: ..." when invalid
	gap  bool    // invalid only because same-suit ranks are not consecutive
}

// The ids of shape.not.
const (
	notMeldID = "fan.not_meld"
	notSetID  = "fan.not_set"
	notRunID  = "fan.not_run"
)

func judge(meld []cards.Card) shape {
	switch len(meld) {
	case 0:
		return shape{not: notMeldID, why: msg.New("fan.no_cards")}
	case 1, 2:
		return shape{not: notMeldID, why: msg.New("fan.too_few", msg.N("Count", len(meld)))}
	}
	var seen [deckSize]bool
	for _, c := range meld {
		i, ok := index(c)
		if !ok {
			return shape{not: notMeldID, why: msg.New("fan.not_standard", msg.M("Card", cardName(c)))}
		}
		if seen[i] {
			return shape{not: notMeldID, why: msg.New("fan.twice", msg.V("Card", c))}
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
		return shape{kind: Set, why: msg.New("fan.set", msg.Words("Count", len(meld)), msg.M("Ranks", ruling.RankPlural(meld[0].Rank)))}
	case sameSuit:
		return judgeRun(meld)
	case meld[0].Rank == meld[1].Rank:
		for _, c := range meld[2:] {
			if c.Rank != meld[0].Rank {
				return shape{not: notSetID, why: msg.New("fan.not_rank", msg.V("Card", c), msg.M("Rank", ruling.RankArticle(meld[0].Rank)))}
			}
		}
	case meld[0].Suit == meld[1].Suit:
		for _, c := range meld[2:] {
			if c.Suit != meld[0].Suit {
				return shape{not: notRunID, why: msg.New("fan.not_suit."+meld[0].Suit.Letter(), msg.V("Card", c))}
			}
		}
	}
	return shape{not: notMeldID, why: msg.New("fan.nothing_shared", msg.V("A", meld[0]), msg.V("B", meld[1]))}
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
			ranks := make([]cards.Rank, 0, len(sorted))
			for _, c := range top {
				ranks = append(ranks, c.Rank)
			}
			ranks = append(ranks, cards.Ace)
			return shape{not: notRunID, why: msg.New("fan.ace_low", msg.Join("Run", "-", msg.Values(ranks)))}
		}
	}
	for i := 1; i < len(sorted); i++ {
		if sorted[i].Rank != sorted[i-1].Rank+1 {
			return shape{not: notRunID, gap: true, why: msg.New("fan.does_not_follow", msg.V("Card", sorted[i]), msg.V("Before", sorted[i-1]))}
		}
	}
	return shape{kind: Run, why: msg.New("fan.run", msg.M("Suit", msg.New("card.suit_name."+suit.Letter())), msg.V("Lo", lo.Rank), msg.V("Hi", hi.Rank))}
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
func strayFromRun(onto, added []cards.Card) cards.Card {
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
			return c
		}
	}
	return added[0]
}

// cardName is the card's notation, or a plain word for the zero Card,
// which prints as "no card".
func cardName(c cards.Card) msg.Msg {
	if c.IsZero() {
		return msg.New("fan.blank_card")
	}
	return msg.Value(c)
}

// cardNames are cardName's of cs.
func cardNames(cs []cards.Card) []msg.Msg {
	out := make([]msg.Msg, len(cs))
	for i, c := range cs {
		out[i] = cardName(c)
	}
	return out
}
