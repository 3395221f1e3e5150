package views

import (
	"context"
	"strconv"
	"strings"

	"meldpad/locale"
)

// Number writes a whole number as the page's language does: "1,234",
// "1.234", "1 234".
func Number(ctx context.Context, n int) string { return locale.From(ctx).Number(n) }

// Score writes a total on the scorepad (locale's Score): "1000",
// "12.345" in German.
func Score(ctx context.Context, n int) string { return locale.From(ctx).Score(n) }

// Points writes points as Signed does, in the page's language, as
// Score writes them: "+1000", "+12.345".
func Points(ctx context.Context, n int) string {
	if n > 0 {
		return "+" + Score(ctx, n)
	}
	return Score(ctx, n)
}

// Signed prints points with their sign, so a zero and a loss read apart
// from a gain: "+18", "0", "-70".
func Signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// Plural returns "1 deal" style nouns: the word as is for one, with an s
// otherwise.
func Plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// qrQuiet is the blank margin around a QR code, in modules.
const qrQuiet = 4

func qrViewBox(modules [][]bool) string {
	size := strconv.Itoa(len(modules) + 2*qrQuiet)
	return "0 0 " + size + " " + size
}

// qrPath draws the dark modules row by row, one rectangle per run, which
// keeps the SVG small (a few KB for a game's link).
func qrPath(modules [][]bool) string {
	var b strings.Builder
	for y, row := range modules {
		for x := 0; x < len(row); {
			if !row[x] {
				x++
				continue
			}
			start := x
			for x < len(row) && row[x] {
				x++
			}
			b.WriteString("M" + strconv.Itoa(start+qrQuiet) + " " + strconv.Itoa(y+qrQuiet) +
				"h" + strconv.Itoa(x-start) + "v1h-" + strconv.Itoa(x-start) + "z")
		}
	}
	return b.String()
}
