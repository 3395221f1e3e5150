package names

import (
	"errors"
	"testing"
)

// TestTidyLeavesWhatCheckRefuses: tidying a name never makes a refused
// name one Check takes: a byte that is not UTF-8 stays, for Check to
// refuse, rather than become U+FFFD as the spaces around it are tidied
// (a league named so was kept with U+FFFD, while a game so named was
// refused).
func TestTidyLeavesWhatCheckRefuses(t *testing.T) {
	for _, typed := range []string{"Thursday \xff club", "  Ann\xc3  ", "a\u00a0\u00a0\xfe", "\xff"} {
		tidy := Tidy(typed)
		var bad *Error
		if err := Check(tidy, 60); !errors.As(err, &bad) || bad.Err != ErrEncoding {
			t.Errorf("Check(Tidy(%q)) = %v (tidied to %q), want ErrEncoding", typed, err, tidy)
		}
	}
	if got := Tidy("  Thursday \u00a0 club "); got != "Thursday club" {
		t.Errorf("Tidy of spaces: %q", got)
	}
}
