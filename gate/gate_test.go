package gate

import (
	"strings"
	"testing"
)

func TestParseBound(t *testing.T) {
	for _, tc := range []struct {
		in   string
		op   string
		v    float64
		hold []float64
		fail []float64
		err  string
	}{
		{">= 0.70", ">=", 0.70, []float64{0.70, 0.9}, []float64{0.69}, ""},
		{"<=0.05", "<=", 0.05, []float64{0.05, 0}, []float64{0.051}, ""},
		{"≥ 1", ">=", 1, []float64{1}, []float64{0.99}, ""},
		{"> 0.5", ">", 0.5, []float64{0.51}, []float64{0.5}, ""},
		{"< 2", "<", 2, []float64{1}, []float64{2}, ""},
		{"== 0", "==", 0, []float64{0}, []float64{0.1}, ""},
		{"about 3", "", 0, nil, nil, "want an operator"},
		{">= x", "", 0, nil, nil, `"x" is not a number`},
	} {
		op, v, err := ParseBound(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseBound(%q) err = %v; want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || op != tc.op || v != tc.v {
			t.Errorf("ParseBound(%q) = %q %v %v; want %q %v", tc.in, op, v, err, tc.op, tc.v)
			continue
		}
		b := Bound{Op: op, Value: v}
		for _, x := range tc.hold {
			if !b.Holds(x) {
				t.Errorf("%q should hold for %v", tc.in, x)
			}
		}
		for _, x := range tc.fail {
			if b.Holds(x) {
				t.Errorf("%q should fail for %v", tc.in, x)
			}
		}
	}
}
