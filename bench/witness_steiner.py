"""Witness seed Theorems 7.2 and 7.3 on growing rectilinear Steiner tree sources: panel sizes, the counts on
both sides (source: its CNF through Ganak; target: the inner-region oracle, every simple polyomino holding
the start's cell judged by the rule checker), the ratio, and the times; with --cnf, also the Witness CNF's
size and the time of one SAT call on the target (capped by --cnf-seconds).

Measured (load ~20 on 2 cores): counts source -> target, Theorem 7.2 / 7.3, oracle seconds:

    terminals                k  board   7.2        7.3        oracle s
    (0,0)                    1   7x7    1 -> 33    1 -> 51       0.1
    (0,0) (1,0)              1   9x9    1 -> 1     1 -> 1        0.0
    (0,0) (1,1)              2  13x13   2 -> 6     2 -> 6        1.2
    (0,0) (1,0)              2  13x13   1 -> 96    1 -> 192      1.6
    (0,0) (0,1) (1,0)        2  13x13   1 -> 1     1 -> 1        0.8
    (0,0) (2,1)              3  19x19   3 -> 15    3 -> 15     430-490
    (0,0) (1,1)              3  17x17   2 -> 712             430
At k = 4 (regions of up to 18 cells) the oracle does not finish in an hour.

    python bench/witness_steiner.py [--cnf] [--cnf-seconds 120]
"""

from __future__ import annotations

import argparse
import time

from gadgetry.core.errors import LimitReached
from gadgetry.core.limits import run_limited
from gadgetry.core.registry import reduction
from gadgetry.puzzles.witness import WitnessProblem
from gadgetry.reductions.witness_dominoes_from_rectilinear_steiner_tree import inner_region_solutions, layout
from gadgetry.sources.steiner import RectilinearSteinerTree, make_instance

SOURCES = [([(0, 0)], 1), ([(0, 0), (1, 0)], 1), ([(0, 0), (1, 1)], 2), ([(0, 0), (1, 0)], 2),
           ([(0, 0), (0, 1), (1, 0)], 2), ([(0, 0), (2, 1)], 3), ([(0, 0), (1, 1)], 3)]


def one_solve(panel) -> tuple[int, int, bool]:
    enc = WitnessProblem().encode(panel)
    return enc.cnf.nvars, len(enc.cnf.clauses), enc.solve() is not None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cnf", action="store_true", help="also time one SAT call on the Witness CNF")
    ap.add_argument("--cnf-seconds", type=float, default=120.0)
    args = ap.parse_args()
    src_problem = RectilinearSteinerTree()
    print(f"{'theorem':12} {'terminals':24} {'k':>2} {'board':>7} {'source':>6} {'target':>7} {'ratio':>7} "
          f"{'oracle s':>8}  cnf")
    for pts, k in SOURCES:
        x = make_instance(pts, k)
        sx = src_problem.count(x)
        for name in ("witness-dominoes-from-rectilinear-steiner-tree",
                     "witness-monominoes-from-rectilinear-steiner-tree"):
            red = reduction(name)
            y = red.reduce(x)
            lay = layout(x)
            bound = 2 * (2 * k + 1) if lay and 2 * k + 1 > len(pts) else y.width * y.height
            t = time.perf_counter()
            sy = sum(1 for _ in inner_region_solutions(y, bound))
            oracle = time.perf_counter() - t
            cnf = ""
            if args.cnf:
                t = time.perf_counter()
                try:
                    nv, nc, sat = run_limited(one_solve, y, seconds=args.cnf_seconds)
                    cnf = f"{nv} vars {nc} clauses, {'sat' if sat else 'unsat'} in {time.perf_counter() - t:.1f} s"
                except LimitReached:
                    cnf = f"no answer in {args.cnf_seconds:.0f} s"
            ratio = f"{sy / sx:.1f}" if sx else "-"
            print(f"{red.theorem:12} {str(pts):24} {k:>2} {y.width:>3}x{y.height:<3} {sx:>6} {sy:>7} {ratio:>7} "
                  f"{oracle:>8.1f}  {cnf}", flush=True)


if __name__ == "__main__":
    main()
