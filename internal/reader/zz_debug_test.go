package reader

import (
	"fmt"
	"os"
	"sort"
	"testing"
)

func TestZZDebug(t *testing.T) {
	q, c := os.Getenv("DQ"), os.Getenv("DC")
	if q == "" {
		t.Skip()
	}
	qa := analyze(q)
	fmt.Printf("type=%v head=%q list=%v focus=%q names=%v\n", qa.typ, qa.head, qa.list, qa.focus, qa.names)
	a := Read(q, c, Options{Threshold: 1e-9})
	fmt.Printf("answer=%q support=%.2f\n", a.Text, a.Support)
	units := parseLayout(c)
	var sents []*sentence
	byUnit := make([][]*sentence, len(units))
	for i := range units {
		u := &units[i]
		for k, st := range splitSentences(u.text) {
			s := newSentence(st, u)
			s.pos, s.nth = len(sents), k
			sents = append(sents, s)
			byUnit[i] = append(byUnit[i], s)
		}
	}
	sc := newScorer(qa, sents, byUnit)
	ranked := sc.rank()
	var all []cand
	for _, p := range ranked {
		for _, cd := range candidates(qa, p.s, Options{MaxWords: 10, MaxItems: 6}) {
			cd.score = p.support * cd.fit * (0.5 + 0.5*cd.near)
			all = append(all, cd)
		}
		fmt.Printf("  sent %.3f %q\n", p.support, p.s.text)
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].score > all[j].score })
	for i, cd := range all {
		if i > 12 {
			break
		}
		fmt.Printf("  cand %.3f fit=%.2f near=%.2f %q\n", cd.score, cd.fit, cd.near, cd.text)
	}
}
