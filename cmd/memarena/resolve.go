package main

import "github.com/memarena/memarena/internal/reader"

// dateResolver is the relative-date resolver handed to the offline reader
// (nil until a temporal normalizer is linked in).
func dateResolver() reader.Resolver { return nil }
