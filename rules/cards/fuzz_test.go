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
	for _, s := range []string{"2c=kd", "inf tops", "7lam", "∞ of Tops", "10♥", "KD = QS", "", "=", "7 of", "of lamps", "\xff",
		"Dame Pik", "Herz-Ass", "donna di picche", "as de cœur", "10 de corazones", "pik de dame=kd", "re re"} {
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

// FuzzReadText checks the reading of a whole field: no input panics; it
// agrees with ParseText (the same cards when the field is right, the same
// first error when not); every card it reads prints and reads back; and a
// guess is a card of the deck.
func FuzzReadText(f *testing.F) {
	for _, s := range []string{"3 of klubs", "9z", "7s 9z 8h, kd", "7 Lampz, 8 Lamps", "q of spaeds", "2c=kd 5h", "7s 7s", "of of of", "inf", "\xff",
		"Dame Pik, 7 Herz; as de cœur 2c", "reina de picas reina de picas"} {
		f.Add(s)
	}
	decks := []*Deck{Fanucci(), Standard(), DoubleStandard(), BlackHeart()}
	f.Fuzz(func(t *testing.T, s string) {
		for _, d := range decks {
			plays, bad := d.ReadText(s)
			whole, err := d.ParseText(s)
			switch {
			case bad == nil && (err != nil || len(whole) != len(plays)):
				t.Fatalf("%s: ReadText(%q) = %v, nil but ParseText = %v, %v", d.Name(), s, plays, whole, err)
			case bad != nil && (err == nil || err.Error() != bad.Error()):
				t.Fatalf("%s: ReadText(%q) fails with %v but ParseText with %v", d.Name(), s, bad, err)
			}
			for _, p := range plays {
				if back, err := d.ParsePlay(p.String()); err != nil || back != p {
					t.Fatalf("%s: %q read %v, which reads back as %v, %v", d.Name(), s, p, back, err)
				}
			}
			if bad != nil && !bad.Guess.IsZero() && !d.Contains(bad.Guess) {
				t.Fatalf("%s: %q guesses %v, not in the deck", d.Name(), s, bad.Guess)
			}
		}
	})
}
