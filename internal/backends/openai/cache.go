package openai

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"

	_ "github.com/mattn/go-sqlite3" // SQLite driver
)

// cacheVersion is part of every cache key; bump it when the meaning of a
// cached entry changes.
const cacheVersion = 1

// Cache is the SQLite response cache: completed chat requests (after any
// JSON repair) and embedding vectors, keyed by a sha256 over the endpoint,
// the model, the request parameters, the rendered prompt and the repeat
// index. The API key is never part of a key or of an entry. The database
// runs in WAL mode with a busy timeout, so several processes (shards) and
// goroutines can read and write one file at once; writes
// are first-writer-wins (INSERT OR IGNORE, then read back), so every
// reader of a key sees the same entry.
type Cache struct {
	db   *sql.DB
	path string
}

// ChatEntry is one cached chat completion.
type ChatEntry struct {
	// Text is the final reply (after the repair request, if one was sent).
	Text string
	// Failure is the validation error when the reply was still invalid
	// after the repair; "" for a usable reply. A cached failure is
	// returned as a failure again, so reruns reproduce it.
	Failure string
	// PromptTokens and CompletionTokens are the usage of every request the
	// entry took (the repair included).
	PromptTokens, CompletionTokens int
	// HTTPRequests is how many requests produced the entry (1, or 2 with a
	// repair).
	HTTPRequests int
}

const cacheSchema = `
CREATE TABLE IF NOT EXISTS chat (
  key TEXT PRIMARY KEY, endpoint TEXT NOT NULL, model TEXT NOT NULL, kind TEXT NOT NULL,
  text TEXT NOT NULL, failure TEXT NOT NULL, prompt_tokens INTEGER NOT NULL, completion_tokens INTEGER NOT NULL,
  http_requests INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS embedding (
  key TEXT PRIMARY KEY, endpoint TEXT NOT NULL, model TEXT NOT NULL, dim INTEGER NOT NULL, vector BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS cache_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`

// OpenCache opens (creating it and its directory if needed) the cache at
// path.
func OpenCache(path string) (*Cache, error) {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("response cache %s: %w", path, err)
		}
	}
	db, err := sql.Open("sqlite3", "file:"+path+"?_journal_mode=WAL&_busy_timeout=30000&_synchronous=NORMAL")
	if err != nil {
		return nil, fmt.Errorf("response cache %s: %w", path, err)
	}
	db.SetMaxOpenConns(8)
	if _, err := db.Exec(cacheSchema); err != nil {
		db.Close()
		return nil, fmt.Errorf("response cache %s: not a memarena cache or not writable: %w", path, err)
	}
	var v string
	err = db.QueryRow(`SELECT value FROM cache_meta WHERE key = 'version'`).Scan(&v)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		if _, err := db.Exec(`INSERT OR IGNORE INTO cache_meta(key, value) VALUES('version', ?)`, fmt.Sprint(cacheVersion)); err != nil {
			db.Close()
			return nil, fmt.Errorf("response cache %s: %w", path, err)
		}
	case err != nil:
		db.Close()
		return nil, fmt.Errorf("response cache %s: %w", path, err)
	case v != fmt.Sprint(cacheVersion):
		db.Close()
		return nil, fmt.Errorf("response cache %s: format version %s, this memarena uses %d; point backend.options.cache at a new file", path, v, cacheVersion)
	}
	return &Cache{db: db, path: path}, nil
}

// Path is the cache file.
func (c *Cache) Path() string { return c.path }

// Close closes the database.
func (c *Cache) Close() error { return c.db.Close() }

// GetChat returns the entry under key, if any.
func (c *Cache) GetChat(ctx context.Context, key string) (ChatEntry, bool, error) {
	var e ChatEntry
	err := c.db.QueryRowContext(ctx, `SELECT text, failure, prompt_tokens, completion_tokens, http_requests FROM chat WHERE key = ?`, key).
		Scan(&e.Text, &e.Failure, &e.PromptTokens, &e.CompletionTokens, &e.HTTPRequests)
	if errors.Is(err, sql.ErrNoRows) {
		return e, false, nil
	}
	if err != nil {
		return e, false, fmt.Errorf("response cache %s: %w", c.path, err)
	}
	return e, true, nil
}

// StoreChat stores e under key unless an entry is already there (first
// writer wins) and returns the entry the cache holds afterwards.
func (c *Cache) StoreChat(ctx context.Context, key, endpoint, model, kind string, e ChatEntry) (ChatEntry, error) {
	_, err := c.db.ExecContext(ctx, `INSERT OR IGNORE INTO chat VALUES (?,?,?,?,?,?,?,?,?)`,
		key, endpoint, model, kind, e.Text, e.Failure, e.PromptTokens, e.CompletionTokens, e.HTTPRequests)
	if err != nil {
		return e, fmt.Errorf("response cache %s: %w", c.path, err)
	}
	stored, ok, err := c.GetChat(ctx, key)
	if err != nil {
		return e, err
	}
	if !ok {
		return e, fmt.Errorf("response cache %s: entry %s vanished after writing", c.path, key[:12])
	}
	return stored, nil
}

// GetEmbedding returns the unit vector under key, if any.
func (c *Cache) GetEmbedding(ctx context.Context, key string) ([]float32, bool, error) {
	var dim int
	var blob []byte
	err := c.db.QueryRowContext(ctx, `SELECT dim, vector FROM embedding WHERE key = ?`, key).Scan(&dim, &blob)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("response cache %s: %w", c.path, err)
	}
	if len(blob) != 4*dim {
		return nil, false, fmt.Errorf("response cache %s: embedding entry %s holds %d bytes for %d dimensions", c.path, key[:12], len(blob), dim)
	}
	v := make([]float32, dim)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(blob[4*i:]))
	}
	return v, true, nil
}

// StoreEmbedding stores a vector under key (little-endian float32) unless
// one is already there (first writer wins) and returns the vector the cache
// holds afterwards.
func (c *Cache) StoreEmbedding(ctx context.Context, key, endpoint, model string, v []float32) ([]float32, error) {
	blob := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(blob[4*i:], math.Float32bits(x))
	}
	_, err := c.db.ExecContext(ctx, `INSERT OR IGNORE INTO embedding VALUES (?,?,?,?,?)`, key, endpoint, model, len(v), blob)
	if err != nil {
		return v, fmt.Errorf("response cache %s: %w", c.path, err)
	}
	stored, ok, err := c.GetEmbedding(ctx, key)
	if err != nil {
		return v, err
	}
	if !ok {
		return v, fmt.Errorf("response cache %s: embedding %s vanished after writing", c.path, key[:12])
	}
	return stored, nil
}

// Counts returns the number of chat and embedding entries.
func (c *Cache) Counts(ctx context.Context) (chat, embeddings int, err error) {
	if err = c.db.QueryRowContext(ctx, `SELECT count(*) FROM chat`).Scan(&chat); err != nil {
		return
	}
	err = c.db.QueryRowContext(ctx, `SELECT count(*) FROM embedding`).Scan(&embeddings)
	return
}

// chatKeyFields are what identifies a chat completion. Field order is the
// JSON order, so the key is stable.
type chatKeyFields struct {
	V           int     `json:"v"`
	Endpoint    string  `json:"endpoint"`
	Model       string  `json:"model"`
	Temperature float64 `json:"temperature"`
	Seed        int64   `json:"seed"`
	MaxTokens   int     `json:"max_tokens"`
	Format      string  `json:"format"`
	Schema      string  `json:"schema"`
	Prompt      string  `json:"prompt"`
	Repeat      int     `json:"repeat"`
}

// embedKeyFields identify one embedded text.
type embedKeyFields struct {
	V          int    `json:"v"`
	Endpoint   string `json:"endpoint"`
	Model      string `json:"model"`
	Dimensions int    `json:"dimensions"`
	Text       string `json:"text"`
}

func hashJSON(v any) string {
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// promptHash is the sha256 of the rendered system and user messages.
func promptHash(system, user string) string {
	sum := sha256.Sum256([]byte(system + "\x00" + user))
	return hex.EncodeToString(sum[:])
}
