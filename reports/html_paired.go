package reports

// htmlPaired is the paired comparison section of report.html: per strategy
// and metric, the paired difference against the run's reference strategy
// over the same probes. It is kept apart from the rest of the page so the
// paired statistics of the report data model plug in here alone.
type htmlPaired struct {
	// Reference is the strategy every other one is compared with.
	Reference string
	// Header and Rows are the table (strategy, metric, difference, CI,
	// test, p-values …) as the paired statistics define it.
	Header []string
	Rows   [][]string
	// Note explains the table, or why there is none.
	Note string
}

// pairedSection fills the paired comparison from the report data model.
// The data model has no paired statistics yet, so the section says so; the
// leaderboard's CIs are per strategy, not paired.
func (d *Data) pairedSection() htmlPaired {
	return htmlPaired{Note: "This report's data has no paired statistics: compare strategies with the leaderboard's per-strategy 95% CIs, which are not a paired test."}
}
