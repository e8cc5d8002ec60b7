package dsio

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInputFaults: what reading a dataset file can meet — corrupt or
// truncated gzip, a byte-order mark, invalid UTF-8, a directory — gives a
// clear error naming the file, or is read and counted.
func TestInputFaults(t *testing.T) {
	dir := t.TempDir()
	text := `[{"text": "caf` + "\xe9" + ` au lait", "b": "ok"}]`
	gz := func(b []byte) []byte {
		var zb bytes.Buffer
		zw := gzip.NewWriter(&zb)
		zw.Write(b)
		zw.Close()
		return zb.Bytes()
	}
	long := []byte(`[` + strings.Repeat(`{"x": "some text to compress poorly 0123456789"}, `, 3000) + `{}]`)
	corrupt := gz(long)
	for i := 30; i < 60; i++ {
		corrupt[i] ^= 0xff
	}
	whole := gz(long)
	cases := []struct {
		name    string
		data    []byte // nil: a directory
		wantErr string
		bad     int
		bom     bool
	}{
		{"plain", []byte(`[1, 2]`), "", 0, false},
		{"byte-order mark", []byte("\xef\xbb\xbf[1, 2]"), "", 0, true},
		{"byte-order mark in gzip", gz([]byte("\xef\xbb\xbf[1, 2]")), "", 0, true},
		{"invalid UTF-8", []byte(text), "", 1, false},
		{"invalid UTF-8 in gzip", gz([]byte(text)), "", 1, false},
		{"truncated character at the end", []byte("[\"a\xe6\x97"), "file ends in the middle of a JSON value", 2, false},
		{"corrupt gzip", corrupt, "corrupt gzip stream: flate: corrupt input", 0, false},
		{"truncated gzip", whole[:len(whole)/2], "the gzip stream ends early (truncated file?)", 0, false},
		{"directory", nil, "is a directory; want a dataset file (plain or .gz)", 0, false},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, "f"+string(rune('a'+i)))
			if tc.data == nil {
				os.Mkdir(p, 0o755)
			} else {
				os.WriteFile(p, tc.data, 0o644)
			}
			in, err := Open(p)
			if err == nil {
				_, err = Decode(p, in)
				if cerr := in.Close(); err == nil {
					err = cerr
				}
			}
			switch {
			case tc.wantErr == "" && err != nil:
				t.Fatalf("error %v", err)
			case tc.wantErr != "":
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || !strings.HasPrefix(err.Error(), p+": ") && !strings.HasPrefix(err.Error(), p+" is") {
					t.Fatalf("error %v; want %q after the file name", err, tc.wantErr)
				}
				if strings.Contains(err.Error(), ": : ") || strings.Count(err.Error(), p) > 1 {
					t.Fatalf("error %q repeats the file or shows an empty path", err)
				}
			}
			if in != nil && tc.data != nil && (in.InvalidUTF8() != tc.bad || in.BOM() != tc.bom) {
				t.Fatalf("invalid UTF-8 %d, BOM %v; want %d, %v", in.InvalidUTF8(), in.BOM(), tc.bad, tc.bom)
			}
		})
	}
}

// TestUTF8CounterAcrossWrites: a character split between two writes is
// valid; each byte of a broken sequence counts once, as a JSON decoder
// replaces it with one U+FFFD.
func TestUTF8CounterAcrossWrites(t *testing.T) {
	cases := []struct {
		chunks []string
		bad    int
	}{
		{[]string{"plain ascii"}, 0},
		{[]string{"日本"}, 0},
		{[]string{"\xe6", "\x97\xa5"}, 0},         // 日 split 1+2
		{[]string{"\xe6\x97", "\xa5 ok"}, 0},      // split 2+1
		{[]string{"\xf0\x9f", "\x98", "\x80"}, 0}, // 😀 split over three writes
		{[]string{"\xe9 ok"}, 1},
		{[]string{"\xe6\x97", "a"}, 2}, // truncated sequence, then ASCII
		{[]string{"\xff\xfe"}, 2},
		{[]string{"ok", "\xe6\x97"}, 2}, // cut off by the end of the stream
		{[]string{"\xed\xa0\x80"}, 3},   // a UTF-16 surrogate is not UTF-8
	}
	for _, tc := range cases {
		var c utf8Counter
		joined := ""
		for _, ch := range tc.chunks {
			c.Write([]byte(ch))
			joined += ch
		}
		c.flush()
		if c.bad != tc.bad {
			t.Errorf("%q: %d invalid bytes, want %d", tc.chunks, c.bad, tc.bad)
		}
		// encoding/json writes one U+FFFD per byte counted.
		var got string
		if err := json.Unmarshal([]byte(`"`+joined+`"`), &got); err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(got, "\uFFFD"); n != tc.bad {
			t.Errorf("%q: encoding/json wrote %d U+FFFD, the counter %d", tc.chunks, n, tc.bad)
		}
	}
}
