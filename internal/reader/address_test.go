package reader

import "testing"

// A web address and a handle are read whole, never cut at their
// punctuation ("https" of a link); a mention answers "who" with the name.
func TestReadWebAddressAndHandle(t *testing.T) {
	for _, tc := range []struct{ q, ctx, want string }{
		{"What is the link to the metrics dashboard?",
			"[2023-05-01 a] Assistant: The metrics dashboard is at https://metrics.example.org/dash now.",
			"https://metrics.example.org/dash"},
		{"What is the Instagram handle of the potter who glazes with ash?",
			"[2023-05-01 a] Assistant: Try Vera Lind, a potter who glazes with ash (Instagram: @vera_lind_pottery).",
			"@vera_lind_pottery"},
		// a mention names the person, without its at-sign
		{"Who did Omar ask about the concert tickets?",
			"[2023-05-01 a] Omar: @Ines did you get the concert tickets yet?",
			"Ines"},
		{"Who did Lena tag in her post about the bakery?",
			"[2023-05-01 a] Lena: Posted about the new bakery and tagged @Tomas and @Omar in it.",
			"Tomas and Omar"},
		// an address keeps the parentheses it opens
		{"What is the link to the pie article Lena shared?",
			"[2023-05-01 a] Lena: Here's the pie article I mentioned (see https://en.example.org/wiki/Pie_(dish)).",
			"https://en.example.org/wiki/Pie_(dish)"},
	} {
		if a := Read(tc.q, tc.ctx, Options{}); a.Text != tc.want {
			t.Errorf("%q: %q, want %q", tc.q, a.Text, tc.want)
		}
	}
}
