package reports

import (
	"fmt"
	"strings"
)

// htmlPaired is the paired comparison section of report.html: every
// strategy against the run's reference strategy, probe by probe, as the
// markdown report's "All probes" paired table (pairedOverall).
type htmlPaired struct {
	// Reference is the strategy every other one is compared with.
	Reference string
	// Header and Rows are the table: Δ with its 95% paired interval and
	// the Holm-adjusted verdict per metric; the last row gives n.
	Header []string
	Rows   [][]string
	// Note explains the table, or why there is none.
	Note string
}

// htmlPairedTable fills the paired comparison from the report data model
// (paired.go).
func (d *Data) htmlPairedTable() htmlPaired {
	ref := d.reference()
	found := false
	for _, l := range d.Labels {
		found = found || l == ref
	}
	switch {
	case ref == "":
		return htmlPaired{Note: "No reference strategy: the run has no flat-rag entry and its config sets no reference: label."}
	case !found:
		return htmlPaired{Note: fmt.Sprintf("The reference strategy %q has no finished cell in this run.", ref)}
	}
	cands := d.candidates(ref)
	if len(cands) == 0 {
		return htmlPaired{Reference: ref, Note: "No other strategy to compare."}
	}
	header, rows, nrow, _ := d.pairedOverall(ref, cands)
	p := htmlPaired{Reference: ref, Header: header,
		Note: fmt.Sprintf("Δ = strategy − %s over the probes both have (seeds averaged per probe), with a 95%% paired cluster-bootstrap interval; better / worse when the Holm-adjusted p-value is below 0.05, else tied. report.md gives the method, the McNemar tests and the per-kind tables.", ref)}
	if refRows := d.refRowLabels(); len(refRows) > 0 {
		p.Note += " Reference rows are not compared: " + strings.Join(refRows, ", ") + "."
	}
	for _, r := range append(rows, nrow) {
		out := make([]string, len(r))
		for i, c := range r {
			out[i] = strings.ReplaceAll(c, "**", "")
		}
		p.Rows = append(p.Rows, out)
	}
	return p
}
