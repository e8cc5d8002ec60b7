# memarena — make targets. `make bench` runs the main benchmark, `make test`
# runs the tests; see README.md.

GO      ?= go
CONFIG  ?= configs/default.yaml
LLM_CONFIG ?= configs/llm.yaml
BIN     := bin/memarena
# go-sqlite3 needs cgo.
export CGO_ENABLED := 1

.PHONY: all build bench bench-ci bench-llm test lint fuzz ci clean bench-locomo bench-longmemeval bench-datasets-ci check-deploy baseline bench-external conformance bench-scale

all: build

# The commit the binary is built from, and whether tracked files had
# changes: linked into the binary (runner.BuildCommit, runner.BuildDirty)
# so that every run records the source that produced it, whatever
# directory it runs in. Empty outside a git checkout.
GIT_COMMIT := $(shell git rev-parse HEAD 2>/dev/null)
GIT_DIRTY  := $(shell git status --porcelain --untracked-files=no 2>/dev/null | grep -q . && echo true)
LDFLAGS    := -X github.com/memarena/memarena/runner.BuildCommit=$(GIT_COMMIT) -X github.com/memarena/memarena/runner.BuildDirty=$(GIT_DIRTY)

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/memarena

## bench: every strategy on the built-in scenarios (offline backend); report in out/latest/
bench: build
	./$(BIN) run --config $(CONFIG)

## bench-ci: the short CI benchmark, gated against testdata/baseline/ci.db
## (exit 4 when a threshold of configs/ci.yaml fails)
BASELINE ?= testdata/baseline/ci.db
bench-ci: build
	./$(BIN) run --config configs/ci.yaml $(if $(wildcard $(BASELINE)),--baseline $(BASELINE))

## baseline: regenerate the CI baseline after a deliberate change of numbers
baseline: build
	rm -rf out/baseline && ./$(BIN) run --config configs/ci.yaml --out out/baseline --quiet
	mkdir -p $(dir $(BASELINE)) && cp out/baseline/latest/results.db $(BASELINE)

## bench-external: an external memory — the Python BM25 reference adapter
## (examples/external/bm25_memory.py, needs python3) speaking the external
## protocol (docs/protocol.md) — beside flat-rag and the baselines on the
## built-in scenarios (configs/external.yaml)
bench-external: build
	./$(BIN) run --config configs/external.yaml

## conformance: the external protocol's conformance suite against the Python
## reference adapter; `./bin/memarena conformance -- COMMAND…` checks yours
conformance: build
	./$(BIN) conformance -- python3 examples/external/bm25_memory.py

## bench-locomo: every strategy on LoCoMo, offline backend:
##   make bench-locomo DATA=path/to/locomo10.json [LIMIT=N conversations]
bench-locomo: build
	@test -n "$(DATA)" || { echo "usage: make bench-locomo DATA=path/to/locomo10.json [LIMIT=N]" >&2; exit 2; }
	./$(BIN) run --config configs/locomo.yaml --data $(DATA) $(if $(LIMIT),--limit $(LIMIT)) $(if $(SAMPLE),--sample $(SAMPLE))

## bench-longmemeval: every strategy on a stratified 100-question LongMemEval
## sample, offline backend (SAMPLE=0: every question):
##   make bench-longmemeval DATA=path/to/longmemeval_s_cleaned.json.gz [SAMPLE=N] [LIMIT=N]
bench-longmemeval: build
	@test -n "$(DATA)" || { echo "usage: make bench-longmemeval DATA=path/to/longmemeval_s.json[.gz] [SAMPLE=N]" >&2; exit 2; }
	./$(BIN) run --config configs/longmemeval.yaml --data $(DATA) $(if $(SAMPLE),--sample $(SAMPLE)) $(if $(LIMIT),--limit $(LIMIT))

## bench-scale: every strategy on synthetic scenarios of 1k, 4k, 16k and 64k
## turns, one process per cell; growth exponents, latency, footprint and R@k
## in out/scale-<time>/scale.md and scale.svg:
##   make bench-scale [MAX=100000 (adds 100k)] [CAP=10m per cell] [STRATEGIES=a,b]
bench-scale: build
	./$(BIN) scale --config configs/scale.yaml $(if $(MAX),--max $(MAX)) $(if $(CAP),--cap $(CAP)) $(if $(STRATEGIES),--strategies $(STRATEGIES))

## bench-datasets-ci: CI slices of the public datasets in ../shared/datasets
## (2 LoCoMo conversations, 20 LongMemEval oracle questions); skipped with a
## note when the files are not there
bench-datasets-ci: build
	@if [ -f ../shared/datasets/locomo/locomo10.json ] && [ -f ../shared/datasets/longmemeval/longmemeval_oracle.json.gz ]; then \
	  ./$(BIN) run --config configs/ci-datasets.yaml; \
	else echo "bench-datasets-ci: skipped (no ../shared/datasets/locomo/locomo10.json or longmemeval_oracle.json.gz)"; fi

## bench-llm: the benchmark with a real model (configs/llm.yaml) on an
## OpenAI-compatible endpoint: set OPENAI_API_KEY, or base_url in the config
## for a local server. Without either it runs offline and the report says so.
## Responses are cached (.memarena/cache.db): a rerun makes no requests.
bench-llm: build
	./$(BIN) run --config $(LLM_CONFIG)

## test: all tests with the race detector
test:
	$(GO) test -race ./...

## lint: gofmt and go vet
lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

## fuzz: each input reader's fuzz target for FUZZTIME (default 5000
## executions), one at a time: the scenario parser and the LoCoMo and
## LongMemEval importers. A count, not a duration: with a duration, Go
## before 1.27 can fail a target with a bare "context deadline exceeded"
## when a worker is still busy at the deadline (go.dev/issue/75804), and on
## two loaded cores its workers ran as few as 14 executions in 10 s.
FUZZTIME ?= 5000x
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./scenarios/
	$(GO) test -run '^$$' -fuzz '^FuzzImport$$' -fuzztime $(FUZZTIME) ./datasets/locomo/
	$(GO) test -run '^$$' -fuzz '^FuzzImport$$' -fuzztime $(FUZZTIME) ./datasets/longmemeval/

## check-deploy: actionlint on the GitHub workflow; the Kubernetes manifests
## decoded strictly into the Kubernetes API types (deploy/k8s/schemacheck)
check-deploy:
	$(GO) run github.com/rhysd/actionlint/cmd/actionlint@v1.7.12 .github/workflows/bench.yml
	cd deploy/k8s/schemacheck && $(GO) test -count=1 ./...

## ci: what CI runs
ci: lint test fuzz bench-ci bench-datasets-ci conformance bench-external check-deploy

clean:
	rm -rf bin out
