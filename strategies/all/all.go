// Package all links every built-in strategy into the binary. Importing it
// (for side effects) fills the strategies registry.
package all

import (
	_ "github.com/memarena/memarena/strategies/external"
	_ "github.com/memarena/memarena/strategies/flatrag"
	_ "github.com/memarena/memarena/strategies/fullcontext"
	_ "github.com/memarena/memarena/strategies/gaama"
	_ "github.com/memarena/memarena/strategies/hierpath"
	_ "github.com/memarena/memarena/strategies/none"
	_ "github.com/memarena/memarena/strategies/oracle"
	_ "github.com/memarena/memarena/strategies/prism"
	_ "github.com/memarena/memarena/strategies/recency"
	_ "github.com/memarena/memarena/strategies/thoughtgraph"
	_ "github.com/memarena/memarena/strategies/trimem"
)
