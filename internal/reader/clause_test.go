package reader

import (
	"strings"
	"testing"
)

func TestSeriesItemWithSubject(t *testing.T) {
	u := &unit{}
	for text, want := range map[string]string{
		// a clause with a subject of its own is no item
		"I love soup and warm bread, they're a comfort and keep me going.": "",
		"Every time I go back, I feel such calm and relief for the years.": "",
		// the series starts after the subject
		"Besides hiking, I also enjoy reading, cooking, and drawing.": "enjoy reading, cooking, and drawing",
	} {
		var got []string
		for _, sp := range seriesSpans(newSentence(text, u)) {
			got = append(got, sp.text)
		}
		if strings.Join(got, "|") != want {
			t.Errorf("%q: series %q, want %q", text, got, want)
		}
	}
}

// objectCase is a question, a sentence and the objects of the question's
// verb objectSpans reads in it, joined by "|".
type objectCase struct{ q, text, want string }

// checkObjects checks objectSpans on each case.
func checkObjects(t *testing.T, cases []objectCase) {
	t.Helper()
	for _, c := range cases {
		q := analyze(c.q)
		s := newSentence(c.text, &unit{})
		var got []string
		for _, o := range objectSpans(q, s, anchorsOf(q, s), nil, 10) {
			got = append(got, o.text)
		}
		if strings.Join(got, "|") != c.want {
			t.Errorf("%q: objects %q, want %q", c.text, got, c.want)
		}
	}
}

func TestObjectEndsBeforeCoordinatedVerb(t *testing.T) {
	checkObjects(t, []objectCase{
		{"What did Mia finish last week?", "I finally finished my first quilt and printed a photo of it.", "first quilt"},
		// tagged as a noun, but its object follows
		{"What did Mia finish last week?", "I finally finished my first quilt and hung it on the wall.", "first quilt"},
		// nouns stay coordinated, a misread plural too
		{"What did Mia buy?", "I bought warm socks and mittens for the trip.", "warm socks and mittens for the trip"},
		{"What did Mia find?", "I find soft melodies and rhythms help me sleep.", "soft melodies and rhythms help me sleep"},
		// a verb-phrase object keeps its coordinated verbs
		{"What did Mia start?", "I started to sketch and paint every morning.", "sketch and paint every morning"},
	})
}

func TestFrontedAdverbialClause(t *testing.T) {
	for q, want := range map[string]Type{
		"When we moved to the farm, what did Nadia plant first?": TypePhrase,
		"When Leo was a boy, where did he spend his summers?":    TypePlace,
		"Before I sold the van, did I own a truck?":              TypeYesNo,
		"After the storm, how many trees did Nadia lose?":        TypeNumber,
		"When did Nadia plant the beans, and where?":             TypeDate,
		"When Nadia planted the beans, she was happy.":           TypeDate,
		"If it rains, the picnic moves indoors, which is fine?":  TypePhrase,
	} {
		if got := analyze(q).typ; got != want {
			t.Errorf("%q: type %s, want %s", q, got, want)
		}
	}
	// the fronted clause's words stay focus terms
	q := analyze("When we moved to the farm, what did Nadia plant first?")
	if q.order(stem("farm")) < 0 {
		t.Errorf("focus %q lacks the fronted clause's %q", q.focus, "farm")
	}
}

func TestMisreadHeadNoun(t *testing.T) {
	// the tagger reads "lens" as a verb by its -s; before the question's
	// auxiliary it heads the wh-phrase, and in the context it heads the
	// noun phrase after its modifier
	q := analyze("What type of camera lens did I purchase?")
	if q.head != "lens" {
		t.Fatalf("head %q, want lens", q.head)
	}
	s := newSentence("I've been getting great shots with my new zoom lens lately.", &unit{})
	var got []string
	for _, h := range headSpans(q, s) {
		got = append(got, h.text)
	}
	if strings.Join(got, "|") != "new zoom lens" {
		t.Errorf("head spans %q, want [new zoom lens]", got)
	}
}

func TestLatestAsksForOne(t *testing.T) {
	if q := analyze("What plants did Nadia buy most recently?"); q.list {
		t.Error("a superlative of time asks for a list")
	}
	if q := analyze("What plants did Nadia buy?"); !q.list {
		t.Error("a plural head asks for no list")
	}
}

func TestTitleWithCreator(t *testing.T) {
	checkReads(t, "[2024-01-10 a] Nadia: Last month I read \"The Salt Road\" by Ines Varga in two days!", []readCase{
		{"Which book did Nadia read last month?", "Salt Road by Ines Varga"},
	})
	checkReads(t, "[2024-01-10 a] Nadia: Last month I read \"The Salt Road\" on the train.", []readCase{
		{"Which book did Nadia read last month?", "Salt Road"},
	})
}

func TestExamplesOfGeneralNoun(t *testing.T) {
	s := newSentence("I get them from various places like markets, old maps, and even train timetables, which I love.", &unit{})
	end := 0
	for i, tk := range s.toks {
		if tk.Lower == "places" {
			end = i + 1
		}
	}
	if got := examplesAfter(s, end, 10); got != "markets, old maps, and train timetables" {
		t.Errorf("examples %q", got)
	}
	if got := examplesAfter(s, end-1, 10); got != "" {
		t.Errorf("no cue: %q", got)
	}
}

func TestReadExamples(t *testing.T) {
	checkReads(t, "[2024-01-10 a] Nadia: I get my ideas from various sources like markets, old maps, and even train timetables.", []readCase{
		{"Where does Nadia get her ideas from?", "markets, old maps, and train timetables"},
	})
}

func TestObjectOfTheQuestionsVerb(t *testing.T) {
	checkObjects(t, []objectCase{
		// the verb's word used as a noun has no object
		{"What has Nadia started learning?", "I started learning how to knit - it's a learning curve, but fun.", "knit"},
		// a phrasal verb asked: the verb without its particle is
		// another verb
		{"What hobby did Nadia take up?", "I've taken up pottery, and I'm taking pics of every bowl.", "pottery"},
	})
}

func TestLikesDoingAsksForAnActivity(t *testing.T) {
	for q, want := range map[string]bool{
		"What does Nadia enjoy doing after work?": true,
		"What does Nadia like to do on Sundays?":  true,
		"What does Nadia enjoy about her job?":    false,
	} {
		if got := analyze(q).activity; got != want {
			t.Errorf("%q: activity %v, want %v", q, got, want)
		}
	}
}

func TestWhichFirstByStateStart(t *testing.T) {
	ctx := "[2024-05-20 s1-t1] User: I went to a pottery fair in town yesterday.\n" +
		"[2024-05-20 s2-t1] User: I've been taking guitar lessons for the past three months, and I love them.\n"
	checkReads(t, ctx, []readCase{
		{"Which happened first, the pottery fair or the start of my guitar lessons?", "the start of my guitar lessons"},
	})
}

func TestSentenceInitialCapital(t *testing.T) {
	u := &unit{}
	if tg := newSentence("Super cozy and comfy.", u).tags(); tg[0] == "NNP" {
		t.Errorf("sentence-initial adjective tagged %v", tg)
	}
	if tg := newSentence("Marta went home early.", u).tags(); tg[0] != "NNP" {
		t.Errorf("sentence-initial name tagged %v", tg)
	}
}

func TestClassifiedSubjects(t *testing.T) {
	u := &unit{}
	q := analyze("What winter sport does Nadia like?")
	for text, want := range map[string]string{
		"Curling, sledding, and cross-country skiing are all great winter sports.": "Curling, sledding, and cross-country skiing",
		"They are all great winter sports.":                                        "",
		"Curling is a great winter sport.":                                         "",
	} {
		var got []string
		for _, sp := range classifiedSubjects(q, newSentence(text, u)) {
			got = append(got, sp.text)
		}
		if strings.Join(got, "|") != want {
			t.Errorf("%q: subjects %q, want %q", text, got, want)
		}
	}
}

func TestReadClassifiedSubject(t *testing.T) {
	checkReads(t, "[2024-01-10 a] Nadia: Curling, sledding, and cross-country skiing are all great winter sports I enjoy.", []readCase{
		{"What winter sport does Nadia enjoy?", "Curling, sledding, and cross-country skiing"},
	})
}
