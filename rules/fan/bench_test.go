package fan

import (
	"testing"

	"meldpad/rules/cards"
)

// BenchmarkScoreHardest scores the slowest deal found by a hill-climb over
// random deals: a knocker with 6s, 7s, 8s and 9s overlapping as sets and
// runs, a king as knock card so that nearly every arrangement is within
// the knock value, and a defender with cards to lay off on most of them.
// Without recorded melds every arrangement meets the defender's best reply.
func BenchmarkScoreHardest(b *testing.B) {
	d := Deal{KnockCard: card(b, "KS"), Hands: [2][]cards.Card{
		list(b, "10D 6S 9H 6D 7C 7D 6H 7S 8H 7H"),
		list(b, "5H 5S 5D QH 6C 2C 4D 9S 8D AS"),
	}}
	for b.Loop() {
		if _, err := Score(d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScoreRecorded scores the same deal with the knocker's melds
// recorded, so only the defender's reply is searched.
func BenchmarkScoreRecorded(b *testing.B) {
	d := Deal{KnockCard: card(b, "KS"), Hands: [2][]cards.Card{
		list(b, "10D 6S 9H 6D 7C 7D 6H 7S 8H 7H"),
		list(b, "5H 5S 5D QH 6C 2C 4D 9S 8D AS"),
	}, KnockerMelds: melds(b, "6S 6H 6D|7S 7D 7C|7H 8H 9H")}
	for b.Loop() {
		if _, err := Score(d); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkScoreGin(b *testing.B) {
	d := Deal{KnockCard: card(b, "5H"), Hands: [2][]cards.Card{
		list(b, "AS 2S 3S 4H 4D 4C 7C 8C 9C 10C"), list(b, apiDefender)}}
	for b.Loop() {
		if _, err := Score(d); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCheck(b *testing.B) {
	run := list(b, "9C JC 10C KC QC")
	qka := list(b, "QS KS AS")
	for b.Loop() {
		if !Check(run).Valid || Check(qka).Valid {
			b.Fatal("wrong verdict")
		}
	}
}

func BenchmarkCheckLayoff(b *testing.B) {
	onto, added := list(b, "5H 6H 7H"), list(b, "8H 9H 4H")
	for b.Loop() {
		if !CheckLayoff(onto, added).Valid {
			b.Fatal("wrong verdict")
		}
	}
}

func BenchmarkDeadwood(b *testing.B) {
	h := list(b, "10D 6S 9H 6D 7C 7D 6H 7S 8H 7H")
	for b.Loop() {
		Deadwood(h)
	}
}

// BenchmarkScoreMostArrangements scores the deal whose knocker has the
// most arrangements within the knock value that a hill-climb over random
// deals found (27, each meeting the defender's best reply): the Fan
// referee's worst case as far as is known.
func BenchmarkScoreMostArrangements(b *testing.B) {
	d := mostArrangements(b)
	for b.Loop() {
		if _, err := Score(d); err != nil {
			b.Fatal(err)
		}
	}
}
