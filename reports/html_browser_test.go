package reports_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/reports"
	"github.com/memarena/memarena/runner"
	_ "github.com/memarena/memarena/strategies/all"
)

// findChromium returns a Chromium (or Chrome) executable: $MEMARENA_CHROMIUM,
// else the first of the usual names on PATH; "" when there is none.
func findChromium() string {
	if p := os.Getenv("MEMARENA_CHROMIUM"); p != "" {
		return p
	}
	for _, n := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	return ""
}

// explorerRun returns a run directory whose report.html the browser test
// opens: $MEMARENA_EXPLORER_RUN (e.g. out/latest after `make bench`), else a
// small run of the built-in scenarios made here.
func explorerRun(t *testing.T) string {
	if dir := os.Getenv("MEMARENA_EXPLORER_RUN"); dir != "" {
		return dir
	}
	cfg := &runner.Config{Name: "explorer-test", Scenarios: []string{"builtin:coding-assistant", "builtin:travel-planner"}, Output: t.TempDir(), Bootstrap: 200, Parallelism: 2,
		Strategies: []runner.StrategyConfig{{Name: "none"}, {Name: "recency"}, {Name: "oracle"}, {Name: "flat-rag"}}}
	cfg.Defaults()
	if err := cfg.Check(); err != nil {
		t.Fatal(err)
	}
	res, err := runner.Execute(context.Background(), cfg, runner.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return res.Dir
}

// runJS evaluates a script for its effect.
func runJS(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Evaluate[any](expr)(ctx, t)
		return err
	})
}

// TestExplorerInChromium opens report.html in headless Chromium through the
// DevTools protocol and checks the leaderboard, the probe filters, the
// context view with highlighted evidence, the session dialog, the width
// at 1280 px and the console. Screenshots go to $MEMARENA_SCREENSHOTS when
// set.
func TestExplorerInChromium(t *testing.T) {
	chrome := findChromium()
	if chrome == "" {
		t.Skip("no Chromium found: install the Debian package chromium (apt-get install chromium) or set MEMARENA_CHROMIUM to a Chromium/Chrome executable")
	}
	if testing.Short() {
		t.Skip("-short: the browser test starts Chromium")
	}
	dir := explorerRun(t)
	page := filepath.Join(dir, reports.FileHTML)
	st, err := os.Stat(page)
	if err != nil {
		t.Fatal(err)
	}
	// What the page must show, from the results store.
	store, err := results.OpenReadOnly(filepath.Join(dir, "results.db"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := reports.Load(store)
	store.Close()
	if err != nil {
		t.Fatal(err)
	}
	strategy := "oracle"
	stratIdx := -1
	for i, l := range data.Labels {
		if l == strategy {
			stratIdx = i
		}
	}
	if stratIdx < 0 {
		t.Fatalf("run %s has no %s strategy", dir, strategy)
	}
	kindCount := map[string]map[[2]string]bool{}
	for _, c := range data.Cells {
		if c.Label != strategy {
			continue
		}
		for _, r := range data.Rows[c.Key] {
			if r.IsTask {
				continue
			}
			if kindCount[r.Kind] == nil {
				kindCount[r.Kind] = map[[2]string]bool{}
			}
			kindCount[r.Kind][[2]string{c.Scenario, r.ProbeID}] = true
		}
	}
	kind := "single-hop"
	if len(kindCount[kind]) == 0 {
		t.Fatalf("run %s has no %s probes for %s", dir, kind, strategy)
	}
	want := len(kindCount[kind])

	alloc, cancel := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chrome), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 900))
	defer cancel()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	var mu sync.Mutex
	var problems []string
	if err := chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeAssert {
				var parts []string
				for _, a := range e.Args {
					parts = append(parts, string(a.Value)+a.Description)
				}
				problems = append(problems, "console."+string(e.Type)+": "+strings.Join(parts, " "))
			}
		case *runtime.EventExceptionThrown:
			problems = append(problems, "exception: "+e.ExceptionDetails.Text+" "+fmt.Sprint(e.ExceptionDetails.Exception))
		case *log.EventEntryAdded:
			if e.Entry.Level == log.EntryLevelError {
				problems = append(problems, "log: "+e.Entry.Text)
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate("file://"+page),
		chromedp.WaitReady(chromedp.CSS(`body[data-ready="1"]`))); err != nil {
		t.Fatal(err)
	}
	load := time.Since(start)
	t.Logf("report.html: %d bytes, loaded (navigation to explorer ready) in %v", st.Size(), load.Round(time.Millisecond))

	eval := func(js string, out any) {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[any](js))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		switch o := out.(type) {
		case *float64:
			*o, _ = v.(float64)
		case *string:
			*o, _ = v.(string)
		case *bool:
			*o, _ = v.(bool)
		}
	}
	shot := func(name string) {
		out := os.Getenv("MEMARENA_SCREENSHOTS")
		if out == "" {
			return
		}
		b, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// The leaderboard has one row per strategy, in run order.
	var rows string
	eval(`Array.from(document.querySelectorAll('#board tbody tr')).map(r => r.dataset.label).join('|')`, &rows)
	if rows != strings.Join(data.Labels, "|") {
		t.Errorf("leaderboard rows = %q, want %q", rows, strings.Join(data.Labels, "|"))
	}
	// No horizontal scroll at 1280 px.
	var sw, cw float64
	eval(`document.documentElement.scrollWidth`, &sw)
	eval(`document.documentElement.clientWidth`, &cw)
	if sw > cw {
		t.Errorf("page is %v px wide in a %v px viewport: horizontal scroll", sw, cw)
	}
	shot("explorer-top.png")

	// Filter to one strategy and one kind, with the keyboard.
	if err := chromedp.Do(ctx,
		chromedp.Focus(chromedp.ID("f-strategy")), chromedp.SetValue(chromedp.ID("f-strategy"), fmt.Sprint(stratIdx)),
		runJS(`document.getElementById('f-strategy').dispatchEvent(new Event('change'))`),
		chromedp.SetValue(chromedp.ID("f-kind"), kind),
		runJS(`document.getElementById('f-kind').dispatchEvent(new Event('change'))`),
	); err != nil {
		t.Fatal(err)
	}
	var n string
	eval(`document.getElementById('count').dataset.n`, &n)
	if n != fmt.Sprint(want) {
		t.Errorf("%s × %s shows %s probes, want %d", strategy, kind, n, want)
	}
	var listed float64
	eval(`document.querySelectorAll('#probe-list button.probe').length`, &listed)
	if int(listed) != min(want, 50) {
		t.Errorf("list shows %v probes, want %d", listed, min(want, 50))
	}

	// Open the first probe with the keyboard; the oracle's context shows the
	// gold evidence turns highlighted.
	start = time.Now()
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(`#probe-list button.probe`)), chromedp.KeyEvent("\r"),
		chromedp.WaitReady(chromedp.CSS(`#probe-view .card[data-strategy="oracle"] .context mark.ev`))); err != nil {
		t.Fatal(err)
	}
	t.Logf("first probe opened (its scenario's contexts decoded) in %v", time.Since(start).Round(time.Millisecond))
	var cards, marks float64
	eval(`document.querySelectorAll('#probe-view .card').length`, &cards)
	if int(cards) != len(data.Labels) {
		t.Errorf("probe view shows %v strategies side by side, want %d", cards, len(data.Labels))
	}
	eval(`document.querySelectorAll('#probe-view .card[data-strategy="oracle"] .context mark.ev').length`, &marks)
	if marks < 1 {
		t.Errorf("no highlighted evidence in the oracle's context")
	}
	eval(`document.documentElement.scrollWidth`, &sw)
	if sw > cw {
		t.Errorf("probe view is %v px wide in a %v px viewport", sw, cw)
	}
	shot("explorer-probe.png")

	// A turn id opens the turn in its session.
	var turn string
	eval(`document.querySelector('#probe-view .probe-head button.turn').dataset.turn`, &turn)
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(`#probe-view .probe-head button.turn`)), chromedp.KeyEvent("\r"),
		chromedp.WaitVisible(chromedp.CSS(`#turn-dialog li.current`))); err != nil {
		t.Fatal(err)
	}
	var cur string
	eval(`document.querySelector('#turn-dialog li.current').dataset.turn`, &cur)
	if cur != turn {
		t.Errorf("session dialog shows turn %q, want %q", cur, turn)
	}
	shot("explorer-session.png")
	if err := chromedp.Do(ctx, chromedp.KeyEvent("\x1b")); err != nil { // Escape closes it
		t.Fatal(err)
	}
	var open bool
	eval(`document.getElementById('turn-dialog').open`, &open)
	if open {
		t.Errorf("Escape did not close the session dialog")
	}

	mu.Lock()
	defer mu.Unlock()
	for _, p := range problems {
		t.Errorf("browser console: %s", p)
	}
}
