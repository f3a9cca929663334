"""Panel sizes and enumeration times of ``witness-one-triangles-from-x3c`` (Witness seed, Theorem 6.1) on
growing X3C sources: every solution path by refinement (the certificate view's enumeration), checked
against the exact covers (brute force).

    python bench/witness_one_triangles_sizes.py

Measured on a loaded two-core machine: 1 set / 3 elements 34 x 56 cells 0.8 s; 2 / 3: 63 x 84, 3.9 s;
2 / 6: 63 x 108, 4 s; 4 / 6 (4 covers): 121 x 164, 35 s.
"""

from __future__ import annotations

import time

from gadgetry.puzzles.witness.lazy import local_solutions
from gadgetry.reductions.witness_one_triangles_from_x3c import WitnessOneTrianglesFromX3C
from gadgetry.sources.x3c import X3C, X3CInstance

SOURCES = [X3CInstance(3, ((0, 1, 2),)), X3CInstance(3, ((0, 1, 2), (0, 1, 2))),
           X3CInstance(6, ((0, 1, 2), (3, 4, 5))), X3CInstance(6, ((0, 1, 2), (2, 3, 4))),
           X3CInstance(6, ((0, 1, 2), (3, 4, 5), (0, 1, 2), (3, 4, 5)))]


def main() -> None:
    red, x3c = WitnessOneTrianglesFromX3C(), X3C()
    print("sets elements  panel      covers paths seconds")
    for src in SOURCES:
        t = time.time()
        panel = red.reduce(src)
        paths = sum(1 for _ in local_solutions(panel))
        covers = sum(1 for _ in x3c.brute_force(src))
        print(f"{len(src.sets):4} {src.elements:8}  {panel.width:3} x {panel.height:3}  {covers:6} {paths:5} "
              f"{time.time() - t:7.1f}")
        assert paths == covers


if __name__ == "__main__":
    main()
