package openai

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	sdk "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

// retryPolicy decides whether and how long to wait before retrying.
type retryPolicy struct {
	maxRetries int
	base, max  time.Duration
	timeout    time.Duration
}

// Backoff is the wait before retry number attempt+1 (attempt counts from
// 0) of the request identified by key, when the server gave no
// Retry-After: the nominal wait base·2^attempt capped at max, with "equal
// jitter" — half of it fixed, half uniform in [0, nominal/2) — drawn from
// a PCG source seeded by the request key and attempt, so it is
// reproducible and independent of other requests. Results never depend on
// it; it only spreads retries out.
func (p retryPolicy) Backoff(key string, attempt int) time.Duration {
	nominal := p.base
	for i := 0; i < attempt && nominal < p.max; i++ {
		nominal *= 2
	}
	if nominal > p.max {
		nominal = p.max
	}
	h := fnv.New64a()
	h.Write([]byte(key))
	r := rand.New(rand.NewPCG(h.Sum64(), uint64(attempt)))
	half := nominal / 2
	return half + time.Duration(r.Int64N(int64(half)+1))
}

// retryAfter reads the wait a response asks for: retry-after-ms
// (milliseconds, as OpenAI sends) first, then Retry-After in seconds or as
// an HTTP date relative to now.
func retryAfter(h http.Header, now time.Time) (time.Duration, bool) {
	if v := h.Get("Retry-After-Ms"); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms >= 0 {
			return time.Duration(ms * float64(time.Millisecond)), true
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s >= 0 {
		return time.Duration(s * float64(time.Second)), true
	}
	if t, err := http.ParseTime(v); err == nil {
		d := t.Sub(now)
		if d < 0 {
			d = 0
		}
		return d, true
	}
	return 0, false
}

// classify says whether err (from one attempt) is worth retrying and the
// wait the server asked for, if any.
func classify(err error) (retry bool, after time.Duration, hasAfter bool) {
	var apiErr *sdk.Error
	if errors.As(err, &apiErr) {
		s := apiErr.StatusCode
		if s == http.StatusRequestTimeout || s == http.StatusConflict || s == http.StatusTooManyRequests || s >= 500 {
			if apiErr.Response != nil {
				after, hasAfter = retryAfter(apiErr.Response.Header, time.Now())
			}
			return true, after, hasAfter
		}
		return false, 0, false
	}
	if errors.Is(err, context.Canceled) {
		return false, 0, false
	}
	// Attempt timeouts, connection errors and unreadable bodies are
	// transient.
	return true, 0, false
}

var keyLike = regexp.MustCompile(`\b(sk|pk|key)-[A-Za-z0-9_*\-]{4,}`)

// cleanError turns an attempt error into a message that names the status
// and the server's explanation but never the API key or URL credentials.
func cleanError(err error, secret string) error {
	var apiErr *sdk.Error
	var msg string
	switch {
	case errors.As(err, &apiErr):
		msg = fmt.Sprintf("HTTP %d", apiErr.StatusCode)
		if t := http.StatusText(apiErr.StatusCode); t != "" {
			msg += " " + t
		}
		if apiErr.Message != "" {
			msg += ": " + apiErr.Message
		} else if apiErr.Code != "" {
			msg += ": " + apiErr.Code
		}
	case errors.Is(err, context.DeadlineExceeded):
		msg = "request timed out"
	default:
		var ue *url.Error
		if errors.As(err, &ue) {
			msg = fmt.Sprintf("%s %s: %v", ue.Op, redactURL(ue.URL), ue.Err)
		} else {
			msg = err.Error()
		}
	}
	if secret != "" {
		msg = strings.ReplaceAll(msg, secret, "[redacted]")
	}
	msg = keyLike.ReplaceAllString(msg, "[redacted]")
	return errors.New(msg)
}

// maxErrorBody caps how much of an error body is read.
const maxErrorBody = 1 << 16

// normalizeErrorBody is an SDK middleware that rewrites an error reply
// whose body is not OpenAI's {"error": {…}} shape (vLLM sends
// {"object": "error", "message": …}, some servers plain text) into that
// shape, so the SDK returns an *sdk.Error carrying the status code and
// headers (Retry-After) instead of a JSON decoding error.
func normalizeErrorBody(req *http.Request, next option.MiddlewareNext) (*http.Response, error) {
	res, err := next(req)
	if err != nil || res.StatusCode < 400 {
		return res, err
	}
	body, rerr := io.ReadAll(io.LimitReader(res.Body, maxErrorBody))
	res.Body.Close()
	if rerr != nil {
		body = nil
	}
	var probe struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
	}
	if json.Unmarshal(body, &probe) == nil && len(probe.Error) > 0 && probe.Error[0] == '{' {
		res.Body = io.NopCloser(bytes.NewReader(body))
		return res, nil
	}
	msg := probe.Message
	if msg == "" {
		if len(probe.Error) > 0 && probe.Error[0] == '"' {
			_ = json.Unmarshal(probe.Error, &msg)
		} else {
			msg = strings.TrimSpace(string(body))
		}
	}
	if len(msg) > 300 {
		msg = msg[:300] + "…"
	}
	wrapped, _ := json.Marshal(map[string]any{"error": map[string]any{"message": msg}})
	res.Body = io.NopCloser(bytes.NewReader(wrapped))
	res.ContentLength = int64(len(wrapped))
	res.Header.Set("Content-Type", "application/json")
	return res, nil
}

// sleepCtx waits d or until ctx is done.
func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
