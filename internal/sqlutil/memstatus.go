package sqlutil

/*
// The SQLite amalgamation is compiled into the binary by
// github.com/mattn/go-sqlite3; these are its public entry points.
int sqlite3_config(int, ...);
int sqlite3_status64(int, long long *, long long *, int);

// SQLITE_CONFIG_MEMSTATUS (9) with 0 turns memory statistics off.
static int memarenaMemstatusOff(void) { return sqlite3_config(9, 0); }

// SQLITE_STATUS_MEMORY_USED (0): bytes outstanding from SQLite's allocator.
static long long memarenaMemoryUsed(void) {
	long long cur = 0, hi = 0;
	sqlite3_status64(0, &cur, &hi, 0);
	return cur;
}
*/
import "C"

import _ "github.com/mattn/go-sqlite3" // the SQLite library configured here

// memstatusRC is sqlite3_config's result code when memory statistics were
// turned off at package initialization (0 is SQLITE_OK).
var memstatusRC = int(C.memarenaMemstatusOff())

// MemoryStatistics reports whether SQLite keeps memory statistics. It is
// false in every binary that imports this package: the package turns them
// off (SQLITE_CONFIG_MEMSTATUS) before any database is opened. With them on,
// as the driver compiles SQLite, every allocation and free takes one
// process-wide mutex, which concurrent in-memory stores (trimem, hier-path)
// contend for; off, a LongMemEval-S sample of those two strategies takes
// about 8% less CPU. Nothing in memarena reads SQLite's memory statistics
// (footprints come from PRAGMA page_count).
func MemoryStatistics() bool {
	return memstatusRC != 0 || C.memarenaMemoryUsed() != 0
}
