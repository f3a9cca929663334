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
  own; :func:`render_gadgets` draws every gadget of a reduction and its hallway (the two-point source's
  panel) as SVGs of their own (``bench/witness_gadgets.py`` writes them to files);
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar

import networkx as nx

from gadgetry.core import CNF, InputError
from gadgetry.core.gadget import Gadget
from gadgetry.core.reduction import NO_CLAIM, CertificateView, Reduction
from gadgetry.core.sat import count_ganak, enumerate_projected
from gadgetry.puzzles.witness import render_panel
from gadgetry.puzzles.witness.lazy import local_solutions
from gadgetry.puzzles.witness.model import (
    Edge,
    Panel,
    Path,
    Vertex,
    all_edges,
    edge,
    local_clues_only,
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
    def chamber_paths(self, v: Point, begin: Vertex, end: Vertex,
                      avoid: Iterable[Vertex] = ()) -> Iterator[tuple[Vertex, ...]]:
        """Every simple path inside ``v``'s chamber from ``begin`` to ``end`` avoiding ``avoid``, shortest
        first (iterative deepening, so the first few come fast even where there are many)."""
        vs = self.chamber_vertices(v) - set(avoid)
        if begin not in vs or end not in vs:
            return

        def reaches(a: Vertex, seen: set[Vertex]) -> int:
            """How many vertices ``a`` reaches outside ``seen`` (0 when not ``end``)."""
            todo, got = [a], {a}
            while todo:
                p = todo.pop()
                for d in DIRECTIONS.values():
                    q = (p[0] + d[0], p[1] + d[1])
                    if q in vs and q not in got and (q not in seen or q == end):
                        got.add(q)
                        todo.append(q)
            return len(got) if end in got else 0

        def walk(path: list[Vertex], seen: set[Vertex], left: int) -> Iterator[tuple[Vertex, ...]]:
            last = path[-1]
            if abs(last[0] - end[0]) + abs(last[1] - end[1]) > left or (last != end and not reaches(last, seen)):
                return
            if last == end:
                if left == 0:
                    yield tuple(path)
                return
            for d in DIRECTIONS.values():
                q = (last[0] + d[0], last[1] + d[1])
                if q in vs and q not in seen:
                    seen.add(q)
                    path.append(q)
                    yield from walk(path, seen, left - 1)
                    path.pop()
                    seen.discard(q)

        for length in range(reaches(begin, set()) and len(vs)):
            yield from walk([begin], {begin}, length)

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
        """The chambers in the order the path enters them (staying in or returning straight to the same
        chamber counts once), starting with the chamber the path starts in, or the start/end chamber
        when it starts outside every chamber (on a wall, say)."""
        seq = [self.chamber_of.get(path[0], self.start_chamber)] if path else [self.start_chamber]
        for p in path:
            c = self.chamber_of.get(p)
            if c is not None and c != seq[-1]:
                seq.append(c)
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


Local = Callable[[Sequence[Sequence[Vertex]]], bool]


def searched_routing(frame: Frame, start: Vertex, end: Vertex, ok: Local,
                     cache: dict[tuple[str, str, str], Any] | None = None) -> tuple[Route, StartRoute]:
    """A routing found by search, the same in every chamber (chambers differ only by translation):
    ``route(v, a, b)`` is the shortest simple path inside the chamber from the port towards ``a`` to the
    port towards ``b`` whose pieces, in chamber-relative coordinates, ``ok`` accepts; ``start_route`` the
    first pair (head: ``start`` -> port towards ``b``, tail: port towards ``a`` -> ``end``, disjoint;
    ``start``/``end`` relative to the start/end chamber's centre) that ``ok`` accepts together. Results
    are cached by the hallway directions, in ``cache`` when given: chambers of one radius are translations
    of each other, so a caller whose ``ok``, ``start`` and ``end`` are fixed keeps one cache for every frame
    of that radius (the search for the start/end chamber's pair tries many heads, and ``forward`` is
    called once per source solution)."""
    if cache is None:
        cache = {}

    def rel(v: Point, piece: Sequence[Vertex]) -> tuple[Vertex, ...]:
        return tuple(frame.local(v, p) for p in piece)

    def absolute(v: Point, piece: Sequence[Vertex]) -> tuple[Vertex, ...]:
        return tuple(frame.offset(v, *p) for p in piece)

    def route(v: Point, a: Point, b: Point) -> Sequence[Vertex] | None:
        key = ("route", direction(v, a), direction(v, b))
        if key not in cache:
            cache[key] = next((rel(v, p) for p in frame.chamber_paths(v, frame.port(v, a), frame.port(v, b))
                               if ok([rel(v, p)])), None)
        return None if cache[key] is None else absolute(v, cache[key])

    def start_route(v: Point, a: Point, b: Point) -> tuple[Sequence[Vertex], Sequence[Vertex]] | None:
        key = ("start", direction(v, a), direction(v, b))
        if key not in cache:
            cache[key] = None
            for head in frame.chamber_paths(v, frame.offset(v, *start), frame.port(v, b)):
                tail = next((t for t in frame.chamber_paths(v, frame.port(v, a), frame.offset(v, *end), avoid=head)
                             if ok([rel(v, head), rel(v, t)])), None)
                if tail is not None:
                    cache[key] = (rel(v, head), rel(v, tail))
                    break
        got = cache[key]
        return None if got is None else (absolute(v, got[0]), absolute(v, got[1]))

    return route, start_route


def covers(edges: Iterable[Edge] = (), vertices: Iterable[Vertex] = ()) -> Local:
    """A local test: the pieces together use every given (chamber-relative) edge and vertex."""
    need_e, need_v = frozenset(edge(*e) for e in edges), frozenset(vertices)

    def ok(pieces: Sequence[Sequence[Vertex]]) -> bool:
        used = set().union(*(path_edges(p) for p in pieces))
        seen = set().union(*(set(p) for p in pieces))
        return need_e <= used and need_v <= seen

    return ok


# -- certificates --------------------------------------------------------------------------------------
def tour_edges(tour: Sequence[Point], cycle: bool = True) -> frozenset[tuple[Point, Point]]:
    """The source edges ``(v, w)``, ``v < w``, of a tour (closed when ``cycle``)."""
    t = list(tour)
    steps = list(zip(t, t[1:])) + ([(t[-1], t[0])] if cycle and len(t) > 2 else [])
    return frozenset((min(a, b), max(a, b)) for a, b in steps)


def hallway_view(frame: Frame, target: Panel, encode: Callable[[Panel], Any] | None = None, cycle: bool = True,
                 counter: str | None = "auto") -> CertificateView:
    """Certificates: for each source edge (sorted), whether its hallway is used (its middle edge).

    Target solutions with distinct certificates: with ``encode`` (the target's CNF encoder, any clues),
    the CNF's enumeration projected onto the middle edges; without, lazy cycle cuts
    (:func:`~gadgetry.puzzles.witness.lazy.local_solutions`: local clues only, far faster on large panels).
    ``count``, independent of that enumeration: ``"zdd"`` splits graphillion's ZDD of the panel's paths
    on each middle edge in turn and counts the non-empty leaves (local clues, where broken edges keep the
    ZDD small); ``"ganak"``: Ganak on ``encode``'s CNF projected
    onto the middle edges; ``"auto"``: zdd for local clues, else ganak when ``encode`` is given; None: no
    count. ``cycle``: the source solutions are cycles (else paths)."""
    marks = [frame.hallway_mark(v, w) for v, w in frame.source_edges]
    local = local_clues_only(target)
    if counter == "auto":
        counter = "zdd" if local else "ganak" if encode is not None else None

    def of_source(tour: Sequence[Point]) -> tuple[bool, ...]:
        used = tour_edges(tour, cycle)
        return tuple(e in used for e in frame.source_edges)

    def of_target(path: Sequence[Vertex]) -> tuple[bool, ...]:
        used = path_edges(path)
        return tuple(m in used for m in marks)

    def solutions(cap: int) -> Iterator[Path]:
        if encode is None:
            yield from local_solutions(target, marks, cap)
            return
        enc = encode(target)
        proj = [enc.cnf.var(("e", m)) for m in marks]
        for true in enumerate_projected(enc.cnf.nvars, enc.cnf.clauses, proj, cap=cap):
            yield enc.decode(true.__contains__)

    def count_by_ganak() -> int:
        if encode is None:
            raise InputError("witness frame: the Ganak count needs the target's encoder")
        enc = encode(target)
        return count_ganak(enc.cnf.nvars, enc.cnf.clauses, [enc.cnf.var(("e", m)) for m in marks])

    def count_by_zdd() -> int:
        from gadgetry.puzzles.witness.zdd import path_set

        paths = path_set(target)
        if paths is None:
            raise InputError("witness frame: the ZDD counts panels of local clues only")

        def leaves(ps: Any, i: int) -> int:
            if not ps:
                return 0
            if i == len(marks):
                return 1
            return leaves(ps.including(marks[i]), i + 1) + leaves(ps.excluding(marks[i]), i + 1)

        return leaves(paths, 0)

    count = {"zdd": count_by_zdd, "ganak": count_by_ganak, None: None}[counter]
    return CertificateView(of_source, of_target, solutions, count)


class FrameReduction(Reduction):
    """The shared part of a Witness reduction from ``grid-hamiltonian-cycle`` by this framework: no count
    claim (routing inside chambers is free), ``backward`` by :meth:`Frame.backward` and the hallway
    certificate view (:func:`hallway_view`, solved by :func:`local_solutions`, counted by ``counter``;
    a subclass with region clues passes ``encode``). A subclass gives ``frame(source)`` and the rest."""

    source, target = "grid-hamiltonian-cycle", "witness"
    paper = "Abel et al., Who witnesses The Witness? (journal version)"
    claim = NO_CLAIM
    #: the certificate view's independent count (see :func:`hallway_view`)
    counter: ClassVar[str | None] = "auto"
    #: the target's CNF encoder for the certificate view (None: lazy cuts, local clues only)
    encoder: ClassVar[Callable[[Panel], Any] | None] = None

    def frame(self, source: GridGraph) -> Frame:
        raise NotImplementedError

    def backward(self, source: GridGraph, target: Panel, target_solution: Path) -> tuple[Point, ...]:
        return self.frame(source).backward(target_solution)

    def certificate_view(self, source: GridGraph, target: Panel) -> CertificateView:
        """Certificates: which source edges' hallways the path uses."""
        return hallway_view(self.frame(source), target, type(self).encoder, counter=self.counter)


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


def render_gadget(gadget: Gadget) -> str:
    """The SVG of a chamber gadget on its own: :func:`gadget_panel` of its spec, drawn as a panel (or the
    gadget's own ``panel``, for gadgets checked on a panel's encoding)."""
    if isinstance(gadget.meta.get("panel"), Panel):
        return render_panel(gadget.meta["panel"])
    spec = gadget.meta.get("spec")
    if not isinstance(spec, ChamberSpec):
        raise InputError(f"witness frame: gadget {gadget.name!r} is no chamber")
    return render_panel(gadget_panel(spec)[0])


def render_hallway(reduce: Callable[[GridGraph], Panel]) -> str:
    """The SVG of a hallway on its own: a reduction's panel of the two-point source, two chambers and the
    hallway between them."""
    return render_panel(reduce(GridGraph(((0, 0), (1, 0)))))


def render_gadgets(reduction: Any) -> dict[str, str]:
    """Every gadget of a Witness Hamiltonicity reduction as its own SVG, by name, and its hallway."""
    out = {g.name: render_gadget(g) for g in reduction.gadgets()}
    out["hallway"] = render_hallway(reduction.reduce)
    return out

