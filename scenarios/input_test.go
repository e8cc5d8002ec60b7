package scenarios

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestBadInputTable: bad bytes, several documents, deep nesting and
// structural problems are all errors with the file, the line and (where
// there is one) the field — never a silently changed or dropped value.
func TestBadInputTable(t *testing.T) {
	minimal, err := os.ReadFile("testdata/minimal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	head := "id: x\ntitle: t\nsessions:\n  - id: s1\n    start: 2026-03-01\n    turns:\n"
	turn := func(text string) []byte {
		return []byte(head + "      - {id: a, role: user, text: " + text + "}\nprobes: []\n")
	}
	laughs := "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
	for i := 1; i <= 7; i++ {
		laughs += fmt.Sprintf("a%d: &a%d [*a%[3]d, *a%[3]d, *a%[3]d, *a%[3]d, *a%[3]d, *a%[3]d, *a%[3]d, *a%[3]d, *a%[3]d, *a%[3]d]\n", i, i, i-1)
	}
	var block strings.Builder
	block.WriteString("id: deep\n")
	for i := 0; i < 80; i++ {
		fmt.Fprintf(&block, "%sk%d:\n", strings.Repeat(" ", i), i)
	}
	cases := []struct {
		name string
		data []byte
		want []string // every one must appear; empty: valid
	}{
		{"valid", minimal, nil},
		{"utf-8 byte-order mark", append([]byte("\xef\xbb\xbf"), minimal...), nil},
		{"invalid utf-8 in text", turn("\"caf\xe9 au lait\""), []string{"f.yaml:7: invalid UTF-8: byte 0xe9 at byte offset 107"}},
		{"utf-16", []byte("\xff\xfei\x00d\x00:\x00"), []string{"f.yaml:1: the file is UTF-16"}},
		{"DEL in text", turn(`"bad\x7ftext"`), []string{"f.yaml:7: sessions[0].turns[0].text: control character U+007F at byte 3"}},
		{"C1 control in text", turn(`"next\u0085line"`), []string{"f.yaml:7: sessions[0].turns[0].text: control character U+0085 at byte 4"}},
		{"NUL in text", turn(`"bad\0text"`), []string{"f.yaml:7: sessions[0].turns[0].text: control character U+0000 at byte 3"}},
		{"second document", append(append([]byte{}, minimal...), []byte("---\nid: other\n")...), []string{fmt.Sprintf("f.yaml:%d: a second YAML document starts here", strings.Count(string(minimal), "\n")+1)}},
		{"deep flow nesting", []byte("id: x\ntitle: " + strings.Repeat("[", 70) + strings.Repeat("]", 70) + "\n"), []string{"f.yaml:2: nested more than 64 levels deep"}},
		{"deep flow nesting, 200 KB", []byte("id: x\nx: " + strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000) + "\n"), []string{"f.yaml:2: nested more than 64 levels deep"}},
		{"deep block nesting", []byte(block.String()), []string{"f.yaml:66: nested more than 64 levels deep"}},
		{"deep list entries", []byte("id: x\nsessions:\n  " + strings.Repeat("- ", 100) + "a\n"), []string{"f.yaml:3: nested more than 64 levels deep"}},
		{"alias expansion", []byte(laughs), []string{"aliases expand to more than 4000000 YAML nodes"}},
		{"brackets in text are not nesting", turn(`"` + strings.Repeat("[", 100) + `"`), nil},
		{"block scalar is not nesting", []byte(head + "      - id: a\n        role: user\n        text: |\n          " + strings.Repeat("[", 100) + "\nprobes: []\n"), nil},
		{"every structural problem at once", []byte(head + "      - {id: a, role: user, text: [1, 2]}\n      - {id: b, role: user, text: hi, tim: 2026-03-01}\nprobes:\n  - {id: p, question: q, kind: single-hop, answers: 5, after_session: s1, evidence: [a]}\ntitel: oops\n"), []string{
			"f.yaml:7: sessions[0].turns[0].text: want text, got a list",
			`f.yaml:8: sessions[0].turns[1].tim: unknown field "tim" (did you mean "time"?)`,
			"f.yaml:10: probes[0].answers: want a list of texts, got the number 5",
			`f.yaml:11: titel: unknown field "titel" (did you mean "title"?)`,
		}},
		{"an unknown field does not hide the validator's problems", []byte(head + "      - {id: a, role: user, txt: hi}\n      - {id: a, role: robot, text: hi}\nprobes: []\n"), []string{
			`f.yaml:7: sessions[0].turns[0].txt: unknown field "txt" (did you mean "text"?)`,
			"f.yaml:7: sessions[0].turns[0].text: empty text",
			`f.yaml:8: sessions[0].turns[1].id: duplicate turn id "a"`,
			`f.yaml:8: sessions[0].turns[1].role: role "robot"`,
		}},
		{"wrong type of a date", []byte("id: x\ntitle: t\nsessions:\n  - id: s1\n    start: [2026]\n    turns: []\n"), []string{"f.yaml:5: sessions[0].start: want a date such as 2026-03-02T09:00:00Z, got a list"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, ps := Parse("f.yaml", tc.data)
			all := ps.Error()
			if len(tc.want) == 0 {
				if len(ps) > 0 {
					t.Fatalf("want no problem, got:\n%s", all)
				}
				return
			}
			for _, w := range tc.want {
				if !strings.Contains(all, w) {
					t.Errorf("missing %q in:\n%s", w, all)
				}
			}
			if len(ps) > len(tc.want)+1 {
				t.Errorf("%d problems for %d expected:\n%s", len(ps), len(tc.want), all)
			}
		})
	}
}
