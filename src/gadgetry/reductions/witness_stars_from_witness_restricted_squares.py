"""The Restricted Squares Problem to Witness panels with stars only (the Witness seed, section 5,
Theorem 5.1). Not parsimonious (the path is free in the blank space); the certificate view (which empty
cells of the simulated board the path encloses) is.

What the prose fixes: every red or blue square of the source becomes a star of a colour of its own, whose
one other star (its *twin*) lies outside the simulated board, the twins "arranged in a line" on the
panel's boundary: a star's region must hold exactly two stars of its colour, so each square cell shares
its region with its twin. The blue squares' twins lie on one part of the boundary, the red ones' on
another, and a path piece P must separate the two parts; the simulated board's red ring then keeps the
region of the blue twins out of the board except through the blue ring cell (the gate). The paper pins P
with ten more colours (a group of five black stars and a sixth black star ringed by four cyan ones whose
twins sit at the far right, two white stars, the second ringed by four orange ones whose twins sit at the
far left: R + B + 10 colours); Figures 16 and 17, which place them and the start and end, are lost.

What we chose: the start circle and end cap on the panel's top side at the two ends of the blue twins'
segment. The path then runs from one end of that arc A of the boundary to the other, and every region of
the panel meets the boundary on A only or off A only (a simple path between two boundary points
separates the two arcs between them; every region meets the boundary, since the path has no cycle). So
the path itself is the paper's P and the ten pinning colours are not needed: **R + B colours** (red
squares' stars ``red1``.., blue ones' ``blue1``..). Then the region G of the gate holds every blue star
(its twin is on A, and G is the only region on A's side that enters the board, through the gate) and no
red one (their twins are off A), and its cells on the board are a solution's inside: connected through
the gate, without a hole (every other board cell reaches the ring, red, off A's side) and without a
pinch (four path edges at one vertex). Conversely a solution's inside, with the twins' segment and a
column of blank cells joining it to the gate, is one region whose boundary is a solution path.

Layout: the board turned (a quarter or half turn) so that the gate is on its top row, placed at (1, 2)
(a blank column on each side, a blank row below, the twins' row 0 and a blank row 1 above); the blue
twins on row 0 in a segment over the gate's column (starting there, or shifted left to fit), the red
twins on the other boundary cells clockwise after the segment; the panel grows downwards until they fit.
Stars drawn grey: the render's palette has one red and one blue.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from gadgetry.core import NO_CLAIM, Reduction
from gadgetry.core.reduction import CertificateView
from gadgetry.core.gadget import Gadget
from gadgetry.core.sat import enumerate_projected
from gadgetry.puzzles.witness.encoding import encode
from gadgetry.puzzles.witness.model import Cell, Panel, Path, Vertex, edge, make_panel, regions, square, star
from gadgetry.puzzles.witness_restricted import BLUE, RED, boundary_path, gate_of

SOURCE = "Witness seed, section 5, Theorem 5.1"


@dataclass(frozen=True)
class Layout:
    """The stars panel, where each source cell lands, and the boundary cells on the blue arc A."""

    panel: Panel
    cell: Mapping[Cell, Cell]
    gate: Cell
    arc: frozenset[Cell]

    def inside(self, source: Panel, path: Path) -> frozenset[Cell]:
        """The source cells in the gate's region of a target path."""
        g = next(r for r in regions(self.panel, path) if self.cell[self.gate] in r)
        return frozenset(c for c, d in self.cell.items() if d in g)


def _turn(source: Panel, gate: Cell) -> tuple[int, int, Any]:
    """Width, height and vertex map of the board turned so that the gate's outer side is on top."""
    w, h = source.width, source.height
    gx, gy = gate
    if gy == 0:
        return w, h, lambda v: v
    if gy == h - 1:
        return w, h, lambda v: (w - v[0], h - v[1])
    if gx == 0:
        return h, w, lambda v: (h - v[1], v[0])
    return h, w, lambda v: (v[1], w - v[0])


def boundary_cells(width: int, height: int) -> list[Cell]:
    """The panel's boundary cells clockwise from the top-left corner (y grows downwards)."""
    top = [(x, 0) for x in range(width)]
    right = [(width - 1, y) for y in range(1, height)]
    bottom = [(x, height - 1) for x in range(width - 2, -1, -1)]
    left = [(0, y) for y in range(height - 2, 0, -1)]
    return top + right + bottom + left


@lru_cache(maxsize=64)
def layout(source: Panel) -> Layout:
    """The stars panel of the module docstring."""
    gate = gate_of(source)
    w, h, turn = _turn(source, gate)
    place: dict[Cell, Cell] = {}
    for x, y in itertools.product(range(source.width), range(source.height)):
        a, b = turn((x, y)), turn((x + 1, y + 1))
        place[(x, y)] = (min(a[0], b[0]) + 1, min(a[1], b[1]) + 2)
    syms = source.symbol_map()
    blue = sorted((c for c, s in syms.items() if s.colour == BLUE), key=lambda c: place[c][::-1])
    red = sorted((c for c, s in syms.items() if s.colour == RED), key=lambda c: place[c][::-1])
    width = max(w + 2, len(blue) + 2)
    gx = place[gate][0]
    xs = min(gx, width - 1 - len(blue))
    height = h + 3
    while 2 * (width + height) - 4 - len(blue) < len(red):
        height += 1
    ring = boundary_cells(width, height)
    arc = ring[xs:xs + len(blue)]
    others = ring[xs + len(blue):] + ring[:xs]
    symbols = {}
    for i, c in enumerate(blue):
        symbols[place[c]] = symbols[arc[i]] = star(f"blue{i + 1}")
    for i, c in enumerate(red):
        symbols[place[c]] = symbols[others[i]] = star(f"red{i + 1}")
    panel = make_panel(width, height, [(xs, 0)], [(xs + len(blue), 0)], symbols=symbols)
    return Layout(panel, place, gate, frozenset(arc))


def side_clauses(lay: Layout, cnf: Any) -> dict[Cell, int]:
    """Adds to the target's Witness CNF one variable per cell, "on the blue arc's side": true on the arc's
    boundary cells, false on the others, equal across every edge off the path (module docstring: exact).
    Returns the variables."""
    p = lay.panel
    side = {(x, y): cnf.var(("stars-side", (x, y))) for x in range(p.width) for y in range(p.height)}
    for c in boundary_cells(p.width, p.height):
        cnf.add([side[c] if c in lay.arc else -side[c]])
    for (x, y), (dx, dy) in itertools.product(list(side), ((1, 0), (0, 1))):
        d = (x + dx, y + dy)
        if d in side:
            name = ("e", edge((x + dx, y + dy), (x + 1, y + 1)))
            if not cnf.has(name):
                raise AssertionError(f"the Witness CNF has no edge variable {name}")
            e = cnf.var(name)
            cnf.extend([[e, -side[(x, y)], side[d]], [e, side[(x, y)], -side[d]]])
    return side


class StarsFromRestrictedSquares(Reduction):
    name = "witness-stars-from-witness-restricted-squares"
    source = "witness-restricted-squares"
    target = "witness"
    paper = "Witness seed"
    section = "section 5"
    theorem = "Theorem 5.1"
    claim = NO_CLAIM
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = (
        {"width": 3, "height": 3, "empty": 1}, {"width": 4, "height": 3, "empty": 2},
        {"width": 4, "height": 4, "empty": 3})
    verify_unsat_params: ClassVar[Mapping[str, int] | None] = {"width": 4, "height": 4, "empty": 2}

    def reduce(self, source: Panel) -> Panel:
        return layout(source).panel

    def forward(self, source: Panel, target: Panel, source_solution: Path) -> Path:
        """The boundary of the solution's inside, the twins' segment and the blank column above the gate."""
        lay = layout(source)
        inside = next(r for r in regions(source, source_solution) if lay.gate in r)
        gx, gy = lay.cell[lay.gate]
        g = {lay.cell[c] for c in inside} | set(lay.arc) | {(gx, y) for y in range(1, gy)}
        return boundary_path(target, g)

    def backward(self, source: Panel, target: Panel, target_solution: Path) -> Path:
        return boundary_path(source, layout(source).inside(source, target_solution))

    def certificate_view(self, source: Panel, target: Panel) -> CertificateView:
        """Certificates: whether each empty board cell is in the gate's region."""
        lay = layout(source)
        empty = [c for c in sorted(lay.cell) if c not in source.symbol_map()]

        def of_source(path: Path) -> tuple[bool, ...]:
            inside = next(r for r in regions(source, path) if lay.gate in r)
            return tuple(c in inside for c in empty)

        def solutions(cap: int) -> Iterator[Path]:
            enc = encode(lay.panel)
            side = side_clauses(lay, enc.cnf)
            proj = [side[lay.cell[c]] for c in empty]
            for true in enumerate_projected(enc.cnf.nvars, enc.cnf.clauses, proj, cap=cap):
                yield enc.decode(true.__contains__)

        return CertificateView(of_source=of_source,
                               of_target=lambda path: tuple(c in lay.inside(source, path) for c in empty),
                               solutions=solutions)

    def gadgets(self) -> list[Gadget]:
        return [board_gadget(kind) for kind in ("blue", "red", "empty")]


def three_by_three(centre: str) -> Panel:
    """The smallest Restricted Squares board: a red ring, the gate top middle, the centre ``centre``
    (``"blue"``, ``"red"`` or ``"empty"``)."""
    symbols = {(x, y): square(RED) for x in range(3) for y in range(3)}
    symbols[(1, 0)] = square(BLUE)
    if centre == "empty":
        del symbols[(1, 1)]
    else:
        symbols[(1, 1)] = square(centre)
    return make_panel(3, 3, [(1, 0)], [(2, 0)], symbols=symbols)


def board_gadget(centre: str) -> Gadget:
    """The whole panel of a 3 x 3 board: the centre's star (or blank cell) is in the gate's region exactly
    when the centre is blue (a blank centre: either way). Port ``in``: the centre on the blue arc's side."""
    lay = layout(three_by_three(centre))
    allowed = {"blue": [(True,)], "red": [(False,)], "empty": [(False,), (True,)]}[centre]

    def build() -> tuple[Any, dict[str, int]]:
        enc = encode(lay.panel)
        side = side_clauses(lay, enc.cnf)
        return enc.cnf, {"in": side[lay.cell[(1, 1)]]}

    return Gadget(f"3 x 3 board, {centre} centre", ("in",), build, allowed, None, source=SOURCE,
                  meta={"panel": lay.panel})


REDUCTIONS = [StarsFromRestrictedSquares()]
