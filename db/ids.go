package db

import (
	"crypto/rand"
	"encoding/base32"
	"strings"
)

// idEncoding is lower-case base32 without padding: readable aloud, safe in
// URLs, no look-alike case pairs.
var idEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// NewID returns a random id of 128 bits (26 characters). Game ids and
// tokens are unguessable, so a link is the only way to a game.
func NewID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
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
