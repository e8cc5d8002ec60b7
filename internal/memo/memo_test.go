package memo

import (
	"fmt"
	"sync"
	"testing"
)

func TestGenerations(t *testing.T) {
	c := New[string, int](2)
	c.Put("a", 1)
	c.Put("b", 2)
	if c.Len() != 2 {
		t.Fatalf("Len = %d, want 2", c.Len())
	}
	// "c" starts a new generation: a, b become old.
	c.Put("c", 3)
	if c.Len() != 3 {
		t.Fatalf("Len = %d, want 3", c.Len())
	}
	// A hit in the old generation moves "a" to the current one.
	if v, ok := c.Get("a"); !ok || v != 1 {
		t.Fatalf("Get(a) = %d, %v; want 1, true", v, ok)
	}
	// The current generation {c, a} is full: "d" turns it over and drops b.
	c.Put("d", 4)
	if _, ok := c.Get("b"); ok {
		t.Fatal("b survived two turnovers")
	}
	for k, want := range map[string]int{"a": 1, "c": 3, "d": 4} {
		if v, ok := c.Get(k); !ok || v != want {
			t.Fatalf("Get(%s) = %d, %v; want %d, true", k, v, ok, want)
		}
	}
	if n := c.Len(); n > 4 {
		t.Fatalf("Len = %d, more than 2·limit", n)
	}
	hits, misses := c.Stats()
	if hits != 4 || misses != 1 {
		t.Fatalf("Stats = %d hits, %d misses; want 4, 1", hits, misses)
	}
}

func TestReplaceDoesNotTurnOver(t *testing.T) {
	c := New[int, int](2)
	c.Put(1, 1)
	c.Put(2, 2)
	c.Put(2, 20) // already current: no new generation
	if v, _ := c.Get(2); v != 20 || c.Len() != 2 {
		t.Fatalf("Get(2) = %d, Len %d; want 20, 2", v, c.Len())
	}
	if _, ok := c.Get(1); !ok {
		t.Fatal("1 evicted by replacing 2")
	}
}

func TestBoundedUnderConcurrency(t *testing.T) {
	c := New[string, int](100)
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < 1000; i++ {
				k := fmt.Sprint(i % 300)
				if v, ok := c.Get(k); ok && v != i%300 {
					t.Errorf("Get(%s) = %d", k, v)
				}
				c.Put(k, i%300)
			}
		}(w)
	}
	wg.Wait()
	if n := c.Len(); n > 200 {
		t.Fatalf("Len = %d > 2·limit", n)
	}
}
