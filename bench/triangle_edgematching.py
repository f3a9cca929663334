"""Leg-contact right-triangle edge matching: the linear-time Eulerian algorithm (Edge-matching seed,
Theorem 4.9, :func:`gadgetry.puzzles.edgematching.triangle.solve_leg`) against the SAT solver on the CNF encoding, side
by side on the same planted instances of growing size; prints times and the SAT/algorithm ratio.

Usage: .venv/bin/python bench/triangle_edgematching.py [max_tiles] [sat_seconds]
"""

from __future__ import annotations

import sys
import time

from gadgetry.core.registry import problem
from gadgetry.core.sat import solve_clauses
from gadgetry.puzzles.edgematching.triangle import solve_leg


def main() -> None:
    top = int(sys.argv[1]) if len(sys.argv) > 1 else 640
    sat_budget = float(sys.argv[2]) if len(sys.argv) > 2 else 30.0
    prob = problem("triangle-edge-matching")
    print(f"{'tiles':>7} {'kind':>8} {'euler s':>10} {'us/tile':>8} {'sat s':>10} {'ratio':>9}")
    n, sat_on = 10, True
    while n <= top:
        for kind in (1, 2):
            params = {"layout": 3, "tiles": n, "colours": max(2, n // 4), "kind": kind, "boundary": 1}
            inst = prob.generate_seeded(params, n, "planted").instance
            t0 = time.perf_counter()
            sol = solve_leg(inst)
            t_alg = time.perf_counter() - t0
            assert sol is not None and prob.check(inst, sol)
            cell = f"{'-':>10} {'-':>9}"
            if sat_on:
                t0 = time.perf_counter()
                assert solve_clauses(prob.encode(inst).cnf.clauses) is not None
                t_sat = time.perf_counter() - t0
                cell = f"{t_sat:10.3f} {t_sat / t_alg:9.0f}"
                sat_on = t_sat * 8 < sat_budget  # the next size costs about 4-8 times more
            print(f"{n:>7} {('signed', 'unsigned')[kind - 1]:>8} {t_alg:10.4f} {1e6 * t_alg / n:8.1f} {cell}")
        n *= 2


if __name__ == "__main__":
    main()
