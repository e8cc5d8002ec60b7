package reader

import (
	"testing"

	"github.com/memarena/memarena/internal/nlp"
)

func TestTokenForm(t *testing.T) {
	for _, tc := range []struct {
		tok  string
		want form
	}{
		{"https://example.org/a?b=1", formURL},
		{"www.example.org", formURL},
		{"lena.ruiz@example.org", formEmail},
		{"x@y", formNone},
		{"@rio_maps", formHandle},
		{`@lena\_ruiz`, formHandle},
		{"docs/setup.md", formPath},
		{"feature/fuzzy-search", formPath},
		{"/v1/orders", formPath},
		{"main.go", formPath},
		{"citybreaks.com", formURL},
		{"bbc.co.uk", formURL},
		{"CACHE_MAX_BYTES", formCode},
		{`max\_retries`, formCode},
		{"v1.2.3", formCode},
		{"retryLimit", formCode},
		// words, not identifiers
		{"singer/songwriter", formNone},
		{"and/or", formNone},
		{"3.5", formNone},
		{"12/05", formNone},
		{"e.g", formNone},
		{"U.S", formNone},
		{"end.Next", formNone},
		{"Lisbon", formNone},
		{"iPad", formNone}, // camel case needs two lower-case letters first
		{"_", formNone},
	} {
		if got := tokenForm(nlp.Token{Text: tc.tok}); got != tc.want {
			t.Errorf("tokenForm(%q) = %d, want %d", tc.tok, got, tc.want)
		}
	}
	if got := tokenForm(nlp.Token{Text: "main.go", Punct: true}); got != formNone {
		t.Errorf("punctuation read as an identifier")
	}
}

func TestIdentifierAnswers(t *testing.T) {
	for _, tc := range []struct{ q, ctx, want string }{
		// the head noun names the form
		{"What is the bakery's Instagram handle?",
			"[2024-03-02 a] Assistant: Ola's Bakery posts its daily menu on Instagram as @olas_loaves, and it also sells online.", "@olas_loaves"},
		{"What was the link to the lentil soup recipe?",
			"[2024-03-02 a] Assistant: Here is the lentil soup recipe I mentioned: https://example.org/recipes/lentil-soup - it takes 40 minutes.", "https://example.org/recipes/lentil-soup"},
		{"What is the support email for the gym?",
			"[2024-03-02 a] User: For membership questions the gym support team says to write to help@ironworks-gym.example, not the front desk.", "help@ironworks-gym.example"},
		{"Which file holds the retry settings for the uploader?",
			"[2024-03-02 a] Assistant: The retry settings for the uploader are stored in config/uploader.yaml, next to the queue settings.", "config/uploader.yaml"},
		// the identifier set right after the head noun
		{"Which branch has the new search feature?",
			"[2024-03-02 a] User: I pushed the new search feature to the branch feature/fuzzy-search this morning.", "feature/fuzzy-search"},
		// of two identifiers, the one of the form asked for, or the one
		// the head noun is set before
		{"What is the bakery's Instagram handle?",
			"[2024-03-02 a] Assistant: For Ola's Bakery see https://olas.example/menu and the Instagram handle @olas_loaves for daily posts.", "@olas_loaves"},
		{"What is the link to the bakery's menu?",
			"[2024-03-02 a] Assistant: For Ola's Bakery menu see @olas_loaves or https://olas.example/menu for the full list.", "https://olas.example/menu"},
		{"What is the bakery's handle?",
			"[2024-03-02 a] Assistant: The bakery menu is at https://olas.example/menu and they post daily as @olas_loaves.", "@olas_loaves"},
		{"What is the bakery's email?",
			"[2024-03-02 a] Assistant: The bakery menu is at https://olas.example/menu and orders go to orders@olas.example by noon.", "orders@olas.example"},
		{"What was the link for the bakery?",
			"[2024-03-02 a] Assistant: The bakery takes orders at orders@olas.example, and its menu is at https://olas.example/menu.", "https://olas.example/menu"},
		{"Which branch did I merge the search fix into?",
			"[2024-03-02 a] User: I merged the search fix from fix/search-typo into the branch release/2.4 this morning.", "release/2.4"},
		// a markdown escape is no part of the answer
		{"What is the potter's Instagram handle?",
			`[2024-03-02 a] Assistant: Lena Ruiz (@lena\_ruiz\_glaze): a potter whose Instagram shows bowls glazed in ash.`, "@lena_ruiz_glaze"},
		// an identifier is a whole name: the words after it are not
		{"What setting controls the cache size?",
			"[2024-03-02 a] Assistant: You can control the cache size with the setting CACHE_MAX_BYTES before starting the daemon.", "CACHE_MAX_BYTES"},
		{"What do I set to control the cache size?",
			"[2024-03-02 a] Assistant: To control the cache size you set CACHE_MAX_BYTES before starting the daemon.", "CACHE_MAX_BYTES"},
	} {
		if a := Read(tc.q, tc.ctx, Options{}); a.Text != tc.want {
			t.Errorf("%q: answer %q, want %q", tc.q, a.Text, tc.want)
		}
	}
}

// A number that counts a thing the question names, and an amount of time,
// are no answer to a question about a thing.
func TestCountAndTimeAreNoThing(t *testing.T) {
	ctx := "[2024-05-02 a] User: By the way, I've been seeing some growth on some of my channels, like Twitch, where I've gained around 300 subscribers over the past two months, which is nice!"
	q := "Which channel did I gain the most subscribers on recently?"
	if a := Read(q, ctx, Options{}); a.Text != "Twitch" {
		t.Errorf("answer %q, want %q", a.Text, "Twitch")
	}
	// the count still answers "how many", the time "how long"
	if a := Read("How many subscribers did I gain on Twitch?", ctx, Options{}); a.Text != "300" {
		t.Errorf("count: answer %q, want %q", a.Text, "300")
	}
	if a := Read("How long did it take me to gain 300 subscribers on Twitch?", ctx, Options{}); a.Text != "two months" {
		t.Errorf("time: answer %q, want %q", a.Text, "two months")
	}
}

// Amounts, times and run-together sentences are no identifiers; a
// coordinate or a complement after an identifier stays; a question about
// a thing's subject ("what was the email about") asks for no address; a
// number before a singular noun names it ("the 42 bus"); an amount of
// time that measures the head noun answers it.
func TestIdentifierLimits(t *testing.T) {
	for _, tok := range []string{"2.5kg", "1.5L", "7.30pm", "9.50EUR", "night.it", "hi.how", "night.lol", "Navy.omg"} {
		if f := tokenForm(nlp.Token{Text: tok}); f != formNone {
			t.Errorf("tokenForm(%q) = %d, want none", tok, f)
		}
	}
	for _, tc := range []struct{ q, ctx, want string }{
		{"What did I buy at the market?", "[2024-03-02 a] User: I bought 2.5kg of flour and a dozen eggs at the market on Saturday.", "2.5kg of flour and a dozen eggs"},
		{"What websites do I use for recipes?", "[2024-03-02 a] User: For recipes I mostly use allrecipes.com and bbcgoodfood.com these days.", "allrecipes.com, bbcgoodfood.com"},
		{"What did I change in the config?", "[2024-03-02 a] User: I changed CACHE_SIZE to 512 and turned off debug logging.", "CACHE_SIZE to 512"},
		{"What game did we play at game night?", "[2024-03-02 a] User: We played Catan at game night.it got so competitive haha", "Catan"},
		{"What is the handle made of on my new knife?", "[2024-03-02 a] User: My new chef knife from @knifeworks has a walnut handle and a carbon steel blade.", "walnut handle"},
		{"What website did Sam mention for camping gear?", "[2024-03-02 a] User: Sam mentioned that for camping gear I should check out https://gearswap.example.com before buying anything new.", "https://gearswap.example.com"},
		{"What is the bakery's website?", "[2024-03-02 a] User: The bakery takes orders by phone, and its website is olasbakery.com if you want the menu.", "olasbakery.com"},
		{"What is the folder for?", "[2024-03-02 a] User: The shared folder /team/design is for the final logo files only.", "final logo files only"},
		{"Which email did I use to sign up for the streaming service?", "[2024-03-02 a] User: I signed up for the streaming service with my work email, mia.r@northwind.example, by mistake.", "mia.r@northwind.example"},
		{"Which bus do I take to work?", "[2024-03-02 a] User: I take the 42 bus to work every morning, it's usually on time.", "42"},
		{"What is the return window at the shoe shop?", "[2024-03-02 a] User: The shoe shop has a 30 day return window, but the other one gives you longer.", "30 day"},
		{"What is my coworker's name?", `[2024-03-02 a] User: My new coworker is great, her name is jessica\_poole on the forum.`, "jessica_poole"},
	} {
		if a := Read(tc.q, tc.ctx, Options{}); a.Text != tc.want {
			t.Errorf("%q: answer %q, want %q", tc.q, a.Text, tc.want)
		}
	}
}

// A head noun with another sense than a written form asks for the form
// only with a cue; a question about what a thing says asks for no
// identifier; a change "from X to Y" stays whole.
func TestFormSenses(t *testing.T) {
	for _, tc := range []struct{ q, ctx, want string }{
		{"Which path did we take up the mountain?", "[2024-03-02 a] User: We took the Ridge path up the mountain, I found it on alltrails.com last week.", "Ridge path"},
		{"What handles did I choose for the kitchen cabinets?", "[2024-03-02 a] User: I chose matte black handles for the kitchen cabinets, I saw them on @houseofhome.", "matte black handles"},
		{"What is the email from HR about?", "[2024-03-02 a] User: Got an email from HR (hr@northwind.example) about the new vacation policy.", "new vacation policy"},
		{"What did I change in the env file?", "[2024-03-02 a] User: In the env file I changed MAX_UPLOAD_SIZE from 10MB to 50MB.", "MAX_UPLOAD_SIZE from 10MB to 50MB"},
		{"Which grades does my sister teach?", "[2024-03-02 a] User: My sister teaches 5th and 6th grades at the school near us.", "5th, 6th"},
		{"Which photos did I print?", "[2024-03-02 a] User: I printed the 2022 photos from our trip at the corner shop.", "2022"},
		{"Which tickets did I buy?", "[2024-03-02 a] User: I bought the 7pm tickets for the new film at the cinema.", "7pm"},
		{"What game did we play at game night?", "[2024-03-02 a] User: We played Catan at game night.lol it got so competitive", "Catan"},
		{"Which cookies did I bake?", "[2024-03-02 a] User: I baked 24 cookies for the bake sale, mostly chocolate chip.", "24"},
		{"What timeframe did my professor give me?", "[2024-03-02 a] User: My professor gave me two weeks to finish the essay.", "two weeks"},
		{"What notice period do I have at work?", "[2024-03-02 a] User: My notice period at work is three months, which makes switching jobs slow.", "three months"},
	} {
		if a := Read(tc.q, tc.ctx, Options{}); a.Text != tc.want {
			t.Errorf("%q: answer %q, want %q", tc.q, a.Text, tc.want)
		}
	}
	for _, tc := range []struct {
		q    string
		want form
	}{
		{"What is the bakery's Instagram handle?", formHandle},
		{"What was the link to the recipe?", formURL},
		{"What is the support email for the gym?", formEmail},
		{"What is my sister's email?", formEmail},
		{"What is the bakery's website?", formURL},
		{"What is the link between sleep and memory?", formNone},
		{"What email did Sarah send me?", formNone},
		{"Which folder did I buy for school?", formNone},
		{"What was the email about?", formNone},
	} {
		if got := formAsked(analyze(tc.q)); got != tc.want {
			t.Errorf("formAsked(%q) = %d, want %d", tc.q, got, tc.want)
		}
	}
}
