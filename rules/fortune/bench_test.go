package fortune

import (
	"testing"

	"meldpad/rules/cards"
)

// BenchmarkCheck measures Check on melds a table meets, from naturals to
// several deuces; the target is under 20 µs a meld.
func BenchmarkCheck(b *testing.B) {
	for _, bc := range []struct{ name, meld string }{
		{"set of naturals", "KS KH KD KC"},
		{"sequence of naturals", "5H 6H 7H 8H 9H"},
		{"trap K-A-2", "KH AH 2C"},
		{"two deuces", "7H 2C 2D"},
		{"four deuces", "KH 2C 2D 2S 2H"},
		{"six deuces in thirteen", "AH 2C 2D 2S 2H 2C 2D 7H 8H 9H 10H JH QH"},
		{"eight deuces big set", "9S 9H 9D 2S 2H 2D 2C 2S 2H 2D 2C"},
		{"invalid around the corner", "KC AC 2C=2C 3C"},
		{"invalid gap", "5H 9H 2C"},
	} {
		meld := plays(bc.meld)
		h := HouseRules{BigSets: true}
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Check(meld, h)
			}
		})
	}
}

func BenchmarkCheckLayoff(b *testing.B) {
	onto, added := plays("5H 6H 2C"), plays("2D 8H")
	b.ReportAllocs()
	for b.Loop() {
		CheckLayoff(onto, added, HouseRules{})
	}
}

// BenchmarkScore scores a full eight-player hand.
func BenchmarkScore(b *testing.B) {
	players := []Player{
		player("", "KS KH KD", "5H 6H 2C", "JC QC KC AC"),
		player("QS AH 2D"),
		player("3S 4S", "7D 7D 2S"),
		player("", "AS 2H 3S 4S 5S"),
		player("9C 9C 8C"),
		player("", "10H JH QH 2C=KH"),
		player("4D 5D 6D"),
		player("KC QD", "6C 6S 6H"),
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Score(players, HouseRules{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScoreWholeDeck scores a hand that lays down both decks in the
// most melds a hand can hold (wholeDecks): the Fortune referee's worst
// case for a hand.
func BenchmarkScoreWholeDeck(b *testing.B) {
	players, house := wholeDecks()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Score(players, house); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckWholeDeck judges both decks as one meld, which no reading
// allows: the most cards one meld can hold.
func BenchmarkCheckWholeDeck(b *testing.B) {
	var meld []cards.Play
	for _, c := range cards.DoubleStandard().Cards() {
		for range cards.DoubleStandard().Copies(c) {
			meld = append(meld, cards.Play{Card: c})
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if Check(meld, HouseRules{BigSets: true}).Valid {
			b.Fatal("both decks are a meld")
		}
	}
}
