"""Campaigns: the verification protocol over a sweep of generated sources, on any executor.

The sweep of one reduction. Instance ``idx`` (0, 1, ...) lies on size level ``idx // per_level``; its
generator mode cycles through random, planted, unsat and the source's edge cases (those the source offers,
:func:`gadgetry.verify.sample.modes`; a draw falls back to random when the generator gives up); its parameters are the reduction's ``verify_params`` (cycled by
level; for unsat draws overridden by its ``verify_unsat_params``, else by the source's ``mode_params``)
with every value multiplied by ``growth ** level`` (rounded up, zero kept, clipped to the parameter's
range). Only the keys ``verify_params`` names are scaled, being the sizes; other unsat parameters (a
clause width) stay as given. Its seed is ``seed * SEED_STRIDE + idx`` (as in ``verify``). The instance, and
so the verdict and counts of its row, is therefore a function of ``(reduction, seed, idx)``: the resume
key.

A reduction climbs level by level, from the tiny verify sizes to as large as its time ``budget`` allows:
once a level is complete, its sweep ends if that level hit a limit (any UNKNOWN), if the instance time
spent on the reduction reached ``budget``, or after ``instances`` instances. The decision is taken from
the stored rows only, so a resumed campaign takes the same decisions as an uninterrupted one.

Each instance is generated and verified in one forked child under the per-instance time and memory
limits, each step with the whole time (:func:`gadgetry.verify.protocol.make_then_check`); a limit hit is
UNKNOWN, never PASS. A FAIL is shrunk
(:func:`gadgetry.verify.protocol.shrink`) and the smallest counterexample stored with its row.

A campaign interrupted in any way (Ctrl-C, SIGTERM, SIGKILL) leaves no process running: local workers
and their children die with it (:func:`gadgetry.core.limits.die_with_parent`), and the rows committed so
far are what a resumption starts from. Two campaigns may share a database: each row is a function of its
key, and the first one stored is kept.

Executors: local processes (:class:`~concurrent.futures.ProcessPoolExecutor`, all cores by default) or a
Dask cluster (``dask.distributed``'s ``Client(address).get_executor()``). Dask workers must not be
daemonic, because every instance runs in a child process: start them with
``DASK_DISTRIBUTED__WORKER__DAEMON=False`` (or ``distributed.worker.daemon: false`` in Dask's config).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import multiprocessing as mp
import os
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, BrokenExecutor, Executor, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import pyganak  # noqa: F401 - mapped once in the worker, not in each forked child under a memory limit

from gadgetry import __version__
from gadgetry.core import InputError, LimitReached, Problem, Reduction, registry
from gadgetry.core.limits import die_with_parent, forking
from gadgetry.core.sat import DEFAULT_SOLVER
from gadgetry.verify.protocol import FAIL, UNKNOWN, Limits, combine, make_then_check, shrink
from gadgetry.verify.sample import SEED_STRIDE, generate, modes
from gadgetry.verify.sample import level_params as scaled

from .progress import Progress
from .store import Row, Store


@dataclass(frozen=True)
class Settings:
    """What a campaign runs; the per-instance limits are those of every instance."""

    instances: int = 30  # per reduction, at most
    seed: int = 0
    per_level: int = 3  # instances per size level
    growth: float = 1.5  # size factor from one level to the next
    budget: float = 600.0  # seconds of instance time per reduction before its sweep stops climbing
    seconds: float = 60.0  # time limit per instance (generation, then verification)
    memory_mb: int | None = 4096  # address-space limit per instance
    cap: int = 2000  # solutions mapped each way per instance
    shrink_seconds: float = 60.0  # time spent shrinking each FAIL
    plugins: tuple[str, ...] = ()  # plugin files the workers load (Dask workers do not inherit them)

    def __post_init__(self) -> None:
        if self.instances < 0:
            raise InputError("campaign: --instances must be non-negative")
        if self.per_level < 1:
            raise InputError("campaign: --per-level must be at least 1")
        if self.growth <= 1:
            raise InputError("campaign: --growth must exceed 1")
        if self.budget <= 0 or self.seconds <= 0 or self.shrink_seconds < 0:
            raise InputError("campaign: --budget and --timeout must be positive")
        if self.memory_mb is not None and self.memory_mb < 16:
            raise InputError("campaign: --memory must be at least 16 MB")


@dataclass(frozen=True)
class Task:
    """One instance of the sweep, self-contained so that any worker can run it."""

    reduction: str
    seed: int
    idx: int
    level: int
    mode: str | None
    params: tuple[tuple[str, int], ...]
    settings: Settings

    @property
    def instance_seed(self) -> int:
        return self.seed * SEED_STRIDE + self.idx


def level_params(src: Problem, base: dict[str, int], level: int, growth: float) -> dict[str, int]:
    """``base`` scaled to size level ``level`` (:func:`gadgetry.verify.sample.level_params` with factor
    ``growth ** level``)."""
    return scaled(src, base, growth ** level)


def plan(red: Reduction, idx: int, settings: Settings) -> Task:
    """The task of instance ``idx`` of ``red``'s sweep (see the module docstring)."""
    src = red.source_problem
    cycle = modes(src)
    mode = cycle[idx % len(cycle)]
    level = idx // settings.per_level
    bases = [dict(p) for p in red.verify_params] or [{}]
    base = bases[level % len(bases)]
    fixed = {}
    if mode == "unsat":
        unsat = red.verify_unsat_params
        unsat = src.mode_params.get("unsat", {}) if unsat is None else unsat
        base.update({k: v for k, v in unsat.items() if k in base})
        fixed = {k: v for k, v in unsat.items() if k not in base}
    params = {**level_params(src, base, level, settings.growth), **fixed}
    return Task(red.name, settings.seed, idx, level, mode, tuple(sorted(params.items())), settings)


# -- in the worker ---------------------------------------------------------------------------------
def source_hash(src: Problem, x: Any) -> str:
    text = json.dumps(src.instance_to_json(x), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def run_task(task: Task) -> Row:
    """Generate instance ``task.idx`` and run the protocol on it (in whatever process the executor
    chose); the row to store."""
    if mp.current_process().daemon:
        raise RuntimeError("gadgetry campaign: this worker is a daemonic process and cannot start the child "
                           "that runs an instance under its limits; start Dask workers with "
                           "DASK_DISTRIBUTED__WORKER__DAEMON=False")
    s = task.settings
    for plugin in s.plugins:
        registry.load_plugin(plugin)
    red = registry.reduction(task.reduction)
    src = red.source_problem
    params = dict(task.params)
    shown = " ".join(f"{k}={v}" for k, v in task.params)
    row = dict(reduction=red.name, seed=task.seed, idx=task.idx, level=task.level, mode=task.mode,
               params=params, instance_seed=task.instance_seed, source_hash=None, source=None,
               source_size={}, target_size={}, failure="", source_count=None, target_count=None,
               expected=None, relation="", claim=red.claim.describe(), solver=f"{DEFAULT_SOLVER}+ganak",
               version=__version__)
    limits = Limits(seconds=s.seconds, cap=s.cap, shrink_seconds=s.shrink_seconds, memory_mb=s.memory_mb)
    start = time.perf_counter()
    with make_then_check(red, lambda: generate(src, params, task.instance_seed, task.mode), limits,
                         lambda mode: f"seed={task.instance_seed} {shown}{' --' + mode if mode else ''}"
                         ) as (made, checked):
        try:
            mode, x = made()
        except (LimitReached, InputError) as exc:
            return Row(**row, verdict=UNKNOWN, detail=f"generation: {exc}", seconds=0.0,
                       generate_seconds=time.perf_counter() - start, finished=_now())
        generated = time.perf_counter() - start
        rep = checked(mode, x)
    label = rep.label
    counterexample = None
    if rep.verdict == FAIL:
        smaller = shrink(red, x, rep.failure, limits) if s.shrink_seconds > 0 else None
        counterexample = (smaller or rep).as_json()
        if smaller is not None:
            counterexample["label"] = f"shrunk from {label}"
    row.update(mode=mode, source_hash=source_hash(src, x), source=src.instance_to_json(x),
               source_size=rep.source_size or src.size(x), target_size=rep.target_size,
               failure=rep.failure, source_count=rep.source_count, target_count=rep.target_count,
               expected=rep.expected, relation=rep.relation)
    return Row(**row, verdict=rep.verdict, detail=rep.detail, seconds=rep.seconds, generate_seconds=generated,
               counterexample=counterexample, finished=_now())


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")


# -- executors -------------------------------------------------------------------------------------
@contextmanager
def executor(scheduler: str | None = None, workers: int | None = None,
             connect_seconds: float = 30.0) -> Iterator[Executor]:
    """Local worker processes (``workers``, default all cores), or the Dask cluster at ``scheduler``
    (``tcp://HOST:PORT``; needs the optional ``dask[distributed]``), reached within ``connect_seconds``."""
    if scheduler is None:
        pool = ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1, mp_context=mp.get_context("fork"),
                                   initializer=die_with_parent, initargs=(os.getpid(),))
        try:
            yield pool
        except BaseException:  # interrupted or failed: end the instances running now, do not wait for them
            for proc in list(pool._processes.values()):  # noqa: SLF001 - no public way before Python 3.14
                proc.kill()
            raise
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
        return
    try:
        from distributed import Client
    except ImportError:
        raise InputError("--scheduler needs dask.distributed: pip install 'dask[distributed]'") from None
    try:
        client = Client(scheduler, timeout=connect_seconds)
    except (OSError, TimeoutError, ValueError) as exc:
        raise InputError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    with client:
        pool = client.get_executor(pure=False)
        try:
            yield pool
        finally:
            pool.shutdown(wait=False)


# -- the campaign ----------------------------------------------------------------------------------
#: Settings that define the sweep: a resumed campaign must keep them.
SWEEP = ("per_level", "growth")


def open_campaign(db: str | Path, settings: Settings, resume: bool) -> Store:
    """The store of a new campaign (``db`` must hold no results) or of a resumed one (``resume``: the
    sweep settings must be those the stored runs at this seed used)."""
    store = Store(db)
    try:
        if not resume and len(store):
            raise InputError(f"{db} already holds {len(store)} results: pass --resume to continue that "
                             f"campaign, or choose another --db")
        for _started, old in store.runs():
            if old.get("seed") == settings.seed:
                changed = [k for k in SWEEP if old.get(k) != getattr(settings, k)]
                if changed:
                    k = changed[0]
                    raise InputError(f"{db}: the campaign ran with {k}={old.get(k)}, "
                                     f"not {getattr(settings, k)}; a resumed sweep must keep it")
    except BaseException:
        store.close()
        raise
    return store


@dataclass
class Summary:
    """What a campaign holds once it has run: every row of its reductions at its seed."""

    rows: list[Row]
    ran: int  # results computed by this invocation
    resumed: int  # results already in the store
    stopped: dict[str, str] = field(default_factory=dict)  # why each reduction's sweep ended

    def by_reduction(self) -> dict[str, list[Row]]:
        out: dict[str, list[Row]] = {}
        for r in self.rows:
            out.setdefault(r.reduction, []).append(r)
        return out

    @property
    def verdict(self) -> str:
        return combine(r.verdict for r in self.rows)


def run_campaign(reductions: Sequence[Reduction], store: Store, settings: Settings, pool: Executor,
                 progress: Progress | None = None,
                 on_row: Callable[[Row], None] | None = None) -> Summary:
    """Run (or resume) the sweep of every reduction on ``pool``, committing each row as it arrives."""
    store.start_run(_now(), {**asdict(settings), "reductions": [r.name for r in reductions],
                             "version": __version__})
    names = {r.name for r in reductions}
    rows = {row.key: row for row in store.rows() if row.seed == settings.seed and row.reduction in names}
    resumed = len(rows)
    per, n = settings.per_level, settings.instances
    level = {r.name: 0 for r in reductions}
    stopped: dict[str, str] = {}
    pending: dict[Future, Task] = {}
    if progress is not None:
        progress.set_total(n * len(reductions) - resumed)

    def indices(lvl: int) -> range:
        return range(lvl * per, min(n, (lvl + 1) * per))

    def advance(red: Reduction) -> None:
        """Submit the missing instances of the first incomplete level, or end the sweep."""
        while True:
            lvl = level[red.name]
            todo = indices(lvl)
            if not todo:
                stopped[red.name] = f"{n} instances"
                return
            missing = [i for i in todo if (red.name, settings.seed, i) not in rows]
            if missing:
                for i in missing:
                    task = plan(red, i, settings)
                    with forking():  # the first submission starts the local workers
                        pending[pool.submit(run_task, task)] = task
                return
            mine = [r for r in rows.values() if r.reduction == red.name]
            spent = sum(r.seconds + r.generate_seconds for r in mine)
            reason = ""
            if any(r.level > lvl for r in mine):
                pass  # an earlier run went on (with other limits): what is stored is never discarded
            elif any(r.verdict == UNKNOWN for r in mine if r.level == lvl):
                reason = f"a limit at level {lvl}"
            elif spent >= settings.budget:
                reason = f"budget spent after level {lvl} ({spent:.0f} s)"
            if reason:
                stopped[red.name] = reason
                if progress is not None:
                    progress.set_total(progress.total - max(0, n - (lvl + 1) * per))
                return
            level[red.name] = lvl + 1

    by_name = {r.name: r for r in reductions}
    try:
        for red in reductions:
            advance(red)
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                task = pending.pop(fut)
                try:
                    row = fut.result()
                except BrokenExecutor as exc:
                    raise LimitReached(f"a campaign worker died ({exc}); the {len(rows)} results stored "
                                       f"are kept: run again with --resume") from None
                row = store.add(row)  # another campaign on this database may have stored it first
                rows[row.key] = row
                if progress is not None:
                    progress.update(note=f"{row.reduction} #{row.idx} {row.verdict}")
                if on_row is not None:
                    on_row(row)
                if all((task.reduction, task.seed, i) in rows for i in indices(task.level)):
                    advance(by_name[task.reduction])
    finally:
        for fut in pending:
            fut.cancel()
        if progress is not None:
            progress.close()
    ordered = sorted(rows.values(), key=lambda r: r.key)
    return Summary(ordered, len(rows) - resumed, resumed, stopped)
