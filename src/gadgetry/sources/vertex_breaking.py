"""Tree-residue vertex breaking (Demaine & Rudoy 2018, "Tree-Residue Vertex-Breaking: a Framework for Proving
Hardness"; the Witness seed, section 4.1).

*Breaking* a vertex of degree d replaces it by d vertices of degree 1, one per incident edge end. An
instance is a connected planar multigraph (no loops) whose vertices are marked breakable or not; a
solution is a set of breakable vertices whose breaking leaves a tree (the *residue*). Demaine and Rudoy
show the problem NP-complete even when every vertex is breakable of degree 4, the form the Witness seed's
Theorem 4.3 reduces from.

An instance may carry an **orthogonal drawing** (the layout Theorem 4.3 needs): a lattice point per vertex
and, per edge, its bends from its first to its second end; every segment is axis-parallel, and the
drawing is planar (two edges share no lattice point other than a common end; the edges at a vertex
leave it in distinct directions). The generator draws such instances as arrangements of rectangles in
general position: the crossings are the vertices (each of degree 4), the rectangle sides between them
the edges, the rectangle corners the bends.

A solution is the sorted tuple of broken vertices; JSON ``[0, 3]``.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gadgetry.core import CNF, VALID, Encoding, Generated, InputError, Param, Problem, Verdict, invalid
from gadgetry.core.sat import enumerate_projected, enumerate_with_cuts, split_cuts
from gadgetry.core.values import is_int

NAME = "tree-residue-vertex-breaking"
#: Variants (reductions' ``target_variant``/``source_variants``): drawn orthogonally with every vertex of
#: degree 4 (the generator's arrangements, the form of the Witness seed's Theorem 4.3), and drawn with
#: every vertex of degree at most 4 and the breakable ones of degree 3 or 4.
DRAWN_DEGREE_4 = "drawn-degree-4"
DRAWN_DEGREE_3_4 = "drawn-breakable-degree-3-or-4"
#: The counter of :func:`count_by_cuts` (``count --method cuts``), the default.
CUTS = "cuts"
Point = tuple[int, int]
Selection = tuple[int, ...]


@dataclass(frozen=True)
class TRVBInstance:
    """``vertices`` vertices 0..n-1, ``breakable`` per vertex, ``edges`` as sorted pairs (repeats are
    parallel edges); ``positions`` and ``bends`` (both empty, or one per vertex and one per edge) are the
    optional orthogonal drawing."""

    vertices: int
    breakable: tuple[bool, ...]
    edges: tuple[tuple[int, int], ...]
    positions: tuple[Point, ...] = ()
    bends: tuple[tuple[Point, ...], ...] = ()

    def degree(self, v: int) -> int:
        return sum((a == v) + (b == v) for a, b in self.edges)

    def route(self, i: int) -> list[Point]:
        """The drawn polyline of edge ``i`` from its first end to its second, as corner points."""
        a, b = self.edges[i]
        return [self.positions[a], *self.bends[i], self.positions[b]]


def residue_failure(inst: TRVBInstance, broken: set[int]) -> tuple[str, str] | None:
    """Why breaking ``broken`` leaves no tree (``(rule, where)``), or None when the residue is a tree: a
    union-find over the residue, whose nodes are the unbroken vertices and one node per edge end at a
    broken vertex."""
    parent: dict[Any, Any] = {}

    def find(x: Any) -> Any:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    nodes = [("v", v) for v in range(inst.vertices) if v not in broken]
    for i, (a, b) in enumerate(inst.edges):
        ends = [("e", i, side) if x in broken else ("v", x) for side, x in enumerate((a, b))]
        nodes += [e for e in ends if e[0] == "e"]
        ra, rb = find(ends[0]), find(ends[1])
        if ra == rb:
            return "residue-cycle", f"edge {i} {a}-{b} closes a cycle"
        parent[ra] = rb
    roots = {find(x) for x in nodes}
    if len(roots) != 1:
        return "residue-disconnected", f"{len(roots)} components"
    return None


class TreeResidueVertexBreaking(Problem):
    name = NAME
    title = "tree-residue vertex breaking"
    paper = "Demaine & Rudoy 2018; the Witness seed, section 4.1"
    solution_is = "a set of breakable vertices whose breaking leaves a tree"
    params = (Param("rectangles", 3, 2, 5, "rectangles of the arrangement (its crossings are the vertices)"),
              Param("unbreakable", 0, 0, 100, "vertices marked unbreakable (at most all of them)"))
    exhaustive_params = (Param("vertices", 3, 1, 3, "largest number of vertices"),
                         Param("edges", 4, 0, 4, "largest number of edges"))
    modes = ("planted", "unsat", "unique")
    attempts = 400
    mode_params = {"unique": {"rectangles": 3, "unbreakable": 2}}

    # -- protocol ------------------------------------------------------------------------------
    def validate(self, inst: TRVBInstance) -> None:
        import networkx as nx
        n = inst.vertices
        if not is_int(n) or n < 1:
            raise InputError(f"{NAME}: 'vertices' must be a positive integer, got {n!r}")
        if len(inst.breakable) != n or not all(isinstance(b, bool) for b in inst.breakable):
            raise InputError(f"{NAME}: 'breakable' must hold one boolean per vertex")
        for i, e in enumerate(inst.edges):
            if (not isinstance(e, tuple) or len(e) != 2 or not all(is_int(x) and 0 <= x < n for x in e)
                    or not e[0] < e[1]):
                raise InputError(f"{NAME}: edge {i} {e!r} is not two distinct vertices of 0..{n - 1}")
        g = nx.MultiGraph()
        g.add_nodes_from(range(n))
        g.add_edges_from(inst.edges)
        if not nx.is_connected(g):
            raise InputError(f"{NAME}: the graph is not connected")
        if not nx.check_planarity(nx.Graph(g))[0]:
            raise InputError(f"{NAME}: the graph is not planar")
        if inst.positions or inst.bends:
            _validate_drawing(inst)

    def check(self, inst: TRVBInstance, sol: Sequence[int]) -> Verdict:
        for v in sol:
            if not (is_int(v) and 0 <= v < inst.vertices):
                return invalid("vertex-out-of-range", f"vertex {v!r}")
            if not inst.breakable[v]:
                return invalid("unbreakable-vertex-broken", f"vertex {v}")
        if len(set(sol)) != len(sol):
            return invalid("vertex-repeated", f"vertices {sorted(sol)}")
        failure = residue_failure(inst, set(sol))
        return invalid(*failure) if failure else VALID

    def encode(self, inst: TRVBInstance) -> Encoding:
        """A variable per vertex, true when it stays whole (fixed true when unbreakable; the breakable ones
        are the projection). In a connected multigraph with at least two edges the residue is a tree iff
        no edge joins two broken vertices (it would be a component of its own) and the unbroken vertices
        span a tree H (:func:`_spanning_tree`: parent pointers to the first unbroken vertex with strictly
        smaller levels, and every edge of H a parent pointer). One edge: every choice is a tree; no edge:
        the single vertex must stay whole."""
        cnf = CNF()
        n, m = inst.vertices, len(inst.edges)
        whole = [cnf.var(("whole", v)) for v in range(n)]
        cnf.project([whole[v] for v in range(n) if inst.breakable[v]])
        for v in range(n):
            if not inst.breakable[v]:
                cnf.add([whole[v]])
        if m == 0:
            cnf.add([whole[0]])
        elif m >= 2:
            inner = []
            for i, (a, b) in enumerate(inst.edges):
                cnf.add([whole[a], whole[b]])
                h = cnf.var(("inner", i))
                cnf.extend([[-h, whole[a]], [-h, whole[b]], [h, -whole[a], -whole[b]]])
                inner.append(h)
            _spanning_tree(cnf, inst, whole, inner)
        return Encoding(cnf, lambda val: tuple(v for v in range(n) if inst.breakable[v] and not val(whole[v])))

    def extra_counters(self) -> dict[str, Callable[..., int]]:
        return {CUTS: count_by_cuts}

    def counting_method(self, inst: TRVBInstance) -> str:
        """The lazy cuts: Ganak takes seconds on the level encoding of targets of a few hundred vertices,
        whose solutions are few (as many as the source's, through the parsimonious reductions)."""
        return CUTS

    def instance_to_json(self, inst: TRVBInstance) -> dict[str, Any]:
        out: dict[str, Any] = {"vertices": inst.vertices, "breakable": list(inst.breakable),
                               "edges": [list(e) for e in inst.edges]}
        if inst.positions:
            out["positions"] = [list(p) for p in inst.positions]
            out["bends"] = [[list(p) for p in bs] for bs in inst.bends]
        return out

    def instance_from_json(self, data: Mapping[str, Any]) -> TRVBInstance:
        unknown = sorted(set(data) - {"vertices", "breakable", "edges", "positions", "bends"})
        if unknown:
            raise InputError(f"{NAME}: unknown field {unknown[0]!r}")
        try:
            edges = tuple(tuple(sorted(e)) if len(e) == 2 else tuple(e) for e in data["edges"])
            positions = tuple(tuple(p) for p in data.get("positions", ()))
            bends = tuple(tuple(tuple(p) for p in bs) for bs in data.get("bends", ()))
            return TRVBInstance(data["vertices"], tuple(data["breakable"]), edges,  # type: ignore[arg-type]
                                positions, bends)  # type: ignore[arg-type]
        except (KeyError, TypeError) as err:
            raise InputError(f"{NAME}: malformed instance ({err})") from None

    def solution_to_json(self, inst: TRVBInstance, sol: Selection) -> list[int]:
        return sorted(sol)

    def solution_from_json(self, inst: TRVBInstance, data: Any) -> Selection:
        if not isinstance(data, list) or not all(is_int(v) for v in data):
            raise InputError(f"{NAME}: a solution is a list of vertices")
        return tuple(sorted(data))

    def size(self, inst: TRVBInstance) -> dict[str, int]:
        return {"vertices": inst.vertices, "edges": len(inst.edges)}

    def brute_force(self, inst: TRVBInstance) -> Iterator[Selection]:
        """Every subset of the breakable vertices whose breaking leaves a tree."""
        pool = [v for v in range(inst.vertices) if inst.breakable[v]]
        for k in range(len(pool) + 1):
            for chosen in itertools.combinations(pool, k):
                if residue_failure(inst, set(chosen)) is None:
                    yield chosen

    # -- sources -------------------------------------------------------------------------------
    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """A random arrangement of rectangles in general position, drawn (module docstring), with
        ``unbreakable`` random vertices made unbreakable; None when it is not connected."""
        inst = rectangle_arrangement(params["rectangles"], rng)
        if inst is None or params["unbreakable"] > inst.vertices:
            return None
        fixed = set(rng.sample(range(inst.vertices), params["unbreakable"]))
        return Generated(TRVBInstance(inst.vertices, tuple(v not in fixed for v in range(inst.vertices)),
                                      inst.edges, inst.positions, inst.bends))

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """A drawn arrangement that has a solution, with the one the solver finds (a breaking set cannot
        be planted into a rectangle arrangement; since all vertices have degree 4, only those with
        n = 2 mod 6 vertices can have one)."""
        got = self.draw(params, rng)
        if got is None:
            return None
        sol = self.solve(got.instance)
        return None if sol is None else Generated(got.instance, sol)

    def draw_unsat(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        return self.draw(params, rng)

    def draw_unique(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        return self.draw(params, rng)

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[TRVBInstance]:
        """Every connected loopless multigraph on 1..``vertices`` vertices with at most ``edges`` edges
        (edge multisets in canonical order), under every marking of breakable vertices."""
        import networkx as nx
        for n in range(1, params["vertices"] + 1):
            pairs = list(itertools.combinations(range(n), 2))
            for m in range(params["edges"] + 1):
                for edges in itertools.combinations_with_replacement(pairs, m):
                    g = nx.MultiGraph(list(edges))
                    g.add_nodes_from(range(n))
                    if not nx.is_connected(g):
                        continue
                    for marks in itertools.product((True, False), repeat=n):
                        yield TRVBInstance(n, marks, edges)


def count_by_cuts(inst: TRVBInstance, cap: int | None = None) -> int:
    """The number of solutions (``cap + 1`` when more than ``cap``), independent of :meth:`encode`'s level
    encoding and its cardinality constraint: a variable per vertex (true: it stays whole) and, with two
    edges or more, no edge between two broken vertices; the rest is cut lazily until the unbroken vertices
    span a tree (which then is the residue's core: :meth:`encode`). A cycle of unbroken vertices gets
    "one of them breaks" (parallel edges up front), a split :func:`~gadgetry.core.sat.split_cuts`."""
    import networkx as nx

    n, m = inst.vertices, len(inst.edges)
    cnf = CNF()
    whole = [cnf.var(("whole", v)) for v in range(n)]
    breakable = [whole[v] for v in range(n) if inst.breakable[v]]
    cnf.extend([whole[v]] for v in range(n) if not inst.breakable[v])
    if m < 2:  # no edge: the vertex stays whole; one edge: every choice leaves a tree
        if m == 0:
            cnf.add([whole[0]])
        return sum(1 for _ in enumerate_projected(cnf.nvars, cnf.clauses, breakable,
                                                  cap=None if cap is None else cap + 1))
    nbrs: dict[int, set[int]] = {v: set() for v in range(n)}
    for (a, b), k in Counter(inst.edges).items():
        cnf.add([whole[a], whole[b]])
        if k > 1:
            cnf.add([-whole[a], -whole[b]])
        nbrs[a].add(b)
        nbrs[b].add(a)

    def cuts(true: set[int]) -> list[list[int]]:
        kept = [v for v in range(n) if whole[v] in true]
        h = nx.Graph()
        h.add_nodes_from(kept)
        h.add_edges_from((a, b) for a, b in inst.edges if whole[a] in true and whole[b] in true)
        return [[-whole[v] for v in cycle] for cycle in nx.cycle_basis(h)] + split_cuts(nbrs, kept, whole)

    return sum(1 for _ in enumerate_with_cuts(cnf.clauses, breakable, cuts, None if cap is None else cap + 1))


def _spanning_tree(cnf: CNF, inst: TRVBInstance, whole: list[int], inner: list[int]) -> None:
    """The unbroken vertices and the ``inner`` edges (both ends unbroken) form a tree: every unbroken
    vertex but the first (the root) picks one incident inner edge up to a vertex of smaller level (levels
    in unary, ``lev[v][k]`` = level > k), and every inner edge is picked by one of its ends. So the picks
    are the inner edges, one per unbroken vertex but the root, and they lead to the root: a tree. (A
    cardinality constraint |unbroken| - |inner| = 1 said the same and slowed CaDiCaL tenfold.)"""
    n = inst.vertices
    root = cnf.first_true(whole, "root")
    lev = [[cnf.var(("level", v, k)) for k in range(n - 1)] for v in range(n)]
    ups: dict[tuple[int, int], int] = {}
    for v in range(n):
        cnf.extend([[-lev[v][k + 1], lev[v][k]] for k in range(n - 2)])
        mine = []
        for i, (a, b) in enumerate(inst.edges):
            if v not in (a, b):
                continue
            w = b if a == v else a
            p = ups[v, i] = cnf.var(("up", v, i))
            mine.append(p)
            cnf.extend([[-p, whole[v]], [-p, whole[w]]])
            if n > 1:
                cnf.add([-p, lev[v][0]])
            for k in range(n - 2):
                cnf.add([-p, -lev[w][k], lev[v][k + 1]])
            if n > 1:
                cnf.add([-p, -lev[w][n - 2]])
        cnf.add([-whole[v], root[v], *mine])
        cnf.at_most_one(mine)
    for i, (a, b) in enumerate(inst.edges):
        cnf.add([-inner[i], ups[a, i], ups[b, i]])


def _validate_drawing(inst: TRVBInstance) -> None:
    """The drawing is orthogonal and planar (module docstring)."""
    if len(inst.positions) != inst.vertices or len(inst.bends) != len(inst.edges):
        raise InputError(f"{NAME}: a drawing needs one position per vertex and one bend list per edge")
    pts = [*inst.positions, *(p for bs in inst.bends for p in bs)]
    if not all(isinstance(p, tuple) and len(p) == 2 and all(is_int(c) for c in p) for p in pts):
        raise InputError(f"{NAME}: drawing points must be pairs of integers")
    if len(set(inst.positions)) != inst.vertices:
        raise InputError(f"{NAME}: two vertices are drawn at one point")
    used: dict[Point, int] = {p: -1 for p in inst.positions}
    leaving: set[tuple[Point, Point]] = set()
    for i in range(len(inst.edges)):
        route = inst.route(i)
        cells = [route[0]]
        for p, q in zip(route, route[1:]):
            if (p[0] != q[0]) == (p[1] != q[1]):
                raise InputError(f"{NAME}: edge {i} has a segment {p}-{q} that is not axis-parallel")
            step = ((q[0] > p[0]) - (q[0] < p[0]), (q[1] > p[1]) - (q[1] < p[1]))
            while cells[-1] != q:
                cells.append((cells[-1][0] + step[0], cells[-1][1] + step[1]))
        for end, nxt in ((cells[0], cells[1]), (cells[-1], cells[-2])):
            d = (nxt[0] - end[0], nxt[1] - end[1])
            if (end, d) in leaving:
                raise InputError(f"{NAME}: two edges leave the vertex at {end} in one direction")
            leaving.add((end, d))
        for p in cells[1:-1]:
            if p in used:
                raise InputError(f"{NAME}: edge {i} meets {'a vertex' if used[p] < 0 else f'edge {used[p]}'}"
                                 f" at {p}: the drawing is not planar")
            used[p] = i


def rectangle_arrangement(k: int, rng: random.Random) -> TRVBInstance | None:
    """``k`` random rectangles with distinct side coordinates 0..2k-1 in each axis, as a drawn 4-regular
    multigraph (module docstring); None when the arrangement is not connected or has no crossing."""
    import networkx as nx
    xs, ys = rng.sample(range(2 * k), 2 * k), rng.sample(range(2 * k), 2 * k)
    rects = [(min(xs[2 * i:2 * i + 2]), min(ys[2 * i:2 * i + 2]), max(xs[2 * i:2 * i + 2]),
              max(ys[2 * i:2 * i + 2])) for i in range(k)]
    crossings: set[Point] = set()
    for (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) in itertools.permutations(rects, 2):
        for x in (ax0, ax1):
            for y in (by0, by1):
                if bx0 < x < bx1 and ay0 < y < ay1:
                    crossings.add((x, y))
    if not crossings:
        return None
    ids = {p: i for i, p in enumerate(sorted(crossings, key=lambda p: (p[1], p[0])))}
    edges: list[tuple[tuple[int, int], tuple[Point, ...]]] = []
    for x0, y0, x1, y1 in rects:
        corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        walk: list[Point] = []  # the boundary, corners and crossings in order
        for c, d in zip(corners, corners[1:] + corners[:1]):
            walk.append(c)
            on = [p for p in crossings if _between(c, p, d)]
            walk += sorted(on, key=lambda p: abs(p[0] - c[0]) + abs(p[1] - c[1]))
        stops = [i for i, p in enumerate(walk) if p in ids]
        if not stops:
            return None
        for s, t in zip(stops, stops[1:] + [stops[0] + len(walk)]):
            piece = [walk[j % len(walk)] for j in range(s, t + 1)]
            u, v = ids[piece[0]], ids[piece[-1]]
            if u > v:
                piece.reverse()
                u, v = v, u
            edges.append(((u, v), tuple(piece[1:-1])))
    edges.sort()
    n = len(ids)
    g = nx.MultiGraph([e for e, _ in edges])
    if not nx.is_connected(g):
        return None
    return TRVBInstance(n, (True,) * n, tuple(e for e, _ in edges), tuple(sorted(ids, key=ids.__getitem__)),
                        tuple(b for _, b in edges))


def _between(c: Point, p: Point, d: Point) -> bool:
    """Whether ``p`` lies strictly inside the axis-parallel segment c-d."""
    if c[0] == d[0] == p[0]:
        return min(c[1], d[1]) < p[1] < max(c[1], d[1])
    return c[1] == d[1] == p[1] and min(c[0], d[0]) < p[0] < max(c[0], d[0])


PROBLEMS = [TreeResidueVertexBreaking()]
