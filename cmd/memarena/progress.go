package main

import (
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/mattn/go-isatty"
	"github.com/schollz/progressbar/v3"

	"github.com/memarena/memarena/runner"
)

// progress reports run progress on stderr: a progress bar over probes when
// stderr is a terminal, plain lines (one per finished cell) otherwise.
type progress struct {
	w     io.Writer
	quiet bool
	tty   bool

	mu          sync.Mutex
	bar         *progressbar.ProgressBar
	cells, done int
	failed      int
}

func newProgress(w *os.File, quiet bool) *progress {
	return &progress{w: w, quiet: quiet, tty: isatty.IsTerminal(w.Fd()) || isatty.IsCygwinTerminal(w.Fd())}
}

func (p *progress) Start(cells, probes int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cells = cells
	if p.quiet {
		return
	}
	fmt.Fprintf(p.w, "running %d cells, %d probes\n", cells, probes)
	if p.tty && probes > 0 {
		p.bar = progressbar.NewOptions(probes,
			progressbar.OptionSetWriter(p.w),
			progressbar.OptionSetDescription("probes"),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(100_000_000),
			progressbar.OptionClearOnFinish(),
		)
	}
}

func (p *progress) Probe() {
	if p.bar != nil {
		_ = p.bar.Add(1)
	}
}

func (p *progress) CellDone(c runner.CellSpec, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	if err != nil {
		p.failed++
	}
	if p.quiet {
		return
	}
	status := "done"
	if err != nil {
		status = "FAILED: " + err.Error()
	}
	if p.bar != nil {
		_ = p.bar.Clear()
	}
	fmt.Fprintf(p.w, "[%d/%d] %s × %s (seed %d) %s\n", p.done, p.cells, c.Label, c.Scenario.ID, c.Seed, status)
	if p.bar != nil {
		_ = p.bar.RenderBlank()
	}
}

func (p *progress) finish() {
	if p.bar != nil {
		_ = p.bar.Finish()
	}
}
