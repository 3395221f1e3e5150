package locale

// Language is one language meldpad speaks: its catalog (Tag.json beside
// this file), its name as its speakers write it, how it picks a plural
// form and how it writes numbers. Adding a language is adding its
// catalog and one line to languages.
type Language struct {
	// Tag is the language's BCP 47 tag and the name of its catalog.
	Tag string
	// Name is the language's name in itself, for a chooser.
	Name string
	// Plural returns the CLDR plural category of a whole number:
	// "zero", "one", "two", "few", "many" or "other".
	Plural func(n int) string
	// Group is the separator between groups of three digits, and
	// MinGroup how many digits the highest group needs before one is
	// written: 2 writes 1000 but 10 000 (CLDR's minimumGroupingDigits).
	Group    string
	MinGroup int
}

// languages are the languages meldpad speaks, English first: it is the
// default, and the language every other catalog is checked against.
var languages = []Language{
	{Tag: "en", Name: "English", Plural: oneIfOne, Group: ",", MinGroup: 1},
	{Tag: "de", Name: "Deutsch", Plural: oneIfOne, Group: ".", MinGroup: 1},
	{Tag: "it", Name: "Italiano", Plural: oneIfOneManyMillions, Group: ".", MinGroup: 1},
	{Tag: "es", Name: "Español", Plural: oneIfOneManyMillions, Group: ".", MinGroup: 2},
	{Tag: "fr", Name: "Français", Plural: oneIfZeroOrOneManyMillions, Group: "\u202f", MinGroup: 1},
}

// The CLDR cardinal plural rules of the languages above, for whole
// numbers (the operands v, w, f, t are 0; e is 0): i is |n|.

// oneIfOne is English's and German's rule: one for 1.
func oneIfOne(n int) string {
	if abs(n) == 1 {
		return "one"
	}
	return "other"
}

// oneIfOneManyMillions is Italian's and Spanish's rule: one for 1, many
// for a whole number of millions ("1 milione di carte").
func oneIfOneManyMillions(n int) string {
	i := abs(n)
	switch {
	case i == 1:
		return "one"
	case i != 0 && i%1000000 == 0:
		return "many"
	}
	return "other"
}

// oneIfZeroOrOneManyMillions is French's rule: one for 0 and 1, many for
// a whole number of millions.
func oneIfZeroOrOneManyMillions(n int) string {
	i := abs(n)
	switch {
	case i <= 1:
		return "one"
	case i%1000000 == 0:
		return "many"
	}
	return "other"
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Languages lists the languages meldpad speaks, English first.
func Languages() []Language { return append([]Language(nil), languages...) }
