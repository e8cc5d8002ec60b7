#!/usr/bin/env python3
"""A thin HTTP wrapper: memarena's external protocol over HTTP POST, in front
of any memory library. Standard library only.

    python3 examples/external/http_wrapper.py --port 8080               # BM25 backend
    python3 examples/external/http_wrapper.py --port 8080 --backend mem0
    memarena conformance --url http://127.0.0.1:8080

and in an experiment config:

    - name: external
      label: mem0
      params: {url: "http://127.0.0.1:8080", timeout: 60s}

Every message is one POST of a JSON-RPC 2.0 request to the same URL; the
reply is the JSON-RPC response (HTTP 200). Each cell of a run uses its own
params.instance id, so one server holds one memory per instance, created on
hello and forgotten on close. Requests of different instances may arrive
concurrently (cells run in parallel); one instance's requests come one at a
time.

Backends:

- bm25 (default): the Memory class of bm25_memory.py. Tested: the Go test
  suite runs `memarena conformance --url` against it.
- mem0: Mem0Backend below shows where the mem0 client calls go. It is NOT
  tested here (it needs `pip install mem0ai`, a model endpoint and an API
  key); treat it as a starting point. A Zep version follows the same shape
  (zep_cloud: client.memory.add(session_id, messages=[...]) on ingest,
  client.graph.search(user_id=..., query=...) on retrieve).

Provenance is the one thing a wrapper must add: memarena scores retrieval
by the turn ids each item names, so keep, for every memory the library
writes, the ids of the turns it came from (mem0 lets you attach metadata).
Names of turns the instance was never sent are counted as provenance errors.
"""

import argparse
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import bm25_memory
from bm25_memory import INVALID_PARAMS, PROTOCOL, error, handle, require, token_bound


class Mem0Backend:
    """Where a mem0 client goes (untested: needs mem0ai and a model).

    It implements the same methods as bm25_memory.Memory: init, ingest,
    end_session, retrieve, footprint, each taking the message's params and
    returning its result.
    """

    def __init__(self):
        from mem0 import Memory as Mem0  # pip install mem0ai

        self.client = Mem0()  # or Mem0.from_config({...}) for your model and vector store
        self.user_id = None
        self.count = 0

    def hello(self, params):
        return {"protocol": PROTOCOL, "name": "mem0", "version": "wrapper-1.0"}

    def init(self, params):
        # One mem0 user per memarena instance keeps cells apart.
        self.user_id = "memarena-" + require(params, "instance", str, "params")
        return {}

    def ingest(self, params):
        t = require(params, "turn", dict, "params")
        role = t["role"] if t["role"] in ("user", "assistant") else "user"
        content = f'{t["speaker"]}: {t["text"]}' if t.get("speaker") else t["text"]
        # mem0 extracts facts from the message with its own model; keep the
        # turn id on what it writes so retrieval can name its provenance.
        self.client.add([{"role": role, "content": content}], user_id=self.user_id,
                        metadata={"turn_id": t["id"], "time": t["time"]})
        self.count += 1
        # If your client exposes token usage, declare the "usage" capability
        # in hello and return {"usage": {"prompt_tokens": ..., "completion_tokens": ...}}.
        return {}

    def end_session(self, params):
        return {}

    def retrieve(self, params):
        q = require(params, "query", dict, "params")
        hits = self.client.search(q["question"], user_id=self.user_id, limit=q["k"])
        items, lines, used = [], [], 0
        for h in hits.get("results", []):
            turn_id = (h.get("metadata") or {}).get("turn_id")
            if not turn_id:
                continue  # no provenance, no credit: leave it out
            text = h["memory"]
            cost = token_bound(text) + 1
            if used + cost > q["budget"]:
                continue
            used += cost
            lines.append(text)
            items.append({"id": h.get("id", ""), "text": text, "score": float(h.get("score") or 0),
                          "kind": "fact", "turn_ids": [turn_id]})
        return {"items": items, "context": "\n".join(lines)}

    def footprint(self, params):
        return {"items": self.count, "edges": 0, "bytes": 0}


BACKENDS = {"bm25": bm25_memory.Memory, "mem0": Mem0Backend}


class Instances:
    """One backend object per instance id."""

    def __init__(self, backend):
        self.backend = backend
        self.lock = threading.Lock()
        self.by_id = {}

    def get(self, instance, create):
        with self.lock:
            m = self.by_id.get(instance)
            if m is None and create:
                m = self.by_id[instance] = self.backend()
            return m

    def drop(self, instance):
        with self.lock:
            self.by_id.pop(instance, None)


def make_handler(instances):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep connections open between messages
        disable_nagle_algorithm = True  # headers and body go out in two writes

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            try:
                req = json.loads(body)
                instance = req["params"]["instance"]
                method = req["method"]
            except (ValueError, KeyError, TypeError):
                # Not JSON, or no instance: the shared handler answers with
                # the right JSON-RPC error (parse error, invalid params …).
                reply, _ = handle(bm25_memory.Memory(), body.decode("utf-8", "replace"))
                return self.send(reply)
            memory = instances.get(instance, create=(method == "hello"))
            if memory is None:
                return self.send(error(req.get("id"), INVALID_PARAMS, f"unknown instance {instance!r}: send hello first"))
            reply, closed = handle(memory, body.decode("utf-8"))
            if closed:
                instances.drop(instance)
            self.send(reply)

        def send(self, reply):
            out = json.dumps(reply, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(out)))
            self.end_headers()
            self.wfile.write(out)

        def log_message(self, fmt, *args):  # quiet: one line per message is too much
            pass

    return Handler


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8080, help="0 picks a free port")
    ap.add_argument("--backend", choices=sorted(BACKENDS), default="bm25")
    args = ap.parse_args()
    server = ThreadingHTTPServer((args.host, args.port), make_handler(Instances(BACKENDS[args.backend])))
    # The first line on stdout is the URL (scripts and tests read it).
    print(f"http://{args.host}:{server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
