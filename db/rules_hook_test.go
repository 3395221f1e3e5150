package db

// archiveRules are meldpad's games for the tests that import an archive:
// the scorepad package's (scorepad.ArchiveRules), which the tests of
// package db_test hand over (SetArchiveRules) before any test runs, since
// a test of package db cannot import a package that imports db.
var archiveRules ArchiveRules

// SetArchiveRules sets archiveRules.
func SetArchiveRules(r ArchiveRules) { archiveRules = r }
