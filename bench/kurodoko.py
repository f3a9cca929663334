"""Kurodoko solving at scale: the eager encoding (exact connectivity, needed for counting) against the
lazy solver (connectivity cuts added on disconnected models), side by side on the same planted boards,
then the lazy solver alone on growing boards until one takes longer than a minute (or its planted board
takes longer than that to generate): the largest board solved in a minute.

    python bench/kurodoko.py [--seed 1] [--budget 60]
"""

from __future__ import annotations

import argparse
import random
import time

from gadgetry.core.errors import LimitReached
from gadgetry.core.limits import run_limited
from gadgetry.puzzles.kurodoko import KurodokoProblem, solve_lazy
from gadgetry.verify.solve import solve

PROBLEM = KurodokoProblem()


def planted(side: int, seed: int):
    """A planted square board with clues on about half of its white cells."""
    gen = PROBLEM.generate({"width": side, "height": side, "density": 50}, random.Random(seed), "planted")
    return gen.instance


def timed(fn, *args, seconds: float) -> tuple[float | None, object]:
    start = time.perf_counter()
    try:
        result = run_limited(fn, *args, seconds=seconds)
    except LimitReached:
        return None, None
    return time.perf_counter() - start, result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=float, default=60.0)
    args = ap.parse_args()
    print(f"{'board':>7} {'eager s':>9} {'lazy s':>8} {'eager/lazy':>10}")
    for side in (4, 6, 8, 10, 12):
        inst = planted(side, args.seed)
        te, res = timed(solve, PROBLEM, inst, seconds=args.budget)
        tl, sol = timed(solve_lazy, inst, seconds=args.budget)
        assert sol is not None and PROBLEM.check(inst, sol), "the lazy solver missed a planted solution"
        assert res is None or res.status == "sat"
        shown = f"{te:9.2f}" if te is not None else f"{'>' + format(args.budget, 'g'):>9}"
        ratio = f"{te / tl:10.1f}" if te is not None and tl else f"{'-':>10}"
        print(f"{side:>3}x{side:<3} {shown} {tl:8.2f} {ratio}", flush=True)
    print(f"\nlazy solver alone, budget {args.budget:g} s per board")
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
