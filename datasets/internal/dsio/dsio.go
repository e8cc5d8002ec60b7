// Package dsio holds what the dataset importers share: opening a plain or
// gzip-compressed file while hashing it (sha256 of the file bytes and of
// the decompressed stream), JSON-path errors for malformed files, checked
// access to generically decoded JSON, and seeded stratified selection of
// units (conversations, questions).
package dsio

import (
	"bufio"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"strings"
	"unicode/utf8"
)

// Input is an open dataset file. Read streams the decompressed bytes; the
// hashes are complete after Close (which reads any unread rest of the file).
type Input struct {
	f       *os.File
	raw     hash.Hash
	plain   hash.Hash
	utf8    utf8Counter
	teeRaw  io.Reader
	r       io.Reader
	gz      *gzip.Reader
	pipe    *pipe
	gzipped bool
	bom     bool
	path    string
	closed  bool
	rawSum  string
	textSum string
}

// Open opens path for streaming. A file that starts with the gzip magic
// bytes (1f 8b) is decompressed whatever its name; a UTF-8 byte-order mark
// at the start of the decompressed text is skipped (BOM reports it). A
// directory is an error saying a file is wanted. Errors name the file.
func Open(path string) (*Input, error) {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%s is a directory; want a dataset file (plain or .gz)", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	in := &Input{f: f, raw: sha256.New(), plain: sha256.New(), path: path}
	in.teeRaw = io.TeeReader(f, in.raw)
	br := bufio.NewReaderSize(in.teeRaw, 1<<16)
	magic, _ := br.Peek(2)
	var r io.Reader = br
	if len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		gz, err := gzip.NewReader(br)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: bad gzip header: %w", path, err)
		}
		in.gz, in.gzipped, r = gz, true, gzipReader{gz}
	}
	// Decompressing and hashing run in their own goroutine, a chunk ahead
	// of the reader (the JSON decoder): the two halves of reading a large
	// file take about the same time, and the second core is otherwise idle
	// while a dataset loads.
	in.pipe = startPipe(io.TeeReader(r, io.MultiWriter(in.plain, &in.utf8)))
	text := bufio.NewReaderSize(in.pipe, 1<<16)
	if head, _ := text.Peek(3); string(head) == "\xef\xbb\xbf" {
		text.Discard(3)
		in.bom = true
	}
	in.r = text
	return in, nil
}

// GzipError is a corrupt or truncated gzip stream.
type GzipError struct{ Err error }

func (e *GzipError) Error() string {
	if errors.Is(e.Err, io.ErrUnexpectedEOF) {
		return "the gzip stream ends early (truncated file?)"
	}
	return "corrupt gzip stream: " + e.Err.Error()
}

func (e *GzipError) Unwrap() error { return e.Err }

// gzipReader marks every decompression error as a *GzipError.
type gzipReader struct{ r io.Reader }

func (g gzipReader) Read(p []byte) (int, error) {
	n, err := g.r.Read(p)
	if err != nil && err != io.EOF {
		err = &GzipError{err}
	}
	return n, err
}

// Read reads decompressed bytes.
func (in *Input) Read(p []byte) (int, error) { return in.r.Read(p) }

// BOM reports whether the text started with a UTF-8 byte-order mark
// (skipped).
func (in *Input) BOM() bool { return in.bom }

// InvalidUTF8 is the number of bytes of the decompressed text that are
// not part of a valid UTF-8 character; a JSON decoder reads each as
// U+FFFD. Valid after Close.
func (in *Input) InvalidUTF8() int { return in.utf8.bad }

// Gzipped reports whether the file is gzip-compressed.
func (in *Input) Gzipped() bool { return in.gzipped }

// Close drains the rest of the file into the hashes and closes it. It is
// safe to call twice.
func (in *Input) Close() error {
	if in.closed {
		return nil
	}
	in.closed = true
	_, derr := io.Copy(io.Discard, in.r)
	in.pipe.wait()
	_, _ = io.Copy(io.Discard, in.teeRaw)
	in.utf8.flush()
	in.rawSum = hex.EncodeToString(in.raw.Sum(nil))
	in.textSum = hex.EncodeToString(in.plain.Sum(nil))
	if in.gz != nil {
		in.gz.Close()
	}
	err := in.f.Close()
	if derr != nil {
		return derr
	}
	return err
}

// pipe hands the bytes of a reader, read in a goroutine of its own, to
// one consumer in order, chunk by chunk; the reader's error (io.EOF at the
// end) comes after its last bytes. A few chunk buffers are recycled.
type pipe struct {
	chunks chan chunk
	free   chan []byte
	done   chan struct{}
	cur    chunk
	buf    []byte // backing buffer of cur, returned to free once read
	err    error
}

type chunk struct {
	b   []byte
	err error
}

const (
	pipeChunk   = 1 << 18
	pipeBuffers = 4
)

func startPipe(src io.Reader) *pipe {
	p := &pipe{chunks: make(chan chunk, pipeBuffers-1), free: make(chan []byte, pipeBuffers), done: make(chan struct{})}
	for i := 0; i < pipeBuffers; i++ {
		p.free <- make([]byte, pipeChunk)
	}
	go func() {
		defer close(p.done)
		for {
			buf := <-p.free
			n, err := io.ReadFull(src, buf)
			if err == io.ErrUnexpectedEOF {
				err = io.EOF
			}
			p.chunks <- chunk{buf[:n], err}
			if err != nil {
				return
			}
		}
	}()
	return p
}

// Read implements io.Reader.
func (p *pipe) Read(b []byte) (int, error) {
	for len(p.cur.b) == 0 {
		if p.err != nil {
			return 0, p.err
		}
		if p.buf != nil {
			p.free <- p.buf
			p.buf = nil
		}
		c := <-p.chunks
		p.cur, p.buf, p.err = c, c.b[:cap(c.b)], c.err
	}
	n := copy(b, p.cur.b)
	p.cur.b = p.cur.b[n:]
	return n, nil
}

// wait returns once the goroutine has ended; only after Read returned an
// error.
func (p *pipe) wait() { <-p.done }

// utf8Counter counts the bytes of a stream that are not part of a valid
// UTF-8 character, the way utf8.DecodeRune (and a JSON decoder) sees them:
// one per byte of an invalid or truncated sequence. A character split
// across two writes is carried over.
type utf8Counter struct {
	carry []byte
	bad   int
}

func (c *utf8Counter) Write(p []byte) (int, error) {
	if len(c.carry) == 0 && utf8.Valid(p) {
		return len(p), nil
	}
	b := p
	if len(c.carry) > 0 {
		b = append(c.carry, p...)
		c.carry = nil
	}
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		if !utf8.FullRune(b[i:]) {
			c.carry = append([]byte(nil), b[i:]...)
			break
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			c.bad++
		}
		i += n
	}
	return len(p), nil
}

// flush counts a sequence cut off by the end of the stream.
func (c *utf8Counter) flush() {
	for i := 0; i < len(c.carry); {
		_, n := utf8.DecodeRune(c.carry[i:])
		c.bad++
		i += n
	}
	c.carry = nil
}

// SHA256 is the hex sha256 of the file's bytes; valid after Close.
func (in *Input) SHA256() string { return in.rawSum }

// TextSHA256 is the hex sha256 of the decompressed bytes (equal to SHA256
// for a plain file); valid after Close.
func (in *Input) TextSHA256() string { return in.textSum }

// PathError is a malformed-file error located by its JSON path, e.g.
// "[3].qa[17].evidence[2]".
type PathError struct {
	// File is the dataset file.
	File string
	// Path is the JSON path of the offending value ("" for the top level).
	Path string
	// Msg says what is wrong and what was expected.
	Msg string
}

// Error formats the error as "<file>: <path>: <message>".
func (e *PathError) Error() string {
	p := e.Path
	if p == "" {
		p = "(top level)"
	}
	return fmt.Sprintf("%s: %s: %s", e.File, p, e.Msg)
}

// Errf returns a *PathError.
func Errf(file, path, format string, args ...any) error {
	return &PathError{File: file, Path: path, Msg: fmt.Sprintf(format, args...)}
}

// SyntaxError turns a JSON decoding error at the stream position offset
// (bytes) into an error naming the file, the JSON path being read and the
// offset; other errors are wrapped with the file name.
func SyntaxError(file, path string, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return &PathError{File: file, Path: path, Msg: fmt.Sprintf("invalid JSON near byte %d of the decompressed text: %v", se.Offset, se)}
	}
	var gz *GzipError
	if errors.As(err, &gz) {
		return fmt.Errorf("%s: %w", file, gz)
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return &PathError{File: file, Path: path, Msg: "file ends in the middle of a JSON value (truncated?)"}
	}
	if path == "" {
		return fmt.Errorf("%s: %w", file, err)
	}
	return fmt.Errorf("%s: %s: %w", file, path, err)
}

// Kind names the JSON type of a generically decoded value (decoded with
// json.Decoder.UseNumber).
func Kind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case bool:
		return "a boolean"
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

// Doc is a generically decoded JSON value with the file it came from, for
// checked access.
type Doc struct{ File string }

// Str returns v as a string or a PathError naming path.
func (d Doc) Str(v any, path string) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", Errf(d.File, path, "want a string, got %s", Kind(v))
	}
	return s, nil
}

// StrOrNum returns a string as is and a JSON number as its literal text
// ("2022", "3.5"); anything else is a PathError.
func (d Doc) StrOrNum(v any, path string) (string, error) {
	switch x := v.(type) {
	case string:
		return x, nil
	case json.Number:
		return x.String(), nil
	}
	return "", Errf(d.File, path, "want a string or a number, got %s", Kind(v))
}

// Int returns v as an integer or a PathError.
func (d Doc) Int(v any, path string) (int, error) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, Errf(d.File, path, "want an integer, got %s", Kind(v))
	}
	i, err := n.Int64()
	if err != nil {
		return 0, Errf(d.File, path, "want an integer, got %s", n)
	}
	return int(i), nil
}

// List returns v as a list or a PathError.
func (d Doc) List(v any, path string) ([]any, error) {
	l, ok := v.([]any)
	if !ok {
		return nil, Errf(d.File, path, "want a list, got %s", Kind(v))
	}
	return l, nil
}

// Obj returns v as an object or a PathError.
func (d Doc) Obj(v any, path string) (map[string]any, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, Errf(d.File, path, "want an object, got %s", Kind(v))
	}
	return m, nil
}

// Decode decodes all of r as one JSON value with numbers kept as
// json.Number; a syntax error becomes a PathError with the byte offset.
func Decode(file string, r io.Reader) (any, error) {
	dec := json.NewDecoder(r)
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, SyntaxError(file, "", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, Errf(file, "", "extra data after the first JSON value")
	}
	return v, nil
}

// Slug lowercases s and replaces every run of characters other than
// letters, digits, '.', '-' and '_' by '-', trimming '-' at both ends, so
// that it is a valid scenario id ("conv-26", "gpt4_2655b836").
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		ok := (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') || r == '.' || r == '-' || r == '_'
		if ok {
			b.WriteRune(r)
			dash = false
		} else if !dash {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.Trim(b.String(), "-")
}
