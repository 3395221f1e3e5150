package live

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// received reads what a subscriber has waiting, without blocking.
func received(ch <-chan int) (int, bool) {
	select {
	case v, ok := <-ch:
		return v, ok
	default:
		return 0, false
	}
}

func TestHubDeliversEachVersionOnce(t *testing.T) {
	tests := []struct {
		name      string
		since     int
		published []int // each read after it is published
		want      []int // what the subscriber reads, in order
	}{
		{"newer versions", 3, []int{4, 5}, []int{4, 5}},
		{"the same version twice (a save and its echo)", 3, []int{4, 4, 5, 5}, []int{4, 5}},
		{"older than the start", 3, []int{2, 3, 4}, []int{4}},
		{"an older one arriving late", 3, []int{5, 4, 6}, []int{5, 6}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			hub := NewHub()
			ch, stop := hub.Subscribe(7, tc.since, nil)
			defer stop()
			var got []int
			for _, v := range tc.published {
				if err := hub.Publish(context.Background(), 7, v); err != nil {
					t.Fatal(err)
				}
				if v, ok := received(ch); ok {
					got = append(got, v)
				}
			}
			if !equal(got, tc.want) {
				t.Errorf("read %v, want %v", got, tc.want)
			}
		})
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestHubUnreadVersionIsReplaced(t *testing.T) {
	hub := NewHub()
	ch, stop := hub.Subscribe(7, 0, nil)
	defer stop()
	other, stopOther := hub.Subscribe(8, 0, nil)
	defer stopOther()
	for v := 1; v <= 3; v++ {
		_ = hub.Publish(context.Background(), 7, v)
	}
	if v, _ := received(ch); v != 3 {
		t.Errorf("read %d after three unread versions, want the newest, 3", v)
	}
	if v, ok := received(ch); ok {
		t.Errorf("read %d more", v)
	}
	if v, ok := received(other); ok {
		t.Errorf("another game's subscriber read %d", v)
	}
}

func TestHubStop(t *testing.T) {
	hub := NewHub()
	ch, stop := hub.Subscribe(7, 0, nil)
	stop()
	_ = hub.Publish(context.Background(), 7, 1)
	if v, ok := received(ch); ok {
		t.Errorf("read %d after stop", v)
	}
	if n := len(hub.games); n != 0 {
		t.Errorf("%d games still watched after the only watcher stopped", n)
	}
}

func TestHubResync(t *testing.T) {
	hub := NewHub()
	var reads atomic.Int32
	versions := map[int64]int{7: 5, 8: 2}
	current := func(game int64) CurrentVersion {
		return func(context.Context) (int, error) {
			reads.Add(1)
			return versions[game], nil
		}
	}
	first, stop1 := hub.Subscribe(7, 3, current(7))
	defer stop1()
	second, stop2 := hub.Subscribe(7, 3, current(7))
	defer stop2()
	current8, stop3 := hub.Subscribe(8, 2, current(8))
	defer stop3()
	broken, stop4 := hub.Subscribe(9, 1, func(context.Context) (int, error) { return 0, errors.New("db down") })
	defer stop4()

	if err := hub.Resync(context.Background()); err == nil {
		t.Errorf("a resync whose read failed reported no error")
	}
	for name, ch := range map[string]<-chan int{"first": first, "second": second} {
		if v, _ := received(ch); v != 5 {
			t.Errorf("%s watcher of game 7 read %d after the resync, want 5", name, v)
		}
	}
	if v, ok := received(current8); ok {
		t.Errorf("the watcher of game 8, current already, read %d", v)
	}
	if v, ok := received(broken); ok {
		t.Errorf("the watcher whose read failed read %d", v)
	}
	if n := reads.Load(); n != 2 {
		t.Errorf("%d reads for two games, want one per game", n)
	}
	_ = hub.Publish(context.Background(), 7, 5)
	if v, ok := received(first); ok {
		t.Errorf("read %d again when it was published after the resync", v)
	}
}

func TestHubCloseSubscriptions(t *testing.T) {
	hub := NewHub()
	ch, stop := hub.Subscribe(7, 0, nil)
	hub.CloseSubscriptions()
	select {
	case _, ok := <-ch:
		if ok {
			t.Errorf("read a version, want the channel closed")
		}
	case <-time.After(time.Second):
		t.Fatal("the channel stayed open")
	}
	stop() // after the close: must not panic
	later, _ := hub.Subscribe(7, 0, nil)
	if _, ok := <-later; ok {
		t.Errorf("a subscription after the close is open")
	}
	if err := hub.Publish(context.Background(), 7, 1); err != nil {
		t.Errorf("publish after the close: %v", err)
	}
}
