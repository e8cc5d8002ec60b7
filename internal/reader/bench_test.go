package reader

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// benchContext is a made-up memory context of 40 dated items, the size
// of a retrieved top-k context.
func benchContext() string {
	var b strings.Builder
	acts := []string{"joined a pottery class at the community centre", "repotted the fern and the cactus",
		"paid $120 for a new bike helmet", "have been learning the cello for about four months",
		"went hiking with two friends last Saturday", "adopted a grey kitten from the shelter",
		"finished reading three novels this month", "had a really calm and lovely walk on the ridge trail"}
	day := time.Date(2024, 1, 3, 0, 0, 0, 0, time.UTC)
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&b, "[%s s%d-t%d] %s: I %s. It was great, and I told my sister about it.\n",
			day.AddDate(0, 0, 3*i).Format("2006-01-02"), i/4, i%4, []string{"Nora", "Theo"}[i%2], acts[i%len(acts)])
	}
	return b.String()
}

// BenchmarkRead is the cost of one read over a 40-item context, cycling
// through questions of several answer types.
func BenchmarkRead(b *testing.B) {
	ctx := benchContext()
	qs := []string{"When did Nora join the pottery class?", "How much did Theo pay for the bike helmet?",
		"What did Nora adopt from the shelter?", "How many novels has Theo finished?",
		"How did Nora describe the walk on the ridge trail?", "How many days ago did Theo repot the fern?",
		"How much did they spend in total on helmets?", "Who did Nora go hiking with?"}
	now := time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Read(qs[i%len(qs)], ctx, Options{Now: now})
	}
}
