package fortune

// Kind is the kind of a Fortune Rummy meld (R1). The zero Kind, NoKind,
// is what an invalid verdict carries.
type Kind uint8

// The two kinds of meld of R1.
const (
	NoKind   Kind = iota
	Set           // three or four cards of one rank ("big sets": more)
	Sequence      // three or more consecutive cards of one suit
)

// String returns the kind as the API names it: "set", "sequence", and the
// empty string for NoKind (the API prints null for it).
func (k Kind) String() string {
	switch k {
	case Set:
		return "set"
	case Sequence:
		return "sequence"
	}
	return ""
}
