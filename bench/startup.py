"""Start-up of the command line against a bare Python start, side by side (issue: a command imports only
the problems and libraries it uses; ``count`` of a tiny instance within 0.2 s of a bare Python start).

Runs each command ``--rounds`` times, interleaved with ``python -c pass`` so that load on a shared machine
hits both alike, and prints the median wall time of each, its excess over the bare start and the ratio,
and the median CPU time (user and system, the command's forked child included), which load disturbs less.
With ``--baseline REV`` the same commands also run on the sources of git revision REV (exported to a
temporary folder and put first on ``PYTHONPATH``), interleaved too, and the table gains its medians and
the ratio of the two. With ``--instructions`` each command is also run once in-process under valgrind's
callgrind and its instructions counted: a measure load does not move. Bytecode is compiled first on both
sides (``PYTHONDONTWRITEBYTECODE`` would otherwise make every start compile every module).

    python bench/startup.py --rounds 15 --baseline main --instructions
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
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


def instructions(argv: list[str], env: dict[str, str] | None) -> int:
    """Instructions one run executes, counted by valgrind's callgrind: unlike time, load does not move it."""
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv], check=True,
                         capture_output=True, text=True, env=env)
    return int(re.search(r"Collected : (\d+)", out.stderr).group(1))


#: A command run in this process (no forked child, which callgrind would not count).
IN_PROCESS = "import sys\nfrom gadgetry.cli import main\ntry:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"


def table(commands: list[str], sides: list[str], value: dict, unit: str, digits: int, extra: dict | None = None
          ) -> None:
    """Per command and side: the value, its excess over the bare start (and ``extra``), and the ratio of
    the first side to the second."""
    head = f"{'command':50}"
    for side in sides:
        head += f" {side + ' ' + unit:>16} {'over bare':>10}" + (f" {'cpu (s)':>7}" if extra else "")
    print(head + (f" {'ratio':>6}" if len(sides) > 1 else ""))
    for name in commands:
        row = f"{name:50}"
        for side in sides:
            v, bare = value[side, name], value[side, BARE]
            row += f" {v:16.{digits}f} {v - bare:10.{digits}f}" + (f" {extra[side, name]:7.3f}" if extra else "")
        print(row + (f" {value[sides[0], name] / value[sides[1], name]:6.2f}" if len(sides) > 1 else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--baseline", metavar="REV", help="also time the sources of this git revision")
    parser.add_argument("--instructions", action="store_true",
                        help="also count each command's instructions in-process (valgrind)")
    args = parser.parse_args()
    compileall.compile_dir(ROOT / "src", quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        cnf, env, sol = Path(tmp, "f.cnf"), Path(tmp, "f.json"), Path(tmp, "s.json")
        cnf.write_text(CNF)
        gadgetry = [sys.executable, "-m", "gadgetry.cli"]
        subprocess.run([*gadgetry, "generate", "3sat", "variables=3", "clauses=2", "-o", str(env)],
                       check=True)
        subprocess.run([*gadgetry, "solve", str(cnf), "--json", "-o", str(sol)], check=True)
        commands: dict[str, list[str] | None] = {
            BARE: None,
            "gadgetry count f.cnf (format found by sniffing)": ["count", str(cnf)],
            "gadgetry count f.json (problem named)": ["count", str(env)],
            "gadgetry solve f.cnf": ["solve", str(cnf)],
            "gadgetry check f.cnf s.json": ["check", str(cnf), str(sol)],
            "gadgetry --help": ["--help"],
            "gadgetry list": ["list"],
        }
        sides: dict[str, dict[str, str] | None] = {"now": None}
        if args.baseline:
            base_src = export(args.baseline, Path(tmp))
            sides[args.baseline] = {**os.environ, "PYTHONPATH": str(base_src)}
        times = {(side, name): [] for side in sides for name in commands}
        for _ in range(args.rounds):
            for name, rest in commands.items():
                for side, environ in sides.items():
                    argv = [sys.executable, "-c", "pass"] if rest is None else [*gadgetry, *rest]
                    times[side, name].append(timed(argv, environ))
        counted = {(side, name): instructions([sys.executable, "-c", "pass" if rest is None else IN_PROCESS,
                                               *(rest or [])], environ) / 1e6
                   for side, environ in sides.items() for name, rest in commands.items()} if args.instructions else {}
    wall = {key: statistics.median(t[0] for t in ts) for key, ts in times.items()}
    cpu = {key: statistics.median(t[1] for t in ts) for key, ts in times.items()}
    print(f"median wall seconds of {args.rounds} interleaved rounds (and CPU seconds, the forked child included)")
    table(list(commands), list(sides), wall, "(s)", 3, cpu)
    if counted:
        print("\nmillions of instructions, the command run in-process (callgrind)")
        table(list(commands), list(sides), counted, "(M)", 1)
    print(f"target: count, solve and check within {TARGET} s of a bare start")


if __name__ == "__main__":
    main()
