package locomo

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memarena/memarena/datasets"
	"github.com/memarena/memarena/datasets/internal/dsio"
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
