"""Planar connected vertex cover with a rectilinear drawing (Garey & Johnson 1977, "The rectilinear Steiner
tree problem is NP-complete", Lemma 2: connected vertex cover stays NP-complete for planar graphs of maximum
degree 4; [GJ79, GT2]). The source of Garey and Johnson's rectilinear Steiner tree construction.

An instance (:class:`DrawnGraph`) is a graph drawn on the integer lattice, which makes it planar with
maximum degree 4: its vertices are distinct lattice ``points``; each edge is a lattice path (a tuple of
points, consecutive ones at distance 1) from one vertex to another, with no other vertex on it; two edges
share no point but a common end, and no two edges join the same pair of vertices. ``k`` bounds the cover.
JSON: ``{"points": [[0, 0], [1, 0]], "edges": [[[0, 0], [1, 0]]], "k": 1}``.

**Identity.** One counted solution is a set C of at most k vertices meeting every edge whose induced
subgraph G[C] is connected (the empty set is connected: a graph without edges has it as a solution).
Solution JSON: the cover's points, sorted.

Oracles: the CNF (one variable per vertex, the projection; connectivity by parent pointers with depths in
order encoding rooted at the cover's first vertex; the size by a cardinality constraint) and a brute force
over vertex subsets checked by the rule checker.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gadgetry.core import CNF, VALID, Encoding, Generated, InputError, Param, Problem, Verdict, invalid
from gadgetry.core.sat import enumerate_with_cuts, split_cuts
from gadgetry.core.values import is_int
from gadgetry.sources.grid_hamiltonicity import validate_points
from gadgetry.core.graphs import components

NAME = "planar-connected-vertex-cover"
Point = tuple[int, int]
Path = tuple[Point, ...]
#: The counter of :func:`count_by_cuts` (``count --method cuts``), the default.
CUTS = "cuts"
#: The largest side of the drawing's bounding box (the encoding has one variable per vertex, not per point).
MAX_SIDE = 4000
EDGE_CASES = ("no-edges", "one-edge", "disconnected", "bent-edge", "k-zero")


@dataclass(frozen=True)
class DrawnGraph:
    """Vertices ``points`` (sorted), ``edges`` (lattice paths between two vertices, each stored from its
    smaller end, sorted) and the bound ``k``."""

    points: tuple[Point, ...]
    edges: tuple[Path, ...]
    k: int


def make_graph(points: Iterable[Sequence[int]], edges: Iterable[Sequence[Sequence[int]]], k: int) -> DrawnGraph:
    """An instance with points and paths made tuples, each path oriented from its smaller end, sorted."""
    paths = []
    for e in edges:
        path = tuple((p[0], p[1]) for p in e)
        paths.append(path if path[0] <= path[-1] else path[::-1])
    return DrawnGraph(tuple(sorted({(p[0], p[1]) for p in points})), tuple(sorted(paths)), k)


def ends(inst: DrawnGraph) -> list[tuple[Point, Point]]:
    """Each edge's two end vertices."""
    return [(e[0], e[-1]) for e in inst.edges]


def pieces(nodes: Iterable[Point], pairs: Iterable[tuple[Point, Point]]) -> list[set[Point]]:
    """The connected components of the graph on ``nodes`` with the ``pairs`` among them as edges, ordered
    by their smallest nodes (:func:`gadgetry.core.graphs.components`, plus the isolated nodes)."""
    inside = set(nodes)
    comps = components((u, v) for u, v in pairs if u in inside and v in inside)
    alone = inside - set().union(*comps)
    return sorted(comps + [{v} for v in alone], key=min)


def edges_connected(inst: DrawnGraph) -> bool:
    """Whether the edges lie in one connected component (true without edges)."""
    pairs = ends(inst)
    return len(pieces({v for e in pairs for v in e}, pairs)) <= 1


def cover_verdict(inst: DrawnGraph, cover: Iterable[Point]) -> Verdict:
    """Whether ``cover`` (vertices) meets every edge and induces a connected subgraph."""
    c = set(cover)
    for u, v in ends(inst):
        if u not in c and v not in c:
            return invalid("edge-uncovered", f"edge {list(u)}-{list(v)} has neither end in the cover")
    comps = pieces(c, ends(inst))
    if len(comps) > 1:
        return invalid("disconnected", f"cover vertex {list(min(comps[1]))} is cut off from {list(min(c))}")
    return VALID


def _covers_by_cuts(inst: DrawnGraph, cap: int | None) -> Iterator[tuple[Point, ...]]:
    """The connected covers, at most ``cap``: SAT on "every edge covered, at most k chosen", connectivity
    cut as it fails (:func:`~gadgetry.core.sat.split_cuts`), each cover blocked once found."""
    f = CNF()
    x = {v: f.var(("in", v)) for v in inst.points}
    nbr: dict[Point, set[Point]] = {v: set() for v in inst.points}
    for u, v in ends(inst):
        f.add([x[u], x[v]])
        nbr[u].add(v)
        nbr[v].add(u)
    if x:
        f.at_most(list(x.values()), inst.k)

    def cuts(true: set[int]) -> list[list[int]]:
        return split_cuts(nbr, [v for v in inst.points if x[v] in true], x)

    for true in enumerate_with_cuts(f.clauses, list(x.values()), cuts, cap):
        yield tuple(v for v in inst.points if x[v] in true)


def count_by_cuts(inst: DrawnGraph, cap: int | None = None) -> int:
    """The number of connected covers (``cap + 1`` when more than ``cap``), independent of
    :meth:`PlanarConnectedVertexCover.encode`'s depths, by :func:`_covers_by_cuts` (about a millisecond a
    cover: 5,000 covers of a 600-vertex target in 6 s, where Ganak on the depth encoding does not finish
    in minutes)."""
    return sum(1 for _ in _covers_by_cuts(inst, None if cap is None else cap + 1))


def solve_by_cuts(inst: DrawnGraph) -> tuple[Point, ...] | None:
    """A connected cover or None, by :func:`_covers_by_cuts` (the default ``solve``: the depth encoding
    needs the SAT solver to find depths across the whole graph)."""
    return next(_covers_by_cuts(inst, 1), None)


def bent_path(k: int) -> DrawnGraph:
    """The path (0, 0) - (1, 0) - (2, 1) whose second edge bends round (2, 0)."""
    return make_graph([(0, 0), (1, 0), (2, 1)], [[(0, 0), (1, 0)], [(1, 0), (2, 0), (2, 1)]], k)


class PlanarConnectedVertexCover(Problem):
    """See the module docstring."""

    name = NAME
    title = "planar connected vertex cover: at most k vertices meeting every edge and inducing a connected graph"
    paper = "Garey & Johnson 1977, Lemma 2; [GJ79, GT2]"
    solution_is = ("a set of at most k vertices meeting every edge and inducing a connected subgraph "
                   "(the empty set when there are no edges)")
    params = (Param("n", 4, 1, 60, "number of vertices"),
              Param("width", 3, 1, MAX_SIDE, "vertices are drawn with x in 0..width-1"),
              Param("height", 2, 1, MAX_SIDE, "vertices are drawn with y in 0..height-1"),
              Param("slack", 1, 0, 20, "k is the smallest connected cover's size plus up to this"))
    exhaustive_params = (Param("width", 3, 1, 3, "x in 0..width-1"), Param("height", 2, 1, 2, "y in 0..height-1"),
                         Param("k", 2, 0, 4, "largest bound"))
    modes = ("planted", "unsat", "unique")
    edge_cases = EDGE_CASES
    attempts = 300

    # -- protocol ------------------------------------------------------------------------------
    def validate(self, inst: DrawnGraph) -> None:
        if not isinstance(inst, DrawnGraph):
            raise InputError(f"{NAME}: not an instance")
        if inst.points:
            validate_points(NAME, inst.points)
        if not is_int(inst.k) or inst.k < 0:
            raise InputError(f"{NAME}: 'k' must be a non-negative integer, got {inst.k!r}")
        pts = set(inst.points)
        if pts:
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            if max(max(xs) - min(xs), max(ys) - min(ys)) > MAX_SIDE:
                raise InputError(f"{NAME}: the drawing is more than {MAX_SIDE} units across")
        used: dict[Point, int] = {}
        pairs = set()
        for i, e in enumerate(inst.edges):
            if len(e) < 2 or e[0] not in pts or e[-1] not in pts or e[0] == e[-1]:
                raise InputError(f"{NAME}: edge {i} must run between two different vertices")
            if any(abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1 for a, b in zip(e, e[1:])):
                raise InputError(f"{NAME}: edge {i} is no lattice path (steps of length 1)")
            if len(set(e)) != len(e):
                raise InputError(f"{NAME}: edge {i} crosses itself")
            for p in e[1:-1]:
                if p in pts:
                    raise InputError(f"{NAME}: edge {i} passes through vertex {list(p)}")
                if p in used:
                    raise InputError(f"{NAME}: edges {used[p]} and {i} cross at {list(p)}")
                used[p] = i
            pair = frozenset((e[0], e[-1]))
            if pair in pairs:
                raise InputError(f"{NAME}: two edges join {list(e[0])} and {list(e[-1])}")
            pairs.add(pair)
        steps: dict[frozenset[Point], int] = {}
        for i, e in enumerate(inst.edges):
            for a, b in zip(e, e[1:]):
                s = frozenset((a, b))
                if s in steps:
                    raise InputError(f"{NAME}: edges {steps[s]} and {i} overlap")
                steps[s] = i

    def check(self, inst: DrawnGraph, cover: Any) -> Verdict:
        if not isinstance(cover, (tuple, list)) or not all(
                isinstance(p, tuple) and len(p) == 2 and all(is_int(c) for c in p) for p in cover):
            return invalid("not-points", "a solution is a list of vertex points")
        if len(set(cover)) != len(cover):
            return invalid("repeated-vertex", "a vertex occurs twice")
        unknown = sorted(set(cover) - set(inst.points))
        if unknown:
            return invalid("not-a-vertex", f"{list(unknown[0])} is no vertex")
        if len(cover) > inst.k:
            return invalid("too-large", f"{len(cover)} vertices exceed k = {inst.k}")
        return cover_verdict(inst, cover)

    def encode(self, inst: DrawnGraph) -> Encoding:
        """One variable per vertex (the projection); every edge has a chosen end; at most k chosen
        (totalizer). Connectivity: the chosen vertex first in sorted order is the root; every other chosen
        vertex has one parent, a chosen neighbour of smaller depth (depths in order encoding, below k)."""
        f = CNF()
        pts = inst.points
        x = {v: f.var(("in", v)) for v in pts}
        f.project(x.values())
        nbr: dict[Point, list[Point]] = {v: [] for v in pts}
        for u, v in ends(inst):
            f.add([x[u], x[v]])
            nbr[u].append(v)
            nbr[v].append(u)
        depth = max(1, min(len(pts), inst.k))  # a tree on at most k vertices is less than k deep
        root = dict(zip(pts, f.first_true([x[v] for v in pts], "root")))  # the first chosen vertex
        lev = {v: [f.var(("deeper", v, d)) for d in range(depth)] for v in pts}  # depth(v) > d
        for v in pts:
            for d in range(depth - 1):
                f.add([-lev[v][d + 1], lev[v][d]])
            f.add([-root[v], -lev[v][0]])
            parents = []
            for u in nbr[v]:
                p = f.var(("parent", v, u))
                parents.append(p)
                f.add([-p, x[u]])
                f.add([-p, x[v]])
                for d in range(depth - 1):  # depth(v) > depth(u)
                    f.add([-p, -lev[u][d], lev[v][d + 1]])
                f.add([-p, -lev[u][depth - 1]])
                f.add([-p, lev[v][0]])
            f.add([-x[v], root[v], *parents])
            f.at_most_one(parents)
        if pts:
            f.at_most(list(x.values()), inst.k)

        def decode(value: Any) -> tuple[Point, ...]:
            return tuple(v for v in pts if value(x[v]))

        return Encoding(f, decode)

    def extra_counters(self) -> dict[str, Callable[..., int]]:
        return {CUTS: count_by_cuts}

    def extra_solvers(self) -> dict[str, Callable[..., Any]]:
        return {CUTS: solve_by_cuts}

    def solving_method(self, inst: DrawnGraph) -> str:
        return CUTS

    def counting_method(self, inst: DrawnGraph) -> str:
        """The lazy cuts: Ganak takes 40 s or more on the depth encoding of the target of a one-clause
        formula, which has 27 covers."""
        return CUTS

    def instance_to_json(self, inst: DrawnGraph) -> dict[str, Any]:
        return {"points": [list(p) for p in inst.points], "edges": [[list(p) for p in e] for e in inst.edges],
                "k": inst.k}

    def instance_from_json(self, data: Mapping[str, Any]) -> DrawnGraph:
        if not isinstance(data, Mapping):
            raise InputError(f"{NAME}: an instance is a JSON object with 'points', 'edges' and 'k'")
        unknown = sorted(set(data) - {"points", "edges", "k"})
        if unknown:
            raise InputError(f"{NAME}: unknown key {unknown[0]!r} (keys: edges, k, points)")
        raw, edges, k = data.get("points"), data.get("edges", []), data.get("k")

        def is_point(p: Any) -> bool:
            return isinstance(p, list) and len(p) == 2 and all(is_int(c) for c in p)

        if not isinstance(raw, list) or not all(is_point(p) for p in raw):
            raise InputError(f"{NAME}: 'points' must be a list of [x, y] pairs of integers")
        if not isinstance(edges, list) or not all(isinstance(e, list) and all(is_point(p) for p in e) for e in edges):
            raise InputError(f"{NAME}: 'edges' must be a list of lattice paths [[x, y], ...]")
        if len({tuple(p) for p in raw}) < len(raw):
            raise InputError(f"{NAME}: a point occurs twice")
        inst = make_graph(raw, edges, k)  # type: ignore[arg-type]
        self.validate(inst)
        return inst

    def solution_to_json(self, inst: DrawnGraph, cover: Sequence[Point]) -> list[list[int]]:
        return [list(p) for p in sorted(cover)]

    def solution_from_json(self, inst: DrawnGraph, data: Any) -> tuple[Point, ...]:
        if not isinstance(data, list) or not all(isinstance(p, list) and len(p) == 2 and all(is_int(c) for c in p)
                                                 for p in data):
            raise InputError(f"{NAME}: a solution is a list of vertex points [x, y]")
        return tuple(sorted((p[0], p[1]) for p in data))

    def solution_key(self, inst: DrawnGraph, cover: Sequence[Point]) -> Any:
        return frozenset(cover)

    def size(self, inst: DrawnGraph) -> dict[str, int]:
        return {"vertices": len(inst.points), "edges": len(inst.edges), "k": inst.k,
                "length": sum(len(e) - 1 for e in inst.edges)}

    # -- oracles -------------------------------------------------------------------------------
    def brute_force(self, inst: DrawnGraph) -> Iterator[tuple[Point, ...]]:
        """Every vertex subset of size at most k that the rule checker accepts."""
        for r in range(min(inst.k, len(inst.points)) + 1):
            for subset in itertools.combinations(inst.points, r):
                if cover_verdict(inst, subset):
                    yield subset

    def minimum(self, inst: DrawnGraph) -> int | None:
        """The smallest connected cover's size (None when the edges are not connected)."""
        if not edges_connected(inst):
            return None
        k = 0
        while self.solve(DrawnGraph(inst.points, inst.edges, k)) is None:
            k += 1
        return k

    # -- generators ----------------------------------------------------------------------------
    @staticmethod
    def _grid_graph(n: int, w: int, h: int, rng: random.Random, keep: float) -> DrawnGraph:
        """A random connected set of n lattice points in the box (grown from a random point), each lattice
        edge between two of them kept with probability ``keep`` over a spanning tree of them."""
        if n > w * h:
            raise InputError(f"{NAME}: n={n} exceeds the {w}x{h} box's {w * h} points")
        start = (rng.randrange(w), rng.randrange(h))
        on, tree = {start}, []
        while len(on) < n:
            a, b = rng.choice(sorted({(a, (a[0] + dx, a[1] + dy)) for a in on
                                      for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                                      if 0 <= a[0] + dx < w and 0 <= a[1] + dy < h and (a[0] + dx, a[1] + dy)
                                      not in on}))
            on.add(b)
            tree.append((a, b))
        extra = [(a, (a[0] + dx, a[1] + dy)) for a in sorted(on) for dx, dy in ((1, 0), (0, 1))
                 if (a[0] + dx, a[1] + dy) in on]
        edges = set(map(frozenset, tree)) | {frozenset(e) for e in extra if rng.random() < keep}
        return make_graph(on, [sorted(e) for e in edges], 0)

    def _with_k(self, g: DrawnGraph, k: int) -> DrawnGraph:
        return DrawnGraph(g.points, g.edges, k)

    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        """A random connected grid graph, k its smallest connected cover's size plus up to ``slack``."""
        p = self.resolve_params(params)
        g = self._grid_graph(p["n"], p["width"], p["height"], rng, 0.5)
        best = self.minimum(g) or 0
        return Generated(self._with_k(g, best + rng.randint(0, p["slack"])))

    def draw_unsat(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """A random connected grid graph with k one below its smallest connected cover's size."""
        p = self.resolve_params(params)
        g = self._grid_graph(p["n"], p["width"], p["height"], rng, 0.5)
        best = self.minimum(g) or 0
        return Generated(self._with_k(g, best - 1)) if best else None

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """A random connected grid graph; the planted cover is every vertex of degree two or more (every
        vertex for one edge), k its size plus up to ``slack``."""
        p = self.resolve_params(params)
        g = self._grid_graph(p["n"], p["width"], p["height"], rng, 0.5)
        deg = {v: sum(v in e for e in ends(g)) for v in g.points}
        cover = tuple(v for v in g.points if deg[v] >= 2) or tuple(v for v in g.points if deg[v])[:1]
        if not cover_verdict(g, cover):
            return None
        return Generated(self._with_k(g, len(cover) + rng.randint(0, p["slack"])), cover)

    def draw_unique(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """A random connected grid graph with k its smallest connected cover's size (kept when unique)."""
        p = self.resolve_params(params)
        g = self._grid_graph(p["n"], p["width"], p["height"], rng, 0.3)
        return Generated(self._with_k(g, self.minimum(g) or 0))

    def draw_edge(self, name: str, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """A random draw changed to show ``name``."""
        p = self.resolve_params(params)
        if name == "no-edges":
            g = self._grid_graph(p["n"], p["width"], p["height"], rng, 0.0)
            return Generated(DrawnGraph(g.points, (), rng.randint(0, 1)))
        if name == "one-edge":
            a = (rng.randrange(3), rng.randrange(3))
            b = (a[0] + 1, a[1])
            return Generated(make_graph([a, b], [[a, b]], rng.randint(0, 2)))
        if name == "disconnected":
            a, b, c, d = (0, 0), (1, 0), (0, 2), (1, 2)
            return Generated(make_graph([a, b, c, d], [[a, b], [c, d]], rng.randint(1, 4)))
        if name == "bent-edge":
            return Generated(bent_path(rng.randint(0, 2)))
        g = self._grid_graph(p["n"], p["width"], p["height"], rng, 0.5)
        return Generated(self._with_k(g, 0))

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[DrawnGraph]:
        """Every set of unit lattice edges in the width x height box (vertices: their ends), then the path
        of the ``bent-edge`` case, with every k up to the given one."""
        p = self.resolve_params(params, exhaustive=True)
        w, h = p["width"], p["height"]
        lattice = [((x, y), (x + 1, y)) for y in range(h) for x in range(w - 1)] + \
                  [((x, y), (x, y + 1)) for x in range(w) for y in range(h - 1)]
        for r in range(len(lattice) + 1):
            for subset in itertools.combinations(lattice, r):
                pts = {q for e in subset for q in e} or {(0, 0)}
                for k in range(p["k"] + 1):
                    yield make_graph(pts, subset, k)
        for k in range(p["k"] + 1):
            yield bent_path(k)

    def structures(self, inst: DrawnGraph) -> frozenset[str]:
        found = set()
        if not inst.edges:
            found.add("no-edges")
        elif len(inst.edges) == 1:
            found.add("one-edge")
        if not edges_connected(inst):
            found.add("disconnected")
        if any(len({q[0] for q in e}) > 1 and len({q[1] for q in e}) > 1 for e in inst.edges):
            found.add("bent-edge")
        if inst.k == 0:
            found.add("k-zero")
        return frozenset(found)

    def shrink(self, inst: DrawnGraph) -> Iterator[DrawnGraph]:
        """Lower k, drop an edge, or drop a vertex with its edges."""
        if inst.k > 0:
            yield DrawnGraph(inst.points, inst.edges, inst.k - 1)
        for i in range(len(inst.edges)):
            yield DrawnGraph(inst.points, inst.edges[:i] + inst.edges[i + 1:], inst.k)
        if len(inst.points) > 1:
            for v in inst.points:
                yield DrawnGraph(tuple(p for p in inst.points if p != v),
                                 tuple(e for e in inst.edges if v not in (e[0], e[-1])), inst.k)


PROBLEMS = [PlanarConnectedVertexCover()]
