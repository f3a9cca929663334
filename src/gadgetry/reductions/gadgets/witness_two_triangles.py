"""The pieces of Theorem 6.2 of the Witness seed (section 6.2: 2-triangle clues only, from X3C), used by
``reductions/witness_two_triangles_from_x3c.py``.

What the prose fixes and is built here as stated:

- a square panel filled with 2-triangles, whose relaxed "solutions" (several paths and cycles allowed)
  are the concentric squares (:func:`concentric_squares`); the main diagonals are where they turn;
- a gadget is a set of cells whose 2-triangle is removed; a used gadget turns the lines inside a polygon
  with diagonal sides (the rays of Figure 25) whose corners are the empty cells;
- the diamond gadget (Figure 30), "the simplest gadget that can connect adjacent cycles": here the four
  cells around one cell (:data:`DIAMOND`), a polygon with four corners, each sharing a diagonal with
  exactly two others. Between two adjacent squares it has exactly two local solutions, the squares as
  they are and the two squares joined into one cycle (:func:`diamond_check`, a gadget check);
- a pair of adjacent squares joined twice falls apart into two cycles again (the argument that an element
  covered twice leaves a disconnected cycle, end of section 6.2's proof); the tests show it.

What the prose leaves open and is chosen here: the start circle and end cap (the paper's are in a lost
figure) sit on the two middle vertices of the top side, the cell between them left empty, so that the
outermost square, opened there, is the path from start to end (:func:`base_panel`).

Rebuilt from the prose (Figures 28-31 are lost), as polygons: polyominoes in the rotated frame
u = x + y, v = x - y (:class:`Polygon`) whose used state toggles every edge inside them, so which squares
one merges is computed without SAT (``bench/witness_two_triangles_search.py`` searches them), then each
is proved by a gadget check (:func:`polygon_check`: exactly two local solutions, unused and used):

- the X3C gadget (Figures 28-29): :func:`staircase` (4(k - j), 4(k - i), 4(j - i)) merges exactly p_i,
  p_j, p_k (bounding box Theta(k - i), as the paper says);
- the bulk connectors (Figure 31): :func:`inner_connector`, a k x k square into the centre cell, merges
  radii 1 .. 2k - 1, and :func:`outer_connector`, a strip from the left side, the outermost radii.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gadgetry.core import CNF, InputError
from gadgetry.core.gadget import Gadget
from gadgetry.puzzles.witness.model import Cell, Edge, Panel, make_panel, triangle
from gadgetry.core.graphs import components
from gadgetry.reductions.gadgets.witness_local import relaxed_cnf, relaxed_solutions

SOURCE = "Witness seed, section 6.2, Theorem 6.2"
Squares = frozenset[tuple[int, int]]

#: The diamond gadget (Figure 30): the empty cells around its centre cell, (dx, dy) from the centre.
DIAMOND: tuple[Cell, ...] = ((-1, 0), (0, -1), (1, 0), (0, 1))
#: The diamond as a polygon: one square of the rotated frame (see :class:`Polygon`).
DIAMOND_SQUARES: Squares = frozenset({(0, 0)})


def start_end(width: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The start circle and end cap: the two middle vertices of the top side."""
    return (width // 2 - 1, 0), (width // 2, 0)


def base_panel(width: int, empties: Iterable[Cell] = ()) -> Panel:
    """A ``width`` x ``width`` panel (``width`` even) with a 2-triangle in every cell but ``empties`` and
    the cell between the start circle and the end cap."""
    if width < 4 or width % 2:
        raise InputError(f"witness-two-triangles: the panel side must be even and at least 4, got {width}")
    start, end = start_end(width)
    clues = {(x, y) for x in range(width) for y in range(width)} - set(empties) - {start}
    return make_panel(width, width, [start], [end], symbols=dict.fromkeys(clues, triangle(2)))


def concentric_squares(width: int) -> frozenset[Edge]:
    """The relaxed base solution: the squares at depth 0 .. width/2 - 1 from the boundary, the outermost
    opened between the start circle and the end cap."""
    out = set()
    for d in range(width // 2):
        lo, hi = d, width - d
        for t in range(lo, hi):
            out |= {((t, lo), (t + 1, lo)), ((t, hi), (t + 1, hi)), ((lo, t), (lo, t + 1)), ((hi, t), (hi, t + 1))}
    return frozenset(out - {start_end(width)})


def radius_of(width: int, used: Iterable[Edge]) -> list[tuple[int, ...]]:
    """The connected pieces of an edge set as the radii (1 innermost .. width/2 outermost) of the squares
    whose top-left corner they pass (no gadget touches a corner), sorted; a piece passing none is ``()``."""
    half = width // 2
    return sorted(tuple(r for r in range(1, half + 1) if (half - r, half - r) in piece) for piece in components(used))


def diamond_cells(cx: int, cy: int) -> tuple[Cell, ...]:
    return tuple((cx + dx, cy + dy) for dx, dy in DIAMOND)


def side_diamond(width: int, radius: int, side: str, at: int) -> tuple[Cell, ...]:
    """The diamond joining the squares of radii ``radius`` and ``radius + 1`` on their ``side`` (``"right"``,
    ``"left"``, ``"top"``, ``"bottom"``), its centre cell in row (right, left) or column (top, bottom)
    ``at``, from ``width/2 - radius`` to ``width/2 + radius - 1``."""
    half = width // 2
    across = {"right": half + radius, "left": half - radius - 1, "bottom": half + radius, "top": half - radius - 1}[side]
    return diamond_cells(across, at) if side in ("right", "left") else diamond_cells(at, across)


def right_diamond(width: int, radius: int, row: int) -> tuple[Cell, ...]:
    """The diamond on the right sides (the right quadrant, where the paper puts the filler diamonds)."""
    return side_diamond(width, radius, "right", row)


def diamond_polygon(cells: Sequence[Cell]) -> Polygon:
    """The diamond with these four cells as a polygon (one square of the rotated frame)."""
    cx, cy = sum(x for x, _ in cells) // 4, sum(y for _, y in cells) // 4
    return Polygon(DIAMOND_SQUARES, cx - 1, cy)


def diamond_check(width: int, radius: int, row: int) -> Gadget:
    """The diamond joining radii ``radius`` and ``radius + 1`` on their right sides, centred in ``row``,
    on its test panel: exactly two local solutions, the squares as they are and the two joined."""
    return polygon_check(f"diamond (Figure 30), radii {radius} and {radius + 1}", width,
                         diamond_polygon(right_diamond(width, radius, row)))


def joined_state(width: int, cells: Iterable[Cell]) -> frozenset[Edge]:
    """The one relaxed solution of ``base_panel(width, cells)`` other than the concentric squares; raises
    if there is not exactly one (the gadget check proves it for the diamonds used)."""
    sols = relaxed_solutions(base_panel(width, cells), cap=3)
    other = [s for s in sols if s != concentric_squares(width)]
    if len(sols) != 2 or len(other) != 1:
        raise InputError(f"witness-two-triangles: {len(sols)} local solutions, not 2")
    return other[0]


def diagonals(cells: Iterable[Cell]) -> set[tuple[str, int]]:
    """The diagonals (``"+"``: x + y constant, ``"-"``: x - y constant) through some of the cells."""
    return {d for x, y in cells for d in (("+", x + y), ("-", x - y))}


def filler_diamonds(width: int, radii: Iterable[int], sides: Sequence[str] = ("right",),
                    avoid: Iterable[Cell] = (), margin: int = 0) -> list[tuple[Cell, ...]]:
    """Diamonds joining each square of ``radii`` to the next one out, on one of ``sides`` (the paper puts
    the filler diamonds in the right quadrant), no two sharing a diagonal or a cell: the placement rule
    of Figure 27, nor with the cells ``avoid``. Placed first fit (no backtracking, so polynomial): each
    diamond at the first side and row that is free, in the order given, its centre at least ``margin``
    cells from the ends of its square's side."""
    half = width // 2
    out: list[tuple[Cell, ...]] = []
    taken, cells = diagonals(avoid), set(avoid)
    for r in radii:
        for side, b in itertools.product(sides, range(half - r + margin, half + r - margin)):
            d = side_diamond(width, r, side, b)
            body = set(d) | {(sum(x for x, _ in d) // 4, sum(y for _, y in d) // 4)}
            if not diagonals(d) & taken and not body & cells:
                out.append(d)
                taken |= diagonals(d)
                cells |= body
                break
        else:
            raise InputError(f"witness-two-triangles: no placement of a diamond for radius {r} on a {width} panel")
    return out




@dataclass(frozen=True)
class Polygon:
    """A polygon with diagonal sides (rays, Figure 25): a polyomino ``squares`` in the rotated frame
    u = x + y, v = x - y (unit 2), translated by ``(dx, dy)`` cells. Square (U, V) is the diamond of cells around cell
    (U + V + 1, U - V) (square (0, 0) is the diamond gadget around cell (1, 0)). Its *cells* are its corners
    (the gadget's empty cells); used, it turns every line inside it (:meth:`inside`)."""

    squares: Squares
    dx: int = 0
    dy: int = 0

    def moved(self, dx: int, dy: int) -> Polygon:
        return Polygon(self.squares, self.dx + dx, self.dy + dy)

    @functools.cached_property
    def cells(self) -> tuple[Cell, ...]:
        return tuple((x + self.dx, y + self.dy) for x, y in _corners(self.squares))

    def inside(self, e: Edge) -> bool:
        """Whether the edge's midpoint lies inside the polygon."""
        (x1, y1), (x2, y2) = e
        mx, my = (x1 + x2) / 2 - self.dx, (y1 + y2) / 2 - self.dy
        return (int((mx + my - 1) // 2), int((mx - my) // 2)) in self.squares

    @functools.cached_property
    def flipped(self) -> frozenset[Edge]:
        """The edges whose use the polygon's used state toggles (each line inside it turned)."""
        xs = [x for x, _ in self.cells]
        ys = [y for _, y in self.cells]
        box = [((x, y), (x + 1, y)) for x in range(min(xs), max(xs) + 1) for y in range(min(ys), max(ys) + 2)]
        box += [((x, y), (x, y + 1)) for x in range(min(xs), max(xs) + 2) for y in range(min(ys), max(ys) + 1)]
        return frozenset(e for e in box if self.inside(e))

    def cells_on(self, width: int) -> tuple[Cell, ...]:
        """Its corners on a ``width`` x ``width`` panel: a polygon may reach past a side (the rays of its
        corners there meet the side)."""
        return tuple(c for c in self.cells if 0 <= c[0] < width and 0 <= c[1] < width)

    def flipped_on(self, width: int) -> frozenset[Edge]:
        return frozenset(e for e in self.flipped if all(0 <= v <= width for p in e for v in p))

    def marker(self, width: int) -> Edge:
        """An edge of the concentric squares its used state removes (there is one: it turns a line)."""
        return min(self.flipped_on(width) & concentric_squares(width))


@functools.lru_cache(maxsize=256)
def _corners(squares: Squares) -> tuple[Cell, ...]:
    """The corner cells of a polyomino of the rotated frame, untranslated, sorted."""
    count: dict[tuple[int, int], int] = {}
    for su, sv in squares:
        for p in ((su, sv), (su + 1, sv), (su, sv + 1), (su + 1, sv + 1)):
            count[p] = count.get(p, 0) + 1
    corners = [(u, v) for (u, v), c in count.items() if c in (1, 3)]
    return tuple(sorted(((u + v - 1) // 2, (u - v - 1) // 2) for u, v in ((2 * a + 1, 2 * b) for a, b in corners)))


def staircase(a: int, b: int, c: int) -> Squares:
    """A staircase polyomino: ``a`` squares along +U, a 2 x 2 elbow, ``b`` along +V, an elbow, ``c`` along
    +U (the X3C gadget's polygon, found by ``bench/witness_two_triangles_search.py``)."""
    cur, out = (0, 0), {(0, 0)}
    for du, dv, n in ((1, 0, a), (0, 1, b), (1, 0, c)):
        if (du, dv) == (0, 1):
            out.add((cur[0] - 1, cur[1] + 1))
        elif cur != (0, 0):
            out.add((cur[0] + 1, cur[1] - 1))
        for _ in range(n):
            cur = (cur[0] + du, cur[1] + dv)
            out.add(cur)
    return frozenset(out)



def inner_connector(width: int, k: int) -> Polygon:
    """The inner bulk connector (Figure 31, lost; rebuilt): the k x k square of the rotated frame whose
    corners are the cells (h, h), (h - k, h - k), (h, h - 2k), (h + k, h - k), h = width/2. Its lower left
    side runs along the main diagonal into the centre, where its corner (h, h) is the empty cell the
    paper puts at the centre; used, it merges the squares of radii 1 .. 2k - 1 into one cycle."""
    half = width // 2
    p = Polygon(frozenset((u, v) for u in range(k) for v in range(k)))
    top = min(p.cells, key=lambda c: c[1])
    return p.moved(half - top[0], half - 2 * k - top[1])


def outer_connector(width: int, b: int, row: int) -> Polygon:
    """The outer bulk connector (Figure 31, lost; rebuilt): a strip of ``b`` squares of the rotated frame
    from the left side at ``row`` down to the right, parallel to the main diagonal, its fourth corner
    past the side; corners (0, row), (b, row + b), (b - 1, row + b + 1). Used, it merges the squares of
    radii width/2 - b .. width/2 (the outermost, opened at the start and end, included)."""
    return Polygon(frozenset((u, 0) for u in range(b))).moved(-1, row + 1)


def polygon_check(name: str, width: int, polygon: Polygon, empties: Iterable[Cell] = ()) -> Gadget:
    """A polygon gadget on a ``width`` panel of 2-triangles (its corners and ``empties`` empty): port
    ``used`` (its marker edge unused); both values allowed, each with exactly one relaxed solution: the
    concentric squares, and the squares turned inside the polygon. So the gadget has no other local
    solution (no ray escapes it)."""
    panel = base_panel(width, polygon.cells_on(width) + tuple(empties))
    mark = polygon.marker(width)

    def build() -> tuple[CNF, dict[str, int]]:
        cnf, var = relaxed_cnf(panel)
        used = cnf.var(("used",))
        cnf.add([used, var[mark]])
        cnf.add([-used, -var[mark]])
        return cnf, {"used": used}

    return Gadget(name, ("used",), build, [(False,), (True,)], 1, source=f"{SOURCE}, rebuilt",
                  meta={"panel": panel, "polygon": polygon})
