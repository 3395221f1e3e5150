//go:build !js

package locale

import "strconv"

// Score writes points on a scorepad: as Number does, but a score of
// four digits stays whole (1000, not 1,000 or 1.000), as a paper
// scorepad writes it and as CLDR's minimum grouping of two digits
// does for Spanish: a scorepad's columns are narrow (eight players on a
// phone), and its scores seldom reach five digits. From 10000 on the
// language's groups return (10,000; 10.000; 10 000).
func (l *Localizer) Score(n int) string {
	if n > -10000 && n < 10000 {
		return strconv.Itoa(n)
	}
	return l.Number(n)
}
