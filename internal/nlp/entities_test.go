package nlp

import (
	"reflect"
	"testing"
)

func TestEntities(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"We moved orders to Postgres 16 last week.", []string{"postgres 16"}},
		{"Priya booked Hotel Granvia Kyoto for two nights.", []string{"priya", "hotel granvia kyoto"}},
		{"The pgxpool hit max_conns on /orders at p95.", []string{"max_conns", "orders", "p95"}},
		{"I read the HelixQA paper by Okafor et al.", []string{"helixqa", "okafor"}},
		{"Thanks, see you Monday!", []string{"monday"}},
		{"I'm sure. Let's ask Marco Rossi.", []string{"marco rossi"}},
		{"We upgraded to Go 1.22, then to Go 1.23.", []string{"go 1.22", "go 1.23"}},
	}
	for _, c := range cases {
		got := []string{}
		for _, m := range Entities(c.in) {
			got = append(got, m.Key)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("Entities(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestNormalizeEntity(t *testing.T) {
	cases := map[string]string{"I": "user", "I'm": "user", "me": "user", "the user": "user", "The Orders API": "orders api", "  Kyoto's ": "kyoto", "the": ""}
	for in, want := range cases {
		if got := NormalizeEntity(in); got != want {
			t.Errorf("NormalizeEntity(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTokenize(t *testing.T) {
	var got []string
	for _, tk := range Tokenize(`I paid $5,500 (20%) for net/http's max_conns at 3.5 on /orders, didn't I? E.g. node.js.`) {
		got = append(got, tk.Text)
	}
	want := []string{"I", "paid", "$5,500", "(", "20%", ")", "for", "net/http's", "max_conns", "at", "3.5", "on", "/orders", ",", "didn't", "I", "?", "E", ".", "g", ".", "node.js", "."}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Tokenize = %q\nwant %q", got, want)
	}
	// a web address and a handle are one word each; the sentence's own
	// punctuation and a closing bracket are not part of them
	got = nil
	for _, tk := range Tokenize(`See https://example.org/a?b=1&c=2. Or (www.example.org/docs), @rio_maps, mail lena.ruiz@example.org, x@y, https://example.org/wiki/Pie_(dish).`) {
		got = append(got, tk.Text)
	}
	want = []string{"See", "https://example.org/a?b=1&c=2", ".", "Or", "(", "www.example.org/docs", ")", ",", "@rio_maps", ",", "mail", "lena.ruiz@example.org", ",", "x@y", ",", "https://example.org/wiki/Pie_(dish)", "."}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Tokenize = %q\nwant %q", got, want)
	}
	// a markdown-escaped underscore stays inside its word
	got = nil
	for _, tk := range Tokenize(`Try @lena\_ruiz\_art or set max\_retries, not a \_ alone. Mail mia.r@northwind.example. See IMG_2034.JPG and report_2023.pdf, born 2023.The end. Got a PS5.I love it, a PS5.so good. Ferry B12.hope so.`) {
		got = append(got, tk.Text)
	}
	want = []string{"Try", `@lena\_ruiz\_art`, "or", "set", `max\_retries`, ",", "not", "a", `\`, "_", "alone", ".", "Mail", "mia.r@northwind.example", ".", "See", "IMG_2034.JPG", "and", "report_2023.pdf", ",", "born", "2023", ".", "The", "end", ".", "Got", "a", "PS5", ".", "I", "love", "it", ",", "a", "PS5", ".", "so", "good", ".", "Ferry", "B12", ".", "hope", "so", "."}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Tokenize = %q\nwant %q", got, want)
	}
	s := "Hi, Nora, see https://example.org/ü"
	for _, tk := range Tokenize(s) {
		if s[tk.Start:tk.End] != tk.Text {
			t.Fatalf("offsets of %q", tk.Text)
		}
	}
}

func TestWordClassesAndLemma(t *testing.T) {
	if !IsFunctionWord("the") || !IsPreposition("with") || !IsAuxiliary("didn't") || IsFunctionWord("garden") {
		t.Fatal("word classes")
	}
	for in, want := range map[string]string{"went": "go", "bought": "buy", "seen": "see", "rose": "rose", "garden": "garden"} {
		if got := Lemma(in); got != want {
			t.Errorf("Lemma(%q) = %q, want %q", in, got, want)
		}
	}
}
