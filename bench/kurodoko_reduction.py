"""1-in-3SAT to Kurodoko at scale: board sizes, the time to build a board, to decide it (the certificate
enumeration of the verifier: every colouring of the variable squares that extends to a solution) and to map
each satisfying assignment forward, on seeded random formulas of growing size; side by side, the baseline
``kurodoko.solve_lazy`` (every clue eager, connectivity by cuts) deciding the same board, and the ratio.

    python bench/kurodoko_reduction.py [--seed 1] [--budget 120] [--sizes 3x1,3x2,4x3,5x4,6x5]
"""

from __future__ import annotations

import argparse
import time

from gadgetry.core.errors import InputError, LimitReached
from gadgetry.core.limits import run_limited
from gadgetry.core.registry import problem
from gadgetry.puzzles.kurodoko import KurodokoProblem, solve_lazy
from gadgetry.reductions.kurodoko_from_1in3sat import board_certificates, construct, forward_solution

SAT = problem("1in3sat")


def run(n: int, m: int, seed: int, mode: str | None) -> dict:
    f = SAT.generate_seeded({"variables": n, "clauses": m}, seed, mode).instance
    t0 = time.perf_counter()
    c = construct(f)
    t1 = time.perf_counter()
    sols = list(board_certificates(c, c.instance, 1 << 12))
    t2 = time.perf_counter()
    readable = {tuple(x in set(s) for _v, x in c.variable_squares) for s in sols}
    expected = {tuple(a[v - 1] for v, _x in c.variable_squares) for a in SAT.brute_force(f)}
    assert readable == expected, "readable certificates differ from the satisfying assignments"
    for a in SAT.brute_force(f):
        assert KurodokoProblem().check(c.instance, forward_solution(c, c.instance, a))
    t3 = time.perf_counter()
    return {"f": f, "board": f"{c.instance.width}x{c.instance.height}", "cells": c.instance.width * c.instance.height,
            "build": t1 - t0, "decide": t2 - t1, "forward": t3 - t2, "solutions": len(readable)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=float, default=120.0, help="seconds per run (each side)")
    ap.add_argument("--sizes", default="3x1,3x2,4x3,5x4,6x5", help="variables x clauses, comma-separated")
    args = ap.parse_args()
    print(f"{'n x m':>6} {'mode':>7} {'board':>10} {'cells':>8} {'sols':>4} {'build s':>8} {'decide s':>9} "
          f"{'fwd s':>7} {'lazy s':>8} {'lazy/decide':>11}")
    for size in args.sizes.split(","):
        n, m = map(int, size.split("x"))
        for mode in ("planted", "unsat"):
            try:
                r = run_limited(run, n, m, args.seed, mode, seconds=args.budget)
            except LimitReached:
                print(f"{size:>6} {mode:>7} {'over the ' + format(args.budget, 'g') + ' s budget':>40}")
                continue
            except InputError as exc:  # e.g. no unsatisfiable formula with one clause
                print(f"{size:>6} {mode:>7} {str(exc)[:60]:>60}")
                continue
            start = time.perf_counter()
            try:
                run_limited(solve_lazy, construct(r["f"]).instance, seconds=args.budget)
                lazy = time.perf_counter() - start
                shown, ratio = f"{lazy:8.2f}", f"{lazy / max(r['decide'], 1e-9):11.1f}"
            except LimitReached:
                shown, ratio = f"{'>' + format(args.budget, 'g'):>8}", f"{'>' + format(args.budget / max(r['decide'], 1e-9), '.0f'):>11}"
            print(f"{size:>6} {mode:>7} {r['board']:>10} {r['cells']:>8} {r['solutions']:>4} {r['build']:8.2f} "
                  f"{r['decide']:9.2f} {r['forward']:7.2f} {shown} {ratio}", flush=True)


if __name__ == "__main__":
    main()
