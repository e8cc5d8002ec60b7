package reports

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/memarena/memarena/internal/judge"
	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/metrics"
)

// MetaBackendStats is the results meta key holding the backend's request
// counts of the last invocation (map name → count; not deterministic).
const MetaBackendStats = "backend_stats"

// judges lists the distinct judge IDs of the rows, sorted.
func (d *Data) judges() []string {
	seen := map[string]bool{}
	for _, rows := range d.Rows {
		for _, r := range rows {
			if r.JudgeBy != "" {
				seen[r.JudgeBy] = true
			}
		}
	}
	return sortedKeys(seen)
}

// applyJudgePolicy refuses to pool rows judged by different judges: when
// the rows carry more than one judge ID it records them in MixedJudges and
// makes every row's judge accuracy unavailable, so no table, summary or
// chart aggregates it (row verdicts and judge IDs stay in probes.csv).
func (d *Data) applyJudgePolicy() {
	js := d.judges()
	if len(js) < 2 {
		return
	}
	d.MixedJudges = js
	for k, rows := range d.Rows {
		for i := range rows {
			rows[i].JudgeCorrect = metrics.NA
		}
		d.Rows[k] = rows
	}
}

// modelHeader prints the models, prices, judge and prompt versions under
// the backend line.
func (d *Data) modelHeader(w io.Writer) {
	m := d.Meta
	if len(m.Models) > 0 {
		var parts []string
		for _, role := range []string{"extractor", "reader", "judge", "embedder"} {
			if name, ok := m.Models[role]; ok {
				parts = append(parts, fmt.Sprintf("%s `%s`", role, name))
			}
		}
		fmt.Fprintf(w, "- Models: %s\n", strings.Join(parts, " · "))
	}
	if len(m.Prices) > 0 {
		var parts []string
		for _, name := range sortedKeys(m.Prices) {
			p := m.Prices[name]
			parts = append(parts, fmt.Sprintf("`%s` $%g / $%g", name, p.Prompt, p.Completion))
		}
		fmt.Fprintf(w, "- Prices (USD per 1M prompt / completion tokens): %s\n", strings.Join(parts, " · "))
	}
	switch js := d.judges(); {
	case len(d.MixedJudges) > 1:
		fmt.Fprintf(w, "- Judge: **mixed — rows were judged by %d different judges** (%s); judge accuracy is not aggregated. Re-score every row with one judge: `memarena rejudge <run dir>`.\n",
			len(d.MixedJudges), "`"+strings.Join(d.MixedJudges, "`, `")+"`")
	case len(js) == 1:
		fmt.Fprintf(w, "- Judge: `%s` (model, judge prompt version, variant, verdict parser version); judge tokens are harness overhead, reported apart from strategy cost.\n", js[0])
	case m.Judge != "":
		fmt.Fprintf(w, "- Judge: `%s` (no row judged yet)\n", m.Judge)
	}
	if len(m.PromptVersions) > 0 && !m.Offline {
		var parts []string
		for _, k := range sortedKeys(m.PromptVersions) {
			parts = append(parts, k+"@"+m.PromptVersions[k])
		}
		fmt.Fprintf(w, "- Prompt templates: %s\n", strings.Join(parts, " · "))
	}
}

// llmTotals are a strategy's priced token counts.
type llmTotals struct {
	probes                                 int
	writeP, writeC, readP, readC           int
	answerP, answerC                       int
	judged, correct, incorrect, failed     int
	judgeP, judgeC                         int
	writeUSD, readUSD, answerUSD, judgeUSD float64
	writeOK, readOK, answerOK, judgeOK     bool
}

func (d *Data) llmTotalsOf(label string) llmTotals {
	var t llmTotals
	for _, cell := range d.Cells {
		if cell.Label != label {
			continue
		}
		t.writeP += cell.WritePromptTokens
		t.writeC += cell.WriteCompletionTokens
		for _, r := range d.Rows[cell.Key] {
			if !r.IsTask {
				t.probes++
			}
			t.readP += r.ReadModelTokens - r.ReadModelCompletion
			t.readC += r.ReadModelCompletion
			t.answerP += r.AnswerPromptTokens
			t.answerC += r.AnswerCompletion
			t.judgeP += r.JudgePromptTokens
			t.judgeC += r.JudgeCompletion
			switch r.Judge {
			case judge.Correct:
				t.judged++
				t.correct++
			case judge.Incorrect:
				t.judged++
				t.incorrect++
			case judge.Failed:
				t.judged++
				t.failed++
			}
		}
	}
	price := func(role string, p, c int) (float64, bool) {
		name, ok := d.Meta.Models[role]
		if !ok {
			return 0, false
		}
		return d.Meta.Prices.Cost(name, p, c)
	}
	t.writeUSD, t.writeOK = price("extractor", t.writeP, t.writeC)
	t.readUSD, t.readOK = price("extractor", t.readP, t.readC)
	t.answerUSD, t.answerOK = price("reader", t.answerP, t.answerC)
	t.judgeUSD, t.judgeOK = price("judge", t.judgeP, t.judgeC)
	return t
}

func fmtUSD(x float64, ok bool) string {
	if !ok {
		return "n/a"
	}
	if x != 0 && x < 0.01 {
		return fmt.Sprintf("$%.6f", x)
	}
	return fmt.Sprintf("$%.4f", x)
}

// llmSections prints the dollar cost of each strategy (when a model served
// the strategies: not for an offline run judged afterwards) and the LLM judge's verdicts and overhead (when rows were
// judged).
func (d *Data) llmSections(w io.Writer) {
	if d.Meta.Models["extractor"] != "" || d.Meta.Models["reader"] != "" {
		d.dollarSection(w)
	}
	if len(d.judges()) > 0 {
		d.judgeSection(w)
	}
}

func (d *Data) dollarSection(w io.Writer) {
	fmt.Fprintln(w, "## Model tokens and dollar cost")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Tokens as the endpoint counted them (API usage fields; the run's tokenizer where a server sent none). Write and read-model calls are priced at the extractor's price, the reader call at the reader's; the context is part of the reader's prompt, so it is not priced twice. Strategy cost = write + read-model + answer. Judge tokens are harness overhead and are not included (see the judge section).")
	fmt.Fprintln(w)
	header := []string{"strategy", "write prompt tok", "write completion tok", "read-model tok", "answer prompt tok", "answer completion tok", "write $", "read-model $", "answer $", "strategy $", "$/probe"}
	var rows [][]string
	missing := map[string]bool{}
	for _, l := range d.Labels {
		t := d.llmTotalsOf(l)
		total := t.writeUSD + t.readUSD + t.answerUSD
		// A zero-token part needs no price.
		okW := t.writeOK || t.writeP+t.writeC == 0
		okR := t.readOK || t.readP+t.readC == 0
		okA := t.answerOK || t.answerP+t.answerC == 0
		ok := okW && okR && okA
		if !okW || !okR {
			missing[d.Meta.Models["extractor"]] = true
		}
		if !okA {
			missing[d.Meta.Models["reader"]] = true
		}
		per := "n/a"
		if ok && t.probes > 0 {
			per = fmtUSD(total/float64(t.probes), true)
		}
		row := []string{d.display(l), fmt.Sprint(t.writeP), fmt.Sprint(t.writeC), fmt.Sprint(t.readP + t.readC), fmt.Sprint(t.answerP), fmt.Sprint(t.answerC),
			fmtUSD(t.writeUSD, okW), fmtUSD(t.readUSD, okR), fmtUSD(t.answerUSD, okA), fmtUSD(total, ok), per}
		if !d.costsOf(l).usageKnown() {
			for _, i := range []int{1, 2, 3, 6, 7, 9, 10} {
				row[i] = NotReported
			}
		}
		rows = append(rows, row)
	}
	table(w, header, rows)
	delete(missing, "")
	if len(missing) > 0 {
		fmt.Fprintf(w, "No price configured for %s (backend.options.prices): dollars are n/a.\n\n", "`"+strings.Join(sortedKeys(missing), "`, `")+"`")
	}
}

func (d *Data) judgeSection(w io.Writer) {
	fmt.Fprintln(w, "## LLM judge (harness overhead)")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Verdicts of the LLM judge on every probe with a gold answer or an abstention gold. judge_failed means no readable verdict came back after the repair request and the retries; those probes are neither correct nor incorrect and are left out of judge accuracy. Judge tokens are not part of any strategy's cost.")
	fmt.Fprintln(w)
	header := []string{"strategy", "judged", "correct", "incorrect", "judge_failed", "judge acc", "judge prompt tok", "judge completion tok", "judge $"}
	var rows [][]string
	unpriced := false
	for _, l := range d.Labels {
		t := d.llmTotalsOf(l)
		unpriced = unpriced || (!t.judgeOK && t.judgeP+t.judgeC > 0)
		acc := "n/a"
		if len(d.MixedJudges) > 1 {
			acc = "not pooled (mixed judges)"
		} else if n := t.correct + t.incorrect; n > 0 {
			acc = fmt.Sprintf("%.3f", float64(t.correct)/float64(n))
		}
		rows = append(rows, []string{d.display(l), fmt.Sprint(t.judged), fmt.Sprint(t.correct), fmt.Sprint(t.incorrect), fmt.Sprint(t.failed), acc,
			fmt.Sprint(t.judgeP), fmt.Sprint(t.judgeC), fmtUSD(t.judgeUSD, t.judgeOK || t.judgeP+t.judgeC == 0)})
	}
	table(w, header, rows)
	if unpriced {
		fmt.Fprintf(w, "No price configured for judge `%s` (backend.options.prices): judge dollars are n/a.\n\n", d.Meta.Models["judge"])
	}
}

// backendStatsLines prints the backend's request counts of the last
// invocation (inside the timing block: they depend on the cache's state).
func (d *Data) backendStatsLines(w io.Writer) {
	if len(d.BackendStats) == 0 {
		return
	}
	names := make([]string, 0, len(d.BackendStats))
	for k := range d.BackendStats {
		names = append(names, k)
	}
	sort.Strings(names)
	var parts []string
	for _, k := range names {
		parts = append(parts, fmt.Sprintf("%s %d", strings.ReplaceAll(k, "_", " "), d.BackendStats[k]))
	}
	fmt.Fprintf(w, "Backend requests in the last invocation (a rerun served from the response cache shows 0 HTTP requests): %s.\n\n", strings.Join(parts, " · "))
}

// loadLLM reads the optional backend stats.
func (d *Data) loadLLM(store *results.Store) {
	var st map[string]int64
	if err := store.GetJSON(MetaBackendStats, &st); err == nil {
		d.BackendStats = st
	}
	d.applyJudgePolicy()
}
