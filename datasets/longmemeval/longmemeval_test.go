package longmemeval

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
	spec.Kind = Kind
	ss, rep, err := datasets.Load(spec)
	if err != nil {
		t.Fatalf("import %s: %v", spec.Path, err)
	}
	return ss, rep
}

func TestHelpers(t *testing.T) {
	for _, c := range []struct{ id, typ, kind string }{
		{"a1", "single-session-user", "single-hop"},
		{"a2", "single-session-assistant", "single-hop"},
		{"a3", "single-session-preference", "preference"},
		{"a4", "temporal-reasoning", "temporal"},
		{"a5", "multi-session", "multi-hop"},
		{"a6", "knowledge-update", "multi-hop"},
		{"a7_abs", "temporal-reasoning", "abstention"}, // the _abs rule beats the type
		{"a8_abs", "knowledge-update", "abstention"},
		{"a9_absent", "multi-session", "multi-hop"}, // only a trailing _abs counts
	} {
		if k, ok := KindOf(c.id, c.typ); k != c.kind || !ok {
			t.Errorf("KindOf(%q, %q) = %q, %v; want %q", c.id, c.typ, k, ok, c.kind)
		}
	}
	if k, ok := KindOf("x", "new-type"); k != "single-hop" || ok {
		t.Errorf("unknown type: %q %v", k, ok)
	}
	if TurnID("answer_x_1", 3) != "answer_x_1#3" {
		t.Error("TurnID")
	}
	for in, want := range map[string]string{"answer_x_1#3": "answer_x_1", "dup~2#1": "dup", "a~b#2": "a~b", "D1:3": "", "#4": ""} {
		if got := SessionOfTurn(in); got != want {
			t.Errorf("SessionOfTurn(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"2023/05/30 (Tue) 23:40": "2023-05-30T23:40:00Z",
		"2023/05/30 23:40":       "2023-05-30T23:40:00Z",
		"2023/05/30":             "2023-05-30T00:00:00Z",
	} {
		if got, err := ParseDate(in); err != nil || got.Format(time.RFC3339) != want {
			t.Errorf("ParseDate(%q) = %v, %v", in, got, err)
		}
	}
}

type turnView struct{ ID, Role, Speaker, Text string }

func sessionsOf(s *scenarios.Scenario) []string {
	var out []string
	for _, ss := range s.Sessions {
		var ids []string
		for _, t := range ss.Turns {
			ids = append(ids, t.ID)
		}
		out = append(out, ss.ID+"@"+ss.Start.Format("2006-01-02 15:04")+"="+strings.Join(ids, ","))
	}
	return out
}

func TestImport(t *testing.T) {
	ss, rep := load(t, datasets.Spec{Path: "testdata/questions.json"})
	if len(ss) != 5 {
		t.Fatalf("%d scenarios", len(ss))
	}
	byID := map[string]*scenarios.Scenario{}
	for _, s := range ss {
		byID[s.ID] = s
	}
	// Sessions in date order, stable turn ids (session id + 1-based index).
	want := map[string][]string{
		"lme-q_single":    {"answer_q0_1@2023-05-10 09:00=answer_q0_1#1,answer_q0_1#2", "noise_1@2023-05-20 10:00=noise_1#1,noise_1#2"},
		"lme-q_multi_abs": {"dup@2023-05-01 08:00=dup#1", "answer_q1_1@2023-05-02 08:00=answer_q1_1#1", "dup~2@2023-05-03 08:00=dup~2#1"},
		"lme-q_ku":        {"answer_q2_1@2023-06-01 10:00=answer_q2_1#1,answer_q2_1#2", "answer_q2_2@2023-07-01 09:00=answer_q2_2#2,answer_q2_2#3,answer_q2_2#4,answer_q2_2#5"},
		"lme-q_pref":      {"answer_q3_1@2023-07-15 10:00=answer_q3_1#1,answer_q3_1#2"},
		"lme-q_temp":      {"answer_q4_1@2023-03-01 07:00=answer_q4_1#1,answer_q4_1#2"},
	}
	for id, w := range want {
		if got := sessionsOf(byID[id]); !reflect.DeepEqual(got, w) {
			t.Errorf("%s sessions:\n got %q\nwant %q", id, got, w)
		}
	}
	tu := byID["lme-q_single"].Sessions[0].Turns[1]
	if (turnView{tu.ID, tu.Role, tu.Speaker, tu.Text}) != (turnView{"answer_q0_1#2", "assistant", "Assistant", "Congratulations!"}) {
		t.Errorf("turn %+v", tu)
	}
	type pv struct{ ID, Kind, Cat, Answers, Evidence, Skip, Asked string }
	got := map[string]pv{}
	for _, s := range ss {
		if len(s.Probes) != 1 {
			t.Fatalf("%s: %d probes", s.ID, len(s.Probes))
		}
		p := s.Probes[0]
		if p.AfterSession != s.Sessions[len(s.Sessions)-1].ID {
			t.Errorf("%s asked after %s", s.ID, p.AfterSession)
		}
		got[s.ID] = pv{p.ID, p.Kind, p.Category, strings.Join(p.Answers, "|"), strings.Join(p.Evidence, ","), p.RetrievalSkip, p.AskedAt.Format("2006-01-02 15:04")}
	}
	wantP := map[string]pv{
		"lme-q_single":    {"q_single", "single-hop", "single-session-user", "Lisbon", "answer_q0_1#1", "", "2023-05-30 23:40"},
		"lme-q_multi_abs": {"q_multi_abs", "abstention", "multi-session", "", "", "abstention question: no evidence", "2023-06-01 12:00"},
		// number answer; asked one minute after the last turn (09:03), not at 09:02
		"lme-q_ku":   {"q_ku", "multi-hop", "knowledge-update", "3", "answer_q2_1#1,answer_q2_2#2", "", "2023-07-01 09:04"},
		"lme-q_pref": {"q_pref", "preference", "single-session-preference", "The user would prefer outdoor activities such as hiking.", "", "no has_answer turn: turn-level gold unavailable", "2023-08-01 10:00"},
		"lme-q_temp": {"q_temp", "temporal", "temporal-reasoning", "10 days. 11 days (including the last day) is also acceptable.|10 days|11 days", "answer_q4_1#1", "", "2023-03-11 08:00"},
	}
	if !reflect.DeepEqual(got, wantP) {
		t.Errorf("probes:\n got %+v\nwant %+v", got, wantP)
	}
	m := byID["lme-q_pref"].Meta
	if m["answer_session_ids"] != "answer_q3_1" || m["question_type"] != "single-session-preference" || m["abstention"] != "false" || m["importer"] != "longmemeval" {
		t.Errorf("meta %v", m)
	}
	if m := byID["lme-q_ku"].Meta; m["answer_turn_ids"] != "answer_q2_1#1,answer_q2_2#2" || m["answer_session_ids"] != "answer_q2_1,answer_q2_2" {
		t.Errorf("meta %v", m)
	}
	if rep.Dataset != "LongMemEval-S (5/500)" || len(rep.SHA256) != 64 || byID["lme-q_ku"].Meta["sha256"] != rep.SHA256 {
		t.Errorf("report %q %q", rep.Dataset, rep.SHA256)
	}
	wantCounts := map[string]int{
		"questions in file": 5, "questions kept": 5, "sessions": 9, "turns": 17, "abstention questions": 1,
		"number answers written as strings": 1, "repeated haystack sessions renamed": 1, "empty turns dropped": 1,
		"questions with haystack sessions reordered by date": 1, "questions dated before their last session (asked after it)": 1,
		"questions without has_answer turns": 1,
		"gold check: answer not in evidence": 2, // a computed count (two bikes + a third) and a computed day span
	}
	if !reflect.DeepEqual(rep.Counts, wantCounts) {
		t.Errorf("counts:\n got %v\nwant %v", rep.Counts, wantCounts)
	}
	wantStrata := map[string]int{"single-session-user": 1, "multi-session (abstention)": 1, "knowledge-update": 1, "single-session-preference": 1, "temporal-reasoning": 1}
	if !reflect.DeepEqual(rep.Strata, wantStrata) {
		t.Errorf("strata %v", rep.Strata)
	}
	var where []string
	for _, is := range rep.Issues {
		where = append(where, is.Where)
	}
	wantWhere := []string{"[1].haystack_session_ids[2]", "[2].haystack_sessions[1][0].content", "[2].question_date", "[3].answer_session_ids[1]",
		"testdata/questions.json#q_ku probes[0].answers", "testdata/questions.json#q_temp probes[0].answers"}
	if !reflect.DeepEqual(where, wantWhere) {
		t.Errorf("issue paths %q", where)
	}
}

func TestGzipInput(t *testing.T) {
	plain, err := os.ReadFile("testdata/questions.json")
	if err != nil {
		t.Fatal(err)
	}
	// The name does not say gzip: the magic bytes do.
	gz := filepath.Join(t.TempDir(), "questions.data")
	f, _ := os.Create(gz)
	zw := gzip.NewWriter(f)
	zw.Write(plain)
	zw.Close()
	f.Close()
	zs, zrep := load(t, datasets.Spec{Path: gz})
	ps, prep := load(t, datasets.Spec{Path: "testdata/questions.json"})
	for i := range ps {
		if !reflect.DeepEqual(zs[i].Sessions, ps[i].Sessions) || !reflect.DeepEqual(zs[i].Probes, ps[i].Probes) {
			t.Fatalf("gzip and plain differ at %s", ps[i].ID)
		}
	}
	if zrep.SHA256 == prep.SHA256 || !strings.Contains(strings.Join(zrep.Notes, "\n"), "sha256 of the decompressed JSON: "+prep.SHA256) {
		t.Errorf("hashes: gz %s plain %s notes %q", zrep.SHA256, prep.SHA256, zrep.Notes)
	}
}

func TestStratifiedSubsets(t *testing.T) {
	// Five strata of one question; limit 3 keeps the first three strata by name.
	ss, rep := load(t, datasets.Spec{Path: "testdata/questions.json", Limit: 3})
	var ids []string
	for _, s := range ss {
		ids = append(ids, s.ID)
	}
	if !reflect.DeepEqual(ids, []string{"lme-q_multi_abs", "lme-q_ku", "lme-q_pref"}) {
		t.Errorf("limit 3 kept %v", ids)
	}
	if rep.Counts["questions in file"] != 5 || rep.Counts["questions kept"] != 3 || rep.Dataset != "LongMemEval-S (5/500)" {
		t.Errorf("counts %v dataset %q", rep.Counts, rep.Dataset)
	}
	if !reflect.DeepEqual(rep.Strata, map[string]int{"multi-session (abstention)": 1, "knowledge-update": 1, "single-session-preference": 1}) {
		t.Errorf("strata %v", rep.Strata)
	}
	a, _ := load(t, datasets.Spec{Path: "testdata/questions.json", Sample: 2, Seed: 11})
	b, _ := load(t, datasets.Spec{Path: "testdata/questions.json", Sample: 2, Seed: 11})
	if len(a) != 2 || a[0].ID != b[0].ID || a[1].ID != b[1].ID {
		t.Error("seeded sample not reproducible")
	}
	all, _ := load(t, datasets.Spec{Path: "testdata/questions.json", Sample: 50})
	if len(all) != 5 {
		t.Errorf("sample larger than the file kept %d", len(all))
	}
	named, nrep := load(t, datasets.Spec{Path: "testdata/questions.json", Limit: 1, Options: map[string]any{"name": "my split"}})
	if nrep.Dataset != "my split" || named[0].Meta["dataset"] != "my split" {
		t.Errorf("name option: %q", nrep.Dataset)
	}
}

func TestBadFilesGiveJSONPaths(t *testing.T) {
	for file, want := range map[string]string{
		"content-number.json":    "[1].haystack_sessions[0][1].content: want a string, got a number",
		"dates-mismatch.json":    "[0].haystack_dates: 1 dates for 2 haystack sessions",
		"role.json":              `[0].haystack_sessions[0][0].role: role "system"; want user or assistant`,
		"bad-date.json":          `[0].question_date: date "yesterday"`,
		"has-answer-string.json": "[0].haystack_sessions[1][0].has_answer: want true or false, got a string",
		"missing-answer.json":    "[0].answer: missing",
		"repeated-id.json":       `[1].question_id: question id "q_single" repeats [0]`,
		"truncated.json":         "file ends in the middle of a JSON value",
		"not-list.json":          "want a list of LongMemEval questions",
	} {
		_, _, err := datasets.Load(datasets.Spec{Kind: Kind, Path: filepath.Join("testdata/bad", file)})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v; want it to contain %q", file, err, want)
		}
	}
	// With a subset the file is read twice; errors in kept questions and in
	// the file's structure are found either way.
	for file, want := range map[string]string{
		"content-number.json": "[1].haystack_sessions[0][1].content: want a string, got a number",
		"truncated.json":      "file ends in the middle of a JSON value",
		"not-list.json":       "want a list of LongMemEval questions",
	} {
		_, _, err := datasets.Load(datasets.Spec{Kind: Kind, Path: filepath.Join("testdata/bad", file), Limit: 2})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s (limit 2): error %v; want it to contain %q", file, err, want)
		}
	}
	if _, _, err := datasets.Load(datasets.Spec{Kind: Kind, Path: "testdata/questions.json", Options: map[string]any{"nmae": "x"}}); err == nil {
		t.Error("unknown option accepted")
	}
}

func TestAcceptedAnswers(t *testing.T) {
	cases := map[string][]string{
		"3 days ago. 4 days (including the last day) is also acceptable.":      {"3 days ago. 4 days (including the last day) is also acceptable.", "3 days ago", "4 days"},
		"One week. Answers ranging from 7 days to 9 days are also acceptable.": {"One week. Answers ranging from 7 days to 9 days are also acceptable.", "One week", "7 days", "8 days", "9 days"},
		// units differ: not a range of one unit
		"A month. Answers ranging from 4 weeks to 30 days are also acceptable.": {"A month. Answers ranging from 4 weeks to 30 days are also acceptable."},
		"Lisbon":   {"Lisbon"},
		"2.5 days": {"2.5 days"},
	}
	for gold, want := range cases {
		if got := acceptedAnswers(gold); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: got %q, want %q", gold, got, want)
		}
	}
}
