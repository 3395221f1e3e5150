package cards

import (
	"strings"
	"testing"
)

// TestCardsTypedInWords: a standard card typed in words, in any of the
// five languages, in either order, is the card the notation names
// (the card notation); the letters stay the English notation's.
func TestCardsTypedInWords(t *testing.T) {
	tests := []struct {
		typed, want string
	}{
		{"queen of spades", "QS"}, {"King of Hearts", "KH"}, {"ace of clubs", "AC"},
		{"Dame Pik", "QS"}, {"Pik Dame", "QS"}, {"Herz-Ass", "AH"}, {"Kreuz König", "KC"}, {"Karo Bube", "JD"}, {"7 Herz", "7H"},
		{"donna di picche", "QS"}, {"asso di cuori", "AH"}, {"re di fiori", "KC"}, {"fante di quadri", "JD"},
		{"reina de picas", "QS"}, {"as de corazones", "AH"}, {"rey de tréboles", "KC"}, {"jota de diamantes", "JD"}, {"10 de corazones", "10H"},
		{"dame de pique", "QS"}, {"as de cœur", "AH"}, {"roi de trèfle", "KC"}, {"valet de carreau", "JD"}, {"as de coeur", "AH"},
		{"q herz", "QH"},
	}
	for _, tc := range tests {
		t.Run(tc.typed, func(t *testing.T) {
			c, err := Standard().Parse(tc.typed)
			if err != nil || c.String() != tc.want {
				t.Errorf("Parse(%q) = %v, %v; want %s", tc.typed, c, err, tc.want)
			}
		})
	}
}

// TestWordsNeverLetters: a single letter is the English notation's in
// every language: "D" is diamonds, never the German or French queen.
func TestWordsNeverLetters(t *testing.T) {
	for _, typed := range []string{"D♠", "DS", "B♥", "V♣", "R♦", "dame", "pik", "dame dame", "pik herz", "dame of dame of"} {
		if c, err := Standard().Parse(typed); err == nil {
			t.Errorf("Parse(%q) = %v; want an error", typed, c)
		}
	}
}

// TestTypedWordsInAList: words make one card in a field of several.
func TestTypedWordsInAList(t *testing.T) {
	plays, err := DoubleStandard().ParseText("Dame Pik, 7 Herz; as de cœur 2c")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range plays {
		got = append(got, p.String())
	}
	if strings.Join(got, " ") != "QS 7H AH 2C" {
		t.Errorf("read %v", got)
	}
}
