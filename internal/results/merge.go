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

// runMetaKeys are the meta keys that describe a whole run (or one shard of
// it); ImportCells leaves them to the caller. Every other meta key (per-cell
// facts such as "gold:<cell key>") is copied.
var runMetaKeys = []any{"schema_version", "run", "status", "timing", MetaShard, "backend_stats"}

// ImportCells copies every cell of the results database at src into s, in
// one transaction: the cells and probe rows, every other table of the
// schema (per-cell facts; rows already present are kept), and the per-cell
// meta keys. Both stores must come from the same schema version. A cell key
// present in both is an error naming it, and nothing is copied. `memarena
// merge` builds one store from the stores of a run's shards with it.
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
	var tables []string
	rs, err := db.Query(`SELECT name FROM src.sqlite_master WHERE type = 'table' AND name NOT IN ('meta', 'cells', 'rows') AND name NOT LIKE 'sqlite_%'
		AND name IN (SELECT name FROM main.sqlite_master WHERE type = 'table') ORDER BY name`)
	if err != nil {
		return 0, fmt.Errorf("results %s: %w", src, err)
	}
	for rs.Next() {
		var t string
		if err := rs.Scan(&t); err != nil {
			rs.Close()
			return 0, err
		}
		tables = append(tables, t)
	}
	rs.Close()
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
	for _, t := range tables {
		q := `INSERT OR IGNORE INTO main."` + t + `" SELECT * FROM src."` + t + `"`
		if _, err := tx.Exec(q); err != nil {
			return 0, fmt.Errorf("results %s: copying table %s: %w", src, t, err)
		}
	}
	if _, err := tx.Exec(`INSERT OR IGNORE INTO main.meta SELECT * FROM src.meta WHERE key NOT IN (?, ?, ?, ?, ?, ?)`, runMetaKeys...); err != nil {
		return 0, fmt.Errorf("results %s: copying cell metadata: %w", src, err)
	}
	n, _ := res.RowsAffected()
	return int(n), tx.Commit()
}
