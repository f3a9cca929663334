"""Rectilinear Steiner tree (Garey & Johnson 1977, "The rectilinear Steiner tree problem is NP-complete";
[GJ79, ND13]): n terminal points of the integer grid and a bound k; yes iff some rectilinear tree of total
length at most k connects them. Strongly NP-hard, so the coordinates may be taken polynomial in n. By
Hanan's lemma (Hanan 1966, Theorem 4) a shortest tree lies on the Hanan grid (the horizontal and vertical
lines through the terminals), hence inside the terminals' bounding box and on the integer lattice. The
source of the Witness seed's Theorems 7.2 and 7.3.

An instance (:class:`SteinerInstance`) is its sorted, distinct ``points`` and ``k``. JSON:
``{"points": [[0, 0], [2, 1]], "k": 3}``.

**Identity.** One counted solution is a set of unit edges of the lattice inside the terminals' bounding
box, at most k of them, that is *inclusion-minimal* among the edge sets connecting all terminals;
equivalently a tree whose leaves are all terminals (a single terminal: the empty set). Trees with a
dangling non-terminal leaf are not counted (dropping its edge keeps the terminals connected), nor are
trees leaving the bounding box (a shortest tree never does; minimal trees that do would make the count
depend on k beyond the box). Solution JSON: the edges ``[[[x, y], [x', y']], ...]``; on input any
horizontal or vertical lattice segments, whose union is split into unit edges.

Oracles: the CNF (connectivity by parent pointers with bounded depth, length by a cardinality
constraint), a brute force over edge subsets of the box lattice (counting), and the minimum length over
the Hanan grid by brute force over its edge subsets (deciding, independent of the lattice).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gadgetry.core import CNF, VALID, Encoding, Generated, InputError, Param, Problem, Verdict, invalid
from gadgetry.core.graphs import components
from gadgetry.core.values import is_int
from gadgetry.sources.grid_hamiltonicity import validate_points

Point = tuple[int, int]
Edge = tuple[Point, Point]
NAME = "rectilinear-steiner-tree"
#: The largest bounding box side (in unit lengths) an instance may have: the encoding has one variable per
#: lattice edge of the box (and depths up to k per point). 300 admits Garey and Johnson's instances from the
#: smallest planar formulas (a 238 x 68 box for one 3-clause), which are then out of time, not refused.
MAX_SIDE = 300
EDGE_CASES = ("one-terminal", "two-terminals", "collinear", "adjacent-terminals", "k-zero")


@dataclass(frozen=True)
class SteinerInstance:
    """Terminals ``points`` (sorted, distinct lattice points) and the length bound ``k``."""

    points: tuple[Point, ...]
    k: int


def make_instance(points: Iterable[Sequence[int]], k: int) -> SteinerInstance:
    """An instance with the points made tuples, deduplicated and sorted (not validated)."""
    return SteinerInstance(tuple(sorted({(p[0], p[1]) for p in points})), k)


def unit_edge(u: Point, v: Point) -> Edge:
    """The normalised unit edge between two adjacent lattice points."""
    return (u, v) if u <= v else (v, u)


def box(inst: SteinerInstance) -> tuple[int, int, int, int]:
    """The terminals' bounding box ``(x0, y0, x1, y1)``."""
    xs, ys = [p[0] for p in inst.points], [p[1] for p in inst.points]
    return min(xs), min(ys), max(xs), max(ys)


def box_edges(inst: SteinerInstance) -> list[Edge]:
    """Every unit edge of the lattice inside the bounding box, horizontal ones first."""
    x0, y0, x1, y1 = box(inst)
    return [((x, y), (x + 1, y)) for y in range(y0, y1 + 1) for x in range(x0, x1)] + \
           [((x, y), (x, y + 1)) for x in range(x0, x1 + 1) for y in range(y0, y1)]


def segment_edges(a: Point, b: Point) -> list[Edge]:
    """The unit edges of the horizontal or vertical lattice segment from ``a`` to ``b``."""
    (ax, ay), (bx, by) = sorted((a, b))
    if ax == bx:
        return [((ax, y), (ax, y + 1)) for y in range(ay, by)]
    if ay == by:
        return [((x, ay), (x + 1, ay)) for x in range(ax, bx)]
    raise InputError(f"{NAME}: segment {list(a)}-{list(b)} is neither horizontal nor vertical")


def tree_verdict(terminals: Sequence[Point], edges: Iterable[Edge]) -> Verdict:
    """Whether ``edges`` (unit edges) form a tree containing every terminal whose leaves are all terminals
    (inclusion-minimal among the edge sets connecting the terminals); the empty set for one terminal."""
    es = list(edges)
    if len(set(es)) != len(es):
        return invalid("repeated-edge", "an edge occurs twice")
    adj: dict[Point, list[Point]] = {}
    for u, v in es:
        adj.setdefault(u, []).append(v)
        adj.setdefault(v, []).append(u)
    terms = set(terminals)
    if len(terms) == 1 and not es:
        return VALID
    missing = sorted(terms - set(adj))
    if missing:
        return invalid("terminal-missing", f"terminal {list(missing[0])} is not on the tree")
    start = min(adj)
    seen = next(c for c in components(es) if start in c)
    if len(seen) != len(adj):
        return invalid("disconnected", f"point {list(sorted(set(adj) - seen)[0])} is cut off")
    if len(es) != len(adj) - 1:
        return invalid("cycle", f"{len(es)} edges on {len(adj)} points")
    leaf = sorted(p for p, nb in adj.items() if len(nb) == 1 and p not in terms)
    if leaf:
        return invalid("steiner-leaf", f"point {list(leaf[0])} is a leaf but no terminal (not minimal)")
    return VALID


def prune_to_minimal(terminals: Sequence[Point], edges: Iterable[Edge]) -> tuple[Edge, ...]:
    """A minimal tree inside a connected edge set containing the terminals: a BFS spanning tree of the
    terminals' component, then non-terminal leaves cut off until none is left."""
    es = set(edges)
    terms = set(terminals)
    if len(terms) == 1:
        return ()
    adj: dict[Point, set[Point]] = {}
    for u, v in es:
        adj.setdefault(u, set()).add(v)
        adj.setdefault(v, set()).add(u)
    root = min(terms)
    tree: set[Edge] = set()
    seen, todo = {root}, [root]
    while todo:
        p = todo.pop(0)
        for q in sorted(adj.get(p, ())):
            if q not in seen:
                seen.add(q)
                tree.add(unit_edge(p, q))
                todo.append(q)
    while True:
        deg: dict[Point, int] = {}
        for u, v in tree:
            deg[u] = deg.get(u, 0) + 1
            deg[v] = deg.get(v, 0) + 1
        drop = {e for e in tree if any(deg[p] == 1 and p not in terms for p in e)}
        if not drop:
            return tuple(sorted(tree))
        tree -= drop


def hanan_minimum(inst: SteinerInstance) -> int:
    """The length of a shortest rectilinear Steiner tree, by brute force over the edge subsets of the Hanan
    grid (segments between consecutive Hanan lines, weighted by length), fewest edges first; independent of
    the unit lattice. Exponential: tiny instances only."""
    pts = inst.points
    if len(pts) == 1:
        return 0
    xs, ys = sorted({p[0] for p in pts}), sorted({p[1] for p in pts})
    grid = [((x, y), (x2, y)) for y in ys for x, x2 in zip(xs, xs[1:])] + \
           [((x, y), (x, y2)) for x in xs for y, y2 in zip(ys, ys[1:])]
    weight = {e: abs(e[0][0] - e[1][0]) + abs(e[0][1] - e[1][1]) for e in grid}
    best = None
    for r in range(len(pts) - 1, len(grid) + 1):
        for subset in itertools.combinations(grid, r):
            w = sum(weight[e] for e in subset)
            if best is not None and w >= best:
                continue
            comps = components(subset)
            if any(set(pts) <= c for c in comps):
                best = w
    assert best is not None
    return best


class RectilinearSteinerTree(Problem):
    """See the module docstring."""

    name = NAME
    title = "rectilinear Steiner tree: connect lattice points by a rectilinear tree of length at most k"
    paper = "Garey & Johnson 1977; [GJ79, ND13]; Hanan 1966; Witness seed, Theorems 7.2 and 7.3"
    solution_is = ("an inclusion-minimal set of at most k unit lattice edges inside the terminals' bounding "
                   "box connecting every terminal (a tree whose leaves are all terminals; one terminal: "
                   "the empty set)")
    params = (Param("n", 3, 1, 30, "number of terminals"),
              Param("width", 3, 1, MAX_SIDE, "terminals are drawn with x in 0..width-1"),
              Param("height", 3, 1, MAX_SIDE, "terminals are drawn with y in 0..height-1"),
              Param("slack", 1, 0, 20, "random draws: k is the minimum length plus or minus up to this"))
    exhaustive_params = (Param("width", 2, 1, 3, "x in 0..width-1"), Param("height", 2, 1, 3, "y in 0..height-1"),
                         Param("k", 3, 0, 6, "largest bound"))
    modes = ("planted", "unsat", "unique")
    edge_cases = EDGE_CASES
    attempts = 300
    mode_params = {"unsat": {"n": 3}, "unique": {"n": 3}}

    # -- protocol ------------------------------------------------------------------------------
    def validate(self, inst: SteinerInstance) -> None:
        if not isinstance(inst, SteinerInstance):
            raise InputError(f"{NAME}: not an instance")
        validate_points(NAME, inst.points)
        if not is_int(inst.k) or inst.k < 0:
            raise InputError(f"{NAME}: 'k' must be a non-negative integer, got {inst.k!r}")
        x0, y0, x1, y1 = box(inst)
        if max(x1 - x0, y1 - y0) > MAX_SIDE:
            raise InputError(f"{NAME}: the bounding box is {x1 - x0} x {y1 - y0}; sides of at most {MAX_SIDE}")

    def check(self, inst: SteinerInstance, edges: Any) -> Verdict:
        if not isinstance(edges, (tuple, list)):
            return invalid("not-edges", "a solution is a list of unit edges")
        x0, y0, x1, y1 = box(inst)
        for e in edges:
            if not (isinstance(e, tuple) and len(e) == 2 and all(
                    isinstance(p, tuple) and len(p) == 2 and all(is_int(c) for c in p) for p in e)):
                return invalid("not-an-edge", f"{e!r}")
            (ax, ay), (bx, by) = e
            if abs(ax - bx) + abs(ay - by) != 1:
                return invalid("not-an-edge", f"{[list(p) for p in e]} is no unit lattice edge")
            if not all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in e):
                return invalid("outside-box", f"edge {[list(p) for p in e]} leaves the terminals' bounding box")
        if len(edges) > inst.k:
            return invalid("too-long", f"length {len(edges)} exceeds k = {inst.k}")
        return tree_verdict(inst.points, [unit_edge(*e) for e in edges])

    def encode(self, inst: SteinerInstance) -> Encoding:
        """One variable per box edge (the projection). A vertex is on the tree iff it has an edge; every
        vertex on the tree but the root (the smallest terminal) has exactly one parent, a neighbour across a
        used edge at a smaller depth (depths in order encoding, at most k); every used edge is a parent edge,
        so the used edges are exactly the parent edges of a connected arborescence: a tree. Terminals are on
        it (when there are two or more), a non-terminal has degree 0 or at least 2, and at most k edges are
        used (totalizer)."""
        f = CNF()
        edges = box_edges(inst)
        e = {ed: f.var(("e", ed)) for ed in edges}
        f.project(e.values())
        inc: dict[Point, list[tuple[Point, int]]] = {}
        for (u, v), x in e.items():
            inc.setdefault(u, []).append((v, x))
            inc.setdefault(v, []).append((u, x))
        terms = set(inst.points)
        root = inst.points[0]
        depth = inst.k
        for v, around in inc.items():
            lits = [x for _, x in around]
            if v in terms and len(terms) > 1:
                f.add(lits)
            if v not in terms:  # no leaf but a terminal
                for x in lits:
                    f.add([-x] + [y for y in lits if y != x])
            if v == root:
                continue
            # level[v][d]: depth of v is more than d (d = 0 .. depth-1); depth 0 is the root only
            lev = [f.var(("deeper", v, d)) for d in range(depth)]
            for d in range(depth - 1):
                f.add([-lev[d + 1], lev[d]])
            parents = []
            for u, x in around:
                p = f.var(("parent", v, u))
                parents.append(p)
                f.add([-p, x])
                if u != root:
                    ulev = [f.var(("deeper", u, d)) for d in range(depth)]
                    f.add([-p, ulev[0]] if depth else [-p])
                    for d in range(depth - 1):  # depth(v) > depth(u)
                        f.add([-p, -ulev[d], lev[d + 1]])
                    if depth:
                        f.add([-p, -ulev[depth - 1]])
                elif depth:
                    f.add([-p, lev[0]])
                else:
                    f.add([-p])
            for x in lits:  # on the tree: exactly one parent
                f.add([-x, *parents])
            f.at_most_one(parents)
        for (u, v), x in e.items():  # a used edge is a parent edge
            terms_uv = [f.var(("parent", v, u))] if v != root else []
            terms_uv += [f.var(("parent", u, v))] if u != root else []
            f.add([-x, *terms_uv])
        if edges:
            f.at_most(list(e.values()), inst.k)

        def decode(value: Any) -> tuple[Edge, ...]:
            return tuple(sorted(ed for ed, x in e.items() if value(x)))

        return Encoding(f, decode)

    def instance_to_json(self, inst: SteinerInstance) -> dict[str, Any]:
        return {"points": [list(p) for p in inst.points], "k": inst.k}

    def instance_from_json(self, data: Mapping[str, Any]) -> SteinerInstance:
        if not isinstance(data, Mapping):
            raise InputError(f"{NAME}: an instance is a JSON object with 'points' and 'k'")
        unknown = sorted(set(data) - {"points", "k"})
        if unknown:
            raise InputError(f"{NAME}: unknown key {unknown[0]!r} (keys: k, points)")
        raw, k = data.get("points"), data.get("k")
        if not isinstance(raw, list) or not all(isinstance(p, list) and len(p) == 2 and all(is_int(c) for c in p)
                                                for p in raw):
            raise InputError(f"{NAME}: 'points' must be a list of [x, y] pairs of integers")
        points = [(p[0], p[1]) for p in raw]
        if len(set(points)) < len(points):
            dup = next(p for p in points if points.count(p) > 1)
            raise InputError(f"{NAME}: point {list(dup)} occurs twice")
        inst = SteinerInstance(tuple(sorted(points)), k)  # type: ignore[arg-type]
        self.validate(inst)
        return inst

    def solution_to_json(self, inst: SteinerInstance, edges: Sequence[Edge]) -> list[list[list[int]]]:
        return [[list(u), list(v)] for u, v in sorted(unit_edge(*e) for e in edges)]

    def solution_from_json(self, inst: SteinerInstance, data: Any) -> tuple[Edge, ...]:
        if not isinstance(data, list) or not all(
                isinstance(s, list) and len(s) == 2 and all(isinstance(p, list) and len(p) == 2 and
                                                            all(is_int(c) for c in p) for p in s) for s in data):
            raise InputError(f"{NAME}: a solution is a list of segments [[x, y], [x', y']]")
        out: set[Edge] = set()
        for a, b in data:
            out.update(segment_edges((a[0], a[1]), (b[0], b[1])))
        return tuple(sorted(out))

    def solution_key(self, inst: SteinerInstance, edges: Sequence[Edge]) -> Any:
        return frozenset(unit_edge(*e) for e in edges)

    def size(self, inst: SteinerInstance) -> dict[str, int]:
        x0, y0, x1, y1 = box(inst)
        return {"terminals": len(inst.points), "k": inst.k, "width": x1 - x0, "height": y1 - y0,
                "m": max(x1 - x0, y1 - y0)}

    # -- oracles -------------------------------------------------------------------------------
    def brute_force(self, inst: SteinerInstance) -> Iterator[tuple[Edge, ...]]:
        """Every subset of at most k box edges, kept when the checker accepts it (tiny instances)."""
        edges = box_edges(inst)
        for r in range(min(inst.k, len(edges)) + 1):
            for subset in itertools.combinations(edges, r):
                if tree_verdict(inst.points, subset):
                    yield tuple(sorted(subset))

    # -- generators ----------------------------------------------------------------------------
    def _points(self, p: Mapping[str, int], rng: random.Random) -> list[Point]:
        n, w, h = p["n"], p["width"], p["height"]
        if n > w * h:
            raise InputError(f"{NAME}: n={n} exceeds the {w}x{h} box's {w * h} points")
        return rng.sample([(x, y) for y in range(h) for x in range(w)], n)

    def minimum(self, inst: SteinerInstance) -> int:
        """The shortest tree's length: the smallest k at which the encoding is satisfiable."""
        x0, y0, x1, y1 = box(inst)
        lo = len(inst.points) - 1 if len(inst.points) > 1 else 0
        lo = max(lo, (x1 - x0) + (y1 - y0) if len(inst.points) > 1 else 0)
        k = lo
        while self.solve(SteinerInstance(inst.points, k)) is None:
            k += 1
        return k

    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        """Random terminals in the box; k is the minimum length shifted by up to ``slack`` either way."""
        p = self.resolve_params(params)
        points = self._points(p, rng)
        best = self.minimum(make_instance(points, 0))
        return Generated(make_instance(points, max(0, best + rng.randint(-p["slack"], p["slack"]))))

    def draw_unsat(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """Random terminals with k one below the minimum length (None for one terminal)."""
        p = self.resolve_params(params)
        points = self._points(p, rng)
        best = self.minimum(make_instance(points, 0))
        return Generated(make_instance(points, best - 1)) if best else None

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """A random tree grown edge by edge in the box, its non-terminal leaves pruned; the terminals are its
        leaves plus random tree points up to n; k is its length plus up to ``slack``. None when the tree
        leaves its terminals' bounding box or has more than n leaves."""
        p = self.resolve_params(params)
        tree = self._random_tree(p, rng)
        if tree is None:
            return None
        pts, edges = tree
        return Generated(make_instance(pts, len(edges) + rng.randint(0, p["slack"])), edges)

    def draw_unique(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """A planted tree with its bends and branch points made terminals too, and k its length."""
        p = self.resolve_params(params)
        tree = self._random_tree(p, rng, corners=True)
        if tree is None:
            return None
        pts, edges = tree
        return Generated(make_instance(pts, len(edges)), edges)

    def _random_tree(self, p: Mapping[str, int], rng: random.Random,
                     corners: bool = False) -> tuple[list[Point], tuple[Edge, ...]] | None:
        n, w, h = p["n"], p["width"], p["height"]
        grid = [(x, y) for y in range(h) for x in range(w)]
        on = {rng.choice(grid)}
        tree: set[Edge] = set()
        size = rng.randint(0, max(0, min(w * h - 1, 2 * n + 2)))
        for _ in range(size):
            grow = sorted({(a, (a[0] + dx, a[1] + dy)) for a in on for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                           if 0 <= a[0] + dx < w and 0 <= a[1] + dy < h and (a[0] + dx, a[1] + dy) not in on})
            if not grow:
                break
            a, b = rng.choice(grow)
            on.add(b)
            tree.add(unit_edge(a, b))
        deg: dict[Point, list[Point]] = {q: [] for q in on}
        for u, v in tree:
            deg[u].append(v)
            deg[v].append(u)
        terms = {q for q, nb in deg.items() if len(nb) <= 1}
        if corners:
            terms |= {q for q, nb in deg.items() if len(nb) >= 3 or (len(nb) == 2 and nb[0][0] != nb[1][0]
                                                                     and nb[0][1] != nb[1][1])}
        if len(terms) > n:
            return None
        extra = sorted(on - terms)
        rng.shuffle(extra)
        terms |= set(extra[:n - len(terms)])
        if len(terms) < n:
            return None
        inst = make_instance(terms, len(tree))
        edges = tuple(sorted(tree))
        if not self.check(inst, edges):
            return None
        return sorted(terms), edges

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[SteinerInstance]:
        """Every terminal set in the width x height box touching its left and bottom sides, with every
        k up to the given one."""
        p = self.resolve_params(params, exhaustive=True)
        cells = [(x, y) for y in range(p["height"]) for x in range(p["width"])]
        for r in range(1, len(cells) + 1):
            for subset in itertools.combinations(cells, r):
                if min(x for x, _ in subset) or min(y for _, y in subset):
                    continue
                for k in range(p["k"] + 1):
                    yield make_instance(subset, k)

    def structures(self, inst: SteinerInstance) -> frozenset[str]:
        pts = inst.points
        found = {name for name, n in (("one-terminal", 1), ("two-terminals", 2)) if len(pts) == n}
        if len(pts) >= 2 and (len({x for x, _ in pts}) == 1 or len({y for _, y in pts}) == 1):
            found.add("collinear")
        if any(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in itertools.combinations(pts, 2)):
            found.add("adjacent-terminals")
        if inst.k == 0:
            found.add("k-zero")
        return frozenset(found)

    def draw_edge(self, name: str, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """A planted or random draw changed to show ``name``."""
        p = self.resolve_params(params)
        pts = self._points(p, rng)
        if name == "one-terminal":
            pts = pts[:1]
        elif name == "two-terminals":
            pts = pts[:2]
        elif name == "collinear":
            pts = sorted({(pts[0][0], y) for _, y in pts}) if rng.random() < 0.5 else sorted({(x, pts[0][1])
                                                                                            for x, _ in pts})
        elif name == "adjacent-terminals":
            a = pts[0]
            pts.append((a[0] + 1, a[1]) if rng.random() < 0.5 else (a[0], a[1] + 1))
        best = self.minimum(make_instance(pts, 0))
        k = 0 if name == "k-zero" else max(0, best + rng.randint(-p["slack"], p["slack"]))
        return Generated(make_instance(pts, k))

    def shrink(self, inst: SteinerInstance) -> Iterator[SteinerInstance]:
        """Lower k, or drop a terminal."""
        if inst.k > 0:
            yield SteinerInstance(inst.points, inst.k - 1)
        if len(inst.points) > 1:
            for i in range(len(inst.points)):
                yield SteinerInstance(inst.points[:i] + inst.points[i + 1:], inst.k)


PROBLEMS = [RectilinearSteinerTree()]
