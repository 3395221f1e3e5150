// Package rating estimates players' skill from the finishing order of the
// games they play. It is OpenSkill's Weng-Lin Bayesian rating with the
// Plackett-Luce model (Weng & Lin 2011, "A Bayesian Approximation Method
// for Online Ranking", Algorithm 4) and the defaults of the reference
// library, openskill.js: a new player is mu 25, sigma 25/3; beta is
// sigma/2; kappa (the floor on sigma's shrink factor) is 0.0001; the
// number shown to sort by, the ordinal, is mu - 3 sigma.
//
// No Go implementation of OpenSkill was reachable when meldpad needed one,
// so this is a small, standard-library-only transcription of the model,
// tested against openskill.js's own published test vectors (ties
// included).
//
// A game is a list of teams with a rank each (lower is better, equal ranks
// are a tie); meldpad's games have one player per team:
//
//	after := rating.Rate([][]rating.Rating{{ann}, {bob}, {cy}}, []int{1, 2, 2})
//	ann, bob, cy = after[0][0], after[1][0], after[2][0]
//
// Rate is pure: it never changes its arguments.
package rating
