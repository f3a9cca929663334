"""Hamiltonian cycle and path in grid graphs, the sources of the Witness seed's Hamiltonicity reductions.

A *grid graph* is a finite set of points of the integer lattice with every pair at distance 1 joined (the
induced subgraph of the infinite grid; Itai, Papadimitriou & Szwarcfiter 1982, "Hamilton paths in grid
graphs"). Two problems:

- ``grid-hamiltonian-cycle``: grid graphs of **maximum degree 3**, the class in which Hamiltonian cycle
  stays NP-complete (Papadimitriou & Vazirani 1984, "On two geometric problems related to the travelling
  salesman problem") and the source of the Witness seed, section 2 (framework), Theorems 3.3, 3.4 and 6.3
  and Corollaries 2.1-2.3;
- ``grid-hamiltonian-path``: any grid graph, optionally with fixed start and/or end points (Itai et al.
  1982, Hamiltonian path between two given vertices), the source of the Witness seed's Observation 3.2.

An instance (:class:`GridGraph`) is its sorted point set plus ``start``/``end`` (paths only; None = free).
JSON: ``{"points": [[0, 0], [1, 0], ...], "start": null, "end": null}``. A solution is the vertex sequence
as a list of points; what one counted solution is follows the graph problems of
:mod:`gadgetry.sources.hamiltonicity` (a cycle or path is its edge set), which also check, encode and
count the instance once it is numbered (:meth:`GridHamiltonicity.graph`: points in sorted order).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from gadgetry.core import Encoding, Generated, InputError, Param, Problem, Verdict, invalid
from gadgetry.core.values import is_int
from gadgetry.sources.hamiltonicity import (
    HamiltonianCycle,
    Hamiltonicity,
    HamiltonianPath,
    HamInstance,
    grow_grid_tour,
    make_instance,
)

Point = tuple[int, int]
STEPS: tuple[Point, ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))
#: The structures where grid reductions break: one or two points, a point of degree 1, a graph in two
#: pieces, and colour classes of different sizes (grid graphs are bipartite: no Hamiltonian cycle, and a
#: path only between points of the larger class).
GRID_EDGE_CASES = ("one-point", "two-points", "pendant-vertex", "disconnected", "unbalanced")


@dataclass(frozen=True)
class GridGraph:
    """A grid graph: its ``points`` (sorted, distinct) and, for paths, fixed ends (None = free)."""

    points: tuple[Point, ...]
    start: Point | None = None
    end: Point | None = None


def grid_graph(points: Sequence[Sequence[int]], start: Sequence[int] | None = None,
               end: Sequence[int] | None = None) -> GridGraph:
    """A :class:`GridGraph` with the points sorted and made tuples (not validated)."""
    def pt(p: Sequence[int] | None) -> Point | None:
        return None if p is None else (p[0], p[1])
    return GridGraph(tuple(sorted({(p[0], p[1]) for p in points})), pt(start), pt(end))


def neighbours(points: set[Point] | frozenset[Point], p: Point) -> list[Point]:
    """The points of ``points`` at distance 1 from ``p``, in the order of :data:`STEPS`."""
    return [q for q in neighbours_all(p) if q in points]


def neighbours_all(p: Point) -> list[Point]:
    """The four lattice points at distance 1 from ``p``."""
    return [(p[0] + dx, p[1] + dy) for dx, dy in STEPS]


def validate_points(name: str, points: object) -> None:
    """Raise :class:`InputError` (naming problem ``name``) unless ``points`` is a non-empty, sorted tuple of
    distinct integer pairs."""
    if not isinstance(points, tuple) or not points:
        raise InputError(f"{name}: 'points' must be a non-empty list of [x, y] lattice points")
    for p in points:
        if not (isinstance(p, tuple) and len(p) == 2 and all(is_int(c) for c in p)):
            raise InputError(f"{name}: point {p!r} is not a pair of integers")
    if list(points) != sorted(set(points)):
        raise InputError(f"{name}: points must be distinct and sorted")


def grid_edges(points: Sequence[Point]) -> list[tuple[Point, Point]]:
    """The edges of the grid graph on ``points``: pairs (p, q) at distance 1 with p < q."""
    inside = set(points)
    return [(p, q) for p in sorted(inside) for q in ((p[0] + 1, p[1]), (p[0], p[1] + 1)) if q in inside]


def max_degree(points: Sequence[Point]) -> int:
    """The largest vertex degree of the grid graph on ``points`` (0 when empty)."""
    inside = set(points)
    return max((len(neighbours(inside, p)) for p in inside), default=0)


def is_connected(points: Sequence[Point]) -> bool:
    """Whether the grid graph on ``points`` is connected (the empty graph is not)."""
    inside = set(points)
    if not inside:
        return False
    seen, todo = {points[0]}, [points[0]]
    while todo:
        for q in neighbours(inside, todo.pop()):
            if q not in seen:
                seen.add(q)
                todo.append(q)
    return len(seen) == len(inside)


def polyomino_boundary(cells: set[Point]) -> list[Point] | None:
    """The boundary of a set of unit cells (cell (x, y) is [x, x+1] x [y, y+1]) as its cycle of lattice
    points, or None unless it is one simple cycle (no hole, no point where two cells meet at a corner)."""
    odd: set[tuple[Point, Point]] = set()
    for x, y in cells:
        for e in (((x, y), (x + 1, y)), ((x, y + 1), (x + 1, y + 1)), ((x, y), (x, y + 1)),
                  ((x + 1, y), (x + 1, y + 1))):
            odd ^= {e}
    adj: dict[Point, list[Point]] = {}
    for a, b in sorted(odd):
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    if not adj or any(len(v) != 2 for v in adj.values()):
        return None
    start = min(adj)
    order, prev, cur = [start], start, adj[start][0]
    while cur != start:
        order.append(cur)
        prev, cur = cur, adj[cur][1] if adj[cur][0] == prev else adj[cur][0]
    return order if len(order) == len(adj) else None


def polygon_tour(n: int, w: int, h: int, rng: random.Random, steps_per_point: int = 4) -> list[Point] | None:
    """A random Hamiltonian cycle of ``n`` points (even) in a grid graph of maximum degree 3 inside the
    width x height box: the boundary of a polyomino grown from one cell, each added cell keeping the
    boundary one simple cycle and lengthening it (by 2) until it has ``n`` points, then reshaped (cells
    that keep its length) while some point has degree 4. None when stuck."""
    cells = {(rng.randrange(w - 1), rng.randrange(h - 1))}
    length = 4
    for _step in range(steps_per_point * n):
        order = polyomino_boundary(cells)
        if order is not None and length == n and max_degree(order) <= 3:
            return order
        around = sorted({q for c in cells for q in neighbours_all(c)} - cells)
        rng.shuffle(around)
        for c in around:
            if not (0 <= c[0] < w - 1 and 0 <= c[1] < h - 1):
                continue
            grows = 4 - 2 * len(neighbours(cells, c))
            if grows != (2 if length < n else 0) and not (length < n and grows == 0):
                continue
            if polyomino_boundary(cells | {c}) is not None:
                cells.add(c)
                length += grows
                break
        else:
            return None
    return None


class GridHamiltonicity(Problem):
    """Shared machinery: validation, JSON and generators; checking, encoding and counting are the graph
    problem's (:attr:`graph_problem`) on :meth:`graph`."""

    graph_problem: ClassVar[Hamiltonicity]
    cycle: ClassVar[bool]
    #: The largest degree allowed (4: any grid graph).
    degree_bound: ClassVar[int]
    modes = ("planted", "unsat", "unique")
    edge_cases = GRID_EDGE_CASES
    attempts = 300

    # -- numbering ---------------------------------------------------------------------------------
    def graph(self, g: GridGraph) -> HamInstance:
        """The graph on vertices 0..n-1, vertex i being ``g.points[i]``."""
        index = {p: i for i, p in enumerate(g.points)}
        ends = [None if p is None else index[p] for p in (g.start, g.end)]
        return make_instance(len(g.points), [(index[p], index[q]) for p, q in grid_edges(g.points)],
                             False, *ends)

    def _to_points(self, g: GridGraph, tour: Sequence[int]) -> tuple[Point, ...]:
        return tuple(g.points[i] for i in tour)

    def _to_indices(self, g: GridGraph, tour: Sequence[Point]) -> tuple[int, ...] | None:
        index = {p: i for i, p in enumerate(g.points)}
        out = []
        for p in tour:
            if p not in index:
                return None
            out.append(index[p])
        return tuple(out)

    # -- the protocol ----------------------------------------------------------------------------
    def validate(self, g: GridGraph) -> None:
        name = self.name
        validate_points(name, g.points)
        degree = max_degree(g.points)
        if degree > self.degree_bound:
            inside = set(g.points)
            p = next(p for p in g.points if len(neighbours(inside, p)) > self.degree_bound)
            raise InputError(f"{name}: point {list(p)} has degree {degree}, above the "
                             f"{self.degree_bound} this problem allows")
        for key in ("start", "end"):
            p = getattr(g, key)
            if p is None:
                continue
            if self.cycle:
                raise InputError(f"{name}: a cycle has no {key} point")
            if p not in set(g.points):
                raise InputError(f"{name}: '{key}' {list(p)} is not one of the points")
        if g.start is not None and g.start == g.end and len(g.points) > 1:
            raise InputError(f"{name}: start and end must differ (both are {list(g.start)})")

    def check(self, g: GridGraph, tour: Sequence[Point]) -> Verdict:
        for p in tour:
            if not (isinstance(p, tuple) and len(p) == 2):
                return invalid("not-a-point", f"{p!r}")
        indices = self._to_indices(g, tour)
        if indices is None:
            p = next(p for p in tour if p not in set(g.points))
            return invalid("vertex-out-of-range", f"point {list(p)} is not a vertex")
        return self.graph_problem.check(self.graph(g), indices)

    def encode(self, g: GridGraph) -> Encoding:
        """The graph problem's successor encoding (projection: one variable per grid edge)."""
        enc = self.graph_problem.encode(self.graph(g))
        return Encoding(enc.cnf, lambda val: self._to_points(g, enc.decode(val)))

    def canonical(self, g: GridGraph, tour: Sequence[Point]) -> tuple[Point, ...]:
        indices = self._to_indices(g, tour)
        return tuple(tour) if indices is None else self._to_points(
            g, self.graph_problem.canonical(self.graph(g), indices))

    def instance_to_json(self, g: GridGraph) -> dict[str, Any]:
        out: dict[str, Any] = {"points": [list(p) for p in g.points]}
        if not self.cycle:
            out["start"] = None if g.start is None else list(g.start)
            out["end"] = None if g.end is None else list(g.end)
        return out

    def instance_from_json(self, data: Mapping[str, Any]) -> GridGraph:
        name = self.name
        if not isinstance(data, Mapping):
            raise InputError(f"{name}: an instance is a JSON object with 'points'")
        keys = {"points"} if self.cycle else {"points", "start", "end"}
        unknown = sorted(set(data) - keys)
        if unknown:
            raise InputError(f"{name}: unknown key {unknown[0]!r} (keys: {', '.join(sorted(keys))})")
        if "points" not in data:
            raise InputError(f"{name}: missing key 'points'")

        def point(x: Any, what: str) -> Point:
            if not (isinstance(x, list) and len(x) == 2 and all(is_int(c) for c in x)):
                raise InputError(f"{name}: {what} must be an [x, y] pair of integers, got {x!r}")
            return (x[0], x[1])

        raw = data["points"]
        if not isinstance(raw, list):
            raise InputError(f"{name}: 'points' must be a list of [x, y] pairs")
        points = [point(x, "a point") for x in raw]
        if len(set(points)) < len(points):
            dup = next(p for p in points if points.count(p) > 1)
            raise InputError(f"{name}: point {list(dup)} occurs twice")
        ends = [None if data.get(k) is None else point(data[k], f"'{k}'") for k in ("start", "end")]
        g = GridGraph(tuple(sorted(points)), *ends)
        self.validate(g)
        return g

    def solution_to_json(self, g: GridGraph, tour: Sequence[Point]) -> list[list[int]]:
        return [list(p) for p in self.canonical(g, tour)]

    def solution_from_json(self, g: GridGraph, data: Any) -> tuple[Point, ...]:
        if not isinstance(data, list) or not all(
                isinstance(p, list) and len(p) == 2 and all(is_int(c) for c in p) for p in data):
            raise InputError(f"{self.name}: a solution is a list of [x, y] points")
        return tuple((p[0], p[1]) for p in data)

    def size(self, g: GridGraph) -> dict[str, int]:
        xs, ys = [p[0] for p in g.points], [p[1] for p in g.points]
        return {"vertices": len(g.points), "edges": len(grid_edges(g.points)),
                "width": max(xs) - min(xs) + 1, "height": max(ys) - min(ys) + 1}

    # -- oracles -----------------------------------------------------------------------------------
    def brute_force(self, g: GridGraph) -> Iterator[tuple[Point, ...]]:
        """The graph problem's depth-first search over simple paths."""
        for t in self.graph_problem.brute_force(self.graph(g)):
            yield self._to_points(g, t)

    def extra_counters(self) -> dict[str, Callable[[GridGraph], int]]:
        return {"graphillion": self.count_graphillion}

    def count_graphillion(self, g: GridGraph) -> int:
        return self.graph_problem.count_graphillion(self.graph(g))

    def counting_method(self, g: GridGraph) -> str:
        return self.graph_problem.counting_method(self.graph(g))

    # -- generators --------------------------------------------------------------------------------
    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """A connected set of ``n`` points grown at random in the width x height box; points of too high a
        degree are dropped (highest first) and the largest component kept; None if it came out empty."""
        p = self.resolve_params(params)
        n, w, h = p["n"], p["width"], p["height"]
        if n > w * h:
            raise InputError(f"{self.name}: n={n} exceeds the {w}x{h} box's {w * h} points")
        cells = [(x, y) for y in range(h) for x in range(w)]
        chosen = {rng.choice(cells)}
        inside = set(cells)
        while len(chosen) < n:
            frontier = sorted({q for c in chosen for q in neighbours(inside, c)} - chosen)
            chosen.add(rng.choice(frontier))
        while (bad := [c for c in sorted(chosen) if len(neighbours(chosen, c)) > self.degree_bound]):
            chosen.discard(rng.choice(bad))
        points = self._largest_component(chosen)
        return Generated(self._with_ends(p, points, None, rng)) if points else None

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """Paths: a tour grown in the box by pushing one of its edges out by a unit square or extending an
        end (:func:`grow_grid_tour`). Cycles: the boundary of a random polyomino grown cell by cell inside
        the box while its boundary stays one simple cycle, until that cycle has ``n`` points and no point of
        degree 4 (its points are the whole graph, the cycle the planted tour); None when stuck."""
        p = self.resolve_params(params)
        n, w, h = p["n"], p["width"], p["height"]
        if n > w * h:
            raise InputError(f"{self.name}: n={n} exceeds the {w}x{h} box's {w * h} points")
        if self.cycle:
            if n % 2 or n < 4 or w < 2 or h < 2:
                raise InputError(f"{self.name}: a Hamiltonian cycle in a grid graph needs an even n >= 4 and "
                                 "width, height >= 2 (grid graphs are bipartite)")
            walk = polygon_tour(n, w, h, rng)
        else:
            box = {(x, y) for y in range(h) for x in range(w)}
            walk = grow_grid_tour(n, w, h, lambda c: neighbours(box, c), False, rng, 20)
        if walk is None:
            return None
        return Generated(self._with_ends(p, tuple(sorted(walk)), walk, rng), tuple(walk))

    def _largest_component(self, chosen: set[Point]) -> tuple[Point, ...]:
        best: set[Point] = set()
        left = set(chosen)
        while left:
            seed = min(left)
            comp, todo = {seed}, [seed]
            while todo:
                for q in neighbours(chosen, todo.pop()):
                    if q not in comp:
                        comp.add(q)
                        todo.append(q)
            left -= comp
            if len(comp) > len(best):
                best = comp
        return tuple(sorted(best))

    def _with_ends(self, p: Mapping[str, int], points: tuple[Point, ...], walk: Sequence[Point] | None,
                   rng: random.Random) -> GridGraph:
        """Paths fix ``ends`` of their ends: the planted walk's, or random points."""
        ends = 0 if self.cycle else p["ends"]
        if not ends:
            return GridGraph(points)
        if walk is not None:
            start, end = walk[0], walk[-1]
        else:
            start, end = (rng.sample(points, 2) if len(points) > 1 else (points[0], points[0]))
        if len(points) == 1:
            return GridGraph(points, start, start if ends == 2 else None)
        return GridGraph(points, start, end if ends == 2 else None)

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[GridGraph]:
        """Every grid graph (connected or not) of the allowed degree in the width x height box, up to translation
        (its points touching the box's left and bottom sides); paths with every choice of up to ``ends``
        fixed ends."""
        p = self.resolve_params(params, exhaustive=True)
        w, h = p["width"], p["height"]
        box = [(x, y) for y in range(h) for x in range(w)]
        for k in range(1, len(box) + 1):
            for subset in itertools.combinations(box, k):
                if min(x for x, _ in subset) or min(y for _, y in subset):
                    continue
                if max_degree(subset) > self.degree_bound:
                    continue
                yield from self._end_choices(tuple(sorted(subset)), 0 if self.cycle else p["ends"])

    def _end_choices(self, points: tuple[Point, ...], ends: int) -> Iterator[GridGraph]:
        yield GridGraph(points)
        if ends >= 1:
            yield from (GridGraph(points, s) for s in points)
            yield from (GridGraph(points, None, t) for t in points)
        if ends >= 2:
            yield from (GridGraph(points, s, t) for s in points for t in points if s != t or len(points) == 1)

    def structures(self, g: GridGraph) -> frozenset[str]:
        inside = set(g.points)
        found = {name for name, n in (("one-point", 1), ("two-points", 2)) if len(inside) == n}
        if len(inside) > 2 and any(len(neighbours(inside, p)) == 1 for p in inside):
            found.add("pendant-vertex")
        if not is_connected(g.points):
            found.add("disconnected")
        if 2 * sum((x + y) % 2 for x, y in inside) != len(inside):
            found.add("unbalanced")
        return frozenset(found)

    def draw_edge(self, name: str, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """A planted (or random) draw changed to show ``name``: cut to one or two points, a point added
        next to exactly one point or far from all, or a point removed."""
        gen = self.draw_planted(params, rng) if rng.random() < 0.5 else self.draw(params, rng)
        if gen is None:
            return None
        points = list(gen.instance.points)
        inside = set(points)
        if name in ("one-point", "two-points"):
            first = points[0]
            points = [first] + neighbours(inside, first)[:1] if name == "two-points" else [first]
        elif name == "pendant-vertex":
            spots = sorted({q for p in points for q in neighbours_all(p)} - inside)
            spots = [q for q in spots if len(neighbours(inside, q)) == 1
                     and len(neighbours(inside, neighbours(inside, q)[0])) < self.degree_bound]
            if not spots:
                return None
            points.append(rng.choice(spots))
        elif name == "disconnected":
            points.append((max(x for x, _ in points) + 2, rng.choice(points)[1]))
        elif name == "unbalanced" and len(points) > 1:
            points.remove(rng.choice(points))
        return Generated(self._with_ends(self.resolve_params(params), tuple(sorted(points)), None, rng))

    def shrink(self, g: GridGraph) -> Iterator[GridGraph]:
        """Free a fixed end, or delete one point (a deleted fixed end becomes free), keeping a point."""
        if g.start is not None:
            yield GridGraph(g.points, None, g.end)
        if g.end is not None:
            yield GridGraph(g.points, g.start, None)
        if len(g.points) > 1:
            for p in reversed(g.points):
                rest = tuple(q for q in g.points if q != p)
                yield GridGraph(rest, None if g.start == p else g.start, None if g.end == p else g.end)


_BOX = (Param("width", 4, 1, 60, "width of the box the points are drawn in"),
        Param("height", 4, 1, 60, "height of the box the points are drawn in"))


class GridHamiltonianCycle(GridHamiltonicity):
    name = "grid-hamiltonian-cycle"
    title = "Hamiltonian cycle in a grid graph of maximum degree 3"
    paper = "Papadimitriou & Vazirani 1984; Itai, Papadimitriou & Szwarcfiter 1982; Witness seed, section 2"
    solution_is = "a set of edges forming one Hamiltonian cycle through every point, counted once"
    graph_problem = HamiltonianCycle()
    cycle = True
    degree_bound = 3
    params = (Param("n", 8, 1, 2000, "number of points"),) + _BOX
    mode_params = {"unsat": {"n": 8}, "unique": {"n": 8}}
    exhaustive_params = (Param("width", 3, 1, 4, "box width"), Param("height", 3, 1, 3, "box height"))


class GridHamiltonianPath(GridHamiltonicity):
    name = "grid-hamiltonian-path"
    title = "Hamiltonian path in a grid graph, optionally between fixed points"
    paper = "Itai, Papadimitriou & Szwarcfiter 1982; Witness seed, Observation 3.2"
    solution_is = ("a set of edges forming one Hamiltonian path with the required ends (a path and its "
                   "reversal are one); the single point when there is one")
    graph_problem = HamiltonianPath()
    cycle = False
    degree_bound = 4
    params = (Param("n", 8, 1, 2000, "number of points"),) + _BOX + (
        Param("ends", 2, 0, 2, "0 = free ends; 1 = fixed start; 2 = fixed start and end"),)
    mode_params = {"unsat": {"n": 8}, "unique": {"n": 8}}
    exhaustive_params = (Param("width", 3, 1, 4, "box width"), Param("height", 2, 1, 3, "box height"),
                         Param("ends", 2, 0, 2, "each graph with every choice of up to this many fixed ends"))


PROBLEMS: list[GridHamiltonicity] = [GridHamiltonianCycle(), GridHamiltonianPath()]
