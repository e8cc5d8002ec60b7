package trimem

import (
	"github.com/memarena/memarena/internal/model"
	"regexp"
	"strings"
)

// Triplet is one fact of an extract-triplets reply (model.Triplet).
type Triplet = model.Triplet

// Extraction is the reply of one extract-triplets request.
type Extraction = model.TripletExtraction

// Speaker perspective used to resolve pronouns.

var (
	reChangeCue = regexp.MustCompile(`(?i)\b(?:instead|rather than|switch(?:ed|ing)?|chang(?:e|ed|ing)|mov(?:e|ed|ing)|migrat(?:e|ed|ing)|replac(?:e|ed|ing)|no longer|anymore|any more|now|actually|from now on|updat(?:e|ed)|turn(?:s|ed) out|these days|nowadays|reschedul(?:e|ed)|postpon(?:e|ed)|pushed|new plan|correction|scratch that|back to|no more|upgraded|downgraded|cancell?ed)\b`)
	reQuotes    = strings.NewReplacer("’", "'", "‘", "'", "“", `"`, "”", `"`)
)

// ChangeCue reports whether text signals that a value changed ("now",
// "switched", "instead of", "actually", "no longer", "moved", …). It gates
// supersession for multi-valued relations.
func ChangeCue(text string) bool { return reChangeCue.MatchString(reQuotes.Replace(text)) }

// clause boundaries for noun phrases and objects.
