package flathead

import (
	"strings"
	"testing"

	"meldpad/rules/cards"
)

func TestCheckLayoffF5(t *testing.T) {
	tests := []struct {
		name   string
		onto   []cards.Card
		added  []cards.Card
		kind   Kind // NoKind: the lay-off is refused
		rule   string
		reason string
	}{
		{"seed: flush run plus 9 of Faces becomes a flush", mustCards("5 Faces", "6 Faces", "7 Faces"), mustCards("9 Faces"), Flush, "F5", "now a flush of four Faces (F5, F1)"},
		{"seed: flush run plus 8 of Hives becomes a run", mustCards("5 Faces", "6 Faces", "7 Faces"), mustCards("8 Hives"), Run, "F5", "now a black run from 5 to 8 (F5, F1)"},
		{"seed: black color set takes the 6 of Plungers as a set", mustCards("6 Faces", "6 Hives", "6 Inkblots"), mustCards("6 Plungers"), Set, "F5", "now four 6s"},
		{"a flush run that stays one earns no mark", mustCards("5 Faces", "6 Faces", "7 Faces"), mustCards("8 Faces"), FlushRun, "F5", "laying off never earns a bonus mark (F5, F4)"},
		{"a flush becoming a flush run earns no mark", mustCards("5 Faces", "6 Faces", "8 Faces"), mustCards("7 Faces"), FlushRun, "F5", "never earns a bonus mark"},
		{"an infinity that grows earns no mark", mustCards("∞ Faces", "∞ Tops", "∞ Bugs"), mustCards("∞ Lamps"), Infinity, "F5", "now four ∞s: an infinity, but laying off never earns a bonus mark (F5, F4)"},
		{"∞s with a trump stay a plain set", mustCards("∞ Faces", "∞ Tops", "Grue"), mustCards("∞ Lamps"), Set, "F5", "now four ∞s with one trump; a trump never makes a bonus meld"},
		{"several cards at once", mustCards("3 Lamps", "4 Lamps", "5 Lamps"), mustCards("7 Plungers", "6 Fromps"), Run, "F5", "red run from 3 to 7"},
		{"a trump closes a gap", mustCards("3 Lamps", "4 Lamps", "5 Lamps"), mustCards("7 Lamps", "Grue"), Flush, "F5", "a flush of five Lamps with one trump"},
		{"a trump alone", mustCards("7 Plungers", "7 Fromps", "7 Zurfs"), mustCards("Grue"), Set, "F5", "four 7s with one trump"},
		{"a trump already there", mustCards("6 Faces", "6 Hives", "Grue"), mustCards("6 Rain"), Set, "F5", "four 6s with one trump"},
		{"a second trump", mustCards("6 Faces", "6 Hives", "Grue"), mustCards("Jester"), NoKind, "F3", "the meld already holds a trump, and a meld may hold at most one (F3, F5)"},
		{"two trumps at once", mustCards("6 Faces", "6 Hives", "6 Rain"), mustCards("Jester", "Grue"), NoKind, "F3", "at most one trump"},
		{"seed: ∞ of Tops does not follow the blue run", mustCards("7 Zurfs", "8 Zurfs", "9 Rain"), mustCards("∞ Tops"), NoKind, "F5", "the result is not a run: ∞ never follows 9 (F5, F2)"},
		{"a card of another rank on a set", mustCards("6 Faces", "6 Hives", "6 Inkblots"), mustCards("7 Plungers"), NoKind, "F5", "the result is not a set of 6s: 7 Plungers is not a 6 (F5, F1)"},
		{"neither flush nor run", mustCards("5 Faces", "6 Faces", "7 Faces"), mustCards("9 Hives"), NoKind, "F5", "the result is neither a flush of Faces (9 Hives is of another suit) nor a run (8 is missing) (F5, F1)"},
		{"a card already in the meld", mustCards("6 Faces", "6 Hives", "6 Inkblots"), mustCards("6 Faces"), NoKind, "F1", "6 Faces is there twice"},
		{"nothing to lay off", mustCards("6 Faces", "6 Hives", "6 Inkblots"), nil, NoKind, "F5", "there is no card to lay off (F5)"},
		{"the meld on the table is not a meld", mustCards("7 Zurfs", "8 Zurfs", "9 Rain", "∞ Tops"), mustCards("6 Zurfs"), NoKind, "F2", "the meld on the table is itself invalid: ∞ never follows 9 (F2)"},
		{"the meld on the table is too small", mustCards("7 Zurfs", "8 Zurfs"), mustCards("9 Zurfs"), NoKind, "F1", "itself invalid"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := CheckLayoff(tc.onto, tc.added)
			if v.Valid != (tc.kind != NoKind) || v.Kind != tc.kind {
				t.Fatalf("CheckLayoff(%v, %v) = valid %v, kind %q (%s); want kind %q", tc.onto, tc.added, v.Valid, v.Kind, reasonText(v), tc.kind)
			}
			if v.Bonus {
				t.Errorf("CheckLayoff(%v, %v).Bonus = true; laying off never earns a bonus mark (F4)", tc.onto, tc.added)
			}
			if v.Rule != tc.rule {
				t.Errorf("Rule = %q, want %q (%s)", v.Rule, tc.rule, reasonText(v))
			}
			if !strings.Contains(reasonText(v), tc.reason) {
				t.Errorf("Reason = %q, want it to say %q", reasonText(v), tc.reason)
			}
			checkReasonCites(t, v)
			// A lay-off is valid exactly when the meld was and the whole
			// is, and then it has the whole's kind.
			whole := Check(append(append([]cards.Card(nil), tc.onto...), tc.added...))
			if v.Valid && (!whole.Valid || whole.Kind != v.Kind) {
				t.Errorf("lay-off valid as %v, but Check of the whole says %+v", v.Kind, whole)
			}
		})
	}
}
