package synthetic

// The generator's vocabulary: attribute slots with value pools and phrasings,
// relations between people, dated events, multi-step procedures and
// distractor chatter. Everything here is general English conversation about
// everyday life, written for the generator. Chatter draws on word pools that
// share no word sequence with any slot value (checked by a test), so a
// planted value occurs only where the generator planted it.

// slot is one attribute a person can have (where they live, their job …).
type slot struct {
	// name identifies the slot in ids and gold facts ("city").
	name string
	// values is the pool a person's value is drawn from; each value is the
	// gold answer phrase.
	values []string
	// extra, when set, is a second pool whose draw fills {X} in the
	// statement (e.g. the kind of animal for a pet's name); it is never an
	// answer.
	extra []string
	// state are first-person statements of the value ({V}, optional {X}).
	state []string
	// update are first-person statements that the value changed from {OLD}
	// to {V}; each states the old value as replaced.
	update []string
	// ask are questions about subject {S} (a name, or "Ana's neighbour"
	// for multi-hop questions).
	ask []string
	// askNow are the questions of knowledge-update probes ("… now?").
	askNow []string
	// fact is the gold atomic observation with {P} and {V}.
	fact string
	// subject and relation form the gold triplet: subject is appended to
	// the person's lowercase name ("" = the person), relation is from the
	// fixed vocabulary (scenarios.Relations).
	subject, relation string
	// stable slots are never updated (an allergy, a degree subject).
	stable bool
}

var slots = []slot{
	{
		name:   "city",
		values: []string{"Lisbon", "Porto", "Valencia", "Tallinn", "Krakow", "Leeds", "Ghent", "Utrecht", "Lyon", "Bologna", "Halifax", "Tucson", "Adelaide", "Wellington", "Busan", "Cape Town", "Montreal", "Denver", "Gdansk", "Bilbao", "Aarhus", "Cork"},
		state: []string{
			"I live in {V} these days.",
			"Home for me is {V} — I've been there a while now.",
			"I'm based in {V}, so mornings here are pretty quiet.",
			"Since you asked where I'm from: I live in {V}.",
		},
		update: []string{
			"Big news: I moved from {OLD} to {V}, so I'm no longer in {OLD}.",
			"I'm no longer living in {OLD}; I've settled in {V}.",
			"The move is done: I moved away from {OLD} and live in {V} now.",
		},
		ask:      []string{"Which city does {S} live in?", "Where is {S} based?"},
		askNow:   []string{"Which city does {S} live in now?", "Where is {S} living at the moment?"},
		fact:     "{P} lives in {V}",
		relation: "located_in",
	},
	{
		name:   "job",
		values: []string{"nurse", "carpenter", "data analyst", "pharmacist", "chemistry teacher", "paramedic", "architect", "translator", "sous chef", "urban planner", "dental hygienist", "bookkeeper", "welder", "physiotherapist", "librarian", "air traffic controller", "veterinary nurse", "structural engineer"},
		state: []string{
			"I work as a {V}.",
			"My job? I'm a {V}, and most days I like it.",
			"I've been a {V} for a few years now.",
		},
		update: []string{
			"I changed careers: I'm no longer a {OLD}, I work as a {V} now.",
			"New job! I went from {OLD} to {V}.",
			"I used to be a {OLD}, but these days I'm a {V}.",
		},
		ask:      []string{"What does {S} do for a living?", "What is {S}'s job?"},
		askNow:   []string{"What does {S} do for a living now?", "What is {S}'s current job?"},
		fact:     "{P} works as a {V}",
		subject:  "job",
		relation: "status",
	},
	{
		name:   "pet",
		values: []string{"Biscuit", "Pepper", "Marlowe", "Juniper", "Tofu", "Clementine", "Ziggy", "Basil", "Nimbus", "Olive", "Pickle", "Rufus", "Saffron", "Waffles", "Hazel", "Domino"},
		extra:  []string{"beagle", "tabby cat", "greyhound", "rabbit", "parrot", "border collie", "tortoise", "ferret"},
		state: []string{
			"I have a {X} called {V}.",
			"My {X}, {V}, woke me up at dawn again.",
			"{V}, my {X}, is the real boss of the house.",
		},
		update: []string{
			"We have a new pet, a {X} called {V}; {OLD} no longer lives with us.",
			"Our old pet {OLD} is no longer with us at home; we adopted {V}, a {X} from the shelter.",
		},
		ask:      []string{"What is the name of {S}'s pet?", "What is {S}'s pet called?"},
		askNow:   []string{"What is the name of {S}'s pet now?", "What is {S}'s current pet called?"},
		fact:     "{P} has a pet named {V}",
		subject:  "pet",
		relation: "status",
	},
	{
		name:   "cuisine",
		values: []string{"Ethiopian food", "Peruvian food", "Georgian food", "Sichuan food", "Lebanese food", "Oaxacan food", "Vietnamese food", "Basque food", "Sri Lankan food", "Cantonese dim sum", "Moroccan food", "Neapolitan pizza"},
		state: []string{
			"My favourite food is {V}, no contest.",
			"If I could eat one thing forever it would be {V}.",
			"I'm always up for {V}; it's my favourite.",
		},
		update: []string{
			"My taste has changed: these days I prefer {V}, not {OLD}.",
			"I used to say {OLD} was my favourite, but it's {V} now.",
		},
		ask:      []string{"What is {S}'s favourite food?", "Which food does {S} like best?"},
		askNow:   []string{"What is {S}'s favourite food now?", "Which food does {S} like best these days?"},
		fact:     "{P}'s favourite food is {V}",
		relation: "prefers",
	},
	{
		name:   "hobby",
		values: []string{"rock climbing", "woodturning", "birdwatching", "salsa dancing", "sailing", "knitting", "astrophotography", "sea kayaking", "beekeeping", "calligraphy", "trail running", "pottery", "archery", "origami"},
		state: []string{
			"My big hobby is {V}; I spend most weekends on it.",
			"I got really into {V} and it has taken over my free time.",
			"Lately every spare evening goes to {V}.",
		},
		update: []string{
			"I dropped {OLD}; my new hobby is {V}.",
			"I'm no longer doing {OLD} — {V} is my thing now.",
		},
		ask:      []string{"What is {S}'s hobby?", "Which hobby does {S} spend weekends on?"},
		askNow:   []string{"What is {S}'s hobby now?", "Which hobby is {S} into these days?"},
		fact:     "{P}'s hobby is {V}",
		subject:  "hobby",
		relation: "status",
	},
	{
		name:   "instrument",
		values: []string{"cello", "ukulele", "trumpet", "bass guitar", "harp", "accordion", "clarinet", "banjo", "oboe", "marimba", "double bass", "tin whistle"},
		state: []string{
			"I play the {V} in a small community band.",
			"I practise the {V} most evenings.",
			"I've been learning the {V} and my neighbours are very patient.",
		},
		update: []string{
			"I switched instruments: I play the {V} now instead of the {OLD}.",
			"I play the {V} now; I no longer play the {OLD}.",
		},
		ask:      []string{"Which instrument does {S} play?", "What instrument does {S} practise?"},
		askNow:   []string{"Which instrument does {S} play now?", "What instrument does {S} practise these days?"},
		fact:     "{P} plays the {V}",
		relation: "uses",
	},
	{
		name:   "car",
		values: []string{"Subaru Outback", "Volvo estate", "Skoda Octavia", "Mazda MX-5", "Toyota Prius", "Renault Zoe", "Ford Ranger", "Kia Niro", "Fiat Panda", "Hyundai Ioniq", "Land Rover Defender", "Citroen Berlingo"},
		state: []string{
			"I drive a {V}.",
			"My car is a {V}; it's old but reliable.",
			"I finally paid off my {V}.",
		},
		update: []string{
			"I switched from my {OLD} to a {V}.",
			"The {OLD} was replaced by a {V} last week.",
		},
		ask:      []string{"What car does {S} drive?", "Which car does {S} own?"},
		askNow:   []string{"What car does {S} drive now?", "Which car does {S} own at the moment?"},
		fact:     "{P} drives a {V}",
		subject:  "car",
		relation: "status",
	},
	{
		name:   "allergy",
		values: []string{"peanuts", "shellfish", "penicillin", "bee stings", "sesame", "latex", "kiwi fruit", "mustard seeds"},
		state: []string{
			"I'm allergic to {V}, so I always have to check.",
			"Quick health note: I have an allergy to {V}.",
			"I can't go near {V} — I'm allergic.",
		},
		ask:      []string{"What is {S} allergic to?", "Which allergy does {S} have?"},
		fact:     "{P} is allergic to {V}",
		subject:  "allergy",
		relation: "status",
		stable:   true,
	},
	{
		name:   "author",
		values: []string{"Ursula K. Le Guin", "Chimamanda Ngozi Adichie", "Terry Pratchett", "Toni Morrison", "Italo Calvino", "Octavia Butler", "Kazuo Ishiguro", "Gabriel García Márquez", "Wisława Szymborska", "Orhan Pamuk", "Jhumpa Lahiri", "Tove Jansson"},
		state: []string{
			"My favourite author is {V}.",
			"Nobody writes like {V}; I've read everything.",
			"I keep going back to {V}, my favourite writer.",
		},
		update: []string{
			"My favourite author these days is {V}, not {OLD}.",
			"I moved away from {OLD}; {V} is my favourite writer now.",
		},
		ask:      []string{"Who is {S}'s favourite author?", "Which writer does {S} like most?"},
		askNow:   []string{"Who is {S}'s favourite author now?", "Which writer does {S} like most these days?"},
		fact:     "{P}'s favourite author is {V}",
		subject:  "reading",
		relation: "prefers",
	},
	{
		name:   "language",
		values: []string{"Portuguese", "Korean", "Swahili", "Icelandic", "Turkish", "Polish", "Tagalog", "Welsh", "Greek", "Hindi", "Finnish", "Hungarian"},
		state: []string{
			"I'm learning {V} in the evenings.",
			"I started {V} lessons and the grammar is humbling.",
			"My language project this year is {V}.",
		},
		update: []string{
			"I dropped {OLD} and switched to learning {V}.",
			"I'm no longer studying {OLD}; I'm learning {V} now.",
		},
		ask:      []string{"Which language is {S} learning?", "What language does {S} study?"},
		askNow:   []string{"Which language is {S} learning now?", "What language does {S} study these days?"},
		fact:     "{P} is learning {V}",
		subject:  "language study",
		relation: "works_on",
	},
	{
		name:   "drink",
		values: []string{"oat milk flat white", "jasmine tea", "yerba mate", "rooibos", "cold brew", "chai latte", "matcha", "hibiscus iced tea", "cortado", "ginger kombucha"},
		state: []string{
			"My go-to drink is a {V}.",
			"I can't start the day without a {V}.",
			"I order a {V} every single morning.",
		},
		update: []string{
			"I switched from {OLD} to {V} in the mornings.",
			"No more {OLD} for me; it's {V} now.",
		},
		ask:      []string{"What is {S}'s go-to drink?", "Which drink does {S} start the day with?"},
		askNow:   []string{"What is {S}'s go-to drink now?", "Which drink does {S} start the day with these days?"},
		fact:     "{P}'s usual drink is {V}",
		subject:  "morning drink",
		relation: "prefers",
	},
	{
		name:   "commute",
		values: []string{"by bike", "by tram", "on the ferry", "by electric scooter", "on foot", "by commuter train", "by carpool", "by motorbike"},
		state: []string{
			"I get to work {V}.",
			"My commute is {V}, about half an hour each way.",
			"Most days I travel to work {V}.",
		},
		update: []string{
			"I changed my commute: I go {V} now instead of {OLD}.",
			"{OLD} is no longer how I get to work; I go {V}.",
		},
		ask:      []string{"How does {S} get to work?", "How does {S} commute?"},
		askNow:   []string{"How does {S} get to work now?", "How does {S} commute these days?"},
		fact:     "{P} commutes {V}",
		subject:  "commute",
		relation: "uses",
	},
	{
		name:   "birthmonth",
		values: []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
		state: []string{
			"My birthday is in {V}.",
			"I was born in {V}, so that's when I celebrate.",
			"Remind me to book something, my birthday is in {V}.",
		},
		ask:      []string{"In which month is {S}'s birthday?", "When is {S}'s birthday?"},
		fact:     "{P}'s birthday is in {V}",
		subject:  "birthday",
		relation: "scheduled_for",
		stable:   true,
	},
	{
		name:   "dreamtrip",
		values: []string{"Patagonia", "Iceland", "Zanzibar", "the Azores", "Mongolia", "Madagascar", "the Faroe Islands", "Bhutan", "Tasmania", "the Atacama Desert"},
		state: []string{
			"My dream trip is to {V}; I keep a savings jar for it.",
			"One day I'll make it to {V}.",
			"I'm saving up for a trip to {V}.",
		},
		update: []string{
			"Change of plans: my dream trip is {V} now, not {OLD}.",
			"{OLD} is no longer the trip I'm saving for; it's {V} now.",
		},
		ask:      []string{"Where does {S} dream of travelling?", "Which trip is {S} saving for?"},
		askNow:   []string{"Where does {S} dream of travelling now?", "Which trip is {S} saving for at the moment?"},
		fact:     "{P} is saving for a trip to {V}",
		subject:  "dream trip",
		relation: "scheduled_for",
	},
	{
		name:   "degree",
		values: []string{"marine biology", "philosophy", "civil engineering", "art history", "statistics", "linguistics", "geology", "economics", "music theory", "agricultural science"},
		state: []string{
			"I studied {V} at university.",
			"My degree is in {V}, believe it or not.",
			"Back at university I did {V}.",
		},
		ask:      []string{"What did {S} study at university?", "What is {S}'s degree in?"},
		fact:     "{P} studied {V}",
		subject:  "degree",
		relation: "status",
		stable:   true,
	},
	{
		name:   "shoesize",
		values: []string{"37", "38", "39", "40", "41", "42", "43", "44", "45", "46"},
		state: []string{
			"For the record, I wear size {V} shoes.",
			"My shoe size is {V}, in case you see a deal.",
		},
		update: []string{
			"Turns out my shoe size is {V} now, not {OLD}.",
			"My feet changed after the marathon training: size {V} instead of {OLD}.",
		},
		ask:      []string{"What shoe size does {S} wear?", "What is {S}'s shoe size?"},
		askNow:   []string{"What shoe size does {S} wear now?", "What is {S}'s current shoe size?"},
		fact:     "{P} wears size {V} shoes",
		subject:  "shoe size",
		relation: "status",
	},
	{
		name:   "phone",
		values: []string{"Fairphone 5", "Pixel 8", "iPhone 13 mini", "Galaxy S23", "Nokia G42", "Moto Edge", "OnePlus 12", "Xperia 10"},
		state: []string{
			"My phone is a {V}.",
			"I use a {V}, and the battery still lasts all day.",
		},
		update: []string{
			"I replaced my {OLD} with a {V}.",
			"New phone: a {V}. The {OLD} was replaced after the screen cracked.",
		},
		ask:      []string{"What phone does {S} use?", "Which phone does {S} have?"},
		askNow:   []string{"What phone does {S} use now?", "Which phone does {S} have at the moment?"},
		fact:     "{P} uses a {V}",
		subject:  "phone",
		relation: "uses",
	},
	{
		name:   "plant",
		values: []string{"cherry tomatoes", "chillies", "strawberries", "lavender", "runner beans", "courgettes", "blueberries", "sunflowers", "rhubarb"},
		state: []string{
			"I'm growing {V} on my balcony.",
			"My little garden project is {V}.",
			"The {V} I planted are finally doing well.",
		},
		update: []string{
			"I'm growing {V} instead of {OLD} this year.",
			"No longer growing {OLD}; this season it's {V}.",
		},
		ask:      []string{"What is {S} growing?", "Which plants is {S} growing at home?"},
		askNow:   []string{"What is {S} growing now?", "Which plants is {S} growing this season?"},
		fact:     "{P} is growing {V}",
		subject:  "garden",
		relation: "works_on",
	},
	{
		name:   "volunteer",
		values: []string{"animal shelter", "food bank", "community garden", "repair café", "hospice charity shop", "youth football club", "wildlife rescue centre", "literacy charity"},
		state: []string{
			"I volunteer at the {V} on Saturdays.",
			"Most weekends I help out at the {V}.",
			"I signed up to volunteer at the {V}.",
		},
		update: []string{
			"The {OLD} is no longer where I volunteer; I help at the {V} now.",
			"I moved from the {OLD} to the {V} for my volunteering.",
		},
		ask:      []string{"Where does {S} volunteer?", "Which organisation does {S} volunteer for?"},
		askNow:   []string{"Where does {S} volunteer now?", "Which organisation does {S} volunteer for these days?"},
		fact:     "{P} volunteers at the {V}",
		subject:  "volunteering",
		relation: "part_of",
	},
}

// relation is a tie between two people, used by multi-hop probes
// ("Which city does Ana's neighbour live in?").
type relation struct {
	// noun is how the question names it ("neighbour").
	noun string
	// state are statements by the first person with {Q} the other one.
	state []string
}

var relations = []relation{
	{noun: "brother", state: []string{"{Q} is my brother.", "My brother {Q} called me last night.", "I had lunch with my brother, {Q}."}},
	{noun: "sister", state: []string{"{Q} is my sister.", "My sister {Q} is visiting soon.", "I borrowed a ladder from my sister, {Q}."}},
	{noun: "neighbour", state: []string{"{Q} is my neighbour.", "My neighbour {Q} watered my plants while I was away.", "I chatted over the fence with {Q}, my neighbour."}},
	{noun: "flatmate", state: []string{"{Q} is my flatmate.", "My flatmate {Q} cooked dinner for both of us.", "I share a flat with {Q}."}},
	{noun: "manager", state: []string{"{Q} is my manager.", "My manager {Q} approved the schedule.", "I had a one-to-one with {Q}, my manager."}},
	{noun: "best friend", state: []string{"{Q} is my best friend.", "My best friend {Q} always knows what to say.", "I went for a walk with {Q}, my best friend."}},
	{noun: "cousin", state: []string{"{Q} is my cousin.", "My cousin {Q} sent me photos from the reunion.", "I'm helping my cousin {Q} move house."}},
	{noun: "mentor", state: []string{"{Q} is my mentor.", "My mentor {Q} gave me good advice this week.", "I meet {Q}, my mentor, once a month."}},
}

// event is a one-off dated event for temporal probes.
type event struct {
	// past completes "I …" ("ran a half marathon along the river").
	past string
	// base completes "When did {S} …?" ("run a half marathon along the river").
	base string
}

var events = []event{
	{"ran a half marathon along the river", "run a half marathon along the river"},
	{"had a wisdom tooth removed", "have a wisdom tooth removed"},
	{"passed the driving test", "pass the driving test"},
	{"went to a glassblowing workshop", "go to a glassblowing workshop"},
	{"attended a cousin's wedding in the countryside", "attend a cousin's wedding in the countryside"},
	{"got the kitchen repainted", "get the kitchen repainted"},
	{"gave a talk at the public library", "give a talk at the public library"},
	{"sold the old sofa online", "sell the old sofa online"},
	{"donated blood for the first time", "donate blood for the first time"},
	{"went to a jazz concert in the park", "go to a jazz concert in the park"},
	{"finished a thousand-piece jigsaw puzzle", "finish a thousand-piece jigsaw puzzle"},
	{"hiked to the top of the ridge trail", "hike to the top of the ridge trail"},
	{"got a flu vaccine", "get a flu vaccine"},
	{"hosted a board game night", "host a board game night"},
	{"signed the lease on a storage unit", "sign the lease on a storage unit"},
	{"baked a three-layer birthday cake", "bake a three-layer birthday cake"},
	{"went to a stand-up comedy show", "go to a stand-up comedy show"},
	{"repaired the garden fence", "repair the garden fence"},
	{"took a night photography class", "take a night photography class"},
	{"visited the science museum", "visit the science museum"},
	{"swam in the lake for the first time this year", "swim in the lake for the first time this year"},
	{"renewed the passport", "renew the passport"},
	{"went to the opera", "go to the opera"},
	{"planted an apple tree", "plant an apple tree"},
	{"cycled to the coast and back", "cycle to the coast and back"},
	{"had an eye test", "have an eye test"},
	{"went to a cheese-making class", "go to a cheese-making class"},
	{"reorganised the garage", "reorganise the garage"},
	{"watched a meteor shower from the hills", "watch a meteor shower from the hills"},
	{"got a new tattoo", "get a new tattoo"},
}

// procedure is a multi-step how-to a person carries out once and that a
// later question asks to reuse (path-reuse probes). Steps hold {N}, a
// number drawn per instance, so each instance has a distinctive detail.
type procedure struct {
	// goal completes "Here's how I …" and "What steps did {S} follow to …?".
	goal string
	// steps in order; the key step (index key) carries the detail {N}
	// that is the gold answer, written by answer.
	steps  []string
	key    int
	answer string
	// lo and hi bound {N}.
	lo, hi int
}

var procedures = []procedure{
	{goal: "fix the flaky home wifi",
		steps: []string{"unplugged the router and counted to thirty", "moved the router off the floor and onto the bookshelf",
			"switched the wireless channel to channel {N}", "restarted the laptop and ran a speed test"},
		key: 2, answer: "channel {N}", lo: 1, hi: 13},
	{goal: "descale the coffee machine",
		steps: []string{"mixed {N} grams of citric acid into a litre of water", "ran the mixture through the machine without a pod",
			"let it sit for twenty minutes", "rinsed it with three tanks of clean water"},
		key: 0, answer: "{N} grams of citric acid", lo: 15, hi: 40},
	{goal: "bleed the radiators",
		steps: []string{"turned the heating off and let the radiators cool", "opened the bleed valve with the little key until it hissed",
			"closed the valve as soon as water dripped out", "topped the boiler pressure back up to {N} bar"},
		key: 3, answer: "{N} bar", lo: 1, hi: 2},
	{goal: "repot the big monstera",
		steps: []string{"watered it the day before so the roots would slide out", "chose a pot {N} centimetres wider than the old one",
			"mixed bark chips into the compost", "kept it out of direct sun for a week"},
		key: 1, answer: "{N} centimetres wider", lo: 3, hi: 9},
	{goal: "get the bike ready for spring",
		steps: []string{"washed the chain with degreaser", "pumped the tyres to {N} psi",
			"adjusted the brake cables until the levers felt firm", "oiled the chain and wiped off the extra"},
		key: 1, answer: "{N} psi", lo: 40, hi: 95},
	{goal: "feed the sourdough starter",
		steps: []string{"threw away all but a spoonful of the old starter", "added {N} grams of rye flour and the same weight of water",
			"stirred it and marked the level with a rubber band", "left it on the counter until it doubled"},
		key: 1, answer: "{N} grams of rye flour", lo: 30, hi: 80},
	{goal: "back up the family photos",
		steps: []string{"plugged in the external drive", "copied the photo folders year by year",
			"checked that the drive showed {N} gigabytes used", "put the drive in the drawer at work as an off-site copy"},
		key: 2, answer: "{N} gigabytes", lo: 120, hi: 900},
	{goal: "clear the blocked bathroom sink",
		steps: []string{"took the plug out and pulled out the hair", "poured in {N} tablespoons of baking soda and some vinegar",
			"waited fifteen minutes and flushed it with a kettle of hot water", "unscrewed the trap under the sink and rinsed it"},
		key: 1, answer: "{N} tablespoons of baking soda", lo: 2, hi: 6},
	{goal: "sharpen the kitchen knives",
		steps: []string{"soaked the whetstone for ten minutes", "held each blade at about {N} degrees",
			"did ten strokes per side on the coarse grit", "finished on the fine grit and stropped on newspaper"},
		key: 1, answer: "{N} degrees", lo: 12, hi: 22},
	{goal: "winterise the garden tap",
		steps: []string{"shut off the indoor valve that feeds the tap", "opened the outside tap to drain it",
			"wrapped it in an insulating cover rated to minus {N} degrees", "left the indoor drain screw open overnight"},
		key: 2, answer: "minus {N} degrees", lo: 5, hi: 25},
	{goal: "set up the new printer",
		steps: []string{"removed the orange shipping tape", "installed the ink cartridges in colour order",
			"ran the alignment page {N} times until the lines matched", "added the printer to the laptop over the network"},
		key: 2, answer: "{N} times", lo: 2, hi: 5},
	{goal: "reset the smoke alarm that kept chirping",
		steps: []string{"twisted the alarm off the ceiling mount", "swapped in a fresh nine-volt battery",
			"held the test button for {N} seconds until it beeped twice", "clicked it back onto the mount"},
		key: 2, answer: "{N} seconds", lo: 10, hi: 20},
}

// people's first names (unique per scenario) and family names.
var firstNames = []string{
	"Ana", "Tomas", "Nadia", "Omar", "Lena", "Kofi", "Ines", "Ravi", "Mei", "Jonas", "Aisha", "Mateo", "Freya", "Yusuf", "Leila", "Bruno",
	"Saoirse", "Dmitri", "Amara", "Elias", "Noor", "Felix", "Zara", "Hugo", "Ingrid", "Kenji", "Lucia", "Marek", "Olu", "Priyanka",
	"Quentin", "Rosa", "Sven", "Talia", "Umar", "Vera", "Wanjiru", "Xavier", "Yara", "Zoltan", "Adele", "Bashir", "Camille", "Darius",
	"Esme", "Farid", "Greta", "Hamid", "Isla", "Joaquin", "Kalani", "Lars", "Maya", "Nikolai", "Oona", "Pedro", "Rania", "Stefan",
	"Thandiwe", "Ulla", "Viktor", "Willa", "Ximena", "Yosef", "Zuri", "Anders", "Beatriz", "Cyrus", "Delphine", "Emeka", "Fatima",
	"Gideon", "Hana", "Ivo", "Jamila", "Kasper", "Liesel", "Milan", "Nell", "Oskar", "Paloma", "Rashid", "Signe", "Tariq", "Ursula",
	"Valentin", "Wren", "Yasmin", "Zeno", "Aurelio", "Bronwen", "Cosmin", "Dagny", "Eamon", "Fenna", "Goran", "Halima", "Idris",
	"Juno", "Kemal", "Lorcan", "Maren", "Nuno", "Orla", "Piet", "Radek", "Soraya", "Teodor", "Una", "Vesna", "Wiremu", "Yannick",
	"Zofia", "Ahmad", "Bettina", "Corin", "Dalia", "Efe", "Florin", "Gaia", "Hollis", "Ilse",
}

var familyNames = []string{
	"Okonkwo", "Lundgren", "Haddad", "Moreau", "Kowalski", "Nakashima", "Fernandes", "Osei", "Petrov", "Castillo", "Brennan", "Novak",
	"Boateng", "Bianchi", "Varga", "Takeda", "Dubois", "Iyer", "Keller", "Sato", "Abebe", "Jansen", "Quispe", "Horvat", "Eriksen", "Costa",
}

// Distractor chatter: user lines and assistant replies assembled from
// templates and fill-in pools. None of these words form a slot value.
var chatterUser = []string{
	"Do you have any tips for {activity} when it's {weather} outside?",
	"I've been reading about {topic} and it's more interesting than I expected.",
	"Not much new today, just {chore} and {chore2}.",
	"What do you think about {topic}?",
	"I keep forgetting to {chorebase} before the weekend.",
	"The weather has been so {weather} that I stayed in and {indoor}.",
	"Can you explain {topic} in simple terms?",
	"Random question: how long should I {cook} {dish}?",
	"I finally got around to {chore}. Feels good.",
	"Any ideas for a quick dinner with {ingredient} and {ingredient2}?",
	"My week was {mood}, honestly. Too many meetings about {worktopic}.",
	"Is it normal to feel {feeling} after a long weekend?",
	"I watched a documentary about {topic} last night.",
	"Could you suggest a good way to organise the {thing}?",
	"Ugh, the {thing} broke again.",
	"I'm trying to be better about {habit}.",
	"What's a polite way to decline an invitation to {social}?",
	"Today I learned something odd about {topic}.",
	"Should I {chorebase} now or wait until it's less {weather}?",
	"I spent the afternoon {indooring}, which was nice.",
	"How do people stay motivated with {habit}?",
	"I need a gift idea for a coworker who likes {giftidea}.",
	"Do you think {ingredient} goes well with {ingredient2}?",
	"The meeting about {worktopic} ran over by an hour.",
	"Remind me why {topic} matters again?",
	"I tried {habit} for a week and it actually helped.",
	"It's been {weather} all day; perfect excuse to stay in.",
	"What's the difference between {pair}?",
	"Can you give me a short checklist for {social}?",
	"I'm thinking about rearranging the {room} this weekend.",
	"How often should I clean the {thing}?",
	"Just got back from {errand}. The queue was endless.",
	"I'm curious how {topic} actually works.",
	"My to-do list is mostly {chore} and {chore2} today.",
	"Any advice for someone who is bad at {habit}?",
}

var chatterAssistant = []string{
	"Good question. {tip}",
	"That sounds like a reasonable plan. {tip}",
	"Happy to help. {tip}",
	"Here's a short answer: {fact}",
	"It depends a little, but generally {tip2}",
	"That's relatable. {tip}",
	"In simple terms, {fact}",
	"Sure. A common approach is to {advice}.",
	"You could try to {advice}; many people find that easier.",
	"Thanks for sharing. If it helps, {tip2}",
	"Noted. Let me know if you want a longer list.",
	"That's a nice way to spend the afternoon.",
	"Sounds like a busy day. {tip}",
	"One option is to {advice}, another is to {advice2}.",
	"I'd keep it simple: {advice}.",
}

var (
	fillActivity   = []string{"going for a run", "walking the long loop", "drying laundry", "painting a fence", "cleaning windows", "sleeping well", "working from a café"}
	fillWeather    = []string{"rainy", "windy", "humid", "frosty", "grey", "scorching", "foggy", "muggy"}
	fillTopic      = []string{"how tides work", "the history of bridges", "fermentation", "why leaves change colour", "how vaccines are tested", "the printing press", "migratory birds", "how glaciers move", "the origins of chess", "soil health", "deep sea creatures", "old lighthouses", "the first satellites", "sleep cycles", "ancient roads"}
	fillChore      = []string{"doing the laundry", "answering emails", "sorting the recycling", "cleaning the fridge", "paying the bills", "vacuuming the stairs", "ironing shirts", "returning library books", "defrosting the freezer", "changing the bed sheets"}
	fillIndoor     = []string{"tidied the cupboard", "caught up on a podcast", "wrote some letters", "sorted old receipts", "did a crossword", "watched an old film", "fixed a wobbly chair"}
	fillCook       = []string{"boil", "roast", "simmer", "bake", "steam"}
	fillDish       = []string{"potatoes", "a whole chicken", "lentils", "rice", "carrots", "a tray of vegetables", "eggs"}
	fillIngredient = []string{"spinach", "chickpeas", "leftover rice", "feta", "lemons", "mushrooms", "tinned tuna", "sweet potatoes", "cabbage", "yoghurt"}
	fillMood       = []string{"exhausting", "strange", "surprisingly calm", "chaotic", "slow", "a bit flat", "productive"}
	fillWorktopic  = []string{"the budget review", "the office move", "quarterly targets", "the new rota", "supplier contracts", "the training plan", "holiday cover"}
	fillThing      = []string{"dishwasher", "washing machine", "spice drawer", "hall cupboard", "kettle", "desk drawer", "extractor fan", "bookshelf"}
	fillHabit      = []string{"drinking more water", "going to bed earlier", "stretching in the morning", "reading before sleep", "keeping a journal", "taking the stairs", "cooking at home"}
	fillSocial     = []string{"a work barbecue", "a baby shower", "a neighbourhood meeting", "a retirement party", "a dinner party", "a school reunion"}
	fillGift       = []string{"board games", "stationery", "houseplants", "puzzles", "scented candles", "comic books"}
	fillPair       = []string{"baking soda and baking powder", "a virus and a bacterium", "weather and climate", "a lake and a pond", "a hurricane and a typhoon", "a crocodile and an alligator", "a latte and a cappuccino", "a moth and a butterfly"}
	fillChoreBase  = []string{"do the laundry", "answer emails", "sort the recycling", "clean the fridge", "pay the bills", "vacuum the stairs", "iron shirts", "return library books", "defrost the freezer", "change the bed sheets"}
	fillIndooring  = []string{"tidying the cupboard", "catching up on a podcast", "writing letters", "sorting old receipts", "doing a crossword", "watching an old film", "fixing a wobbly chair"}
	fillFeeling    = []string{"drained", "restless", "flat", "wired", "sluggish", "a bit low", "oddly energetic"}
	fillRoom       = []string{"living room", "spare room", "hallway", "kitchen", "study"}
	fillErrand     = []string{"the post office", "the bank", "the hardware store", "the pharmacy", "the town hall", "the recycling centre"}
	fillTip        = []string{"Small steps every day tend to work better than big pushes.", "Writing it down usually makes it easier to stick with.", "A timer for twenty minutes can get you started.", "Doing it at the same time each day helps it become routine.", "Try to keep the first attempt short and easy.", "It often helps to prepare everything the night before."}
	fillTip2       = []string{"people find that a fixed routine helps.", "shorter sessions work better than long ones.", "it pays to check the instructions first.", "doing the hardest part first saves energy.", "a checklist keeps things from slipping."}
	fillFact       = []string{"it comes down to water, temperature and time.", "the key idea is that small changes add up over time.", "most of the effect comes from the first few minutes.", "it works because the pressure evens out.", "it is mostly a matter of balance between two forces."}
	fillAdvice     = []string{"break it into smaller tasks", "set a reminder on your phone", "do a little each evening", "ask someone to join you", "keep a simple list on the fridge", "start with the easiest part", "batch similar tasks together"}
)

// fillers maps a template placeholder to its pool; a second use of a pool
// in one template is written with a "2" suffix ({chore2}).
var fillers = map[string][]string{
	"activity": fillActivity, "weather": fillWeather, "topic": fillTopic, "chore": fillChore, "chore2": fillChore,
	"indoor": fillIndoor, "cook": fillCook, "dish": fillDish, "ingredient": fillIngredient, "ingredient2": fillIngredient,
	"mood": fillMood, "worktopic": fillWorktopic, "thing": fillThing, "habit": fillHabit, "social": fillSocial,
	"giftidea": fillGift, "pair": fillPair, "chorebase": fillChoreBase, "indooring": fillIndooring, "feeling": fillFeeling, "room": fillRoom, "errand": fillErrand,
	"tip": fillTip, "tip2": fillTip2, "fact": fillFact, "advice": fillAdvice, "advice2": fillAdvice,
}

// Chatter prefixes and follow-ups multiply the surface forms of chatter.
var (
	chatterLead   = []string{"", "", "", "Hey, ", "Morning! ", "Okay, ", "Quick one: ", "Hmm. ", "So ", "Right, ", "Evening. ", "Hi again. "}
	chatterFollow = []string{"", "", "", " No rush.", " Just curious.", " It's been on my mind all week.", " Asking for a friend.", " Thanks in advance.",
		" I'll probably forget again.", " Not urgent.", " Long day.", " Sorry if that's a silly question.", " Curious what you think."}
	replyFollow = []string{"", "", "", " Hope that helps.", " Let me know how it goes.", " Want more detail?", " Happy to go deeper.",
		" Good luck with it.", " Ask again any time.", " That's my short take.", " Others do it differently."}
)

// Openers and closers vary the surface of planted statements.
var (
	openers = []string{"", "", "", "Oh, by the way, ", "Random thing about me: ", "Before I forget, ", "Funny story, but ", "So, ", "Honestly, "}
	closers = []string{"", "", "", " Anyway.", " Just thought I'd mention it.", " Not that it matters much.", " Long story.", " It's a whole thing."}
	// acks are the assistant's replies to planted statements: they never
	// repeat the planted value, so the gold evidence is the user's turn.
	acks = []string{"Thanks for telling me.", "Good to know!", "Got it, I'll keep that in mind.", "Oh, nice.", "Noted.", "That's interesting, thanks.", "I see. How do you feel about it?", "Understood."}
	// stepAcks answer the steps of a procedure.
	stepAcks = []string{"Okay, what next?", "Makes sense.", "Good call.", "And then?", "Sounds careful.", "Right, that usually helps."}
)

// Relative day expressions for dated events: {days before the session day,
// or -1 for "last <weekday>"} and their wording. "last <weekday>" is the
// latest such day strictly before the session day (internal/temporal's
// convention).
var relDays = []struct {
	days int
	text string
}{
	{1, "Yesterday"}, {2, "Two days ago"}, {3, "Three days ago"}, {4, "Four days ago"}, {5, "Five days ago"},
	{-1, "Last Saturday"}, {-1, "Last Tuesday"}, {-1, "Last Sunday"}, {-1, "Last Thursday"},
}
