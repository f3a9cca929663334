"""Start-up of the command line against a bare Python start, side by side (issue: a command imports only
the problems and libraries it uses).

Runs each command ``--rounds`` times, interleaved with ``python -c pass`` so that load on a shared machine
hits both alike, and prints the median wall time of each, its excess over the bare start and the ratio.

    python bench/startup.py --rounds 15
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CNF = "p cnf 3 2\n1 2 0\n-1 3 0\n"


def timed(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        cnf, env = Path(tmp, "f.cnf"), Path(tmp, "f.json")
        cnf.write_text(CNF)
        gadgetry = [sys.executable, "-m", "gadgetry.cli"]
        subprocess.run([*gadgetry, "generate", "3sat", "variables=3", "clauses=2", "-o", str(env)],
                       check=True)
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "gadgetry count f.cnf (format found by sniffing)": [*gadgetry, "count", str(cnf)],
            "gadgetry count f.json (problem named)": [*gadgetry, "count", str(env)],
            "gadgetry solve f.cnf": [*gadgetry, "solve", str(cnf)],
            "gadgetry list": [*gadgetry, "list"],
        }
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.rounds):
            for name, argv in commands.items():
                times[name].append(timed(argv))
    base = statistics.median(times["python -c pass"])
    print(f"{'command':50} {'median (s)':>10} {'over bare (s)':>13} {'ratio':>7}")
    for name, ts in times.items():
        m = statistics.median(ts)
        print(f"{name:50} {m:10.3f} {m - base:13.3f} {m / base:7.1f}")


if __name__ == "__main__":
    main()
