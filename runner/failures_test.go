package runner

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/memarena/memarena/internal/backends"
	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/internal/tokenizer"
)

// failKinds answers like the offline backend except for the request kinds
// in fail, which fail for good (as a real backend does after its retries).
type failKinds struct {
	model.Client
	fail map[model.Kind]bool
}

func (c failKinds) Complete(ctx context.Context, req model.Request) (model.Response, error) {
	if c.fail[req.Kind] {
		return model.Response{Usage: model.Usage{PromptTokens: 10, Requests: 1}}, &model.FailedError{Kind: req.Kind, Cause: errors.New("scripted failure")}
	}
	return c.Client.Complete(ctx, req)
}

// failingBackend is the offline backend with the given kinds failing.
func failingBackend(name string, kinds ...model.Kind) {
	backends.Register(name, func(opts map[string]any, tok *tokenizer.Tokenizer, dim int) (*backends.Backend, error) {
		b, err := backends.New("offline", nil, tok, dim)
		if err != nil {
			return nil, err
		}
		fail := map[model.Kind]bool{}
		for _, k := range kinds {
			fail[k] = true
		}
		b.Client = failKinds{Client: b.Client, fail: fail}
		return b, nil
	})
}

func init() {
	failingBackend("test-fail-none")
	failingBackend("test-fail-query-intent", model.KindQueryIntent)
	failingBackend("test-fail-tag-intents", model.KindTagIntents)
}

// TestReadModelFailuresCountedPerStrategy: a model call inside Retrieve
// that fails for good (prism's query intent) is counted per cell as a
// read-model failure, apart from write-side extraction failures, and
// reported per strategy.
func TestReadModelFailuresCountedPerStrategy(t *testing.T) {
	// testdata/minimal.yaml: 2 task checks + 6 probes = 8 retrievals, 5 turns.
	// The cost table's columns 5 and 6 are extraction and read-model failures.
	cases := []struct {
		backend          string
		extraction, read int
	}{
		{"test-fail-none", 0, 0},
		// Every retrieval but the first task check, asked of an empty memory.
		{"test-fail-query-intent", 0, 7},
		{"test-fail-tag-intents", 5, 0},
	}
	for _, tc := range cases {
		t.Run(tc.backend, func(t *testing.T) {
			cfg := testConfig(t, StrategyConfig{Name: "prism"}, StrategyConfig{Name: "none"})
			cfg.Backend.Kind = tc.backend
			res, store := executeStore(t, cfg)
			cells, _ := store.Cells()
			for _, c := range cells {
				wantE, wantR := tc.extraction, tc.read
				if c.Label == "none" {
					wantE, wantR = 0, 0
				}
				if c.ExtractionFailures != wantE || c.ReadModelFailures != wantR {
					t.Errorf("%s: extraction failures %d, read-model failures %d; want %d, %d", c.Key, c.ExtractionFailures, c.ReadModelFailures, wantE, wantR)
				}
			}
			md, err := os.ReadFile(res.Files[0])
			if err != nil {
				t.Fatal(err)
			}
			_, costs, _ := strings.Cut(string(md), "## Token cost and footprint")
			var cols []string
			for _, l := range strings.Split(costs, "\n") {
				if strings.HasPrefix(l, "| prism ") {
					for _, c := range strings.Split(l, "|") {
						cols = append(cols, strings.TrimSpace(c))
					}
					break
				}
			}
			if len(cols) < 8 || cols[6] != fmt.Sprint(tc.extraction) || cols[7] != fmt.Sprint(tc.read) {
				t.Errorf("cost row %q: want extraction failures %d, read-model failures %d", cols, tc.extraction, tc.read)
			}
		})
	}
}
