package results

import (
	"fmt"
	"strings"
)

// CellKeys returns the keys of the finished cells in the store, sorted.
func (s *Store) CellKeys() ([]string, error) {
	rows, err := s.db.Query(`SELECT key FROM cells ORDER BY key`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, rows.Err()
}

// ImportCells copies every cell and every probe row of the results database
// at src — with their stored traces and the scenario documents — into s, in
// one transaction, column for column (both stores must
// come from the same schema version). A cell key present in both is an
// error naming it, and nothing is copied. `memarena merge` builds one store
// from the stores of a run's shards with it.
func (s *Store) ImportCells(src string) (int, error) {
	if strings.ContainsAny(src, "?#") {
		return 0, fmt.Errorf("results %s: path may not contain '?' or '#'", src)
	}
	db := s.db
	if _, err := db.Exec(`ATTACH DATABASE ? AS src`, "file:"+src+"?mode=ro"); err != nil {
		return 0, fmt.Errorf("results %s: %w", src, err)
	}
	defer db.Exec(`DETACH DATABASE src`) //nolint:errcheck // best effort; the connection is closed with the store
	var dup string
	err := db.QueryRow(`SELECT key FROM src.cells WHERE key IN (SELECT key FROM main.cells) ORDER BY key LIMIT 1`).Scan(&dup)
	if err == nil {
		return 0, fmt.Errorf("results %s: cell %q is already in the merged store (a cell ran in two shards)", src, dup)
	}
	tx, err := db.Begin()
	if err != nil {
		return 0, err
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	res, err := tx.Exec(`INSERT INTO main.cells SELECT * FROM src.cells`)
	if err != nil {
		return 0, fmt.Errorf("results %s: copying cells: %w", src, err)
	}
	if _, err := tx.Exec(`INSERT INTO main.rows SELECT * FROM src.rows`); err != nil {
		return 0, fmt.Errorf("results %s: copying probe rows: %w", src, err)
	}
	if err := importTraces(tx); err != nil {
		return 0, fmt.Errorf("results %s: copying traces: %w", src, err)
	}
	n, _ := res.RowsAffected()
	return int(n), tx.Commit()
}
