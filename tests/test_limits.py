"""Limits over whole commands, allocation failures as UNKNOWN, shared and foreign campaign databases,
bench-family's limits and atomic folder (the process side of the command line)."""

from __future__ import annotations

import json
import faulthandler
import os
import random
import resource
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from gadgetry.campaign.store import Store
from gadgetry.cli import main
from gadgetry.core import LimitReached
from gadgetry.core import limits
from gadgetry.core.limits import limit_memory, limited_stages, out_of_memory, resident, run_command, run_limited

GADGETRY = [sys.executable, "-m", "gadgetry.cli"]


# -- the mechanism ---------------------------------------------------------------------------------
def _slow_printer() -> int:
    print("first line", flush=True)
    time.sleep(30)
    return 0


def test_run_command_streams_output_and_stops_within_the_time_limit(capsys: pytest.CaptureFixture) -> None:
    start = time.monotonic()
    with pytest.raises(LimitReached, match="time limit of 2 s"):
        run_command(_slow_printer, seconds=2.0)
    assert time.monotonic() - start < 2 * 1.2
    assert capsys.readouterr().out == "first line\n"  # streamed before the limit, not lost with the child


def test_run_command_returns_the_exit_status_and_output(capsys: pytest.CaptureFixture) -> None:
    def job() -> int:
        print("out")
        print("err", file=sys.stderr)
        return 7

    assert run_command(job, seconds=20, memory_mb=512) == 7
    assert capsys.readouterr() == ("out\n", "err\n")
    assert run_command(lambda: 5) == 5  # no limits: in this process


def test_a_child_killed_by_a_signal_is_unknown_not_a_failure() -> None:
    with pytest.raises(LimitReached, match="SIGABRT"):
        run_command(_abort, seconds=20)
    with pytest.raises(LimitReached, match="SIGABRT"):
        run_limited(_abort, seconds=20)
    with pytest.raises(LimitReached, match="SIGKILL"):  # as the kernel's out-of-memory killer does
        run_limited(_kill_self, memory_mb=512)


def _kill_self() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def _raise(exc: BaseException) -> None:
    raise exc


# -- a resident worker -------------------------------------------------------------------------------
def _pid(*_: object) -> int:
    return os.getpid()


def _sleep(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def _grab(mb: int) -> int:
    return len(bytearray(mb * 1024 * 1024))


class _Unpicklable:
    """Holds a lock: pickle refuses it, so it reaches a worker only by reference (``shared``)."""

    def __init__(self) -> None:
        self.lock, self.value = threading.Lock(), 41

    def answer(self) -> tuple[int, int]:
        return os.getpid(), self.value + 1


def test_resident_jobs_share_one_worker_and_survive_errors() -> None:
    with resident(memory_mb=None):
        pids = {run_limited(_pid, i, seconds=30) for i in range(5)}
        with pytest.raises(ValueError, match="raised in the worker"):
            run_limited(_raise, ValueError("raised in the worker"), seconds=30)
        pids.add(run_limited(_pid, seconds=30))
    assert len(pids) == 1 and os.getpid() not in pids  # one worker, not this process, kept after an error
    assert run_limited(_pid, seconds=30) not in pids  # outside the context: a fork of its own


def test_resident_worker_is_replaced_after_a_limit_or_memory_exhaustion() -> None:
    with resident(memory_mb=400):
        first = run_limited(_pid, memory_mb=400, seconds=30)
        with pytest.raises(LimitReached, match="time limit"):
            run_limited(_sleep, 20, seconds=0.5, memory_mb=400)
        second = run_limited(_pid, memory_mb=400, seconds=30)
        with pytest.raises(LimitReached, match="memory"):
            run_limited(_grab, 800, seconds=30, memory_mb=400)
        third = run_limited(_pid, memory_mb=400, seconds=30)
        other_limit = run_limited(_pid, memory_mb=500, seconds=30)  # another memory limit: its own fork
        assert run_limited(_pid, memory_mb=400, seconds=30) == third
    assert len({first, second, third, other_limit}) == 4


def test_resident_worker_takes_unpicklable_shared_objects_by_reference_and_forks_for_the_rest() -> None:
    shared = _Unpicklable()
    with resident(shared, memory_mb=None):
        pid, value = run_limited(shared.answer, seconds=30)
        assert value == 42 and run_limited(_pid, seconds=30) == pid
        # not shared and not picklable: this job forks its own process, the worker stays
        assert run_limited(_pid, threading.Lock(), seconds=30) != pid
        assert run_limited(_pid, seconds=30) == pid


def _two_stages() -> object:
    yield os.getpid()
    yield os.getpid()


def _lock() -> threading.Lock:
    return threading.Lock()


def test_a_result_pickle_refuses_is_an_error_and_the_worker_goes_on() -> None:
    with resident(memory_mb=None):
        pid = run_limited(_pid, seconds=30)
        with pytest.raises(TypeError, match="pickle"):
            run_limited(_lock, seconds=30)
        assert run_limited(_pid, seconds=30) == pid


def test_a_job_started_while_another_is_open_forks_its_own() -> None:
    with resident(memory_mb=None):
        with limited_stages(_two_stages, seconds=30) as next_stage:
            worker = next_stage()
            assert run_limited(_pid, seconds=30) != worker  # the worker is busy with the open job
            assert next_stage() == worker
            with pytest.raises(StopIteration):
                next_stage()
        assert run_limited(_pid, seconds=30) == worker


def test_a_resident_worker_that_died_between_jobs_is_replaced() -> None:
    with resident(memory_mb=None):
        pid = run_limited(_pid, seconds=30)
        os.kill(pid, signal.SIGKILL)
        time.sleep(0.2)
        assert run_limited(_pid, seconds=30) not in (pid, os.getpid())


def test_resident_worker_is_renewed_after_its_share_of_jobs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "JOBS_PER_WORKER", 3)
    with resident(memory_mb=None):
        pids = [run_limited(_pid, seconds=30) for _ in range(7)]
    assert pids[0] == pids[1] == pids[2] != pids[3] == pids[4] == pids[5] != pids[6]


def test_bad_alloc_from_cpp_is_a_memory_limit() -> None:
    assert out_of_memory(RuntimeError("std::bad_alloc")) and out_of_memory(MemoryError())
    assert not out_of_memory(RuntimeError("something else"))
    # an extension imported for the first time under --memory (seen with pyganak at 90 MB)
    assert out_of_memory(ImportError("/x/pyganak.so: failed to map segment from shared object"))
    assert not out_of_memory(ImportError("No module named 'pyganak'"))
    with pytest.raises(LimitReached, match="memory limit of 64 MB"):
        run_limited(_raise, RuntimeError("std::bad_alloc"), memory_mb=64)
    with pytest.raises(RuntimeError, match="something else"):  # other errors are carried back as they are
        run_limited(_raise, RuntimeError("something else"), memory_mb=64)


def _clamped(outer_mb: int, asked_mb: int) -> tuple[int, int]:
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (outer_mb << 20, outer_mb << 20))
    return run_limited(resource.getrlimit, resource.RLIMIT_AS, memory_mb=asked_mb)


def test_a_memory_limit_above_an_outer_ulimit_is_clamped_to_it() -> None:
    # in a child (the outer limit cannot be raised again): --memory 100000 under ulimit -v of 3000 MB
    assert run_limited(_clamped, 3000, 100_000, memory_mb=4000) == (3000 << 20, 3000 << 20)
    assert run_limited(_clamped, 3000, 1000, memory_mb=4000) == (1000 << 20, 3000 << 20)
    limit_memory(None)  # no limit asked: nothing changes


# -- whole commands --------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def big_source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 1-in-3-SAT source whose Kurodoko image takes gigabytes and many seconds to build."""
    path = tmp_path_factory.mktemp("limits") / "k.json"
    assert main(["generate", "1in3sat", "variables=60", "clauses=80", "-o", str(path)]) == 0
    return path


def test_reduce_is_bounded_in_time_and_memory(big_source: Path, tmp_path: Path,
                                              capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "k.kurodoko.json"
    start = time.monotonic()
    assert main(["reduce", "kurodoko-from-1in3sat", str(big_source), "--timeout", "2", "-o", str(out)]) == 3
    assert time.monotonic() - start < 2 * 1.2  # reading the source is inside the limit
    assert main(["reduce", "kurodoko-from-1in3sat", str(big_source), "--memory", "100", "-o", str(out)]) == 3
    err = capsys.readouterr().err.splitlines()
    assert err == ["gadgetry: unknown: time limit of 2 s reached", "gadgetry: unknown: out of memory"]
    assert list(tmp_path.iterdir()) == []  # no partial output, no temporary file


def test_exhaustive_generation_streams_its_lines_under_the_limit(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture) -> None:
    assert main(["generate", "exact-3sat", "--exhaustive", "variables=4", "clauses=8", "--timeout", "1"]) == 3
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) > 100  # printed as made, before the limit
    assert all(json.loads(line)["problem"] == "exact-3sat" for line in lines[:-1])
    # in a file: all or nothing; with a memory limit far below the size of all lines, it completes
    out = tmp_path / "all.jsonl"
    assert main(["generate", "exact-3sat", "--exhaustive", "variables=3", "clauses=4", "--memory", "300",
                 "-o", str(out)]) == 0
    assert main(["generate", "exact-3sat", "--exhaustive", "variables=4", "clauses=8", "--timeout", "1",
                 "-o", str(out)]) == 3
    assert [p.name for p in tmp_path.iterdir()] == ["all.jsonl"]  # the earlier complete file, untouched
    assert all(json.loads(line)["meta"]["exhaustive"]["variables"] == 3 for line in out.read_text().splitlines())


def test_solve_and_count_limits_cover_the_whole_command(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    hard = tmp_path / "hard.json"
    assert main(["generate", "3sat", "variables=350", "clauses=1491", "--seed", "1", "-o", str(hard)]) == 0
    start = time.monotonic()
    assert main(["solve", str(hard), "--timeout", "2", "--json"]) == 3
    # reading, encoding and solving stop at the limit (an unlimited solve takes minutes); the margin is for
    # process start-up on a loaded 2-core machine running the suite in parallel
    assert time.monotonic() - start < 2 + 2
    doc = json.loads(capsys.readouterr().out)
    assert doc["status"] == "unknown" and doc["solution"] is None
    # Ganak's std::bad_alloc under --memory: UNKNOWN (exit 3), never a failure or a traceback
    # a random 3-CNF of 2,000 variables under the threshold: Ganak's caches pass 80 MB within about a second
    # (on the generator's largest, 500 variables, Ganak took 20 s to fill them)
    rng = random.Random(1)
    src = tmp_path / "count.cnf"
    src.write_text("p cnf 2000 7200\n" + "".join(
        " ".join(str(v * rng.choice((1, -1))) for v in rng.sample(range(1, 2001), 3)) + " 0\n" for _ in range(7200)))
    # in a fresh process: forked from a large test worker, the child's address space is most of the 80 MB
    # already, and Ganak then took up to a minute to give up
    proc = subprocess.run([*GADGETRY, "count", str(src), "--memory", "80", "--timeout", "60"], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 3, proc.stderr
    assert "Traceback" not in proc.stderr and proc.stderr.splitlines()[-1].startswith("gadgetry: unknown:")


@pytest.mark.parametrize("argv", [["--timeout", "0"], ["--memory", "8"]])
def test_limit_flags_are_checked(argv: list[str], capsys: pytest.CaptureFixture) -> None:
    assert main(["generate", "3sat", *argv]) == 2
    assert capsys.readouterr().err.count("\n") == 1


# -- campaign databases ----------------------------------------------------------------------------
def _foreign(path: Path) -> bytes:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE birds (name TEXT)")
        conn.execute("INSERT INTO birds VALUES ('wren')")
    conn.close()
    return path.read_bytes()


@pytest.mark.parametrize("command", ["campaign", "report"])
def test_a_foreign_sqlite_file_is_refused_untouched(command: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture) -> None:
    db = tmp_path / "birds.sqlite"
    before = _foreign(db)
    argv = (["campaign", "3sat-from-sat", "--instances", "1", "--workers", "1", "--db", str(db)]
            if command == "campaign" else ["report", str(db), "-o", str(tmp_path / "r.html")])
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a campaign database" in err
    assert db.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["birds.sqlite"]


def test_a_malformed_row_is_reported_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    db = tmp_path / "c.sqlite"
    assert main(["campaign", "3sat-from-sat", "--instances", "2", "--workers", "1", "--db", str(db)]) == 0
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE results SET params = '{not json' WHERE idx = 1")
    conn.close()
    capsys.readouterr()
    assert main(["report", str(db), "-o", str(tmp_path / "r.html")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "malformed result ('3sat-from-sat', 0, 1)" in err
    assert not (tmp_path / "r.html").exists()


def test_two_campaigns_on_one_database_at_once_cooperate(tmp_path: Path) -> None:
    db = tmp_path / "shared.sqlite"
    argv = [*GADGETRY, "campaign", "3sat-from-sat", "x3c-from-3dm", "--instances", "6", "--seed", "3",
            "--workers", "1", "--db", str(db)]
    ref = tmp_path / "ref.sqlite"
    assert subprocess.run([*argv[:-1], str(ref)], capture_output=True, timeout=300).returncode == 0
    procs = [subprocess.Popen([*argv, "--resume"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(2)]
    results = [p.communicate(timeout=300) for p in procs]
    for p, (out, err) in zip(procs, results):
        assert p.returncode == 0 and err == "", err
        assert "12 results" in out
    with Store(db) as shared, Store(ref) as alone:
        assert [r.outcome() for r in shared.rows()] == [r.outcome() for r in alone.rows()]
        assert len(shared.runs()) == 2


# -- bench-family ----------------------------------------------------------------------------------
def test_bench_family_limit_is_exit_3_and_leaves_no_partial_family(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "fam"
    assert main(["bench-family", "kurodoko-from-1in3sat", "--sizes", "3,60", "--timeout", "1.5",
                 "-o", str(out)]) == 3
    assert "unknown" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
    other = tmp_path / "notes"
    other.mkdir()
    (other / "mine.txt").write_text("keep")
    assert main(["bench-family", "3sat-from-sat", "--sizes", "5", "-o", str(other)]) == 2
    assert [p.name for p in other.iterdir()] == ["mine.txt"]
    assert main(["bench-family", "3sat-from-sat", "--sizes", "5", "-o", str(out)]) == 0
    assert main(["bench-family", "3sat-from-sat", "--sizes", "6", "-o", str(out)]) == 0  # replaces a family
    assert json.loads((out / "family.json").read_text())["members"][0]["size"] == 6
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fam", "notes"]


# -- a solver's allocation failure in a campaign ---------------------------------------------------
def _bad_alloc(*_args: object) -> None:
    raise RuntimeError("std::bad_alloc")  # what pyganak raises when C++ cannot allocate


def _abort(*_args: object) -> None:
    faulthandler.disable()  # pytest's fault handler would print a dump of this intended abort
    os.abort()  # what CaDiCaL does on std::bad_alloc


@pytest.mark.parametrize("failure", [_bad_alloc, _abort])
def test_an_allocation_failure_in_a_solver_is_an_unknown_row(failure, monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    from gadgetry.campaign import run as campaign_run
    from gadgetry.verify import protocol

    monkeypatch.setattr(protocol, "_check", failure)  # the protocol's steps; the forked child inherits it
    reds = [campaign_run.registry.reduction("3sat-from-sat")]
    # no memory limit: the failure is the solver's own, not the address-space limit running out
    settings = campaign_run.Settings(instances=2, seed=0, per_level=2, seconds=30, memory_mb=None)
    with campaign_run.open_campaign(tmp_path / "c.sqlite", settings, False) as store, \
            campaign_run.executor(workers=1) as pool:
        summary = campaign_run.run_campaign(reds, store, settings, pool)
    assert [r.verdict for r in summary.rows] == ["UNKNOWN", "UNKNOWN"]
    assert {r.detail for r in summary.rows} == {"out of memory" if failure is _bad_alloc else "worker died of SIGABRT"}


def test_an_empty_or_damaged_database_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    assert main(["report", str(empty), "-o", str(tmp_path / "r.html")]) == 2
    db = tmp_path / "c.sqlite"
    assert main(["campaign", "3sat-from-sat", "--instances", "1", "--workers", "1", "--db", str(db)]) == 0
    with sqlite3.connect(db) as conn:  # a row whose column has the wrong type
        conn.execute("UPDATE results SET source_count = 'many'")
    conn.close()
    capsys.readouterr()
    assert main(["report", str(db), "-o", str(tmp_path / "r.html")]) == 2
    assert main(["campaign", "3sat-from-sat", "--instances", "1", "--workers", "1", "--db", str(db), "--resume"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(line.startswith("gadgetry: error:") and "malformed" in line for line in err)
    assert empty.read_bytes() == b""


def test_a_signal_during_a_fork_is_raised_after_it() -> None:
    from gadgetry.core.limits import Terminated, forking, handle_signals

    reached = False
    with handle_signals(), pytest.raises(Terminated):
        with forking():
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(0.2)  # the handler has run meanwhile: deferred, not raised here
            reached = True
    assert reached


def test_a_missing_input_is_bad_input_even_under_a_tiny_limit(capsys: pytest.CaptureFixture) -> None:
    assert main(["solve", "/no/such/file", "--timeout", "0.001"]) == 2
    assert capsys.readouterr().err == "gadgetry: error: /no/such/file: no such file\n"
