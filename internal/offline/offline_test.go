package offline

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/scenarios"
)

func turn(speaker, addressee, text string) model.TurnInput {
	return model.TurnInput{Speaker: speaker, Addressee: addressee, Role: "user", SessionDate: "2023-05-08", Text: text}
}

func TestTripletsNamePeopleAndResolveDates(t *testing.T) {
	m := New()
	cases := []struct {
		in   model.TurnInput
		want []model.Triplet
	}{
		{turn("Melanie", "Caroline", "I live in Denver."),
			[]model.Triplet{{Subject: "Melanie", Relation: "located_in", Object: "Denver", Evidence: "I live in Denver."}}},
		{turn("Caroline", "Melanie", "I live in Boston."),
			[]model.Triplet{{Subject: "Caroline", Relation: "located_in", Object: "Boston", Evidence: "I live in Boston."}}},
		{turn("Melanie", "Caroline", "I'm going to a pottery class next Saturday."),
			[]model.Triplet{{Subject: "Melanie going to a pottery class", Relation: "scheduled_for", Object: "2023-05-13", Evidence: "I'm going to a pottery class next Saturday."}}},
		{turn("Melanie", "Caroline", "We switched from Postgres to MySQL."),
			[]model.Triplet{{Subject: "Melanie", Relation: "uses", Object: "MySQL", Replaces: "Postgres", ReplacedPhrase: "from Postgres ", Evidence: "We switched from Postgres to MySQL.", Change: true}}},
		{turn("Melanie", "Caroline", "I no longer use Redis."),
			[]model.Triplet{{Subject: "Melanie", Relation: "uses", Object: "Redis", Negated: true, Evidence: "I no longer use Redis.", Change: true}}},
		{turn("Dana", "", "I avoid spicy food when I'm unwell."),
			[]model.Triplet{{Subject: "Dana", Relation: "dislikes", Object: "spicy food", Condition: "when I'm unwell", Evidence: "I avoid spicy food when I'm unwell."}}},
		{turn("Melanie", "Caroline", "Do you like hiking?"), []model.Triplet{}},
		{turn("Melanie", "Caroline", "Thanks, see you!"), []model.Triplet{}},
		{turn("Melanie", "Caroline", "I love painting with my kids."),
			[]model.Triplet{{Subject: "Melanie", Relation: "prefers", Object: "painting with Melanie's kids", Evidence: "I love painting with my kids."}}},
	}
	for _, c := range cases {
		got := m.Triplets(model.TripletsInput{TurnInput: c.in}).Triplets
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q:\n got %+v\nwant %+v", c.in.Text, got, c.want)
		}
	}
}

func TestSpeechActs(t *testing.T) {
	cases := map[string]Act{
		"Where did you go last summer?":                 ActQuestion,
		"Thanks!":                                       ActSmallTalk,
		"We decided to adopt a dog.":                    ActDecision,
		"Next time I will book the tickets earlier.":    ActLesson,
		"The new recipe worked perfectly.":              ActOutcome,
		"I'm going to visit my parents next month.":     ActPlan,
		"I really enjoy reading mystery novels.":        ActPreference,
		"Maybe the store closes early on Sundays.":      ActHypothesis,
		"My sister works as a nurse in a big hospital.": ActStatement,
	}
	for text, want := range cases {
		a := Analyze(text, "A", "B", timeZero)
		if got := a.Sentences[0].Act; got != want {
			t.Errorf("%q: act %s, want %s", text, got, want)
		}
	}
}

func TestThoughtsLocateTagsQuery(t *testing.T) {
	m := New()
	in := turn("Dana", "Sam", "We decided to use chi for the router. Next time we should check the benchmarks first.")
	th := m.Thoughts(model.ThoughtsInput{TurnInput: in, MaxThoughts: 8,
		Candidates: []model.Candidate{{ID: "c1", Type: "analysis", Content: "The router benchmarks favour chi", SameSession: true}}}).Thoughts
	if len(th) != 2 || th[0].Type != model.ThoughtDecision || th[0].Parent != "c1" || th[0].Person != "Dana" || th[1].Type != model.ThoughtLesson {
		t.Fatalf("thoughts = %+v", th)
	}
	p := m.Locate(model.LocateInput{TurnInput: turn("Dana", "", "Set the timeout to 30 seconds instead of 10 seconds."), Goal: "g"})
	if p.Goal != "g" || len(p.Updates) != 1 || p.Updates[0].Old != "10 seconds" || p.Updates[0].New != "30 seconds" || p.Updates[0].Attribute != "timeout" {
		t.Fatalf("placement = %+v", p)
	}
	p = m.Locate(model.LocateInput{TurnInput: turn("Dana", "", "That did not work, the upload failed again."), Goal: "g"})
	if p.Outcome != model.OutcomeFailure {
		t.Fatalf("placement = %+v", p)
	}
	tg := m.Tags(model.TagInput{TurnInput: model.TurnInput{Role: "user", Speaker: "Dana", Task: "Fix the login bug", Text: "Why does the login fail after the update?"}})
	if tg.Goal != "debug" || tg.ActionType != "ask" || !reflect.DeepEqual(tg.Subtasks, []string{"diagnose"}) {
		t.Fatalf("tags = %+v", tg)
	}
	q := Query(model.QueryInput{Question: "Which framework did we pick for the router?"})
	if q.ActionType != "decide" || !reflect.DeepEqual(q.Intents, []string{"goal:decide"}) {
		t.Fatalf("query = %+v", q)
	}
}

func TestAnswerJudgeReflectSummarize(t *testing.T) {
	a := Answer(model.AnswerInput{Question: "Where does Melanie live?", Context: "[2023-05-08 t1] Melanie: I live in Denver."})
	if a.Text == "" || a.Support <= 0 {
		t.Fatalf("answer = %+v", a)
	}
	if Judge(model.JudgeInput{Gold: "Denver", Answer: "in Denver"}) != "CORRECT" || Judge(model.JudgeInput{Gold: "Denver", Answer: "Boston"}) != "INCORRECT" {
		t.Fatal("lexical judge")
	}
	if Judge(model.JudgeInput{Abstention: true, Answer: "not mentioned"}) != "CORRECT" {
		t.Fatal("abstention judge")
	}
	if r := Reflect(model.ReflectInput{Step: "Retry the upload.", Outcome: "The upload failed again."}); r.Lesson != "Lesson: tried Retry the upload; it failed: The upload failed again. Next time, do not repeat it unchanged." {
		t.Fatalf("reflection = %q", r.Lesson)
	}
	s := Summarize(model.SummarizeInput{MaxWords: 8, Lines: []string{"user: Hi there!", "assistant: We decided to use chi.", "user: The weather is nice today and sunny."}})
	if s.Summary != "We decided to use chi." {
		t.Fatalf("summary = %q", s.Summary)
	}
}

func TestRespondTypedInputOnly(t *testing.T) {
	m := New()
	out, err := m.Respond(context.Background(), model.Request{Kind: model.KindExtractTriplets, Input: model.TripletsInput{TurnInput: turn("Ann", "", "I live in Oslo.")}})
	var x model.TripletExtraction
	if err != nil || json.Unmarshal([]byte(out), &x) != nil || len(x.Triplets) != 1 || x.Triplets[0].Subject != "Ann" {
		t.Fatalf("reply %q, %v", out, err)
	}
	if _, err := m.Respond(context.Background(), model.Request{Kind: model.KindExtractTriplets, Input: map[string]any{"Text": "x"}}); err == nil {
		t.Fatal("want an error for an untyped input")
	}
}

// TestTwoSpeakersStayApart: two speakers state conflicting facts about
// themselves; the model names each one, so no fact of one can supersede the
// other's.
func TestTwoSpeakersStayApart(t *testing.T) {
	sc := &scenarios.Session{ID: "s1", Turns: []scenarios.Turn{
		{ID: "t1", Role: "user", Speaker: "Caroline", Text: "I live in Boston."},
		{ID: "t2", Role: "user", Speaker: "Melanie", Text: "I live in Denver."},
	}}
	m := New()
	var subjects []string
	for i := range sc.Turns {
		for _, tr := range m.Triplets(model.TripletsInput{TurnInput: TurnInput(sc, i)}).Triplets {
			subjects = append(subjects, tr.Subject+"|"+tr.Object)
		}
	}
	if !reflect.DeepEqual(subjects, []string{"Caroline|Boston", "Melanie|Denver"}) {
		t.Fatalf("facts = %v", subjects)
	}
}

func TestEvaluateCounts(t *testing.T) {
	sc := &scenarios.Scenario{Sessions: []scenarios.Session{{ID: "s1", Turns: []scenarios.Turn{
		{ID: "t1", Role: "user", Speaker: "Ann", Text: "I live in Oslo. I love jazz.", Gold: &scenarios.Gold{
			Triplets: []scenarios.GoldTriplet{{Subject: "user", Relation: "located_in", Object: "oslo"}, {Subject: "user", Relation: "owns", Object: "a cat"}},
			Facts:    []string{"Ann lives in Oslo.", "Ann owns a boat."}}},
	}}}}
	q, err := New().Evaluate(context.Background(), []*scenarios.Scenario{sc})
	if err != nil {
		t.Fatal(err)
	}
	want := PR{Predicted: 2, Gold: 2, MatchedPredicted: 1, MatchedGold: 1}
	if q.Turns != 1 || q.Triplets != want || q.Observations.Facts != 2 || q.Observations.Captured != 1 {
		t.Fatalf("quality = %+v", q)
	}
}

// TestMemoizedSummarizeIsSummarize: the model's summaries, whose line
// analyses are memoized across calls, equal the plain function's, also
// when a line recurs in a longer summary.
func TestMemoizedSummarizeIsSummarize(t *testing.T) {
	m := New()
	lines := []string{"user: Hi there!", "assistant: We decided to use chi.", "user: The weather is nice today and sunny.",
		"user: I moved to Lisbon last month and started a new job.", "assistant: Congratulations on the move."}
	for n := 1; n <= len(lines); n++ {
		in := model.SummarizeInput{MaxWords: 12, Lines: lines[:n]}
		if got, want := m.Summarize(in), Summarize(in); got != want {
			t.Fatalf("%d lines: memoized %q, plain %q", n, got.Summary, want.Summary)
		}
	}
	if hits, _ := m.acts.Stats(); hits != 10 {
		t.Fatalf("%d cache hits, want 10 (each line re-read by every longer summary)", hits)
	}
}
