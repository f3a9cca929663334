"""Search for the chamber clue positions of the Witness seed's Corollaries 2.1-2.3 (Figures 4-6 are lost).

A chamber of radius r is a (2r+1) x (2r+1) vertex block; a window adds one ring of cells around it, all of
whose edges are broken except the four hallway stubs (N, E, S, W). For each unordered pair of stubs the
window panel has its start at one stub's outer vertex and its end at the other's: the chamber is
traversable that way iff the panel has a solution. Squares also need both sides: a dark and a light
square on the ring cells either side of the first stub say which side of the traversal holds the
chamber's dark square. Prints, for each clue family and radius, the positions that pass every pair.

    .venv/bin/python bench/witness_chamber_search.py
"""

from __future__ import annotations

import itertools
import sys

from gadgetry.puzzles.witness.encoding import solve
from gadgetry.puzzles.witness.model import all_edges, edge, make_panel, square, star, triangle

PORTS = ("N", "E", "S", "W")


def window(r: int):
    c = r + 1
    side = 2 * r + 2
    inner = {(x, y) for x in range(1, 2 * r + 2) for y in range(1, 2 * r + 2)}
    stubs = {"N": ((c, 0), (c, 1)), "S": ((c, side - 1), (c, side)), "W": ((0, c), (1, c)),
             "E": ((side - 1, c), (side, c))}
    outer = {"N": (c, 0), "S": (c, side), "W": (0, c), "E": (side, c)}
    # ring cells either side of each stub, (clockwise side, counterclockwise side)
    beside = {"N": ((c, 0), (c - 1, 0)), "E": ((side - 1, c), (side - 1, c - 1)),
              "S": ((c - 1, side - 1), (c, side - 1)), "W": ((0, c - 1), (0, c))}
    broken = [e for e in all_edges(make_panel(side, side, [(0, 0)], [(1, 0)]))
              if not (e[0] in inner and e[1] in inner) and e not in {edge(*s) for s in stubs.values()}]
    return side, broken, outer, beside


def _solve(p):
    return solve(p) is not None


def ok(r, symbols, oriented=None):
    side, broken, outer, beside = window(r)
    for a, b in itertools.combinations(PORTS, 2):
        variants = [dict(symbols)]
        if oriented:
            cw, ccw = beside[a]
            variants = [{**symbols, cw: square(oriented[0]), ccw: square(oriented[1])},
                        {**symbols, cw: square(oriented[1]), ccw: square(oriented[0])}]
        for syms in variants:
            p = make_panel(side, side, [outer[a]], [outer[b]], broken=broken, symbols=syms)
            if not _solve(p):
                return False
    return True


def main() -> None:
    for r in (1, 2):
        chamber = [(x, y) for y in range(1, 2 * r + 1) for x in range(1, 2 * r + 1)]
        for k in (1, 2, 3):
            good = [c for c in chamber if ok(r, {c: triangle(k)})]
            print(f"r={r} {k}-triangle: {len(good)}/{len(chamber)} cells pass every pair: {good}")
            sys.stdout.flush()
        good = [(d, li) for d, li in itertools.permutations(chamber, 2)
                if ok(r, {d: square("black"), li: square("white")}, ("black", "white"))]
        print(f"r={r} squares (dark, light): {len(good)} pass: {good[:12]}")
        sys.stdout.flush()
        if r == 1:
            print("r=1 four stars:", ok(r, {c: star("magenta") for c in chamber}))
        else:
            good = [q for q in itertools.combinations(chamber, 4) if ok(r, {c: star("magenta") for c in q})]
            print(f"r=2 four stars: {len(good)} pass: {good[:8]}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
