"""Sparsify the square chamber of the Witness seed's Corollary 2.1 (Figure 4 is lost): starting from the
full radius-2 chamber with a dark square at (-1, -1) and a light one at (0, 0), break interior edges one
at a time (greedily, in a fixed order) while every pair of hallways can still be traversed with the dark
square on either side; fewer edges mean fewer routings, so faster gadget checks and panel counts.

    .venv/bin/python bench/witness_square_chamber_search.py
"""

from __future__ import annotations

import itertools

from gadgetry.puzzles.witness.encoding import solve
from gadgetry.puzzles.witness.model import edge, make_panel, square
from gadgetry.reductions.gadgets.witness_chambers import Window

PORTS = ("left", "up", "right", "down")
SQUARES = {(-1, -1): square("black"), (0, 0): square("white")}


def feasible(broken_local) -> bool:
    w = Window(2, PORTS, SQUARES)
    for a, b in itertools.combinations(PORTS, 2):
        for marker, left in itertools.product(("black", "white"), (True, False)):
            if left is False and marker == "white":
                continue  # dark-left / dark-right are the two cases: black marker on either side
            p = w.traversal(a, b, square(marker), left)
            extra = {edge(w.at(u), w.at(v)) for u, v in broken_local}
            p = make_panel(p.width, p.height, p.starts, p.ends, broken=p.broken | extra, symbols=p.symbols)
            if solve(p) is None:
                return False
    return True


def main() -> None:
    r = 2
    vs = [(i, j) for j in range(-r, r + 1) for i in range(-r, r + 1)]
    es = [edge(p, q) for p in vs for q in ((p[0] + 1, p[1]), (p[0], p[1] + 1)) if q in vs]
    broken: list = []
    for e in es:
        if feasible(broken + [e]):
            broken.append(e)
            print("break", e, flush=True)
    print("BROKEN =", sorted(broken))


if __name__ == "__main__":
    main()
