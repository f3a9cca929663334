"""Panel sizes and solve times of the Witness seed's Theorem 6.3 (3-triangles only) beyond the CI sizes:
``nice python bench/witness_three_triangles_sizes.py [MAX_POINTS]``.

For generated grid graphs (planted: one Hamiltonian cycle built in; unsat: proved to have none) of
growing size, the panel's size, the time to one path by lazy cuts (chamber blocks as regions, so a cycle
of chambers is cut in one step and each chamber's crossings are even) and the time to every door set
(the certificate view `verify` reads: one SAT call per door set plus one that fails), against the
source's cycle count.

Measured (two shared cores, loaded; lazy cuts with ``prefer_unused``, which `verify` leaves off: it
slows some refutations down):

    points  mode     panel      cycles  door sets  first path  every door set
         6  planted   23 x  35       1          1       0.8 s           0.7 s
         6  unsat     35 x  35       0          0       0.5 s           0.4 s
        10  planted   35 x  47       1          1       1.1 s           1.2 s
        14  planted   59 x  47       1          1       3.0 s           3.6 s
        18  planted   59 x  59       1          1      13.8 s           8.1 s
        22  planted   71 x  71       1          1      95.3 s           3.3 s
        19  unsat     71 x  59       0          0       1.1 s           1.1 s
        26  planted   83 x  71       1          1       3.3 s           9.2 s

Unsolvable sources are quick (each chamber's crossings are even: a parity argument the solver sees at
once); solvable ones are heavy-tailed (the same 22-point panel: 95 s to a first path in one run, 3 s in
the next); with default phases a 14-point cycle took 41-84 s, and before the region cuts a 3 x 3 block
(unsolvable) took over 4 minutes.
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
        side = max(3, int(n ** 0.5) + 2)
        for mode in ("planted", "unsat"):
            g = SRC.generate_seeded({"n": n, "width": side, "height": side}, n, mode).instance
            lay = Layout(g)
            panel = lay.panel
            t = time.perf_counter()
            first = next(local_solutions(panel, [], 1, regions=lay.blocks.values(), prefer_unused=True), None)
            t1 = time.perf_counter() - t
            t = time.perf_counter()
            sets = sum(1 for _ in local_solutions(panel, lay.marks, None, regions=lay.blocks.values(), prefer_unused=True))
            t2 = time.perf_counter() - t
            print(f"{len(g.points):6}  {mode:7}  {panel.width:3} x {panel.height:3}  {SRC.count(g):6}  {sets:9}  "
                  f"{t1:8.1f} s  {t2:12.1f} s  {'path' if first else 'none'}")
            sys.stdout.flush()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
