"""Run a job, or a whole command, under a time and memory limit in a forked child process.

PySAT's CaDiCaL cannot be interrupted and pyganak holds the CPU in C++, so the only sound limit is a
separate process that can be killed. A job that hits a limit raises :class:`LimitReached` (reported as
UNKNOWN by the verifier, exit status 3 on the command line), never a pass; so does a child that dies of
a signal (``std::bad_alloc`` in a C++ solver aborts it, the kernel kills it).

Every child forked here dies with its parent, however the parent ends (:func:`die_with_parent`: Linux's
``PR_SET_PDEATHSIG``), and the parent turns SIGTERM and SIGHUP into :class:`Terminated` (Ctrl-C is
:class:`KeyboardInterrupt`), so that its ``finally`` clauses end what it started.
"""

from __future__ import annotations

import codecs
import contextlib
import ctypes
import io
import os
import resource
import select
import selectors
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from .errors import LimitReached

T = TypeVar("T")

#: Seconds a child gets to clean up (remove its temporary files) after SIGTERM, before SIGKILL.
GRACE_SECONDS = 0.5
_PR_SET_PDEATHSIG = 1


class Terminated(BaseException):
    """SIGTERM or SIGHUP was received (raised by the handler :func:`handle_signals` installs)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _raise_terminated(signum: int, _frame: Any) -> None:
    raise Terminated(signum)


#: Signals received inside :func:`forking` (None outside it), raised when it ends.
_deferred: list[int] | None = None


def _on_signal(signum: int, frame: Any) -> None:
    """The handler :func:`handle_signals` installs: SIGINT raises KeyboardInterrupt, SIGTERM and SIGHUP
    :class:`Terminated`, unless a fork is under way (then once it is done)."""
    if _deferred is not None:
        _deferred.append(signum)
    elif signum == signal.SIGINT:
        raise KeyboardInterrupt
    else:
        _raise_terminated(signum, frame)


@contextlib.contextmanager
def forking() -> Iterator[None]:
    """Around a fork: a signal arriving meanwhile is raised after it, not inside the interpreter's
    at-fork hooks (where the exception would be printed and lost, and the command would run on)."""
    global _deferred
    if _deferred is not None:  # nested
        yield
        return
    _deferred = []
    try:
        yield
    finally:
        pending, _deferred = _deferred, None
        if pending:
            _on_signal(pending[0], None)


@contextlib.contextmanager
def handle_signals() -> Iterator[None]:
    """In the main process of a command: SIGTERM and SIGHUP raise :class:`Terminated` and SIGINT
    :class:`KeyboardInterrupt`, so that the children it started are ended on the way out (the previous
    handlers are restored after; signals ignored on entry stay ignored; a no-op outside the main
    thread)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    sigs = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)
    # a signal ignored on entry (``nohup``, a background job) stays ignored
    before = {sig: h for sig in sigs if (h := signal.getsignal(sig)) not in (signal.SIG_IGN, None)}
    for sig in before:
        signal.signal(sig, _on_signal)
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


def die_with_parent(parent_pid: int) -> None:
    """In a child right after fork: get SIGKILL when the parent dies (Linux), leave if it already has,
    and ignore the terminal's Ctrl-C (the parent ends its children itself)."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent_pid:  # the parent died before prctl took effect
        os._exit(1)
    global _deferred
    _deferred = None
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for sig in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(sig) in (_on_signal, _raise_terminated):  # the parent's: a plain death here
            signal.signal(sig, signal.SIG_DFL)


def limit_memory(memory_mb: int | None) -> None:
    """Cap this process's address space at ``memory_mb`` MB, or at the limit already in force if that
    is lower (a ``--memory`` above an outer ``ulimit -v`` cannot be raised to, and is not an error)."""
    if not memory_mb:
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = memory_mb * 1024 * 1024
    for current in (soft, hard):
        if current != resource.RLIM_INFINITY:
            limit = min(limit, current)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    sys.unraisablehook = _quiet_out_of_memory


def _quiet_out_of_memory(unraisable: Any) -> None:
    """A MemoryError in a destructor under the memory limit is not printed: the limit is reported once, as
    UNKNOWN (Python's own hook would print a dump, or fail to, on the command's stderr)."""
    if not isinstance(unraisable.exc_value, MemoryError):
        sys.__unraisablehook__(unraisable)


def out_of_memory(exc: BaseException) -> bool:
    """Whether ``exc`` reports an allocation failure: Python's, a C++ ``std::bad_alloc`` that an
    extension (pyganak) passes on as a RuntimeError, or an extension module that could not be mapped
    (imported for the first time under the limit)."""
    text = str(exc)
    return (isinstance(exc, MemoryError) or (isinstance(exc, RuntimeError) and "bad_alloc" in text)
            or (isinstance(exc, ImportError) and ("failed to map segment" in text
                                                  or "Cannot allocate memory" in text)))


def _died(status: int, memory_mb: int | None) -> LimitReached:
    """The UNKNOWN of a child that ended by a signal (a memory limit hit in C++ aborts it)."""
    name = signal.Signals(os.WTERMSIG(status)).name if os.WIFSIGNALED(status) else \
        f"exit status {os.WEXITSTATUS(status)}"
    limit = f" (memory limit of {memory_mb} MB?)" if memory_mb else ""
    return LimitReached(f"worker died of {name}{limit}")


# -- one job ---------------------------------------------------------------------------------------
def _child(conn: Any, parent_pid: int, stages: Callable[..., Iterator[Any]], args: tuple, kwargs: dict,
           memory_mb: int | None) -> None:
    die_with_parent(parent_pid)
    limit_memory(memory_mb)
    try:
        for value in stages(*args, **kwargs):
            conn.send(("ok", value))
        result: tuple[str, Any] = ("end", None)
    except BaseException as exc:  # noqa: BLE001 - everything is carried back to the parent
        result = ("memory", None) if out_of_memory(exc) else ("error", _portable(exc))
    try:
        conn.send(result)
    except MemoryError:
        conn.send(("memory", None))
    conn.close()


def _portable(exc: BaseException) -> BaseException:
    """``exc``, or its traceback in a RuntimeError where it cannot be pickled back to the parent."""
    import pickle
    import traceback

    try:
        pickle.dumps(exc)
        return exc
    except Exception:  # noqa: BLE001
        return RuntimeError("".join(traceback.format_exception(exc)))


@contextlib.contextmanager
def limited_stages(stages: Callable[..., Iterator[Any]], *args: Any, seconds: float | None = None,
                   memory_mb: int | None = None, **kwargs: Any) -> Iterator[Callable[[], Any]]:
    """The generator ``stages(*args, **kwargs)`` run in one forked process; the context gives a function
    returning its next value, waiting at most ``seconds`` for each (every stage has the whole time: one
    fork serves several limited steps, as drawing a source and then checking it). Exceptions raised by
    ``stages`` are re-raised by the call that waits for that stage; a time-out, memory exhaustion or the
    child's death by a signal raise :class:`LimitReached`; the child is ended when the context closes.

    Without limits the generator simply runs in this process; within :func:`resident`, in its worker."""
    if seconds is None and memory_mb is None:
        gen = stages(*args, **kwargs)
        yield lambda: next(gen)
        return
    worker = _resident
    free = worker is not None and worker.memory_mb == memory_mb and not worker.in_job  # else a fork of its own
    job = worker.encode((stages, args, kwargs)) if free else None
    if job is not None:
        with worker.run(job, seconds) as next_stage:
            yield next_stage
        return
    import multiprocessing  # imported here: a command that limits no job starts without it

    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    # not daemonic, so that a job may run limited jobs itself; it dies with this process all the same
    proc = ctx.Process(target=_child, args=(child, os.getpid(), stages, args, kwargs, memory_mb),
                       daemon=False)

    def next_stage() -> Any:
        if not parent.poll(seconds):
            raise LimitReached(f"time limit of {seconds:g} s reached")
        try:
            status, value = parent.recv()
        except EOFError:
            proc.join()
            code = proc.exitcode or 0
            raise _died(-code if code < 0 else code << 8, memory_mb) from None
        return _stage_value(status, value, memory_mb)

    try:
        with forking():
            proc.start()
        child.close()
        yield next_stage
    finally:
        if proc.pid is not None:  # started
            if proc.is_alive():
                proc.kill()
            proc.join()
        child.close()
        parent.close()


# -- many jobs, one worker ----------------------------------------------------------------------------
#: Jobs a resident worker runs before it is replaced by a fresh fork (what a job leaves behind, caches or
#: a fragmented heap, does not pile up without bound).
JOBS_PER_WORKER = 64

#: The worker of the innermost :func:`resident` context of this process (None: every job forks its own).
_resident: _Worker | None = None


@contextlib.contextmanager
def resident(*shared: Any, memory_mb: int | None = None) -> Iterator[None]:
    """Within the context, the limited jobs of this process (:func:`limited_stages`, :func:`run_limited`)
    with memory limit ``memory_mb`` run one after another in one forked worker instead of a fork each:
    a fork copies the page tables of this whole process, 10-20 ms of system time for a process of a few
    hundred MB, more than many jobs take. A job travels to the worker by cloudpickle, except the
    ``shared`` objects, which the worker holds already (it is forked after they were made) and which
    travel by reference; a job that cannot be pickled forks its own process as before. A limit, a death
    or memory exhaustion ends the worker, and the next job starts a fresh one."""
    global _resident
    outer, _resident = _resident, _Worker(shared, memory_mb)
    try:
        yield
    finally:
        _resident.stop()
        _resident = outer


def _dump_job(job: Any, shared: dict[int, Any]) -> bytes:
    """``job`` by cloudpickle (imported here: only a resident worker needs it), the ``shared`` objects as
    their ids."""
    import cloudpickle

    class JobPickler(cloudpickle.Pickler):
        def persistent_id(self, obj: Any) -> int | None:
            return id(obj) if id(obj) in shared and shared[id(obj)] is obj else None

    buf = io.BytesIO()
    JobPickler(buf).dump(job)
    return buf.getvalue()


def _load_job(data: bytes, shared: dict[int, Any]) -> Any:
    """The job :func:`_dump_job` wrote, the ``shared`` objects found by their ids (pickle imported here,
    as cloudpickle there: a command that starts no resident worker does without them)."""
    import pickle

    class JobUnpickler(pickle.Unpickler):
        def persistent_load(self, pid: int) -> Any:
            return shared[pid]

    return JobUnpickler(io.BytesIO(data)).load()


class _Worker:
    """The parent's side of a resident worker (:func:`resident`): started at the first job."""

    def __init__(self, shared: tuple[Any, ...], memory_mb: int | None) -> None:
        self.shared = {id(obj): obj for obj in shared}
        self.memory_mb = memory_mb
        self.proc: Any = None
        self.conn: Any = None
        self.jobs = 0
        self.in_job = False  # a job's stages are open (a job started meanwhile forks its own process)

    def encode(self, job: tuple[Callable[..., Iterator[Any]], tuple, dict]) -> bytes | None:
        """The job as the worker reads it, or None when it cannot be pickled."""
        try:
            return _dump_job(job, self.shared)
        except Exception:  # noqa: BLE001 - any object pickle refuses: the job forks its own process
            return None

    def stop(self) -> None:
        if self.proc is not None:
            if self.proc.is_alive():
                self.proc.kill()
            self.proc.join()
            self.conn.close()
        self.proc = self.conn = None

    @contextlib.contextmanager
    def run(self, job: bytes, seconds: float | None) -> Iterator[Callable[[], Any]]:
        """The job's stages, each requested and awaited for at most ``seconds``, as
        :func:`limited_stages` gives them."""
        if self.proc is None or self.jobs >= JOBS_PER_WORKER or not self.proc.is_alive():
            self.stop()
            import multiprocessing

            ctx = multiprocessing.get_context("fork")
            self.conn, child = ctx.Pipe()
            self.proc = ctx.Process(target=_serve, args=(child, os.getpid(), self.shared, self.memory_mb),
                                    daemon=False)
            with forking():
                self.proc.start()
            child.close()
            self.jobs = 0
        self.jobs += 1
        self.conn.send_bytes(job)
        self.in_job, busy = True, False

        def next_stage() -> Any:
            nonlocal busy
            self.conn.send("next")
            busy = True
            if not self.conn.poll(seconds):
                raise LimitReached(f"time limit of {seconds:g} s reached")
            try:
                status, value = self.conn.recv()
            except EOFError:
                self.proc.join()
                code = self.proc.exitcode or 0
                raise _died(-code if code < 0 else code << 8, self.memory_mb) from None
            busy = status == "memory"  # the worker's heap is spent: a fresh one for the next job
            return _stage_value(status, value, self.memory_mb)

        try:
            yield next_stage
        finally:
            self.in_job = False
            if busy or not self.proc.is_alive():
                self.stop()
            else:
                self.conn.send("close")


def _serve(conn: Any, parent_pid: int, shared: dict[int, Any], memory_mb: int | None) -> None:
    """A resident worker: jobs one after another; each stage when the parent asks for it."""
    global _resident
    die_with_parent(parent_pid)
    _resident = None  # a job's own limited jobs fork from here
    limit_memory(memory_mb)
    while True:
        try:
            data = conn.recv_bytes()
        except EOFError:
            return
        gen: Iterator[Any] | None = None
        try:
            stages, args, kwargs = _load_job(data, shared)
            gen = stages(*args, **kwargs)
        except BaseException as exc:  # noqa: BLE001 - carried back at the first stage
            failed: tuple[str, Any] | None = ("error", _portable(exc))
        else:
            failed = None
        while conn.recv() == "next":
            if failed is not None or gen is None:
                conn.send(failed or ("end", None))
                failed = None
                continue
            try:
                reply: tuple[str, Any] = ("ok", next(gen))
            except StopIteration:
                gen, reply = None, ("end", None)
            except BaseException as exc:  # noqa: BLE001 - everything is carried back to the parent
                if out_of_memory(exc):
                    conn.send(("memory", None))
                    return
                gen, reply = None, ("error", _portable(exc))
            try:
                conn.send(reply)
            except MemoryError:
                conn.send(("memory", None))
                return
            except Exception as exc:  # noqa: BLE001 - a value pickle refuses
                conn.send(("error", _portable(exc)))
        if gen is not None:
            gen.close()


def _stage_value(status: str, value: Any, memory_mb: int | None) -> Any:
    """The value a worker's reply carries, or what the reply means raised: the memory limit, the job's own
    exception, or the end of its stages."""
    if status == "memory":
        raise LimitReached(f"memory limit of {memory_mb} MB reached" if memory_mb else "out of memory")
    if status == "error":
        raise value
    if status == "end":
        raise StopIteration
    return value


def _one_stage(fn: Callable[..., T], args: tuple, kwargs: dict) -> Iterator[T]:
    yield fn(*args, **kwargs)


def run_limited(fn: Callable[..., T], *args: Any, seconds: float | None = None,
                memory_mb: int | None = None, **kwargs: Any) -> T:
    """``fn(*args, **kwargs)`` in a forked process, killed after ``seconds``.

    Without limits it simply calls ``fn`` in this process. Exceptions raised by ``fn`` are re-raised
    here; a time-out, memory exhaustion or the child's death by a signal raises :class:`LimitReached`.
    """
    if seconds is None and memory_mb is None:
        return fn(*args, **kwargs)
    with limited_stages(_one_stage, fn, args, kwargs, seconds=seconds, memory_mb=memory_mb) as next_stage:
        return next_stage()


# -- a whole command -------------------------------------------------------------------------------
def _command_child(fn: Callable[[], int], parent_pid: int, out_w: int, err_w: int,
                   memory_mb: int | None) -> int:
    die_with_parent(parent_pid)
    signal.signal(signal.SIGTERM, _raise_terminated)  # unwind: temporary files are removed
    limit_memory(memory_mb)
    sys.stdout = io.TextIOWrapper(io.FileIO(out_w, "w"), encoding="utf-8", errors="surrogateescape",
                                  write_through=True)
    sys.stderr = io.TextIOWrapper(io.FileIO(err_w, "w"), encoding="utf-8", errors="backslashreplace",
                                  write_through=True)
    try:
        return fn()
    except Terminated as exc:
        return 128 + exc.signum
    except BaseException:  # noqa: BLE001 - a bug: shown as Python would, in the parent's stderr
        import traceback

        traceback.print_exc()
        return 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass


class _Relay:
    """Copies a child's output pipe to one of this process's text streams as it arrives."""

    def __init__(self, fd: int, stream_name: str) -> None:
        self.fd, self.stream_name = fd, stream_name
        self.decoder = codecs.getincrementaldecoder("utf-8")(errors="surrogateescape")

    def pump(self) -> bool:
        """Copy what is there; False at end of file."""
        data = os.read(self.fd, 1 << 16)
        text = self.decoder.decode(data, final=not data)
        if text:
            stream = getattr(sys, self.stream_name)
            stream.write(text)
            stream.flush()
        return bool(data)


def run_command(fn: Callable[[], int], seconds: float | None = None, memory_mb: int | None = None,
                isolate: bool = False) -> int:
    """The exit status of ``fn()`` run in one forked child under ``seconds`` of wall-clock time and
    ``memory_mb`` MB of address space, its standard output and error streamed back here as they come.

    The limits therefore cover everything the command does: reading, generating, computing, writing.
    A limit reached, or the child's death by a signal, raises :class:`LimitReached`. Without limits
    ``fn`` runs in this process, unless ``isolate``: a signal then ends the command at once (this
    process waits in Python, while a solver in C++ holding a process's only thread would keep Python's
    signal handler from running until it returns). The child leads its own process group (unless
    standard input is a terminal it may read), which is ended with it.
    """
    if seconds is None and memory_mb is None and not isolate:
        return fn()
    start = time.monotonic()
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    own_group = not os.isatty(0)
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    parent_pid = os.getpid()
    write_ends, child = [out_w, err_w], None
    relays = {out_r: _Relay(out_r, "stdout"), err_r: _Relay(err_r, "stderr")}
    sel = selectors.DefaultSelector()
    try:
        with forking():  # a signal now is raised once ``child`` is known, so that it is ended
            pid = os.fork()
            if pid == 0:  # pragma: no cover - the child's coverage is not collected
                code = 1
                try:
                    os.close(out_r)
                    os.close(err_r)
                    if own_group:
                        os.setpgid(0, 0)
                    code = _command_child(fn, parent_pid, out_w, err_w, memory_mb)
                finally:
                    os._exit(code)
            if own_group:
                try:
                    os.setpgid(pid, pid)
                except OSError:  # the child did it first (or has already ended)
                    pass
            child = _Child(pid, own_group)
        while write_ends:  # the child's: end of file here once it (and its children) have ended
            os.close(write_ends.pop())
        for fd in relays:
            sel.register(fd, selectors.EVENT_READ)
        sel.register(child.pidfd, selectors.EVENT_READ)
        drain_until = None
        while relays:
            now = time.monotonic()
            timeouts = [t - now for t in (seconds and start + seconds, drain_until) if t]
            timeout = max(0.0, min(timeouts)) if timeouts else None
            if timeout == 0.0:
                if drain_until is not None:
                    break  # a grandchild still holds the pipes: the child has ended, stop here
                child.end(signal.SIGTERM, min(GRACE_SECONDS, seconds / 10))
                raise LimitReached(f"time limit of {seconds:g} s reached")
            for key, _ in sel.select(timeout):
                if key.fd == child.pidfd:
                    sel.unregister(child.pidfd)
                    drain_until = time.monotonic() + GRACE_SECONDS
                elif not relays[key.fd].pump():
                    sel.unregister(key.fd)
                    del relays[key.fd]
        status = child.wait()
    finally:
        if child is not None:
            child.end(signal.SIGTERM)
        sel.close()
        for fd in (out_r, err_r, *write_ends):
            os.close(fd)
    if os.WIFEXITED(status):
        return os.WEXITSTATUS(status)
    raise _died(status, memory_mb)


class _Child:
    """A forked child (and its process group): waited for once, ended on every way out."""

    def __init__(self, pid: int, own_group: bool) -> None:
        self.pid, self.own_group, self.status = pid, own_group, None
        self.pidfd = os.pidfd_open(pid)

    def wait(self, timeout: float | None = None) -> int | None:
        if self.status is None:
            if timeout is not None and not select.select([self.pidfd], [], [], timeout)[0]:
                return None
            self.status = os.waitpid(self.pid, 0)[1]
            os.close(self.pidfd)
        return self.status

    def _signal(self, sig: int) -> None:
        try:
            if self.own_group:
                os.killpg(self.pid, sig)
            elif self.status is None:
                os.kill(self.pid, sig)
        except ProcessLookupError:
            pass

    def end(self, first: int, grace: float = GRACE_SECONDS) -> None:
        """Send ``first`` (SIGTERM: ``grace`` seconds to clean up) to the child's group, then SIGKILL."""
        if self.status is None:
            self._signal(first)
            if self.wait(grace) is None:
                self._signal(signal.SIGKILL)
                self.wait()
        self._signal(signal.SIGKILL)  # what is left of its group
