package flathead

// Kind is the kind of a Flathead meld (F1, F4). The zero Kind, NoKind, is
// the kind of a meld that is not valid.
type Kind uint8

// The kinds of F1 and the bonus kinds of F4. Their order here means
// nothing; Preference gives the order in which a meld that is several kinds
// at once is reported.
const (
	NoKind   Kind = iota
	Set           // three or more cards of one rank (F1)
	Flush         // three or more cards of one suit (F1)
	Run           // three or more consecutive ranks of one colour (F1)
	ColorSet      // one rank and one colour: a bonus meld (F4)
	FlushRun      // consecutive ranks of one suit: a bonus meld (F4)
	Infinity      // three or more ∞ cards: a bonus meld (F4)
)

var kindNames = [...]string{"", "set", "flush", "run", "color_set", "flush_run", "infinity"}

// String returns the kind as the API writes it: "set", "flush", "run",
// "color_set", "flush_run" or "infinity". NoKind prints as the empty string;
// the API writes null for it.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return ""
}

// Bonus reports whether laying down a meld of this kind earns a bonus mark
// (F4): color sets, flush runs and infinities.
func (k Kind) Bonus() bool { return k == ColorSet || k == FlushRun || k == Infinity }

// Preference lists the kinds in the order F4 reports them when a meld is
// several kinds at once: the bonus kinds first (infinity, flush run, color
// set), then set, flush, run.
func Preference() []Kind { return []Kind{Infinity, FlushRun, ColorSet, Set, Flush, Run} }

// kindSet is a set of kinds, one bit per Kind.
type kindSet uint8

func (ks kindSet) has(k Kind) bool { return ks&(1<<k) != 0 }

func (ks *kindSet) add(k Kind) { *ks |= 1 << k }

// first returns the kind F4 reports for a meld that is every kind in ks,
// or NoKind when ks is empty.
func (ks kindSet) first() Kind {
	for _, k := range preference {
		if ks.has(k) {
			return k
		}
	}
	return NoKind
}

var preference = Preference()
