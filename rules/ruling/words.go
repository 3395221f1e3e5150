package ruling

import "strconv"

// numberWords are the small numbers as a verdict says them aloud.
var numberWords = [...]string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight",
	"nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen"}

// Number writes n in words up to sixteen ("no", "three") and in digits
// beyond, so that every game's reasons read like a sentence said at the
// table: "a set of three kings", "17 cards".
func Number(n int) string {
	if n >= 0 && n < len(numberWords) {
		return numberWords[n]
	}
	return strconv.Itoa(n)
}
