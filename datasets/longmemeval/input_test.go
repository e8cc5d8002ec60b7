package longmemeval

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memarena/memarena/datasets"
	"github.com/memarena/memarena/datasets/internal/dsio"
	"github.com/memarena/memarena/scenarios"
)

// TestInputFaults: the file must hold exactly one JSON list — trailing
// data (two files concatenated) is an error, with or without a subset —
// a directory is refused with what is wanted, a byte-order mark is
// skipped and invalid UTF-8 is counted in the import report.
func TestInputFaults(t *testing.T) {
	good, err := os.ReadFile("testdata/questions.json")
	if err != nil {
		t.Fatal(err)
	}
	gz := func(b []byte) []byte {
		var zb bytes.Buffer
		zw := gzip.NewWriter(&zb)
		zw.Write(b)
		zw.Close()
		return zb.Bytes()
	}
	cases := []struct {
		name    string
		data    []byte // nil: a directory
		limit   int
		wantErr string
		counts  map[string]int
		note    string
	}{
		{"file concatenated with itself", append(append([]byte{}, good...), good...), 0, "(top level): extra data after the list of questions, starting with [ at byte", nil, ""},
		{"concatenated, with a subset", append(append([]byte{}, good...), good...), 2, "extra data after the list of questions", nil, ""},
		{"concatenated, gzip", gz(append(append([]byte{}, good...), good...)), 0, "extra data after the list of questions", nil, ""},
		{"trailing garbage", append(append([]byte{}, good...), []byte("\n{\"x\": 1}")...), 0, "extra data after the list of questions, starting with {", nil, ""},
		{"trailing text", append(append([]byte{}, good...), []byte(" trailing")...), 0, "(top level): invalid JSON near byte", nil, ""},
		{"trailing whitespace", append(append([]byte{}, good...), []byte("\n\n  \n")...), 0, "", map[string]int{"questions kept": 5}, ""},
		{"byte-order mark", append([]byte("\xef\xbb\xbf"), good...), 0, "", map[string]int{"questions kept": 5}, "byte-order mark"},
		{"invalid UTF-8", bytes.Replace(good, []byte("I have a dog."), []byte("I have a d\xf6g."), 1), 0, "",
			map[string]int{dsio.CountInvalidUTF8: 1, dsio.CountReplacement: 1}, ""},
		{"directory", nil, 0, "is a directory; the longmemeval importer reads one file, the JSON list of questions", nil, ""},
	}
	dir := t.TempDir()
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, "q"+string(rune('a'+i))+".json")
			if tc.data == nil {
				os.Mkdir(p, 0o755)
			} else {
				os.WriteFile(p, tc.data, 0o644)
			}
			_, rep, err := datasets.Load(datasets.Spec{Kind: Kind, Path: p, Limit: tc.limit})
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v; want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range tc.counts {
				if rep.Counts[k] != v {
					t.Errorf("count %q = %d, want %d (counts %v)", k, rep.Counts[k], v, rep.Counts)
				}
			}
			if tc.note != "" && !strings.Contains(strings.Join(rep.Notes, "\n"), tc.note) {
				t.Errorf("notes %q lack %q", rep.Notes, tc.note)
			}
		})
	}
}

// FuzzImport feeds arbitrary bytes to the LongMemEval reader as a file,
// read in one pass (limit 0) or two (a subset): it must return scenarios
// or an error, never panic, and whatever it returns must be valid
// scenarios.
func FuzzImport(f *testing.F) {
	for _, p := range []string{"testdata/questions.json", "testdata/bad/truncated.json", "testdata/bad/content-number.json", "testdata/bad/has-answer-string.json", "testdata/bad/repeated-id.json"} {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, uint8(0))
		f.Add(b, uint8(2))
	}
	f.Fuzz(func(t *testing.T, data []byte, limit uint8) {
		path := filepath.Join(t.TempDir(), "q.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		ss, rep, err := datasets.Load(datasets.Spec{Kind: Kind, Path: path, Limit: int(limit % 8)})
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
