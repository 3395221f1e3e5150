package views

import (
	"strconv"
	"strings"
)

// Signed prints points with their sign, so a zero and a loss read apart
// from a gain: "+18", "0", "-70".
func Signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// plural returns "1 deal" style nouns: the word as is for one, with an s
// otherwise.
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// article returns "a" or "an" for the word.
func article(word string) string {
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}
