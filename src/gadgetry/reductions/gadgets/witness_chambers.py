"""Chamber windows for the Witness seed's chamber gadgets with region clues (Abel et al., "Who witnesses The
Witness?", section 2.1: Corollaries 2.1 and 2.2), and the routing search their ``forward`` maps share with
Corollary 2.3.

A *window* is one chamber of the Hamiltonicity framework (:mod:`.witness_frame`: radius r, centre (0, 0),
y down) with one ring of cells around it, all of whose edges are broken except the hallway stubs (one edge
from each port to the window's side). Regions see the chamber as the whole panel sees it when every
chamber has its ring (scale ``s = 2r + 1`` gives the one-cell gap between chambers, a margin of one row
gives the border chambers theirs): a path through the chamber from port a to port b cuts the ring at a and
b only, so the cells on either side of it are joined through their ring arc, and the two arcs are in
different regions of the panel (both path ends lie on the panel's boundary: the path and the boundary
close a curve). The window is exact for squares and stars in every chamber but the start/end one, whose
outside (left of its left hallway, and right of it) the window cannot join: there it is stricter.

Two window panels per chamber:

- a *traversal* panel (:meth:`Window.traversal`): start at the tip of stub a, end at the tip of stub b,
  plus a *marker* clue in the ring cell left of the path where it enters (or right): what ``forward``
  checks a candidate route against;
- the *gadget* panel (:meth:`Window.gadget_panel`): the window's side is a corridor (boundary edges do not
  cut regions) from a start at the top-left corner, counterclockwise past every stub tip, to an end one
  step right of it, so that a path goes out through any pair of stubs and the chamber is the only place
  it can do anything else; a marker in the top-left ring cell fixes which side of the traversal is the
  corridor's. Its CNF (the Witness encoding itself, region constraints included) is the chamber's gadget:
  ports are the stub edges (:func:`window_gadget`).

The start/end chamber's window (``start_chamber``) has the start circle and end cap on the window's
bottom side, below the chamber's bottom corners, joined to them by one edge each (with a margin of one
row the real panel has them there too); its corridor runs up the left side, over the top and down the
right side and joins the stub tips in any order.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from gadgetry.core import NO_CLAIM, InputError, Reduction
from gadgetry.core.gadget import Gadget
from gadgetry.puzzles.witness.encoding import encode
from gadgetry.puzzles.witness.model import Cell, Edge, Panel, Path, Symbol, Vertex, all_edges, edge, make_panel
from gadgetry.puzzles.witness.rules import check
from gadgetry.sources.grid_hamiltonicity import GridGraph

from .witness_frame import DIRECTIONS, Frame, Point, direction, hallway_view


def left_of(d: str) -> tuple[int, int]:
    """The unit step to the left of a walker heading ``d`` (panel directions, y down)."""
    dx, dy = DIRECTIONS[d]
    return (dy, -dx)


OPPOSITE = {"left": "right", "right": "left", "up": "down", "down": "up"}


@dataclass(frozen=True)
class Window:
    """One chamber of radius ``radius`` with hallway stubs towards ``ports`` and cell clues ``symbols``
    (chamber-relative cells: a cell by its top-left vertex) and ``broken`` chamber edges (chamber-relative),
    as a panel of its own."""

    radius: int
    ports: tuple[str, ...]
    symbols: Mapping[Cell, Symbol] = field(default_factory=dict)
    start_chamber: bool = False
    broken: frozenset[Edge] = frozenset()

    @property
    def side(self) -> int:
        return 2 * self.radius + 2

    def at(self, p: Vertex) -> Vertex:
        """Window coordinates of a chamber-relative vertex or cell."""
        o = self.radius + 1
        return (p[0] + o, p[1] + o)

    def chamber_vertex(self, q: Vertex) -> Vertex:
        """Chamber-relative coordinates of a window vertex."""
        o = self.radius + 1
        return (q[0] - o, q[1] - o)

    def port(self, d: str) -> Vertex:
        dx, dy = DIRECTIONS[d]
        return self.at((self.radius * dx, self.radius * dy))

    def tip(self, d: str) -> Vertex:
        dx, dy = DIRECTIONS[d]
        return self.at(((self.radius + 1) * dx, (self.radius + 1) * dy))

    def legs(self) -> tuple[tuple[Vertex, Vertex], tuple[Vertex, Vertex]]:
        """The start/end chamber's (start circle, bottom-left corner) and (bottom-right corner, end cap)."""
        r, s = self.radius, self.side
        return ((self.at((-r, r))[0], s), self.at((-r, r))), (self.at((r, r)), (self.at((r, r))[0], s))

    def entry_cell(self, d: str, left: bool) -> Cell:
        """The ring cell beside stub ``d``, on the left (else right) of a walker entering the chamber."""
        lx, ly = left_of(OPPOSITE[d])
        if not left:
            lx, ly = -lx, -ly
        (px, py), (tx, ty) = self.port(d), self.tip(d)
        return ((px + tx + lx - 1) // 2, (py + ty + ly - 1) // 2)

    def _keep(self, corridor: bool) -> set[Edge]:
        r, s = self.radius, self.side
        inner = {self.at((i, j)) for i in range(-r, r + 1) for j in range(-r, r + 1)}
        cut = {edge(self.at(p), self.at(q)) for p, q in self.broken}
        keep = {edge(p, q) for p in inner for q in ((p[0] + 1, p[1]), (p[0], p[1] + 1)) if q in inner} - cut
        keep |= {edge(self.port(d), self.tip(d)) for d in self.ports}
        if self.start_chamber:
            keep |= {edge(*leg) for leg in self.legs()}
        if corridor:
            keep |= {e for e in all_edges(self._probe()) if _on_side(e, s, bottom=not self.start_chamber)}
        return keep

    def _probe(self) -> Panel:
        return Panel(self.side, self.side, ((0, 0),), ((1, 0),))

    def panel(self, starts: Iterable[Vertex], ends: Iterable[Vertex], corridor: bool,
              extra: Mapping[Cell, Symbol] | None = None) -> Panel:
        keep = self._keep(corridor)
        symbols = {self.at(c): s for c, s in self.symbols.items()} | dict(extra or {})
        return make_panel(self.side, self.side, starts, ends,
                          broken=[e for e in all_edges(self._probe()) if e not in keep], symbols=symbols)

    def traversal(self, a: str, b: str, marker: Symbol | None = None, left: bool = True) -> Panel:
        """In through stub ``a``, out through ``b`` (start chamber: the start circle out through ``b``, in
        through ``a`` to the end cap, the stub tips joined by the corridor), with ``marker`` in the ring
        cell on the ``left`` (else right) of the path where it enters through ``a``."""
        extra = {self.entry_cell(a, left): marker} if marker is not None else {}
        if self.start_chamber:
            (start, _), (_, end) = self.legs()
            return self.panel([start], [end], True, extra)
        return self.panel([self.tip(a)], [self.tip(b)], False, extra)

    def gadget_panel(self, marker: Symbol | None = None) -> Panel:
        """The corridor panel of the module docstring, ``marker`` in the top-left ring cell."""
        extra = {(0, 0): marker} if marker is not None else {}
        if self.start_chamber:
            (start, _), (_, end) = self.legs()
            return self.panel([start], [end], True, extra)
        return self.panel([(0, 0)], [(1, 0)], True, extra)


def unsolvable_panel() -> Panel:
    """The image of a one-point source (no Hamiltonian cycle, but the framework's start/end chamber alone
    would let the path run from the start to the end inside it): one cell, start and end at opposite
    corners, every edge broken."""
    return make_panel(1, 1, [(0, 0)], [(1, 1)], broken=all_edges(Panel(1, 1, ((0, 0),), ((1, 1),))))


def _on_side(e: Edge, s: int, bottom: bool) -> bool:
    (x1, y1), (x2, y2) = e
    if y1 == y2:
        return y1 == 0 or (bottom and y1 == s)
    return x1 in (0, s)


def window_gadget(name: str, window: Window, marker: Symbol | None, source: str) -> Gadget:
    """The chamber as a :class:`Gadget` on its corridor panel's Witness CNF: ports are the hallway stubs,
    allowed exactly when two are used (the start/end chamber: also none, the path staying inside it)."""
    panel = window.gadget_panel(marker)
    counts = {0, 2} if window.start_chamber else {2}
    table = [a for a in itertools.product((False, True), repeat=len(window.ports)) if sum(a) in counts]

    def build():
        cnf = encode(panel).cnf
        return cnf, {d: cnf.var(("e", edge(window.port(d), window.tip(d)))) for d in window.ports}

    return Gadget(name, window.ports, build, table, None, source, {"panel": panel})


class RegionChambers(Reduction):
    """The broken-edge framework with region clues in the chambers (Corollaries 2.1 and 2.2): scale
    ``s = 2r + 1``, a margin of one row (every chamber has its ring of cells), the start circle and end
    cap on the panel's bottom side below the start/end chamber's bottom corners, one edge from each; every
    other edge outside chambers and hallways broken, and ``chamber_broken`` inside each chamber. A theorem
    gives ``r``, ``chamber_symbols`` and ``markers``: the gadget checks' markers for the corridor corner
    (each chamber type is checked with each), the first of them the clue ``forward`` keeps on one side
    (None: no side matters)."""

    source = "grid-hamiltonian-cycle"
    target = "witness"
    paper = "Witness seed"
    section = "2.1"
    claim = NO_CLAIM
    r: ClassVar[int]
    chamber_broken: ClassVar[frozenset[Edge]] = frozenset()
    markers: ClassVar[tuple[Symbol | None, ...]] = (None,)
    verify_params = ({"n": 4, "width": 3, "height": 3}, {"n": 6, "width": 3, "height": 3})
    verify_unsat_params = {"n": 6, "width": 3, "height": 3}

    def chamber_symbols(self, f: Frame, v: Point) -> dict[Cell, Symbol]:
        raise NotImplementedError

    def frame(self, src: GridGraph) -> Frame:
        return Frame(src, 2 * self.r + 1, self.r, margin=1)

    def window(self, f: Frame, v: Point, start: bool = False) -> Window:
        ports = tuple(direction(v, w) for w in f.neighbours(v))
        return Window(self.r, ports, self.chamber_symbols(f, v), start, self.chamber_broken)

    def legs(self, f: Frame) -> tuple[Edge, Edge]:
        v, r = f.start_chamber, self.r
        return edge(f.offset(v, -r, r), f.offset(v, -r, r + 1)), edge(f.offset(v, r, r), f.offset(v, r, r + 1))

    def reduce(self, src: GridGraph) -> Panel:
        if len(src.points) == 1:
            return unsolvable_panel()
        f = self.frame(src)
        (_, start), (_, end) = self.legs(f)
        broken = (f.outside_edges() - set(self.legs(f))) | {
            edge(f.offset(v, *p), f.offset(v, *q)) for v in f.points for p, q in self.chamber_broken}
        symbols = {f.offset(v, *c): s for v in f.points for c, s in self.chamber_symbols(f, v).items()}
        return make_panel(f.width, f.height, [start], [end], broken=broken, symbols=symbols)

    def forward(self, src: GridGraph, target: Panel, tour: Sequence[Point]) -> Path:
        """The cycle routed chamber by chamber (first route that solves the chamber's window), with the
        marker on the left of every chamber's entry, else on the right: one of the two puts the marked
        colour inside the cycle everywhere."""
        f = self.frame(src)
        for left in (True, False):
            def route(v: Point, a: Point, b: Point) -> Sequence[Vertex] | None:
                found = find_route(f, v, self.window(f, v), direction(v, a), direction(v, b), self.markers[0], left)
                return None if found is None else found[0]

            def start_route(v: Point, a: Point, b: Point) -> tuple[Sequence[Vertex], Sequence[Vertex]] | None:
                found = find_route(f, v, self.window(f, v, True), direction(v, a), direction(v, b), self.markers[0], left)
                return None if found is None else (found[0], found[1])

            path = f.forward(tour, route, start_route)
            if check(target, path):
                return path
        raise InputError(f"{self.name}: no routing of the cycle solves the panel")

    def backward(self, src: GridGraph, target: Panel, path: Path) -> tuple[Point, ...]:
        return self.frame(src).backward(path)

    def certificate_view(self, src: GridGraph, target: Panel) -> Any:
        """The hallway view, without its Ganak count: on these region-clue boards Ganak takes minutes
        (138 s on an 11 x 11 one); the projected enumeration still reads every certificate."""
        return dataclasses.replace(hallway_view(self.frame(src), target, encode), count=None)

    def gadget_windows(self) -> list[tuple[str, Window]]:
        """The chamber types: three hallways (fewer is one of these with the others unused) and the
        start/end chamber, whose hallways go left and up."""
        triples = (("left", "up", "right"), ("up", "right", "down"), ("right", "down", "left"), ("down", "left", "up"))
        probe = Frame(GridGraph(((0, 0), (1, 0), (0, 1), (-1, 0), (0, -1))), 2 * self.r + 1, self.r)
        syms = self.chamber_symbols(probe, (0, 0))
        return [(f"chamber-{'-'.join(t)}", Window(self.r, t, syms, False, self.chamber_broken)) for t in triples] + \
            [("start-end-chamber", Window(self.r, ("left", "up"), syms, True, self.chamber_broken))]

    def gadgets(self) -> list[Gadget]:
        return [window_gadget(name + ("" if m is None else f"-{m.colour}-corner"), w, m, f"{self.paper}, section "
                              f"{self.section}, {self.theorem}") for name, w in self.gadget_windows() for m in self.markers]


def find_route(frame: Frame, v: Point, window: Window, a: str, b: str, marker: Symbol | None = None,
               left: bool = True) -> tuple[tuple[Vertex, ...], ...] | None:
    """The first chamber route (shortest first) of ``v`` from port ``a`` to port ``b`` (the start/end
    chamber: the pair head, tail) that solves the window's traversal panel, in panel coordinates."""
    panel = window.traversal(a, b, marker, left)
    X, Y = frame.at(v)

    def to_panel(piece: Iterable[Vertex]) -> tuple[Vertex, ...]:
        return tuple((X + p[0], Y + p[1]) for p in (window.chamber_vertex(q) for q in piece))

    if not window.start_chamber:
        for piece in frame.chamber_paths(v, frame.offset(v, *_rel(window, a)), frame.offset(v, *_rel(window, b))):
            local = (window.tip(a),) + tuple(window.at(frame.local(v, p)) for p in piece) + (window.tip(b),)
            if check(panel, local):
                return (to_panel(local[1:-1]),)
        return None
    (start, corner), (corner2, end) = window.legs()
    for head in frame.chamber_paths(v, frame.offset(v, *window.chamber_vertex(corner)), frame.offset(v, *_rel(window, b))):
        hw = tuple(window.at(frame.local(v, p)) for p in head)
        for tail in frame.chamber_paths(v, frame.offset(v, *_rel(window, a)), frame.offset(v, *window.chamber_vertex(corner2)),
                                        avoid=head):
            tw = tuple(window.at(frame.local(v, p)) for p in tail)
            local = (start,) + hw + _corridor(window, b, a) + tw + (end,)
            if check(panel, local):
                return to_panel((start,) + hw), to_panel(tw + (end,))
    return None


def _rel(window: Window, d: str) -> Vertex:
    return window.chamber_vertex(window.port(d))


def _corridor(window: Window, b: str, a: str) -> tuple[Vertex, ...]:
    """The start/end window's corridor walk from stub ``b``'s tip to stub ``a``'s (both included)."""
    s = window.side
    ring = [(0, y) for y in range(s, -1, -1)] + [(x, 0) for x in range(1, s + 1)] + [(s, y) for y in range(1, s + 1)]
    i, j = ring.index(window.tip(b)), ring.index(window.tip(a))
    return tuple(ring[i:j + 1] if i <= j else ring[j:i + 1][::-1])
