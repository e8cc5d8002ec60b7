#!/usr/bin/env node
// A BM25 memory speaking memarena's external protocol (docs/protocol.md),
// in Node with no dependencies: the same memory as bm25_memory.py (Okapi
// BM25, k1 = 1.2, b = 0.75, over lowercased words without English function
// words, plural endings stripped by Harman's S-stemmer; the same token
// estimate to pack the budget). See that file for the design notes.
//
//   memarena conformance -- node examples/external/bm25_memory.mjs
//
// One JSON-RPC 2.0 request per line on stdin, one reply per line on stdout;
// diagnostics go to stderr.

import { createInterface } from "node:readline";

const PROTOCOL = "1";
const NAME = "bm25-node";
const VERSION = "1.0";
const [PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS, INTERNAL_ERROR] = [-32700, -32600, -32601, -32602, -32603];

const STOPWORDS = new Set(`a about above after again against all am an and any are as at be because been before being below between both but by
can could did do does doing down during each few for from further had has have having he her here hers herself him
himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other
our ours ourselves out over own same she should so some such than that the their theirs them themselves then there
these they this those through to too under until up very was we were what when where which while who whom why will
with would you your yours yourself yourselves s t d ll m re ve`.split(/\s+/));

function sStem(w) {
  if (w.length > 3 && w.endsWith("ies") && !w.endsWith("eies") && !w.endsWith("aies")) return w.slice(0, -3) + "y";
  if (w.length > 3 && w.endsWith("es") && !w.endsWith("aes") && !w.endsWith("ees") && !w.endsWith("oes")) return w.slice(0, -1);
  if (w.length > 2 && w.endsWith("s") && !w.endsWith("us") && !w.endsWith("ss")) return w.slice(0, -1);
  return w;
}

function terms(text) {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) || []).filter((w) => !STOPWORDS.has(w)).map(sStem);
}

const PIECE = /'(?:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]|\s+(?!\S)|\s+|./gisu;
const ASCII = /^[\x00-\x7f]*$/;

function tokenBound(text) {
  let n = 0;
  for (const piece of text.match(PIECE) || []) {
    const core = piece.replace(/^ +/, "");
    if (!ASCII.test(piece)) n += Buffer.byteLength(piece, "utf8");
    else if (/^[A-Za-z]+$/.test(core)) n += core.length <= 5 ? 1 : Math.ceil(piece.length / 4);
    else if (/^[0-9]+$/.test(core) || piece.trim() === "") n += 1;
    else n += piece.length;
  }
  return n;
}

class InvalidParams extends Error {}

function require(obj, key, kind, where) {
  if (obj === null || typeof obj !== "object" || Array.isArray(obj) || !(key in obj)) throw new InvalidParams(`${where}.${key} is missing`);
  const v = obj[key];
  const ok = kind === "integer" ? Number.isInteger(v) : kind === "object" ? v !== null && typeof v === "object" && !Array.isArray(v) : typeof v === kind;
  if (!ok) throw new InvalidParams(`${where}.${key} must be ${kind === "integer" ? "an integer" : "a " + kind}`);
  return v;
}

class Memory {
  constructor() {
    this.turns = []; // {id, text: "speaker: text", time, line: the context line, cost: its token estimate, length in terms}
    this.postings = new Map(); // term -> [[turn index, term frequency]], an inverted index
    this.totalLen = 0;
    this.seen = new Set();
  }
  init(p) {
    require(p, "budget", "integer", "params");
    require(p, "extraction", "string", "params");
    return {};
  }
  ingest(p) {
    const t = require(p, "turn", "object", "params");
    const id = require(t, "id", "string", "params.turn");
    const text = require(t, "text", "string", "params.turn");
    const time = require(t, "time", "string", "params.turn");
    const speaker = t.speaker || t.role || "someone";
    if (this.seen.has(id)) return {};
    this.seen.add(id);
    const toks = terms(text);
    const counts = new Map();
    for (const w of toks) counts.set(w, (counts.get(w) || 0) + 1);
    for (const [w, f] of counts) {
      if (!this.postings.has(w)) this.postings.set(w, []);
      this.postings.get(w).push([this.turns.length, f]);
    }
    const line = `[${time.slice(0, 10)} ${id}] ${speaker}: ${text}`;
    this.turns.push({ id, text: `${speaker}: ${text}`, time, line, cost: tokenBound(line) + 1, length: toks.length }); // + the newline
    this.totalLen += toks.length;
    return {};
  }
  end_session(p) {
    require(p, "session", "object", "params");
    return {};
  }
  rank(question) {
    const n = this.turns.length;
    if (n === 0) return [];
    const avg = this.totalLen / n || 1;
    const scores = new Map();
    // Terms sorted (as Python sorts them, outside the astral planes): the same float sums.
    for (const w of [...new Set(terms(question))].sort()) {
      const posting = this.postings.get(w) || [];
      const df = posting.length;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (const [i, f] of posting) {
        const len = this.turns[i].length;
        scores.set(i, (scores.get(i) || 0) + (idf * f * (1.2 + 1)) / (f + 1.2 * (1 - 0.75 + (0.75 * len) / avg)));
      }
    }
    const out = [...scores].filter(([, s]) => s > 0).map(([i, s]) => [s, i]);
    out.sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    return out;
  }
  retrieve(p) {
    const q = require(p, "query", "object", "params");
    const question = require(q, "question", "string", "params.query");
    const budget = require(q, "budget", "integer", "params.query");
    const items = [];
    const lines = [];
    let used = 0;
    for (const [score, i] of this.rank(question)) {
      const t = this.turns[i];
      if (used + t.cost > budget) continue;
      used += t.cost;
      lines.push(t.line);
      items.push({ id: t.id, text: t.text, score: Math.round(score * 1e6) / 1e6, kind: "turn", turn_ids: [t.id], time: t.time });
    }
    return { items, context: lines.join("\n") };
  }
  footprint() {
    let bytes = 0;
    for (const t of this.turns) bytes += Buffer.byteLength(t.text, "utf8") + t.id.length;
    return { items: this.turns.length, edges: 0, bytes };
  }
}

const error = (id, code, message) => ({ jsonrpc: "2.0", id, error: { code, message } });

function handle(memory, line) {
  let req;
  try {
    req = JSON.parse(line);
  } catch (e) {
    return [error(null, PARSE_ERROR, `parse error: ${e.message}`), false];
  }
  if (req === null || typeof req !== "object" || Array.isArray(req) || req.jsonrpc !== "2.0" || typeof req.method !== "string" || !("id" in req)) {
    return [error(req && typeof req === "object" && "id" in req ? req.id : null, INVALID_REQUEST, "not a JSON-RPC 2.0 request"), false];
  }
  const { id, method, params } = req;
  if (params === null || typeof params !== "object" || Array.isArray(params)) return [error(id, INVALID_PARAMS, "params must be an object"), false];
  const handlers = {
    hello: (p) => (require(p, "protocol", "string", "params"), { protocol: PROTOCOL, name: NAME, version: VERSION }),
    init: (p) => memory.init(p),
    ingest: (p) => memory.ingest(p),
    end_session: (p) => memory.end_session(p),
    retrieve: (p) => memory.retrieve(p),
    footprint: () => memory.footprint(),
    close: () => ({}),
  };
  if (!Object.hasOwn(handlers, method)) return [error(id, METHOD_NOT_FOUND, `method not found: ${method}`), false];
  try {
    return [{ jsonrpc: "2.0", id, result: handlers[method](params) }, method === "close"];
  } catch (e) {
    if (e instanceof InvalidParams) return [error(id, INVALID_PARAMS, e.message), false];
    process.stderr.write(`${NAME}: ${method}: ${e.stack}\n`);
    return [error(id, INTERNAL_ERROR, String(e)), false];
  }
}

const memory = new Memory();
const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  if (!line.trim()) continue;
  const [reply, close] = handle(memory, line);
  process.stdout.write(JSON.stringify(reply) + "\n");
  if (close) break;
}
rl.close();
