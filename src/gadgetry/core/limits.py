"""Run a job under a time and memory limit in a forked worker process.

PySAT's CaDiCaL cannot be interrupted and pyganak holds the CPU in C++, so the only sound limit is a
separate process that can be killed. A job that hits a limit raises :class:`LimitReached` (reported as
UNKNOWN by the verifier, exit status 3 on the command line), never a pass.
"""

from __future__ import annotations

import multiprocessing as mp
import pickle
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

from .errors import LimitReached

T = TypeVar("T")


def _child(conn: Any, fn: Callable[..., Any], args: tuple, kwargs: dict, memory_mb: int | None) -> None:
    if memory_mb:
        import resource

        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    try:
        result = ("ok", fn(*args, **kwargs))
    except MemoryError:
        result = ("memory", None)
    except BaseException as exc:  # noqa: BLE001 - everything is carried back to the parent
        try:
            pickle.dumps(exc)
            result = ("error", exc)
        except Exception:  # noqa: BLE001
            result = ("error", RuntimeError("".join(traceback.format_exception(exc))))
    try:
        conn.send(result)
    except MemoryError:
        conn.send(("memory", None))
    conn.close()


def run_limited(fn: Callable[..., T], *args: Any, seconds: float | None = None,
                memory_mb: int | None = None, **kwargs: Any) -> T:
    """``fn(*args, **kwargs)`` in a forked process, killed after ``seconds``.

    Without limits it simply calls ``fn`` in this process. Exceptions raised by ``fn`` are re-raised
    here; a time-out or memory exhaustion raises :class:`LimitReached`.
    """
    if seconds is None and memory_mb is None:
        return fn(*args, **kwargs)
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(child, fn, args, kwargs, memory_mb), daemon=True)
    proc.start()
    child.close()
    try:
        if not parent.poll(seconds):
            raise LimitReached(f"time limit of {seconds:g} s reached")
        try:
            status, value = parent.recv()
        except EOFError:
            raise LimitReached("worker died (memory limit or crash)") from None
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join()
        parent.close()
    if status == "memory":
        raise LimitReached(f"memory limit of {memory_mb} MB reached")
    if status == "error":
        raise value
    return value
