package gin

import (
	"errors"
	"maps"
	"testing"
)

func TestParseHouseRules(t *testing.T) {
	tests := []struct {
		name string
		keys map[string]bool
		want HouseRules
	}{
		{"nil is standard gin", nil, HouseRules{}},
		{"the API's defaults", map[string]bool{"oklahoma": false, "undercut_on_tie": true, "box_bonus": true, "shutout": true}, HouseRules{}},
		{"Oklahoma", map[string]bool{"oklahoma": true}, HouseRules{Oklahoma: true}},
		{"undercut only when less", map[string]bool{"undercut_on_tie": false}, HouseRules{UndercutOnlyWhenLess: true}},
		{"no box bonus, no shutout", map[string]bool{"box_bonus": false, "shutout": false}, HouseRules{NoBoxBonus: true, NoShutout: true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseHouseRules(tc.keys)
			if err != nil || got != tc.want {
				t.Fatalf("ParseHouseRules = %+v, %v; want %+v", got, err, tc.want)
			}
			back, err := ParseHouseRules(got.Keys())
			if err != nil || back != got {
				t.Errorf("Keys() = %v reads back as %+v, %v", got.Keys(), back, err)
			}
		})
	}
	_, err := ParseHouseRules(map[string]bool{"shutout": true, "big_sets": true, "zzz": true})
	var de *DealError
	if !errors.As(err, &de) || de.Field != "house_rules.big_sets" {
		t.Errorf("an unknown key: %#v, want a *DealError for house_rules.big_sets", err)
	}
}

// TestHouseRuleOptionsDefaults checks that the defaults the options
// describe are the zero HouseRules, which every function reads as the
// default, and that every key ParseHouseRules reads is described.
func TestHouseRuleOptionsDefaults(t *testing.T) {
	defaults := map[string]bool{}
	for _, o := range HouseRuleOptions() {
		defaults[o.Key] = o.Default
		if o.Name.IsZero() || o.Help.IsZero() || o.Rule == "" {
			t.Errorf("option %+v is not described", o)
		}
	}
	if want := (HouseRules{}).Keys(); !maps.Equal(defaults, want) {
		t.Errorf("options' defaults %v, zero HouseRules %v", defaults, want)
	}
}

func TestKnockValueG1(t *testing.T) {
	oklahoma := HouseRules{Oklahoma: true}
	tests := []struct {
		house   HouseRules
		up      string
		value   int
		doubled bool
	}{
		{HouseRules{}, "7S", 10, false},
		{HouseRules{}, "AH", 10, false},
		{oklahoma, "7H", 7, false},
		{oklahoma, "7S", 7, true},
		{oklahoma, "10D", 10, false},
		{oklahoma, "KS", 10, true},
		{oklahoma, "AC", 0, false},
		{oklahoma, "AS", 0, true},
		{oklahoma, "2D", 2, false},
	}
	for _, tc := range tests {
		value, doubled := tc.house.KnockValue(card(t, tc.up))
		if value != tc.value || doubled != tc.doubled {
			t.Errorf("%+v up %s: %d, %v; want %d, %v", tc.house, tc.up, value, doubled, tc.value, tc.doubled)
		}
	}
}
