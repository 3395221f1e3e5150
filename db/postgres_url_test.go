package db

import "testing"

// TestIsPostgres: a database setting is PostgreSQL's only as a URL of its
// schemes; any other setting is a SQLite file, whatever its name says.
func TestIsPostgres(t *testing.T) {
	tests := []struct {
		setting string
		want    bool
	}{
		{"postgres://meldpad@db.internal/meldpad", true},
		{"postgresql://meldpad@db.internal:5432/meldpad?sslmode=require", true},
		{"meldpad.db", false},
		{"/var/lib/meldpad/postgres.db", false},
		{"./postgres:/x.db", false},
	}
	for _, tc := range tests {
		t.Run(tc.setting, func(t *testing.T) {
			if got := IsPostgres(tc.setting); got != tc.want {
				t.Errorf("IsPostgres(%q) = %v, want %v", tc.setting, got, tc.want)
			}
		})
	}
}
