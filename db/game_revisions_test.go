package db

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestRenameSeats: a seat of a game outside leagues takes a new name,
// kept as a revision; two seats may swap names; a form sent twice renames
// once; a name another seat keeps (in any case) is refused, and so is a
// seat renamed meanwhile by another phone; a league game is refused.
func TestRenameSeats(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	g := newFanGame(t, s)
	if err := s.RenameSeats(ctx, g.ID, []SeatRename{{Seat: 0, Was: "Ann", Name: "Annabelle"}}, "Bob"); err != nil {
		t.Fatal(err)
	}
	after, err := s.Game(ctx, g.PublicID)
	if err != nil {
		t.Fatal(err)
	}
	if after.Seats[0].Name != "Annabelle" || after.Version <= g.Version {
		t.Errorf("after the rename: %q, version %d (was %d)", after.Seats[0].Name, after.Version, g.Version)
	}
	// The same form again: nothing more.
	if err := s.RenameSeats(ctx, g.ID, []SeatRename{{Seat: 0, Was: "Ann", Name: "Annabelle"}}, "Bob"); err != nil {
		t.Errorf("the form again: %v", err)
	}
	if err := s.RenameSeats(ctx, g.ID, []SeatRename{{Seat: 0, Was: "Annabelle", Name: "Bob"}}, ""); !errors.Is(err, ErrSeatNameTaken) {
		t.Errorf("a name the other seat has: %v", err)
	}
	if err := s.RenameSeats(ctx, g.ID, []SeatRename{{Seat: 0, Was: "Annabelle", Name: "BOB"}}, ""); !errors.Is(err, ErrSeatNameTaken) {
		t.Errorf("the other seat's name in capitals: %v", err)
	}
	var stale *RenameConflictError
	if err := s.RenameSeats(ctx, g.ID, []SeatRename{{Seat: 0, Was: "Ann", Name: "Anna"}}, ""); !errors.As(err, &stale) || stale.Now != "Annabelle" {
		t.Errorf("a form shown before another phone's rename: %v", err)
	}
	swap := []SeatRename{{Seat: 0, Was: "Annabelle", Name: "Bob"}, {Seat: 1, Was: "Bob", Name: "Annabelle"}}
	if err := s.RenameSeats(ctx, g.ID, swap, ""); err != nil {
		t.Fatalf("swap: %v", err)
	}
	if names := seatNames(t, s, g); !sameNames(names, "Bob", "Annabelle") {
		t.Errorf("after the swap: %v", names)
	}
	revs, err := s.GameRevisions(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(revs) != 3 || revs[0].Action != "rename" || revs[0].Seat != 0 || revs[0].Before != "Ann" ||
		revs[0].After != "Annabelle" || revs[0].Author != "Bob" || revs[0].At.IsZero() {
		t.Errorf("revisions: %+v", revs)
	}

	l := newLeague(t, s, "Cy", "Dee")
	lg := leagueGame(t, s, l, "fan", "Cy", "Dee")
	if err := s.RenameSeats(ctx, lg.ID, []SeatRename{{Seat: 0, Was: "Cy", Name: "Cyril"}}, ""); !errors.Is(err, ErrInLeague) {
		t.Errorf("a league game's seat: %v", err)
	}
	if err := s.DeleteGame(ctx, lg.ID, ""); !errors.Is(err, ErrInLeague) {
		t.Errorf("delete a league game: %v", err)
	}
}

// TestDeleteAndRestoreGame: a deleted game is hidden from every way in
// but its own link's (which knows it is deleted), takes no hand, leaves
// the export, and comes back within the window, with both changes kept.
func TestDeleteAndRestoreGame(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	g := newFanGame(t, s)
	kept := newFanGame(t, s)
	watch, err := s.WatchID(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.addHand(ctx, g.ID, pointsHand(20, 0), Change{}); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteGame(ctx, g.ID, "Ann"); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteGame(ctx, g.ID, "Ann"); err != nil {
		t.Errorf("deleted twice: %v", err)
	}
	var gone *DeletedGameError
	if _, err := s.Game(ctx, g.PublicID); !errors.As(err, &gone) || !errors.Is(err, ErrNotFound) || gone.Deleted.IsZero() {
		t.Errorf("Game of a deleted game: %v", err)
	}
	if d, err := s.GameEvenDeleted(ctx, g.PublicID); err != nil || d.Deleted.IsZero() || len(d.Seats) != 2 {
		t.Errorf("GameEvenDeleted: %+v, %v", d, err)
	}
	if st, err := s.GameStamp(ctx, g.PublicID); err != nil || st.Deleted.IsZero() {
		t.Errorf("GameStamp: %+v, %v", st, err)
	}
	if _, err := s.GameByWatchID(ctx, watch); !errors.Is(err, ErrNotFound) {
		t.Errorf("the spectators' link: %v", err)
	}
	if _, err := s.WatchStamp(ctx, watch); !errors.Is(err, ErrNotFound) {
		t.Errorf("the spectators' stamp: %v", err)
	}
	if games, err := s.GamesByPublicIDs(ctx, []string{g.PublicID, kept.PublicID}); err != nil || len(games) != 1 || games[0].ID != kept.ID {
		t.Errorf("a phone's games: %+v, %v", games, err)
	}
	if _, err := s.addHand(ctx, g.ID, pointsHand(10, 0), Change{Token: NewToken()}); !errors.Is(err, ErrNotFound) {
		t.Errorf("a hand for a deleted game: %v", err)
	}
	if err := s.RenameSeats(ctx, g.ID, []SeatRename{{Seat: 0, Was: "Ann", Name: "Anna"}}, ""); !errors.Is(err, ErrNotFound) {
		t.Errorf("rename in a deleted game: %v", err)
	}
	a, err := s.ExportAll(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, eg := range a.Games {
		if eg.PublicID == g.PublicID {
			t.Errorf("the export holds the deleted game")
		}
	}

	if err := s.RestoreGame(ctx, g.ID, "Bob", time.Minute); err != nil {
		t.Fatal(err)
	}
	if err := s.RestoreGame(ctx, g.ID, "Bob", time.Minute); err != nil {
		t.Errorf("restored twice: %v", err)
	}
	back, err := s.Game(ctx, g.PublicID)
	if err != nil || back.Seats[0].Total != 20 {
		t.Fatalf("the game back: %+v, %v", back, err)
	}
	if _, err := s.GameByWatchID(ctx, watch); err != nil {
		t.Errorf("the spectators' link, back: %v", err)
	}
	revs, err := s.GameRevisions(ctx, g.ID)
	if err != nil || len(revs) != 2 || revs[0].Action != "delete" || revs[0].Author != "Ann" || revs[1].Action != "restore" || revs[1].Author != "Bob" {
		t.Errorf("revisions: %+v, %v", revs, err)
	}

	// Past the window, the game stays deleted.
	if err := s.DeleteGame(ctx, g.ID, ""); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Hour)
	s.now = func() time.Time { return later }
	if err := s.RestoreGame(ctx, g.ID, "", time.Minute); !errors.Is(err, ErrUndoExpired) {
		t.Errorf("restore past the window: %v", err)
	}
	if _, err := s.Game(ctx, g.PublicID); !errors.Is(err, ErrNotFound) {
		t.Errorf("after a refused restore: %v", err)
	}
}
