"""The data model of Witness panels (Abel et al., "Who witnesses The Witness?", section 1 and Table 2;
the browser solver Overv's TheWitnessSolver for the ``solver`` rule set).

Coordinates: a panel has ``width x height`` cells and ``(width + 1) x (height + 1)`` vertices.

- ``Vertex = (x, y)`` with ``0 <= x <= width``, ``0 <= y <= height``; y grows downwards.
- ``Edge = (u, v)``: two adjacent vertices, sorted (``u < v`` as tuples).
- ``Cell = (x, y)``: the cell whose top-left vertex is ``(x, y)``, ``0 <= x < width``, ``0 <= y < height``.

A :class:`Panel` is a frozen, hashable dataclass:

- ``starts``, ``ends``: sorted, non-empty, disjoint vertex tuples (start circles; end caps, which may sit
  anywhere, not only on the boundary);
- ``broken``: edges the path may not use (they do not separate regions; a non-rectangular grid graph is
  a rectangle with broken edges);
- ``vertex_hexagons``, ``edge_hexagons``: vertices and edges the path must use;
- ``symbols``: ``((cell, Symbol), ...)`` sorted by cell, at most one symbol per cell;
- ``rules``: ``"paper"`` or ``"solver"`` (see :mod:`gadgetry.puzzles.witness.rules`);
- ``options``: every open-rule option as sorted ``(name, value)`` pairs (:data:`OPTIONS` gives the names
  and stated defaults).

A :class:`Symbol` has a ``kind`` in :data:`KINDS`, a ``colour`` (any lower-case name; the solver format
knows :data:`SOLVER_COLOURS`), a ``count`` (1..3 for triangles, else 0), a ``shape`` (for ``poly`` and
``antipoly``: sorted pixels ``(x, y)`` translated to touch both axes, else ``()``) and ``rotatable``
(False unless a rotatable (anti)polyomino). Under ``solver`` an ``antipoly`` is a hollow piece.

A solution is a path: a tuple of vertices, simple (no vertex twice), each step along an unbroken edge,
first vertex a start, last vertex an end (it may pass over other starts and ends). Since starts and ends
are disjoint, a path is determined by its edge set.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from gadgetry.core import InputError
from gadgetry.core.values import is_int

Vertex = tuple[int, int]
Edge = tuple[Vertex, Vertex]
Cell = tuple[int, int]
Path = tuple[Vertex, ...]

KINDS = ("square", "star", "triangle", "poly", "antipoly", "antibody")
RULES = ("paper", "solver")
#: The Witness seed's open rules, with the stated defaults: ``reflect`` = polyomino placements may also be
#: reflected (the paper never mentions reflection; default no); ``eliminate_visited_hexagons`` = under
#: ``paper``, a visited (satisfied) hexagon counts as a clue of every region it touches, so an antibody may
#: erase it as padding (the paper leaves it open; default no).
OPTIONS: dict[str, bool] = {"eliminate_visited_hexagons": False, "reflect": False}
DEFAULT_OPTIONS: tuple[tuple[str, bool], ...] = tuple(sorted(OPTIONS.items()))
#: The browser solver's colour codes 0..8 (docs/formats.md).
SOLVER_COLOURS = ("black", "white", "cyan", "magenta", "yellow", "red", "green", "blue", "orange")
COLOUR_RE = re.compile(r"[a-z][a-z0-9_-]{0,31}\Z")
MAX_SIDE = 1024  # reduction boards (Witness seed, sections 2-8) outgrow the game's panels
#: Pixels of one (anti)polyomino clue: Theorem 8.6's large polyomino is nearly its whole panel.
MAX_PIECE = MAX_SIDE * MAX_SIDE
NAME = "witness"


@dataclass(frozen=True, order=True)
class Symbol:
    """A cell clue; see the module docstring for the fields' canonical values."""

    kind: str
    colour: str = "black"
    count: int = 0
    shape: tuple[Cell, ...] = ()
    rotatable: bool = False


@dataclass(frozen=True)
class Panel:
    """A Witness panel; see the module docstring."""

    width: int
    height: int
    starts: tuple[Vertex, ...]
    ends: tuple[Vertex, ...]
    broken: frozenset[Edge] = frozenset()
    vertex_hexagons: frozenset[Vertex] = frozenset()
    edge_hexagons: frozenset[Edge] = frozenset()
    symbols: tuple[tuple[Cell, Symbol], ...] = ()
    rules: str = "paper"
    options: tuple[tuple[str, bool], ...] = field(default=DEFAULT_OPTIONS)

    def option(self, name: str) -> bool:
        return dict(self.options)[name]

    def symbol_map(self) -> dict[Cell, Symbol]:
        return dict(self.symbols)


# -- constructors --------------------------------------------------------------------------------------
def edge(u: Vertex, v: Vertex) -> Edge:
    """The normalised edge between two adjacent vertices."""
    return (u, v) if u <= v else (v, u)


def normalise_shape(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """Pixels translated so that the smallest x and the smallest y are 0, sorted."""
    cs = set(cells)
    if not cs:
        return ()
    mx, my = min(x for x, _ in cs), min(y for _, y in cs)
    return tuple(sorted((x - mx, y - my) for x, y in cs))


def square(colour: str = "black") -> Symbol:
    return Symbol("square", colour)


def star(colour: str = "black") -> Symbol:
    return Symbol("star", colour)


def triangle(count: int, colour: str = "orange") -> Symbol:
    return Symbol("triangle", colour, count)


def poly(shape: Iterable[Cell], rotatable: bool = False, colour: str = "yellow") -> Symbol:
    return Symbol("poly", colour, 0, normalise_shape(shape), rotatable)


def antipoly(shape: Iterable[Cell], rotatable: bool = False, colour: str = "blue") -> Symbol:
    return Symbol("antipoly", colour, 0, normalise_shape(shape), rotatable)


def antibody(colour: str = "white") -> Symbol:
    return Symbol("antibody", colour)


def make_panel(width: int, height: int, starts: Iterable[Vertex], ends: Iterable[Vertex], *,
               broken: Iterable[Edge] = (), vertex_hexagons: Iterable[Vertex] = (),
               edge_hexagons: Iterable[Edge] = (), symbols: Mapping[Cell, Symbol] | Iterable[tuple[Cell, Symbol]] = (),
               rules: str = "paper", options: Mapping[str, bool] | None = None) -> Panel:
    """A validated panel in canonical form (edges normalised, tuples sorted, every option present)."""
    unknown = sorted(set(options or {}) - set(OPTIONS))
    if unknown:
        raise InputError(f"{NAME}: unknown option {unknown[0]!r} (options: {', '.join(OPTIONS)})")
    opts = tuple(sorted({**OPTIONS, **(options or {})}.items()))
    items = symbols.items() if isinstance(symbols, Mapping) else symbols
    panel = Panel(width, height, tuple(sorted(set(starts))), tuple(sorted(set(ends))),
                  frozenset(edge(*e) for e in broken), frozenset(vertex_hexagons),
                  frozenset(edge(*e) for e in edge_hexagons), tuple(sorted(items, key=lambda t: t[0])),
                  rules, opts)
    validate(panel)
    return panel


# -- geometry ------------------------------------------------------------------------------------------
def local_clues_only(panel: Panel) -> bool:
    """Whether every clue is local, satisfied or not by the path's own edges alone (broken edges, hexagons,
    triangles): no region clue, so no region need be built to check a path."""
    return all(s.kind == "triangle" for _, s in panel.symbols)


def vertices(panel: Panel) -> list[Vertex]:
    return [(x, y) for y in range(panel.height + 1) for x in range(panel.width + 1)]


def cells(panel: Panel) -> list[Cell]:
    return [(x, y) for y in range(panel.height) for x in range(panel.width)]


def all_edges(panel: Panel) -> list[Edge]:
    """Every grid edge, broken or not, horizontal ones first."""
    w, h = panel.width, panel.height
    return [((x, y), (x + 1, y)) for y in range(h + 1) for x in range(w)] + \
           [((x, y), (x, y + 1)) for y in range(h) for x in range(w + 1)]


def edges(panel: Panel) -> list[Edge]:
    """The unbroken edges (those a path may use)."""
    return [e for e in all_edges(panel) if e not in panel.broken]


def neighbours(panel: Panel, v: Vertex) -> list[Vertex]:
    """Vertices joined to ``v`` by an unbroken edge."""
    x, y = v
    out = []
    for u in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
        if 0 <= u[0] <= panel.width and 0 <= u[1] <= panel.height and edge(u, v) not in panel.broken:
            out.append(u)
    return out


def cell_sides(c: Cell) -> tuple[Edge, Edge, Edge, Edge]:
    """The four edges around a cell: top, bottom, left, right."""
    x, y = c
    return (((x, y), (x + 1, y)), ((x, y + 1), (x + 1, y + 1)), ((x, y), (x, y + 1)), ((x + 1, y), (x + 1, y + 1)))


def edge_cells(panel: Panel, e: Edge) -> list[Cell]:
    """The one or two cells on either side of an edge."""
    (x1, y1), (_, y2) = e
    cand = [(x1, y1 - 1), (x1, y1)] if y1 == y2 else [(x1 - 1, y1), (x1, y1)]
    return [c for c in cand if 0 <= c[0] < panel.width and 0 <= c[1] < panel.height]


def vertex_cells(panel: Panel, v: Vertex) -> list[Cell]:
    """The one to four cells having ``v`` as a corner."""
    x, y = v
    return [c for c in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y))
            if 0 <= c[0] < panel.width and 0 <= c[1] < panel.height]


def path_edges(path: Iterable[Vertex]) -> frozenset[Edge]:
    p = list(path)
    return frozenset(edge(p[i], p[i + 1]) for i in range(len(p) - 1))


def regions(panel: Panel, path: Iterable[Vertex]) -> list[frozenset[Cell]]:
    """The connected components of cells, two side-adjacent cells joined unless their shared edge is on
    the path (broken edges do not separate); sorted by smallest cell (y, x)."""
    used = path_edges(path)
    seen: dict[Cell, int] = {}
    out: list[frozenset[Cell]] = []
    for c0 in sorted(cells(panel), key=lambda c: (c[1], c[0])):
        if c0 in seen:
            continue
        comp = {c0}
        stack = [c0]
        seen[c0] = len(out)
        while stack:
            x, y = stack.pop()
            for nb, e in (((x + 1, y), ((x + 1, y), (x + 1, y + 1))), ((x - 1, y), ((x, y), (x, y + 1))),
                          ((x, y + 1), ((x, y + 1), (x + 1, y + 1))), ((x, y - 1), ((x, y), (x + 1, y)))):
                if nb not in seen and 0 <= nb[0] < panel.width and 0 <= nb[1] < panel.height and e not in used:
                    seen[nb] = len(out)
                    comp.add(nb)
                    stack.append(nb)
        out.append(frozenset(comp))
    return out


def orientations(shape: tuple[Cell, ...], rotatable: bool, reflect: bool = False) -> list[tuple[Cell, ...]]:
    """The distinct normalised placements' shapes: the shape itself, its quarter turns if rotatable,
    and their mirror images if ``reflect``."""
    forms = [shape]
    if rotatable:
        cur = shape
        for _ in range(3):
            cur = normalise_shape((-y, x) for x, y in cur)
            forms.append(cur)
    if reflect:
        forms += [normalise_shape((-x, y) for x, y in f) for f in forms]
    out: list[tuple[Cell, ...]] = []
    for f in forms:
        if f not in out:
            out.append(f)
    return out


# -- validation ----------------------------------------------------------------------------------------

def _is_pair(v: object) -> bool:
    return isinstance(v, tuple) and len(v) == 2 and all(is_int(t) for t in v)


def validate_symbol(c: Cell, s: Symbol) -> None:
    if not isinstance(s, Symbol) or s.kind not in KINDS:
        raise InputError(f"{NAME}: symbol at {c} has an unknown kind (kinds: {', '.join(KINDS)})")
    if not isinstance(s.colour, str) or not COLOUR_RE.match(s.colour):
        raise InputError(f"{NAME}: symbol at {c} has a bad colour {s.colour!r} (a lower-case name)")
    if s.kind == "triangle":
        if not is_int(s.count) or not 1 <= s.count <= 3:
            raise InputError(f"{NAME}: triangle at {c} needs a count in 1..3, got {s.count!r}")
    elif s.count != 0:
        raise InputError(f"{NAME}: a {s.kind} at {c} has no count")
    if s.kind in ("poly", "antipoly"):
        if not isinstance(s.shape, tuple) or not s.shape or not all(_is_pair(p) for p in s.shape) or \
                normalise_shape(s.shape) != s.shape or len(s.shape) > MAX_PIECE:
            raise InputError(f"{NAME}: {s.kind} at {c} needs a normalised non-empty shape of at most {MAX_PIECE} pixels")
        if not isinstance(s.rotatable, bool):
            raise InputError(f"{NAME}: {s.kind} at {c}: rotatable must be a boolean")
    elif s.shape != () or s.rotatable is not False:
        raise InputError(f"{NAME}: a {s.kind} at {c} has no shape and is not rotatable")


def validate(panel: Panel) -> None:
    """Raise :class:`InputError` unless ``panel`` is well formed and canonical."""
    if not isinstance(panel, Panel):
        raise InputError(f"{NAME}: not a panel")
    w, h = panel.width, panel.height
    if not is_int(w) or not is_int(h) or not (1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE):
        raise InputError(f"{NAME}: width and height must be integers in 1..{MAX_SIDE}")
    if panel.rules not in RULES:
        raise InputError(f"{NAME}: rules must be one of {', '.join(RULES)}, got {panel.rules!r}")
    if not isinstance(panel.options, tuple) or [n for n, _ in panel.options] != sorted(OPTIONS) or \
            not all(isinstance(v, bool) for _, v in panel.options):
        raise InputError(f"{NAME}: options must give every option ({', '.join(sorted(OPTIONS))}) a boolean")

    def vertex_ok(v: object) -> bool:
        return _is_pair(v) and 0 <= v[0] <= w and 0 <= v[1] <= h  # type: ignore[index]

    def edge_ok(e: object) -> bool:
        if not (isinstance(e, tuple) and len(e) == 2 and all(vertex_ok(v) for v in e)):
            return False
        (x1, y1), (x2, y2) = e  # type: ignore[misc]
        return (x2 - x1, y2 - y1) in ((1, 0), (0, 1))

    for name in ("starts", "ends"):
        vs = getattr(panel, name)
        if not isinstance(vs, tuple) or not vs or not all(vertex_ok(v) for v in vs) or list(vs) != sorted(set(vs)):
            raise InputError(f"{NAME}: {name} must be a non-empty sorted tuple of distinct vertices on the grid")
    both = sorted(set(panel.starts) & set(panel.ends))
    if both:
        raise InputError(f"{NAME}: vertex {both[0]} is both a start and an end")
    for name in ("broken", "edge_hexagons"):
        es = getattr(panel, name)
        if not isinstance(es, frozenset) or not all(edge_ok(e) for e in es):
            raise InputError(f"{NAME}: {name} must be a frozenset of normalised grid edges")
    if not isinstance(panel.vertex_hexagons, frozenset) or not all(vertex_ok(v) for v in panel.vertex_hexagons):
        raise InputError(f"{NAME}: vertex_hexagons must be a frozenset of grid vertices")
    clash = sorted(panel.broken & panel.edge_hexagons)
    if clash:
        raise InputError(f"{NAME}: edge {clash[0]} is both broken and a hexagon")
    if not isinstance(panel.symbols, tuple):
        raise InputError(f"{NAME}: symbols must be a tuple of (cell, symbol)")
    prev = None
    for item in panel.symbols:
        if not (isinstance(item, tuple) and len(item) == 2 and _is_pair(item[0])):
            raise InputError(f"{NAME}: a symbol entry is (cell, symbol), got {item!r}")
        c, s = item
        if not (0 <= c[0] < w and 0 <= c[1] < h):
            raise InputError(f"{NAME}: symbol cell {c} is off the {w}x{h} panel")
        if prev is not None and c <= prev:
            raise InputError(f"{NAME}: symbols must be sorted by cell, one per cell (cell {c})")
        prev = c
        validate_symbol(c, s)

