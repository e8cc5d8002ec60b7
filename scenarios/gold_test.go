package scenarios

import (
	"strings"
	"testing"
)

// TestCheckGoldTable: gold that cannot be right — an answer found in no
// evidence turn, a stale fact never said before the probe, a required fact
// stated only in the session whose task checks it — is a problem naming
// the field; the per-probe `paraphrase: true` escape, resolved relative
// dates and number words keep honest gold valid.
func TestCheckGoldTable(t *testing.T) {
	const head = `id: g
title: t
sessions:
  - id: s1
    start: 2023-05-08T13:56:00Z
    turns:
      - {id: a, role: user, speaker: Ann, text: "I went to a support group yesterday. We adopted two cats."}
      - {id: b, role: user, speaker: Bob, text: "I switched from tea to coffee last year."}
  - id: s2
    start: 2023-06-01T10:00:00Z
`
	const s2turns = `    turns:
      - {id: c, role: user, speaker: Ann, text: "Now I only drink green tea."}
`
	probe := func(body string) string {
		return head + s2turns + "probes:\n  - {id: p, after_session: s2, question: q, " + body + "}\n"
	}
	cases := []struct {
		name string
		yaml string
		want string // "" = valid; else a substring of the only problem
	}{
		{"answer quoted in evidence", probe(`kind: single-hop, answers: [a support group], evidence: [a]`), ""},
		{"answer in no evidence turn", probe(`kind: single-hop, answers: [a book club], evidence: [a]`),
			`g.yaml:14: probes[0].answers: no gold answer is supported by the evidence turns a ("a book club" lacks "book", "club")`},
		{"answer only in a turn not listed as evidence", probe(`kind: single-hop, answers: [coffee], evidence: [a]`),
			`probes[0].answers: no gold answer is supported by the evidence turns a ("coffee" lacks "coffee")`},
		{"one answer of several supported", probe(`kind: single-hop, answers: [a book club, support group], evidence: [a]`), ""},
		{"paraphrase escape", probe(`kind: single-hop, answers: [a book club], evidence: [a], paraphrase: true`), ""},
		{"relative date resolved against the turn's date", probe(`kind: temporal, answers: ["7 May 2023"], evidence: [a]`), ""},
		{"resolved date in ISO form", probe(`kind: temporal, answers: ["2023-05-07"], evidence: [a]`), ""},
		{"wrong date", probe(`kind: temporal, answers: ["6 May 2023"], evidence: [a]`), `("6 May 2023" lacks "6")`},
		{"number word as digits", probe(`kind: single-hop, answers: ["2 cats"], evidence: [a]`), ""},
		{"speaker name", probe(`kind: single-hop, answers: [Bob], evidence: [b]`), ""},
		{"a decimal's digits are not its own number", head + "    turns:\n      - {id: c, role: user, speaker: Ann, text: \"The dose is 2.5 mg now.\"}\n" +
			"probes:\n  - {id: p, after_session: s2, question: q, kind: knowledge-update, answers: [2.5 mg], stale_facts: [5 mg], evidence: [c]}\n",
			`probes[0].stale_facts[0]: "5 mg" is never said before the probe is asked (after session "s2")`},
		{"stale fact said before the probe", probe(`kind: knowledge-update, answers: [green tea], stale_facts: [coffee], evidence: [c]`), ""},
		{"stale fact never said", probe(`kind: knowledge-update, answers: [green tea], stale_facts: [espresso], evidence: [c]`),
			`probes[0].stale_facts[0]: "espresso" is never said before the probe is asked (after session "s2")`},
		{"stale fact said only after the probe", head + s2turns + "probes:\n  - {id: p, after_session: s1, question: q, kind: knowledge-update, answers: [coffee], stale_facts: [green tea], evidence: [b]}\n",
			`probes[0].stale_facts[0]: "green tea" is never said before the probe is asked (after session "s1")`},
		{"required fact stated before the task", head + "    task: {id: t, goal: drinks, required_facts: [coffee]}\n" + s2turns + "probes: []\n", ""},
		{"required fact stated only in the task's session", head + "    task: {id: t, goal: drinks, required_facts: [green tea]}\n" + s2turns + "probes: []\n",
			`g.yaml:11: sessions[1].task.required_facts[0]: "green tea" is stated only in this session or later, but the task is checked at the start of session "s2", before its turns: the task cannot succeed`},
		{"required fact never stated", head + "    task: {id: t, goal: drinks, required_facts: [lemonade]}\n" + s2turns + "probes: []\n",
			`sessions[1].task.required_facts[0]: "lemonade" is never stated`},
		{"task stale fact never said", head + "    task: {id: t, goal: drinks, stale_facts: [juice]}\n" + s2turns + "probes: []\n",
			`sessions[1].task.stale_facts[0]: "juice" is never said before session "s2", where the task is checked`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, ps := Parse("g.yaml", []byte(tc.yaml))
			if tc.want == "" {
				if len(ps) > 0 {
					t.Fatalf("want valid, got:\n%v", ps)
				}
				return
			}
			if len(ps) != 1 || !strings.Contains(ps[0].String(), tc.want) {
				t.Fatalf("want one problem with %q, got:\n%v", tc.want, ps)
			}
		})
	}
}
