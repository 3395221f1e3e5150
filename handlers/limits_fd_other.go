//go:build !unix

package handlers

// openFileLimit reports that the limit on open files is not known here:
// DefaultLimits then sizes for the usual 1,024.
func openFileLimit() (int, bool) { return 0, false }
