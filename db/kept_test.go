package db

import (
	"context"
	"errors"
	"strconv"
	"testing"
	"time"
)

// keptPage is a small page kept for owner from client.
func keptPage(owner, client string) KeptPage {
	return KeptPage{ID: NewID(), Owner: owner, Client: client, Path: "/g/x/hands/new",
		Status: 422, ContentType: "text/html; charset=UTF-8", Body: []byte("<p>kept</p>")}
}

func mustKeep(t *testing.T, s *Store, p KeptPage) KeptPage {
	t.Helper()
	if err := s.KeepPage(context.Background(), p); err != nil {
		t.Fatalf("KeepPage: %v", err)
	}
	return p
}

// shownTo reports whether the page kept under id is given back to owner.
func shownTo(t *testing.T, s *Store, id, owner string) bool {
	t.Helper()
	_, err := s.KeptPageFor(context.Background(), id, owner)
	if err != nil && !errors.Is(err, ErrNotFound) {
		t.Fatalf("KeptPageFor: %v", err)
	}
	return err == nil
}

// TestKeptPageRoundTrip: a kept page comes back as kept, to its owner
// only; another owner, or an id never kept, finds nothing.
func TestKeptPageRoundTrip(t *testing.T) {
	s, _ := openTest(t)
	want := mustKeep(t, s, keptPage("phone-a", "198.51.100.1"))
	got, err := s.KeptPageFor(context.Background(), want.ID, "phone-a")
	if err != nil {
		t.Fatal(err)
	}
	if got.Path != want.Path || got.Status != want.Status || got.ContentType != want.ContentType ||
		string(got.Body) != string(want.Body) || got.Client != want.Client {
		t.Errorf("kept %+v, got back %+v", want, got)
	}
	if shownTo(t, s, want.ID, "phone-b") {
		t.Error("another phone was given the page")
	}
	if shownTo(t, s, NewID(), "phone-a") {
		t.Error("an id never kept was found")
	}
}

// TestKeptPageBounds: a client keeps at most MaxKeptPerClient pages, its
// oldest going first; a full table drops the oldest page of the client
// holding the most, never the one page of a quiet client; a page over
// MaxKeptPageBytes is not kept; a page past KeptPageTTL is no longer
// shown and is swept by the next page kept.
func TestKeptPageBounds(t *testing.T) {
	s, _ := openTest(t)
	quiet := mustKeep(t, s, keptPage("phone-q", "198.51.100.1"))

	var busy []KeptPage
	for range MaxKeptPerClient + 3 {
		busy = append(busy, mustKeep(t, s, keptPage("phone-b", "203.0.113.1")))
	}
	for i, p := range busy {
		if want := i >= 3; shownTo(t, s, p.ID, "phone-b") != want {
			t.Errorf("the busy client's page %d kept: %v, want %v (its newest %d)", i, !want, want, MaxKeptPerClient)
		}
	}

	// Fill the table from many clients, each one page short of the
	// busy client's share.
	for i := 0; s.keptCount(t) < MaxKeptPages; i++ {
		mustKeep(t, s, keptPage("phone-m", "203.0.114."+strconv.Itoa(i/(MaxKeptPerClient-1))))
	}
	mustKeep(t, s, keptPage("phone-n", "192.0.2.1"))
	if n := s.keptCount(t); n != MaxKeptPages {
		t.Errorf("%d pages kept, want the bound %d", n, MaxKeptPages)
	}
	if !shownTo(t, s, quiet.ID, "phone-q") {
		t.Error("the quiet client's one page was dropped to make room")
	}
	if shownTo(t, s, busy[3].ID, "phone-b") {
		t.Error("the oldest page of the busiest (and earliest) client was kept when the table was full")
	}

	big := keptPage("phone-q", "198.51.100.1")
	big.Body = make([]byte, MaxKeptPageBytes+1)
	if err := s.KeepPage(context.Background(), big); !errors.Is(err, ErrPageTooBig) {
		t.Errorf("a page over the bound: %v, want ErrPageTooBig", err)
	}

	later := time.Now().Add(KeptPageTTL + time.Minute)
	s.now = func() time.Time { return later }
	if shownTo(t, s, quiet.ID, "phone-q") {
		t.Error("a page past its hour was shown")
	}
	mustKeep(t, s, keptPage("phone-q", "198.51.100.1"))
	if n := s.keptCount(t); n != 1 {
		t.Errorf("%d pages after keeping one past the others' hour, want 1 (the others swept)", n)
	}
}

func (s *Store) keptCount(t *testing.T) int {
	t.Helper()
	var n int
	if err := s.r.QueryRow(`SELECT count(*) FROM kept_pages`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
