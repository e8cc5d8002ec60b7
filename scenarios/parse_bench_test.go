package scenarios_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/goccy/go-yaml"

	"github.com/memarena/memarena/datasets/synthetic"
	"github.com/memarena/memarena/scenarios"
)

// BenchmarkParse loads generated scenario files of 4k and 64k turns, as
// YAML and as JSON. Time per turn stays flat from 4k to 64k: loading is
// linear in the size of the file.
func BenchmarkParse(b *testing.B) {
	for _, n := range []int{4000, 64000} {
		s, _, err := synthetic.Generate(synthetic.Params{Turns: n, Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		s.Source, s.Hash = "", ""
		y, err := yaml.Marshal(s)
		if err != nil {
			b.Fatal(err)
		}
		j, err := json.Marshal(s)
		if err != nil {
			b.Fatal(err)
		}
		for _, f := range []struct {
			name string
			data []byte
		}{{"yaml", y}, {"json", j}} {
			b.Run(fmt.Sprintf("%s/%dk", f.name, n/1000), func(b *testing.B) {
				b.SetBytes(int64(len(f.data)))
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if _, probs := scenarios.Parse("gen."+f.name, f.data); len(probs) > 0 {
						b.Fatal(probs)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/float64(n), "µs/turn")
			})
		}
	}
}
