package reader

import "testing"

func TestParseInterval(t *testing.T) {
	cases := []struct {
		q          string
		unit, a, b string
	}{
		{"How many days passed between the day I repaired the fence and the day I painted the barn?", "day", "I repaired the fence", "I painted the barn"},
		{"How many days had passed between the kayak race and the chess final?", "day", "the kayak race", "the chess final"},
		{"How many weeks passed between Ola adopting Rex and Bella?", "week", "Ola adopting Rex", "Bella"},
		{"How many days before the piano recital did I buy the new shoes?", "day", "the piano recital", "I buy the new shoes"},
		{"How many days had passed since I joined the choir when I sang my first solo?", "day", "I joined the choir", "I sang my first solo"},
		{"How many days did it take for my parcel to arrive after I ordered it?", "day", "my parcel to arrive", "I ordered it"},
	}
	for _, c := range cases {
		iv, ok := parseInterval(c.q)
		if !ok || iv.unit != c.unit || iv.events[0] != c.a || iv.events[1] != c.b {
			t.Errorf("%q: got %+v %v, want %s %q %q", c.q, iv, ok, c.unit, c.a, c.b)
		}
	}
	for _, q := range []string{"How many days ago did I buy the kettle?", "How many apples did Nora pick?", "How long did the drought last?"} {
		if iv, ok := parseInterval(q); ok {
			t.Errorf("%q: parsed as an interval %+v", q, iv)
		}
	}
}

func TestReadInterval(t *testing.T) {
	ctx := "[2025-03-02 s1-t1] Nora: I repaired the fence yesterday, the posts were rotten.\n" +
		"[2025-03-20 s2-t4] Nora: We finally painted the barn today, bright red.\n" +
		"[2025-03-20 s2-t5] Theo: The barn looks great.\n" +
		"[2025-04-14 s3-t2] Nora: My parcel with the seeds arrived this morning.\n" +
		"[2025-04-10 s3-t1] Nora: I ordered a parcel of seeds on Monday.\n"
	cases := []struct{ q, want string }{
		// 1 March to 20 March
		{"How many days passed between the day Nora repaired the fence and the day she painted the barn?", "19 days"},
		{"How many weeks passed between the day Nora repaired the fence and the day she painted the barn?", "3 weeks"},
		{"How many days before painting the barn did Nora repair the fence?", "19 days"},
		// Monday 7 April to 14 April
		{"How many days did it take for the parcel of seeds to arrive after Nora ordered it?", "7 days"},
	}
	for _, c := range cases {
		if got := Read(c.q, ctx, Options{}).Text; got != c.want {
			t.Errorf("%q: got %q, want %q", c.q, got, c.want)
		}
	}
}

// The head of a question's noun compound is its last noun.
func TestAnalyzeCompoundHead(t *testing.T) {
	cases := map[string]string{
		"Which hotel chain did Nora pick?":         "chain",
		"What engine version does the mower run?":  "version",
		"What kind of book did Theo read?":         "book",
		"Which board games has Nora played?":       "games",
		"Which city did Theo move to?":             "city",
		"What cooking class did Nora sign up for?": "class",
	}
	for q, want := range cases {
		if got := analyze(q).head; got != want {
			t.Errorf("%q: head %q, want %q", q, got, want)
		}
	}
	if q := analyze("What engine version does the mower run?"); q.typ != TypeNumber {
		t.Errorf("version question: type %v, want %v", q.typ, TypeNumber)
	}
}
