"""The Hamiltonicity framework of the Witness seed (Abel et al., "Who witnesses The Witness?", section 2),
shared by every Witness reduction from Hamiltonian cycle in a grid graph of maximum degree 3.

A source grid graph (points ``(x, y)`` of the integer lattice, **y up** as in the paper) is scaled by ``s``;
each point ``v`` becomes a *chamber*: the ``(2r+1) x (2r+1)`` block of panel vertices around ``s*v`` with
all its induced edges (``2r < s``); each source edge ``{v, w}`` becomes a *hallway*: the straight lattice
path between the two chambers' boundaries, ``s - 2r`` edges. The panel model's y grows **downwards**; this
module owns that conversion, once: :meth:`Frame.at` maps a source point to its chamber centre,

    X = s * (x - min x) + r + margin,    Y = s * (max y - y) + r + margin,

so the panel is the chambers' bounding box grown by ``margin`` on every side. Directions are named in the
panel's terms (``"right"`` = +X, ``"down"`` = +Y = the paper's "below"); the paper's *bottommost* chamber
is the one with the largest panel Y.

The *start/end chamber* is the bottommost, then rightmost chamber (Theorem 3.4 names it so for the
outer wall; section 2 only asks for one next to the boundary of G): it has no neighbour below or to its
right, so its hallways (when it is on a cycle) go left and up, and its bottom side lies on the panel's
bottom side when ``margin = 0``.

What a theorem supplies: the clues (``reduce``), and a *routing* for ``forward``: ``route(v, a, b)`` is a
simple vertex sequence inside chamber ``v`` from the port towards ``a`` to the port towards ``b``, and
``start_route(v, a, b)`` a pair ``(head, tail)``: the path's first piece from the start circle to the port
towards ``b`` and its last piece from the port towards ``a`` to the end cap; either returns None where the
chamber cannot be traversed that way (``forward`` then tries the cycle's other orientation).
:meth:`Frame.chamber_paths` enumerates the candidate pieces.

What this module offers:

- the layout: :meth:`Frame.chamber_vertices`, :meth:`Frame.chamber_edges`, :meth:`Frame.port`,
  :meth:`Frame.hallway_vertices`, :meth:`Frame.hallway_edges`, :attr:`Frame.skeleton` (every chamber and
  hallway edge) and :meth:`Frame.outside_edges` (every other panel edge: the broken edges of the
  broken-edge theorems);
- :meth:`Frame.forward`: a source Hamiltonian cycle -> a panel path, given the routing;
- :meth:`Frame.backward` / :meth:`Frame.chamber_sequence`: a panel path -> the chambers in the order its
  hallways lead through them (the source cycle, or for a path source the source path);
- the hallway certificate view (:func:`hallway_view`): certificates are "which source edges' hallways the
  path uses", parsimonious against the source's Hamiltonian cycles where the full count is not (routing
  inside chambers is free);
- chamber gadget checks (:func:`chamber_gadget`) for clues the path sees locally (broken edges,
  hexagons, triangles), and :func:`gadget_panel`, one chamber with its hallway stubs as a panel of its
  own for rendering (``gadgetry render``).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import networkx as nx

from gadgetry.core import CNF, InputError
from gadgetry.core.gadget import Gadget
from gadgetry.core.reduction import CertificateView
from gadgetry.core.sat import count_ganak, enumerate_projected
from gadgetry.puzzles.witness.model import (
    Edge,
    Panel,
    Path,
    Vertex,
    all_edges,
    edge,
    make_panel,
    path_edges,
    triangle,
)
from gadgetry.sources.grid_hamiltonicity import GridGraph, grid_edges

Point = tuple[int, int]
#: Unit steps in panel coordinates (y down), by name.
DIRECTIONS: dict[str, tuple[int, int]] = {"right": (1, 0), "left": (-1, 0), "down": (0, 1), "up": (0, -1)}
Route = Callable[[Point, Point, Point], Sequence[Vertex] | None]
StartRoute = Callable[[Point, Point, Point], tuple[Sequence[Vertex], Sequence[Vertex]] | None]


def direction(v: Point, w: Point) -> str:
    """The panel direction from source point ``v`` to its lattice neighbour ``w`` (the paper's y is up)."""
    dx, dy = w[0] - v[0], w[1] - v[1]
    return {(1, 0): "right", (-1, 0): "left", (0, 1): "up", (0, -1): "down"}[(dx, dy)]


@dataclass(frozen=True)
class Frame:
    """The framework's layout of one source grid graph at scale ``s``, chamber radius ``r``, with
    ``margin`` extra vertex rows/columns around the chambers' bounding box."""

    graph: GridGraph
    s: int
    r: int
    margin: int = 0

    def __post_init__(self) -> None:
        if not 0 <= 2 * self.r < self.s:
            raise InputError(f"witness frame: chamber radius {self.r} needs 2r < s = {self.s}")
        if not self.graph.points:
            raise InputError("witness frame: the source grid graph has no points")

    # -- coordinates -------------------------------------------------------------------------------
    @cached_property
    def _origin(self) -> tuple[int, int]:
        xs, ys = [p[0] for p in self.graph.points], [p[1] for p in self.graph.points]
        return min(xs), max(ys)

    @property
    def width(self) -> int:
        """Panel width in cells."""
        xs = [p[0] for p in self.graph.points]
        return self.s * (max(xs) - min(xs)) + 2 * (self.r + self.margin)

    @property
    def height(self) -> int:
        """Panel height in cells."""
        ys = [p[1] for p in self.graph.points]
        return self.s * (max(ys) - min(ys)) + 2 * (self.r + self.margin)

    def at(self, v: Point) -> Vertex:
        """The panel vertex at the centre of ``v``'s chamber (y flipped: the paper's y is up)."""
        x0, y1 = self._origin
        o = self.r + self.margin
        return (self.s * (v[0] - x0) + o, self.s * (y1 - v[1]) + o)

    def offset(self, v: Point, dx: int, dy: int) -> Vertex:
        """The panel vertex ``(dx, dy)`` from ``v``'s chamber centre, in panel directions (dy down)."""
        X, Y = self.at(v)
        return (X + dx, Y + dy)

    def local(self, v: Point, p: Vertex) -> tuple[int, int]:
        """``p`` relative to ``v``'s chamber centre, in panel directions."""
        X, Y = self.at(v)
        return (p[0] - X, p[1] - Y)

    # -- layout ------------------------------------------------------------------------------------
    @property
    def points(self) -> tuple[Point, ...]:
        return self.graph.points

    @cached_property
    def source_edges(self) -> tuple[tuple[Point, Point], ...]:
        """The source's edges ``(v, w)`` with ``v < w``, sorted: the certificate's order."""
        return tuple(sorted(grid_edges(self.graph.points)))

    def neighbours(self, v: Point) -> list[Point]:
        inside = set(self.graph.points)
        return [w for w in ((v[0] + 1, v[1]), (v[0] - 1, v[1]), (v[0], v[1] + 1), (v[0], v[1] - 1)) if w in inside]

    def chamber_vertices(self, v: Point) -> frozenset[Vertex]:
        X, Y = self.at(v)
        r = self.r
        return frozenset((X + i, Y + j) for i in range(-r, r + 1) for j in range(-r, r + 1))

    def chamber_edges(self, v: Point) -> frozenset[Edge]:
        """Every edge induced by the chamber's vertices."""
        vs = self.chamber_vertices(v)
        return frozenset(edge(p, q) for p in vs for q in ((p[0] + 1, p[1]), (p[0], p[1] + 1)) if q in vs)

    def port(self, v: Point, w: Point) -> Vertex:
        """The vertex of ``v``'s chamber boundary where the hallway towards neighbour ``w`` attaches."""
        dx, dy = DIRECTIONS[direction(v, w)]
        return self.offset(v, self.r * dx, self.r * dy)

    def hallway_vertices(self, v: Point, w: Point) -> tuple[Vertex, ...]:
        """The hallway from ``v``'s port to ``w``'s port, both ports included (``s - 2r + 1`` vertices)."""
        dx, dy = DIRECTIONS[direction(v, w)]
        return tuple(self.offset(v, k * dx, k * dy) for k in range(self.r, self.s - self.r + 1))

    def hallway_edges(self, v: Point, w: Point) -> frozenset[Edge]:
        h = self.hallway_vertices(v, w)
        return frozenset(edge(h[i], h[i + 1]) for i in range(len(h) - 1))

    def hallway_mark(self, v: Point, w: Point) -> Edge:
        """The hallway's middle edge (first of the two middle ones): used exactly when the hallway is."""
        h = self.hallway_vertices(v, w) if v < w else self.hallway_vertices(w, v)
        k = (len(h) - 2) // 2
        return edge(h[k], h[k + 1])

    @cached_property
    def skeleton(self) -> frozenset[Edge]:
        """Every chamber edge and every hallway edge."""
        out: set[Edge] = set()
        for v in self.graph.points:
            out |= self.chamber_edges(v)
        for v, w in self.source_edges:
            out |= self.hallway_edges(v, w)
        return frozenset(out)

    def outside_edges(self) -> frozenset[Edge]:
        """Every panel edge outside chambers and hallways (the broken edges of Theorem 3.3)."""
        probe = Panel(self.width, self.height, ((0, 0),), ((self.width, self.height),))
        return frozenset(e for e in all_edges(probe) if e not in self.skeleton)

    @cached_property
    def start_chamber(self) -> Point:
        """The bottommost, then rightmost chamber (the paper's y is up)."""
        return min(self.graph.points, key=lambda p: (p[1], -p[0]))

    @cached_property
    def chamber_of(self) -> dict[Vertex, Point]:
        return {p: v for v in self.graph.points for p in self.chamber_vertices(v)}

    @cached_property
    def hallway_of(self) -> dict[Edge, tuple[Point, Point]]:
        """Each hallway edge's source edge ``(v, w)``, ``v < w``."""
        return {e: (v, w) for v, w in self.source_edges for e in self.hallway_edges(v, w)}

    # -- routing -----------------------------------------------------------------------------------
    def chamber_paths(self, v: Point, begin: Vertex, end: Vertex | None = None,
                      avoid: Iterable[Vertex] = ()) -> Iterator[tuple[Vertex, ...]]:
        """Every simple path inside ``v``'s chamber from ``begin`` (to ``end`` when given, else to any
        vertex), avoiding ``avoid``, shortest first."""
        vs = self.chamber_vertices(v) - set(avoid)
        if begin not in vs or (end is not None and end not in vs):
            return
        found: list[tuple[Vertex, ...]] = []

        def walk(path: list[Vertex], seen: set[Vertex]) -> None:
            last = path[-1]
            if end is None or last == end:
                found.append(tuple(path))
                if end is not None:
                    return
            for d in DIRECTIONS.values():
                q = (last[0] + d[0], last[1] + d[1])
                if q in vs and q not in seen:
                    seen.add(q)
                    path.append(q)
                    walk(path, seen)
                    path.pop()
                    seen.discard(q)

        walk([begin], {begin})
        yield from sorted(found, key=lambda p: (len(p), p))

    # -- the maps ----------------------------------------------------------------------------------
    def forward(self, tour: Sequence[Point], route: Route, start_route: StartRoute) -> Path:
        """The panel path of a source Hamiltonian cycle ``tour`` (points in cycle order): from the start
        circle out of the start/end chamber, through every hallway and chamber of the cycle, back into the
        start/end chamber and to the end cap. Tries both orientations of the cycle."""
        tour = list(tour)
        if self.start_chamber not in tour:
            raise InputError("witness frame: the tour misses the start/end chamber")
        k = tour.index(self.start_chamber)
        tour = tour[k:] + tour[:k]
        for cyc in (tour, [tour[0]] + tour[:0:-1]):
            path = self._route_cycle(cyc, route, start_route)
            if path is not None:
                return path
        raise InputError("witness frame: the routing cannot traverse the tour in either orientation")

    def _route_cycle(self, cyc: list[Point], route: Route, start_route: StartRoute) -> Path | None:
        n = len(cyc)
        ends = start_route(cyc[0], cyc[-1], cyc[1 % n])
        if ends is None:
            return None
        head, tail = ends
        out = list(head)
        for i in range(1, n):
            prev, v, nxt = cyc[i - 1], cyc[i], cyc[(i + 1) % n]
            out += self.hallway_vertices(prev, v)[1:]
            piece = route(v, prev, nxt)
            if piece is None:
                return None
            out += list(piece)[1:]
        out += self.hallway_vertices(cyc[-1], cyc[0])[1:]
        out += list(tail)[1:]
        return tuple(out)

    def chamber_sequence(self, path: Sequence[Vertex]) -> list[Point]:
        """The chambers in the order the path's hallways lead through them, starting with the chamber
        the path starts in (or the start/end chamber when it starts elsewhere)."""
        first = self.chamber_of.get(path[0], self.start_chamber) if path else self.start_chamber
        seq = [first]
        for i in range(len(path) - 1):
            e = edge(path[i], path[i + 1])
            if e in self.hallway_of and (path[i + 1] in self.chamber_of) and path[i + 1] not in \
                    self.chamber_vertices(seq[-1]):
                seq.append(self.chamber_of[path[i + 1]])
        return seq

    def backward(self, path: Sequence[Vertex]) -> tuple[Point, ...]:
        """The source cycle a panel path induces: its chamber sequence, the return to the start/end
        chamber dropped (a path that does not return gives a non-cycle the source checker rejects)."""
        seq = self.chamber_sequence(path)
        if len(seq) > 1 and seq[-1] == seq[0]:
            seq = seq[:-1]
        return tuple(seq)

    def hallways_used(self, path: Sequence[Vertex]) -> frozenset[tuple[Point, Point]]:
        """The source edges whose hallways the path uses."""
        used = path_edges(path)
        return frozenset((v, w) for v, w in self.source_edges if self.hallway_mark(v, w) in used)


# -- certificates --------------------------------------------------------------------------------------
def tour_edges(tour: Sequence[Point], cycle: bool = True) -> frozenset[tuple[Point, Point]]:
    """The source edges ``(v, w)``, ``v < w``, of a tour (closed when ``cycle``)."""
    t = list(tour)
    steps = list(zip(t, t[1:])) + ([(t[-1], t[0])] if cycle and len(t) > 2 else [])
    return frozenset((min(a, b), max(a, b)) for a, b in steps)


def hallway_view(frame: Frame, target: Panel, encode: Callable[[Panel], Any], cycle: bool = True) -> CertificateView:
    """Certificates: for each source edge (sorted), whether its hallway is used. Target solutions with
    distinct certificates come from the target CNF's enumeration projected onto the hallways' middle
    edges; ``count`` is Ganak on the same projection."""
    marks = [frame.hallway_mark(v, w) for v, w in frame.source_edges]

    def of_source(tour: Sequence[Point]) -> tuple[bool, ...]:
        used = tour_edges(tour, cycle)
        return tuple(e in used for e in frame.source_edges)

    def of_target(path: Sequence[Vertex]) -> tuple[bool, ...]:
        used = path_edges(path)
        return tuple(m in used for m in marks)

    def projection(enc: Any) -> list[int]:
        return [enc.cnf.var(("e", m)) for m in marks]

    def solutions(cap: int) -> Iterator[Path]:
        enc = encode(target)
        for true in enumerate_projected(enc.cnf.nvars, enc.cnf.clauses, projection(enc), cap=cap):
            yield enc.decode(true.__contains__)

    def count() -> int:
        enc = encode(target)
        return count_ganak(enc.cnf.nvars, enc.cnf.clauses, projection(enc))

    return CertificateView(of_source, of_target, solutions, count)


# -- gadgets -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ChamberSpec:
    """One chamber as a gadget, in chamber-relative panel coordinates (centre ``(0, 0)``, y down):
    ``radius`` r, the hallway ``ports`` present (direction names), terminal vertices ``starts``/``ends``
    (degree exactly 1), ``broken`` edges, ``vertex_hexagons``, ``edge_hexagons``, ``triangles``
    (cell -> count, a cell by its top-left vertex), and ``extra`` panel vertices/edges beyond the block
    (e.g. wall pieces) with ``extra_edges`` among them."""

    radius: int
    ports: tuple[str, ...]
    starts: tuple[Vertex, ...] = ()
    ends: tuple[Vertex, ...] = ()
    broken: frozenset[Edge] = frozenset()
    vertex_hexagons: frozenset[Vertex] = frozenset()
    edge_hexagons: frozenset[Edge] = frozenset()
    triangles: Mapping[tuple[int, int], int] = field(default_factory=dict)

    def vertices(self) -> list[Vertex]:
        r = self.radius
        return [(i, j) for j in range(-r, r + 1) for i in range(-r, r + 1)]

    def edges(self) -> list[Edge]:
        vs = set(self.vertices())
        return [edge(p, q) for p in self.vertices() for q in ((p[0] + 1, p[1]), (p[0], p[1] + 1))
                if q in vs and edge(p, q) not in self.broken]

    def port_vertex(self, d: str) -> Vertex:
        dx, dy = DIRECTIONS[d]
        return (self.radius * dx, self.radius * dy)

    def stub(self, d: str) -> Edge:
        dx, dy = DIRECTIONS[d]
        return edge(self.port_vertex(d), ((self.radius + 1) * dx, (self.radius + 1) * dy))


def chamber_cnf(spec: ChamberSpec) -> tuple[CNF, dict[str, int]]:
    """The local solutions of a chamber: edge sets inside it plus used hallway stubs (one port variable
    each) forming vertex-disjoint simple paths whose ends are used stubs or the terminals, covering the
    hexagons and meeting the triangles. Cycles are excluded one by one (every simple cycle of the
    chamber's graph). Projection: the edges and the ports."""
    cnf = CNF()
    evar = {e: cnf.var(("e", e)) for e in spec.edges()}
    ports = {d: cnf.var(("port", d)) for d in spec.ports}
    terminals = set(spec.starts) | set(spec.ends)
    for v in spec.vertices():
        lits = [x for e, x in evar.items() if v in e] + [ports[d] for d in spec.ports if spec.port_vertex(d) == v]
        if v in terminals:
            cnf.exactly(lits, 1)
            continue
        cnf.at_most(lits, 2)
        for x in lits:  # degree 1 is impossible: each used edge needs a partner
            cnf.add([-x] + [y for y in lits if y != x])
        if v in spec.vertex_hexagons:
            cnf.at_least(lits, 1)
    for e in spec.edge_hexagons:
        cnf.add([evar[edge(*e)]])
    for (cx, cy), k in spec.triangles.items():
        sides = [edge((cx, cy), (cx + 1, cy)), edge((cx, cy + 1), (cx + 1, cy + 1)), edge((cx, cy), (cx, cy + 1)),
                 edge((cx + 1, cy), (cx + 1, cy + 1))]
        cnf.exactly([evar[e] for e in sides if e in evar], k)
    g = nx.Graph()
    g.add_edges_from(evar)
    for cyc in nx.simple_cycles(g):
        ring = [edge(cyc[i], cyc[(i + 1) % len(cyc)]) for i in range(len(cyc))]
        cnf.add([-evar[e] for e in ring])
    cnf.project(list(evar.values()) + list(ports.values()))
    return cnf, ports


def chamber_gadget(name: str, spec: ChamberSpec, allowed_counts: Iterable[int], source: str) -> Gadget:
    """The chamber as a :class:`Gadget`: its ports are its hallways, and a port assignment is allowed
    exactly when the number of hallways used is in ``allowed_counts`` (2 for a chamber on the cycle;
    the start/end chamber also 0, a start-to-end path inside it, which only the rest of the panel
    excludes)."""
    counts = set(allowed_counts)
    table = [a for a in itertools.product((False, True), repeat=len(spec.ports)) if sum(a) in counts]
    return Gadget(name, tuple(f"{d}" for d in spec.ports), lambda: chamber_cnf(spec), table, None, source,
                  {"spec": spec})


def gadget_panel(spec: ChamberSpec, hallway: int = 1, **extra: Any) -> tuple[Panel, dict[str, Any]]:
    """A chamber with ``hallway`` edges of each hallway stub as a panel of its own (for rendering): the
    chamber's clues, everything outside the chamber and stubs broken; the panel needs a start and an
    end, so the terminals are kept, else the first stub's tip is the start and the last's the end."""
    r = spec.radius
    o = r + hallway

    def sh(p: Vertex) -> Vertex:
        return (p[0] + o, p[1] + o)

    keep: set[Edge] = {edge(sh(a), sh(b)) for a, b in spec.edges()}
    tips = []
    for d in spec.ports:
        dx, dy = DIRECTIONS[d]
        line = [sh((k * dx, k * dy)) for k in range(r, r + hallway + 1)]
        keep |= {edge(line[i], line[i + 1]) for i in range(len(line) - 1)}
        tips.append(line[-1])
    starts = [sh(v) for v in spec.starts] or tips[:1]
    ends = [sh(v) for v in spec.ends] or tips[-1:]
    probe = Panel(2 * o, 2 * o, ((0, 0),), ((1, 1),))
    broken = [e for e in all_edges(probe) if e not in keep]
    panel = make_panel(2 * o, 2 * o, starts, ends, broken=broken,
                       vertex_hexagons=[sh(v) for v in spec.vertex_hexagons],
                       edge_hexagons=[edge(sh(a), sh(b)) for a, b in spec.edge_hexagons],
                       symbols={sh(c): triangle(k) for c, k in spec.triangles.items()}, **extra)
    return panel, {"offset": o}
