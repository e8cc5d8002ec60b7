# memarena — make targets. `make bench` runs the main benchmark, `make test`
# runs the tests; see README.md.

GO      ?= go
CONFIG  ?= configs/default.yaml
BIN     := bin/memarena
# go-sqlite3 needs cgo.
export CGO_ENABLED := 1

.PHONY: all build bench bench-ci test lint ci clean

all: build

build:
	$(GO) build -o $(BIN) ./cmd/memarena

## bench: every strategy on the built-in scenarios (offline backend); report in out/latest/
bench: build
	./$(BIN) run --config $(CONFIG)

## bench-ci: the short CI benchmark
bench-ci: build
	./$(BIN) run --config configs/ci.yaml

## test: all tests with the race detector
test:
	$(GO) test -race ./...

## lint: gofmt and go vet
lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

## ci: what CI runs
ci: lint test bench-ci

clean:
	rm -rf bin out
