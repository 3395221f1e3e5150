package cards

import "testing"

// FuzzParse checks that no input makes the parser panic, and that whatever
// parses prints to a canonical form that parses back to the same card.
func FuzzParse(f *testing.F) {
	for _, d := range []*Deck{Fanucci(), DoubleStandard(), BlackHeart()} {
		for _, c := range d.Cards() {
			f.Add(c.String())
		}
	}
	for _, s := range []string{"2c=kd", "inf tops", "7lam", "∞ of Tops", "10♥", "KD = QS", "", "=", "7 of", "of lamps", "\xff"} {
		f.Add(s)
	}
	decks := []*Deck{Fanucci(), Standard(), DoubleStandard(), BlackHeart()}
	f.Fuzz(func(t *testing.T, s string) {
		if c, err := ParseCard(s); err == nil {
			back, err := ParseCard(c.String())
			if err != nil || back != c {
				t.Fatalf("ParseCard(%q) = %v; printed %q parses to %v, %v", s, c, c.String(), back, err)
			}
		}
		for _, d := range decks {
			p, err := d.ParsePlay(s)
			if err != nil {
				continue
			}
			back, err := d.ParsePlay(p.String())
			if err != nil || back != p {
				t.Fatalf("%s: ParsePlay(%q) = %v; printed %q parses to %v, %v", d.Name(), s, p, p.String(), back, err)
			}
		}
	})
}
