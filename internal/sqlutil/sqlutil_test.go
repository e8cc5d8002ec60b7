package sqlutil

import (
	"database/sql"
	"reflect"
	"testing"

	_ "github.com/mattn/go-sqlite3"
)

func TestInt64s(t *testing.T) {
	db, err := sql.Open("sqlite3", ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(`CREATE TABLE t(id INTEGER); INSERT INTO t VALUES (3),(1),(2)`); err != nil {
		t.Fatal(err)
	}
	rows, err := db.Query(`SELECT id FROM t ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Int64s(rows)
	if err != nil || !reflect.DeepEqual(got, []int64{1, 2, 3}) {
		t.Fatalf("got %v, %v", got, err)
	}
	rows, _ = db.Query(`SELECT 'x'`)
	if _, err := Int64s(rows); err == nil {
		t.Fatal("want a scan error for text")
	}
}

func TestMemoryStatisticsOff(t *testing.T) {
	db, err := sql.Open("sqlite3", ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE TABLE t(x TEXT); INSERT INTO t VALUES ('a'), ('b')`); err != nil {
		t.Fatal(err)
	}
	if memstatusRC != 0 {
		t.Fatalf("sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) = %d, want 0 (SQLITE_OK): a database was opened before package initialization", memstatusRC)
	}
	if MemoryStatistics() {
		t.Fatal("SQLite still counts memory with a database open")
	}
}
