"""Tree-residue vertex breaking to the Restricted Squares Problem (the Witness seed, section 4.2, Theorem 4.3;
parsimonious). Theorem 4.2 (squares of two colours) follows by ``witness-from-witness-restricted-squares``.

What the prose fixes: the board is filled with red squares; every cell of the outer ring holds one, except
one blue square off the corners, and the start circle and end cap are that cell's two outer vertices.
The multigraph, drawn orthogonally, is embedded in the strict interior with blue squares and empty cells;
a path must run between side-adjacent cells of opposite colours. A breakable degree-4 vertex is a gadget
whose centre is at most 2 x 2 with exactly two local solutions, connected and locally disconnected
(Figure 13c); edges and turns have one solution each (Figure 14); one edge on the bounding box is joined to
the ring's blue cell (Figure 15b), an extra unbreakable vertex of degree 3. A vertex is broken iff its
gadget takes the disconnected solution, and this is a bijection with the breaking sets (the figures are
lost; the gadgets below are rebuilt and each is proved by a gadget check).

What we chose:

- **Layout.** The source carries its orthogonal drawing (``positions``, ``bends``; the generator draws
  rectangle arrangements); we do not compute one ([Sch95]'s layout is not rebuilt). Drawing point (X, Y)
  is cell (s X + 2, s Y + 2) with scale **s = 6** (the paper's footnote 5 says 8 suffices; 5 also passes
  ``verify`` on the instances tried; 4 does not: two vertices one unit apart put the west arm's jog of one
  diagonally against the other's centre, a pinch, which a test shows).
- **Vertex gadget** (Figure 13, rebuilt): an empty 2 x 2 centre with top-left cell (C, R) and four blue
  arms in a pinwheel, north above (C, R), east right of (C+1, R), south below (C+1, R+1), west left of
  (C, R+1). At each side's middle vertex an arm cell and the next centre cell are diagonal, so a centre
  cell inside the blue region forces the next one clockwise inside (else that vertex is a pinch where the
  path would meet itself): the four centre cells are all inside (the vertex whole, its arms joined) or
  all outside (broken). A single empty cell cannot work (its four arms would pinch at its corners). The
  south and west arms jog back (two cells out) to the vertex's column C and row R, the lines the edges run
  on (footnote 5's wiggle). An unbreakable degree-4 vertex (not in the paper's restriction, accepted
  here) has a blue centre.
- **Wider sources than the theorem's.** Besides breakable degree-4 vertices we take breakable vertices of
  degree 3 and unbreakable ones of degree 1 to 4 (at most four edges fit a drawn vertex), so that
  ``tree-residue-vertex-breaking-from-planar-positive-1in3sat``'s drawn targets (variant
  ``drawn-breakable-degree-3-or-4``) reach this reduction and SAT reaches the Witness. A breakable degree-3
  vertex is the **tee**: the two arms on one line end either side of a red vertex cell, and the column
  of three cells beside them, towards the third arm, is empty; a cell of that column inside without the
  next one puts two inside cells diagonally around a corner of the red cell, a pinch, so the column is
  all inside (whole: the three arms joined) or all outside (broken). It was found by trying every 3 x 3
  block of blue, red and empty cells around the vertex cell (with four arms at the block's side middles
  none works, hence the pinwheel). An unbreakable vertex of any degree is the blue centre with the
  pinwheel arms it needs. Every one is gadget-checked.
- **Boundary connection** (Figure 15b): a blue column from the middle of the leftmost horizontal segment
  of the drawing's top row up to the ring's blue cell (a segment at least one drawing unit long, so the
  column is three cells from either end).

Every solution path is the boundary of one simply connected, pinch-free set of cells (the region inside
it, closed by the blue cell's outer edge) holding every blue cell, no red one, and the centres of the
whole vertices: its cells are connected iff the residue is, and it has no hole iff the residue has no
cycle (each face of the drawing holds red cells).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, ClassVar

from gadgetry.core import CNF, PARSIMONIOUS, InputError, Reduction
from gadgetry.core.gadget import Gadget
from gadgetry.puzzles.witness.model import Cell, Panel, Path, make_panel, regions, square
from gadgetry.puzzles.witness_restricted import BLUE, RED, boundary_path
from gadgetry.sources.vertex_breaking import DRAWN_DEGREE_3_4, DRAWN_DEGREE_4, TRVBInstance

NAME = "witness-restricted-squares-from-tree-residue-vertex-breaking"
PAPER = "Witness seed"
SOURCE = f"{PAPER}, section 4.2, Theorem 4.3"
SCALE = 6
MARGIN = 2
#: Per direction (dx, dy) leaving a vertex: its arm's cells relative to the centre's top-left cell; the
#: last one is on the vertex's row or column, where the edge's corridor goes on.
ARMS: dict[tuple[int, int], tuple[Cell, ...]] = {
    (0, -1): ((0, -1),),
    (1, 0): ((2, 0),),
    (0, 1): ((1, 2), (1, 3), (0, 3)),
    (-1, 0): ((-1, 1), (-2, 1), (-2, 0)),
}
CENTRE: tuple[Cell, ...] = ((0, 0), (1, 0), (0, 1), (1, 1))
#: The breakable degree-3 vertex without a west edge, cells relative to the vertex's cell: blue, empty
#: (the centre, three cells in a column east of the red vertex cell) and per direction its arm. Found by
#: trying every 3 x 3 block of blue, red and empty cells around a vertex with arms north, east and south
#: (14 of 19,683 have exactly the two intended local solutions; this one has the fewest blue and empty cells;
#: `bench/witness_tee_search.py`).
TEE_BLUE: tuple[Cell, ...] = ((0, -1), (0, 1))
TEE_EMPTY: tuple[Cell, ...] = ((1, -1), (1, 0), (1, 1))
TEE_ARMS: dict[tuple[int, int], tuple[Cell, ...]] = {(0, -1): ((0, -1),), (1, 0): ((2, 0),), (0, 1): ((0, 1),)}
DIRECTIONS = ((0, -1), (1, 0), (0, 1), (-1, 0))


def _turn(c: tuple[int, int], k: int) -> tuple[int, int]:
    """``c`` turned k quarter turns (west to north to east ...)."""
    for _ in range(k % 4):
        c = (-c[1], c[0])
    return c


@dataclass(frozen=True)
class VertexGadget:
    """A vertex gadget's cells relative to the vertex's cell: blue, empty (its centre: the ports), and per
    direction of an edge its arm (the last arm cell is on the vertex's row or column)."""

    blue: frozenset[Cell]
    empty: tuple[Cell, ...]
    arms: Mapping[tuple[int, int], tuple[Cell, ...]]


@cache
def vertex_gadget_cells(directions: frozenset[tuple[int, int]], breakable: bool) -> VertexGadget:
    """The gadget of a vertex whose edges leave in ``directions``: a breakable one of degree 4 is the
    pinwheel (Figure 13, rebuilt), of degree 3 the tee turned so its missing arm is the missing direction;
    an unbreakable one (any degree) is a blue 2 x 2 centre with the pinwheel's arms it needs."""
    if breakable and len(directions) == 4:
        return VertexGadget(frozenset(c for arm in ARMS.values() for c in arm), CENTRE, ARMS)
    if breakable and len(directions) == 3:
        k = DIRECTIONS.index(next(d for d in DIRECTIONS if d not in directions))  # quarter turns from north
        k = (k + 1) % 4  # from west, where the tee's missing arm is
        return VertexGadget(frozenset(_turn(c, k) for c in TEE_BLUE), tuple(_turn(c, k) for c in TEE_EMPTY),
                            {_turn(d, k): tuple(_turn(c, k) for c in arm) for d, arm in TEE_ARMS.items()})
    if breakable:
        raise InputError(f"{NAME}: a breakable vertex of degree {len(directions)} has no gadget (3 or 4 only)")
    arms = {d: ARMS[d] for d in directions}
    return VertexGadget(frozenset(CENTRE) | {c for arm in arms.values() for c in arm}, (), arms)


@dataclass(frozen=True)
class Layout:
    """The board: blue cells, the empty centre cells of each breakable vertex, the ring's blue cell."""

    width: int
    height: int
    blue: frozenset[Cell]
    centres: Mapping[int, tuple[Cell, ...]]
    gate: Cell

    def panel(self) -> Panel:
        empty = {c for cs in self.centres.values() for c in cs}
        symbols = {(x, y): square(BLUE if (x, y) in self.blue else RED)
                   for x in range(self.width) for y in range(self.height) if (x, y) not in empty}
        gx, gy = self.gate
        return make_panel(self.width, self.height, [(gx, gy)], [(gx + 1, gy)], symbols=symbols)


def _line(a: Cell, b: Cell) -> list[Cell]:
    """The cells of the row or column segment from a to b, both included."""
    dx, dy = (b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1])
    if dx and dy:
        raise AssertionError(f"corridor {a}-{b} is not straight")
    out = [a]
    while out[-1] != b:
        out.append((out[-1][0] + dx, out[-1][1] + dy))
    return out


def _direction(p: tuple[int, int], q: tuple[int, int]) -> tuple[int, int]:
    return (q[0] > p[0]) - (q[0] < p[0]), (q[1] > p[1]) - (q[1] < p[1])


def _leaving(src: TRVBInstance) -> list[frozenset[tuple[int, int]]]:
    """Per vertex, the directions its edges leave it in the drawing."""
    out: list[set[tuple[int, int]]] = [set() for _ in range(src.vertices)]
    for i, (a, b) in enumerate(src.edges):
        route = src.route(i)
        out[a].add(_direction(route[0], route[1]))
        out[b].add(_direction(route[-1], route[-2]))
    return [frozenset(d) for d in out]


@lru_cache(maxsize=64)
def layout(src: TRVBInstance, scale: int = SCALE) -> Layout:
    """The board of the module docstring, drawing units ``scale`` cells apart."""
    if not src.positions:
        raise InputError(f"{NAME}: the source needs its orthogonal drawing (positions and bends)")
    leaving = _leaving(src)
    for v in range(src.vertices):
        if src.breakable[v] and src.degree(v) not in (3, 4):
            raise InputError(f"{NAME}: breakable vertex {v} has degree {src.degree(v)}; the vertex gadgets take "
                             f"breakable vertices of degree 3 or 4 only")
        if len(leaving[v]) != src.degree(v):  # a drawn vertex of degree 5 or more, or a loop
            raise InputError(f"{NAME}: vertex {v} has degree {src.degree(v)}; at most 4 edges fit a drawn vertex")
    pts = [*src.positions, *(p for bs in src.bends for p in bs)]
    x0, y0 = min(p[0] for p in pts), min(p[1] for p in pts)
    x1, y1 = max(p[0] for p in pts), max(p[1] for p in pts)

    def cell(p: tuple[int, int]) -> Cell:
        return (p[0] - x0) * scale + MARGIN, (p[1] - y0) * scale + MARGIN

    blue: set[Cell] = set()
    centres: dict[int, tuple[Cell, ...]] = {}
    gadgets = []
    for v, p in enumerate(src.positions):
        cx, cy = cell(p)
        g = vertex_gadget_cells(leaving[v], src.breakable[v])
        gadgets.append(g)
        blue.update((cx + dx, cy + dy) for dx, dy in g.blue)
        if g.empty:
            centres[v] = tuple((cx + dx, cy + dy) for dx, dy in g.empty)
    for i, (a, b) in enumerate(src.edges):
        route = src.route(i)
        ends = []
        for v, p, q in ((a, route[0], route[1]), (b, route[-1], route[-2])):
            cx, cy = cell(p)
            dx, dy = gadgets[v].arms[_direction(p, q)][-1]
            ends.append((cx + dx, cy + dy))
        points = [ends[0], *(cell(b) for b in route[1:-1]), ends[1]]
        for c, d in zip(points, points[1:]):
            blue.update(_line(c, d))
    if src.edges:
        top = min(((min(p[0], q[0]), max(p[0], q[0])) for i in range(len(src.edges))
                   for p, q in zip(src.route(i), src.route(i)[1:]) if p[1] == q[1] == y0))
        gx = (cell((top[0], y0))[0] + cell((top[1], y0))[0]) // 2
    else:  # a lone (unbreakable) vertex: the gate's column joins its centre
        gx = cell(src.positions[0])[0]
    blue.update(_line((gx, 0), (gx, MARGIN - 1)))
    return Layout((x1 - x0) * scale + 2 * MARGIN + 1, (y1 - y0) * scale + 2 * MARGIN + 1, frozenset(blue),
                  centres, (gx, 0))


class RestrictedSquaresFromTRVB(Reduction):
    name = NAME
    source = "tree-residue-vertex-breaking"
    target = "witness-restricted-squares"
    paper = PAPER
    section = "section 4.2"
    theorem = "Theorem 4.3"
    claim = PARSIMONIOUS
    #: Drawn multigraphs of degree-4 vertices (the generator's rectangle arrangements, the paper's form)
    #: and drawn ones with breakable vertices of degree 3 or 4 and unbreakable ones of degree 1 to 4
    #: (``tree-residue-vertex-breaking-from-planar-positive-1in3sat`` makes them).
    source_variants = frozenset({DRAWN_DEGREE_4, DRAWN_DEGREE_3_4})
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = (
        {"rectangles": 2, "unbreakable": 0}, {"rectangles": 3, "unbreakable": 0},
        {"rectangles": 3, "unbreakable": 2})

    def reduce(self, source: TRVBInstance) -> Panel:
        return layout(source).panel()

    def forward(self, source: TRVBInstance, target: Panel, source_solution: Any) -> Path:
        lay = layout(source)
        broken = set(source_solution)
        inside = set(lay.blue) | {c for v, cs in lay.centres.items() if v not in broken for c in cs}
        return boundary_path(target, inside)

    def backward(self, source: TRVBInstance, target: Panel, target_solution: Any) -> tuple[int, ...]:
        """A vertex is broken iff its centre's top-left cell is not in the gate's region."""
        lay = layout(source)
        inside = next(r for r in regions(target, target_solution) if lay.gate in r)
        return tuple(sorted(v for v, cs in lay.centres.items() if cs[0] not in inside))

    def gadgets(self) -> list[Gadget]:
        return [*vertex_gadgets(), corridor_gadget()]


# -- gadget checks -----------------------------------------------------------------------------------
def local_gadget(name: str, blue: set[Cell], empty: set[Cell], box: tuple[int, int, int, int],
                 ports: Mapping[str, Cell], text: str, allowed: Any) -> Gadget:
    """A window ``box`` = (x0, y0, x1, y1) of the board: cells blue, empty or else red. A filling is the set
    of path edges inside the window: the edges between a cell inside the blue region and one outside,
    with no vertex of the window met by four (a pinch: the path would pass it twice). Port ``p`` is true
    when cell ``ports[p]`` is inside. Every blue cell is inside and every red one outside, as in every
    solution of the Restricted Squares Problem (module docstring)."""
    x0, y0, x1, y1 = box
    cells = [(x, y) for x in range(x0, x1) for y in range(y0, y1)]

    def build() -> tuple[CNF, dict[str, int]]:
        cnf = CNF()
        ins = {c: cnf.var(("in", c)) for c in cells}
        for c in cells:
            if c in blue:
                cnf.add([ins[c]])
            elif c not in empty:
                cnf.add([-ins[c]])
        used = {}
        for (x, y), (dx, dy) in itertools.product(cells, ((1, 0), (0, 1))):
            d = (x + dx, y + dy)
            if d in ins:
                a, b, e = ins[(x, y)], ins[d], cnf.var(("edge", (x, y), d))
                cnf.extend([[-e, a, b], [-e, -a, -b], [e, -a, b], [e, a, -b]])
                used[(x, y), d] = e
        for x, y in itertools.product(range(x0 + 1, x1), range(y0 + 1, y1)):
            cnf.add([-used[(x - 1, y - 1), (x, y - 1)], -used[(x - 1, y), (x, y)],
                     -used[(x - 1, y - 1), (x - 1, y)], -used[(x, y - 1), (x, y)]])
        cnf.project(list(used.values()))
        return cnf, {p: ins[c] for p, c in ports.items()}

    return Gadget(name, tuple(ports), build, allowed, 1, source=f"{SOURCE} ({text})",
                  meta={"panel": gadget_panel(blue, empty, box)})


def gadget_panel(blue: set[Cell], empty: set[Cell], box: tuple[int, int, int, int]) -> Panel:
    """The window as a panel of its own, to draw (``render_panel``): squares as on the board, the start and
    end cap on the outer vertices of the leftmost blue cell of the top row (a corridor leaving the window),
    or of the top-left cell when no corridor leaves upwards."""
    x0, y0, x1, y1 = box
    symbols = {(x - x0, y - y0): square(BLUE if (x, y) in blue else RED)
               for x in range(x0, x1) for y in range(y0, y1) if (x, y) not in empty}
    gx = min((x for (x, y), s in symbols.items() if y == 0 and s.colour == BLUE), default=0)
    return make_panel(x1 - x0, y1 - y0, [(gx, 0)], [(gx + 1, 0)], symbols=symbols)


def vertex_gadget(directions: frozenset[tuple[int, int]], breakable: bool, reach: int = 3) -> Gadget:
    """A vertex with its arms and ``reach`` cells of each corridor beyond them. A breakable one (Figure 13,
    rebuilt; the tee for degree 3) has exactly two local solutions, its centre all inside (whole) or all
    outside (broken), and no other; an unbreakable one has one."""
    g = vertex_gadget_cells(directions, breakable)
    blue = set(g.blue)
    for (dx, dy), arm in g.arms.items():
        blue.update(_line(arm[-1], (arm[-1][0] + reach * dx, arm[-1][1] + reach * dy)))
    cells = blue | set(itertools.product(range(-3, 5), repeat=2))  # corridors reach the window's sides
    box = (min(x for x, _ in cells), min(y for _, y in cells), max(x for x, _ in cells) + 1,
           max(y for _, y in cells) + 1)
    arms = "".join("NESW"[DIRECTIONS.index(d)] for d in DIRECTIONS if d in directions)
    if breakable:
        ports = {f"c{x}{y}": c for c in g.empty for x, y in [c]}
        what = "Figure 13, rebuilt" if len(directions) == 4 else "the tee, found by search"
        return local_gadget(f"breakable vertex, arms {arms}", blue, set(g.empty), box, ports, what,
                            [(False,) * len(ports), (True,) * len(ports)])
    return local_gadget(f"unbreakable vertex, arms {arms}", blue, set(), box, {"c": (0, 0)},
                        "an unbreakable vertex", [(True,)])


def vertex_gadgets() -> list[Gadget]:
    """Every vertex gadget the layout uses: breakable ones of degree 4 and 3 (each missing direction),
    unbreakable ones for every nonempty set of directions."""
    sets = [frozenset(c) for k in range(1, 5) for c in itertools.combinations(DIRECTIONS, k)]
    return [vertex_gadget(d, True) for d in sets if len(d) >= 3] + [vertex_gadget(d, False) for d in sets]


def corridor_gadget() -> Gadget:
    """Figures 14 and 15b (rebuilt): a corridor with a turn and a branch (the boundary connection's T)
    has exactly one local solution."""
    blue = set(_line((0, 3), (5, 3))) | set(_line((5, 3), (5, 8))) | set(_line((2, -1), (2, 3)))
    return local_gadget("edge, turn and boundary connection (Figures 14, 15b)", blue, set(), (-2, -1, 8, 10),
                        {"corner": (5, 3)}, "Figures 14 and 15b, rebuilt", [(True,)])


REDUCTIONS = [RestrictedSquaresFromTRVB()]
