package runner

import (
	"bytes"
	"testing"
)

func TestCaseWriter(t *testing.T) {
	var buf bytes.Buffer
	w := newCaseWriter(&buf)
	if err := w.write(ReaderCase{Strategy: "oracle", Scenario: "s", Probe: "p1", Kind: "fact", Question: "Where?", AskedAt: "2023-05-07 10:00", Context: "Nora: Lisbon.", Gold: []string{"Lisbon"}}); err != nil {
		t.Fatal(err)
	}
	want := `{"strategy":"oracle","scenario":"s","probe":"p1","kind":"fact","question":"Where?","asked_at":"2023-05-07 10:00","context":"Nora: Lisbon.","gold":["Lisbon"]}` + "\n"
	if buf.String() != want {
		t.Errorf("got %q\nwant %q", buf.String(), want)
	}
	var nilW *caseWriter
	if err := nilW.write(ReaderCase{}); err != nil {
		t.Errorf("nil writer: %v", err)
	}
}
