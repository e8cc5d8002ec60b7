package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/memarena/memarena/internal/backends"
	"github.com/memarena/memarena/internal/judge"
	"github.com/memarena/memarena/internal/results"
	"github.com/memarena/memarena/internal/tokenizer"
	"github.com/memarena/memarena/reports"
	"github.com/memarena/memarena/runner"
)

func newRejudgeCmd() *cobra.Command {
	var (
		configPath, judgeModel, judgePrompt, out string
		onlyFailed, noCache                      bool
		parallel                                 int
	)
	cmd := &cobra.Command{
		Use:   "rejudge RUN_DIR|RESULTS_DB",
		Short: "Re-score a run's saved answers with an LLM judge",
		Long: `Rejudge grades the answers stored in a run's results.db again with an LLM
judge — another judge model, the lenient prompt, or the same judge to retry
probes whose judgment failed, and rows it read under an older verdict
parser (--only-failed) — without re-running any strategy, then re-renders
the reports. The backend comes from the run's own
config, or from --config; --judge-model and --judge-prompt override its
judge. Judgments are written cell by cell; a report refuses to pool rows
graded by different judges, so finish an interrupted rejudge before reading
judge accuracy. Responses are cached like any other request (--no-cache
sends every request).`,
		Example: `  memarena rejudge out/latest --judge-model gpt-4o
  memarena rejudge out/llm-20260301-101500 --config configs/llm.yaml --judge-prompt lenient
  memarena rejudge out/latest --only-failed`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			db := args[0]
			if st, err := os.Stat(db); err == nil && st.IsDir() {
				db = filepath.Join(db, "results.db")
			}
			if _, err := os.Stat(db); err != nil {
				return usageErr(fmt.Errorf("%s: %w", db, err))
			}
			if judgePrompt != "" && judgePrompt != judge.Strict && judgePrompt != judge.Lenient {
				return usageErr(fmt.Errorf("--judge-prompt: %q; want strict or lenient", judgePrompt))
			}
			lock, err := results.LockDir(filepath.Dir(db))
			if err != nil {
				return usageErr(err)
			}
			defer lock.Release()
			store, err := results.Open(db)
			if err != nil {
				return usageErr(err)
			}
			defer store.Close()
			var meta results.RunMeta
			if err := store.GetJSON("run", &meta); err != nil {
				return usageErr(err)
			}
			var bc runner.BackendConfig
			if configPath != "" {
				cfg, err := runner.LoadConfig(configPath)
				if err != nil {
					return usageErr(err)
				}
				bc = cfg.Backend
			} else {
				var cfg runner.Config
				if err := json.Unmarshal(meta.Config, &cfg); err != nil {
					return usageErr(fmt.Errorf("%s: cannot read the run's config (%v); pass --config", db, err))
				}
				bc = cfg.Backend
			}
			opts := judgeBackendOptions(bc.Options, judgeModel, judgePrompt, noCache)
			tok, err := tokenizer.New(meta.Tokenizer)
			if err != nil {
				return err
			}
			be, err := backends.New(bc.Kind, opts, tok, 512)
			if err != nil {
				return usageErr(fmt.Errorf("backend: %w", err))
			}
			if be.Close != nil {
				defer be.Close()
			}
			if be.Judge == nil {
				return usageErr(errors.New("the backend has no LLM judge: rejudge needs backend kind openai with a reachable endpoint (base_url or an API key) and a judge model (model, models.judge or --judge-model); backend: " + be.Description))
			}
			j, err := judge.New(be.Client, *be.Judge)
			if err != nil {
				return usageErr(err)
			}
			if parallel <= 0 {
				parallel = 4
			}
			fmt.Fprintf(os.Stderr, "rejudging with %s\n", j.ID())
			res, err := runner.Rejudge(cmd.Context(), store, j, be.Prices, runner.RejudgeOptions{OnlyFailed: onlyFailed, Parallelism: parallel,
				Progress: func(done, total int) { fmt.Fprintf(os.Stderr, "\r%d/%d rows", done, total) }})
			fmt.Fprintln(os.Stderr)
			if be.Stats != nil {
				if perr := store.PutJSON(reports.MetaBackendStats, be.Stats()); perr != nil && err == nil {
					err = perr
				}
			}
			if err != nil {
				if cmd.Context().Err() != nil {
					return &exitError{exitInterrupted, fmt.Errorf("interrupted: finished cells keep their new judgments; run the same rejudge again to finish (cached answers cost nothing)")}
				}
				return err
			}
			fmt.Fprintf(os.Stderr, "judged %d rows: %d correct, %d incorrect, %d judge_failed; judge tokens %d prompt + %d completion (%d of %d calls from the cache)\n",
				res.Judged, res.Correct, res.Incorrect, res.Failed, res.Usage.PromptTokens, res.Usage.CompletionTokens, res.Usage.CacheHits, res.Usage.Requests)
			data, err := reports.Load(store)
			if err != nil {
				return err
			}
			dir := out
			if dir == "" {
				dir = filepath.Dir(db)
			} else if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			files, err := data.Write(dir)
			if err != nil {
				return err
			}
			for _, f := range files {
				fmt.Println(f)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVarP(&configPath, "config", "c", "", "take the backend from this config instead of the run's own")
	f.StringVar(&judgeModel, "judge-model", "", "judge model (overrides backend.options.models.judge)")
	f.StringVar(&judgePrompt, "judge-prompt", "", "judge prompt variant: strict or lenient (overrides backend.options.judge_prompt)")
	f.BoolVar(&onlyFailed, "only-failed", false, "re-grade only judge_failed rows and rows read by an older verdict parser (needs the judge that graded them)")
	f.BoolVar(&noCache, "no-cache", false, "do not read or write the response cache")
	f.IntVarP(&parallel, "parallel", "p", 4, "rows graded at once (the backend's concurrency limit still applies)")
	f.StringVarP(&out, "out", "o", "", "directory to write the reports to (default: the run directory)")
	return cmd
}

// judgeBackendOptions copies a backend's options for rejudging: the judge
// model and prompt overridden when given, the embedder dropped (rejudging
// embeds nothing), the cache off with noCache.
func judgeBackendOptions(in map[string]any, judgeModel, judgePrompt string, noCache bool) map[string]any {
	opts := make(map[string]any, len(in)+2)
	for k, v := range in {
		opts[k] = v
	}
	models := map[string]any{}
	if m, ok := in["models"].(map[string]any); ok {
		for k, v := range m {
			models[k] = v
		}
	}
	delete(models, "embedder")
	if judgeModel != "" {
		models["judge"] = judgeModel
	}
	if len(models) > 0 {
		opts["models"] = models
	}
	if judgePrompt != "" {
		opts["judge_prompt"] = judgePrompt
	}
	if noCache {
		opts["cache"] = "off"
	}
	return opts
}
