package dsio

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func sum(b []byte) string { h := sha256.Sum256(b); return hex.EncodeToString(h[:]) }

func TestOpenHashesPlainAndGzip(t *testing.T) {
	dir := t.TempDir()
	text := []byte(`[{"a": 1}, {"b": 2}]`)
	plain := filepath.Join(dir, "x.json")
	os.WriteFile(plain, text, 0o644)
	var zb bytes.Buffer
	zw := gzip.NewWriter(&zb)
	zw.Write(text)
	zw.Close()
	gz := filepath.Join(dir, "x.bin")
	os.WriteFile(gz, zb.Bytes(), 0o644)

	for _, c := range []struct {
		path    string
		gzipped bool
		raw     string
	}{{plain, false, sum(text)}, {gz, true, sum(zb.Bytes())}} {
		in, err := Open(c.path)
		if err != nil {
			t.Fatal(err)
		}
		// Read only a prefix: Close still hashes the whole file.
		buf := make([]byte, 5)
		io.ReadFull(in, buf)
		if string(buf) != `[{"a"` || in.Gzipped() != c.gzipped {
			t.Errorf("%s: read %q gzipped %v", c.path, buf, in.Gzipped())
		}
		if err := in.Close(); err != nil {
			t.Fatal(err)
		}
		in.Close() // twice is fine
		if in.SHA256() != c.raw || in.TextSHA256() != sum(text) {
			t.Errorf("%s: sha %s text %s", c.path, in.SHA256(), in.TextSHA256())
		}
	}
	if _, err := Open(filepath.Join(dir, "missing")); err == nil {
		t.Error("missing file opened")
	}
	bad := filepath.Join(dir, "bad.gz")
	os.WriteFile(bad, []byte{0x1f, 0x8b, 0, 0}, 0o644)
	if _, err := Open(bad); err == nil || !strings.Contains(err.Error(), "bad gzip header") {
		t.Errorf("bad gzip: %v", err)
	}
}

func TestDecodeAndAccessors(t *testing.T) {
	d := Doc{File: "f.json"}
	v, err := Decode("f.json", strings.NewReader(`{"s": "x", "n": 2022, "f": 1.5, "l": [1], "o": {}}`))
	if err != nil {
		t.Fatal(err)
	}
	m, _ := d.Obj(v, "")
	if s, _ := d.StrOrNum(m["n"], "n"); s != "2022" {
		t.Errorf("number as string: %q", s)
	}
	if s, _ := d.StrOrNum(m["f"], "f"); s != "1.5" {
		t.Errorf("float as string: %q", s)
	}
	if i, err := d.Int(m["n"], "n"); i != 2022 || err != nil {
		t.Errorf("int %d %v", i, err)
	}
	for _, c := range []struct {
		err  error
		want string
	}{
		{func() error { _, err := d.Str(m["n"], "qa[17].evidence[2]"); return err }(), "f.json: qa[17].evidence[2]: want a string, got a number"},
		{func() error { _, err := d.Int(m["f"], "c"); return err }(), "f.json: c: want an integer, got 1.5"},
		{func() error { _, err := d.List(m["o"], "o"); return err }(), "f.json: o: want a list, got an object"},
		{func() error { _, err := d.Obj(m["l"], ""); return err }(), "f.json: (top level): want an object, got a list"},
		{func() error { _, err := d.StrOrNum(nil, "a"); return err }(), "f.json: a: want a string or a number, got null"},
	} {
		if c.err == nil || c.err.Error() != c.want {
			t.Errorf("got %v, want %q", c.err, c.want)
		}
	}
	if _, err := Decode("f", strings.NewReader(`{} {}`)); err == nil || !strings.Contains(err.Error(), "extra data") {
		t.Errorf("extra data: %v", err)
	}
	if _, err := Decode("f", strings.NewReader(`{"a": }`)); err == nil || !strings.Contains(err.Error(), "invalid JSON near byte") {
		t.Errorf("syntax: %v", err)
	}
	if _, err := Decode("f", strings.NewReader(`[1, 2`)); err == nil || !strings.Contains(err.Error(), "truncated") {
		t.Errorf("truncated: %v", err)
	}
}

func TestAllocate(t *testing.T) {
	for _, c := range []struct {
		sizes map[string]int
		n     int
		want  map[string]int
	}{
		// Proportional with largest remainders: 10 × (5, 3, 2) / 10.
		{map[string]int{"a": 5, "b": 3, "c": 2}, 5, map[string]int{"a": 3, "b": 1, "c": 1}},
		// LongMemEval-like: small abstention strata still get one.
		{map[string]int{"ms": 121, "ms (abstention)": 12, "tr": 127, "tr (abstention)": 6}, 20, map[string]int{"ms": 9, "ms (abstention)": 1, "tr": 9, "tr (abstention)": 1}},
		// Fewer units than strata: ties go to the first names.
		{map[string]int{"x": 1, "y": 1, "z": 1}, 2, map[string]int{"x": 1, "y": 1, "z": 0}},
		// n ≥ total or n ≤ 0 keeps everything.
		{map[string]int{"a": 2, "b": 1}, 9, map[string]int{"a": 2, "b": 1}},
		{map[string]int{"a": 2, "b": 1}, 0, map[string]int{"a": 2, "b": 1}},
	} {
		got := Allocate(c.sizes, c.n)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("Allocate(%v, %d) = %v, want %v", c.sizes, c.n, got, c.want)
		}
	}
}

func TestSelect(t *testing.T) {
	strata := []string{"a", "b", "a", "a", "b", "c", "a"}
	idx, alloc := Select(strata, 4, false, 0)
	// a: 4 of 7 → 4×4/7 = 2.29, b: 1.14, c: 0.57 → floors 2, 1, 0; remainder to c.
	if !reflect.DeepEqual(idx, []int{0, 1, 2, 5}) || !reflect.DeepEqual(alloc, map[string]int{"a": 2, "b": 1, "c": 1}) {
		t.Errorf("head: %v %v", idx, alloc)
	}
	r1, _ := Select(strata, 4, true, 42)
	r2, _ := Select(strata, 4, true, 42)
	if !reflect.DeepEqual(r1, r2) || len(r1) != 4 {
		t.Errorf("seeded selection not reproducible: %v %v", r1, r2)
	}
	for i := 1; i < len(r1); i++ {
		if r1[i] <= r1[i-1] {
			t.Errorf("not in input order: %v", r1)
		}
	}
	if all, _ := Select(strata, 0, true, 1); len(all) != len(strata) {
		t.Errorf("n = 0 kept %v", all)
	}
}

func TestSlugAndOptions(t *testing.T) {
	for in, want := range map[string]string{"conv-26": "conv-26", "gpt4_2655b836": "gpt4_2655b836", " My Conv #3 ": "my-conv-3", "Ä/b": "b"} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
	o, err := NewOptions(map[string]any{"label_map": "official", "captions": true, "questions": uint64(5)}, "label_map", "captions", "questions")
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := o.String("label_map", "", "official", "mem0-paper"); s != "official" {
		t.Error(s)
	}
	if b, _ := o.Bool("captions", false); !b {
		t.Error("captions")
	}
	if n, _ := o.Int("questions", 0); n != 5 {
		t.Error(n)
	}
	if n, _ := o.Int("absent", 7); n != 7 {
		t.Error("default")
	}
	if _, err := NewOptions(map[string]any{"lable_map": 1}, "label_map"); err == nil || !strings.Contains(err.Error(), `options.lable_map: unknown option (did you mean "label_map"?)`) {
		t.Errorf("unknown: %v", err)
	}
	bad, _ := NewOptions(map[string]any{"a": "x", "b": 1.5, "c": "yes"}, "a", "b", "c")
	if _, err := bad.String("a", "", "y", "z"); err == nil {
		t.Error("enum")
	}
	if _, err := bad.Int("b", 0); err == nil {
		t.Error("fraction")
	}
	if _, err := bad.Bool("c", false); err == nil {
		t.Error("bool")
	}
}
