package main

import (
	"github.com/memarena/memarena/internal/reader"
	"github.com/memarena/memarena/internal/temporal"
)

// dateResolver is the relative-date resolver handed to the offline reader:
// the shared temporal normalizer, which resolves "yesterday", "last
// Saturday", "two days ago" … against the date of the memory line the
// sentence came from (scenario time, never the wall clock).
func dateResolver() reader.Resolver { return temporal.ResolveDay }
