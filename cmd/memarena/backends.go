package main

// Model backends beyond the built-in offline one register themselves with
// package backends when linked in.
import _ "github.com/memarena/memarena/internal/backends/openai" // backend kind "openai"
