package standings

import "sync"

// A Tail guards the free end of an array that several slices share: a
// list, and the longer lists made from it one after the other (the games
// of a league as they finish, a table extended game by game). Each slice
// reads only its own length of the array, so elements may be appended
// past it in place, by one writer: the one whose slice ends where the
// array's use ends. Lists that are read by many requests and extended by
// one game at a time then cost the new game, not a copy of every game.
type Tail struct {
	mu   sync.Mutex
	used int // elements of the array in use by the longest slice made
}

// claim reserves n elements after the first from, if no slice longer than
// from was made.
func (t *Tail) claim(from, n int) bool {
	if t == nil {
		return false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.used != from {
		return false
	}
	t.used = from + n
	return true
}

// Reserve returns s, and its array's Tail, with room for n more elements
// that the caller appends (append then writes into the array without
// copying it): s's own array when the elements after s are free (tail
// says none was appended since) and there is room, otherwise a copy of s
// with room to grow, under a new Tail. tail is the one Reserve returned
// with s, or nil for a slice no one appends to in place.
//
// The caller appends exactly n elements, once: a list made from s
// otherwise has a length the Tail does not expect, and is copied when it
// is extended in its turn (correct, only slower).
func Reserve[T any](s []T, tail *Tail, n int) ([]T, *Tail) {
	if n == 0 {
		return s, tail // nothing is written
	}
	if cap(s)-len(s) >= n && tail.claim(len(s), n) {
		return s, tail
	}
	grown := make([]T, len(s), len(s)+n+len(s)/8+16)
	copy(grown, s)
	return grown, &Tail{used: len(s) + n}
}
