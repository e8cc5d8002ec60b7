package runner

import (
	"strings"
	"testing"

	"github.com/memarena/memarena/scenarios"
)

// TestScheduleByScenario: cells run scenario by scenario in plan order,
// the plan's strategy order kept within each scenario.
func TestScheduleByScenario(t *testing.T) {
	a, b, c := &scenarios.Scenario{ID: "a"}, &scenarios.Scenario{ID: "b"}, &scenarios.Scenario{ID: "c"}
	var cells []CellSpec
	for _, st := range []string{"x", "y", "z"} {
		for _, s := range []*scenarios.Scenario{b, a, c} {
			cells = append(cells, CellSpec{Key: st + "|" + s.ID, Scenario: s})
		}
	}
	scheduleByScenario(cells)
	var keys []string
	for _, c := range cells {
		keys = append(keys, c.Key)
	}
	want := "x|b y|b z|b x|a y|a z|a x|c y|c z|c"
	if got := strings.Join(keys, " "); got != want {
		t.Fatalf("order %s; want %s", got, want)
	}
}
