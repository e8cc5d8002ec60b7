package gaama

import (
	"slices"

	"github.com/memarena/memarena/internal/model"
)

// Entity types of the knowledge graph. Every entity node has exactly one;
// TypeConcept is the fallback when no rule says more.
const (
	TypePerson       = model.TypePerson
	TypeProject      = model.TypeProject
	TypeTask         = model.TypeTask
	TypePlace        = model.TypePlace
	TypeOrganization = model.TypeOrganization
	TypeArtifact     = model.TypeArtifact
	TypeTime         = model.TypeTime
	TypeConcept      = model.TypeConcept
)

// EntityTypes lists the entity types in a fixed order (for prompts and docs).
var EntityTypes = model.EntityTypes

// Relations is gaama's relation vocabulary: exactly the 15 relations of the
// scenario gold annotations (model.Relations, documented in
// scenarios/FORMAT.md), so that oracle triplets need no mapping. Relation
// names are stored as cayley predicates "r:<name>".
var Relations = model.Relations

// Functionality says how many current objects a subject may hold for one
// relation (and one condition) — the basis of knowledge updates.
type Functionality int

const (
	// Multi relations hold any number of current objects (decided,
	// caused_by, depends_on, works_on …); only an explicit replacement
	// supersedes an edge.
	Multi Functionality = iota
	// Slot relations (uses, prefers) hold one current object per slot: a new
	// object supersedes an old one when they compete for the same slot (see
	// Graph.Assert for the rule).
	Slot
	// Strict relations (status, located_in, scheduled_for) hold one current
	// object: any new, non-refining object supersedes the old one.
	Strict
)

// relInfo is what the graph and the renderer know about a relation.
type relInfo struct {
	// verb renders "subject verb object" ("is located in").
	verb string
	fn   Functionality
	// subj, obj are the entity types the relation implies for its
	// arguments when no stronger rule types them ("" = no implication).
	subj, obj string
}

var relTable = map[string]relInfo{
	"prefers":       {"prefers", Slot, TypePerson, ""},
	"dislikes":      {"dislikes", Multi, TypePerson, ""},
	"uses":          {"uses", Slot, "", ""},
	"decided":       {"decided on", Multi, "", ""},
	"caused_by":     {"is caused by", Multi, "", ""},
	"solution_for":  {"is the solution for", Multi, "", ""},
	"occurred_at":   {"occurred on", Multi, "", TypeTime},
	"located_in":    {"is located in", Strict, "", TypePlace},
	"owns":          {"owns", Multi, TypePerson, ""},
	"works_on":      {"works on", Multi, TypePerson, TypeProject},
	"depends_on":    {"depends on", Multi, "", ""},
	"scheduled_for": {"is scheduled for", Strict, "", TypeTime},
	"believes":      {"believes", Multi, TypePerson, ""},
	"part_of":       {"is part of", Multi, "", ""},
	"status":        {"has status", Strict, "", ""},
}

// opposite pairs: asserting (s, prefers, o) supersedes a current
// (s, dislikes, o) and vice versa — a reversed opinion is an update.
var opposite = map[string]string{"prefers": "dislikes", "dislikes": "prefers"}

// IsRelation reports whether r is in the vocabulary.
func IsRelation(r string) bool { _, ok := relTable[r]; return ok }

// FunctionalityOf returns the functionality of relation r (Multi for an
// unknown relation).
func FunctionalityOf(r string) Functionality { return relTable[r].fn }

// Verb returns the phrase that renders relation r between subject and
// object ("is located in"); an unknown relation renders as itself.
func Verb(r string) string {
	if info, ok := relTable[r]; ok {
		return info.verb
	}
	return r
}

// IsEntityType reports whether t is one of EntityTypes.
func IsEntityType(t string) bool { return slices.Contains(EntityTypes, t) }

// typeRank orders types by specificity: a node typed concept is upgraded
// when a later mention gives a more specific type; other types are kept.
func typeRank(t string) int {
	if t == TypeConcept || t == "" {
		return 0
	}
	return 1
}
