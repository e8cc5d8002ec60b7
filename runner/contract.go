package runner

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sync"

	"github.com/memarena/memarena/strategies"
)

// cellLog is a cell's log file, <run>/logs/<cell>.log, created on the first
// write (most cells never write one). It is safe for concurrent use: a
// process's stderr is copied in from another goroutine.
type cellLog struct {
	path string
	mu   sync.Mutex
	f    *os.File
	err  error
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// newCellLog returns the log of cell key under dir, or nil when dir is "".
func newCellLog(dir, key string) *cellLog {
	if dir == "" {
		return nil
	}
	return &cellLog{path: filepath.Join(dir, unsafeName.ReplaceAllString(key, "_")+".log")}
}

func (l *cellLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.f == nil && l.err == nil {
		if l.err = os.MkdirAll(filepath.Dir(l.path), 0o755); l.err == nil {
			l.f, l.err = os.Create(l.path)
		}
	}
	if l.err != nil {
		return 0, l.err
	}
	return l.f.Write(p)
}

// Path is the file, or "" when nothing was written.
func (l *cellLog) Path() string {
	if l == nil {
		return ""
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.f == nil {
		return ""
	}
	return l.path
}

func (l *cellLog) Close() error {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.f == nil {
		return nil
	}
	return l.f.Close()
}

// writer is the log as an io.Writer for the strategy (nil when there is no
// log, so a nil *cellLog never hides in an interface).
func (l *cellLog) writer() io.Writer {
	if l == nil {
		return nil
	}
	return l
}

func (l *cellLog) printf(format string, a ...any) {
	if l != nil {
		fmt.Fprintf(l, "memarena: "+format+"\n", a...)
	}
}

// checkProvenance removes from r's items every turn id that was not
// ingested in this cell before the query (a fabricated or future id must
// not earn retrieval credit), logs each one and returns how many there
// were. It holds every strategy to the provenance contract; only an
// external memory is expected ever to break it.
func checkProvenance(r *strategies.Recall, seen map[string]bool, queryID string, log *cellLog) int {
	bad := 0
	for i := range r.Items {
		ids := r.Items[i].TurnIDs
		kept := ids[:0:0]
		for _, id := range ids {
			if seen[id] {
				kept = append(kept, id)
				continue
			}
			bad++
			log.printf("provenance: query %s: item %d names turn %q, which was not ingested in this cell before the query; the id is dropped", queryID, i, id)
		}
		if len(kept) != len(ids) {
			r.Items[i].TurnIDs = kept
		}
	}
	return bad
}

// withLog points a failed cell's error at its log, when one was written.
func withLog(err error, log *cellLog) error {
	if err == nil || log.Path() == "" {
		return err
	}
	return fmt.Errorf("%w (cell log: %s)", err, log.Path())
}
