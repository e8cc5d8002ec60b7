// Package all links every dataset importer into the binary. Importing it
// (for side effects) fills the datasets registry: "locomo" (LoCoMo, ACL
// 2024), "longmemeval" (LongMemEval, ICLR 2025) and "synthetic" (the
// seeded generator with gold known by construction).
package all

import (
	_ "github.com/memarena/memarena/datasets/locomo"
	_ "github.com/memarena/memarena/datasets/longmemeval"
	_ "github.com/memarena/memarena/datasets/synthetic"
)
