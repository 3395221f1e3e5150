package trophy

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/ruling"
)

// mustCard parses one card of the Fanucci deck in the card notation.
func mustCard(s string) cards.Card {
	c, err := cards.Fanucci().Parse(s)
	if err != nil {
		panic(err)
	}
	return c
}

// mustHand parses "3 Lamps, 5 Plungers, Grue"; "" is an empty hand.
func mustHand(s string) []cards.Card {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	var hand []cards.Card
	for _, part := range strings.Split(s, ",") {
		hand = append(hand, mustCard(part))
	}
	return hand
}

// mustPlays parses turns written "0: 3 Lamps" or "2: fold".
func mustPlays(turns []string) []Play {
	var plays []Play
	for _, turn := range turns {
		seatText, what, ok := strings.Cut(turn, ":")
		if !ok {
			panic("turn without a seat: " + turn)
		}
		seat, err := strconv.Atoi(strings.TrimSpace(seatText))
		if err != nil {
			panic(err)
		}
		if strings.TrimSpace(what) == "fold" {
			plays = append(plays, Play{Seat: seat, Fold: true})
		} else {
			plays = append(plays, Play{Seat: seat, Card: mustCard(what)})
		}
	}
	return plays
}

// trickCase is one row of the rule tables: a trick as the table wrote it
// and what the referee must say about it, worked out by hand from
// Trophy Case's rules.
type trickCase struct {
	name    string
	players int
	leader  int
	hands   []string // one per seat, "" when not known; nil for no Hands
	plays   []string
	rule    string // the *ruling.Error's rule id, "" when the trick is legal
	msg     string // the exact error message, when the case pins it
	want    want
}

// want is what a legal trick's Result must hold. Seats are -1 for none.
type want struct {
	ending     Ending
	winner     int
	points     int
	trumped    bool
	highest    int
	next       int
	nextLeader int
	handEnds   bool
	folded     []int // the seats that folded
}

func (tc trickCase) trick() Trick {
	t := Trick{Players: tc.players, Leader: tc.leader, Plays: mustPlays(tc.plays)}
	if tc.hands != nil {
		t.Hands = make([][]cards.Card, len(tc.hands))
		for i, h := range tc.hands {
			t.Hands[i] = mustHand(h)
		}
	}
	return t
}

func runTrickCases(t *testing.T, cases []trickCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Score(tc.trick())
			if tc.rule != "" {
				var re *ruling.Error
				if !errors.As(err, &re) {
					t.Fatalf("Score error = %v; want a ruling.Error for %s", err, tc.rule)
				}
				if re.Rule != tc.rule {
					t.Errorf("rule = %s (%q); want %s", re.Rule, english.Say(re.Msg), tc.rule)
				}
				if tc.msg != "" && english.Say(re.Msg) != tc.msg {
					t.Errorf("message = %q; want %q", english.Say(re.Msg), tc.msg)
				}
				checkMessage(t, english.Say(re.Msg), re.Rule)
				return
			}
			if err != nil {
				t.Fatalf("Score error = %v; want none", err)
			}
			checkWant(t, res, tc.want)
		})
	}
}

// checkMessage checks the shape every verdict shares: the package prefix
// and the rule id in parentheses.
func checkMessage(t *testing.T, msg, rule string) {
	t.Helper()
	if !strings.HasPrefix(msg, "trophy: ") || !strings.Contains(msg, rule+")") {
		t.Errorf("message %q should start with \"trophy: \" and cite %s in parentheses", msg, rule)
	}
}

func checkWant(t *testing.T, res Result, w want) {
	t.Helper()
	got := want{
		ending: res.Ending, winner: res.Winner, points: res.Points, trumped: res.Trumped,
		highest: res.Highest, next: res.Next, nextLeader: res.NextLeader, handEnds: res.HandEnds,
	}
	for seat, f := range res.Folded {
		if f {
			got.folded = append(got.folded, seat)
		}
	}
	if got.ending != w.ending || got.winner != w.winner || got.points != w.points ||
		got.trumped != w.trumped || got.highest != w.highest || got.next != w.next ||
		got.nextLeader != w.nextLeader || got.handEnds != w.handEnds || !slices.Equal(got.folded, w.folded) {
		t.Errorf("Score =\n %s\nwant\n %s\n(reason: %s)", got, w, english.Say(res.Reason))
	}
	if res.Ended != (res.Ending != Open) {
		t.Errorf("Ended = %v but Ending = %v", res.Ended, res.Ending)
	}
	if res.Reason.IsZero() || !strings.Contains(english.Say(res.Reason), res.Rule) {
		t.Errorf("reason %q should cite the rule %s", english.Say(res.Reason), res.Rule)
	}
}

func (w want) String() string {
	return fmt.Sprintf("{ending %v winner %d points %d trumped %v highest %d next %d nextLeader %d handEnds %v folded %v}",
		w.ending, w.winner, w.points, w.trumped, w.highest, w.next, w.nextLeader, w.handEnds, w.folded)
}

// open is the want of a trick that goes on.
func open(highest, next, points int, folded ...int) want {
	return want{ending: Open, winner: -1, points: points, highest: highest, next: next, nextLeader: -1, folded: folded}
}

// won is the want of a trick that has ended, NextLeader left of winner.
func won(how Ending, winner, points, highest, players int, folded ...int) want {
	return want{ending: how, winner: winner, points: points, trumped: how == ByTrump, highest: highest,
		next: -1, nextLeader: (winner + 1) % players, folded: folded}
}
