package views

import (
	"math"
	"strconv"
	"strings"
)

// A chart is drawn in a fixed coordinate box and scaled to the page's
// width by the SVG viewBox, so text stays in proportion: at a phone's 390
// px the box is drawn a little larger than 1:1 and 11-unit text reads as
// about 11 px.
const (
	chartWidth  = 360
	chartHeight = 220
	plotLeft    = 44
	plotRight   = chartWidth - 16 // room for half of the last x label
	plotTop     = 12
	plotBottom  = chartHeight - 38
	// chartMaxPoints is the most points one line is drawn with: a line of
	// 5,000 games is thinned to this many, evenly, keeping both ends. At
	// 306 units of width, more would not show.
	chartMaxPoints = 160
)

// Series is one line of a chart: a player's running total or rating.
type Series struct {
	Name string
	X, Y []float64
	// Low and High, when set (same length as Y), draw a band around the
	// line: a rating's mu ± 3 sigma.
	Low, High []float64
	Value     string // what the legend says after the name: "105"
}

// ChartSpec is what a chart shows; NewChart lays it out.
type ChartSpec struct {
	ID             string // unique on the page: the title and desc ids derive from it
	Title          string // what the chart is, for screen readers and as a tooltip
	Desc           string // the text alternative: what the chart shows, in words
	XLabel, YLabel string
	Series         []Series
	// Guide draws a dashed horizontal line at GuideY labelled GuideLabel
	// (a game's target), when GuideLabel is not empty.
	GuideY     float64
	GuideLabel string
}

// ChartVM is a laid-out chart: every coordinate computed, ready for the
// SVG template.
type ChartVM struct {
	ID, Title, Desc string
	XLabel, YLabel  string
	Width, Height   int
	Left, Right     float64
	Top, Bottom     float64
	XTicks, YTicks  []TickVM
	Lines           []LineVM
	Guide           *GuideVM
}

// TickVM is one labelled position on an axis.
type TickVM struct {
	Pos   float64 // x for the x axis, y for the y axis
	Label string
}

// LineVM is one series as drawn.
type LineVM struct {
	Name   string
	Value  string
	Class  string // "s0".."s7": the palette colour and dash (app.css)
	Points string // the polyline's points
	Band   string // the band's polygon points, or ""
	// EndX, EndY place a dot on the last point.
	EndX, EndY float64
}

// GuideVM is a dashed reference line.
type GuideVM struct {
	Y     float64
	Label string
}

// NewChart scales the series into the plot area, with round-number ticks
// on both axes.
func NewChart(spec ChartSpec) ChartVM {
	vm := ChartVM{
		ID: spec.ID, Title: spec.Title, Desc: spec.Desc, XLabel: spec.XLabel, YLabel: spec.YLabel,
		Width: chartWidth, Height: chartHeight, Left: plotLeft, Right: plotRight, Top: plotTop, Bottom: plotBottom,
	}
	xmin, xmax := math.Inf(1), math.Inf(-1)
	ymin, ymax := math.Inf(1), math.Inf(-1)
	for _, s := range spec.Series {
		for i := range s.X {
			xmin, xmax = math.Min(xmin, s.X[i]), math.Max(xmax, s.X[i])
			lo, hi := s.Y[i], s.Y[i]
			if s.Low != nil {
				lo, hi = math.Min(lo, s.Low[i]), math.Max(hi, s.High[i])
			}
			ymin, ymax = math.Min(ymin, lo), math.Max(ymax, hi)
		}
	}
	if spec.GuideLabel != "" {
		ymin, ymax = math.Min(ymin, spec.GuideY), math.Max(ymax, spec.GuideY)
	}
	if math.IsInf(xmin, 0) {
		xmin, xmax, ymin, ymax = 0, 1, 0, 1
	}
	// x is always a count (hands, games), so its ticks are whole numbers.
	xTicks, xmin, xmax := niceTicks(xmin, xmax, 6, 1)
	yTicks, ymin, ymax := niceTicks(ymin, ymax, 5, 0)
	sx := func(x float64) float64 { return plotLeft + (x-xmin)/(xmax-xmin)*(plotRight-plotLeft) }
	sy := func(y float64) float64 { return plotBottom - (y-ymin)/(ymax-ymin)*(plotBottom-plotTop) }
	for _, t := range xTicks {
		vm.XTicks = append(vm.XTicks, TickVM{Pos: sx(t), Label: tickLabel(t)})
	}
	for _, t := range yTicks {
		vm.YTicks = append(vm.YTicks, TickVM{Pos: sy(t), Label: tickLabel(t)})
	}
	if spec.GuideLabel != "" {
		vm.Guide = &GuideVM{Y: sy(spec.GuideY), Label: spec.GuideLabel}
	}
	for n, s := range spec.Series {
		line := LineVM{Name: s.Name, Value: s.Value, Class: "s" + strconv.Itoa(n%8)}
		keep := thin(len(s.X), chartMaxPoints)
		var pts, upper, lower []string
		for _, i := range keep {
			x := sx(s.X[i])
			pts = append(pts, coord(x, sy(s.Y[i])))
			if s.Low != nil {
				upper = append(upper, coord(x, sy(s.High[i])))
				lower = append(lower, coord(x, sy(s.Low[i])))
			}
			line.EndX, line.EndY = x, sy(s.Y[i])
		}
		line.Points = strings.Join(pts, " ")
		if s.Low != nil {
			for i, j := 0, len(lower)-1; i < j; i, j = i+1, j-1 {
				lower[i], lower[j] = lower[j], lower[i]
			}
			line.Band = strings.Join(append(upper, lower...), " ")
		}
		vm.Lines = append(vm.Lines, line)
	}
	return vm
}

// thin returns the indexes of at most max of n points, evenly spread,
// always the first and the last.
func thin(n, max int) []int {
	if n <= max {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	out := make([]int, 0, max)
	for k := 0; k < max; k++ {
		out = append(out, int(math.Round(float64(k)*float64(n-1)/float64(max-1))))
	}
	return out
}

// niceTicks returns about count round-number ticks (steps of 1, 2 or 5
// times a power of ten, at least minStep) covering lo..hi, and the axis
// range they span.
func niceTicks(lo, hi float64, count int, minStep float64) ([]float64, float64, float64) {
	if hi-lo < 1e-9 {
		lo, hi = lo-1, hi+1
	}
	raw := (hi - lo) / float64(count)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	step = math.Max(step, minStep)
	start, end := math.Floor(lo/step)*step, math.Ceil(hi/step)*step
	var ticks []float64
	for v := start; v <= end+step/2; v += step {
		ticks = append(ticks, math.Round(v/step)*step)
	}
	return ticks, start, end
}

func tickLabel(v float64) string {
	if v == math.Trunc(v) {
		return strconv.Itoa(int(v))
	}
	return strconv.FormatFloat(v, 'f', 1, 64)
}

func coord(x, y float64) string {
	return strconv.FormatFloat(x, 'f', 1, 64) + "," + strconv.FormatFloat(y, 'f', 1, 64)
}

// f1 prints an SVG coordinate with one decimal.
func f1(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }
