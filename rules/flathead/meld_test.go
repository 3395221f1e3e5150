package flathead

import (
	"strings"
	"testing"

	"meldpad/rules/cards"
)

// mustCards parses cards in the card notation for the tests.
func mustCards(ss ...string) []cards.Card {
	cs, err := cards.Fanucci().ParseList(ss)
	if err != nil {
		panic(err)
	}
	return cs
}

// checkCase is one meld laid down and what Check must say about it. An
// empty kind means invalid; reason, when set, must appear in the verdict's
// reason.
type checkCase struct {
	name   string
	cards  []cards.Card
	kind   Kind
	rule   string
	reason string
}

func runCheckCases(t *testing.T, tests []checkCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := Check(tc.cards)
			if v.Valid != (tc.kind != NoKind) || v.Kind != tc.kind {
				t.Fatalf("Check(%v) = valid %v, kind %q (%s); want kind %q", tc.cards, v.Valid, v.Kind, reasonText(v), tc.kind)
			}
			if v.Bonus != tc.kind.Bonus() {
				t.Errorf("Check(%v).Bonus = %v, want %v", tc.cards, v.Bonus, tc.kind.Bonus())
			}
			if tc.rule != "" && v.Rule != tc.rule {
				t.Errorf("Check(%v).Rule = %q, want %q (%s)", tc.cards, v.Rule, tc.rule, reasonText(v))
			}
			if !strings.Contains(reasonText(v), tc.reason) {
				t.Errorf("Check(%v).Reason = %q, want it to say %q", tc.cards, reasonText(v), tc.reason)
			}
			checkReasonCites(t, v)
		})
	}
}

// checkReasonCites checks that a verdict's reason is one sentence ending in
// the rule ids it rests on.
func checkReasonCites(t *testing.T, v Verdict) {
	t.Helper()
	open := strings.LastIndex(reasonText(v), " (")
	if open < 0 || !strings.HasSuffix(reasonText(v), ")") || !strings.Contains(reasonText(v)[open:], v.Rule) || v.Rule == "" {
		t.Errorf("reason %q does not end by citing its rule %q", reasonText(v), v.Rule)
	}
	if strings.Contains(reasonText(v), "invalid") && !strings.Contains(reasonText(v), "itself invalid") {
		t.Errorf("reason %q says only \"invalid\"", reasonText(v))
	}
}

func TestCheckF1(t *testing.T) {
	runCheckCases(t, []checkCase{
		{"seed red run: 2 Lamps, 3 Plungers, 4 Fromps", mustCards("2 Lamps", "3 Plungers", "4 Fromps"), Run, "F1", "a red run from 2 to 4 (F1)"},
		{"seed blue run: 7 and 8 of Zurfs, 9 of Rain", mustCards("7 Zurfs", "8 Zurfs", "9 Rain"), Run, "F1", "a blue run from 7 to 9"},
		{"seed three sevens", mustCards("7 Lamps", "7 Zurfs", "7 Faces"), Set, "F1", "three 7s (F1)"},
		{"seed four nines", mustCards("9 Lamps", "9 Zurfs", "9 Faces", "9 Bugs"), Set, "F1", "four 9s"},
		{"seed three Mazes", mustCards("1 Mazes", "5 Mazes", "9 Mazes"), Flush, "F1", "a flush of three Mazes"},
		{"seed four Lamps, one of them ∞", mustCards("0 Lamps", "2 Lamps", "5 Lamps", "∞ Lamps"), Flush, "F1", "a flush of four Lamps"},
		{"a long run of mixed red suits", mustCards("6 Fromps", "3 Fromps", "5 Plungers", "4 Lamps"), Run, "F1", "from 3 to 6"},
		{"a run from 0", mustCards("0 Bugs", "1 Mazes", "2 Scythes"), Run, "F1", "green run from 0 to 2"},
		{"two cards are too few", mustCards("7 Lamps", "7 Zurfs"), NoKind, "F1", "three or more cards, and this has two (F1)"},
		{"no cards", nil, NoKind, "F1", "this has no"},
		{"a run needs one colour", mustCards("2 Lamps", "3 Zurfs", "4 Fromps"), NoKind, "F1", "not a red run: 3 Zurfs is blue (F1)"},
		{"a run needs consecutive ranks", mustCards("2 Lamps", "3 Plungers", "5 Fromps"), NoKind, "F1", "not a run: 4 is missing (F1)"},
		{"a run cannot repeat a rank", mustCards("2 Lamps", "2 Plungers", "3 Fromps"), NoKind, "F1", "it holds two 2s"},
		{"a set needs one rank", mustCards("7 Lamps", "7 Zurfs", "8 Faces"), NoKind, "F1", "not a set of 7s: 8 Faces is not a 7 (F1)"},
		{"a flush needs one suit", mustCards("1 Lamps", "5 Lamps", "9 Lamps", "2 Zurfs"), NoKind, "F1", "not a flush of Lamps: 2 Zurfs is of another suit (F1)"},
		{"nothing in common", mustCards("7 Lamps", "8 Zurfs", "9 Faces"), NoKind, "F1", "no two of its natural cards share a rank, a suit or a colour (F1)"},
		{"a card twice", []cards.Card{mustCards("7 Lamps")[0], mustCards("7 Lamps")[0], mustCards("7 Zurfs")[0]}, NoKind, "F1", "7 Lamps is there twice, but the Fanucci deck has only one (F1)"},
		{"a standard card", []cards.Card{{Rank: 7, Suit: cards.Hearts}, mustCards("7 Lamps")[0], mustCards("7 Zurfs")[0]}, NoKind, "F1", "7H is not a card of the Fanucci deck (F1)"},
		{"a blank card", []cards.Card{{}, mustCards("7 Lamps")[0], mustCards("7 Zurfs")[0]}, NoKind, "F1", "a blank card is not a card of the Fanucci deck (F1)"},
		{"a rank the deck lacks", []cards.Card{{Rank: 12, Suit: cards.Lamps}, mustCards("7 Lamps")[0], mustCards("7 Zurfs")[0]}, NoKind, "F1", "not a card of the Fanucci deck"},
	})
}

func TestCheckF2(t *testing.T) {
	runCheckCases(t, []checkCase{
		{"seed: ∞ of Tops does not follow the blue run", mustCards("7 Zurfs", "8 Zurfs", "9 Rain", "∞ Tops"), NoKind, "F2", "not a run: ∞ never follows 9 (F2)"},
		{"∞ never precedes 0", mustCards("∞ Tops", "0 Zurfs", "1 Rain"), NoKind, "F2", "not a run: ∞ never precedes 0 (F2)"},
		{"∞ is in no run at all", mustCards("4 Rain", "5 Tops", "∞ Zurfs"), NoKind, "F2", "∞ has no place in a run, which uses 0 to 9 only (F2)"},
		{"∞ after 8 and a trump for the 9", mustCards("8 Zurfs", "Grue", "∞ Rain"), NoKind, "F2", "∞ never follows 9"},
		{"∞ before 1 and a trump for the 0", mustCards("Grue", "1 Zurfs", "∞ Rain"), NoKind, "F2", "∞ never precedes 0"},
		{"∞ may be in a flush", mustCards("8 Zurfs", "9 Zurfs", "∞ Zurfs"), Flush, "F1", "a flush of three Zurfs"},
		{"∞ may be in a set", mustCards("∞ Lamps", "∞ Zurfs", "∞ Faces", "∞ Bugs"), Infinity, "F4", "four ∞s: an infinity"},
		{"a trump never stands for an ∞ after 9", mustCards("8 Zurfs", "9 Rain", "Grue"), Run, "F3", "the trump standing for the 7"},
	})
}

// allOf returns every suited card of rank r, or of suit s when r is
// negative.
func allOf(r int, s cards.Suit) []cards.Card {
	var out []cards.Card
	for _, c := range cards.Fanucci().Cards() {
		if !c.IsTrump() && (r >= 0 && c.Rank == cards.Rank(r) || r < 0 && c.Suit == s) {
			out = append(out, c)
		}
	}
	return out
}

func TestCheckF3(t *testing.T) {
	grue := cards.NewTrump(cards.Grue)
	runCheckCases(t, []checkCase{
		{"API example: three 7s with one trump", mustCards("7 Lamps", "7 Plungers", "Grue"), Set, "F3", "three 7s with one trump"},
		{"two trumps", mustCards("Grue", "Jester", "5 Lamps"), NoKind, "F3", "a meld may hold at most one trump, and Grue and Jester are trumps (F3)"},
		{"two trumps among enough naturals", mustCards("Grue", "7 Lamps", "7 Zurfs", "Jester", "7 Faces"), NoKind, "F3", "at most one trump"},
		{"a trump with one natural card", mustCards("Grue", "5 Lamps"), NoKind, "F3", "two natural cards besides its trump, and this has one (F3)"},
		{"a trump alone", mustCards("Grue"), NoKind, "F3", "this has no"},
		{"a trump fills an inner gap", mustCards("2 Lamps", "Grue", "4 Plungers"), Run, "F3", "a red run from 2 to 4, the trump standing for the 3 (F1, F3)"},
		{"8, 9 and a trump: a 7 could stand there", mustCards("8 Lamps", "9 Plungers", "Grue"), Run, "F3", "the trump standing for the 7"},
		{"0, 1 and a trump: a 2 could stand there", mustCards("0 Lamps", "1 Plungers", "Grue"), Run, "F3", "the trump standing for the 2"},
		{"a trump at either end", mustCards("4 Lamps", "5 Plungers", "Grue"), Run, "F3", "the 3 or the 6"},
		{"one trump fills one gap, not two", mustCards("1 Lamps", "3 Plungers", "5 Fromps", "Grue"), NoKind, "F3", "2 and 4 are missing, and a trump fills in for one card only (F3)"},
		{"a trump in a flush", mustCards("1 Mazes", "5 Mazes", "Grue"), Flush, "F3", "a flush of three Mazes with one trump (F1, F3)"},
		{"a run from 0 to 9 leaves no place for a trump",
			append(mustCards("0 Lamps", "1 Plungers", "2 Fromps", "3 Lamps", "4 Plungers", "5 Fromps", "6 Lamps", "7 Plungers", "8 Fromps", "9 Lamps"), grue),
			NoKind, "F3", "no card could stand in for the trump"},
		{"all fifteen 7s leave no card for a trump", append(allOf(7, 0), grue), NoKind, "F3", "all fifteen 7s are in it"},
		{"fourteen 7s and a trump", append(allOf(7, 0)[1:], grue), Set, "F3", "fifteen 7s with one trump"},
		{"all eleven Lamps leave no card for a trump", append(allOf(-1, cards.Lamps), grue), NoKind, "F3", "all eleven Lamps cards are in it"},
		{"ten Lamps and a trump", append(allOf(-1, cards.Lamps)[1:], grue), Flush, "F3", "a flush of eleven Lamps with one trump"},
	})
}

func TestCheckF4(t *testing.T) {
	runCheckCases(t, []checkCase{
		{"seed color set of black 6s", mustCards("6 Faces", "6 Hives", "6 Inkblots"), ColorSet, "F4", "three black 6s: a color set, a bonus meld (F4)"},
		{"seed flush run 5-6-7 of Faces", mustCards("5 Faces", "6 Faces", "7 Faces"), FlushRun, "F4", "a flush run of Faces from 5 to 7: a bonus meld (F4)"},
		{"seed infinity", mustCards("∞ Lamps", "∞ Zurfs", "∞ Bugs"), Infinity, "F4", "three ∞s: an infinity, a bonus meld (F4)"},
		{"infinity before color set", mustCards("∞ Lamps", "∞ Fromps", "∞ Plungers"), Infinity, "F4", "an infinity"},
		{"flush run before flush and run", mustCards("3 Bugs", "1 Bugs", "2 Bugs", "4 Bugs"), FlushRun, "F4", "from 1 to 4"},
		{"flush run 0 to 9", allOf(-1, cards.Ears)[:10], FlushRun, "F4", "from 0 to 9"},
		{"seed Grue: a trump never makes a flush run", mustCards("Grue", "2 Scythes", "3 Scythes"), Flush, "F3", "a flush of three Scythes with one trump; a trump never makes a bonus meld (F1, F3, F4)"},
		{"a trump never makes a color set", mustCards("6 Faces", "Grue", "6 Hives"), Set, "F3", "a trump never makes a bonus meld"},
		{"a trump never makes an infinity", mustCards("∞ Faces", "Grue", "∞ Tops"), Set, "F3", "a trump never makes a bonus meld"},
		{"a set of four cannot be one colour", mustCards("6 Faces", "6 Hives", "6 Inkblots", "6 Plungers"), Set, "F1", "four 6s (F1)"},
		{"a set of three colours is plain", mustCards("6 Faces", "6 Hives", "6 Plungers"), Set, "F1", "three 6s"},
		{"a flush with a gap is plain", mustCards("5 Faces", "6 Faces", "8 Faces"), Flush, "F1", "a flush of three Faces"},
	})
}

func TestKindString(t *testing.T) {
	want := map[Kind]string{NoKind: "", Set: "set", Flush: "flush", Run: "run", ColorSet: "color_set", FlushRun: "flush_run", Infinity: "infinity", Kind(99): ""}
	for k, s := range want {
		if k.String() != s {
			t.Errorf("Kind(%d).String() = %q, want %q", k, k.String(), s)
		}
	}
	var bonus []Kind
	for _, k := range Preference() {
		if k.Bonus() {
			bonus = append(bonus, k)
		}
	}
	if len(bonus) != 3 || bonus[0] != Infinity || bonus[1] != FlushRun || bonus[2] != ColorSet {
		t.Errorf("bonus kinds in preference order = %v, want infinity, flush_run, color_set (F4)", bonus)
	}
	if p := Preference(); p[3] != Set || p[4] != Flush || p[5] != Run {
		t.Errorf("Preference() = %v, want set, flush, run after the bonus kinds (F4)", p)
	}
}
