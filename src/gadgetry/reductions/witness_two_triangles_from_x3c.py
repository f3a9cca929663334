"""X3C to Witness panels with 2-triangle clues only (Witness seed, section 6.2, Theorem 6.2).

What the prose fixes, and is built as stated:

- a square panel filled with 2-triangles; relaxed to several paths and cycles, its one solution is the
  concentric squares (the corners force the turns);
- gadgets are sets of cells whose 2-triangle is removed; a used gadget turns the lines inside a polygon
  whose sides are diagonal rays and whose corners are its empty cells, each sharing a diagonal with
  exactly two others, one on each diagonal (:class:`~gadgetry.reductions.gadgets.witness_two_triangles.Polygon`);
- element x is the pair p_x of squares of radii r_x, r_x + 1, with r_{x+1} = r_x + 4;
- one X3C gadget per 3-set {i, j, k} in the bottom quadrant: trivial (lines straight through) or used
  (p_i, p_j and p_k each joined into one cycle, nothing else changed), "stretched" with k - i; gadgets
  share no diagonal with any other empty cell (Figure 27);
- diamond gadgets (Figure 30) in the right quadrant join the three pairs of squares between p_x and
  p_{x+1};
- bulk connectors (Figure 31) join every square inside p_0 and every square outside p_{n-1}; the inner
  one puts an empty cell at the centre.

What the prose leaves open (Figures 25-31 are lost) and is chosen here:

- the X3C gadget's polygon: a staircase in the rotated frame u = x + y, v = x - y, 4(k - j) squares, an
  elbow, 4(k - i) squares, an elbow, 4(j - i) squares, found by ``bench/witness_two_triangles_search.py``;
  its bounding box is Theta(k - i) as the paper says;
- the bulk connectors, found by a search over rotated rectangles: the inner one
  (:func:`~gadgetry.reductions.gadgets.witness_two_triangles.inner_connector`) is a k x k square of the
  rotated frame in the top quadrant whose lower left side runs along the main diagonal into the centre
  cell, where its corner is (another corner, (h - k, h - k), lies on that diagonal too, where the paper
  keeps no empty cell but the centre: the gadget checks show no ray escapes there); used, it merges
  radii 1 .. 2k - 1, so r_0 = 2k - 1 is odd. The outer one
  (:func:`~gadgetry.reductions.gadgets.witness_two_triangles.outer_connector`) is a strip one square wide
  from the left side, in the left quadrant, parallel to the main diagonal; used, it merges radii
  r_{n-1} + 1 .. width/2. Each is one polygon with four corners (one of the strip's past the side), so
  far fewer empty cells than Figure 31's "empty cells on most diagonals";
- the panel is even (the centre a vertex, so the innermost square has radius 1); the start circle and end
  cap are on the top side's two middle vertices, the cell between them empty;
- gadgets keep 3 cells from the main diagonals and X3C gadgets 3 rows from the bottom side (with 2 rows,
  rays reflected off the side give the X3C gadget two more local solutions: the tests);
- the filler diamonds are placed first fit down the right quadrant, the X3C gadgets left to right along
  the bottom quadrant, each where its empty cells share no diagonal with an earlier gadget's and its
  bounding box meets none (Figure 27's reserved space); the panel side is the smallest on which
  everything fits, with r_0 the largest that fits on it.

Gadget checks (``gadgets()``): the diamond, the smallest X3C gadget and both bulk connectors each have
exactly two local solutions on their own test panel (the concentric squares and the gadget used, nothing
else); ``verify`` checks every panel as a whole. Equivalence as in the paper's analysis: the connectors
and the diamonds are the only connections between their squares, so each is used; each p_x is joined
exactly once (joined twice, it falls apart again), so the used X3C gadgets are an exact cover, and each
cover gives exactly one path.

Counts: the paper claims nothing; this construction is parsimonious, checked by enumerating every path
(refinement over the relaxed CNF) through a certificate view, which X3C gadgets are used: a cover with
two paths would show its certificate twice and fail (the tests count both sides on three and six
elements). Panels are 36 x 36 cells (three elements, no set) to 62 x 62 (two sets over three elements),
82 x 82 for two sets over six, beyond the Witness CNF. The browser solver's ``witness-web`` has no
triangles: panels render to SVG only.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from typing import Any

from gadgetry.core import PARSIMONIOUS, InputError, Reduction
from gadgetry.core.gadget import Gadget
from gadgetry.core.reduction import CertificateView
from gadgetry.puzzles.witness.model import MAX_SIDE, Cell, Edge, Panel, Path, edge
from gadgetry.reductions.gadgets.witness_local import cover_view, edges_to_path
from gadgetry.reductions.gadgets.witness_two_triangles import (
    Polygon,
    base_panel,
    concentric_squares,
    diagonals,
    diamond_check,
    diamond_polygon,
    filler_diamonds,
    inner_connector,
    outer_connector,
    polygon_check,
    staircase,
    start_end,
)
from gadgetry.sources.x3c import X3CInstance

SPACING = 4  # r_{x+1} = r_x + 4
MARGIN = 3  # cells between a gadget and a main diagonal
BUFFER = 3  # rows between an X3C gadget and the bottom side


def x3c_polygon(i: int, j: int, k: int) -> Polygon:
    """The X3C gadget of the set {i, j, k} (i < j < k), its top corner cell at row -1 (the radius r_i line
    is row 0 relative to it) and its leftmost corner at column 0."""
    p = Polygon(staircase(SPACING * (k - j), SPACING * (k - i), SPACING * (j - i)))
    cells = p.cells
    return p.moved(-min(x for x, _ in cells), -1 - min(y for _, y in cells))


def in_bottom_quadrant(width: int, cells: tuple[Cell, ...]) -> bool:
    return all(y - x >= MARGIN and x + y >= width - 1 + MARGIN and y < width - 1 - BUFFER for x, y in cells)


def _bottom_quadrant_shifts(width: int, cells: tuple[Cell, ...]) -> range:
    """The shifts dx >= 0, left to right, that put ``cells`` in the bottom quadrant (as
    :func:`in_bottom_quadrant`, solved for dx)."""
    if max(y for _, y in cells) >= width - 1 - BUFFER:
        return range(0)
    return range(max(0, width - 1 + MARGIN - min(x + y for x, y in cells)),
                 min(width - 1, min(y - x for x, y in cells) - MARGIN) + 1)


def box(p: Polygon) -> tuple[int, int, int, int]:
    """The bounding box of a polygon's corners: the gadget's reserved space (Figure 27's gray box)."""
    xs, ys = [x for x, _ in p.cells], [y for _, y in p.cells]
    return min(xs), min(ys), max(xs), max(ys)


def apart(p: Polygon, q: Polygon) -> bool:
    a, b = box(p), box(q)
    return a[2] < b[0] or b[2] < a[0] or a[3] < b[1] or b[3] < a[1]


@dataclass(frozen=True)
class Layout:
    width: int
    radii: tuple[int, ...]  # r_x of each element
    gadgets: tuple[Polygon, ...]  # one X3C gadget per set, in order
    fixed: tuple[Polygon, ...]  # the bulk connectors and the filler diamonds, used in every solution

    @property
    def empties(self) -> list[Cell]:
        return [c for p in self.gadgets + self.fixed for c in p.cells_on(self.width)]


def _try_layout(source: X3CInstance, half: int, k: int) -> Layout | None:
    n, width = source.elements, 2 * half
    radii = tuple(2 * k - 1 + SPACING * x for x in range(n))
    inside, outside = 2 * k - 1, (radii[-1] + 1 if n else 2 * k)  # the connectors' outermost / innermost
    b = half - outside
    if b < 1:
        return None
    connectors = (inner_connector(width, k), outer_connector(width, b, outside - 1))
    opening = start_end(width)[0]
    if any(diagonals(p.cells_on(width)) & diagonals([opening]) for p in connectors):
        return None
    taken = diagonals([opening, *(c for p in connectors for c in p.cells_on(width))])
    placed: list[Polygon] = []
    for i, j, kk in source.sets:
        p = x3c_polygon(i, j, kk).moved(0, half + radii[i])
        for dx in _bottom_quadrant_shifts(width, p.cells):
            q = p.moved(dx, 0)
            if not diagonals(q.cells) & taken and all(apart(q, o) for o in placed):
                break
        else:
            return None
        placed.append(q)
        taken |= diagonals(q.cells)
    between = [r for r in range(inside, outside) if r not in radii]
    avoid = [opening] + [c for q in list(connectors) + placed for c in q.cells_on(width)]
    try:
        fill = filler_diamonds(width, between, ("right",), avoid=avoid, margin=MARGIN)
    except InputError:
        return None
    return Layout(width, radii, tuple(placed), connectors + tuple(diamond_polygon(d) for d in fill))


@functools.lru_cache(maxsize=64)
def layout(source: X3CInstance) -> Layout:
    """The smallest panel (by side) on which the gadgets fit, with r_0 (= 2k - 1) the largest on it."""
    n = source.elements
    for half in itertools.count(SPACING * n + 2 * MARGIN):
        if 2 * half > MAX_SIDE:
            raise InputError(f"witness-two-triangles-from-x3c: {len(source.sets)} sets over {n} elements need "
                             f"a panel wider than {MAX_SIDE} cells (Witness panels' limit)")
        for k in range((half - SPACING * max(n - 1, 0)) // 2, MARGIN - 1, -1):
            lay = _try_layout(source, half, k)
            if lay is not None:
                return lay
    raise AssertionError("unreachable")


def forward_edges(source: X3CInstance, chosen: set[int]) -> frozenset[Edge]:
    """The concentric squares turned inside every fixed gadget and the chosen sets' X3C gadgets."""
    lay = layout(source)
    used = set(concentric_squares(lay.width))
    for s, p in list(enumerate(lay.gadgets)) + [(-1, f) for f in lay.fixed]:
        if s < 0 or s in chosen:
            used ^= p.flipped_on(lay.width)
    return frozenset(used)


def read_cover(source: X3CInstance, path: Path) -> tuple[int, ...]:
    """The sets whose X3C gadget is used (its marker edge unused)."""
    lay = layout(source)
    used = {edge(a, b) for a, b in zip(path, path[1:])}
    return tuple(s for s, p in enumerate(lay.gadgets) if p.marker(lay.width) not in used)


class WitnessTwoTrianglesFromX3C(Reduction):
    name = "witness-two-triangles-from-x3c"
    verify_budget = 4  # panels of 36 x 36 to 62 x 62 cells, every path enumerated
    source = "x3c"
    target = "witness"
    paper = "Abel et al., Who witnesses The Witness? (Witness seed)"
    section = "6.2"
    theorem = "Theorem 6.2: Witness puzzles with only 2-triangle clues are NP-complete"
    claim = PARSIMONIOUS
    verify_params = ({"elements": 3, "sets": 1}, {"elements": 3, "sets": 2})
    verify_unsat_params = {"elements": 3, "sets": 0}

    def reduce(self, source: X3CInstance) -> Panel:
        lay = layout(source)
        return base_panel(lay.width, lay.empties)

    def forward(self, source: X3CInstance, target: Panel, source_solution: Any) -> Path:
        start, end = start_end(layout(source).width)
        return edges_to_path(forward_edges(source, set(source_solution)), start, end)

    def backward(self, source: X3CInstance, target: Panel, target_solution: Any) -> tuple[int, ...]:
        return read_cover(source, tuple(map(tuple, target_solution)))

    def certificate_view(self, source: X3CInstance, target: Panel) -> CertificateView:
        """Which sets' X3C gadgets are used, against every solution path (full parsimony)."""
        return cover_view(len(source.sets), lambda path: read_cover(source, path), target)

    def gadgets(self) -> list[Gadget]:
        return [diamond_check(12, 2, 6), x3c_check((0, 1, 2)), *connector_checks(24, 5, 4)]


def x3c_check(triple: tuple[int, int, int]) -> Gadget:
    """The X3C gadget of ``triple`` alone on the smallest panel whose bottom quadrant holds it (with its
    elements' pairs at radii r_0 + 4x): exactly two local solutions."""
    i, j, k = triple
    for half in itertools.count(SPACING * k + 2 * MARGIN):
        for r0 in range(1, half - SPACING * k - 1):
            p = x3c_polygon(i, j, k).moved(0, half + r0 + SPACING * i)
            for dx in range(2 * half):
                if in_bottom_quadrant(2 * half, p.moved(dx, 0).cells):
                    return polygon_check(f"X3C gadget (Figures 28-29) for {{{', '.join(map(str, triple))}}}",
                                         2 * half, p.moved(dx, 0))
    raise AssertionError("unreachable")


def connector_checks(width: int, k: int, b: int) -> list[Gadget]:
    """The inner bulk connector merging radii 1 .. 2k - 1 and the outer one merging width/2 - b ..
    width/2, each alone on a ``width`` panel (as :func:`_try_layout` places them): exactly two local
    solutions. The shapes only stretch with k and b; each instance's are checked with its whole panel."""
    return [polygon_check(f"inner bulk connector (Figure 31), radii 1-{2 * k - 1}", width, inner_connector(width, k)),
            polygon_check(f"outer bulk connector (Figure 31), radii {width // 2 - b}-{width // 2}", width,
                          outer_connector(width, b, width // 2 - b - 1))]


REDUCTIONS = [WitnessTwoTrianglesFromX3C()]
