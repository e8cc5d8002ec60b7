package reports

import (
	"fmt"
	"io"

	"github.com/memarena/memarena/internal/offline"
	"github.com/memarena/memarena/internal/results"
)

// MetaExtractionQuality is the results meta key holding the offline
// model's extraction quality on the run's gold (offline.Quality), written
// by the runner for offline runs.
const MetaExtractionQuality = "extraction_quality"

// loadExtraction reads the optional extraction quality.
func (d *Data) loadExtraction(store *results.Store) {
	var q offline.Quality
	if err := store.GetJSON(MetaExtractionQuality, &q); err == nil {
		d.Extraction = &q
	}
}

// extractionHeader writes the header line with the headline figures.
func (d *Data) extractionHeader(w io.Writer) {
	if d.Extraction != nil {
		fmt.Fprintf(w, "- Offline extraction quality (the offline model against the run's gold, %d turns): %s\n", d.Extraction.Turns, d.Extraction.Headline())
	}
}

// extractionSection writes the section on the offline model's extraction
// quality.
func (d *Data) extractionSection(w io.Writer) {
	if d.Extraction == nil {
		return
	}
	fmt.Fprintln(w, "## Offline extraction quality")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Every structured strategy reads the same offline model (internal/offline); this is what that model's extraction is worth on the gold the scenarios carry. Triplets match on relation, subject and object (at least half of each gold phrase's content stems; a gold \"user\" is the speaker's name); thoughts on type and content; intents on goal/subtask/action tags; paths on the step kind. An observation (a LoCoMo free-text fact) is captured when one triplet extracted from its evidence turn holds at least half of its content stems.")
	fmt.Fprintln(w)
	ExtractionTable(w, *d.Extraction)
}

// ExtractionTable writes q as a markdown table.
func ExtractionTable(w io.Writer, q offline.Quality) {
	rows := q.Rows()
	if len(rows) == 0 {
		fmt.Fprintln(w, "No gold to measure against.")
		fmt.Fprintln(w)
		return
	}
	table(w, offline.RowHeader, rows)
}
