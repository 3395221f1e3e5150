package db

import (
	"crypto/rand"
	"encoding/base32"
	"encoding/binary"
	"strings"
	"time"
)

// idEncoding is lower-case base32 without padding: readable aloud, safe in
// URLs, no look-alike case pairs.
var idEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// NewID returns a random id of 128 bits (26 characters). Links (a game's,
// a spectator's, an organizer's) are made of it and unguessable, so a
// link is the only way to what it names. Form tokens are NewToken's.
func NewID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return idEncoding.EncodeToString(b[:])
}

// NewToken returns a form's idempotency token, an id as NewID's (26
// characters, ValidID) whose first 48 bits are the time in milliseconds
// and the other 80 random. A new game's token posted again answers with
// the game it made, so a token must stay unguessable: its 80 random bits
// keep it so, and the time says only when its form was shown. What the
// time gains is that the tokens of the forms of the moment sort
// together: the saved tokens' index takes a commit's tokens on the same
// page or two, where random tokens landed each on a page of its own, so
// a commit writes a page a save fewer to the log
// (BenchmarkAddHandParallel).
func NewToken() string {
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], uint64(time.Now().UnixMilli())<<16)
	_, _ = rand.Read(b[6:])
	return idEncoding.EncodeToString(b[:])
}

// ValidID reports whether s could be an id made by NewID, so that junk in a
// URL never reaches a query.
func ValidID(s string) bool {
	if len(s) != 26 {
		return false
	}
	return strings.Trim(s, "abcdefghijklmnopqrstuvwxyz234567") == ""
}
