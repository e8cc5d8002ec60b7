package reader

import "testing"

// identifierAsked: a "what … <kind> number/code/reference" question asks
// for a written identifier of that kind; a count, a telephone number and
// a question about something else do not.
func TestIdentifierKind(t *testing.T) {
	for q, want := range map[string]struct {
		kind string
		ok   bool
	}{
		"What was the invoice number for the sponsorship?":   {stem("invoice"), true},
		"What's their PO number?":                            {stem("po"), true},
		"What ticket number did I give the platform bug?":    {stem("ticket"), true},
		"What's our employer PAYE reference again?":          {stem("paye"), true},
		"What's the reference for the damage claim I filed?": {"", true},
		"What's the number of guests at the dinner?":         {"", false},
		"What's Rachel's phone number?":                      {"", false},
		"What was the total number of registrations?":        {"", false},
		"How many tickets did we sell?":                      {"", false},
		"What did the reference letter say?":                 {"", false},
		"Which PR of his were we reviewing in April?":        {stem("pr"), true},
		"Which incident was that?":                           {stem("incident"), true},
		"Which issues did we close?":                         {"", false},
	} {
		kind, _, ok := identifierAsked(mainQuestion(q))
		if kind != want.kind || ok != want.ok {
			t.Errorf("%q: kind %q %v, want %q %v", q, kind, ok, want.kind, want.ok)
		}
	}
}

// idShape: letters and digits mixed, or dashed digit groups; amounts with
// a unit, plain words and plain numbers are no identifiers.
func TestIDShape(t *testing.T) {
	for w, want := range map[string]bool{
		"INV-2291": true, "LF-140": true, "AP-2026-0417": true, "PGR-EXT-2": true, "120/FA48213": true,
		"4QX92T": true, "4500-88231": true, "#A4471": true,
		"10am": false, "5kg": false, "3rd": false, "1990s": false, "2026": false, "12": false,
		"hello": false, "3.5": false, "£12,000": false, "well-known": false,
	} {
		if got := idShape(w); got != want {
			t.Errorf("idShape(%q) = %v, want %v", w, got, want)
		}
	}
}

// The identifier an identifier question asks for: the code its kind
// stands before, a code after an identifier noun, or the only code of the
// best turn; not a code of another kind, an amount or the question's own.
func TestIdentifierAnswer(t *testing.T) {
	checkEach(t, []ctxCase{
		{"What was the invoice number for the Polar sponsorship?",
			`[2026-04-22] Assistant: Draft invoice INV-2291 is in Xero for the Polar sponsorship: £12,000 plus VAT, reference CCS26-SP-01, PO 4500-88231.`, "INV-2291"},
		{"What's Arctica's PO number?",
			"[2026-05-26] Tess: Their PO is AP-2026-0417.\n[2026-05-26] xero: create_invoice(contact=\"Arctica Ltd\", reference=\"CCS26-SP-02\", po_number=\"AP-2026-0417\", amount=\"£7,500\")", "AP-2026-0417"},
		{"What ticket number did I give the rotating platform bug?",
			"[2026-05-26] Jonas: Yeah, the rotating platform script was never converted. Fixed it and logged it as LF-140.", "LF-140"},
		{"What's our employer PAYE reference again?",
			"[2026-04-02] Tess: On it. Also, HMRC sent the PAYE reference yesterday: 120/FA48213.", "120/FA48213"},
		{"What HS code did you tell me to put on the customs form?",
			"[2026-03-10] Assistant: On the CN22 customs form, use HS code 3406.00 for candles.", "3406.00"},
		{"What was the incident number for the webhook outage?",
			"[2026-03-27] Marcus: Since yesterday the webhooks to /v1/webhooks/stripe have been returning 400. It's INC-2291.", "INC-2291"},
		{"Which PR of his were we reviewing in April?",
			"[2026-04-15] Marcus: Reviewing PR #142 by Jonas. Priya left comments on it.", "142"},
		{"Which Stripe API version are we on in production?",
			"[2026-04-15] Marcus: Sam's upgrade is PR #148 (stripe 12.0, API version 2025-03-31.basil).", "2025-03-31.basil"},
		{"What Python version is the service on?",
			"[2026-04-15] Marcus: We moved the service to Python 3.12 after Sam merged PR 151.", "3.12"},
		{"What's the case number?", "[2026-03-01] Sid: The court case number is 2:24-cv-01873.", "2:24-cv-01873"},
		{"What's my NHS number?", "[2026-03-01] Fin: My NHS number is 485 777 3456.\n[2026-03-01] Fin: The surgery's phone is 020 7946 0018.", "485 777 3456"},
		{"What's the reference number for my claim?", "[2026-03-01] Tia: Claim filed on 2025-11-03.", "not mentioned"},
		{"What's the policy number?", "[2026-03-01] Gia: Policy HO-3 form, number 77-2291-004.", "77-2291-004"},
		{"What's the flight number?", "[2026-03-01] Rae: Flight UA 237 departs at 7:45 on 2026-04-12.\n[2026-03-01] Rae: Confirmation code is KX7P2Q.", "UA 237"},
		{"What jersey number does Leo wear?", "[2026-03-01] Ana: Leo switched to jersey 23 this season; his locker is L-114.", "23"},
		{"What's the seat number?", "[2026-03-01] Ana: Seat 14C, boarding group 3, gate B22.", "14C"},
		{"Which Python version are we on now?", "[2026-03-01] Sam: We moved from Python 3.10 to 3.12 last sprint.", "3.12"},
		{"What's my current account number?", "[2025-06-01] Ana: My account number is 4500-1122.\n[2026-01-10] Ana: The bank changed my account number to 4500-9987.", "4500-9987"},
		{"What's the order number for the sofa?", "[2026-03-01] Ana: Delivery is between 8am-12pm. The order was placed as #LF20931.", "LF20931"},
		{"What's the order number?", "[2026-03-01 s1-t1] Dee: I ordered 3 items on March 3.\n[2026-03-01 s1-t3] Dee: Order #114-3941689-8772302.", "114-3941689-8772302"},
		{"What's Max's microchip number?", "[2026-03-01] Ana: The vet is Paws Clinic, 555-201-7788; Max's chip ID is 985112003344556.", "985112003344556"},
		{"What's the flight number for Lars?",
			"[2026-05-13] Tess: Lars lands on Sunday; his passport number is AK0349127.", "not mentioned"},
	})
}

// A record's shouted status ("BOOKING CONFIRMED") is no name, and a
// letterless code (a postcode) names no place; an acronym is a name.
func TestRecordWords(t *testing.T) {
	rec := "[2026-04-12 s3-t9] booking: BOOKING CONFIRMED - Harbour View Lodge\nReference: HVL-448213\nAddress: 3-21-7 Quay Road, Cobh 110-0015\nFamily suite | Check-in Sun 19 Jul 2026 15:00"
	checkEach(t, []ctxCase{
		{"What's the name of the lodge we booked?", rec, "Harbour View Lodge"},
		{"What game is John hooked on these days?", "[2022-11-05] John: I'm hooked on FIFA 23 at the moment.", "FIFA 23"},
	})
}
