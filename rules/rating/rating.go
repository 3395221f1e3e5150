package rating

import (
	"fmt"
	"math"
)

// The model's defaults, as openskill.js has them.
const (
	// DefaultMu is a new player's mean skill.
	DefaultMu = 25.0
	// Z is how many standard deviations the ordinal stays below the mean.
	Z = 3.0
	// DefaultSigma is a new player's uncertainty: mu/z, so a new player's
	// ordinal is 0.
	DefaultSigma = DefaultMu / Z
	// Beta is the spread of performance in one game around a player's skill.
	Beta = DefaultSigma / 2
	// Kappa keeps sigma from collapsing to zero: a game never shrinks sigma
	// by more than the factor sqrt(Kappa).
	Kappa = 0.0001
)

// Rating is one player's skill estimate: a normal distribution with mean
// Mu and standard deviation Sigma.
type Rating struct {
	Mu    float64
	Sigma float64
}

// New returns the rating of a player who has not played yet.
func New() Rating { return Rating{Mu: DefaultMu, Sigma: DefaultSigma} }

// Ordinal is the conservative estimate mu - 3 sigma: the skill the player
// almost surely has. Standings sort by it, so a player with few games
// (large sigma) does not top the table on one lucky win.
func (r Rating) Ordinal() float64 { return r.Mu - Z*r.Sigma }

// String prints the rating as "27.6 ± 24.2", mean and 3 sigma, one decimal.
func (r Rating) String() string { return fmt.Sprintf("%.1f ± %.1f", r.Mu, Z*r.Sigma) }

// IsValid reports whether r is a usable rating: finite, with positive
// sigma.
func (r Rating) IsValid() bool {
	return !math.IsNaN(r.Mu) && !math.IsInf(r.Mu, 0) && r.Sigma > 0 && !math.IsInf(r.Sigma, 0)
}
