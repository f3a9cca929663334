"""Search for the pinning stars of Theorem 5.1 (Witness seed, section 5; Figures 16-17 are lost) in the
boundary model of :mod:`gadgetry.reductions.gadgets.witness_stars`: for a boundary layout, which start
and end gaps make every legal path's first chord separate the blue twins from the red twins?

Run: ``python bench/witness_stars_pinning_search.py [--enlarged]``. Measured (2026-11-26, one core):

- the prose's layout (w beside five black stars, ``PROSE_LAYOUT``): no (start, end) pair of the 182 pins
  (15 s); nor with w anywhere else outside the run, among the twins (every position tried);
- w inside the run: one pair pins with w after the first, second or third black star, two after the
  fourth; after the first (``LAYOUT``) it is the chosen start and end (gaps 5 and 4: 27 legal paths,
  each leaving the start inwards on a separating chord);
- ``--enlarged``: the chosen ends still pin with blank cells between the parts and three-cell arcs
  (199 legal paths with blanks, 239 with three-cell arcs, 927 with both; 76 s in all).
"""

from __future__ import annotations

import itertools
import sys
import time

from gadgetry.reductions.gadgets.witness_stars import LAYOUT, PROSE_LAYOUT, chosen_ends, pins

ENLARGED = ("n b w b b b b AB AB C C n O O AR AR n", "b w b b b b AB AB AB C C C O O O AR AR AR",
            "n b w b b b b AB AB C C C n O O O AR AR n")


def scan(tokens: list[str]) -> list[tuple[int, int, int]]:
    """Every (start, end, legal paths) that pins."""
    return [(s, e, k) for s, e in itertools.permutations(range(len(tokens)), 2)
            for ok, _, k in [pins(tokens, s, e)] if ok]


def main(argv: list[str]) -> int:
    t = time.time()
    print(f"prose layout {' '.join(PROSE_LAYOUT)}: pinning ends {scan(PROSE_LAYOUT)} ({time.time() - t:.0f} s)")
    base = [x for x in PROSE_LAYOUT if x != "w"]
    for i in range(1, 5):
        tokens = base[:i] + ["w"] + base[i:]
        good = scan(tokens)
        print(f"w after black star {i}: pinning (start, end, legal paths) {good}")
    print(f"chosen layout {' '.join(LAYOUT)}, ends {chosen_ends(LAYOUT)}: {pins(LAYOUT, *chosen_ends(LAYOUT))}")
    if "--enlarged" in argv:
        for spec in ENLARGED:
            tokens = spec.split()
            t = time.time()
            print(f"{spec}: {pins(tokens, *chosen_ends(tokens))} ({time.time() - t:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
