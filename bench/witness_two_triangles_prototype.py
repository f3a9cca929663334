"""PROTOTYPE, not registered: X3C to Witness panels with 2-triangle clues only (Witness seed, section 6.2,
Theorem 6.2). Status: on one set over three elements the panel (50 x 50) has exactly one solution path, the
cover's; with two sets the filler diamonds find no placement sharing no diagonal (their backtracking
gives up or explodes): the paper's bulk connector (Figure 31), not rebuilt, is what avoids that. A
relaxed placement rule (diamonds may share one diagonal of each direction) places them but lets paths
through that read non-covers: unsound. Run ``python bench/witness_two_triangles_prototype.py``.

What the prose fixes, and is built as stated:

- a square panel filled with 2-triangles; relaxed to several paths and cycles, its one solution is the
  concentric squares (the corners force the turns; the tests check it);
- gadgets are sets of cells whose 2-triangle is removed; a used gadget turns the lines inside a polygon
  whose sides are diagonal rays and whose corners are its empty cells, each sharing a diagonal with
  exactly two others, one on each diagonal;
- element x is the pair p_x of squares of radii r_x, r_x + 1, with r_{x+1} = r_x + 4;
- one X3C gadget per 3-set {i, j, k} in the bottom quadrant: trivial (lines straight through) or used
  (p_i, p_j and p_k each joined into one cycle, nothing else changed), "stretched" with k - i; gadgets
  share no diagonal with any other empty cell (Figure 27);
- diamond gadgets (Figure 30) join the three pairs of squares between p_x and p_{x+1}.

What the prose leaves open (Figures 26-31 are lost) and is chosen here:

- the X3C gadget's polygon: a staircase polyomino in the rotated frame u = x + y, v = x - y: 4(k - j)
  squares, an elbow, 4(k - i) squares, an elbow, 4(j - i) squares (:func:`x3c_polygon`), found by the
  search in ``bench/witness_two_triangles_search.py`` (polygons evaluated without SAT, then checked by
  SAT); its bounding box is Theta(k - i) as the paper says;
- the start circle and end cap on the top side's two middle vertices, the cell between them empty;
- no bulk connector (Figure 31): every other pair of adjacent squares (inside p_0, outside p_{n-1}, and
  between pairs) is joined by its own diamond, on the left, top or right side, by backtracking so that no
  two gadgets share a diagonal; so the centre needs no empty cell;
- the panel side: the smallest even side for which every X3C gadget fits in the bottom quadrant (left
  to right) and every diamond finds a place, with r_0 the largest that fits on it.

Gadget checks (``gadgets()``): the diamond and the smallest X3C gadget each have exactly two local
solutions on their own test panel (the concentric squares and the gadget used, nothing else); the tests
check stretched X3C gadgets. Equivalence as in the paper's analysis: a diamond is the only connection
between its two squares, so every diamond is used; each p_x is joined exactly once (once: cycle; twice:
split again), so the used X3C gadgets are an exact cover, and each cover gives exactly one path.

Counts: the paper claims nothing; the construction is parsimonious as far as verified (every path is
enumerated by refinement over the relaxed CNF, through a certificate view: which X3C gadgets are used;
a cover with two paths would show its certificate twice and fail). Panels are 40 x 40 cells and more,
beyond the Witness CNF. The browser solver's ``witness-web`` has no triangles: panels render to SVG only.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from typing import Any

from gadgetry.puzzles.witness.lazy import local_solutions
from gadgetry.core import CNF, NO_CLAIM, InputError, Reduction
from gadgetry.core.gadget import Gadget
from gadgetry.core.reduction import CertificateView
from gadgetry.puzzles.witness.model import MAX_SIDE, Cell, Edge, Panel, Path, edge
from gadgetry.reductions.gadgets.witness_local import edges_to_path, relaxed_cnf
from gadgetry.reductions.gadgets.witness_two_triangles import (
    DIAMOND_SQUARES,
    SOURCE,
    Polygon,
    base_panel,
    concentric_squares,
    diagonals,
    diamond_check,
    filler_diamonds,
    staircase,
    start_end,
)
from gadgetry.sources.x3c import X3CInstance

SPACING = 4  # r_{x+1} = r_x + 4
MARGIN = 5  # cells between a gadget and a main diagonal
BUFFER = 4  # rows between a gadget and the bottom side
FILLER_SIDES = ("left", "top", "right")  # the bottom quadrant holds the X3C gadgets


def x3c_polygon(i: int, j: int, k: int) -> Polygon:
    """The X3C gadget of the set {i, j, k} (i < j < k), its top corner cell at row -1 (the radius r_i line
    is row 0 relative to it) and its leftmost corner at column 0."""
    p = Polygon(staircase(SPACING * (k - j), SPACING * (k - i), SPACING * (j - i)))
    cells = p.cells
    return p.moved(-min(x for x, _ in cells), -1 - min(y for _, y in cells))


def diamond_polygon(cells: tuple[Cell, ...]) -> Polygon:
    cx, cy = sum(x for x, _ in cells) // 4, sum(y for _, y in cells) // 4
    return Polygon(DIAMOND_SQUARES, cx - 1, cy)


def in_bottom_quadrant(width: int, cells: tuple[Cell, ...]) -> bool:
    return all(y - x >= MARGIN and x + y >= width - 1 + MARGIN and y < width - 1 - BUFFER for x, y in cells)


@dataclass(frozen=True)
class Layout:
    width: int
    radii: tuple[int, ...]  # r_x of each element
    gadgets: tuple[Polygon, ...]  # one per set, in order
    fillers: tuple[Polygon, ...]

    @property
    def empties(self) -> list[Cell]:
        return [c for p in self.gadgets + self.fillers for c in p.cells]


def _try_layout(source: X3CInstance, half: int, r0: int) -> Layout | None:
    n, width = source.elements, 2 * half
    radii = tuple(r0 + SPACING * x for x in range(n))
    placed: list[Polygon] = []
    taken: set[tuple[str, int]] = set()
    for i, j, k in source.sets:
        p = x3c_polygon(i, j, k).moved(0, half + radii[i])
        for dx in range(width):
            q = p.moved(dx, 0)
            if in_bottom_quadrant(width, q.cells) and not diagonals(q.cells) & taken:
                break
        else:
            return None
        placed.append(q)
        taken |= diagonals(q.cells)
    rest = [r for r in range(1, half) if r not in radii]
    try:
        fill = filler_diamonds(width, rest, FILLER_SIDES, avoid=[start_end(width)[0]] + [c for q in placed for c in q.cells])
    except InputError:
        return None
    return Layout(width, radii, tuple(placed), tuple(diamond_polygon(d) for d in fill))


@functools.lru_cache(maxsize=64)
def layout(source: X3CInstance) -> Layout:
    """The smallest panel (by side) on which the gadgets fit."""
    for half in itertools.count(max(2, SPACING * source.elements)):
        if 2 * half > MAX_SIDE:
            raise InputError(f"witness-two-triangles-from-x3c: {len(source.sets)} sets over {source.elements} "
                             f"elements need a panel wider than {MAX_SIDE} cells (Witness panels' limit)")
        top = half - SPACING * (source.elements - 1) - 3
        for r0 in range(top, 0, -1) if source.elements else [half]:
            lay = _try_layout(source, half, r0)
            if lay is not None:
                return lay
    raise AssertionError("unreachable")


def marker(p: Polygon) -> Edge:
    """An edge of the concentric squares that the used X3C gadget removes: a horizontal edge inside its
    polygon (in the bottom quadrant every horizontal edge is on a square)."""
    return min(e for e in p.flipped if e[0][1] == e[1][1])


def forward_edges(source: X3CInstance, chosen: set[int]) -> frozenset[Edge]:
    lay = layout(source)
    used = set(concentric_squares(lay.width))
    for s, p in list(enumerate(lay.gadgets)) + [(-1, f) for f in lay.fillers]:
        if s < 0 or s in chosen:
            used ^= p.flipped
    return frozenset(used)


def read_cover(source: X3CInstance, path: Path) -> tuple[int, ...]:
    """The sets whose X3C gadget is used (its marker edge unused)."""
    used = {edge(a, b) for a, b in zip(path, path[1:])}
    return tuple(s for s, p in enumerate(layout(source).gadgets) if marker(p) not in used)


class WitnessTwoTrianglesFromX3C(Reduction):
    name = "witness-two-triangles-from-x3c"
    verify_budget = 4  # panels of 40 x 40 cells and more, every path enumerated
    source = "x3c"
    target = "witness"
    paper = "Abel et al., Who witnesses The Witness? (Witness seed)"
    section = "6.2"
    theorem = "Theorem 6.2: Witness puzzles with only 2-triangle clues are NP-complete"
    claim = NO_CLAIM
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
        """Which sets' X3C gadgets are used. ``solutions`` yields *every* solution path (refinement over
        the relaxed CNF), so two paths for one cover show one certificate twice and fail: with the readable
        certificates equal to the covers, this checks full parsimony."""
        m = len(source.sets)
        return CertificateView(
            of_source=lambda cover: tuple(i in set(cover) for i in range(m)),
            of_target=lambda path: tuple(i in set(read_cover(source, path)) for i in range(m)),
            solutions=lambda cap: local_solutions(target, cap=cap))

    def gadgets(self) -> list[Gadget]:
        return [diamond_check(12, 2, 6), x3c_check((0, 1, 2))]


def x3c_test_layout(triple: tuple[int, int, int]) -> tuple[int, Polygon]:
    """The X3C gadget of ``triple`` alone (its elements' pairs at the panel's usual radii, no other gadget):
    the panel side and the placed polygon."""
    lay = layout(X3CInstance(triple[2] + 1 + (-(triple[2] + 1)) % 3, (triple,)))
    return lay.width, lay.gadgets[0]


def x3c_check(triple: tuple[int, int, int]) -> Gadget:
    """The X3C gadget on its own test panel: port ``used`` (its marker edge unused); both values allowed,
    each with exactly one relaxed solution (so the gadget has no other local solution)."""
    width, p = x3c_test_layout(triple)
    panel = base_panel(width, p.cells)

    def build() -> tuple[CNF, dict[str, int]]:
        cnf, var = relaxed_cnf(panel)
        used = cnf.var(("used",))
        cnf.add([used, var[marker(p)]])
        cnf.add([-used, -var[marker(p)]])
        return cnf, {"used": used}

    return Gadget(f"X3C gadget (Figures 28-29) for {{{', '.join(map(str, triple))}}}", ("used",), build,
                  [(False,), (True,)], 1, source=f"{SOURCE}, rebuilt", meta={"panel": panel})



if __name__ == "__main__":
    from gadgetry.puzzles.witness.rules import check
    from gadgetry.sources.x3c import X3C

    red = WitnessTwoTrianglesFromX3C()
    for src in (X3CInstance(3, ()), X3CInstance(3, ((0, 1, 2),)), X3CInstance(3, ((0, 1, 2), (0, 1, 2)))):
        try:
            panel = red.reduce(src)
        except InputError as exc:
            print(src, "no layout:", exc)
            continue
        paths = list(local_solutions(panel, cap=20))
        covers = sorted(tuple(sorted(c)) for c in X3C().brute_force(src))
        print(src, f"{panel.width} x {panel.height}", "paths", len(paths), "covers", covers,
              "read", sorted(red.backward(src, panel, p) for p in paths), all(check(panel, p).ok for p in paths))
