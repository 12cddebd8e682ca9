"""Sluice on Dask distributed: the client bridge and the worker side, in one file.

Run as ``python3 sluice_dask.py bridge`` by Sluice's coordinator (the user's Node process): it
reads framed requests on stdin, talks to the Dask scheduler through a ``distributed.Client`` and
writes framed replies on stdout. Everything the workers run (the worker plugin, the task
functions) is defined in this ``__main__`` module, so cloudpickle ships it by value: a worker
needs Python with ``distributed``, Node and the program on a path it can read, not this file.

On every Dask worker, the plugin starts one Node process (Sluice's dask worker main) listening on
a Unix socket in the worker's local directory. A Sluice subtask is a Dask task that sends its
request and its input parts to that process and returns ``(meta, parts)``: ``meta`` (status,
collected records, accumulator names, printed text) goes to the coordinator, ``parts[o][t]`` (the
encoded batches output ``o`` wrote for consumer ``t``) stay on the worker until a consumer's pick
task moves them.

Frames (both pipes and the socket): u32 LE length of the rest, u32 LE length of a JSON header,
the header (its ``blobs`` lists the lengths of the binary blobs), then the blobs.

Written against distributed 2022.12 (Debian bookworm). Current Dask renamed
``Client.register_worker_plugin`` to ``Client.register_plugin``: both are tried.
"""
import json
import os
import socket
import struct
import subprocess
import sys
import threading
import time

# ---------------------------------------------------------------- frames


def read_exact(stream_read, n):
    chunks = []
    while n > 0:
        chunk = stream_read(n)
        if not chunk:
            return None
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


def read_frame(stream_read):
    head = read_exact(stream_read, 4)
    if head is None:
        return None
    (length,) = struct.unpack("<I", head)
    body = read_exact(stream_read, length)
    if body is None:
        return None
    (hlen,) = struct.unpack_from("<I", body, 0)
    header = json.loads(body[4:4 + hlen].decode("utf-8"))
    blobs, pos = [], 4 + hlen
    for n in header.get("blobs", []):
        blobs.append(body[pos:pos + n])
        pos += n
    return header, blobs


def frame_bytes(header, blobs=()):
    blobs = [bytes(b) for b in blobs]
    header = dict(header, blobs=[len(b) for b in blobs])
    h = json.dumps(header).encode("utf-8")
    body = b"".join([struct.pack("<I", len(h)), h] + blobs)
    return struct.pack("<I", len(body)) + body


# ---------------------------------------------------------------- worker side

try:
    from distributed.diagnostics.plugin import WorkerPlugin as _PluginBase
except Exception:  # the bridge can still report that distributed is missing
    _PluginBase = object


class SluiceNodePlugin(_PluginBase):
    """Starts and keeps one Node process per Dask worker (restarted when it died)."""

    def __init__(self, name, node, main, loader, env):
        self.name = name
        self.node = node
        self.main = main
        self.loader = loader
        self.env = env
        self.proc = None
        self.sock_path = None
        self.sent_ctx = set()
        self.running = set()
        self.stderr_tail = b""
        self.lock = None
        self.address = None

    def setup(self, worker):
        self.lock = threading.Lock()
        self.address = worker.address
        base = getattr(worker, "local_directory", None) or "/tmp"
        self.sock_path = os.path.join(base, "sluice-%s-%d.sock" % (self.name[-8:], os.getpid()))
        self.ensure()

    def teardown(self, worker):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def ensure(self):
        with self.lock:
            if self.proc is not None and self.proc.poll() is None:
                return
            if os.path.exists(self.sock_path):
                os.unlink(self.sock_path)
            import shutil
            node = self.node if os.path.exists(self.node) else (shutil.which("node") or "node")
            args = [node] + (["--import", self.loader] if self.loader else []) + [self.main]
            env = dict(os.environ, **self.env, SLUICE_WORKER="1", SLUICE_DASK_SOCKET=self.sock_path,
                       SLUICE_DASK_WORKER=self.address or "")
            self.stderr_tail = b""
            self.sent_ctx = set()
            # stdin stays open: the Node process exits when it closes (this worker is gone, even by SIGKILL).
            self.proc = subprocess.Popen(args, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE)
            line = self.proc.stdout.readline()
            threading.Thread(target=self._drain, args=(self.proc.stderr, True), daemon=True).start()
            threading.Thread(target=self._drain, args=(self.proc.stdout, False), daemon=True).start()
            if not line.startswith(b"ready"):
                time.sleep(0.2)
                raise RuntimeError("Sluice's Node process on Dask worker %s did not start: %s" % (
                    self.address, self.stderr_tail.decode("utf-8", "replace")[-1500:] or line.decode("utf-8", "replace")))

    def _drain(self, stream, keep):
        for chunk in iter(lambda: stream.read1(65536) if hasattr(stream, "read1") else stream.read(65536), b""):
            if keep:
                self.stderr_tail = (self.stderr_tail + chunk)[-4000:]
                if os.environ.get("SLUICE_DEBUG_WORKERS") == "1":
                    sys.stderr.buffer.write(chunk)
                    sys.stderr.flush()

    def request(self, header, blobs, what):
        self.ensure()
        proc = self.proc
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            s.connect(self.sock_path)
            s.sendall(frame_bytes(header, blobs))
            reply = read_frame(s.recv)
        except OSError:
            reply = None
        finally:
            s.close()
        if reply is None:
            code = proc.wait(timeout=10) if proc.poll() is None else proc.returncode
            how = ("signal %d" % -code) if code is not None and code < 0 else ("code %s" % code)
            oom = b"heap out of memory" in self.stderr_tail or b"Allocation failed" in self.stderr_tail
            raise RuntimeError("Sluice's Node process (pid %d) on Dask worker %s %s while running %s" % (
                proc.pid, self.address, "ran out of memory" if oom else "exited with " + how, what))
        if "fatal" in reply[0]:
            raise RuntimeError(reply[0]["fatal"])
        return reply


def _plugin(name):
    from distributed import get_worker
    plugin = get_worker().plugins.get(name)
    if plugin is None:
        raise RuntimeError("the Sluice worker plugin %s is not registered on this worker" % name)
    return plugin


def run_subtask(name, key, ctx_key, ctx, request, label, *parts):
    """A Sluice subtask: returns (meta, parts[output][target], worker address)."""
    plugin = _plugin(name)
    plugin.ensure()  # first: a restarted Node process has none of the contexts
    send_ctx = ctx_key not in plugin.sent_ctx
    blobs = [ctx if send_ctx else b"", request] + list(parts)
    plugin.running.add(key)
    try:
        header, out = plugin.request({"op": "run", "ctx": ctx_key, "withCtx": send_ctx}, blobs, label)
    finally:
        plugin.running.discard(key)
    plugin.sent_ctx.add(ctx_key)
    shape, pos, result = header.get("shape", []), 1, []
    for targets in shape:
        result.append(out[pos:pos + targets])
        pos += targets
    return out[0], result, plugin.address


def pick_meta(r):
    return r[0], r[2]


def pick_part(r, o, t):
    return r[1][o][t]


def run_merge(name, request):
    header, out = _plugin(name).request({"op": "merge"}, [request], "an accumulator merge")
    return out[0]


def close_run(name, session, run, dask_worker=None):
    plugin = (dask_worker.plugins if dask_worker is not None else {}).get(name)
    if plugin is None or plugin.proc is None or plugin.proc.poll() is not None:
        return False
    try:
        plugin.request({"op": "close", "session": session, "run": run}, [], "closing a run")
    except Exception:
        return False
    return True


def kill_running(name, prefix, dask_worker=None):
    """Kills this worker's Node process if it runs a subtask of the cancelled action (restarted on next use)."""
    plugin = dask_worker.plugins.get(name)
    if plugin is None or plugin.proc is None or not any(k.startswith(prefix) for k in plugin.running):
        return False
    plugin.proc.kill()
    return True


def has_plugin(name, dask_worker=None):
    return name in dask_worker.plugins


def node_pid(name, dask_worker=None):
    plugin = dask_worker.plugins.get(name)
    return plugin.proc.pid if plugin is not None and plugin.proc is not None and plugin.proc.poll() is None else None


# ---------------------------------------------------------------- bridge (client side)


class Bridge:
    def __init__(self):
        self.out_lock = threading.Lock()
        self.client = None
        self.plugin = None
        self.futures = {}

    def send(self, header, blobs=()):
        data = frame_bytes(header, blobs)
        with self.out_lock:
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()

    def serve(self):
        while True:
            msg = read_frame(sys.stdin.buffer.read)
            if msg is None:
                break
            header, blobs = msg
            try:
                getattr(self, "op_" + header["op"])(header, blobs)
            except Exception as e:  # the coordinator turns this into the job's error
                self.send({"id": header.get("id"), "error": "%s: %s" % (type(e).__name__, e)})
        if self.client is not None:
            self.client.close()

    def op_hello(self, h, blobs):
        import distributed
        from distributed import Client
        self.client = Client(h["scheduler"], timeout=h.get("timeout", 20), set_as_default=False)
        name = h["plugin"]
        self.plugin = name
        plugin = SluiceNodePlugin(name, h["node"], h["main"], h.get("loader"), h.get("env", {}))
        # Registering again would restart the Node processes under another coordinator's running job
        # (a plugin of the same name is torn down first): only when a worker lacks it. The scheduler
        # keeps the first registration for workers that join later.
        have = self.client.run(has_plugin, name)
        if not have or not all(have.values()):
            register = getattr(self.client, "register_plugin", None) or self.client.register_worker_plugin
            register(plugin, name=name)
        info = self.client.scheduler_info()
        threads = sum(w.get("nthreads", 1) for w in info["workers"].values())
        self.send({"id": h["id"], "workers": len(info["workers"]), "threads": threads,
                   "version": distributed.__version__})

    def op_scatter(self, h, blobs):
        [fut] = self.client.scatter([blobs[0]], hash=False)
        self.futures[fut.key] = fut
        self.send({"id": h["id"], "key": fut.key})

    def _pick(self, dep):
        if dep["o"] < 0:  # data the coordinator scattered: read whole
            return self.futures[dep["key"]]
        key = "%s-o%d-t%d" % (dep["key"], dep["o"], dep["t"])
        fut = self.futures.get(key)
        if fut is None:
            fut = self.client.submit(pick_part, self.futures[dep["key"]], dep["o"], dep["t"], key=key, pure=False)
            self.futures[key] = fut
        return fut

    def op_submit(self, h, blobs):
        ctx = self.futures[h["ctx"]]
        metas = []
        for i, st in enumerate(h["subtasks"]):
            deps = [self._pick(d) for d in st["deps"]]
            # The context's key goes as "@key": a string argument equal to a dependency's key would be
            # replaced by that dependency's value.
            fut = self.client.submit(run_subtask, self.plugin, "@" + st["key"], "@" + h["ctx"], ctx, blobs[i], st["label"], *deps,
                                     key=st["key"], pure=False, retries=0)
            self.futures[st["key"]] = fut
            metas.append(self.client.submit(pick_meta, fut, key=st["key"] + "-meta", pure=False))
        threading.Thread(target=self._await_metas, args=(h["id"], metas), daemon=True).start()

    def _await_metas(self, rid, metas):
        try:
            for index, m in enumerate(metas):
                try:
                    meta, address = m.result()
                except Exception as e:
                    self.send({"id": rid, "index": index, "failed": "%s: %s" % (type(e).__name__, e)})
                    continue
                self.send({"id": rid, "index": index, "worker": address}, [meta])
        except Exception as e:
            self.send({"id": rid, "error": "%s: %s" % (type(e).__name__, e)})

    def op_gather(self, h, blobs):
        picks = [self._pick(d) for d in h["deps"]]
        self.send({"id": h["id"]}, self.client.gather(picks))

    def op_merge(self, h, blobs):
        fut = self.client.submit(run_merge, self.plugin, blobs[0], workers=[h["worker"]], allow_other_workers=False,
                                 pure=False)
        self.send({"id": h["id"]}, [fut.result()])

    def op_release(self, h, blobs):
        prefix = h["prefix"]
        for key in [k for k in self.futures if k.startswith(prefix) or k in h.get("keys", [])]:
            self.futures.pop(key).release()
        self.send({"id": h["id"]})

    def op_cancel(self, h, blobs):
        prefix = h["prefix"]
        self.client.cancel([f for k, f in self.futures.items() if k.startswith(prefix)])
        killed = self.client.run(kill_running, self.plugin, "@" + prefix)
        self.send({"id": h["id"], "killed": sum(1 for v in killed.values() if v)})

    def op_close_run(self, h, blobs):
        self.client.run(close_run, self.plugin, h["session"], h["run"], wait=True)
        self.send({"id": h["id"]})

    def op_pids(self, h, blobs):
        self.send({"id": h["id"], "pids": self.client.run(node_pid, self.plugin)})


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "bridge":
        # Dask's own logging goes to stderr; stdout carries frames only.
        Bridge().serve()
    else:
        sys.stderr.write("usage: sluice_dask.py bridge\n")
        sys.exit(2)


if __name__ == "__main__":
    main()
