"""Directed Hamiltonian cycle in planar digraphs whose vertices have in/out-degree (1, 2) or (2, 1) (the
Edge-matching seed's Theorem 3.1 graphs, after Plesnik 1979) to Hamiltonian cycle in grid graphs of maximum
degree 3 (NP-complete by Papadimitriou & Vazirani 1984). Their proof's figures are not at hand, so this
construction is our own; it is parsimonious, and its gadgets are checked in ``bench/grid_gadget_search.py``.

- **Rings.** An arc into a vertex of in-degree 1 or out of one of out-degree 1 is *forced*; the arcs it
  rules out are dropped until nothing changes (:func:`propagate`). Every arc left optional runs from an
  out-2 vertex J to an in-2 vertex M, two at each, so the optional arcs form disjoint even cycles
  (*rings*), and a Hamiltonian cycle is one rotation per ring (every J_i -> M_i, or every J_i -> M_(i-1))
  whose cycle cover, with the forced arcs, is a single cycle.
- **Gadgets.** A ring arc is a *ladder* (two rows; a used one is crossed by its zigzag, an unused one is
  covered from one end by a U-turn); each end is a U-end (both corners touch the gadget, whose path goes
  out and back) or a C-end (one corner touches). Ring vertices are *mixed corners* (U-end in, C-end out,
  two points), *junctions* (U, U: an 8-cycle around a hole) and *merges* (C, C: one point); a used ladder
  of L columns needs L odd exactly when its ends take the zigzag on different rows (junctions and merges
  on their thin arc's side, corners on the inner side). Forced arcs are thin paths (points at distance 2
  from everything else).
- **Layout.** A hub joined to each ring's vertices makes its forced arcs leave on one side (a ring that
  separates the graph is refused); contracting the rings (two dummy vertices on each forced path) gives a
  plane graph, drawn as a visibility representation (Tamassia & Tollis 1986: a canonical ordering of a
  triangulation orients it from one outer vertex to another; each vertex is a horizontal bar at its rank,
  each edge a vertical segment at the longest-path rank of the face on its left). Each ring is a rectangle
  around its bar: four mixed corners, junction-merge pairs on the top side for its arcs going up and on
  the bottom side for those going down, corner arcs led round the rectangle; each forced path runs along
  its segments and its dummies' bars.

One grid cycle per directed one: :meth:`forward` fixes each ladder's middle rung (used exactly when the
ladder is) and finds the 2-factor (SAT, subtours cut); :meth:`backward` reads the rungs. A digraph with no
ring left has one Hamiltonian cycle or none and becomes a 2 x 2 square or a path of three points.

Domain: a ring whose forced arcs leave on both sides (a chord inside it) is refused with an InputError
(inside a rectangle they would need gadgets facing inwards); Theorem 3.1's digraphs that verify draws have
none, but the generator's planar 3-regular digraphs of 6 vertices and more sometimes do, so ``verify``
draws 4-vertex ones, which propagation leaves ringless. Rings are checked on :func:`necklace` (two rings
of 4, 2300 points) by the tests, with graphillion: the target's SAT solving takes minutes there, beyond
verify's per-instance budget. The grids are large: about 20,000 points for Theorem 3.1's 42-vertex
digraph.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import networkx as nx
from networkx.algorithms.planar_drawing import get_canonical_ordering, triangulate_embedding

from gadgetry.core import PARSIMONIOUS, InputError, Reduction
from gadgetry.core.sat import solve_clauses
from gadgetry.sources.grid_hamiltonicity import GridGraph, GridHamiltonianCycle, grid_edges, grid_graph, max_degree
from gadgetry.sources.hamiltonicity import CUBIC, HamiltonianCycle, HamInstance, make_instance

Point = tuple[int, int]
#: Columns per visibility rank and rows per node rank.
SX, SY = 12, 21
#: The grid graphs of a digraph with no ring: one Hamiltonian cycle, none.
SQUARE = ((0, 0), (0, 1), (1, 0), (1, 1))
PATH3 = ((0, 0), (1, 0), (2, 0))


class Drawing:
    """Points and the edges they are meant to have, built piece by piece."""

    def __init__(self) -> None:
        self.points: set[Point] = set()
        self.edges: set[frozenset[Point]] = set()

    def path(self, ps: Sequence[Point]) -> None:
        self.points.update(ps)
        self.edges.update(frozenset(e) for e in zip(ps, ps[1:]))

    def route(self, *corners: Point) -> None:
        """A thin path through the corners (each leg axis-parallel)."""
        ps = [corners[0]]
        for b in corners[1:]:
            while ps[-1] != b:
                x, y = ps[-1]
                ps.append((x + (b[0] > x) - (b[0] < x), y + (b[1] > y) - (b[1] < y)))
        self.path(ps)

    def ladder(self, cols: range, rows: range) -> tuple[Point, Point]:
        """A ladder over the box; returns its middle rung."""
        for x in cols:
            self.path([(x, y) for y in rows])
        for y in rows:
            self.path([(x, y) for x in cols])
        if len(rows) == 2:
            c = cols[len(cols) // 2]
            return (c, rows[0]), (c, rows[1])
        r = rows[len(rows) // 2]
        return (cols[0], r), (cols[1], r)

    def touches_itself(self) -> bool:
        """Whether the grid graph of the points has edges not meant, or a point of degree 4."""
        pts = sorted(self.points)
        return {frozenset(e) for e in grid_edges(pts)} != self.edges or max_degree(pts) > 3


def propagate(g: HamInstance) -> set[tuple[int, int]] | None:
    """The arcs a Hamiltonian cycle may use, after dropping those that forced arcs rule out; None when a
    vertex is left without a way in or out."""
    succ: dict[int, set[int]] = {v: set() for v in range(g.n)}
    pred: dict[int, set[int]] = {v: set() for v in range(g.n)}
    for u, v in g.edges:
        succ[u].add(v)
        pred[v].add(u)
    todo = list(range(g.n))
    while todo:
        v = todo.pop()
        if not succ[v] or not pred[v]:
            return None
        drops = []
        if len(pred[v]) == 1:  # the arc into v is forced: its tail's other arcs go
            (u,) = pred[v]
            drops += [(u, w) for w in succ[u] if w != v]
        if len(succ[v]) == 1:  # the arc out of v is forced: its head's other arcs go
            (w,) = succ[v]
            drops += [(u, w) for u in pred[w] if u != v]
        for a, b in drops:
            succ[a].discard(b)
            pred[b].discard(a)
            todo += [a, b]
    return {(u, v) for u in succ for v in succ[u]}


@dataclass
class Layout:
    """The grid graph of a digraph and what maps solutions: each ring arc (J, M) with its ladder's middle
    rung."""

    points: tuple[Point, ...]
    rungs: dict[tuple[int, int], tuple[Point, Point]] = field(default_factory=dict)
    arcs: frozenset[tuple[int, int]] = frozenset()


def structure(arcs: set[tuple[int, int]]) -> tuple[list[list[int]], list[tuple[int, int]], int]:
    """The rings (vertex lists in cyclic order), the forced paths contracted to (first ring vertex, last
    ring vertex) pairs, and how many vertices the rings and those paths hold."""
    ins, outs = Counter(v for _u, v in arcs), Counter(u for u, _v in arcs)
    optional = [(u, v) for u, v in arcs if outs[u] == 2 and ins[v] == 2]
    h = nx.Graph(optional)
    cycles = []
    for comp in nx.connected_components(h):
        start = min(comp)
        order = [start, min(h[start])]
        while len(order) < len(comp):
            order.append(next(w for w in h[order[-1]] if w != order[-2]))
        cycles.append(order)
    on_ring = {v for c in cycles for v in c}
    succ = {u: v for u, v in arcs if (u, v) not in set(optional)}
    forced = []
    covered = len(on_ring)
    for u in sorted(on_ring):
        if u in succ:
            v = succ[u]
            while v not in on_ring:
                covered += 1
                v = succ[v]
            forced.append((u, v))
    return cycles, forced, covered


def _contract(cycles: list[list[int]], forced: list[tuple[int, int]]) -> tuple[nx.PlanarEmbedding, dict]:
    """The plane graph of rings ("R", i) and dummies ("d", arc, 0 or 1), and each ring's vertices in
    clockwise order."""
    ring_of = {v: i for i, c in enumerate(cycles) for v in c}
    wheel = nx.Graph()
    for i, c in enumerate(cycles):
        wheel.add_edges_from(zip(c, c[1:] + c[:1]))
        wheel.add_edges_from((("hub", i), v) for v in c)
    leg = {}
    for u, v in forced:
        d0, d1 = ("d", (u, v), 0), ("d", (u, v), 1)
        wheel.add_edges_from([(u, d0), (d0, d1), (d1, v)])
        leg[u], leg[v] = d0, d1
    ok, emb = nx.check_planarity(wheel)
    if not ok:
        raise InputError("grid-hamiltonian-cycle-from-hamiltonian-cycle: a ring separates the digraph "
                         "(or it is not planar); the construction needs every ring's arcs on one side")
    order = {}
    for i, c in enumerate(cycles):
        walk, w = [], c[0]
        while not walk or w != c[0]:
            walk.append(w)
            cw = list(emb.neighbors_cw_order(w))
            w = cw[(cw.index(leg[w]) + 1) % len(cw)]
            if ring_of.get(w) != i or len(walk) > len(c):
                raise InputError("grid-hamiltonian-cycle-from-hamiltonian-cycle: a ring separates the "
                                 "digraph; the construction needs every ring's arcs on one side")
        order[i] = walk
    e = nx.PlanarEmbedding()
    rot: dict[Any, list] = {("R", i): [leg[w] for w in walk] for i, walk in order.items()}
    for u, v in forced:
        d0, d1 = ("d", (u, v), 0), ("d", (u, v), 1)
        rot[d0] = [("R", ring_of[u]), d1]
        rot[d1] = [d0, ("R", ring_of[v])]
    for node, nbrs in rot.items():
        e.add_half_edge_first(node, nbrs[0])
        for a, b in zip(nbrs, nbrs[1:]):
            e.add_half_edge_cw(node, b, a)
    e.check_structure()
    return e, order


def _visibility(e: nx.PlanarEmbedding) -> tuple[dict, dict, dict]:
    """Rank of each node, x of each edge (frozenset of its ends), bar (min x, max x) of each node."""
    t, outer = triangulate_embedding(e, True)
    ranking = {v: k for k, (v, _c) in enumerate(get_canonical_ordering(t, outer))}
    face: dict = {}
    faces = []
    for u, v in t.edges():
        for a, b in ((u, v), (v, u)):
            if (a, b) not in face:
                nodes = t.traverse_face(a, b)
                for p, q in zip(nodes, nodes[1:] + nodes[:1]):
                    face[p, q] = len(faces)
                faces.append(nodes)
    outer_id = next(f for f, nodes in enumerate(faces) if len(nodes) == 3 and set(nodes) == set(outer))
    dual = nx.DiGraph()
    left_of = {}
    for u, v in t.edges():
        lo, hi = (u, v) if ranking[u] < ranking[v] else (v, u)
        right, left = face[lo, hi], face[hi, lo]
        left = "S" if left == outer_id else left
        dual.add_edge(left, "T" if right == outer_id else right)
        left_of[frozenset((u, v))] = left
    x_face: dict = {}
    for f in nx.topological_sort(dual):
        x_face[f] = max((x_face[p] + 1 for p in dual.predecessors(f)), default=0)
    x = {k: x_face[f] for k, f in left_of.items()}
    bar = {v: (min(x[frozenset((v, w))] for w in t[v]), max(x[frozenset((v, w))] for w in t[v])) for v in t}
    return ranking, x, bar


def _leg(e: nx.PlanarEmbedding, node: tuple, w: int) -> tuple:
    return next(n for n in e[node] if (n[1][0] == w and n[2] == 0) or (n[1][1] == w and n[2] == 1))


def _follows_bar(walk: list[int], e: nx.PlanarEmbedding, node: tuple, ranking: dict, x: dict) -> bool:
    """Whether the ring's arcs, clockwise, are those going up from left to right, then those going down
    from right to left."""
    legs = [_leg(e, node, w) for w in walk]
    up = [ranking[n] > ranking[node] for n in legs]
    xs = [x[frozenset((node, n))] for n in legs]
    k, u = len(legs), sum(up)
    starts = [j for j in range(k) if up[j] and not up[j - 1]]
    if len(starts) > 1:
        return False
    if not starts:
        starts = [xs.index(min(xs)) if u else xs.index(max(xs))]
    seq = [xs[(starts[0] + j) % k] for j in range(k)]
    return seq[:u] == sorted(set(seq[:u])) and seq[u:] == sorted(set(seq[u:]), reverse=True)


def _corners(walk: list[int], up: list[bool], col: list[int]) -> tuple:
    """Which ring vertices take the rectangle's corners (TL, top side, TR, BR, bottom side, BL, clockwise,
    as indices into ``walk``) so that the top side's arcs go up, the bottom side's down, and the arcs leave
    the rectangle in their left-to-right order."""
    k = len(walk)
    for tl in range(k):
        for p in range(k // 2 - 1):
            seq = [(tl + j) % k for j in range(k)]
            top, tr, br = seq[1:1 + 2 * p], seq[1 + 2 * p], seq[2 + 2 * p]
            bottom, bl = seq[3 + 2 * p:k - 1], seq[k - 1]
            if not all(up[j] for j in top) or any(up[j] for j in bottom):
                continue
            if (not up[tl] and up[bl]) or (not up[tr] and up[br]):
                continue
            rising = [j for j in (bl, tl, *top, tr, br) if up[j]]
            falling = [j for j in (tr, br, *bottom, bl, tl) if not up[j]]
            if rising and col[rising[0]] != min(col[j] for j in rising):
                continue
            if falling and col[falling[0]] != max(col[j] for j in falling):
                continue
            return tl, top, tr, br, bottom, bl
    raise AssertionError("no corner choice for a ring")  # every ring has one (the rising block's ends)


def _ring(d: Drawing, walk: list[int], up: list[bool], col: list[int], y: int, bar: tuple[int, int],
          port: dict[int, Point], ladders: list) -> None:
    """Draw one ring as its rectangle; record where each vertex's thin path meets its segment and the
    ladders' middle rungs between consecutive vertices (clockwise)."""
    tl, top, tr, br, bottom, bl = _corners(walk, up, col)
    yt, yb = y + 4, y - 3
    xl, xr = SX * bar[0] - 5, SX * bar[1] + 5
    xr += (xr - xl) % 2 == 0
    # mixed corners: TR (xr, yt), (xr, yt + 1); BR (xr, yb), (xr + 1, yb); BL (xl, yb), (xl, yb - 1);
    # TL (xl, yt), (xl - 1, yt); each U-end in (both corners of the ladder before), C-end out
    d.path([(xr - 1, yt), (xr, yt), (xr, yt + 1), (xr - 1, yt + 1)])
    d.path([(xr, yt - 1), (xr, yt)])
    d.path([(xr, yb + 1), (xr, yb), (xr + 1, yb), (xr + 1, yb + 1)])
    d.path([(xr - 1, yb), (xr, yb)])
    d.path([(xl + 1, yb), (xl, yb), (xl, yb - 1), (xl + 1, yb - 1)])
    d.path([(xl, yb + 1), (xl, yb)])
    d.path([(xl, yt - 1), (xl, yt), (xl - 1, yt), (xl - 1, yt - 1)])
    d.path([(xl + 1, yt), (xl, yt)])
    rungs = []
    pieces = []
    last, after_corner = xl, True
    for j, idx in enumerate(top):
        c = col[idx]
        if j % 2 == 0:  # junction, its stem at x0 + 1
            x0 = c - 1
            x0 -= (x0 - last - 1) % 2 != after_corner
            rungs.append(d.ladder(range(last + 1, x0), range(yt, yt + 2)))
            d.path([(x0, yt - 1), (x0 + 1, yt - 1), (x0 + 2, yt - 1), (x0 + 2, yt), (x0 + 2, yt + 1),
                    (x0 + 1, yt + 1), (x0, yt + 1), (x0, yt), (x0, yt - 1)])
            for yy in (yt, yt + 1):
                d.path([(x0 - 1, yy), (x0, yy)])
                d.path([(x0 + 2, yy), (x0 + 3, yy)])
            d.path([(x0 + 1, yt + 1), (x0 + 1, yt + 2)])
            pieces.append((idx, (x0 + 1, yt + 2), 1))
            last = x0 + 2
        else:  # merge
            xm = c - ((c - last - 1) % 2)
            rungs.append(d.ladder(range(last + 1, xm), range(yt, yt + 2)))
            d.path([(xm - 1, yt + 1), (xm, yt + 1), (xm + 1, yt + 1)])
            d.path([(xm, yt + 1), (xm, yt + 2)])
            pieces.append((idx, (xm, yt + 2), 1))
            last = xm
        after_corner = False
    rungs.append(d.ladder(range(last + 1, xr), range(yt, yt + 2)))
    rungs.append(d.ladder(range(xr, xr + 2), range(yb + 1, yt)))
    last, after_corner = xr, True
    for j, idx in enumerate(bottom):
        c = col[idx]
        if j % 2 == 0:
            x0 = c - 1
            x0 += (last - x0 - 3) % 2 != after_corner
            rungs.append(d.ladder(range(x0 + 3, last), range(yb - 1, yb + 1)))
            d.path([(x0, yb + 1), (x0 + 1, yb + 1), (x0 + 2, yb + 1), (x0 + 2, yb), (x0 + 2, yb - 1),
                    (x0 + 1, yb - 1), (x0, yb - 1), (x0, yb), (x0, yb + 1)])
            for yy in (yb - 1, yb):
                d.path([(x0 - 1, yy), (x0, yy)])
                d.path([(x0 + 2, yy), (x0 + 3, yy)])
            d.path([(x0 + 1, yb - 1), (x0 + 1, yb - 2)])
            pieces.append((idx, (x0 + 1, yb - 2), -1))
            last = x0
        else:
            xm = c + ((last - c - 1) % 2)
            rungs.append(d.ladder(range(xm + 1, last), range(yb - 1, yb + 1)))
            d.path([(xm - 1, yb - 1), (xm, yb - 1), (xm + 1, yb - 1)])
            d.path([(xm, yb - 1), (xm, yb - 2)])
            pieces.append((idx, (xm, yb - 2), -1))
            last = xm
        after_corner = False
    rungs.append(d.ladder(range(xl + 1, last), range(yb - 1, yb + 1)))
    rungs.append(d.ladder(range(xl - 1, xl + 1), range(yb + 1, yt)))
    for idx, start, sign in pieces:
        row = start[1] + sign
        d.route(start, (start[0], row), (col[idx], row))
        port[walk[idx]] = (col[idx], row)
    routes = {
        (tl, True): ((xl - 1, yt), (xl - 3, yt), (xl - 3, yt + 4), (col[tl], yt + 4)),
        (tl, False): ((xl - 1, yt), (xl - 3, yt), (xl - 3, yb - 5), (col[tl], yb - 5)),
        (bl, True): ((xl, yb - 1), (xl, yb - 3), (xl - 5, yb - 3), (xl - 5, yt + 6), (col[bl], yt + 6)),
        (bl, False): ((xl, yb - 1), (xl, yb - 3), (col[bl], yb - 3)),
        (tr, True): ((xr, yt + 1), (xr, yt + 3), (col[tr], yt + 3)),
        (tr, False): ((xr, yt + 1), (xr, yt + 3), (xr + 5, yt + 3), (xr + 5, yb - 5), (col[tr], yb - 5)),
        (br, True): ((xr + 1, yb), (xr + 3, yb), (xr + 3, yt + 5), (col[br], yt + 5)),
        (br, False): ((xr + 1, yb), (xr + 2, yb), (xr + 2, yb - 3), (col[br], yb - 3)),
    }
    for j in (tl, bl, tr, br):
        r = routes[j, up[j]]
        d.route(*r)
        port[walk[j]] = r[-1]
    order = [tl, *top, tr, br, *bottom, bl]
    for a, b, rung in zip(order, order[1:] + order[:1], rungs):
        ladders.append((walk[a], walk[b], rung))


def layout(g: HamInstance) -> Layout:
    """The grid graph of the module docstring."""
    arcs = propagate(g)
    if arcs is None:
        return Layout(PATH3)
    cycles, forced, covered = structure(arcs)
    if cycles and covered < g.n:
        return Layout(PATH3)  # a cycle of forced arcs apart from the rings
    if not cycles:
        succ = dict(arcs)
        tour, v = [0], succ[0]
        while v != 0 and len(tour) <= g.n:
            tour.append(v)
            v = succ[v]
        return Layout(SQUARE if len(tour) == g.n else PATH3)
    e, order = _contract(cycles, forced)
    ranking, x, bar = _visibility(e)
    if not all(_follows_bar(order[i], e, ("R", i), ranking, x) for i in order):
        x = {k: -v for k, v in x.items()}
        bar = {v: (-b, -a) for v, (a, b) in bar.items()}
    d = Drawing()
    port: dict[int, Point] = {}
    ladders: list = []
    for i, walk in order.items():
        node = ("R", i)
        legs = [_leg(e, node, w) for w in walk]
        _ring(d, walk, [ranking[n] > ranking[node] for n in legs], [SX * x[frozenset((node, n))] for n in legs],
              SY * ranking[node], bar[node], port, ladders)
    ring_of = {v: i for i, c in enumerate(cycles) for v in c}
    for u, v in forced:
        d0, d1 = ("d", (u, v), 0), ("d", (u, v), 1)
        a, b = ("R", ring_of[u]), ("R", ring_of[v])
        xa, xm, xb = (SX * x[frozenset(k)] for k in ((a, d0), (d0, d1), (d1, b)))
        y0, y1 = SY * ranking[d0], SY * ranking[d1]
        d.route(port[u], (xa, y0), (xm, y0), (xm, y1), (xb, y1), port[v])
    if d.touches_itself():
        raise AssertionError("the grid drawing touches itself")
    outs = Counter(u for u, _v in arcs)
    rungs = {}
    for a, b, rung in ladders:
        j, m = (a, b) if outs[a] == 2 else (b, a)
        rungs[j, m] = rung
    return Layout(tuple(sorted(d.points)), rungs, frozenset(arcs))


def two_factor(points: Sequence[Point], fixed: Mapping[frozenset[Point], bool]) -> list[Point]:
    """The Hamiltonian cycle of the grid graph on ``points`` using exactly the ``fixed`` edges marked True
    among them: every point on two chosen edges (SAT), subtours cut one by one until one cycle is left."""
    edges = [frozenset(e) for e in grid_edges(sorted(points))]
    var = {e: i + 1 for i, e in enumerate(edges)}
    at: dict[Point, list[int]] = {p: [] for p in points}
    for e, v in var.items():
        for p in e:
            at[p].append(v)
    clauses = [[var[e] if on else -var[e]] for e, on in fixed.items()]
    for vs in at.values():
        clauses += [[-a, -b, -c] for a, b, c in itertools.combinations(vs, 3)]
        clauses += [[a, b] for a, b in itertools.combinations(vs, 2)] if len(vs) == 3 else [[a] for a in vs]
    while True:
        model = solve_clauses(clauses)
        if model is None:
            raise AssertionError("no grid cycle for a directed Hamiltonian cycle")
        true = {lit for lit in model if lit > 0}
        chosen = nx.Graph([tuple(e) for e in edges if var[e] in true])
        parts = list(nx.connected_components(chosen))
        if len(parts) == 1:
            start = min(chosen)
            return [start] + [v for _u, v in nx.dfs_edges(chosen, start)]
        for part in parts:
            clauses.append([-var[frozenset(e)] for e in chosen.subgraph(part).edges()])


def necklace(wiring: Sequence[tuple[int, int]] = ((1, 4), (3, 6), (5, 0), (7, 2))) -> HamInstance:
    """Two rings of 4 (vertices 0-3 and 4-7, J M J M, each J with arcs to both its neighbours) joined by
    the forced arcs ``wiring`` (each M to a J of the other ring): a small digraph with rings, which the
    generator does not draw."""
    arcs = [(b + i, b + (i + d) % 4) for b in (0, 4) for i in (0, 2) for d in (1, -1)]
    return make_instance(8, arcs + list(wiring), directed=True)


class GridHamCycleFromHamCycle(Reduction):
    name = "grid-hamiltonian-cycle-from-hamiltonian-cycle"
    source = "hamiltonian-cycle"
    target = "grid-hamiltonian-cycle"
    source_variants = frozenset({"directed"})
    paper = "Edge-matching seed; Papadimitriou & Vazirani 1984"
    section = "Edge-matching seed, section 3.1 (Theorem 3.1's graphs); our construction"
    theorem = "planar (1, 2)/(2, 1) digraphs to grid graphs of maximum degree 3"
    claim = PARSIMONIOUS
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = (
        {"directed": 1, "family": CUBIC, "n": 4},)
    verify_unsat_params: ClassVar[Mapping[str, int] | None] = None

    def _check(self, source: HamInstance) -> None:
        ins, outs = Counter(v for _u, v in source.edges), Counter(u for u, _v in source.edges)
        if not source.directed or any((ins[v], outs[v]) not in ((1, 2), (2, 1)) for v in range(source.n)):
            raise InputError(f"{self.name}: every vertex must have in/out-degree (1, 2) or (2, 1)")

    def reduce(self, source: HamInstance) -> GridGraph:
        self._check(source)
        return grid_graph(layout(source).points)

    def forward(self, source: HamInstance, target: GridGraph, source_solution: Any) -> tuple[Point, ...]:
        lay = layout(source)
        problem = GridHamiltonianCycle()
        if lay.points in (SQUARE, PATH3):
            return problem.canonical(target, ((0, 0), (1, 0), (1, 1), (0, 1)))
        tour = list(source_solution)
        used = set(zip(tour, tour[1:] + tour[:1]))
        return problem.canonical(target, two_factor(target.points, {
            frozenset(rung): arc in used for arc, rung in lay.rungs.items()}))

    def backward(self, source: HamInstance, target: GridGraph, target_solution: Any) -> tuple[int, ...]:
        lay = layout(source)
        arcs = set(lay.arcs) if lay.arcs else set(propagate(source) or ())
        tour = list(target_solution)
        edges = {frozenset(e) for e in zip(tour, tour[1:] + tour[:1])}
        outs = Counter(u for u, _v in arcs)
        succ = {u: v for u, v in arcs if outs[u] == 1}
        for (j, m), rung in lay.rungs.items():
            if frozenset(rung) in edges:
                succ[j] = m
        cycle, v = [0], succ.get(0)
        while v is not None and v != 0 and len(cycle) <= source.n:
            cycle.append(v)
            v = succ.get(v)
        return HamiltonianCycle().canonical(source, cycle)


REDUCTIONS = [GridHamCycleFromHamCycle()]
