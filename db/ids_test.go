package db

import (
	"encoding/binary"
	"testing"
	"time"
)

// TestTokensSayWhenTheyWereMade: a form's token is a valid id whose
// first 48 bits are the time it was made, in milliseconds, so tokens of
// the same moment sort together, and whose other 80 bits differ.
func TestTokensSayWhenTheyWereMade(t *testing.T) {
	before := time.Now().UnixMilli()
	tokens := make([]string, 1000)
	for i := range tokens {
		tokens[i] = NewToken()
	}
	after := time.Now().UnixMilli()
	seen := map[string]bool{}
	for _, tok := range tokens {
		if !ValidID(tok) {
			t.Fatalf("token %q is not a valid id", tok)
		}
		b, err := idEncoding.DecodeString(tok)
		if err != nil || len(b) != 16 {
			t.Fatalf("token %q decodes to %d bytes, %v", tok, len(b), err)
		}
		at := int64(binary.BigEndian.Uint64(b[:8]) >> 16)
		if at < before || at > after {
			t.Errorf("token %q says %d, made between %d and %d", tok, at, before, after)
		}
		if seen[string(b[6:])] {
			t.Errorf("token %q repeats another's random part", tok)
		}
		seen[string(b[6:])] = true
	}
}
