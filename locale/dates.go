//go:build !js

package locale

import "time"

// dateLayouts are how each language writes a date, a day with its time
// (to the minute and to the second) and a time of day, as CLDR's short and medium formats do: "2 Jan
// 2006" in English (its months' names are the only ones time knows),
// the numbers alone elsewhere ("2.1.2006", "02/01/2006").
var dateLayouts = map[string]struct{ date, dayTime, moment, clock string }{
	"en": {"2 Jan 2006", "2 Jan 15:04", "2 Jan 15:04:05", "15:04"},
	"de": {"2.1.2006", "2.1. 15:04", "2.1. 15:04:05", "15:04"},
	"it": {"2/1/2006", "2/1 15:04", "2/1 15:04:05", "15:04"},
	"es": {"2/1/2006", "2/1 15:04", "2/1 15:04:05", "15:04"},
	"fr": {"02/01/2006", "02/01 15:04", "02/01 15:04:05", "15:04"},
}

// Date writes a day as the language does: "2 Mar 2026", "2.3.2026".
func (l *Localizer) Date(t time.Time) string { return t.Format(l.layouts().date) }

// DayTime writes a day of this year and its time: "2 Mar 21:04",
// "2.3. 21:04".
func (l *Localizer) DayTime(t time.Time) string { return t.Format(l.layouts().dayTime) }

// Moment writes a day of this year and its time to the second, as a
// history of changes lists them: "2 Mar 21:04:05".
func (l *Localizer) Moment(t time.Time) string { return t.Format(l.layouts().moment) }

// Time writes a time of day: "21:04".
func (l *Localizer) Time(t time.Time) string { return t.Format(l.layouts().clock) }

func (l *Localizer) layouts() struct{ date, dayTime, moment, clock string } {
	if f, ok := dateLayouts[l.lang.Tag]; ok {
		return f
	}
	return dateLayouts["en"]
}
