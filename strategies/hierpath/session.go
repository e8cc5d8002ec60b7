package hierpath

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/memarena/memarena/internal/model"
	"github.com/memarena/memarena/strategies"
)

// EndSession consolidates the finished session: duplicate subtasks of the
// session's goals are merged, every subtask with new or rewritten steps
// gets its summary leaf written or rewritten, and successful subtasks are
// registered as whole paths in the fast lane.
func (h *HierPath) EndSession(ctx context.Context, s strategies.SessionInfo) error {
	if h.sess != nil {
		if err := h.mergeDuplicates(ctx, s); err != nil {
			return err
		}
	}
	subs := make([]int64, 0, len(h.dirty))
	for id := range h.dirty {
		subs = append(subs, id)
	}
	sort.Slice(subs, func(i, j int) bool { return subs[i] < subs[j] })
	for _, sub := range subs {
		n := h.g.nodes[sub]
		if n.Status != StatusCurrent || h.notes[sub] {
			delete(h.dirty, sub)
			continue
		}
		if err := h.summarize(ctx, sub, s); err != nil {
			return err
		}
		delete(h.dirty, sub)
		if err := h.registerFastPath(ctx, sub); err != nil {
			return err
		}
	}
	h.sess = nil
	return nil
}

// mergeDuplicates merges, within each goal the session worked on, a newer
// subtask into an older one when their subtree vectors have cosine ≥
// mergeSimilarity (the offline placement can open the same stage twice). The
// newer one's summary is retired; the merged subtask is summarized again.
func (h *HierPath) mergeDuplicates(ctx context.Context, s strategies.SessionInfo) error {
	goals := make([]int64, 0, len(h.sess.goals))
	for g := range h.sess.goals {
		goals = append(goals, g)
	}
	sort.Slice(goals, func(i, j int) bool { return goals[i] < goals[j] })
	for _, g := range goals {
		var subs []int64
		for _, id := range h.subOrder[g] {
			if h.g.nodes[id].Status == StatusCurrent && !h.notes[id] {
				subs = append(subs, id)
			}
		}
		for j := len(subs) - 1; j > 0; j-- {
			dup := subs[j]
			if !h.sess.touched[dup] {
				continue
			}
			dv := h.g.SubtreeVector(dup)
			for i := 0; i < j; i++ {
				keep := subs[i]
				if h.g.nodes[keep].Status != StatusCurrent {
					continue
				}
				if sim := cosine(dv, h.g.SubtreeVector(keep)); sim >= mergeSimilarity {
					if err := h.merge(ctx, keep, dup, s, sim); err != nil {
						return err
					}
					break
				}
			}
		}
	}
	return nil
}

// endTime is the scenario time of a session end: SessionInfo.End, or the
// newest turn seen when the runner gives none.
func (h *HierPath) endTime(s strategies.SessionInfo) time.Time {
	if !s.End.IsZero() {
		return s.End
	}
	return h.lastTime
}

func (h *HierPath) merge(ctx context.Context, keep, dup int64, s strategies.SessionInfo, sim float64) error {
	// The duplicate's summary would end up as a second summary of keep.
	if sum, ok := h.summaries[dup]; ok && h.g.nodes[sum].Status == StatusCurrent {
		if err := h.g.Delete(ctx, sum, h.endTime(s), "summary of a subtask about to be merged", ""); err != nil {
			return err
		}
		delete(h.summaries, dup)
	}
	why := fmt.Sprintf("duplicate subtask %q of %q (subtree cosine %.2f)", h.g.nodes[dup].Label, h.g.nodes[keep].Label, sim)
	if err := h.g.MergeSubtasks(ctx, keep, dup, h.endTime(s), why, ""); err != nil {
		return err
	}
	h.steps[keep] = append(h.steps[keep], h.steps[dup]...)
	sort.Slice(h.steps[keep], func(i, j int) bool { return h.steps[keep][i] < h.steps[keep][j] })
	delete(h.steps, dup)
	for k, v := range h.profiles[dup] {
		h.profiles[keep][k] += v
	}
	for k, v := range h.subtasks {
		if v == dup {
			h.subtasks[k] = keep
		}
	}
	h.sess.touched[keep] = true
	h.dirty[keep] = true
	delete(h.dirty, dup)
	return nil
}

// summaryReply is the reply type of the summarize request.
type summaryReply = model.Summary

// summarize writes the summary leaf of a subtask from its current steps
// (the newest summaryMaxSteps of them; request kind summarize). The
// summary's provenance is every step in the transcript it was given.
func (h *HierPath) summarize(ctx context.Context, sub int64, s strategies.SessionInfo) error {
	desc, err := h.g.Descendants(ctx, sub)
	if err != nil {
		return err
	}
	var steps []*Node
	for _, id := range desc {
		if n := h.g.nodes[id]; n.Kind != NodeSummary {
			steps = append(steps, n)
		}
	}
	if len(steps) == 0 {
		return nil
	}
	if len(steps) > summaryMaxSteps {
		steps = steps[len(steps)-summaryMaxSteps:]
	}
	var lines []string
	var turns []string
	latest := steps[0].Time
	for _, n := range steps {
		lines = append(lines, n.Kind+": "+n.Content)
		turns = unionIDs(turns, n.TurnIDs)
		if n.Time.After(latest) {
			latest = n.Time
		}
	}
	req := model.Request{Kind: model.KindSummarize, Role: model.RoleExtractor, Input: model.SummarizeInput{
		MaxWords: h.cfg.SummaryWords, SessionID: s.ID, Date: latest.UTC().Format("2006-01-02"),
		Task: h.contentOf(h.goalOf(sub)) + " / " + h.contentOf(sub), Lines: lines}}
	r, err := model.CallJSON[summaryReply](ctx, h.env.Model, req)
	if err != nil {
		if !errors.Is(err, model.ErrFailed) {
			return fmt.Errorf("hier-path: summarize subtask %d: %w", sub, err)
		}
		h.failures++
		return nil
	}
	if strings.TrimSpace(r.Summary) == "" {
		return nil
	}
	existing := h.summaries[sub]
	if existing != 0 {
		if n := h.g.nodes[existing]; n.Content == r.Summary && equalIDs(n.TurnIDs, turns) {
			return nil
		}
	}
	id, err := h.g.Summarize(ctx, sub, existing, r.Summary, turns, s.ID, latest, h.endTime(s),
		fmt.Sprintf("session %s ended: summary of subtask %q", s.ID, h.g.nodes[sub].Label))
	if err != nil {
		return err
	}
	h.summaries[sub] = id
	return nil
}

func equalIDs(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// subtaskSuccess is 1 when the latest outcome among a subtask's current
// steps is a success, 0 when it is a failure, 0.5 without outcomes.
func (h *HierPath) subtaskSuccess(sub int64) float64 {
	steps := h.steps[sub]
	for i := len(steps) - 1; i >= 0; i-- {
		n := h.g.nodes[steps[i]]
		if n.Status != StatusCurrent {
			continue
		}
		switch n.Outcome {
		case OutcomeSuccess:
			return 1
		case OutcomeFailure:
			return 0
		}
	}
	return 0.5
}

// registerFastPath puts a successful subtask's whole path (goal → subtask →
// summary) in the fast lane, embedded from the full trajectory text (goal,
// subtask and every step), so a query can match the path as a whole.
func (h *HierPath) registerFastPath(ctx context.Context, sub int64) error {
	sum, ok := h.summaries[sub]
	if !ok || h.subtaskSuccess(sub) < 1 {
		return nil
	}
	goal := h.goalOf(sub)
	path := []int64{goal, sub, sum}
	desc, err := h.g.Descendants(ctx, sub)
	if err != nil {
		return err
	}
	parts := []string{h.g.nodes[goal].Content, h.g.nodes[sub].Content}
	for _, id := range desc {
		if n := h.g.nodes[id]; n.Kind != NodeSummary {
			parts = append(parts, n.Content)
		}
	}
	e := fastEntry{path: path}
	for _, id := range path {
		e.versions = append(e.versions, h.g.nodes[id].Version)
	}
	key := "f" + pathKey(path)
	if err := h.fast.Add(ctx, []string{key}, []string{strings.Join(parts, "\n")}, nil); err != nil {
		return err
	}
	h.fastPaths[key] = e
	return nil
}

// fastValid reports whether a fast-lane path still matches the graph (every
// node current and unchanged since it was registered).
func (h *HierPath) fastValid(e fastEntry) bool {
	for i, id := range e.path {
		n := h.g.nodes[id]
		if n == nil || n.Status != StatusCurrent || n.Version != e.versions[i] {
			return false
		}
	}
	return true
}
