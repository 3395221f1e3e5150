package msg

import (
	"context"
	"testing"
)

// TestPlainSaysIDAndArguments: without a language a message is its id
// and its arguments, so that a log or a test names exactly what the
// rules said.
func TestPlainSaysIDAndArguments(t *testing.T) {
	tests := []struct {
		name string
		m    Msg
		want string
	}{
		{"no arguments", New("cards.none"), "cards.none"},
		{"numbers and text", New("fan.knock.over_value", N("Deadwood", 12), S("Rule", "N4")), "fan.knock.over_value{Deadwood=12 Rule=N4}"},
		{"a message inside", New("a", M("Why", New("b", Words("Count", 3)))), "a{Why=b{Count=3}}"},
		{"a list", New("a", List("Items", []Msg{Text("x"), Value(7)})), "a{Items=[x, 7]}"},
		{"a join", New("a", Join("Sum", " + ", Values([]int{30, 15}))), "a{Sum=30 + 15}"},
		{"text alone", Text("as typed"), "as typed"},
		{"the zero message", Msg{}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.m.String(); got != tc.want {
				t.Errorf("String() = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestArg(t *testing.T) {
	m := New("x", N("Count", 2), S("Name", "Ann"))
	if v, ok := m.Arg("Name"); !ok || v != "Ann" {
		t.Errorf("Arg(Name) = %v, %v", v, ok)
	}
	if _, ok := m.Arg("Missing"); ok {
		t.Errorf("Arg(Missing) reported a value")
	}
	if !(Msg{}).IsZero() || m.IsZero() {
		t.Errorf("IsZero wrong")
	}
}

type fixed string

func (f fixed) Say(Msg) string { return string(f) }

func TestContextCarriesTheSayer(t *testing.T) {
	if From(context.Background()) != Plain {
		t.Errorf("an empty context must say plainly")
	}
	ctx := NewContext(context.Background(), fixed("hallo"))
	if got := From(ctx).Say(New("x")); got != "hallo" {
		t.Errorf("From(ctx) said %q", got)
	}
}
