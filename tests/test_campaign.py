"""Campaigns: the SQLite store, resumption after SIGKILL, the Dask executor, limits and the progress bar."""

from __future__ import annotations

import io
import os
import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import asdict, replace
from pathlib import Path

import pytest

from gadgetry.campaign.progress import Progress
from gadgetry.campaign.run import (
    Settings,
    executor,
    level_params,
    open_campaign,
    plan,
    run_campaign,
    run_task,
)
from gadgetry.campaign.store import Row, Store
from gadgetry.cli import main
from gadgetry.core import InputError, Reduction, registry
from gadgetry.sources.sat import Formula
from gadgetry.verify.protocol import FAIL, PASS, UNKNOWN, Limits, check_instance
from gadgetry.verify.sample import modes

TESTS = Path(__file__).parent
PLUGIN = str(TESTS / "toy_reductions.py")
REDUCTIONS = ("3sat-from-sat", "x3c-from-3dm")
SMALL = Settings(instances=6, seed=3)


def outcomes(rows: list[Row]) -> set[tuple]:
    return {r.outcome() for r in rows}


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> list[Row]:
    """The uninterrupted campaign, on local worker processes."""
    db = tmp_path_factory.mktemp("ref") / "ref.sqlite"
    reds = [registry.reduction(n) for n in REDUCTIONS]
    with open_campaign(db, SMALL, resume=False) as store, executor(workers=2) as pool:
        summary = run_campaign(reds, store, SMALL, pool)
    assert summary.ran == 2 * SMALL.instances and summary.resumed == 0
    return summary.rows


def test_reference_campaign_sweeps_sizes_and_modes(reference: list[Row]) -> None:
    assert len(reference) == 2 * SMALL.instances
    assert {r.verdict for r in reference} == {PASS}
    for name in REDUCTIONS:
        rows = [r for r in reference if r.reduction == name]
        assert [r.idx for r in rows] == list(range(SMALL.instances))
        assert {r.level for r in rows} == {0, 1}
        assert {r.mode for r in rows} >= {None, "planted"}
        assert any(r.source_count == 0 for r in rows) and any(r.source_count for r in rows)
        assert all(r.source_hash and len(r.source_hash) == 64 for r in rows)
        assert all(r.instance_seed == SMALL.seed * 1_000_003 + r.idx for r in rows)
        assert all(r.version and r.solver and r.target_size for r in rows)
    # level 1 instances are larger than level 0 ones
    small = max(sum(r.source_size.values()) for r in reference if r.level == 0 and r.mode != "unsat")
    large = max(sum(r.source_size.values()) for r in reference if r.level == 1 and r.mode != "unsat")
    assert large > small


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "gadgetry.cli", "campaign", *REDUCTIONS, "--instances", str(SMALL.instances),
            "--seed", str(SMALL.seed), "--workers", "1", *args]


def _count(db: Path) -> int:
    if not db.exists():
        return 0
    try:
        with sqlite3.connect(db, timeout=5) as conn:
            return conn.execute("SELECT COUNT(*) FROM results").fetchone()[0]
    except sqlite3.OperationalError:  # the schema is not there yet
        return 0


def test_sigkill_midway_then_resume_gives_the_uninterrupted_rows(tmp_path: Path, reference: list[Row]) -> None:
    db = tmp_path / "killed.sqlite"
    total = 2 * SMALL.instances
    proc = subprocess.Popen(_cli("--db", str(db)), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    deadline = time.monotonic() + 120
    while _count(db) < 2 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    os.killpg(proc.pid, signal.SIGKILL)  # the campaign, its worker processes and their children
    proc.wait()
    assert proc.returncode == -signal.SIGKILL
    done = _count(db)
    assert 2 <= done < total, f"not killed midway: {done} of {total} rows"
    with Store(db) as store:
        before = outcomes(store.rows())
    assert before <= outcomes(reference)

    resumed = subprocess.run(_cli("--db", str(db), "--resume"), capture_output=True, text=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stderr == ""  # no progress bar in a pipe
    assert f"({total - done} run now, {done} resumed)" in resumed.stdout
    with Store(db) as store:
        rows = store.rows()
        assert len(store.runs()) == 2
    assert len(rows) == total
    assert outcomes(rows) == outcomes(reference)
    assert {r.source_hash for r in rows} == {r.source_hash for r in reference}


def test_dask_local_cluster_gives_the_same_rows(tmp_path: Path, reference: list[Row]) -> None:
    distributed = pytest.importorskip("distributed", reason="dask[distributed] is the optional campaign extra")
    reds = [registry.reduction(n) for n in REDUCTIONS]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=":0") as cluster:
        with open_campaign(tmp_path / "dask.sqlite", SMALL, resume=False) as store, \
                executor(cluster.scheduler_address) as pool:
            summary = run_campaign(reds, store, SMALL, pool)
    assert outcomes(summary.rows) == outcomes(reference)
    assert {r.source_hash for r in summary.rows} == {r.source_hash for r in reference}


@pytest.mark.slow
def test_dask_worker_processes_give_the_same_rows(tmp_path: Path, reference: list[Row]) -> None:
    dask = pytest.importorskip("dask")
    distributed = pytest.importorskip("distributed")
    reds = [registry.reduction(n) for n in REDUCTIONS]
    with dask.config.set({"distributed.worker.daemon": False}), \
            distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                     dashboard_address=":0") as cluster:
        with open_campaign(tmp_path / "dask.sqlite", SMALL, resume=False) as store, \
                executor(cluster.scheduler_address) as pool:
            summary = run_campaign(reds, store, SMALL, pool)
    assert outcomes(summary.rows) == outcomes(reference)


def test_unreachable_scheduler_is_an_input_error() -> None:
    pytest.importorskip("distributed")
    with pytest.raises(InputError, match="scheduler"):
        with executor("tcp://127.0.0.1:1", connect_seconds=1):
            pass


def test_time_limit_is_unknown_and_ends_the_sweep(tmp_path: Path) -> None:
    registry.load_plugin(PLUGIN)
    settings = Settings(instances=4, per_level=1, seconds=0.5, plugins=(PLUGIN,))
    with open_campaign(tmp_path / "slow.sqlite", settings, resume=False) as store, executor(workers=1) as pool:
        summary = run_campaign([registry.reduction("toy-slow")], store, settings, pool)
    assert [r.verdict for r in summary.rows] == [UNKNOWN]
    assert "time limit" in summary.rows[0].detail
    assert summary.stopped == {"toy-slow": "a limit at level 0"}


class Hog(Reduction):
    """Asks for 64 GB of address space while reducing."""

    name, source, target = "hog", "3sat", "sat"

    def reduce(self, x: Formula) -> Formula:
        blob = bytearray(64 * 1024 ** 3)
        return Formula(x.variables, x.clauses + ((len(blob) // len(blob),),))

    def forward(self, x: Formula, y: Formula, sx: tuple) -> tuple:
        return sx

    def backward(self, x: Formula, y: Formula, sy: tuple) -> tuple:
        return sy


def _address_space_mb() -> int:
    status = Path("/proc/self/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmSize:"))) // 1024


def test_memory_limit_is_unknown() -> None:
    limit = _address_space_mb() + 400  # room to verify small instances, not to allocate 64 GB
    x = registry.problem("3sat").generate_seeded({}, 1).instance
    rep = check_instance(Hog(), x, Limits(seconds=60, memory_mb=limit))
    assert rep.verdict == UNKNOWN and "memory limit" in rep.detail
    assert rep.source == registry.problem("3sat").instance_to_json(x)
    assert check_instance(registry.reduction("3sat-from-sat"), x, Limits(seconds=60, memory_mb=limit)).verdict == PASS


def test_a_fail_is_stored_with_its_shrunk_counterexample(tmp_path: Path) -> None:
    registry.load_plugin(PLUGIN)
    settings = Settings(instances=1, shrink_seconds=10, plugins=(PLUGIN,))
    row = run_task(plan(registry.reduction("toy-pad-wrong-claim"), 0, settings))
    assert row.verdict == FAIL and row.failure == "count"
    assert row.counterexample is not None and row.counterexample["failure"] == "count"
    shrunk = sum(len(c) for c in row.counterexample["source"]["clauses"])
    assert shrunk <= sum(len(c) for c in row.source["clauses"])


def test_budget_ends_the_sweep_after_the_first_level(tmp_path: Path) -> None:
    settings = Settings(instances=9, budget=1e-6)
    with open_campaign(tmp_path / "b.sqlite", settings, resume=False) as store, executor(workers=1) as pool:
        summary = run_campaign([registry.reduction("x3c-from-3dm")], store, settings, pool)
    assert [r.idx for r in summary.rows] == [0, 1, 2]
    assert summary.stopped["x3c-from-3dm"].startswith("budget spent after level 0")


def test_plan_is_a_function_of_the_key() -> None:
    red = registry.reduction("3sat-from-sat")
    a, b = Settings(seed=5), Settings(seed=5, budget=1.0, seconds=2.0)
    assert [plan(red, i, a).params for i in range(9)] == [plan(red, i, b).params for i in range(9)]
    t = plan(red, 7, a)
    assert (t.level, t.instance_seed) == (2, 5 * 1_000_003 + 7)
    src = registry.problem("sat")
    assert level_params(src, {"variables": 4, "clauses": 0}, 0, 1.5) == {"variables": 4, "clauses": 0}
    assert level_params(src, {"variables": 4, "clauses": 5}, 2, 1.5) == {"variables": 9, "clauses": 12}
    assert level_params(src, {"variables": 400}, 3, 2.0) == {"variables": 500}  # clipped to the range
    cycle = modes(src)  # random, planted, unsat, then the edge cases
    first = cycle.index("unsat")
    later = first + len(cycle) * a.per_level  # the same mode one size level up
    unsat = plan(red, first, a)  # the unsat draw keeps the source's clause width, scales only the sizes
    assert unsat.mode == "unsat" and dict(unsat.params)["width"] == src.mode_params["unsat"]["width"]
    assert plan(red, later, a).mode == "unsat"
    assert dict(plan(red, later, a).params)["width"] == src.mode_params["unsat"]["width"]
    assert dict(plan(red, later, a).params)["variables"] > src.mode_params["unsat"]["variables"]


def test_store_commits_each_row_and_never_repeats_a_key(tmp_path: Path, reference: list[Row]) -> None:
    db = tmp_path / "s.sqlite"
    big = replace(reference[0], source_count=2 ** 80, target_count=2 ** 81)
    with Store(db) as store:
        assert store.add(big) == big
        # a second campaign on the database computed the same key: the first row stays, no second row
        assert store.add(replace(big, seconds=big.seconds + 1, finished="later")) == big
    with Store(db) as other:  # a fresh connection sees the committed row
        assert other.rows() == [big]


def test_resume_refuses_a_changed_sweep_and_new_campaigns_refuse_a_used_db(tmp_path: Path,
                                                                           reference: list[Row]) -> None:
    db = tmp_path / "c.sqlite"
    with open_campaign(db, SMALL, resume=False) as store:
        store.start_run("then", asdict(SMALL))
        store.add(reference[0])
    with pytest.raises(InputError, match="--resume"):
        open_campaign(db, SMALL, resume=False)
    with pytest.raises(InputError, match="growth"):
        open_campaign(db, Settings(instances=6, seed=3, growth=2.0), resume=True)
    open_campaign(db, Settings(instances=60, seed=3, seconds=5), resume=True).close()
    (tmp_path / "junk.sqlite").write_text("not a database at all, just text" * 10)
    with pytest.raises(InputError, match="not a campaign database"):
        Store(tmp_path / "junk.sqlite")


@pytest.mark.parametrize("argv", [["campaign"], ["campaign", "--all", "x3c-from-3dm"],
                                  ["campaign", "nope"], ["campaign", "x3c-from-3dm", "--instances", "-1"],
                                  ["campaign", "x3c-from-3dm", "--growth", "1"],
                                  ["campaign", "x3c-from-3dm", "--workers", "0"], ["report", "missing.sqlite"]])
def test_cli_usage_errors_exit_2(argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    assert main([*argv, "--db", str(tmp_path / "x.sqlite")] if argv[0] == "campaign" else argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("gadgetry: error:") and err.count("\n") == 1


def test_progress_is_quiet_off_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    pipe = io.StringIO()
    bar = Progress(3, stream=pipe)
    for _ in range(3):
        bar.update()
    bar.close()
    assert not bar.enabled and pipe.getvalue() == ""

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    tty = Terminal()
    bar = Progress(4, stream=tty, per_second=1e9)
    assert bar.enabled
    bar.update(note="x3c #0 PASS")
    bar.update()
    bar.close()
    out = tty.getvalue()
    assert "2/4" in out and "/s" in out and "ETA" in out and "x3c #0 PASS" in out and out.endswith("\n")
    monkeypatch.setenv("CI", "true")
    assert not Progress(4, stream=Terminal()).enabled
