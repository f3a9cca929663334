"""The polygon search behind the X3C gadget of Theorem 6.2 (Witness seed, section 6.2; Figures 28-29 lost).

A used 2-triangle gadget turns the lines inside a polygon with diagonal sides whose corners are its empty
cells: a polyomino in the rotated frame u = x + y, v = x - y (``Polygon`` in
``gadgetry.reductions.gadgets.witness_two_triangles``). Its used state is the concentric squares with every
edge inside the polygon toggled, so which squares it merges is computed without SAT. This script enumerates
fixed polyominoes up to a size, keeps the *generic* ones (each corner shares its u line and its v line with
exactly one other corner: "each empty cell shares a diagonal with exactly two other empty cells"), and
prints those merging exactly the wanted pairs of squares, e.g.

    python bench/witness_two_triangles_search.py 10 "[(0,1),(4,5)]"       # two pairs: L shapes, size 10
    python bench/witness_two_triangles_search.py stairs "[(0,1),(4,5),(8,9)]"

The staircase ``staircase(4, 8, 4)`` merges (0,1), (4,5), (8,9), and staircase(4(k-j), 4(k-i), 4(j-i))
the pairs of {i, j, k}; SAT on a full panel then shows exactly two local solutions (the tests).
"""

from __future__ import annotations

import itertools
import sys
from collections import Counter

from gadgetry.reductions.gadgets.witness_two_triangles import Polygon, concentric_squares, radius_of, staircase


def generic(squares) -> bool:
    cells = Polygon(frozenset(squares)).cells
    plus, minus = Counter(x + y for x, y in cells), Counter(x - y for x, y in cells)
    return all(plus[x + y] == 2 and minus[x - y] == 2 for x, y in cells)


def merges(squares) -> list[tuple[int, ...]]:
    """The merged pairs (relative rows) when the polygon sits deep in the bottom quadrant of a panel."""
    p = Polygon(frozenset(squares))
    width = 8 * (max(abs(c) for s in squares for c in s) + 8)
    half = width // 2
    cells = p.cells
    p = p.moved(half - min(x for x, _ in cells), half + half // 2 - min(y for _, y in cells))
    groups = [g for g in radius_of(width, concentric_squares(width) ^ p.flipped) if len(g) > 1 or not g]
    if any(not g for g in groups):
        return []
    base = min(min(g) for g in groups) if groups else 0
    return sorted(tuple(r - base for r in g) for g in groups)


def polyominoes(nmax):
    layer = {frozenset({(0, 0)})}
    for n in range(1, nmax + 1):
        yield from layer
        layer = {frozenset((a - min(x for x, _ in q), b - min(y for _, y in q)) for a, b in q)
                 for p in layer for (a, b) in p for d in ((1, 0), (-1, 0), (0, 1), (0, -1))
                 for q in [p | {(a + d[0], b + d[1])}] if len(q) > len(p)}


def main():
    want = sorted(eval(sys.argv[2]))
    if sys.argv[1] == "stairs":
        for a, b, c in itertools.product(range(2, 14), repeat=3):
            if generic(staircase(a, b, c)) and merges(staircase(a, b, c)) == want:
                print("staircase", (a, b, c))
        return
    for p in polyominoes(int(sys.argv[1])):
        if generic(p) and merges(p) == want:
            print(sorted(p))


if __name__ == "__main__":
    main()
