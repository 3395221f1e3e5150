package blackheart

import (
	"context"
	"sort"
	"strconv"

	"meldpad/rules/cards"
	"meldpad/rules/msg"
)

// Requirement is what a player's first play of a deal must lay down, by
// the player's score at the start of the deal (B5): MinCards cards, escorts
// included, in the largest Sets sets.
type Requirement struct {
	// MinCards is the least number of cards, escorts included; 0 for none.
	MinCards int
	// Sets is how many sets those cards may be spread over: 1 or 2, 0 for
	// no requirement.
	Sets int
	// Text is the requirement as the chart words it: "none",
	// "3 or more cards in 1 set", "8 or more cards in 2 sets".
	Text string
}

// RequirementFor returns the opening requirement for a score at the start of
// a deal, by the chart of B5: below 0 none; 0-99 3+ cards in 1 set;
// 100-199 4+ in 1; 200-299 5+ in 1; 300-399 8+ in 2; 400-499 9+ in 2;
// 500 and over 10+ in 2.
func RequirementFor(score int) Requirement {
	var min, sets int
	switch {
	case score < 0:
		return Requirement{Text: "none"}
	case score < 100:
		min, sets = 3, 1
	case score < 200:
		min, sets = 4, 1
	case score < 300:
		min, sets = 5, 1
	case score < 400:
		min, sets = 8, 2
	case score < 500:
		min, sets = 9, 2
	default:
		min, sets = 10, 2
	}
	return Requirement{MinCards: min, Sets: sets, Text: strconv.Itoa(min) + " or more cards in " + strconv.Itoa(sets) + " " + plural(sets, "set", "sets")}
}

// said is the requirement in the table's language: "3 or more cards in
// 1 set" in English, as Text.
func (r Requirement) said() msg.Msg {
	if r.Sets == 0 {
		return msg.New("blackheart.requirement_none")
	}
	return msg.New("blackheart.requirement", msg.N("Min", r.MinCards), msg.N("Count", r.Sets))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// OpeningVerdict is the referee's answer about a player's first play of a
// deal (B5).
type OpeningVerdict struct {
	// Valid reports whether the play opens.
	Valid bool
	// Required is the requirement's Text, as the API prints it.
	Required string
	// Rule is the rule id that decided the verdict.
	Rule string
	// Rules are every rule id Reason cites, in its order.
	Rules []string
	// Reason is one sentence for the players, citing the rule ids, in
	// the table's language (rules/msg).
	Reason msg.Msg
}

// CheckOpening judges a player's first play of a deal: melds are the sets
// laid down in it, score the player's total at the start of the deal.
//
// Every set must be valid (the first invalid one makes the opening invalid,
// with its reason and rule). A Royale among them opens at any score (B3,
// B5). Otherwise the largest set, or the two largest when the requirement
// is for 2 sets, must hold MinCards cards between them, escorts included;
// more sets may be laid down besides (B5 ruling). A play with no set does
// not open.
//
// A Black Heart (B6) also opens at any score, but it is going out with the
// whole hand in one turn, which the sets alone do not show: the caller that
// knows it is one does not need this check (Score takes Deal.BlackHeart).
func CheckOpening(score int, melds [][]cards.Play) OpeningVerdict {
	v, _ := CheckOpeningContext(context.Background(), score, melds)
	return v
}

// CheckOpeningContext is CheckOpening under ctx: before judging each set
// it looks at ctx and, once ctx is done, stops and returns ctx.Err().
func CheckOpeningContext(ctx context.Context, score int, melds [][]cards.Play) (OpeningVerdict, error) {
	req := RequirementFor(score)
	v := OpeningVerdict{Required: req.Text, Rule: "B5"}
	if len(melds) == 0 {
		v.because(cite(msg.New("blackheart.open_none"), "B5"))
		return v, nil
	}
	sizes := make([]int, len(melds))
	royale := false
	for i, m := range melds {
		if err := ctx.Err(); err != nil {
			return OpeningVerdict{}, err
		}
		mv := Check(m)
		if !mv.Valid {
			v.Rule, v.Rules = mv.Rule, mv.Rules
			v.Reason = msg.New("blackheart.open_set_invalid", msg.N("Set", i+1), msg.M("Why", mv.Reason))
			return v, nil
		}
		royale = royale || mv.Kind == Royale
		sizes[i] = len(m)
	}
	if royale {
		v.Valid = true
		v.because(cite(msg.New("blackheart.open_royale"), "B3", "B5"))
		return v, nil
	}
	if req.Sets == 0 {
		v.Valid = true
		v.because(cite(msg.New("blackheart.open_free", msg.N("Score", score)), "B5"))
		return v, nil
	}
	sort.Sort(sort.Reverse(sort.IntSlice(sizes)))
	counted := 0
	for i := 0; i < req.Sets && i < len(sizes); i++ {
		counted += sizes[i]
	}
	need := msg.New("blackheart.open_needs", msg.N("Score", score), msg.M("Need", req.said()))
	switch {
	case req.Sets == 2 && len(sizes) < 2:
		v.because(cite(msg.New("blackheart.open_one_set", msg.M("Need", need)), "B5"))
	case counted < req.MinCards && req.Sets == 1:
		v.because(cite(msg.New("blackheart.open_largest", msg.M("Need", need), msg.N("Count", counted)), "B5"))
	case counted < req.MinCards:
		v.because(cite(msg.New("blackheart.open_two_largest", msg.M("Need", need), msg.N("Count", counted)), "B5"))
	case req.Sets == 1:
		v.Valid = true
		v.because(cite(msg.New("blackheart.open_meets_one", msg.N("Count", counted), msg.M("Need", req.said())), "B5"))
	default:
		v.Valid = true
		v.because(cite(msg.New("blackheart.open_meets_two", msg.N("Count", counted), msg.M("Need", req.said())), "B5"))
	}
	return v, nil
}

// because sets the verdict's reason and the rules it cites.
func (v *OpeningVerdict) because(why citing) { v.Reason, v.Rules = why.sentence(), why.rules }
