package reader

import "testing"

func TestTimeOrderModifierIsNotTheKind(t *testing.T) {
	for _, c := range []struct{ ctx, q, want string }{
		{"[2024-05-14 a] user: I just passed my latest certification, in cloud security, after months of study.", "What certification did I pass?", "cloud security"},
		{"[2024-05-14 a] user: I'm working on a new project in my notebook: a mystery novel set in Maine.", "What project am I working on in my notebook?", "mystery novel set in Maine"},
	} {
		if a := Read(c.q, c.ctx, Options{}); a.Text != c.want {
			t.Errorf("%s: %q, want %q", c.q, a.Text, c.want)
		}
	}
	u := &unit{}
	s := newSentence("My previous job was great.", u)
	if !onlyEvaluative(s, 1, 2) || onlyEvaluative(s, 1, 3) {
		t.Errorf("onlyEvaluative: previous = %v, previous job = %v", onlyEvaluative(s, 1, 2), onlyEvaluative(s, 1, 3))
	}
}
