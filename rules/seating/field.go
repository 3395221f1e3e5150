package seating

// field is the finite field GF(q) for a prime power q = p^e. Its
// elements are 0..q-1: the base-p digits of an element are the
// coefficients of a polynomial over the integers modulo p, and products
// are taken modulo an irreducible polynomial of degree e, found by trying
// each in turn. For a prime q that is arithmetic modulo q.
type field struct {
	q        int
	add, mul []int // q*q tables: add[a*q+b] is a+b
}

// primePower returns p and e with q = p^e and p prime, if there are such.
func primePower(q int) (p, e int, ok bool) {
	if q < 2 {
		return 0, 0, false
	}
	for p = 2; q%p != 0; p++ {
	}
	for e = 0; q%p == 0; e++ {
		q /= p
	}
	return p, e, q == 1
}

// newField returns GF(q), or false when q is not a prime power.
func newField(q int) (*field, bool) {
	p, e, ok := primePower(q)
	if !ok {
		return nil, false
	}
	f := &field{q: q, add: make([]int, q*q), mul: make([]int, q*q)}
	for a := range q {
		for b := range q {
			f.add[a*q+b] = combine(digits(a, p, e), digits(b, p, e), p, 1)
		}
	}
	// The modulus is x^e + c(x), for c = 0, 1, ... as a polynomial of
	// degree below e: the first one whose products leave no element
	// without an inverse is irreducible.
	for c := range q {
		f.multiplyModulo(p, e, digits(c, p, e))
		if f.inverses() {
			return f, true
		}
	}
	return nil, false // not reached: an irreducible polynomial exists for every degree
}

// digits are the e base-p digits of a, lowest first.
func digits(a, p, e int) []int {
	d := make([]int, e)
	for i := range d {
		d[i], a = a%p, a/p
	}
	return d
}

// combine is the element a + k*b, digit by digit modulo p.
func combine(a, b []int, p, k int) int {
	v := 0
	for i := len(a) - 1; i >= 0; i-- {
		v = v*p + (a[i]+k*b[i])%p
	}
	return v
}

// multiplyModulo fills f.mul with products modulo x^e + c(x).
func (f *field) multiplyModulo(p, e int, c []int) {
	for a := range f.q {
		da := digits(a, p, e)
		for b := range f.q {
			db := digits(b, p, e)
			prod := make([]int, 2*e-1)
			for i, x := range da {
				for j, y := range db {
					prod[i+j] = (prod[i+j] + x*y) % p
				}
			}
			// x^i = x^(i-e) * x^e = x^(i-e) * -c(x), from the top down.
			for i := 2*e - 2; i >= e; i-- {
				t := prod[i]
				prod[i] = 0
				for j, cj := range c {
					prod[i-e+j] = ((prod[i-e+j]-t*cj)%p + p) % p
				}
			}
			v := 0
			for i := e - 1; i >= 0; i-- {
				v = v*p + prod[i]
			}
			f.mul[a*f.q+b] = v
		}
	}
}

// inverses reports whether every nonzero element has an inverse under
// f.mul, which holds exactly when the modulus is irreducible.
func (f *field) inverses() bool {
	for a := 1; a < f.q; a++ {
		found := false
		for b := 1; b < f.q && !found; b++ {
			found = f.mul[a*f.q+b] == 1
		}
		if !found {
			return false
		}
	}
	return true
}

// space is the vector space GF(q)^d. A vector is a number below q^d whose
// base-q digits are its coordinates, which makes every vector one player.
type space struct {
	f    *field
	d    int
	size int // q^d
}

func newSpace(f *field, d int) space {
	size := 1
	for range d {
		size *= f.q
	}
	return space{f: f, d: d, size: size}
}

// addScaled is the vector u + k*v.
func (s space) addScaled(u, v, k int) int {
	q := s.f.q
	out, place := 0, 1
	for range s.d {
		out += s.f.add[(u%q)*q+s.f.mul[k*q+v%q]] * place
		u, v, place = u/q, v/q, place*q
	}
	return out
}

// span lists the vectors of the subspace that basis spans, 0 first.
func (s space) span(basis []int) []int {
	vecs := []int{0}
	for _, b := range basis {
		next := make([]int, 0, len(vecs)*s.f.q)
		for k := range s.f.q {
			for _, v := range vecs {
				next = append(next, s.addScaled(v, b, k))
			}
		}
		vecs = next
	}
	return vecs
}

// cosets splits the space into the cosets v + U of the subspace U (its
// vectors): one round of tables, in which two players meet exactly when
// their difference lies in U.
func (s space) cosets(u []int) [][]int {
	done := make([]bool, s.size)
	var tables [][]int
	for v := range s.size {
		if done[v] {
			continue
		}
		table := make([]int, len(u))
		for i, x := range u {
			table[i] = s.addScaled(v, x, 1)
			done[table[i]] = true
		}
		tables = append(tables, table)
	}
	return tables
}
