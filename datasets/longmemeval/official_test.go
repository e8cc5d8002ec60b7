package longmemeval

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/memarena/memarena/datasets"
	"github.com/memarena/memarena/metrics"
)

// officialOracle is the shared copy of the LongMemEval oracle split.
const officialOracle = "../../../shared/datasets/longmemeval/longmemeval_oracle.json.gz"

// TestOracleReachesOneUnderOfficialProtocol ranks each question's gold
// evidence first (what the oracle strategy returns: every has_answer turn,
// assistant turns included) and scores it with the official retrieval
// protocol. Reference values were computed with LongMemEval's own
// src/retrieval/eval_utils.py on its oracle retriever's rankings
// (run_retrieval.py, --retriever oracle --granularity turn) over the same
// file: 419 questions scored (30 abstention questions and 51 with no
// has_answer user turn skipped); recall_any, nDCG and recall_all@10 are 1
// at both levels; recall_all@5 is 413/419 at turn level and 416/419 at
// session level (questions with more than 5 gold turns or sessions), the
// ceiling of any retriever.
func TestOracleReachesOneUnderOfficialProtocol(t *testing.T) {
	if _, err := os.Stat(officialOracle); err != nil {
		t.Skipf("no %s: %v", officialOracle, err)
	}
	scs, _, err := Import(datasets.Spec{Path: officialOracle})
	if err != nil {
		t.Fatal(err)
	}
	skipped := map[string]int{}
	var n int
	sums := map[string]float64{}
	for _, s := range scs {
		if s.Meta["abstention"] == "true" {
			skipped["abstention"]++
			continue
		}
		gold := strings.Split(s.Meta["answer_user_turn_ids"], ",")
		if s.Meta["answer_user_turn_ids"] == "" {
			skipped["no has_answer user turn"]++
			continue
		}
		ans := map[string]bool{}
		for _, a := range strings.Split(s.Meta["answer_session_ids"], ",") {
			ans[a] = true
		}
		roles := s.Meta["turn_roles"]
		c := metrics.LMECorpus{IsUser: func(id string) bool { return TurnIsUser(id, roles) }, Gold: gold, SessionOf: SessionOfTurn, AnswerSessions: ans}
		ranked := s.Probes[0].Evidence
		n++
		for _, k := range []int{5, 10} {
			ta, tl, tn := metrics.LMEOfficialTurn(ranked, c, k)
			sa, sl, sn := metrics.LMEOfficialSession(ranked, c, k)
			for name, v := range map[string]float64{"turn any": ta, "turn all": tl, "turn ndcg": tn, "session any": sa, "session all": sl, "session ndcg": sn} {
				sums[fmt.Sprintf("%s@%d", name, k)] += v
			}
		}
	}
	if n != 419 || skipped["abstention"] != 30 || skipped["no has_answer user turn"] != 51 {
		t.Fatalf("scored %d, skipped %v; want 419 scored, 30 abstention and 51 without a has_answer user turn", n, skipped)
	}
	want := map[string]float64{
		"turn any@5": 419, "turn ndcg@5": 419, "session any@5": 419, "session ndcg@5": 419,
		"turn all@5": 413, "session all@5": 416,
		"turn any@10": 419, "turn all@10": 419, "turn ndcg@10": 419, "session any@10": 419, "session all@10": 419, "session ndcg@10": 419,
	}
	for k, w := range want {
		if got := sums[k]; got < w-1e-9 || got > w+1e-9 {
			t.Errorf("%s: sum %.6f over %d questions, want %.0f", k, got, n, w)
		}
	}
}

func TestTurnIsUser(t *testing.T) {
	roles := "s1=uuau;s2~2=au"
	cases := map[string]bool{
		"s1#1": true, "s1#2": true, "s1#3": false, "s1#4": true, "s1#5": false,
		"s2~2#1": false, "s2~2#2": true,
		"s3#1": true, "s3#2": false, "s3#7": true,
		"nohash": false, "s3#x": false, "s3#0": false,
	}
	for id, want := range cases {
		if got := TurnIsUser(id, roles); got != want {
			t.Errorf("TurnIsUser(%q) = %v, want %v", id, got, want)
		}
	}
}
