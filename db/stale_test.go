package db

import (
	"context"
	"errors"
	"slices"
	"testing"
)

// TestFormPostedAgainWithOtherValues: a form's token saves once; posted
// again with the same values it answers with what it saved, with other
// values it says so and writes nothing.
func TestFormPostedAgainWithOtherValues(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	g := newFanGame(t, s)
	addToken := NewID()
	first, err := s.addHand(ctx, g.ID, pointsHand(20, 0), Change{Token: addToken, Version: g.Version})
	if err != nil {
		t.Fatal(err)
	}
	correctToken := NewID()
	if _, err := s.correctHand(ctx, g.ID, first.ID, pointsHand(25, 0), Change{Token: correctToken, Version: first.Version}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		post      func() error
		wantSaved []int // nil: the repeat is taken as the same post
	}{
		{"add again, same values", func() error {
			_, err := s.addHand(ctx, g.ID, pointsHand(20, 0), Change{Token: addToken, Version: g.Version})
			return err
		}, nil},
		{"add again, other points", func() error {
			_, err := s.addHand(ctx, g.ID, pointsHand(30, 0), Change{Token: addToken, Version: g.Version})
			return err
		}, []int{20, 0}},
		{"add again, another seat", func() error {
			in := pointsHand(20, 0)
			in.Seat = 1
			_, err := s.addHand(ctx, g.ID, in, Change{Token: addToken, Version: g.Version})
			return err
		}, []int{20, 0}},
		{"add again, same points, another record", func() error {
			in := pointsHand(20, 0)
			in.Entry, in.Record = EntryCards, []byte(`{"knock_card":"5H"}`)
			_, err := s.addHand(ctx, g.ID, in, Change{Token: addToken, Version: g.Version})
			return err
		}, []int{20, 0}},
		{"correct again, same values", func() error {
			_, err := s.correctHand(ctx, g.ID, first.ID, pointsHand(25, 0), Change{Token: correctToken, Version: first.Version})
			return err
		}, nil},
		{"correct again, other values", func() error {
			_, err := s.correctHand(ctx, g.ID, first.ID, pointsHand(0, 40), Change{Token: correctToken, Version: first.Version})
			return err
		}, []int{25, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.post()
			if tc.wantSaved == nil {
				if err != nil {
					t.Fatalf("%v, want the first post's answer", err)
				}
			} else {
				var again *AlreadySavedError
				if !errors.As(err, &again) || !errors.Is(err, ErrAlreadySaved) {
					t.Fatalf("%v, want an *AlreadySavedError", err)
				}
				if again.HandID != first.ID || !slices.Equal(again.Saved.Points, tc.wantSaved) {
					t.Errorf("saved hand %d %v, want hand %d %v", again.HandID, again.Saved.Points, first.ID, tc.wantSaved)
				}
			}
			hands, _ := s.Hands(ctx, g.ID)
			if len(hands) != 1 || !slices.Equal(hands[0].Points, []int{25, 0}) {
				t.Errorf("hands now %+v; want the one hand, as corrected", hands)
			}
		})
	}
}

// TestTokensFromBeforeTheMigration: a token saved before meldpad kept
// what it saved is taken, as before, to repeat it.
func TestTokensFromBeforeTheMigration(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	g := newFanGame(t, s)
	token := NewID()
	h, err := s.addHand(ctx, g.ID, pointsHand(20, 0), Change{Token: token})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.w.Exec(`UPDATE submissions SET revision_id = NULL`); err != nil {
		t.Fatal(err)
	}
	again, err := s.addHand(ctx, g.ID, pointsHand(30, 0), Change{Token: token})
	if err != nil || again.ID != h.ID {
		t.Errorf("hand %d, %v; want hand %d as before", again.ID, err, h.ID)
	}
}

// TestDeletedHand: a hand another phone deleted is ErrDeleted (and still
// ErrNotFound) to every reader and writer; one that never was is only
// ErrNotFound.
func TestDeletedHand(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	g := newFanGame(t, s)
	h, err := s.addHand(ctx, g.ID, pointsHand(20, 0), Change{Token: NewID()})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.deleteHand(ctx, g.ID, h.ID, Change{Token: NewID(), Version: h.Version}); err != nil {
		t.Fatal(err)
	}
	other := newFanGame(t, s)
	tests := []struct {
		name string
		do   func() error
		want error
	}{
		{"read it", func() error { _, err := s.Hand(ctx, g.ID, h.ID); return err }, ErrDeleted},
		{"correct it", func() error {
			_, err := s.correctHand(ctx, g.ID, h.ID, pointsHand(5, 0), Change{Token: NewID(), Version: h.Version})
			return err
		}, ErrDeleted},
		{"delete it again", func() error { return s.deleteHand(ctx, g.ID, h.ID, Change{Token: NewID()}) }, ErrDeleted},
		{"through another game", func() error { _, err := s.Hand(ctx, other.ID, h.ID); return err }, ErrNotFound},
		{"a hand that never was", func() error { _, err := s.Hand(ctx, g.ID, h.ID+100); return err }, ErrNotFound},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.do()
			if !errors.Is(err, tc.want) || !errors.Is(err, ErrNotFound) {
				t.Fatalf("%v, want %v (and ErrNotFound)", err, tc.want)
			}
			if tc.want == ErrNotFound && errors.Is(err, ErrDeleted) {
				t.Errorf("%v says deleted", err)
			}
		})
	}
}
