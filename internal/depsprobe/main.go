package main

import (
	_ "github.com/cayleygraph/cayley"
	_ "github.com/cayleygraph/quad"
	_ "github.com/cayleygraph/cayley/query/path"
	_ "github.com/philippgille/chromem-go"
	_ "github.com/mattn/go-sqlite3"
	_ "gonum.org/v1/gonum/stat"
	_ "github.com/olekukonko/tablewriter"
	_ "github.com/spf13/cobra"
	_ "github.com/goccy/go-yaml"
	_ "github.com/schollz/progressbar/v3"
	_ "github.com/pkoukk/tiktoken-go"
	_ "github.com/pkoukk/tiktoken-go-loader"
	_ "github.com/openai/openai-go/v3"
)
func main() {}
