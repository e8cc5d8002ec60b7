package external

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/memarena/memarena/docs/protocol"
)

// Config says how to reach a memory: exactly one of Command (a process
// speaking newline-delimited JSON on stdin/stdout) and URL (a service taking
// each message as an HTTP POST).
type Config struct {
	// Command is the program and its arguments, run from the current
	// directory with the harness's environment.
	Command []string
	// URL is the service endpoint (http or https).
	URL string
	// Timeout bounds each message round trip (> 0).
	Timeout time.Duration
	// Log receives the process's stderr (nil discards).
	Log io.Writer
}

// Check reports a Config that cannot work.
func (c Config) Check() error {
	switch {
	case len(c.Command) == 0 && c.URL == "":
		return errors.New("set command (a program speaking the protocol on stdin/stdout, e.g. [python3, examples/external/bm25_memory.py]) or url (an HTTP endpoint)")
	case len(c.Command) > 0 && c.URL != "":
		return errors.New("set command or url, not both")
	case len(c.Command) > 0 && c.Command[0] == "":
		return errors.New("command: the program name is empty")
	case c.Timeout <= 0:
		return fmt.Errorf("timeout: %v; want a positive duration such as 30s", c.Timeout)
	}
	if c.URL != "" {
		u, err := url.Parse(c.URL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("url: %q is not an http:// or https:// URL", c.URL)
		}
	}
	return nil
}

// Error is a failed message: which message, what went wrong, the line
// received (when there was one) and the end of the process's stderr.
type Error struct {
	// Method is the message ("ingest"); Subject names what it carried
	// ("turn s1-t03"); ID is the JSON-RPC request id.
	Method, Subject string
	ID              int64
	// Err is one of ErrTimeout, ErrExited, ErrNotJSON, ErrInvalid,
	// ErrRemote, ErrTransport (possibly wrapped), or the context's error.
	Err error
	// Line is the reply received, if any.
	Line []byte
	// Stderr is the end of the process's stderr, if any.
	Stderr string
}

// maxQuoted is how much of a received line an error message quotes.
const maxQuoted = 400

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Method)
	if e.Subject != "" || e.ID > 0 {
		b.WriteString(" (")
		b.WriteString(e.Subject)
		if e.ID > 0 {
			if e.Subject != "" {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "request %d", e.ID)
		}
		b.WriteString(")")
	}
	b.WriteString(": ")
	b.WriteString(e.Err.Error())
	if e.Line != nil {
		b.WriteString("; line received: ")
		b.WriteString(Quote(e.Line))
	}
	if e.Stderr != "" {
		b.WriteString("; stderr ends: ")
		b.WriteString(Quote([]byte(e.Stderr)))
	}
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// Quote renders a received line for a message: Go-quoted, cut to 400 bytes
// with the full length noted.
func Quote(line []byte) string {
	if len(line) <= maxQuoted {
		return strconv.Quote(string(line))
	}
	return strconv.Quote(string(line[:maxQuoted])) + fmt.Sprintf("… (%d bytes)", len(line))
}

// Client speaks the protocol to one memory instance. It is not safe for
// concurrent use: the harness sends one message at a time and waits for its
// reply.
type Client struct {
	tr       transport
	timeout  time.Duration
	instance string
	nextID   int64
	schemas  *protocol.Schemas
	hello    *HelloResult
	// dead is set once a round trip failed in the transport (timeout, a
	// dead process, an undelivered request): nothing more is sent.
	dead bool
	// Trace, when set, sees every exchange: the method, the line sent and
	// the line received (nil when none arrived).
	Trace func(method string, sent, received []byte)
}

// Dial starts the memory (a process for Command; nothing for URL) and
// returns a client for a fresh instance id. No message is sent yet.
func Dial(cfg Config) (*Client, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	schemas, err := protocol.V1()
	if err != nil {
		return nil, err
	}
	var tr transport
	if cfg.URL != "" {
		tr = &httpTransport{url: cfg.URL}
	} else if tr, err = startStdio(cfg.Command, cfg.Log); err != nil {
		return nil, err
	}
	return &Client{tr: tr, timeout: cfg.Timeout, instance: newInstanceID(), schemas: schemas}, nil
}

// newInstanceID is a random id: two runs never share a memory on a service.
func newInstanceID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return "mem-" + hex.EncodeToString(b[:])
}

// Instance is the client's instance id.
func (c *Client) Instance() string { return c.instance }

// Stderr is the end of the process's stderr ("" for HTTP).
func (c *Client) Stderr() string { return c.tr.stderrTail() }

// Hello performs the handshake. A reply naming another protocol version
// is an ErrInvalid error quoting the line.
func (c *Client) Hello(ctx context.Context) (HelloResult, error) {
	var h HelloResult
	line, err := c.call(ctx, "hello", "", HelloParams{Instance: c.instance, Protocol: protocol.Version, Harness: "memarena"}, &h)
	if err != nil {
		return h, err
	}
	if h.Protocol != protocol.Version {
		return h, &Error{Method: "hello", ID: c.nextID, Line: line, Stderr: c.tr.stderrTail(),
			Err: fmt.Errorf("%w: protocol version mismatch: memarena speaks %q, the memory replied %q", ErrInvalid, protocol.Version, h.Protocol)}
	}
	c.hello = &h
	return h, nil
}

// Init configures the instance (Instance is filled in).
func (c *Client) Init(ctx context.Context, p InitParams) error {
	p.Instance = c.instance
	if p.Params == nil {
		p.Params = map[string]any{}
	}
	_, err := c.call(ctx, "init", "", p, &empty{})
	return err
}

// Ingest sends one turn and returns the usage the memory reported.
func (c *Client) Ingest(ctx context.Context, t Turn) (*Usage, error) {
	return c.write(ctx, "ingest", "turn "+t.ID, IngestParams{Instance: c.instance, Turn: t})
}

// EndSession sends the end of a session.
func (c *Client) EndSession(ctx context.Context, s Session) (*Usage, error) {
	return c.write(ctx, "end_session", "session "+s.ID, EndSessionParams{Instance: c.instance, Session: s})
}

// write sends a write-side message (ingest, end_session).
func (c *Client) write(ctx context.Context, method, subject string, params any) (*Usage, error) {
	var r WriteResult
	line, err := c.call(ctx, method, subject, params, &r)
	if err != nil {
		return nil, err
	}
	return r.Usage, c.checkUsage(method, subject, line, r.Usage)
}

// Retrieve sends one query. The result is schema-checked only; the
// contract checks (provenance, budget, items in the context) belong to the
// caller.
func (c *Client) Retrieve(ctx context.Context, q Query) (RetrieveResult, []byte, error) {
	var r RetrieveResult
	line, err := c.call(ctx, "retrieve", "query "+q.ID, RetrieveParams{Instance: c.instance, Query: q}, &r)
	if err != nil {
		return r, line, err
	}
	return r, line, c.checkUsage("retrieve", "query "+q.ID, line, r.Usage)
}

// Footprint asks for the memory's size.
func (c *Client) Footprint(ctx context.Context) (FootprintResult, error) {
	var r FootprintResult
	_, err := c.call(ctx, "footprint", "", InstanceParams{Instance: c.instance}, &r)
	return r, err
}

// Close sends close and shuts the transport down: a process gets EOF on
// stdin and the timeout (at most 5 s) to exit before it is killed. The
// first problem is returned; the process is gone either way. After a
// transport failure (already reported by the message that met it) close
// is not sent and the process is stopped without further error.
func (c *Client) Close(ctx context.Context) error {
	if c.dead {
		c.Shutdown()
		return nil
	}
	_, err := c.call(ctx, "close", "", InstanceParams{Instance: c.instance}, &empty{})
	if serr := c.Shutdown(); err == nil && serr != nil {
		err = &Error{Method: "close", Err: serr, Stderr: c.tr.stderrTail()}
	}
	return err
}

// Shutdown ends the transport without sending close (after a failure).
func (c *Client) Shutdown() error {
	grace := c.timeout
	if grace > 5*time.Second {
		grace = 5 * time.Second
	}
	return c.tr.shutdown(grace)
}

// Raw sends any line (for conformance: deliberately bad messages) and
// returns the reply line, without checking it.
func (c *Client) Raw(ctx context.Context, line []byte) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	reply, err := c.tr.roundTrip(ctx, line)
	if c.Trace != nil {
		c.Trace("raw", line, reply)
	}
	return reply, err
}

// UseID consumes a request id for a Raw message, so later ids stay
// increasing.
func (c *Client) UseID() int64 { c.nextID++; return c.nextID }

// checkUsage refuses usage from a memory that did not declare it.
func (c *Client) checkUsage(method, subject string, line []byte, u *Usage) error {
	if u != nil && (c.hello == nil || !c.hello.Has(CapUsage)) {
		return &Error{Method: method, Subject: subject, ID: c.nextID, Line: line,
			Err: fmt.Errorf("%w: result.usage is set but hello did not declare the %q capability", ErrInvalid, CapUsage)}
	}
	return nil
}

// call sends one request and decodes its result into out. It returns the
// reply line (for the caller's own messages).
func (c *Client) call(ctx context.Context, method, subject string, params, out any) ([]byte, error) {
	c.nextID++
	id := c.nextID
	fail := func(line []byte, err error) error {
		return &Error{Method: method, Subject: subject, ID: id, Line: line, Err: err, Stderr: c.tr.stderrTail()}
	}
	sent, err := json.Marshal(request{JSONRPC: "2.0", ID: id, Method: method, Params: params})
	if err != nil {
		return nil, fail(nil, fmt.Errorf("encoding the request: %w", err))
	}
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	line, err := c.tr.roundTrip(ctx, sent)
	if c.Trace != nil {
		c.Trace(method, sent, line)
	}
	if err != nil {
		c.dead = true
		if errors.Is(err, ErrTimeout) {
			err = fmt.Errorf("%w (%v)", ErrTimeout, c.timeout)
		}
		if len(line) == 0 {
			line = nil
		}
		return nil, fail(line, err)
	}
	msg, err := protocol.Parse(line)
	if err != nil {
		return line, fail(line, fmt.Errorf("%w (%v)", ErrNotJSON, err))
	}
	obj, ok := msg.(map[string]any)
	if !ok {
		return line, fail(line, fmt.Errorf("%w: not a JSON-RPC response object", ErrInvalid))
	}
	if _, isErr := obj["error"]; isErr {
		if verr := c.schemas.ValidateValue("error.response", msg); verr != nil {
			return line, fail(line, fmt.Errorf("%w: %v", ErrInvalid, verr))
		}
		e := obj["error"].(map[string]any)
		return line, fail(line, fmt.Errorf("%w: code %v: %v", ErrRemote, e["code"], e["message"]))
	}
	if verr := c.schemas.ValidateValue(method+".response", msg); verr != nil {
		return line, fail(line, fmt.Errorf("%w: %v", ErrInvalid, verr))
	}
	if got := obj["id"].(json.Number).String(); got != strconv.FormatInt(id, 10) {
		return line, fail(line, fmt.Errorf("%w: the reply carries id %s", ErrInvalid, got))
	}
	if err := json.Unmarshal(line, &struct {
		Result any `json:"result"`
	}{out}); err != nil {
		return line, fail(line, fmt.Errorf("%w: result: %v", ErrInvalid, err))
	}
	return line, nil
}
