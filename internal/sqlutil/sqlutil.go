// Package sqlutil holds small database/sql helpers shared by the strategies
// that keep their memory in SQLite.
package sqlutil

import "database/sql"

// Int64s reads a single-column result of integers (ids) in order and closes
// rows. It returns the scan or iteration error, if any.
func Int64s(rows *sql.Rows) ([]int64, error) {
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}
