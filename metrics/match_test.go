package metrics

import "testing"

func TestMentionsPhraseWithNumberBoundaries(t *testing.T) {
	cases := []struct {
		name, text, fact string
		want             bool
	}{
		{"decimal is one token", "The dose went up to 7.5 mg.", "5 mg", false},
		{"whole number matches", "Take 5 mg twice a day.", "5 mg", true},
		{"decimal matches itself", "Take 7.5 mg.", "7.5 mg", true},
		{"version prefix is not the version", "We run Go 1.25.1 now.", "Go 1.25", false},
		{"thousands separator", "The budget is $1,200 per month.", "1200", true},
		{"list of numbers is not one number", "Rooms 1,2,3 are free.", "123", false},
		{"phrase, not bag: other person's duty", "Sam handles the deploys and Priya handles QA.", "Priya handles the deploys", false},
		{"stopwords between content words do not break a phrase", "Priya handles all of the deploys.", "Priya handles the deploys", true},
		{"phrase with only stopwords between content words", "Priya handles the deploys.", "Priya handles deploys", true},
		{"inflection", "We switched to keyset pagination.", "keyset paginated", true},
		{"punctuation inside a name", "Deploy target: Fly.io.", "Fly.io", true},
		{"percent", "Alert at 70% CPU.", "70%", true},
		{"stopword-only fact", "it is the one", "the one", true},
		{"empty fact", "anything", "", false},
		{"number word is its number", "It took 4 weeks.", "Four weeks", true},
		{"one is a number word too", "It took 1 week.", "one week", true},
		{"a count in words holds its digits", "It took one week.", "1 week", true},
		{"number is its number word", "I have two sisters.", "2 sisters", true},
		{"other number", "It took 4 weeks.", "Five weeks", false},
		{"number word above twenty is a word", "It took 30 days.", "thirty days", false},
	}
	for _, c := range cases {
		if got := Mentions(c.text, c.fact); got != c.want {
			t.Errorf("%s: Mentions(%q, %q) = %v, want %v", c.name, c.text, c.fact, got, c.want)
		}
	}
}

func TestStatesAsCurrent(t *testing.T) {
	cases := []struct {
		name, text, stale string
		want              bool
	}{
		{"plain statement", "The team has 10 seats.", "10 seats", true},
		{"from X to Y (phrase not contiguous)", "We went from 10 to 12 seats.", "10 seats", false},
		{"from X to Y (phrase contiguous)", "Seats changed from 10 seats to 12 seats.", "10 seats", false},
		{"new value after from-to is current", "Seats changed from 10 seats to 12 seats.", "12 seats", true},
		{"Y, not X", "We deploy on Render, not Fly.io.", "Fly.io", false},
		{"X, not Y: X is current", "We deploy on Fly.io, not Render.", "Fly.io", true},
		{"no longer X", "We no longer use GORM.", "GORM", false},
		{"X is no longer", "GORM is no longer used.", "GORM", false},
		{"X was replaced", "GORM was replaced by sqlc.", "GORM", false},
		{"instead of X", "Use sqlc instead of GORM.", "GORM", false},
		{"switched from X", "We switched from GORM last week.", "GORM", false},
		{"negation inside phrase", "Priya does not handle deploys.", "Priya handle deploys", false},
		{"previously X", "MaxConns is 15 (previously MaxConns 20).", "MaxConns 20", false},
		{"replaced then restated as current", "We moved from GORM to sqlc. GORM handles the reads.", "GORM", true},
		{"decimal does not contain the stale whole number", "Dose: 7.5 mg.", "5 mg", false},
		{"person update with gold also named", "Priya drives on Thursdays; Sam drives on Fridays.", "Priya drives on Thursdays", true},
		{"person update stated as replaced", "Sam drives on Thursdays now, not Priya.", "Priya", false},
		{"other person's duty in a list", "Sam drives on Thursdays and Priya cooks on Fridays.", "Priya drives on Thursdays", false},
	}
	for _, c := range cases {
		if got := StatesAsCurrent(c.text, c.stale); got != c.want {
			t.Errorf("%s: StatesAsCurrent(%q, %q) = %v, want %v", c.name, c.text, c.stale, got, c.want)
		}
	}
}

// The probe metrics and the task check apply one stale rule: an item
// stating the old value as replaced passes both, an item stating it as
// current fails both, whether or not the gold answer is also named.
func TestOneStaleRuleForProbesAndTasks(t *testing.T) {
	cases := []struct {
		item  string
		stale bool
	}{
		{"The table grew from 10 to 12 seats.", false},
		{"The table grew from 10 seats to 12 seats.", false},
		{"The table has 12 seats, not 10 seats.", false},
		{"The table has 10 seats and 12 chairs.", true},
		{"It has 12 seats; earlier notes say 10 seats.", true},
	}
	for _, c := range cases {
		g := ProbeGold{Kind: "knowledge-update", Answers: []string{"12 seats"}, StaleFacts: []string{"10 seats"}}
		s := Score(g, RecallView{Context: c.item, CurrentTexts: []string{c.item}}, c.item, 10)
		task := TaskCheck([]string{"12 seats"}, []string{"10 seats"}, c.item, []string{c.item})
		want := Bool(c.stale)
		if s.StaleFactRate != want || s.StaleInContext != want {
			t.Errorf("%q: stale rate %v, stale in ctx %v, want %v", c.item, s.StaleFactRate, s.StaleInContext, want)
		}
		if (task == Of(0)) != c.stale {
			t.Errorf("%q: task success %v, stale %v", c.item, task, c.stale)
		}
	}
}
