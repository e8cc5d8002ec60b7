#!/usr/bin/env python3
"""A BM25 memory speaking memarena's external protocol (docs/protocol.md).

Standard library only. It keeps every turn it is sent, ranks turns against
the question with Okapi BM25 (k1 = 1.2, b = 0.75; Robertson & Zaragoza,
"The Probabilistic Relevance Framework: BM25 and Beyond", 2009) over
lowercased words with a small English stopword list and Harman's S-stemmer
(Harman, "How effective is suffixing?", JASIS 1991), and packs the best
turns into the token budget.

The harness counts the budget with a BPE tokenizer (init.tokenizer,
cl100k_base by default) that the standard library does not have, so this
memory packs with an estimate that errs high: a word of up to five ASCII
letters is one token, a longer one a token per four characters, a number
of up to three digits or a run of spaces one, punctuation one per
character, anything else one per UTF-8 byte, plus one per line. On the
262,467 turns of LoCoMo and LongMemEval (oracle) it is 1.38 times the true
cl100k count at the median and below it for 77 turns (code and hex-like
strings); the harness cuts any context over budget and records the overrun.

Run it under the harness:

    memarena conformance -- python3 examples/external/bm25_memory.py
    # configs/external.yaml:
    #   - name: external
    #     label: bm25-python
    #     params: {command: [python3, examples/external/bm25_memory.py]}

Protocol: one JSON-RPC 2.0 request per line on stdin, one reply per line on
stdout (stdout carries nothing else; diagnostics go to stderr). The class
Memory holds one instance and is reused by http_wrapper.py.
"""

import json
import math
import re
import sys

PROTOCOL = "1"
NAME = "bm25-python"
VERSION = "1.0"

# JSON-RPC 2.0 error codes.
PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS, INTERNAL_ERROR = -32700, -32600, -32601, -32602, -32603

# Function words of English (articles, pronouns, auxiliaries, prepositions,
# conjunctions): they carry no topic, so they do not rank turns.
STOPWORDS = frozenset("""
a about above after again against all am an and any are as at be because been before being below between both but by
can could did do does doing down during each few for from further had has have having he her here hers herself him
himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other
our ours ourselves out over own same she should so some such than that the their theirs them themselves then there
these they this those through to too under until up very was we were what when where which while who whom why will
with would you your yours yourself yourselves s t d ll m re ve
""".split())

WORD = re.compile(r"[^\W_]+")


def s_stem(w):
    """Harman's S-stemmer: plural endings only."""
    if len(w) > 3 and w.endswith("ies") and not w.endswith(("eies", "aies")):
        return w[:-3] + "y"
    if len(w) > 3 and w.endswith("es") and not w.endswith(("aes", "ees", "oes")):
        return w[:-1]
    if len(w) > 2 and w.endswith("s") and not w.endswith(("us", "ss")):
        return w[:-1]
    return w


def terms(text):
    return [s_stem(w) for w in WORD.findall(text.lower()) if w not in STOPWORDS]


# Pieces as a GPT-style pre-tokenizer splits text: contractions, words with
# one leading non-letter, numbers of up to three digits, punctuation runs,
# whitespace; anything else one character at a time.
PIECE = re.compile(r"'(?:[sdmt]|ll|ve|re)|[^\r\n\w]?[^\W\d_]+|\d{1,3}| ?[^\s\w]+[\r\n]*|\s*[\r\n]|\s+(?!\S)|\s+|.", re.IGNORECASE | re.DOTALL)


def token_bound(text):
    """An estimate of the BPE tokens of text that errs high (module doc)."""
    n = 0
    for piece in PIECE.findall(text):
        core = piece.lstrip(" ")
        if not piece.isascii():
            n += len(piece.encode("utf-8"))  # at most one token per byte
        elif core.isalpha():
            n += 1 if len(core) <= 5 else -(-len(piece) // 4)
        elif core.isdigit() or not piece.strip():
            n += 1  # up to three digits; a whitespace run
        else:
            n += len(piece)  # punctuation: one per character
    return n


class InvalidParams(Exception):
    pass


def require(obj, key, kind, where):
    if not isinstance(obj, dict) or key not in obj:
        raise InvalidParams(f"{where}.{key} is missing")
    v = obj[key]
    if kind is int and (isinstance(v, bool) or not isinstance(v, int)):
        raise InvalidParams(f"{where}.{key} must be an integer")
    if kind is not int and not isinstance(v, kind):
        raise InvalidParams(f"{where}.{key} must be {kind.__name__}")
    return v


class Memory:
    """One memory instance: the turns it was sent and a BM25 index."""

    K1, B = 1.2, 0.75

    def __init__(self):
        self.turns = []  # (id, "speaker: text", time, context line, its token estimate, length in terms)
        self.postings = {}  # term -> [(turn index, term frequency)], an inverted index
        self.total_len = 0
        self.seen = set()

    def init(self, params):
        require(params, "budget", int, "params")
        require(params, "extraction", str, "params")
        return {}

    def ingest(self, params):
        t = require(params, "turn", dict, "params")
        tid = require(t, "id", str, "params.turn")
        text = require(t, "text", str, "params.turn")
        speaker = t.get("speaker") or t.get("role") or "someone"
        when = require(t, "time", str, "params.turn")
        if tid in self.seen:
            return {}
        self.seen.add(tid)
        counts = {}
        toks = terms(text)
        for w in toks:
            counts[w] = counts.get(w, 0) + 1
        for w, f in counts.items():
            self.postings.setdefault(w, []).append((len(self.turns), f))
        line = f"[{when[:10]} {tid}] {speaker}: {text}"
        self.turns.append((tid, f"{speaker}: {text}", when, line, token_bound(line) + 1, len(toks)))  # + the newline
        self.total_len += len(toks)
        return {}

    def end_session(self, params):
        require(params, "session", dict, "params")
        return {}

    def rank(self, question):
        """(score, index) of every turn sharing a term with question, best first."""
        n = len(self.turns)
        if n == 0:
            return []
        avg = self.total_len / n or 1.0
        scores = {}
        for w in sorted(set(terms(question))):  # a fixed order keeps float sums identical across runs
            posting = self.postings.get(w, ())
            df = len(posting)
            idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
            for i, f in posting:
                length = self.turns[i][5]
                scores[i] = scores.get(i, 0.0) + idf * f * (self.K1 + 1) / (f + self.K1 * (1 - self.B + self.B * length / avg))
        out = [(s, i) for i, s in scores.items() if s > 0]
        # Best score first; among equals the newer turn first.
        out.sort(key=lambda x: (-x[0], -x[1]))
        return out

    def retrieve(self, params):
        q = require(params, "query", dict, "params")
        question = require(q, "question", str, "params.query")
        budget = require(q, "budget", int, "params.query")
        items, lines, used = [], [], 0
        for score, i in self.rank(question):
            tid, text, when, line, cost, _ = self.turns[i]
            if used + cost > budget:
                continue
            used += cost
            lines.append(line)
            items.append({"id": tid, "text": text, "score": round(score, 6), "kind": "turn", "turn_ids": [tid], "time": when})
        return {"items": items, "context": "\n".join(lines)}

    def footprint(self, params):
        size = sum(len(t[1].encode("utf-8")) + len(t[0]) for t in self.turns)
        return {"items": len(self.turns), "edges": 0, "bytes": size}


def hello(params):
    require(params, "protocol", str, "params")
    return {"protocol": PROTOCOL, "name": NAME, "version": VERSION}


def handle(memory, line):
    """Answers one request line; returns (reply dict or None, close?)."""
    try:
        req = json.loads(line)
    except ValueError as e:
        return error(None, PARSE_ERROR, f"parse error: {e}"), False
    if not isinstance(req, dict) or req.get("jsonrpc") != "2.0" or not isinstance(req.get("method"), str) or "id" not in req:
        return error(req.get("id") if isinstance(req, dict) else None, INVALID_REQUEST, "not a JSON-RPC 2.0 request"), False
    rid, method, params = req["id"], req["method"], req.get("params")
    if not isinstance(params, dict):
        return error(rid, INVALID_PARAMS, "params must be an object"), False
    handlers = {
        "hello": getattr(memory, "hello", hello),
        "init": memory.init,
        "ingest": memory.ingest,
        "end_session": memory.end_session,
        "retrieve": memory.retrieve,
        "footprint": memory.footprint,
        "close": lambda p: {},
    }
    fn = handlers.get(method)
    if fn is None:
        return error(rid, METHOD_NOT_FOUND, f"method not found: {method}"), False
    try:
        result = fn(params)
    except InvalidParams as e:
        return error(rid, INVALID_PARAMS, str(e)), False
    except Exception as e:  # a bug here must not kill the cell silently
        print(f"{NAME}: {method}: {e!r}", file=sys.stderr)
        return error(rid, INTERNAL_ERROR, f"{type(e).__name__}: {e}"), False
    return {"jsonrpc": "2.0", "id": rid, "result": result}, method == "close"


def error(rid, code, message):
    return {"jsonrpc": "2.0", "id": rid, "error": {"code": code, "message": message}}


def main():
    memory = Memory()
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        reply, close = handle(memory, line)
        out.write(json.dumps(reply, ensure_ascii=False, separators=(",", ":")) + "\n")
        out.flush()
        if close:
            return


if __name__ == "__main__":
    main()
