package runner

import (
	"encoding/json"
	"fmt"
	"io"
	"sync"
)

// ReaderCase is one reading the offline reader was asked to do in a run:
// the question, the context a strategy retrieved for it, and the probe's
// gold. A run writes them as JSON lines when Options.ReaderCases is set;
// they are the input of the reader's calibration (internal/reader,
// calibrate_test.go), which re-reads every case without replaying the
// strategies.
type ReaderCase struct {
	// Strategy is the strategy's label in the run.
	Strategy string `json:"strategy"`
	Scenario string `json:"scenario"`
	Probe    string `json:"probe"`
	// Kind is the probe kind (scenarios.Kind*: "abstention" for a question
	// the conversation does not answer).
	Kind string `json:"kind"`
	// Category is the dataset's own question category ("" for built-ins).
	Category string `json:"category,omitempty"`
	Question string `json:"question"`
	// AskedAt is when the question is asked ("2006-01-02 15:04", UTC).
	AskedAt string   `json:"asked_at"`
	Context string   `json:"context"`
	Gold    []string `json:"gold"`
}

// caseWriter writes ReaderCases as JSON lines; safe for concurrent cells.
type caseWriter struct {
	mu  sync.Mutex
	enc *json.Encoder
	err error
}

func newCaseWriter(w io.Writer) *caseWriter {
	return &caseWriter{enc: json.NewEncoder(w)}
}

// write appends one case; the first error is kept and returned by every
// later call.
func (w *caseWriter) write(c ReaderCase) error {
	if w == nil {
		return nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err == nil {
		if err := w.enc.Encode(c); err != nil {
			w.err = fmt.Errorf("reader cases: %w", err)
		}
	}
	return w.err
}
