// Package par runs independent pieces of work on every CPU.
package par

import (
	"runtime"
	"sync"
)

// Each calls fn(i) for every i in [0, n), at most GOMAXPROCS calls at a
// time, and returns when all have returned. fn must be safe to call
// concurrently for different i; results written to index i of a slice keep
// their order, so the outcome does not depend on the schedule.
func Each(n int, fn func(i int)) {
	workers := runtime.GOMAXPROCS(0)
	if workers > n {
		workers = n
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				fn(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}
