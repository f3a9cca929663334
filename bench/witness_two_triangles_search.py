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
    python bench/witness_two_triangles_search.py connectors 16

The staircase ``staircase(4, 8, 4)`` merges (0,1), (4,5), (8,9), and staircase(4(k-j), 4(k-i), 4(j-i))
the pairs of {i, j, k}; SAT on a full panel then shows exactly two local solutions (the tests).

``connectors W`` searches the bulk connector (Figure 31, lost): every rotated rectangle on a W x W panel
(corners past a side allowed), its corners empty, whose used state is a relaxed solution (no clue but at
its corners broken) merging a run of consecutive squares into one cycle, with at most four corners on the
panel; it prints the rectangle, its corners, the run, and whether SAT finds exactly two relaxed solutions
(unused and used). On W = 16 (a few minutes) the runs 1 .. 2k - 1 come from the k x k squares whose lower
left side runs along the main diagonal into the centre (``inner_connector``), and the runs ending at the
outermost square from strips one square wide from a side (``outer_connector``); rectangles inside one
quadrant merge nested pairs instead (a diamond in parallel lines joins the lines symmetric about it).
"""

from __future__ import annotations

import itertools
import sys
from collections import Counter

from gadgetry.puzzles.witness.model import cell_sides
from gadgetry.reductions.gadgets.witness_local import relaxed_solutions
from gadgetry.reductions.gadgets.witness_two_triangles import (
    Polygon,
    base_panel,
    concentric_squares,
    radius_of,
    staircase,
    start_end,
)


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


def connectors(width: int):
    """Rotated rectangles (a x b squares, every position) merging a run of squares, as described above."""
    base = concentric_squares(width)
    opening = start_end(width)[0]
    for a, b in itertools.product(range(1, width // 2 + 1), repeat=2):
        rect = Polygon(frozenset(itertools.product(range(a), range(b))))
        for dx, dy in itertools.product(range(-width, width), repeat=2):
            p = rect.moved(dx, dy)
            used = base ^ p.flipped_on(width)
            if used == base:
                continue
            near = {(x + ex, y + ey) for e in p.flipped_on(width) for x, y in e for ex in (-1, 0) for ey in (-1, 0)}
            broken = {c for c in near if 0 <= c[0] < width and 0 <= c[1] < width and c != opening
                      and sum(e in used for e in cell_sides(c)) != 2}
            if not broken <= set(p.cells_on(width)) or len(p.cells_on(width)) > 4:
                continue
            groups = [g for g in radius_of(width, used) if len(g) != 1]
            if len(groups) == 1 and len(groups[0]) > 2 and groups[0] == tuple(range(groups[0][0], groups[0][-1] + 1)):
                two = len(relaxed_solutions(base_panel(width, p.cells_on(width)), cap=3)) == 2
                print((a, b), (dx, dy), p.cells_on(width), groups[0], "two local solutions" if two else "more", flush=True)


def main():
    if sys.argv[1] == "connectors":
        connectors(int(sys.argv[2]))
        return
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
