package locomo

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memarena/memarena/datasets"
	"github.com/memarena/memarena/datasets/internal/dsio"
	"github.com/memarena/memarena/scenarios"
)

// TestInputFaults: a directory with good and bad files reports every bad
// file at once (each with its JSON path); trailing data, a byte-order mark
// and invalid UTF-8 are handled like in every importer.
func TestInputFaults(t *testing.T) {
	good, err := os.ReadFile("testdata/conv-a.json")
	if err != nil {
		t.Fatal(err)
	}
	bad := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join("testdata/bad", name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	type file struct {
		name string
		data []byte
	}
	cases := []struct {
		name   string
		files  []file // one file: Path is the file; several: a directory
		want   []string
		counts map[string]int
	}{
		{"mixed directory", []file{
			{"a-good.json", good},
			{"b-bad-date.json", bad("bad-date.json")},
			{"c-good.json", bytes.Replace(good, []byte(`"conv-a"`), []byte(`"conv-c"`), 1)},
			{"d-truncated.json", bad("truncated.json")},
			{"e-number.json", bad("number.json")},
		}, []string{
			"3 of 5 files are not readable LoCoMo data:",
			`b-bad-date.json: session_1_date_time: date "someday"`,
			"d-truncated.json: (top level): file ends in the middle of a JSON value",
			"e-number.json: (top level): want a list of LoCoMo samples or one conversation object, got a number",
		}, nil},
		{"trailing data", []file{{"x.json", append(append([]byte{}, good...), good...)}}, []string{"extra data after the first JSON value"}, nil},
		{"byte-order mark", []file{{"x.json", append([]byte("\xef\xbb\xbf"), good...)}}, nil, map[string]int{"conversations kept": 1}},
		{"invalid UTF-8", []file{{"x.json", bytes.Replace(good, []byte("support group"), []byte("support gr\xf6up"), 1)}}, nil,
			map[string]int{dsio.CountInvalidUTF8: 1, dsio.CountReplacement: 1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, f := range tc.files {
				os.WriteFile(filepath.Join(dir, f.name), f.data, 0o644)
			}
			path := dir
			if len(tc.files) == 1 {
				path = filepath.Join(dir, tc.files[0].name)
			}
			_, rep, err := datasets.Load(datasets.Spec{Kind: Kind, Path: path})
			if len(tc.want) > 0 {
				if err == nil {
					t.Fatal("no error")
				}
				for _, w := range tc.want {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("error lacks %q:\n%v", w, err)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range tc.counts {
				if rep.Counts[k] != v {
					t.Errorf("count %q = %d, want %d", k, rep.Counts[k], v)
				}
			}
		})
	}
}

// FuzzImport feeds arbitrary bytes to the LoCoMo reader as a file, plain
// and as a one-file directory: it must return scenarios or an error,
// never panic, and whatever it returns must be valid scenarios.
func FuzzImport(f *testing.F) {
	for _, p := range []string{"testdata/conv-a.json", "testdata/samples.json", "testdata/bad/truncated.json", "testdata/bad/bad-date.json", "testdata/bad/text-list.json", "testdata/bad/evidence-number.json"} {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, false)
	}
	f.Add([]byte("\xef\xbb\xbf[]"), true)
	f.Fuzz(func(t *testing.T, data []byte, asDir bool) {
		dir := t.TempDir()
		path := filepath.Join(dir, "f.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if asDir {
			path = dir
		}
		ss, rep, err := datasets.Load(datasets.Spec{Kind: Kind, Path: path, Options: map[string]any{"captions": asDir}})
		if err != nil {
			return
		}
		if rep == nil || len(ss) == 0 {
			t.Fatalf("no error, but %d scenarios and report %v", len(ss), rep)
		}
		for _, s := range ss {
			if ps := scenarios.Validate(s); len(ps) > 0 {
				t.Fatalf("invalid scenario %s: %v", s.ID, ps)
			}
		}
	})
}
