package trimem

import (
	"github.com/memarena/memarena/internal/model"
)

// Triplet is one fact of an extract-triplets reply (model.Triplet).
type Triplet = model.Triplet

// Extraction is the reply of one extract-triplets request.
type Extraction = model.TripletExtraction
