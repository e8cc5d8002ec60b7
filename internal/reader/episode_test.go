package reader

import "testing"

// episodeAsked: "how did we / what did we do" with a pointer back to an
// earlier episode, a verb of fixing, or "about" a problem; not a bare
// manner question nor what someone did with a person or on a day.
func TestEpisodeAsked(t *testing.T) {
	for q, want := range map[string]bool{
		"How did we fix the flaky login test last time?":                  true,
		"How did we fix this when the member code broke?":                 true,
		"How did you get around the rate limit?":                          true,
		"What did we do about the leak in the basement?":                  true,
		"What did I do last time the oven tripped the breaker?":           true,
		"What was the process we used before?":                            true,
		"How did we get to the airport?":                                  false,
		"What did I do with Rachel on Wednesday?":                         false,
		"How did Caroline feel after the race?":                           false,
		"What did we decide about the venue?":                             false,
		"How do I renew the certificate?":                                 false,
		"The oven tripped again. How did we deal with it the first time?": true,
		"How did we fix it before?":                                       true,
		"How did I feel before the surgery?":                              false,
		"What did I do before I moved to Berlin?":                         false,
		"How did you like the play last time?":                            false,
		"How did you find the hotel last time?":                           false,
	} {
		if got := episodeAsked(mainQuestion(q)); got != want {
			t.Errorf("%q: episode %v, want %v", q, got, want)
		}
	}
}

// An episode's answer: the statements of the best turn's session, in
// order, without questions and acknowledgements, cut at episodeWords
// words; another session's turns stay out.
func TestReadEpisode(t *testing.T) {
	ctx := "[2026-02-10] Leila: The glovebox oxygen spiked to 40 ppm this morning. Any idea why?\n" +
		"[2026-02-10] Assistant: Check the gloves first. Is the antechamber door closed?\n" +
		"[2026-02-10] Leila: Found a pinhole in the left glove. I replaced it and ran a 30-minute nitrogen purge.\n" +
		"[2026-02-10] Assistant: Great.\n" +
		"[2026-03-02] Leila: The new batch of films is ready for the XRD scans."
	checkEach(t, []ctxCase{
		{"What did we do last time the glovebox oxygen spiked?", ctx,
			"The glovebox oxygen spiked to 40 ppm this morning. Check the gloves first. Found a pinhole in the left glove. I replaced it and ran a 30-minute nitrogen purge."},
	})
}
