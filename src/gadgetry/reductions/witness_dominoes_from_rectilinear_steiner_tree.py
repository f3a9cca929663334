"""Rectilinear Steiner tree to Witness panels with rotatable dominoes only (Witness seed, section 7.2,
Theorem 7.2, Figure 36).

What the prose fixes (paper coordinates: x right, y up, cell (x, y) = [x, x+1] x [y, y+1]):

- the terminals translated so that min x = min y = 0; m = max over the terminals of max(x_i, y_i);
- a (2m + 4k + 3)^2 board with the (2m + 1)^2 centre C_m (lower-left cell (2k + 1, 2k + 1), a margin of
  2k + 1 cells on every side), a rotatable domino clue at C_m-relative cell (2x_i, 2y_i) per terminal;
- the root: the clue of the leftmost terminal with y = 0; the trunk: the 2k + 1 cells below it, down to the
  board's bottom edge, holding (2k + 1) - n domino clues from the bottom up (2k + 1 clues in all);
- start circle and end cap at the two boundary vertices adjacent to the trunk ("in either order").

What is chosen here: the start is the left one of those vertices, the end the right one. Where 2k + 1 < n
the trunk count is negative and the construction undefined; such an instance is a NO instance (n distinct
lattice points need length n - 1 > k), and the output is a fixed NO panel: one cell holding a domino clue.
The panel uses the paper rule set (Table 2); on these panels (pieces only, no antipolyomino) it agrees with
the browser solver's, so they export to ``witness-web`` with ``rules="solver"`` (:func:`web_panel`).

Maps. ``forward`` is the proof's "Steiner tree -> Witness solution": the tree scaled by 2, the set C of
cells at its lattice points, plus the trunk, plus k - L dominoes right of the trunk from the bottom
(C''), and the path is C'''s boundary minus the trunk's bottom edge. ``backward`` is "Witness solution ->
Steiner tree": the region A holding every C_m clue; its ring-by-ring shrinking B_m (the composition of the
ring contractions is the clamp of every cell of A into C_m: :func:`clamp_to_centre`); a spanning tree T of
B_m's cells. The proof scales T by 1/2, a tree with half-integer points; to return a lattice tree (the
source's solutions live on the lattice) every odd column of C_m is moved to the neighbouring even column
on the side with fewer of T's horizontal edges (and odd rows likewise), which never lengthens T (Hanan's
argument in miniature: :func:`slide_to_lattice`); then it is halved, clamped into the terminals' bounding
box and pruned to a minimal tree.

Counts: not parsimonious (the paper claims nothing; Witness solutions include every shape of region A
of the right area and the extra dominoes' placements), and no certificate view is natural: a solution's
region A (or B_m) is a cell set, not a tree, and many trees and many As correspond. The claim is
``none``; the measured ratios are in the tests and in bench/witness_steiner.py.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Sequence

from gadgetry.core import NO_CLAIM, InputError, Reduction
from gadgetry.puzzles.witness.model import MAX_SIDE, Panel, Path, Symbol, make_panel, poly, regions
from gadgetry.puzzles.witness.rules import check
from gadgetry.sources.grid_hamiltonicity import polyomino_boundary
from gadgetry.sources.steiner import Edge, Point, SteinerInstance, prune_to_minimal, unit_edge

Cell = tuple[int, int]
DOMINO = poly([(0, 0), (1, 0)], rotatable=True)


@dataclasses.dataclass(frozen=True)
class Layout:
    """The construction's numbers for one source (paper coordinates, y up)."""

    shift: Point  # the translation applied to the terminals
    points: tuple[Point, ...]  # translated terminals
    m: int
    k: int
    side: int  # 2m + 4k + 3
    margin: int  # 2k + 1
    root: Point  # the root terminal (translated)
    trunk_x: int  # the trunk's column

    def clue(self, p: Point) -> Cell:
        return (self.margin + 2 * p[0], self.margin + 2 * p[1])

    def centre_clues(self) -> list[Cell]:
        return [self.clue(p) for p in self.points]

    def trunk_clues(self) -> list[Cell]:
        return [(self.trunk_x, j) for j in range(2 * self.k + 1 - len(self.points))]

    def to_model(self, c: Cell) -> Cell:
        """Paper cell -> panel cell (the panel's y grows downwards)."""
        return (c[0], self.side - 1 - c[1])

    def from_model(self, c: Cell) -> Cell:
        return (c[0], self.side - 1 - c[1])


def layout(src: SteinerInstance) -> Layout | None:
    """The construction's layout, or None where 2k + 1 < n (the fixed NO panel)."""
    n, k = len(src.points), src.k
    if 2 * k + 1 < n:
        return None
    x0, y0 = min(x for x, _ in src.points), min(y for _, y in src.points)
    pts = tuple(sorted((x - x0, y - y0) for x, y in src.points))
    m = max(max(p) for p in pts)
    side = 2 * m + 4 * k + 3
    if side > MAX_SIDE:
        raise InputError(f"witness: the Theorem 7.2 board would be {side} x {side} cells (2m + 4k + 3 with m = {m}, "
                         f"k = {k}); panels have sides of at most {MAX_SIDE}")
    root = min(p for p in pts if p[1] == 0)
    margin = 2 * k + 1
    return Layout((x0, y0), pts, m, k, side, margin, root, margin + 2 * root[0])


def no_panel(symbol: Symbol) -> Panel:
    """The fixed NO panel: one cell holding ``symbol``, start and end at its bottom corners."""
    return make_panel(1, 1, [(0, 1)], [(1, 1)], symbols={(0, 0): symbol})


def domino_panel(lay: Layout) -> Panel:
    """The Theorem 7.2 panel of a layout."""
    clues = lay.centre_clues() + lay.trunk_clues()
    return make_panel(lay.side, lay.side, [(lay.trunk_x, lay.side)], [(lay.trunk_x + 1, lay.side)],
                      symbols={lay.to_model(c): DOMINO for c in clues})


def web_panel(panel: Panel) -> Panel:
    """The panel under the browser solver's rule set, which agrees with the paper's on these panels (pieces
    only; for Theorem 7.3's panels, where every cell holds a clue, the solver's hollow monominoes pass a
    region exactly when it holds as many monominoes as antimonominoes or no antimonomino, as the paper's
    do): what ``witness-web`` can express."""
    return dataclasses.replace(panel, rules="solver")


# -- forward ------------------------------------------------------------------------------------------
def forward_region(lay: Layout, tree: Iterable[Edge]) -> set[Cell]:
    """C'' of the proof (paper coordinates): the scaled tree's lattice points as cells of C_m, the trunk,
    and k - L dominoes right of the trunk from the bottom."""
    sx, sy = lay.shift
    cells = {lay.clue(p) for p in lay.points}
    length = 0
    for (ax, ay), (bx, by) in tree:
        a, b = lay.clue((ax - sx, ay - sy)), lay.clue((bx - sx, by - sy))
        cells |= {a, b, ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)}
        length += 1
    cells |= {(lay.trunk_x, j) for j in range(lay.margin)}
    cells |= {(lay.trunk_x + 1, j) for j in range(2 * (lay.k - length))}
    return cells


def boundary_path(lay: Layout, cells: set[Cell]) -> Path:
    """The boundary of a simple polyomino (paper cells) from the start to the end, without the trunk's
    bottom edge, as panel vertices."""
    model = {lay.to_model(c) for c in cells}
    cycle = polyomino_boundary(model)
    if cycle is None:
        raise InputError("witness: the region built from the tree is not a simple polyomino")
    start, end = (lay.trunk_x, lay.side), (lay.trunk_x + 1, lay.side)
    i = cycle.index(start)
    order = cycle[i:] + cycle[:i]
    if order[1] == end:
        order = [order[0]] + order[1:][::-1]
    return tuple(order)


# -- backward -----------------------------------------------------------------------------------------
def clue_region(lay: Layout, panel: Panel, path: Path, clue_cells: Sequence[Cell]) -> set[Cell]:
    """The region A (paper coordinates) holding the first C_m clue (the proof shows it holds them all)."""
    first = lay.to_model(clue_cells[0])
    region = next(r for r in regions(panel, path) if first in r)
    return {lay.from_model(c) for c in region}


def clamp_to_centre(lay: Layout, cells: Iterable[Cell]) -> set[Cell]:
    """B_m: every cell clamped into C_m, relative to C_m's lower-left cell (the ring contractions
    B_{i+1} -> B_i of the proof, composed)."""
    top = 2 * lay.m
    return {(min(max(x - lay.margin, 0), top), min(max(y - lay.margin, 0), top)) for x, y in cells}


def spanning_tree(cells: set[Cell]) -> list[tuple[Cell, Cell]]:
    """A breadth-first spanning tree of the cells' adjacency graph (cells must be connected)."""
    root = min(cells)
    seen, todo, out = {root}, [root], []
    while todo:
        c = todo.pop(0)
        for d in ((c[0] + 1, c[1]), (c[0] - 1, c[1]), (c[0], c[1] + 1), (c[0], c[1] - 1)):
            if d in cells and d not in seen:
                seen.add(d)
                out.append((c, d))
                todo.append(d)
    if len(seen) != len(cells):
        raise InputError("witness: the shrunk region is not connected")
    return out


def slide_to_lattice(tree: Sequence[tuple[Cell, Cell]]) -> list[tuple[Point, Point]]:
    """The tree's unit edges (cells of C_m, i.e. half units) moved onto even columns and rows, each odd
    column (row) to the neighbour on the side with fewer of the tree's edges crossing to it, then halved:
    lattice edges (some collapsed to points and dropped), of total length at most half the tree's."""
    def shifts(axis: int) -> dict[int, int]:
        out: dict[int, int] = {}
        odd = {c[axis] for e in tree for c in e if c[axis] % 2}
        for v in odd:
            low = sum(1 for a, b in tree if a[1 - axis] == b[1 - axis] and {a[axis], b[axis]} == {v - 1, v})
            high = sum(1 for a, b in tree if a[1 - axis] == b[1 - axis] and {a[axis], b[axis]} == {v, v + 1})
            out[v] = v + 1 if low <= high else v - 1  # move toward the side whose edges then collapse
        return out

    fx, fy = shifts(0), shifts(1)

    def image(c: Cell) -> Point:
        return (fx.get(c[0], c[0]) // 2, fy.get(c[1], c[1]) // 2)

    return [(image(a), image(b)) for a, b in tree if image(a) != image(b)]


def tree_from_region(lay: Layout, region: set[Cell]) -> tuple[Edge, ...]:
    """The backward map on the region A: B_m, a spanning tree, slid onto the lattice, clamped into the
    terminals' bounding box, pruned to a minimal tree, translated back."""
    b_m = clamp_to_centre(lay, region)
    lattice = slide_to_lattice(spanning_tree(b_m))
    wx, wy = max(x for x, _ in lay.points), max(y for _, y in lay.points)
    sx, sy = lay.shift
    edges = set()
    for a, b in lattice:
        ca, cb = (min(a[0], wx), min(a[1], wy)), (min(b[0], wx), min(b[1], wy))
        if ca != cb:
            edges.add(unit_edge((ca[0] + sx, ca[1] + sy), (cb[0] + sx, cb[1] + sy)))
    terminals = [(x + sx, y + sy) for x, y in lay.points]
    return prune_to_minimal(terminals, edges)


def inner_region_solutions(panel: Panel, max_cells: int) -> Iterator[Path]:
    """Every solution path of this construction's panels (Theorems 7.2 and 7.3) enclosing at most
    ``max_cells`` cells, an oracle independent of the CNF. The one start and one end are the ends of one
    bottom edge st, so a path plus st is a simple closed curve and the path is the boundary of the region R
    it encloses (R holds the cell on st), minus st. R runs over the connected cell sets holding that cell
    (Redelmeier's growth: each set once); when the cell on st holds a domino or antimonomino clue (on these
    panels whenever 2k + 1 > n) R is a clue region, kept only with twice as many cells as such clues;
    then its boundary must be one simple cycle and the checker must accept the path."""
    (s,), (t,) = panel.starts, panel.ends
    w, h = panel.width, panel.height
    if abs(s[0] - t[0]) + abs(s[1] - t[1]) != 1 or not (s[1] == t[1] == h):
        raise InputError("witness: inner-region enumeration needs the start and end on one bottom edge")
    seed = (min(s[0], t[0]), h - 1)
    marked = {c for c, sym in panel.symbols if sym.shape == DOMINO.shape or sym.kind == "antipoly"}

    def neighbours(c: Cell) -> list[Cell]:
        return [d for d in ((c[0] + 1, c[1]), (c[0] - 1, c[1]), (c[0], c[1] + 1), (c[0], c[1] - 1))
                if 0 <= d[0] < w and 0 <= d[1] < h]

    def grow(cells: frozenset[Cell], clues: int, untried: list[Cell], seen: frozenset[Cell]) -> Iterator[Path]:
        if not need or len(cells) == 2 * clues:
            cycle = polyomino_boundary(set(cells))
            if cycle is not None:
                i = cycle.index(s)
                order = cycle[i:] + cycle[:i]
                if order[1] == t:
                    order = [order[0]] + order[1:][::-1]
                if check(panel, tuple(order)):
                    yield tuple(order)
        if len(cells) == max_cells:
            return
        untried = list(untried)
        while untried:
            c = untried.pop()
            fresh = [d for d in neighbours(c) if d not in seen]
            yield from grow(cells | {c}, clues + (c in marked), untried + fresh, seen | set(fresh))

    need = seed in marked
    first = neighbours(seed)
    yield from grow(frozenset([seed]), int(seed in marked), first, frozenset([seed, *first]))


class WitnessDominoesFromRectilinearSteinerTree(Reduction):
    """Witness seed, Theorem 7.2; see the module docstring."""

    name = "witness-dominoes-from-rectilinear-steiner-tree"
    verify_budget = 4  # the target's exact count (frontier up to 8 x 8, Ganak beyond) takes minutes from 7 x 7 on
    source = "rectilinear-steiner-tree"
    target = "witness"
    paper = "Abel et al., Who witnesses The Witness?"
    section = "7.2"
    theorem = "Theorem 7.2"
    claim = NO_CLAIM
    #: One terminal at k = 0 (a 3 x 3 panel) and two adjacent ones at k = 0 (the fixed NO panel): larger
    #: panels are decided by the Witness CNF in about a second (7 x 7, 9 x 9; 13 x 13 in 7-23 s,
    #: bench/witness_cnf.py), but their exact count is beyond ``verify``'s time (see tests/test_verify_all.py).
    verify_params = ({"n": 1, "width": 1, "height": 1, "slack": 0},)
    verify_unsat_params = {"n": 2, "width": 2, "height": 1, "slack": 0}
    #: the symbol of the fixed NO panel
    no_symbol = DOMINO

    def panel(self, lay: Layout) -> Panel:
        return domino_panel(lay)

    def reduce(self, src: SteinerInstance) -> Panel:
        lay = layout(src)
        return no_panel(self.no_symbol) if lay is None else self.panel(lay)

    def forward(self, src: SteinerInstance, target: Panel, tree: Sequence[Edge]) -> Path:
        lay = layout(src)
        if lay is None:
            raise InputError("witness: a source with 2k + 1 < n has no solution to map")
        return boundary_path(lay, forward_region(lay, tree))

    def backward(self, src: SteinerInstance, target: Panel, path: Path) -> tuple[Edge, ...]:
        lay = layout(src)
        if lay is None:
            raise InputError("witness: the fixed NO panel has no solution to map")
        return tree_from_region(lay, clue_region(lay, target, path, lay.centre_clues()))

    def overhead(self, src: SteinerInstance) -> dict[str, int]:
        lay = layout(src)
        side = 1 if lay is None else lay.side
        return {"width": side, "height": side, "cells": side * side, "symbols": self.symbols(lay)}

    def symbols(self, lay: Layout | None) -> int:
        return 1 if lay is None else 2 * lay.k + 1


REDUCTIONS = [WitnessDominoesFromRectilinearSteinerTree()]
