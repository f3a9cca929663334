"""Kurodoko at the speed of Tatham's solver: the old default (the eager encoding: CaDiCaL to solve, Ganak to
count) against the new one (method ``lazy``: Tatham's deductions, then SAT with lazy cuts) side by side on
boards from Simon Tatham's Range generator (``sgt-range --generate``, tests/data/range_ids.txt), with the
ratios; the new default also through the command line (start-up included). Then the new solver alone on
growing planted boards until one takes longer than the budget.

Tatham's own solver (range.c) ships inside the game only (Debian's sgt-puzzles has no solver binary), so
its times are quoted from its measurement in issue 17: 0.07 ms at 15 x 15 to 4 ms at 40 x 40.

    python bench/kurodoko.py [--sizes 15,20,30,40] [--per-size 1] [--budget 120] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gadgetry.core.errors import LimitReached
from gadgetry.core.limits import run_limited
from gadgetry.core.sat import DEFAULT_SOLVER
from gadgetry.puzzles.kurodoko import KurodokoProblem, read_range, solve_lazy
from gadgetry.verify.solve import count, solve

PROBLEM = KurodokoProblem()
IDS = Path(__file__).resolve().parent.parent / "tests" / "data" / "range_ids.txt"
TATHAM_MS = {15: 0.07, 40: 4.0}  # issue 17's measurement of range.c's solver


def timed(fn, *args, seconds: float) -> tuple[float | None, object]:
    start = time.perf_counter()
    try:
        result = run_limited(fn, *args, seconds=seconds)
    except LimitReached:
        return None, None
    return time.perf_counter() - start, result


def cli_seconds(game_id: str, *argv: str) -> str:
    """Wall time of ``gadgetry ARGV FILE`` on the game ID, start-up included, and in brackets its CPU time
    (user + system: the wall time on an idle machine, near enough, when other jobs share the cores)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write(game_id)
        f.flush()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "gadgetry.cli", *argv, f.name], check=True, capture_output=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        return f"{wall:.2f} ({cpu:.2f})"


def shown(t: float | None, budget: float) -> str:
    return f"{t:8.3f}" if t is not None else f"{'>' + format(budget, 'g'):>8}"


def ratio(old: float | None, new: float | None, budget: float) -> str:
    if new is None:
        return f"{'-':>7}"
    return f"{old / new:7.0f}" if old is not None else f"{'>' + format(budget / new, '.0f'):>7}"


def planted(side: int, seed: int):
    """A planted square board with clues on about half of its white cells."""
    gen = PROBLEM.generate({"width": side, "height": side, "density": 50}, random.Random(seed), "planted")
    return gen.instance


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="15,20,30,40", help="board sides of the Range IDs, comma-separated")
    ap.add_argument("--per-size", type=int, default=1, help="Range IDs per size")
    ap.add_argument("--budget", type=float, default=120.0, help="seconds per run of the old default")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    ids = IDS.read_text().split()
    print(f"{'board':>7} {'old solve':>9} {'new':>8} {'ratio':>7} {'old count':>9} {'new':>8} {'ratio':>7} "
          f"{'cli solve (cpu)':>15} {'cli count (cpu)':>15} {'Tatham ms':>9}")
    for side in map(int, args.sizes.split(",")):
        for game_id in [i for i in ids if i.startswith(f"{side}x{side}:")][:args.per_size]:
            inst = read_range(game_id)
            to, old = timed(solve, PROBLEM, inst, DEFAULT_SOLVER, seconds=args.budget)
            tn, new = timed(solve, PROBLEM, inst, seconds=args.budget)
            assert new is not None and new.status == "sat" and PROBLEM.check(inst, new.solution)
            assert old is None or old.solution == new.solution
            co, n_old = timed(count, PROBLEM, inst, "ganak", seconds=args.budget)
            cn, n_new = timed(count, PROBLEM, inst, seconds=args.budget)
            assert n_new is not None and n_new.count == 1 and n_new.method == "lazy"
            assert n_old is None or n_old.count == 1
            cli_solve, cli_count = cli_seconds(game_id, "solve"), cli_seconds(game_id, "count", "--at-most", "1")
            tatham = f"{TATHAM_MS[side]:9.2f}" if side in TATHAM_MS else f"{'':>9}"
            print(f"{side:>3}x{side:<3} {shown(to, args.budget):>9} {shown(tn, args.budget)} "
                  f"{ratio(to, tn, args.budget)} {shown(co, args.budget):>9} {shown(cn, args.budget)} "
                  f"{ratio(co, cn, args.budget)} {cli_solve:>15} {cli_count:>15} {tatham}", flush=True)
    print(f"\nnew solver alone on planted boards, budget {args.budget:g} s per board")
    side, largest = 10, None
    while side <= 400:
        tg, inst = timed(planted, side, args.seed, seconds=args.budget)
        if tg is None:
            print(f"{side:>3}x{side:<3} generating the planted board took over the budget")
            break
        tl, sol = timed(solve_lazy, inst, seconds=args.budget)
        if tl is None:
            print(f"{side:>3}x{side:<3} over the budget")
            break
        assert sol is not None and PROBLEM.check(inst, sol)
        print(f"{side:>3}x{side:<3} {tl:8.2f} s  ({side * side} cells)", flush=True)
        largest = side
        side = int(side * 1.4) + 1
    print(f"largest board solved within {args.budget:g} s: {largest}x{largest}" if largest else "none")


if __name__ == "__main__":
    main()
