"""Start-up of the command line against a bare Python start, side by side (issue: a command imports only
the problems and libraries it uses; ``count`` of a tiny instance within 0.2 s of a bare Python start).

Runs each command ``--rounds`` times, interleaved with ``python -c pass`` so that load on a shared machine
hits both alike, and prints the median wall time of each, its excess over the bare start and the ratio,
and the median CPU time (user and system, the command's forked child included), which load disturbs less.
With ``--baseline REV`` the same commands also run on the sources of git revision REV (exported to a
temporary folder and put first on ``PYTHONPATH``), interleaved too, and the table gains its medians and
the ratio of the two. Bytecode is compiled first on both sides (``PYTHONDONTWRITEBYTECODE`` would
otherwise make every start compile every module).

    python bench/startup.py --rounds 15 --baseline main
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

CNF = "p cnf 3 2\n1 2 0\n-1 3 0\n"
ROOT = Path(__file__).resolve().parent.parent
BARE = "python -c pass"
TARGET = 0.2  # seconds over a bare start


def timed(argv: list[str], env: dict[str, str] | None) -> tuple[float, float]:
    """Wall and CPU seconds of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def export(rev: str, into: Path) -> Path:
    """The ``src`` folder of git revision ``rev``, written under ``into`` and compiled."""
    archive = into / "src.tar"
    with archive.open("wb") as fh:
        subprocess.run(["git", "-C", str(ROOT), "archive", rev, "src"], check=True, stdout=fh)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    compileall.compile_dir(into / "src", quiet=1)
    return into / "src"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--baseline", metavar="REV", help="also time the sources of this git revision")
    args = parser.parse_args()
    compileall.compile_dir(ROOT / "src", quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        cnf, env, sol = Path(tmp, "f.cnf"), Path(tmp, "f.json"), Path(tmp, "s.json")
        cnf.write_text(CNF)
        gadgetry = [sys.executable, "-m", "gadgetry.cli"]
        subprocess.run([*gadgetry, "generate", "3sat", "variables=3", "clauses=2", "-o", str(env)],
                       check=True)
        subprocess.run([*gadgetry, "solve", str(cnf), "--json", "-o", str(sol)], check=True)
        commands = {
            BARE: [sys.executable, "-c", "pass"],
            "gadgetry count f.cnf (format found by sniffing)": [*gadgetry, "count", str(cnf)],
            "gadgetry count f.json (problem named)": [*gadgetry, "count", str(env)],
            "gadgetry solve f.cnf": [*gadgetry, "solve", str(cnf)],
            "gadgetry check f.cnf s.json": [*gadgetry, "check", str(cnf), str(sol)],
            "gadgetry --help": [*gadgetry, "--help"],
            "gadgetry list": [*gadgetry, "list"],
        }
        sides: dict[str, dict[str, str] | None] = {"now": None}
        if args.baseline:
            base_src = export(args.baseline, Path(tmp))
            sides[args.baseline] = {**os.environ, "PYTHONPATH": str(base_src)}
        times = {(side, name): [] for side in sides for name in commands}
        for _ in range(args.rounds):
            for name, argv in commands.items():
                for side, environ in sides.items():
                    times[side, name].append(timed(argv, environ))
    med = {key: statistics.median(t[0] for t in ts) for key, ts in times.items()}
    cpu = {key: statistics.median(t[1] for t in ts) for key, ts in times.items()}
    head = f"{'command':50} {'median (s)':>10} {'over bare (s)':>13} {'ratio':>7} {'cpu (s)':>7}"
    if args.baseline:
        head += f" {'baseline (s)':>12} {'over bare (s)':>13} {'cpu (s)':>7} {'now/baseline':>12}"
    print(head)
    for name in commands:
        m, base = med["now", name], med["now", BARE]
        row = f"{name:50} {m:10.3f} {m - base:13.3f} {m / base:7.1f} {cpu['now', name]:7.3f}"
        if args.baseline:
            b, b_bare = med[args.baseline, name], med[args.baseline, BARE]
            row += f" {b:12.3f} {b - b_bare:13.3f} {cpu[args.baseline, name]:7.3f} {m / b:12.2f}"
        print(row)
    print(f"{args.rounds} rounds; target: count, solve and check within {TARGET} s of a bare start")


if __name__ == "__main__":
    main()
