package model

import (
	"context"
	"errors"
	"sync"
)

// Meter wraps a Client and accumulates the usage of every call, in total and
// per request kind. The runner gives each cell its own Meter and reads
// deltas of Total around the write side, the reader and the judge.
type Meter struct {
	inner Client

	mu     sync.Mutex
	total  Usage
	byKind map[Kind]Usage
}

// NewMeter wraps c.
func NewMeter(c Client) *Meter { return &Meter{inner: c, byKind: map[Kind]Usage{}} }

// Name implements Client.
func (m *Meter) Name() string { return m.inner.Name() }

// Complete implements Client, recording usage (and failures).
func (m *Meter) Complete(ctx context.Context, req Request) (Response, error) {
	resp, err := m.inner.Complete(ctx, req)
	u := resp.Usage
	if err != nil && errors.Is(err, ErrFailed) {
		u.Failures++
	}
	m.mu.Lock()
	m.total = m.total.Add(u)
	m.byKind[req.Kind] = m.byKind[req.Kind].Add(u)
	m.mu.Unlock()
	return resp, err
}

// Total returns the usage so far.
func (m *Meter) Total() Usage {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.total
}

// ByKind returns a copy of the usage per request kind.
func (m *Meter) ByKind() map[Kind]Usage {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make(map[Kind]Usage, len(m.byKind))
	for k, v := range m.byKind {
		out[k] = v
	}
	return out
}
