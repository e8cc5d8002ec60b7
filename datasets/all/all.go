// Package all links every dataset importer into the binary. Importing it
// (for side effects) fills the datasets registry: "locomo" (LoCoMo, ACL
// 2024) and "longmemeval" (LongMemEval, ICLR 2025).
package all

import (
	_ "github.com/memarena/memarena/datasets/locomo"
	_ "github.com/memarena/memarena/datasets/longmemeval"
)
