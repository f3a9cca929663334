"""Panel sizes and enumeration times of the Witness reductions from X3C on growing sources: every solution
path by refinement (the certificate view's enumeration), checked against the exact covers (brute force).

    python bench/witness_x3c_sizes.py [one|two]

``one``: ``witness-one-triangles-from-x3c`` (Theorem 6.1). Measured on a loaded two-core machine: 1 set /
3 elements 34 x 56 cells 0.8 s; 2 / 3: 63 x 84, 3.9 s; 2 / 6: 63 x 108, 4 s; 4 / 6 (4 covers): 121 x 164,
35 s.

``two``: ``witness-two-triangles-from-x3c`` (Theorem 6.2). Measured on a loaded two-core machine: 1 set /
3 elements 46 x 46 cells 12 s; 2 / 3: 62 x 62, 24 s; 2 / 6: 82 x 82, 38 s; {0, 1, 2}, {2, 3, 4} (no cover):
74 x 74, 27 s; 4 / 6 (4 covers): 94 x 94, 43 s; 3 / 6 with {0, 1, 5}: 142 x 142, 320 s (an X3C gadget's box
grows with k - i, and the lineup with the sets).
"""

from __future__ import annotations

import sys
import time

from gadgetry.puzzles.witness.lazy import local_solutions
from gadgetry.reductions.witness_one_triangles_from_x3c import WitnessOneTrianglesFromX3C
from gadgetry.reductions.witness_two_triangles_from_x3c import WitnessTwoTrianglesFromX3C
from gadgetry.sources.x3c import X3C, X3CInstance

SOURCES = [X3CInstance(3, ((0, 1, 2),)), X3CInstance(3, ((0, 1, 2), (0, 1, 2))),
           X3CInstance(6, ((0, 1, 2), (3, 4, 5))), X3CInstance(6, ((0, 1, 2), (2, 3, 4))),
           X3CInstance(6, ((0, 1, 2), (3, 4, 5), (0, 1, 2), (3, 4, 5))),
           X3CInstance(6, ((0, 1, 5), (2, 3, 4), (0, 2, 4)))]
REDUCTIONS = {"one": WitnessOneTrianglesFromX3C, "two": WitnessTwoTrianglesFromX3C}


def main() -> None:
    red, x3c = REDUCTIONS[sys.argv[1] if len(sys.argv) > 1 else "one"](), X3C()
    print("sets elements  panel      covers paths seconds")
    for src in SOURCES:
        t = time.time()
        panel = red.reduce(src)
        paths = sum(1 for _ in local_solutions(panel))
        covers = sum(1 for _ in x3c.brute_force(src))
        print(f"{len(src.sets):4} {src.elements:8}  {panel.width:3} x {panel.height:3}  {covers:6} {paths:5} "
              f"{time.time() - t:7.1f}", flush=True)
        assert paths == covers


if __name__ == "__main__":
    main()
