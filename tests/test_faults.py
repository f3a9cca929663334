"""The fault test: every command that forks, killed at random moments by SIGKILL, SIGTERM and SIGINT.

After each kill no process the command started survives (its descendants and process groups are read
from ``/proc`` just before the kill), Ctrl-C exits 130 with one line on stderr, SIGTERM exits 143, and no
partial output is left (an output file is absent or complete; no temporary file stays behind, except a
killed ``bench-family``'s hidden staging folder, which the next run removes).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gadgetry.cli import main

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

GADGETRY = [sys.executable, "-m", "gadgetry.cli"]


def _stat(pid: int) -> tuple[int, int, int, str] | None:
    """(parent pid, process group, start time, state) of ``pid`` from /proc, None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return int(fields[1]), int(fields[2]), int(fields[19]), fields[0]


def _all() -> dict[int, tuple[int, int, int, str]]:
    out = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            st = _stat(int(entry))
            if st is not None:
                out[int(entry)] = st
    return out


def descendants(pid: int) -> dict[int, int]:
    """Every live descendant of ``pid`` with its start time (to tell a reused pid apart)."""
    procs = _all()
    found, frontier = {}, [pid]
    while frontier:
        parent = frontier.pop()
        for p, (ppid, _pgrp, start, state) in procs.items():
            if ppid == parent and p not in found and state != "Z":
                found[p] = start
                frontier.append(p)
    return found


def survivors(started: dict[int, int], groups: set[int]) -> list[int]:
    """Processes of ``started`` still alive, and any live process in one of the ``groups``."""
    alive = []
    for p, (_ppid, pgrp, start, state) in _all().items():
        if state in ("Z", "X"):
            continue
        if started.get(p) == start or pgrp in groups:
            alive.append(p)
    return alive


def wait_gone(started: dict[int, int], groups: set[int], seconds: float = 5.0) -> list[int]:
    deadline = time.monotonic() + seconds
    while True:
        left = survivors(started, groups)
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.05)


def _commands(data: Path) -> dict[str, tuple[list[str], str]]:
    """Each forking command, and the output it writes (a file, a folder or a database)."""
    hard = data / "hard.json"
    if not hard.exists():  # a random 3-SAT formula at the threshold: CaDiCaL takes many seconds
        assert main(["generate", "3sat", "variables=350", "clauses=1491", "--seed", "1", "-o", str(hard)]) == 0
        assert main(["generate", "3sat", "variables=500", "clauses=1800", "-o", str(data / "count.json")]) == 0
    return {
        "solve": (["solve", str(hard), "--timeout", "60", "-o", "{out}"], "out.json"),
        "count": (["count", str(data / "count.json"), "--timeout", "60"], ""),
        "verify": (["verify", "3sat-from-sat", "--instances", "2000"], ""),  # 9 s: it must outlive the kill
        "campaign": (["campaign", "3sat-from-sat", "x3c-from-3dm", "--instances", "60", "--workers", "2",
                      "--db", "{out}"], "c.sqlite"),
        "mutate": (["mutate", "3sat-from-sat", "--mutants", "30", "--json", "-o", "{out}"], "m.json"),
        "bench-family": (["bench-family", "3sat-from-sat", "--sizes", "5,10,20,40,80,160", "-o", "{out}"],
                         "family"),
    }


def signal_when_working(argv: list[str], cwd: Path, sig: int, pause: float,
                        ) -> tuple[subprocess.Popen, dict[int, int], set[int], str]:
    """Start ``gadgetry argv``, wait until it has forked (working), ``pause`` seconds more, then send
    ``sig``; the process, its descendants and process groups at that moment, and its standard error."""
    proc = subprocess.Popen([*GADGETRY, *argv], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while not descendants(proc.pid) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)  # working: it has forked
        assert proc.poll() is None, f"{argv[0]} ended before the kill: {proc.communicate()}"
        time.sleep(pause)
        started = descendants(proc.pid)
        groups = {proc.pid} | {p for p in started if (_stat(p) or (0, 0))[1] == p}
        proc.send_signal(sig)
        _stdout, stderr = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    return proc, started, groups, stderr


def kill_and_check(tmp_path: Path, data: Path, command: str, sig: int, rng: random.Random) -> None:
    argv, out_name = _commands(data)[command]
    work = tmp_path / f"{command}-{sig}"
    work.mkdir()
    out = work / out_name if out_name else None
    argv = [a.replace("{out}", str(out)) for a in argv]
    proc, started, groups, stderr = signal_when_working(argv, work, sig, rng.uniform(0.0, 1.0))
    left = wait_gone(started, groups)
    assert not left, f"{command} {signal.Signals(sig).name}: processes survived: {left}"
    assert "Traceback" not in stderr
    if sig == signal.SIGINT:
        assert proc.returncode == 130, stderr
        assert stderr == "gadgetry: interrupted\n"
    elif sig == signal.SIGTERM:
        assert proc.returncode == 128 + signal.SIGTERM, stderr
        assert stderr.splitlines()[-1] == "gadgetry: terminated by SIGTERM"
    else:
        assert proc.returncode == -signal.SIGKILL
    _no_partial_output(work, out, sig)


def _no_partial_output(work: Path, out: Path | None, sig: int) -> None:
    names = {p.name for p in work.iterdir()}
    if out is None:
        assert not names
        return
    if out.suffix == ".json" and out.exists():
        json.loads(out.read_text())  # complete
    if out.suffix == ".sqlite":  # the database holds the rows committed so far; nothing else is left
        assert names <= {out.name, f"{out.name}-wal", f"{out.name}-shm"}
        return
    if out.name == "family" and out.exists():
        assert (out / "family.json").is_file()
    hidden = {n for n in names if n.startswith(".")}
    if sig == signal.SIGKILL and out.name == "family":  # its staging folder, removed by the next run
        assert all(n.startswith(".family.") and n.endswith(".partial") for n in hidden), hidden
    else:
        assert not hidden, hidden
    assert names - hidden <= {out.name}


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("faults")


COMMANDS = ("solve", "count", "verify", "campaign", "mutate", "bench-family")
SIGNALS = (signal.SIGKILL, signal.SIGTERM, signal.SIGINT)


@pytest.mark.parametrize("command", COMMANDS)
def test_killed_commands_leave_nothing_running_and_no_partial_output(tmp_path: Path, data: Path,
                                                                     command: str) -> None:
    rng = random.Random(f"{command}")
    for sig in SIGNALS:
        kill_and_check(tmp_path, data, command, sig, rng)


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMANDS)
def test_many_random_kills(tmp_path: Path, data: Path, command: str) -> None:
    rng = random.Random(f"many {command}")
    for round_ in range(8):
        work = tmp_path / str(round_)
        work.mkdir()
        kill_and_check(work, data, command, rng.choice(SIGNALS), rng)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_ends_a_command_without_limits_while_a_solver_holds_it(tmp_path: Path, data: Path,
                                                                         sig: int) -> None:
    """``solve`` without ``--timeout`` on a formula CaDiCaL takes minutes over: Python runs a signal handler
    only when the C++ call returns, so the command line runs the command in a child and ends it at once."""
    _commands(data)  # writes hard.json
    start = time.monotonic()
    proc, started, groups, stderr = signal_when_working(
        ["solve", str(data / "hard.json"), "-o", str(tmp_path / "out.json")], tmp_path, sig, 1.0)
    assert time.monotonic() - start < 20, "the command ran on after the signal"
    assert not wait_gone(started, groups)
    expected = "gadgetry: interrupted" if sig == signal.SIGINT else "gadgetry: terminated by SIGTERM"
    assert (proc.returncode, stderr.splitlines()[-1]) == (130 if sig == signal.SIGINT else 143, expected)
    assert not list(tmp_path.iterdir())


def test_a_killed_bench_family_staging_folder_is_removed_by_the_next_run(tmp_path: Path) -> None:
    dead = subprocess.Popen(["true"])
    dead.wait()  # a pid that is no longer running
    stale = tmp_path / f".fam.{dead.pid}.partial"
    stale.mkdir()
    (stale / "x.json").write_text("{")
    assert main(["bench-family", "3sat-from-sat", "--sizes", "5", "-o", str(tmp_path / "fam")]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fam"]
