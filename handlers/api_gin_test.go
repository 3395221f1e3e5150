package handlers

import "testing"

// TestPublicGinAPICases runs the public API examples (api-cases-gin.json) (copied
// into testdata so a clean clone has it).
func TestPublicGinAPICases(t *testing.T) {
	runCases(t, loadCases(t, "testdata/api-cases-gin.json"))
}
