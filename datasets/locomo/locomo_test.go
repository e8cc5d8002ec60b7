package locomo

import (
	"compress/gzip"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/memarena/memarena/datasets"
	"github.com/memarena/memarena/scenarios"
)

func load(t *testing.T, spec datasets.Spec) ([]*scenarios.Scenario, *datasets.Report) {
	t.Helper()
	if spec.Kind == "" {
		spec.Kind = Kind
	}
	ss, rep, err := datasets.Load(spec)
	if err != nil {
		t.Fatalf("import %s: %v", spec.Path, err)
	}
	return ss, rep
}

func TestParseDate(t *testing.T) {
	for in, want := range map[string]string{
		"1:56 pm on 8 May, 2023":         "2023-05-08T13:56:00Z",
		"12:09 am on 13 September, 2023": "2023-09-13T00:09:00Z", // 12 am is midnight
		"12:30 pm on 1 June, 2023":       "2023-06-01T12:30:00Z", // 12 pm is noon
		"3:00 pm on 2 November 2023":     "2023-11-02T15:00:00Z",
		"10:04  AM on 19 December, 2023": "2023-12-19T10:04:00Z",
		"8 May, 2023":                    "2023-05-08T00:00:00Z",
	} {
		got, err := ParseDate(in)
		if err != nil || got.Format(time.RFC3339) != want {
			t.Errorf("ParseDate(%q) = %v, %v; want %s", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "someday", "25:00 pm on 8 May, 2023", "1:56 pm on 31 June, 2023"} {
		if _, err := ParseDate(bad); err == nil {
			t.Errorf("ParseDate(%q) accepted", bad)
		}
	}
}

func TestNormalizeAndSplitEvidence(t *testing.T) {
	for in, want := range map[string][3]string{
		"D30:05":  {"D30:5", "true", "true"},
		"D1:3":    {"D1:3", "false", "true"},
		"D:11:26": {"D11:26", "true", "true"},
		"D01:002": {"D1:2", "true", "true"},
		"D":       {"", "false", "false"},
		"D1":      {"", "false", "false"},
		"X1:2":    {"", "false", "false"},
	} {
		id, rep, ok := NormalizeID(in)
		got := [3]string{id, boolStr(rep), boolStr(ok)}
		if got != want {
			t.Errorf("NormalizeID(%q) = %v, want %v", in, got, want)
		}
	}
	for in, want := range map[string][]string{
		"D8:6; D9:17":                 {"D8:6", "D9:17"},
		"D9:1 D4:4 D4:6":              {"D9:1", "D4:4", "D4:6"},
		"D21:18 D21:22,D11:15;D11:19": {"D21:18", "D21:22", "D11:15", "D11:19"},
		"D":                           {"D"},
		" ":                           nil,
	} {
		if got := SplitEvidence(in); !reflect.DeepEqual(got, want) {
			t.Errorf("SplitEvidence(%q) = %q, want %q", in, got, want)
		}
	}
}

func boolStr(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// wantConvA checks the scenario built from conversation conv-a, the same
// in both forms.
func wantConvA(t *testing.T, s *scenarios.Scenario) {
	t.Helper()
	if s.ID != "locomo-conv-a" || s.Meta["sample_id"] != "conv-a" || s.Meta["label_map"] != "official" || s.Meta["importer"] != "locomo" {
		t.Errorf("id %q meta %v", s.ID, s.Meta)
	}
	var got []string
	for _, ss := range s.Sessions {
		var ids []string
		for _, tu := range ss.Turns {
			ids = append(ids, tu.ID)
		}
		got = append(got, ss.ID+"@"+ss.Start.Format(time.RFC3339)+"="+strings.Join(ids, ","))
	}
	want := []string{ // sorted by N (10 after 2), the empty session_3 and the list-less session_4 skipped
		"session_1@2023-05-08T13:56:00Z=D1:1,D1:2,D1:3",
		"session_2@2023-09-13T00:09:00Z=D2:1,D2:2,D2:3",
		"session_10@2023-11-02T15:00:00Z=D10:1",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("sessions:\n got %q\nwant %q", got, want)
	}
	t1 := s.Sessions[0].Turns[1]
	if t1.Text != "Look at this." || t1.Speaker != "Bob" || t1.Role != scenarios.RoleUser {
		t.Errorf("image turn without captions: %+v", t1)
	}
	if s.Sessions[0].Turns[2].Time.Format(time.RFC3339) != "2023-05-08T13:58:00Z" {
		t.Errorf("turn time %v", s.Sessions[0].Turns[2].Time)
	}
	if s.Sessions[0].Summary != "Ann and Bob talked about a support group and a sunset." || s.Sessions[2].Summary != "" {
		t.Errorf("summaries %q %q", s.Sessions[0].Summary, s.Sessions[2].Summary)
	}
	facts := map[string][]string{}
	for _, ss := range s.Sessions {
		for _, tu := range ss.Turns {
			if tu.Gold != nil {
				facts[tu.ID] = tu.Gold.Facts
			}
		}
	}
	wantFacts := map[string][]string{
		"D1:1": {"Ann went to a support group."},
		"D1:2": {"Bob shared a sunset photo."},
		"D2:1": {"Bob adopted a dog named Rex."},
	}
	if !reflect.DeepEqual(facts, wantFacts) {
		t.Errorf("gold facts %v", facts)
	}
	type pv struct {
		ID, Kind, Cat, Answers, Evidence, Skip, Adv string
	}
	var probes []pv
	for _, p := range s.Probes {
		probes = append(probes, pv{p.ID, p.Kind, p.Category, strings.Join(p.Answers, "|"), strings.Join(p.Evidence, ","), p.RetrievalSkip, p.AdversarialAnswer})
		if p.AfterSession != "session_10" || p.AskedAt.Format(time.RFC3339) != "2023-11-02T15:01:00Z" {
			t.Errorf("%s asked after %s at %v", p.ID, p.AfterSession, p.AskedAt)
		}
	}
	wantProbes := []pv{
		{"qa0", "temporal", "2", "7 May 2023", "D1:1", "", ""},
		{"qa1", "multi-hop", "1", "a sunset, a dog", "D1:2,D2:1", "", ""},
		{"qa2", "single-hop", "4", "2022", "D1:3,D2:3", "", ""}, // number answer; D9:9 unknown
		{"qa3", "open-domain", "3", "Likely yes; he likes animals", "D2:1", "", ""},
		{"qa4", "abstention", "5", "", "", "adversarial question (category 5): not answerable from the conversation", "a cat"},
		{"qa5", "single-hop", "4", "Rex", "", "no valid evidence ids", ""},
		// qa6 has no answer: skipped
	}
	if !reflect.DeepEqual(probes, wantProbes) {
		t.Errorf("probes:\n got %+v\nwant %+v", probes, wantProbes)
	}
	if len(s.Hash) != 64 {
		t.Errorf("hash %q", s.Hash)
	}
}

func TestListOfSamplesForm(t *testing.T) {
	ss, rep := load(t, datasets.Spec{Path: "testdata/samples.json"})
	if len(ss) != 2 {
		t.Fatalf("%d scenarios", len(ss))
	}
	wantConvA(t, ss[0])
	if ss[1].ID != "locomo-conv-b" || ss[1].Source != "testdata/samples.json#conv-b" || len(ss[1].Probes) != 2 {
		t.Errorf("conv-b: %s %s %d probes", ss[1].ID, ss[1].Source, len(ss[1].Probes))
	}
	if rep.Dataset != "LoCoMo" || rep.File != "testdata/samples.json" || len(rep.SHA256) != 64 || ss[0].Meta["sha256"] != rep.SHA256 {
		t.Errorf("report header %q %q %q", rep.Dataset, rep.File, rep.SHA256)
	}
	wantCounts := map[string]int{
		"conversations in input": 2, "conversations kept": 2, "sessions": 4, "turns": 9, "image turns": 1,
		"questions read": 9, "probes": 8, "evidence ids read": 13, "evidence ids malformed (dropped)": 1,
		"evidence ids unknown (dropped)": 2, "evidence ids normalized": 2, "evidence strings holding several ids": 2,
		"observations": 3, "observations dropped": 1, "session summaries": 2, "session date keys without turns": 2,
		"empty sessions skipped": 1, "questions skipped (no answer)": 1, "number answers written as strings": 1,
		"probes without valid evidence (kept for answer metrics, skipped for retrieval)": 1,
		// The image caption is not in the text (captions: false); qa3 is an inference.
		"gold check: answer not in evidence": 2,
	}
	if !reflect.DeepEqual(rep.Counts, wantCounts) {
		t.Errorf("counts:\n got %v\nwant %v", rep.Counts, wantCounts)
	}
	wantStrata := map[string]int{"1 multi-hop": 1, "2 temporal": 1, "3 open-domain": 1, "4 single-hop": 3, "5 adversarial": 2}
	if !reflect.DeepEqual(rep.Strata, wantStrata) {
		t.Errorf("strata %v", rep.Strata)
	}
	var issues []string
	for _, is := range rep.Issues {
		issues = append(issues, is.Where+": "+is.What)
	}
	wantIssues := []string{
		"[0].observation.session_2_observation.Bob[1]: observation cites no existing turn (D8:8); dropped",
		`[0].qa[0].evidence[0]: evidence id "D1:01" read as D1:1`,
		"[0].qa[2].evidence[0]: unknown evidence id D9:9 in conv-a question qa2 (no such turn); dropped",
		`[0].qa[3].evidence[0]: malformed evidence id "D" in conv-a question qa3; dropped`,
		`[0].qa[3].evidence[1]: evidence id "D:2:1" read as D2:1`,
		"[0].qa[5].evidence[0]: unknown evidence id D7:1 in conv-a question qa5 (no such turn); dropped",
		"[0].qa[6]: category 2 question qa6 has no answer; skipped",
		`testdata/samples.json#conv-a probes[1].answers: no gold answer is supported by the evidence turns D1:2, D2:1 ("a sunset, a dog" lacks "sunset"); fix the answer or the evidence, or mark a paraphrased or derived answer with ` + "`paraphrase: true`",
		`testdata/samples.json#conv-a probes[3].answers: no gold answer is supported by the evidence turns D2:1 ("Likely yes; he likes animals" lacks "likely", "likes", "animals"); fix the answer or the evidence, or mark a paraphrased or derived answer with ` + "`paraphrase: true`",
	}
	if !reflect.DeepEqual(issues, wantIssues) {
		t.Errorf("issues:\n got %q\nwant %q", issues, wantIssues)
	}
	if !strings.Contains(strings.Join(rep.Notes, "\n"), "label map official: 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial") {
		t.Errorf("notes %q", rep.Notes)
	}
}

func TestOneConversationForm(t *testing.T) {
	ss, rep := load(t, datasets.Spec{Path: "testdata/conv-a.json"})
	if len(ss) != 1 {
		t.Fatalf("%d scenarios", len(ss))
	}
	wantConvA(t, ss[0])
	list, _ := load(t, datasets.Spec{Path: "testdata/samples.json"})
	if !reflect.DeepEqual(ss[0].Sessions, list[0].Sessions) || !reflect.DeepEqual(ss[0].Probes, list[0].Probes) {
		t.Error("the two forms of conv-a import differently")
	}
	if rep.Issues[1].Where != "qa[0].evidence[0]" || rep.Issues[0].Where != "session_2_observation.Bob[1]" {
		t.Errorf("paths in the one-conversation form: %q, %q", rep.Issues[0].Where, rep.Issues[1].Where)
	}
}

func TestGzipAndDirectoryInput(t *testing.T) {
	dir := t.TempDir()
	plain, err := os.ReadFile("testdata/samples.json")
	if err != nil {
		t.Fatal(err)
	}
	gz := filepath.Join(dir, "samples.json.gz")
	f, _ := os.Create(gz)
	zw := gzip.NewWriter(f)
	zw.Write(plain)
	zw.Close()
	f.Close()
	zs, zrep := load(t, datasets.Spec{Path: gz})
	ps, prep := load(t, datasets.Spec{Path: "testdata/samples.json"})
	if len(zs) != len(ps) || zs[0].Hash == "" || !reflect.DeepEqual(zs[0].Probes, ps[0].Probes) || !reflect.DeepEqual(zs[0].Sessions, ps[0].Sessions) {
		t.Error("gzip and plain input differ")
	}
	if zrep.SHA256 == prep.SHA256 {
		t.Error("the gzip file's sha256 must be that of its own bytes")
	}
	// A directory of one-conversation files, read in name order.
	sub := filepath.Join(dir, "convs")
	os.Mkdir(sub, 0o755)
	a, _ := os.ReadFile("testdata/conv-a.json")
	os.WriteFile(filepath.Join(sub, "b.json"), a, 0o644)
	os.WriteFile(filepath.Join(sub, "ignored.txt"), []byte("x"), 0o644)
	ds, drep := load(t, datasets.Spec{Path: sub})
	if len(ds) != 1 || ds[0].ID != "locomo-conv-a" || drep.Issues[0].Where != "b.json:session_2_observation.Bob[1]" {
		t.Errorf("directory: %d scenarios, first issue %+v", len(ds), drep.Issues[0])
	}
}

func TestOptions(t *testing.T) {
	ss, rep := load(t, datasets.Spec{Path: "testdata/samples.json", Options: map[string]any{"label_map": "mem0-paper", "captions": true}})
	kinds := map[string]string{}
	for _, p := range ss[0].Probes {
		kinds[p.Category] = p.Kind
	}
	want := map[string]string{"1": "single-hop", "2": "temporal", "3": "multi-hop", "4": "open-domain", "5": "abstention"}
	if !reflect.DeepEqual(kinds, want) {
		t.Errorf("mem0-paper kinds %v", kinds)
	}
	if ss[0].Meta["label_map"] != "mem0-paper" || rep.Strata["3 multi-hop"] != 1 {
		t.Errorf("meta %v strata %v", ss[0].Meta, rep.Strata)
	}
	if got := ss[0].Sessions[0].Turns[1].Text; got != "Look at this. [shares a photo of a sunset over a lake]" {
		t.Errorf("caption: %q", got)
	}
	if rep.Counts["captions appended"] != 1 {
		t.Errorf("captions appended %d", rep.Counts["captions appended"])
	}
	for _, o := range []map[string]any{{"label_map": "paper"}, {"lable_map": "official"}, {"captions": "yes"}, {"questions": -1}} {
		if _, _, err := datasets.Load(datasets.Spec{Kind: Kind, Path: "testdata/samples.json", Options: o}); err == nil {
			t.Errorf("options %v accepted", o)
		}
	}
	_, _, err := datasets.Load(datasets.Spec{Kind: Kind, Path: "testdata/samples.json", Options: map[string]any{"lable_map": "official"}})
	if err == nil || !strings.Contains(err.Error(), `did you mean "label_map"`) {
		t.Errorf("did-you-mean: %v", err)
	}
}

func TestSubsets(t *testing.T) {
	ss, rep := load(t, datasets.Spec{Path: "testdata/samples.json", Limit: 1})
	if len(ss) != 1 || ss[0].ID != "locomo-conv-a" || rep.Counts["conversations kept"] != 1 || rep.Counts["conversations in input"] != 2 {
		t.Errorf("limit 1: %d scenarios", len(ss))
	}
	a, _ := load(t, datasets.Spec{Path: "testdata/samples.json", Sample: 1, Seed: 7})
	b, _ := load(t, datasets.Spec{Path: "testdata/samples.json", Sample: 1, Seed: 7})
	if len(a) != 1 || a[0].ID != b[0].ID {
		t.Error("seeded sample is not reproducible")
	}
	// questions: 5 of 8 stratified by category. Largest remainders over
	// strata of sizes 1, 1, 1, 3, 2 give 1, 1, 0, 2, 1; every stratum must
	// keep one, so single-hop gives one to open-domain: one per category.
	q, qrep := load(t, datasets.Spec{Path: "testdata/samples.json", Seed: 3, Options: map[string]any{"questions": 5}})
	n := 0
	for _, s := range q {
		n += len(s.Probes)
	}
	if n != 5 || qrep.Strata["4 single-hop"] != 1 || qrep.Strata["5 adversarial"] != 1 {
		t.Errorf("questions 5: %d probes, strata %v", n, qrep.Strata)
	}
	q2, _ := load(t, datasets.Spec{Path: "testdata/samples.json", Seed: 3, Options: map[string]any{"questions": 5}})
	for i := range q {
		if !reflect.DeepEqual(q[i].Probes, q2[i].Probes) {
			t.Error("question sample not reproducible")
		}
	}
}

func TestBadFilesGiveJSONPaths(t *testing.T) {
	for file, want := range map[string]string{
		"evidence-number.json": "[0].qa[1].evidence[2]: want a string, got a number",
		"truncated.json":       "file ends in the middle of a JSON value",
		"bad-date.json":        `session_1_date_time: date "someday"`,
		"bad-category.json":    "qa[0].category: LoCoMo category 7; want 1–5",
		"not-locomo.json":      `neither a LoCoMo sample (no "conversation" key) nor a conversation object`,
		"number.json":          "want a list of LoCoMo samples or one conversation object, got a number",
		"bad-dia-id.json":      `session_1[0].dia_id: "turn one" is not a dialogue id`,
		"text-list.json":       "[1].conversation.session_1[0].text: want a string, got a list",
	} {
		_, _, err := datasets.Load(datasets.Spec{Kind: Kind, Path: filepath.Join("testdata/bad", file)})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v; want it to contain %q", file, err, want)
		}
	}
	if _, _, err := datasets.Load(datasets.Spec{Kind: Kind, Path: "testdata/missing.json"}); err == nil {
		t.Error("missing file accepted")
	}
}
