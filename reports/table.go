package reports

import "io"

// Table writes rows as a markdown table (tablewriter; the header as given,
// left-aligned, no wrapping) and a blank line: the table form of every
// report, for other packages' reports too (package scale).
func Table(w io.Writer, header []string, rows [][]string) { table(w, header, rows) }
