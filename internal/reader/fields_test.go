package reader

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestFields: the key–value pairs of a sentence, with their keys' match
// words; a colon inside a value, a clock time or a ratio separates
// nothing, and prose with one colon later in the sentence is no record.
func TestFields(t *testing.T) {
	cases := []struct {
		text string
		want []string // "key match words=value"
	}{
		{"site: Pine Hollow; opens: 07:00; fee: 30 USD/day",
			[]string{"site=Pine Hollow", "open=07:00", "fee=30 USD/day"}},
		{"temp=21.5C humidity=40% wind_speed=12kmh uv_index=6",
			[]string{"temp=21.5C", "humid=40%", "wind speed=12kmh", "uv index=6"}},
		{"Status: delivered", []string{"status=delivered"}},
		{"isbn: 978-0-14-303943-3.", []string{"isbn=978-0-14-303943-3"}},
		{"number of pieces: 2; deliveryDate: 12 April", []string{"number of piec=2", "deliveri date=12 April"}},
		// a title's parts ("Night Trains: Book Two …") are no field
		{"Night Trains: Book Two - The Return (2011)", nil},
		{"1. Night Trains: Book Two; 2. Night Trains: Book Three", nil},
		// a clock, a ratio and a sentence that only contains a colon
		{"We met at 10:30 and left at 12:15.", nil},
		{"The score was 3:1 in the end.", nil},
		{"I told her what I think: the blue one is better.", nil},
		// a term and its explanation, in an assistant's list
		{"Cold brewing: steeping the grounds in cold water for twelve hours or more.", nil},
		// a key of more than maxKeyWords words is prose, and the one
		// field left does not open the sentence
		{"The one thing I learned this year: patience; and time: plenty", nil},
	}
	for _, tc := range cases {
		s := newSentence(tc.text, &unit{})
		var got []string
		for _, f := range s.fields() {
			got = append(got, strings.Join(f.words, " ")+"="+textOf(s, f.vstart, f.vend))
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: fields %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestSplitIdentifier: compound keys split at separators and case changes.
func TestSplitIdentifier(t *testing.T) {
	for in, want := range map[string][]string{
		"wind_speed":   {"wind", "speed"},
		"deliveryDate": {"delivery", "Date"},
		"drop-off":     {"drop", "off"},
		"api/v2.path":  {"api", "v2", "path"},
		"URL":          {"URL"},
		"__x__":        {"x"},
	} {
		if got := splitIdentifier(in); !reflect.DeepEqual(got, want) {
			t.Errorf("splitIdentifier(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestIsRecord: two or more fields that open the text make a record.
func TestIsRecord(t *testing.T) {
	for text, want := range map[string]bool{
		"site: Pine Hollow; fee: 30 USD":         true,
		"temp=21.5C humidity=40%":                true,
		"finder: site: Pine Hollow; fee: 30 USD": true,
		"Pine Hollow; fee: 30 USD":               false, // opens with a value
		"Status: delivered":                      false, // one field
		"Caroline: I went there; it was great":   false,
		"Mira: I paid 40 dollars":                false,
		"x=1":                                    false,
	} {
		if got := isRecord(text); got != want {
			t.Errorf("isRecord(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestRecordLabels: a record's lowercase first key stays in its text; a
// label before a record (its source) is removed, and a capitalized label
// is still the speaker's, before a record or before prose with fields.
func TestRecordLabels(t *testing.T) {
	cases := []struct{ line, speaker, text string }{
		{"[2024-03-02 s1:4] campsite-finder: site: Pine Hollow; opens: 07:00", "", "site: Pine Hollow; opens: 07:00"},
		{"[2024-03-02 s1:4] status: delivered; code: ZX-7", "", "status: delivered; code: ZX-7"},
		// a capitalized label is a speaker's, before prose or a record
		{"[2024-03-02 s1:4] Status: delivered; code: ZX-7", "Status", "delivered; code: ZX-7"},
		{"[2024-03-02 s1:4] Omar: Cooked dinner tonight; menu: lentil soup.", "Omar", "Cooked dinner tonight; menu: lentil soup."},
		{"[2024-03-02 s1:4] User: Okay, thanks; cost: 500 dollars max.", "User", "Okay, thanks; cost: 500 dollars max."},
		// a node-kind label before a clause is layout, whatever follows
		{"[2024-03-02 s1:4] observation: Ines moved to Lyon; rent: 900 EUR.", "", "Ines moved to Lyon; rent: 900 EUR."},
		{"[2024-03-02 s1:4] episode: User asked about Lyon; Assistant: suggested trains.", "", "User asked about Lyon; Assistant: suggested trains."},
		{"[2024-03-02 s1:4] Mira: update: sold the bike; amount: 200 dollars", "Mira", "update: sold the bike; amount: 200 dollars"},
		{"[2024-03-02 s1:4] Mira: I sold the bike: it was too small.", "Mira", "I sold the bike: it was too small."},
	}
	for _, tc := range cases {
		us := parseLayout(tc.line)
		if len(us) != 1 || us[0].speaker != tc.speaker || us[0].text != tc.text {
			t.Errorf("%q: units %+v, want speaker %q text %q", tc.line, us, tc.speaker, tc.text)
		}
	}
}

// TestJSONRecords: a JSON response becomes one record per object, its
// members in written order; text without a whole JSON value is left as
// it is.
func TestJSONRecords(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{"results":[{"name":"Ridge Loop","length_km":12.4,"tags":["shaded","steep"]},{"name":"Lake Path","length_km":5.1,"open":true,"note":null}]}`,
			"name: Ridge Loop; length_km: 12.4; tags: shaded, steep\nname: Lake Path; length_km: 5.1; open: true"},
		{`found 1 match: {"title":"Rivers of Glass","edition":{"publisher":"Harbor Press","year":1994}}`,
			"found 1 match:\ntitle: Rivers of Glass; edition publisher: Harbor Press; edition year: 1994"},
		{`["alpha","beta"]`, `["alpha","beta"]`},                           // no field to read
		{`I wrote {"a": 1} in the notes`, `I wrote {"a": 1} in the notes`}, // not at the end
		{`{"a": 1,}`, `{"a": 1,}`},                                         // not JSON
		{`{"a": 1} {"b": 2}`, `{"a": 1} {"b": 2}`},                         // two values
		{"no braces here", "no braces here"},
	}
	for _, tc := range cases {
		head, recs := jsonRecords(tc.in)
		got := tc.in
		if recs != nil {
			got = strings.TrimPrefix(head+"\n"+strings.Join(recs, "\n"), "\n")
		}
		if got != tc.want {
			t.Errorf("jsonRecords(%q)\n got %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

// TestReadRecords: questions answered from tool output written as
// records, each value read from the field its key names.
func TestReadRecords(t *testing.T) {
	const (
		camp    = "[2024-03-02 s1:4] campsite-finder: site: Pine Hollow; opens: 07:00; shuts: 22:00; fee: 30 USD/day"
		weather = "[2024-03-02 s1:4] station-feed: temp=21.5C humidity=40% wind_speed=12kmh uv_index=6"
		book    = "[2024-03-02 s1:4] catalog: title: Rivers of Glass; year: 1994; publisher: Harbor Press; isbn: 978-0-14-303943-3"
		trails  = `[2024-03-02 s1:4] trail-finder: {"results":[{"name":"Ridge Loop","length_km":12.4,"elevation_gain":640},{"name":"Lake Path","length_km":5.1,"elevation_gain":90}]}`
		parcel  = `[2024-03-02 s1:4] parcel-tracker: {"status":"in transit","tracking":"ZX-48213","delivery_date":"2024-04-12","pieces":3}`
	)
	now := time.Date(2024, 3, 10, 12, 0, 0, 0, time.UTC)
	cases := []struct{ q, ctx, want string }{
		{"What is the fee at Pine Hollow?", camp, "30 USD/day"},
		{"Which site did the campsite finder return?", camp, "Pine Hollow"},
		{"What was the wind speed at the station?", weather, "12kmh"},
		{"What was the UV index?", weather, "6"},
		{"What is the ISBN of the book?", book, "978-0-14-303943-3"},
		{"When was Rivers of Glass published?", book, "1994"},
		{"What is the elevation gain of the Lake Path?", trails, "90"},
		{"What is the elevation gain of the Ridge Loop?", trails, "640"},
		{"What is the tracking code of the parcel?", parcel, "ZX-48213"},
		{"When is the delivery date of the parcel?", parcel, "12 April 2024"},
	}
	for _, tc := range cases {
		if got := Read(tc.q, tc.ctx, Options{Now: now}).Text; got != tc.want {
			t.Errorf("%q: %q, want %q", tc.q, got, tc.want)
		}
	}
}

// TestReadRecordsKeepOldAnswers: fields do not take over where the reader
// answered right without them, and a field gives the part of its value the
// question asks for.
func TestReadRecordsKeepOldAnswers(t *testing.T) {
	now := time.Date(2024, 3, 10, 12, 0, 0, 0, time.UTC)
	cases := []struct{ q, ctx, want string }{
		// a speaker's name is no key
		{"What was on Omar's menu?", "[2024-03-02 s1:1] Omar: Cooked dinner tonight; menu: lentil soup and flatbread.", "lentil soup and flatbread"},
		{"What rating did Nadia give the book?", "[2024-03-02 s1:1] Nadia: Finished the book! Ending: bittersweet; rating: 4/5.", "4/5"},
		// the key that holds the question's head noun
		{"What is the trail rating?", "[2024-03-02 s1:1] trails: trail: Larch Ridge; rating: 4.2; town: Dunmore", "4.2"},
		{"What is the receipt amount?", "[2024-03-02 s1:1] ledger: receipt: RC-0042; date: 2024-03-01; due: 2024-03-31; amount: 120 USD", "120 USD"},
		// a stated total is not summed with other numbers
		{"What is the order total?", "[2024-03-02 s1:1] shop: order: 5521; total: 80 EUR; items: 3", "80 EUR"},
		// a time of day for "what time"
		{"What time is the optician appointment?", "[2024-03-02 s1:1] calendar: event: optician; date: 2024-04-12; time: 09:00", "09:00"},
		// the amount, without the words after it
		{"What is the cost?", "[2024-03-02 s1:1] User: Okay, thanks; cost: 500 dollars max.", "500 dollars"},
		// a year before 1900
		{"When was the gallery founded?", "[2024-03-02 s1:1] galleries: name: Tide House; founded: 1887; city: Dunmore", "1887"},
		// a quoted value, whole
		{"What is the delivery address?", `[2024-03-02 s1:1] courier: id=77 delivery_address="14 Quay Road" eta=2d`, "14 Quay Road"},
		// a JSON string's sentence end and semicolon stay inside it
		{"What is the length of Ridge Loop?", `[2024-03-02 s1:1] api: [{"name":"Ridge Loop","review":"Lovely views. Muddy in spring.","length_km":12.4},{"name":"Fern Gully","length_km":5.1}]`, "12.4"},
		// sums of fields across records; a total a record states
		{"How many days in total did I spend traveling?", "[2024-03-02 s1:1] User: trip: Rome; days: 4\n[2024-03-05 s2:1] User: trip: Oslo; days: 3", "7 days"},
		{"How much did I spend in total on groceries?", "[2024-03-02 s1:1] User: groceries: 45 dollars; store: Aldi\n[2024-03-05 s2:1] User: groceries: 30 dollars; store: Lidl", "75 dollars"},
		// a key that only names the thing asked about gives no amount
		{"How far is the cabin from town?", "[2024-03-02 s1:1] User: cabin: 7B; distance to town: 14 km.", "14 km"},
		{"How often does Eli water the plants?", "[2024-03-02 s1:1] Eli: plants: 12; watering: twice a week.", "twice a week"},
		{"How long does the build take?", "[2024-03-02 s1:1] ci: build: 4411; duration: ~40 min", "40 min"},
		// the name in the value
		{"Who won game 3?", "[2024-03-02 s1:1] Ray: game 3: Ola won; game 4: draw.", "Ola"},
		{"Which company does Kai work for?", "[2024-03-02 s1:1] Kai: work: Brindle Works since 2021; role: designer.", "Brindle Works"},
		// a time key with a word the question does not say
		{"When did Mina get her dog?", "[2024-03-02 s1:1] Mina: Got my dog Pepper in 2019; birth year: 2018; breed: beagle.", "2019"},
		// a hyphenated question word names an underscored key
		{"What is the check-out time?", "[2024-03-02 s1:1] lodging-api: lodge: Marlow House; check_in: 15:00; check_out: 11:00", "11:00"},
		// a list field's members, as they are
		{"What tags does the Ridge Loop trail have?", `[2024-03-02 s1:1] api: {"name":"Ridge Loop","tags":["shaded","steep","dog-friendly"]}`, "shaded, steep, dog-friendly"},
		{"What is the address of the clinic?", `[2024-03-02 s1:1] api: {"name":"Elm Clinic","address":"12 Elm St; Apt 4, Dunmore","fee":99}`, "12 Elm St, Apt 4, Dunmore"},
	}
	for _, tc := range cases {
		if got := Read(tc.q, tc.ctx, Options{Now: now}).Text; got != tc.want {
			t.Errorf("%q: %q, want %q", tc.q, got, tc.want)
		}
	}
}

// TestJSONDepth: a JSON value nested deeper than maxJSONDepth is left as
// text, in time linear in its size.
func TestJSONDepth(t *testing.T) {
	deep := strings.Repeat(`{"a":`, 100000) + "1" + strings.Repeat("}", 100000)
	if _, recs := jsonRecords(deep); recs != nil {
		t.Errorf("a value %d deep read as %d records", 100000, len(recs))
	}
	ok := strings.Repeat(`{"a":`, maxJSONDepth) + "1" + strings.Repeat("}", maxJSONDepth)
	if _, recs := jsonRecords(ok); len(recs) != 1 || recs[0] != "a a: 1" {
		t.Errorf("a value %d deep: records %q, want [\"a a: 1\"]", maxJSONDepth, recs)
	}
}

// TestFieldSpansValueQuestions: a field answers a question that asks for
// a value; a "how" or "why" question, a yes/no question, or a question
// whose terms name no key gets no field.
func TestFieldSpansValueQuestions(t *testing.T) {
	s := newSentence("site: Pine Hollow; opens: 07:00; fee: 30 USD/day", &unit{})
	now := time.Date(2024, 3, 10, 12, 0, 0, 0, time.UTC)
	cases := []struct {
		q    string
		want []string
	}{
		{"What is the fee at the site?", []string{"30 USD/day"}}, // a number question: no name
		{"What is the daily fee?", []string{"30 USD/day"}},
		{"How did we pick the site?", nil},
		{"Why was the fee so high?", nil},
		{"Is the fee above 20 USD?", nil},
		// a "who" question wants a name: "Pine Hollow" is one, "07:00"
		// is none
		{"Who runs the site?", []string{"Pine Hollow"}},
		{"Who opens the shutters?", nil},
		{"What is the parking charge?", nil},
	}
	for _, tc := range cases {
		var got []string
		for _, sp := range fieldSpans(analyzeAt(tc.q, now), s) {
			got = append(got, sp.text)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %q, want %q", tc.q, got, tc.want)
		}
	}
}

// TestStartsWithNumber: a number question's field value opens with a
// number.
func TestStartsWithNumber(t *testing.T) {
	for v, want := range map[string]bool{
		"140 EUR/night": true, "$30": true, "two weeks": true, "~5 km": true,
		"Book Two - The Return (2011)": false, "Harbor Press": false, "": false, "$": false,
	} {
		if got := startsWithNumber(v); got != want {
			t.Errorf("startsWithNumber(%q) = %v, want %v", v, got, want)
		}
	}
}
