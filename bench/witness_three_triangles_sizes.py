"""Panel sizes and solve times of the Witness seed's Theorem 6.3 (3-triangles only) beyond the CI sizes:
``nice python bench/witness_three_triangles_sizes.py [MAX_POINTS]``.

For generated grid graphs (planted: one Hamiltonian cycle built in; unsat: proved to have none) of
growing size, the panel's size, the time to one path by lazy cuts (chamber blocks as regions, so a cycle
of chambers is cut in one step and each chamber's crossings are even) and the time to every door set
(the certificate view `verify` reads: one SAT call per door set plus one that fails), against the
source's cycle count.
"""

from __future__ import annotations

import sys
import time

from gadgetry.core.registry import problem
from gadgetry.puzzles.witness.lazy import local_solutions
from gadgetry.reductions.witness_three_triangles_from_grid_hamiltonian_cycle import Layout

SRC = problem("grid-hamiltonian-cycle")


def main(max_points: int) -> None:
    print("points  mode     panel      cycles  door sets  first path  every door set")
    for n in range(6, max_points + 1, 4):
        side = max(3, int(n ** 0.5) + 1)
        for mode in ("planted", "unsat"):
            g = SRC.generate_seeded({"n": n, "width": side, "height": side}, n, mode).instance
            lay = Layout(g)
            panel = lay.panel
            t = time.perf_counter()
            first = next(local_solutions(panel, [], 1, regions=lay.blocks.values()), None)
            t1 = time.perf_counter() - t
            t = time.perf_counter()
            sets = sum(1 for _ in local_solutions(panel, lay.marks, None, regions=lay.blocks.values()))
            t2 = time.perf_counter() - t
            print(f"{len(g.points):6}  {mode:7}  {panel.width:3} x {panel.height:3}  {SRC.count(g):6}  {sets:9}  "
                  f"{t1:8.1f} s  {t2:12.1f} s  {'path' if first else 'none'}")
            sys.stdout.flush()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 18)
