package reader

import "testing"

// A question about a country or a state is answered with the region a
// named place lies in; a question about a city keeps the city.
func TestReadContainingRegion(t *testing.T) {
	ctx := "[2024-03-02 s1-t1] Omar: I just landed in Toronto and the airport is huge.\n" +
		"[2024-03-09 s2-t1] Ines: We spent a week in Tampa, the beaches were great.\n" +
		"[2024-03-16 s3-t1] Mia: My mom bought me this pendant in Paris when I was ten.\n" +
		"[2024-03-23 s4-t1] Ines: Last year I went to Italy and then to Bogota for work.\n" +
		"[2024-03-30 s5-t1] Omar: Let's meet in Boston next spring!\n"
	checkReads(t, ctx, []readCase{
		{"Which country did Omar land in?", "Canada"},
		{"Which city did Omar land in?", "Toronto"},
		{"What state did Ines spend a week in?", "Florida"},
		{"In what country did Mia's mom buy the pendant?", "France"},
		{"Which countries did Ines go to last year?", "Italy, Colombia"},
		{"Which country do Omar and Ines want to meet in?", "United States"},
	})
}

// A name is read as a place only where it is said as one, a region set
// after it is read first, and the countries a sentence names choose
// between namesakes.
func TestRegionInContext(t *testing.T) {
	for _, c := range []struct{ q, line, want string }{
		{"Which country does Ines's pen pal write from?", "Ines: My pen pal Sofia writes to me from Argentina every month.", "Argentina"},
		{"Which country did Mia adopt her cat from?", "Mia: We adopted our cat Tokyo from a shelter in Canada.", "Canada"},
		{"Which country was Mia in?", "Mia: I ordered a Chicago deep dish pizza while we were in Italy.", "Italy"},
		{"Which state did Mia buy her car in?", "Mia: I bought a Toyota from a dealer in Ohio.", "Ohio"},
		{"Which state did Ines grow up in?", "Ines: I grew up in Paris, Texas and moved away at eighteen.", "Texas"},
		{"Which country did Ines grow up in?", "Ines: I grew up in Paris, Texas and moved away at eighteen.", "United States"},
		{"Which country did Omar live in?", "Omar: I lived in London, Ontario for a while.", "Canada"},
		{"Which country did Ines travel to?", "Ines: I spent a day in Toledo, it is an hour from Madrid.", "Spain"},
		{"Which country did Mia visit?", "Mia: We finally visited Holland this spring and saw the tulips.", "Holland"},
		{"Which country was Mia visiting?", "Mia: Greetings from Hong Kong, the skyline is unreal.", "Hong Kong"},
		// names coordinated with the best supported one share its
		// role, however far from the question's verb
		{"Which countries did Ines visit?", "Ines: We visited Peru, Chile, and Bolivia last year.", "Peru, Chile, Bolivia"},
		{"Which cities did Omar visit?", "Omar: I visited Lima, Cusco and Arequipa with my brother.", "Lima, Cusco, Arequipa"},
		// …but not names in another clause, nor alternatives in a
		// question
		{"Which cities did Una visit?", "Una: I visited Boston and Chicago, and Denver is where I live.", "Boston, Chicago"},
		{"Which countries did Max visit?", "Max: I visited Spain and Portugal, and Netflix kept me busy on the flights.", "Spain, Portugal"},
		{"Which countries did Zoe visit?", "Zoe: Did we visit Peru, Chile, or Bolivia? Only Peru, in the end.", "Peru"},
		// a state of the same name as a country ("Columbus, Georgia"),
		// and a city named as a division elsewhere ("Manchester, NH")
		{"Which state did Ned move to?", "Ned: We moved to Columbus, Georgia for my wife's job.", "Georgia"},
		{"Which country did Jo visit?", "Jo: I visited Rome, Georgia, with my aunt.", "United States"},
		{"Which state did Jo visit?", "Jo: I visited Manchester, NH, with my aunt.", "New Hampshire"},
		{"Which country did Jo visit?", "Jo: I visited Victoria, BC, with my aunt.", "Canada"},
		// a country the gazetteer spells otherwise is still a name
		// ("Korea": CLDR says "South Korea")
		{"Which countries did Gia visit?", "Gia: Japan and Korea were the highlights, Thailand was too hot.", "Japan, Korea, Thailand"},
		// a division or a place the sentence names chooses between
		// namesakes (a name of a country and a state names both); a
		// nickname in capitals is no namesake's name
		{"Which state did Tia move to?", "Tia: I moved to Cambridge, right next to Boston, for grad school.", "Massachusetts"},
		{"Which state did Joe visit?", "Joe: I was in Athens for the Georgia game last weekend.", "Georgia"},
		{"Which province did Omar move to?", "Omar: I just moved to Vancouver for a job at a game studio.", "British Columbia"},
		{"Which US state did Sam move to?", "Sam: I moved to Manchester last spring.", "New Hampshire"},
		{"Which states did Sam visit?", "Sam: We drove through Cambridge, Birmingham, and Denver.", "Massachusetts, Alabama, Colorado"},
		{"Which state does Cy live in?", "Cy: We just moved to Dublin, it is a quiet suburb of Columbus.", "Ohio"},
		{"Which state does Amy live in?", "Amy: We live in NOLA now, the food is incredible.", "NOLA"},
		// a postal abbreviation names its state
		{"Which state did Ines grow up in?", "Ines: I grew up in Dublin, OH and moved away at eighteen.", "Ohio"},
		// lists of countries, states and cities are no "City, Region"
		{"Which countries did Ines drive through?", "Ines: We drove through France, Spain, and Italy.", "France, Spain, Italy"},
		{"Which states did Mia drive through?", "Mia: We drove through Texas, Ohio, and Maine.", "Texas, Ohio, Maine"},
		{"Which countries did Omar drive through?", "Omar: We drove through Berlin, Vienna, and Prague.", "Germany, Austria, Czechia"},
		// of namesakes, the one with more people: the English city, not
		// the Jamaican parish
		{"Which country did Ines grow up in?", "Ines: I grew up in Manchester and moved away at eighteen.", "United Kingdom"},
	} {
		if a := Read(c.q, "[2024-03-02 s1-t1] "+c.line, Options{}); a.Text != c.want {
			t.Errorf("%q on %q: %q, want %q", c.q, c.line, a.Text, c.want)
		}
	}
}

func TestInContainer(t *testing.T) {
	for _, c := range []struct {
		k          container
		text, want string
	}{
		{containerCountry, "Toronto", "Canada"},
		{containerCountry, "Rio de Janeiro", "Brazil"},
		{containerCountry, "Florida", "United States"}, // a division names its country
		{containerCountry, "Italy", ""},                // already a country
		{containerCountry, "Scotland", ""},             // a country in English usage
		{containerCountry, "toronto", ""},              // not written as a name
		{containerCountry, "Narnia", ""},               // unknown
		{containerCountry, "Toronto, Canada", ""},
		// a division and a namesake city: whichever holds more people
		{containerCountry, "Manchester", "United Kingdom"}, // not Manchester Parish, Jamaica
		{containerCountry, "San Jose", "United States"},    // not San José, Costa Rica
		{containerCountry, "Victoria", "Australia"},        // the state, not the Canadian city
		{containerDivision, "Manchester", "England"},
		{containerDivision, "Vancouver", "British Columbia"}, // not Vancouver, Washington
		// a state: a namesake in a country of states, unless another
		// has ten times its people
		{containerState, "Vancouver", "Washington"},
		{containerState, "Cambridge", "Massachusetts"},
		{containerState, "Ottawa", "Ontario"},    // not Ottawa, Illinois (18,000)
		{containerState, "Victoria", ""},         // the Australian state itself
		{containerState, "Newport", "Wales"},     // 306,844 against Newport, Rhode Island's 24,232
		{containerDivision, "NOLA", ""},          // a nickname in capitals, not Nola
		{containerCountry, "Korea", ""},          // a country, as English names it
		{containerCountry, "Czech Republic", ""}, // CLDR: Czechia
		{containerDivision, "Fort Wayne", "Indiana"},
		{containerDivision, "New York", ""}, // already a state
		{containerDivision, "Georgia", ""},  // a country and a state: kept
		{containerNone, "Toronto", ""},
	} {
		if got := inContainer(c.k, c.text); got != c.want {
			t.Errorf("inContainer(%d, %q) = %q, want %q", c.k, c.text, got, c.want)
		}
	}
}

// The countries a sentence names choose between a division and its
// namesakes.
func TestInContainerNear(t *testing.T) {
	us := nearby{countries: map[string]bool{"US": true}}
	for _, c := range []struct {
		k    container
		text string
		near nearby
		want string
	}{
		{containerCountry, "Santa Fe", nearby{}, "Argentina"},
		{containerCountry, "Santa Fe", us, "United States"},
		{containerDivision, "Santa Fe", us, "New Mexico"},
		{containerDivision, "Santa Fe", nearby{}, ""}, // the province: already a division
		{containerCountry, "Victoria", nearby{countries: map[string]bool{"CA": true}}, "Canada"},
		{containerCountry, "San Juan", nearby{countries: map[string]bool{"PR": true}}, "Puerto Rico"},
		// a division the sentence names chooses before its country:
		// Dublin, Ohio, not the larger Dublin, California
		{containerDivision, "Dublin", nearby{countries: map[string]bool{"US": true}, divisions: map[string]bool{"ohio": true}}, "Ohio"},
		{containerDivision, "Dublin", us, "California"},
	} {
		if got := inContainerNear(c.k, c.text, c.near); got != c.want {
			t.Errorf("inContainerNear(%d, %q, %v) = %q, want %q", c.k, c.text, c.near, got, c.want)
		}
	}
}

// The country a question names beside its head noun restricts the
// namesakes; a country's name elsewhere does not.
func TestQuestionCountry(t *testing.T) {
	for q, want := range map[string]string{
		"Which US state did Sam move to?":          "US",
		"What American state did Kim drive to?":    "US",
		"Which state of Mexico did Ana visit?":     "MX",
		"Which province in Canada did Omar visit?": "CA",
		"Which state did Jordan visit?":            "",
		"Which state did Sam move to?":             "",
	} {
		if got := questionCountry(analyze(q)); got != want {
			t.Errorf("questionCountry(%q) = %q, want %q", q, got, want)
		}
	}
	only := nearby{only: "US"}
	for text, want := range map[string]string{"Manchester": "New Hampshire", "Birmingham": "Alabama", "Toronto": ""} {
		if got := inContainerNear(containerState, text, only); got != want {
			t.Errorf("inContainerNear(state, %q, only US) = %q, want %q", text, got, want)
		}
	}
}

func TestContainerAsked(t *testing.T) {
	for q, want := range map[string]container{
		"Which country did James visit?":             containerCountry,
		"What European countries has Maria been to?": containerCountry,
		"Which US state was Sam travelling in?":      containerState,
		"Which province did Sam move to?":            containerDivision,
		"Which city did Omar fly to?":                containerNone,
		"What is the capital of the state?":          containerNone,
	} {
		if got := containerAsked(analyze(q)); got != want {
			t.Errorf("containerAsked(%q) = %d, want %d", q, got, want)
		}
	}
}

func TestPlaceName(t *testing.T) {
	for text, want := range map[string]bool{"Rio de Janeiro": true, "St. Louis": true, "Wilkes-Barre": true, "rio": false, "Rio de": false, "new apartment": false, "Paris!": false, "": false} {
		if got := placeName(text); got != want {
			t.Errorf("placeName(%q) = %v, want %v", text, got, want)
		}
	}
}

// For a "which countries" question, a region of the kind asked, named, is
// a typed answer, and a candidate that names none fits less: a list
// holds the countries, not "home".
func TestRegionListKeepsRegions(t *testing.T) {
	ctx := "[2024-03-02 s1-t1] Maria: Last year I took a solo trip and took this photo in Portugal. It reminded me to slow down.\n" +
		"[2024-03-09 s2-t1] Maria: I got the idea from that trip to Scotland - I loved the lochs. I wanted to bring the same calm to my home.\n" +
		"[2024-03-16 s3-t1] Omar: I fell in love with the city of Porto last spring.\n"
	checkReads(t, ctx, []readCase{
		{"Which countries has Maria been to?", "Scotland, Portugal"},
		{"Which country did Omar fall in love with a city of?", "Portugal"},
	})
	for _, c := range []struct {
		k    container
		text string
		want bool
	}{
		{containerCountry, "Italy", true}, {containerCountry, "the UK", true}, {containerCountry, "Ohio", false},
		{containerDivision, "Ohio", true}, {containerDivision, "Toledo", false}, {containerCountry, "home", false},
	} {
		if got := regionNamed(c.k, c.text); got != c.want {
			t.Errorf("regionNamed(%d, %q) = %v, want %v", c.k, c.text, got, c.want)
		}
	}
}
