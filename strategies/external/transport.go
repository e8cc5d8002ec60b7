package external

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// MaxLine is the longest reply accepted, in bytes (64 MiB).
const MaxLine = 64 << 20

// Failure classes of a message; an *Error wraps one of them, so callers can
// test with errors.Is.
var (
	// ErrTimeout: no reply within the timeout.
	ErrTimeout = errors.New("no reply within the timeout")
	// ErrExited: the process exited (or closed its stdout) before replying.
	ErrExited = errors.New("the process exited")
	// ErrNotJSON: the reply line is not JSON.
	ErrNotJSON = errors.New("reply is not JSON")
	// ErrInvalid: the reply is JSON but breaks the protocol (schema, id,
	// version, contract).
	ErrInvalid = errors.New("reply breaks the protocol")
	// ErrRemote: the memory replied with a JSON-RPC error object.
	ErrRemote = errors.New("the memory replied with an error")
	// ErrTransport: the request could not be delivered (HTTP).
	ErrTransport = errors.New("request not delivered")
)

// transport carries one request line and returns one reply line.
type transport interface {
	// roundTrip sends line (one JSON value, no newline) and returns the
	// reply; ctx carries the message's deadline.
	roundTrip(ctx context.Context, line []byte) ([]byte, error)
	// shutdown ends the transport after close (or on failure): a process
	// gets EOF on stdin and grace to exit before it is killed.
	shutdown(grace time.Duration) error
	// stderrTail is the end of the process's stderr ("" for HTTP).
	stderrTail() string
}

// stdio runs the memory as a child process speaking newline-delimited JSON
// on stdin/stdout; stderr goes to the cell's log.
type stdio struct {
	cmd  *exec.Cmd
	in   *os.File // our end of the child's stdin
	out  *os.File // our end of the child's stdout
	rd   *bufio.Reader
	tail *tailBuffer

	exited  chan struct{}
	waitErr error
	broken  error
	buf     []byte
}

func startStdio(argv []string, log io.Writer) (*stdio, error) {
	if len(argv) == 0 || argv[0] == "" {
		return nil, errors.New("empty command")
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	s := &stdio{in: inW, out: outR, rd: bufio.NewReaderSize(outR, 64<<10), tail: &tailBuffer{max: 4096}, exited: make(chan struct{})}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout = inR, outW
	if log == nil {
		log = io.Discard
	}
	cmd.Stderr = io.MultiWriter(s.tail, log)
	cmd.WaitDelay = 2 * time.Second
	setProcessGroup(cmd)
	if err := cmd.Start(); err != nil {
		inR.Close()
		inW.Close()
		outR.Close()
		outW.Close()
		return nil, fmt.Errorf("starting %s: %w", strings.Join(argv, " "), err)
	}
	inR.Close()
	outW.Close()
	s.cmd = cmd
	go func() {
		s.waitErr = cmd.Wait()
		close(s.exited)
	}()
	return s, nil
}

func (s *stdio) stderrTail() string { return s.tail.String() }

func (s *stdio) roundTrip(ctx context.Context, line []byte) ([]byte, error) {
	if s.broken != nil {
		return nil, s.broken
	}
	deadline, _ := ctx.Deadline()
	stop := context.AfterFunc(ctx, func() {
		now := time.Now()
		s.in.SetWriteDeadline(now)
		s.out.SetReadDeadline(now)
	})
	defer stop()
	s.in.SetWriteDeadline(deadline)
	s.buf = append(append(s.buf[:0], line...), '\n')
	if _, err := s.in.Write(s.buf); err != nil {
		return nil, s.fail(ctx, err)
	}
	s.out.SetReadDeadline(deadline)
	for {
		b, err := s.readLine()
		if err != nil {
			return b, s.fail(ctx, err)
		}
		if len(bytes.TrimSpace(b)) == 0 {
			continue // blank lines are ignored
		}
		return b, nil
	}
}

// readLine reads one line without its newline (at most MaxLine bytes).
func (s *stdio) readLine() ([]byte, error) {
	var line []byte
	for {
		frag, err := s.rd.ReadSlice('\n')
		if len(line)+len(frag) > MaxLine {
			return nil, fmt.Errorf("%w: reply line longer than %d bytes", ErrInvalid, MaxLine)
		}
		line = append(line, frag...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			return line, err
		}
		return bytes.TrimRight(line, "\r\n"), nil
	}
}

// fail classifies a read or write error and marks the transport broken:
// after a timeout or a dead process no later message can be trusted.
func (s *stdio) fail(ctx context.Context, err error) error {
	switch {
	case errors.Is(err, ErrInvalid):
	case errors.Is(ctx.Err(), context.Canceled):
		err = ctx.Err()
	case errors.Is(err, os.ErrDeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded):
		err = ErrTimeout
	default:
		// EOF on stdout or a broken stdin pipe: the process is gone (or
		// about to be); give it a moment to report its exit status.
		select {
		case <-s.exited:
			err = fmt.Errorf("%w (%s)", ErrExited, exitStatus(s.waitErr))
		case <-time.After(2 * time.Second):
			err = fmt.Errorf("%w: it closed its stdout (%v)", ErrExited, err)
		}
	}
	s.broken = err
	return err
}

func exitStatus(err error) string {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.String()
	}
	if err == nil {
		return "exit status 0"
	}
	return err.Error()
}

func (s *stdio) shutdown(grace time.Duration) error {
	s.in.Close()
	defer s.out.Close()
	select {
	case <-s.exited:
		return nil
	case <-time.After(grace):
	}
	killProcess(s.cmd)
	<-s.exited
	return fmt.Errorf("the process did not exit within %v of close; killed", grace)
}

// tailBuffer keeps the last max bytes written (a process's stderr).
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if over := len(t.b) - t.max; over > 0 {
		t.b = append(t.b[:0], t.b[over:]...)
	}
	return len(p), nil
}

// String returns the last lines kept (at most 6, trimmed).
func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	lines := strings.Split(strings.TrimSpace(string(t.b)), "\n")
	if len(lines) > 6 {
		lines = lines[len(lines)-6:]
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

// httpTransport posts each message to one URL.
type httpTransport struct {
	url string
}

// httpClient is shared by every cell (connections to the service are
// reused); each request carries its own deadline.
var httpClient = func() *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = 64
	return &http.Client{Transport: tr}
}()

func (h *httpTransport) stderrTail() string { return "" }
func (h *httpTransport) shutdown(time.Duration) error {
	return nil
}

func (h *httpTransport) roundTrip(ctx context.Context, line []byte) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.url, bytes.NewReader(line))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrTransport, err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := httpClient.Do(req)
	if err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, ErrTimeout
		}
		if errors.Is(ctx.Err(), context.Canceled) {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("%w: POST %s: %v", ErrTransport, h.url, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, MaxLine+1))
	if err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, ErrTimeout
		}
		return nil, fmt.Errorf("%w: reading the reply to POST %s: %v", ErrTransport, h.url, err)
	}
	if len(body) > MaxLine {
		return nil, fmt.Errorf("%w: reply longer than %d bytes", ErrInvalid, MaxLine)
	}
	body = bytes.TrimSpace(body)
	if resp.StatusCode != http.StatusOK && !bytes.Contains(body, []byte(`"error"`)) {
		return body, fmt.Errorf("%w: POST %s: HTTP %s", ErrInvalid, h.url, resp.Status)
	}
	return body, nil
}
