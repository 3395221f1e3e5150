package views

import (
	"slices"
	"strings"
	"testing"
)

func TestNiceTicks(t *testing.T) {
	tests := []struct {
		lo, hi  float64
		count   int
		minStep float64
		want    []float64
	}{
		{0, 105, 5, 0, []float64{0, 50, 100, 150}},
		{0, 3, 6, 1, []float64{0, 1, 2, 3}}, // a count: never 0.5
		{-1.8, 4.4, 5, 0, []float64{-2, 0, 2, 4, 6}},
		{0, 5000, 6, 1, []float64{0, 1000, 2000, 3000, 4000, 5000}},
		{7, 7, 5, 0, []float64{6, 6.5, 7, 7.5, 8}}, // a flat line still gets an axis
	}
	for _, tc := range tests {
		got, _, _ := niceTicks(tc.lo, tc.hi, tc.count, tc.minStep)
		if !slices.Equal(got, tc.want) {
			t.Errorf("niceTicks(%v, %v) = %v, want %v", tc.lo, tc.hi, got, tc.want)
		}
	}
}

func TestThinKeepsEndsAndBound(t *testing.T) {
	if got := thin(5, 10); !slices.Equal(got, []int{0, 1, 2, 3, 4}) {
		t.Errorf("short series: %v", got)
	}
	got := thin(5000, chartMaxPoints)
	if len(got) != chartMaxPoints || got[0] != 0 || got[len(got)-1] != 4999 || !slices.IsSorted(got) {
		t.Errorf("thin(5000): %d points, first %d last %d", len(got), got[0], got[len(got)-1])
	}
}

// The chart is scaled into the plot box: the first point at the left and
// bottom, the highest at the top, the guide where its value falls.
func TestNewChartScales(t *testing.T) {
	vm := NewChart(ChartSpec{
		ID: "c", Title: "t", Desc: "d", XLabel: "Deal", YLabel: "Total", GuideY: 100, GuideLabel: "target 100",
		Series: []Series{
			{Name: "Ann", X: []float64{0, 1, 2}, Y: []float64{0, 60, 150}},
			{Name: "Bob", X: []float64{0, 1, 2}, Y: []float64{0, 0, 50}, Low: []float64{0, 0, 0}, High: []float64{10, 10, 60}},
		},
	})
	// y ticks 0, 50, 100, 150: 0 at the bottom, 150 at the top.
	if len(vm.YTicks) != 4 || vm.YTicks[0].Pos != plotBottom || vm.YTicks[3].Pos != plotTop || vm.Guide.Y != plotBottom-(plotBottom-plotTop)*2/3.0 {
		t.Errorf("y ticks %+v guide %+v", vm.YTicks, vm.Guide)
	}
	if !strings.HasPrefix(vm.Lines[0].Points, f1(plotLeft)+","+f1(plotBottom)+" ") || vm.Lines[0].EndX != plotRight || vm.Lines[0].EndY != plotTop {
		t.Errorf("Ann's line %q ends at %v,%v", vm.Lines[0].Points, vm.Lines[0].EndX, vm.Lines[0].EndY)
	}
	if vm.Lines[0].Class != "s0" || vm.Lines[1].Class != "s1" || vm.Lines[0].Band != "" || vm.Lines[1].Band == "" {
		t.Errorf("classes or bands: %+v", vm.Lines)
	}
}
