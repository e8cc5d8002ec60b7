package yamlx

import "bytes"

// depthOK scans YAML text for its nesting depth without parsing it and
// returns false with the 1-based line where the depth first exceeds max.
// Depth on a line is the number of enclosing block indentation levels,
// plus its leading "- " entries, plus the flow brackets ([, {) open at any
// point of it. Quoted scalars (also across lines), comments and block
// scalars (| and >) are skipped, so brackets inside text do not count; a
// '[' or '{' inside a plain scalar counts only where a flow collection
// could start (after ": ", "- ", "," or another bracket).
func depthOK(data []byte, max int) (int, bool) {
	var indents []int
	flow := 0
	var quote byte
	block := -1 // indentation of the line that opened a block scalar, or -1
	for ln, line := range bytes.Split(data, []byte("\n")) {
		lineNo := ln + 1
		line = bytes.TrimSuffix(line, []byte("\r"))
		ind := 0
		for ind < len(line) && line[ind] == ' ' {
			ind++
		}
		rest := line[ind:]
		if block >= 0 {
			if len(bytes.TrimSpace(rest)) == 0 || ind > block {
				continue // block scalar content
			}
			block = -1
		}
		if quote == 0 && (len(rest) == 0 || rest[0] == '#') {
			continue
		}
		depth := flow
		start := 0
		if quote == 0 && flow == 0 {
			for len(indents) > 0 && indents[len(indents)-1] > ind {
				indents = indents[:len(indents)-1]
			}
			if len(indents) == 0 || indents[len(indents)-1] < ind {
				indents = append(indents, ind)
			}
			depth = len(indents)
			for start < len(rest) && rest[start] == '-' && (start+1 == len(rest) || rest[start+1] == ' ') {
				depth++
				start++
				for start < len(rest) && rest[start] == ' ' {
					start++
				}
			}
		}
		if depth > max {
			return lineNo, false
		}
		// tokenStart is true where a flow collection or a quoted scalar may
		// begin: at the start of the content, or after ':', ',', '[', '{'
		// or a "- " entry, spaces aside.
		tokenStart := true
		last := byte(0) // last non-space byte outside quotes
		for i := start; i < len(rest); i++ {
			c := rest[i]
			switch quote {
			case '"':
				if c == '\\' {
					i++
				} else if c == '"' {
					quote = 0
				}
				continue
			case '\'':
				if c == '\'' {
					if i+1 < len(rest) && rest[i+1] == '\'' {
						i++
					} else {
						quote = 0
					}
				}
				continue
			}
			switch {
			case c == ' ' || c == '\t':
				continue
			case c == '#' && (i == 0 || rest[i-1] == ' ' || rest[i-1] == '\t'):
				i = len(rest)
				continue
			case (c == '"' || c == '\'') && tokenStart:
				quote = c
			case (c == '[' || c == '{') && (tokenStart || flow > 0):
				flow++
				if depth+flow > max {
					return lineNo, false
				}
			case (c == ']' || c == '}') && flow > 0:
				flow--
			}
			last = c
			tokenStart = c == ':' || c == ',' || c == '[' || c == '{' || (c == '-' && i+1 < len(rest) && rest[i+1] == ' ')
		}
		if quote == 0 && flow == 0 && (last == '|' || last == '>' || last == '-' || last == '+' || last >= '1' && last <= '9') && blockHeader(rest) {
			block = ind
		}
	}
	return 0, true
}

// blockHeader reports whether a line ends with a block scalar header such
// as "|-", ">+" or "|2" (comments aside).
func blockHeader(rest []byte) bool {
	if i := bytes.Index(rest, []byte(" #")); i >= 0 {
		rest = rest[:i]
	}
	rest = bytes.TrimRight(rest, " \t")
	j := len(rest)
	for j > 0 && len(rest)-j < 2 && (rest[j-1] == '-' || rest[j-1] == '+' || (rest[j-1] >= '1' && rest[j-1] <= '9')) {
		j--
	}
	if j == 0 {
		return false
	}
	return (rest[j-1] == '|' || rest[j-1] == '>') && (j == 1 || rest[j-2] == ' ')
}
