"""Hamiltonian cycle and Hamiltonian path, in undirected graphs and in digraphs.

Karp 1972 (directed and undirected Hamilton circuit); Garey & Johnson 1979 [GT37] Hamiltonian circuit,
[GT38] directed Hamiltonian circuit, [GT39] Hamiltonian path (also between two given vertices). The
restrictions the puzzle reductions start from stay NP-complete: grid graphs (Itai, Papadimitriou &
Szwarcfiter 1982, "Hamilton paths in grid graphs"), planar graphs of maximum degree 3 (Garey, Johnson &
Tarjan 1976), planar digraphs with in- and out-degree at most 2 (Plesnik 1979), and planar 3-regular
digraphs with in- and out-degree at most 2, where Hamiltonian paths may run from a start of out-degree 1 to
an end of in-degree 1 (Edge-matching seed, section 3.1, Theorems 3.1 and 3.2; generator family 3).

An instance (:class:`HamInstance`) has ``n`` >= 1 vertices 0..n-1, ``directed``, and ``edges``: sorted pairs
u < v when undirected, arcs (u, v) when directed ((u, v) and (v, u) may both occur); no loops, no repeated
edge. A path instance may fix its ``start`` and/or ``end`` vertex (None = any); a cycle instance fixes
neither. JSON: ``{"directed": false, "n": 4, "edges": [[0, 1], ...], "start": null, "end": null}`` (cycles
are written without start and end, and read with them absent or null).

A solution is the vertex sequence (JSON: a list of vertices). What one counted solution is:

- undirected cycle: a set of n edges forming one Hamiltonian cycle, counted once (not per start vertex or
  direction), written from vertex 0 with its second vertex smaller than its last. It needs n >= 3: a simple
  graph has no Hamiltonian cycle on one or two vertices.
- directed cycle: a set of n arcs forming one Hamiltonian cycle, written from vertex 0. On n = 2 the
  2-cycle 0 -> 1 -> 0 counts when both arcs exist; n = 1 has none (no loops).
- undirected path: a set of n - 1 edges forming a Hamiltonian path (a path and its reversal are one),
  written from ``start``, else towards ``end``, else with its first vertex smaller than its last.
- directed path: a set of n - 1 arcs forming a Hamiltonian path, written from its first vertex to its last.
- on n = 1 the one-vertex path (no edges) is one solution; fixed ends must then both be 0.

The checker accepts any rotation of a cycle and, undirected, either direction of a cycle or path; the
solution JSON (and so a solution's identity) is the normal form above.
"""

from __future__ import annotations

import itertools
import os
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from gadgetry.core import CNF, VALID, Encoding, Generated, InputError, Param, Problem, Verdict, invalid
from gadgetry.core.values import is_int
from gadgetry.sources.structures import GRAPH_EDGE_CASES, edge_case_graph, graph_structures

Edge = tuple[int, int]
Cell = tuple[int, int]
Tour = tuple[int, ...]

#: How many random draws an ``unsat`` or ``unique`` generator (or a stuck grid or planar construction)

#: Generator families (the ``family`` parameter).
RANDOM, GRID, PLANAR3, CUBIC = 0, 1, 2, 3


@dataclass(frozen=True)
class HamInstance:
    """A graph on vertices 0..``n``-1 with optional fixed path ends; see the module docstring."""

    n: int
    edges: tuple[Edge, ...]
    directed: bool = False
    start: int | None = None
    end: int | None = None


def make_instance(n: int, edges: Sequence[Sequence[int]], directed: bool = False,
                  start: int | None = None, end: int | None = None) -> HamInstance:
    """A :class:`HamInstance` with undirected pairs written u < v and the edges sorted (not validated)."""
    pairs = {(int(u), int(v)) if directed else (min(int(u), int(v)), max(int(u), int(v))) for u, v in edges}
    return HamInstance(n, tuple(sorted(pairs)), directed, start, end)



def _successors(g: HamInstance) -> list[list[int]]:
    """Out-neighbours (directed) or neighbours (undirected) of each vertex, sorted."""
    succ: list[list[int]] = [[] for _ in range(g.n)]
    for u, v in g.edges:
        succ[u].append(v)
        if not g.directed:
            succ[v].append(u)
    return [sorted(s) for s in succ]


def _delete_vertex(g: HamInstance, v: int) -> HamInstance:
    """``g`` without vertex ``v``, the vertices above it renumbered one down; a deleted end becomes free."""

    def keep(x: int | None) -> int | None:
        return None if x is None or x == v else x - (x > v)

    edges = [(keep(a), keep(b)) for a, b in g.edges if v not in (a, b)]
    return make_instance(g.n - 1, edges, g.directed, keep(g.start), keep(g.end))


def _graphillion() -> tuple[type, type]:
    """graphillion's ``DiGraphSet`` and ``GraphSet``, imported with ``OMP_NUM_THREADS=1``.

    graphillion's wheel bundles its own OpenMP runtime, which reads the variable once, when it is loaded.
    With several threads, its spinning workers made counts over a hundred times slower on a busy
    machine (4.4 s instead of 0.03 s for 40 small graphs); only that private runtime is affected, and the
    variable is restored at once. An import made earlier elsewhere keeps its own setting."""
    saved = os.environ.get("OMP_NUM_THREADS")
    os.environ["OMP_NUM_THREADS"] = "1"
    try:
        from graphillion import DiGraphSet, GraphSet
    finally:
        if saved is None:
            del os.environ["OMP_NUM_THREADS"]
        else:
            os.environ["OMP_NUM_THREADS"] = saved
    return DiGraphSet, GraphSet


def grow_grid_tour(n: int, w: int, h: int, nbrs: Callable[[Cell], list[Cell]], cycle: bool,
                   rng: random.Random, attempts: int) -> list[Cell] | None:
    """A random Hamiltonian cycle (``cycle``) or path of ``n`` cells of the width x height grid, as its cell
    sequence: grown from a unit square (cycles) or one cell (paths) by pushing one tour edge out by a unit
    square, or (paths) extending an end. None when ``attempts`` growths all got stuck."""
    for _attempt in range(attempts):
        if cycle:
            x, y = rng.randrange(w - 1), rng.randrange(h - 1)
            walk = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]
        else:
            walk = [(rng.randrange(w), rng.randrange(h))]
        while len(walk) < n:
            used = set(walk)
            moves: list[tuple[int, list[Cell]]] = []
            links = list(zip(range(len(walk)), walk, walk[1:] + walk[:1] if cycle else walk[1:]))
            for i, a, b in links:
                dx, dy = b[0] - a[0], b[1] - a[1]
                for sx, sy in ((dy, dx), (-dy, -dx)):
                    a2, b2 = (a[0] + sx, a[1] + sy), (b[0] + sx, b[1] + sy)
                    if n - len(walk) >= 2 and a2 in nbrs(a) and b2 in nbrs(b) and not {a2, b2} & used:
                        moves.append((i + 1, [a2, b2]))
            if not cycle:
                moves += [(0, [c]) for c in nbrs(walk[0]) if c not in used]
                moves += [(len(walk), [c]) for c in nbrs(walk[-1]) if c not in used]
            if not moves:
                break
            at, new = rng.choice(moves)
            walk[at:at] = new
        if len(walk) == n:
            return walk
    return None


class Hamiltonicity(Problem):
    """Shared machinery of :class:`HamiltonianCycle` and :class:`HamiltonianPath`."""

    cycle: ClassVar[bool]
    paper = ("Karp 1972; Garey & Johnson 1979 [GT37-GT39]; grid graphs: Itai, Papadimitriou & Szwarcfiter "
             "1982; planar max degree 3: Garey, Johnson & Tarjan 1976")
    modes = ("planted", "unsat", "unique")
    #: Simple graphs: no parallel edges (a digraph may hold both arcs u->v and v->u).
    edge_cases = GRAPH_EDGE_CASES
    attempts = 200
    _common_params = (
        Param("n", 6, 1, 200, "number of vertices (family 1: vertices kept inside the width x height box)"),
        Param("edges", 9, 0, 20000, "number of edges or arcs (families 0 and 2; a grid graph is induced)"),
        Param("family", RANDOM, 0, 3, "0 = random graph with exactly `edges` edges; 1 = grid graph "
              "(induced subgraph of the width x height grid); 2 = planar, max degree 3 (a Hamiltonian cycle "
              "plus non-crossing chords, then edges deleted down to `edges`); 3 = planar 3-regular digraph, "
              "every vertex of in/out-degree (1, 2) or (2, 1) (directed only, n even >= 4, `edges` ignored; "
              "fixed path ends: start of out-degree 1, end of in-degree 1)"),
        Param("width", 4, 1, 40, "grid width (family 1)"),
        Param("height", 3, 1, 40, "grid height (family 1)"),
        Param("directed", 0, 0, 1, "1 = digraph"),
    )

    # -- the protocol ----------------------------------------------------------------------------
    def validate(self, g: HamInstance) -> None:
        name = self.name
        if not isinstance(g.directed, bool):
            raise InputError(f"{name}: 'directed' must be true or false, got {g.directed!r}")
        if not is_int(g.n) or g.n < 1:
            raise InputError(f"{name}: 'n' must be a positive integer, got {g.n!r}")
        if not isinstance(g.edges, tuple):
            raise InputError(f"{name}: 'edges' must be a tuple of vertex pairs")
        seen: set[Edge] = set()
        for e in g.edges:
            if not (isinstance(e, tuple) and len(e) == 2 and all(is_int(x) for x in e)):
                raise InputError(f"{name}: edge {e!r} is not a pair of vertices")
            u, v = e
            if not (0 <= u < g.n and 0 <= v < g.n):
                raise InputError(f"{name}: edge {list(e)} has a vertex outside 0..{g.n - 1}")
            if u == v:
                raise InputError(f"{name}: edge {list(e)} is a loop")
            if not g.directed and u > v:
                raise InputError(f"{name}: undirected edge {list(e)} must be written [{v}, {u}]")
            if e in seen:
                raise InputError(f"{name}: edge {list(e)} occurs twice")
            seen.add(e)
        for key in ("start", "end"):
            x = getattr(g, key)
            if x is None:
                continue
            if self.cycle:
                raise InputError(f"{name}: a cycle has no {key} vertex")
            if not is_int(x) or not 0 <= x < g.n:
                raise InputError(f"{name}: '{key}' must be a vertex in 0..{g.n - 1} or null, got {x!r}")
        if g.start is not None and g.start == g.end and g.n > 1:
            raise InputError(f"{name}: start and end must differ (both are {g.start})")

    def check(self, g: HamInstance, tour: Sequence[int]) -> Verdict:
        for v in tour:
            if not is_int(v) or not 0 <= v < g.n:
                return invalid("vertex-out-of-range", f"vertex {v!r} (vertices are 0..{g.n - 1})")
        first: dict[int, int] = {}
        for i, v in enumerate(tour):
            if v in first:
                return invalid("revisits-vertex", f"vertex {v} at positions {first[v]} and {i}")
            first[v] = i
        if len(tour) != g.n:
            missing = min(set(range(g.n)) - set(tour))
            return invalid("not-hamiltonian", f"vertex {missing} is not visited")
        if self.cycle and not g.directed and g.n < 3:
            return invalid("degenerate-cycle", f"a simple graph on {g.n} vertices has no cycle")
        present = set(g.edges)
        steps = list(zip(tour, tour[1:])) + ([(tour[-1], tour[0])] if self.cycle else [])
        for u, v in steps:
            if ((u, v) if g.directed else (min(u, v), max(u, v))) not in present:
                return invalid("missing-edge", f"{u}->{v}" if g.directed else f"{u}-{v}")
        if not self.cycle:
            ends = (tour[0], tour[-1])
            if g.directed:
                bad = (g.start is not None and ends[0] != g.start) or (g.end is not None and ends[1] != g.end)
            else:
                wanted = {x for x in (g.start, g.end) if x is not None}
                bad = not wanted <= set(ends)
            if bad:
                return invalid("wrong-endpoints",
                               f"path runs {ends[0]} to {ends[1]}, wanted start {g.start}, end {g.end}")
        return VALID

    def encode(self, g: HamInstance) -> Encoding:
        """A successor encoding with binary ranks (subtour elimination as in Miller, Tucker & Zemlin 1960).

        A path is read as a cycle through an extra root vertex n, entered from every allowed end and left
        to every allowed start; a cycle's root is vertex 0. On this digraph, ``arc[u,v]`` says v follows u:
        exactly one arc leaves and one enters every vertex. Each vertex carries a rank of B bits
        (2^B at least the number of vertices), the root rank 0, and a chosen arc u -> v into a non-root v
        forces rank(v) = rank(u) + 1 modulo 2^B; a cycle avoiding the root would climb by its length, less
        than 2^B, back to its start, which is impossible. An undirected edge is selected iff it is traversed
        one way (``e[u,v]``, the projection; for a directed graph the projection is ``arc[u,v]``), and
        its direction is broken at the root: the root's successor is smaller than its predecessor (cycles,
        and paths with both ends free). Ranks and directions are then determined by the selection, so
        each solution is one projected model."""
        n, cnf = g.n, CNF()
        root = 0 if self.cycle else n
        nodes = n if self.cycle else n + 1
        arc: dict[Edge, int] = {}
        for u, v in g.edges:
            arc[u, v] = cnf.var(("arc", u, v))
            if not g.directed:
                arc[v, u] = cnf.var(("arc", v, u))
        if g.directed:
            cnf.project(arc.values())
        else:
            sel = {e: cnf.var(("e", *e)) for e in g.edges}
            cnf.project(sel.values())
            for (u, v), s in sel.items():
                forth, back = arc[u, v], arc[v, u]
                cnf.extend([[-s, forth, back], [s, -forth], [s, -back], [-forth, -back]])
        if not self.cycle:
            for v in range(n):
                if g.start in (None, v):
                    arc[root, v] = cnf.var(("arc", root, v))
                if g.end in (None, v):
                    arc[v, root] = cnf.var(("arc", v, root))
        if self.cycle and not g.directed and n < 3:
            cnf.add([])  # a simple graph has no cycle on one or two vertices
        for x in range(nodes):
            cnf.exactly_one([lit for (u, _v), lit in arc.items() if u == x])
            cnf.exactly_one([lit for (_u, v), lit in arc.items() if v == x])
        if not g.directed and (self.cycle or (g.start is None and g.end is None)):
            into = {u: lit for (u, v), lit in arc.items() if v == root}
            for (_r, b), out in ((k, lit) for k, lit in arc.items() if k[0] == root):
                cnf.extend([-out, -into[a]] for a in into if a < b)  # successor < predecessor
        bits = max(1, (nodes - 1).bit_length())
        rank = [[cnf.var(("rank", x, i)) for i in range(bits)] for x in range(nodes)]
        cnf.extend([-r] for r in rank[root])
        # carry[x][i] = rank bits 0..i-1 of x all true (the carry into bit i of rank(x) + 1).
        carry = [[0, rank[x][0]] for x in range(nodes)]
        for x in range(nodes):
            for i in range(2, bits):
                c, prev, r = cnf.var(("carry", x, i)), carry[x][i - 1], rank[x][i - 1]
                cnf.extend([[-c, prev], [-c, r], [c, -prev, -r]])
                carry[x].append(c)
        for (u, v), s in arc.items():
            if v == root:
                continue
            cnf.extend([[-s, -rank[v][0], -rank[u][0]], [-s, rank[v][0], rank[u][0]]])
            for i in range(1, bits):
                rv, ru, c = rank[v][i], rank[u][i], carry[u][i]
                cnf.extend([[-s, -rv, ru, c], [-s, -rv, -ru, -c], [-s, rv, ru, -c], [-s, rv, -ru, c]])

        def decode(val: Callable[[int], bool]) -> Tour:
            nxt = {u: v for (u, v), lit in arc.items() if val(lit)}
            tour, x = [], root if self.cycle else nxt[root]
            for _ in range(n):
                tour.append(x)
                x = nxt[x]
            return tuple(tour)

        return Encoding(cnf, decode)

    def canonical(self, g: HamInstance, tour: Sequence[int]) -> Tour:
        """The normal form of a tour (module docstring): from vertex 0 (cycles), oriented (undirected)."""
        t = tuple(tour)
        if not t:
            return t
        if self.cycle:
            i = t.index(0) if 0 in t else 0
            t = t[i:] + t[:i]
            if not g.directed and len(t) >= 3 and t[1] > t[-1]:
                t = (t[0],) + t[:0:-1]
        elif not g.directed:
            if g.start is not None:
                flip = t[0] != g.start and t[-1] == g.start
            elif g.end is not None:
                flip = t[-1] != g.end and t[0] == g.end
            else:
                flip = t[0] > t[-1]
            if flip:
                t = t[::-1]
        return t

    def instance_to_json(self, g: HamInstance) -> dict[str, Any]:
        out: dict[str, Any] = {"directed": g.directed, "n": g.n, "edges": [list(e) for e in g.edges]}
        if not self.cycle:
            out["start"], out["end"] = g.start, g.end
        return out

    def instance_from_json(self, data: Mapping[str, Any]) -> HamInstance:
        name = self.name
        if not isinstance(data, Mapping):
            raise InputError(f"{name}: an instance is a JSON object with 'n' and 'edges'")
        keys = {"directed", "n", "edges", "start", "end"}
        unknown = sorted(set(data) - keys)
        if unknown:
            raise InputError(f"{name}: unknown key {unknown[0]!r} (keys: {', '.join(sorted(keys))})")
        for key in ("n", "edges"):
            if key not in data:
                raise InputError(f"{name}: missing key {key!r}")
        edges = data["edges"]
        if not isinstance(edges, list) or not all(
                isinstance(e, list) and len(e) == 2 and all(is_int(x) for x in e) for e in edges):
            raise InputError(f"{name}: 'edges' must be a list of [u, v] vertex pairs")
        g = HamInstance(data["n"], tuple((e[0], e[1]) for e in edges), data.get("directed", False),
                        data.get("start"), data.get("end"))
        self.validate(g)
        return g

    def solution_to_json(self, g: HamInstance, tour: Sequence[int]) -> list[int]:
        return list(self.canonical(g, tour))

    def solution_from_json(self, g: HamInstance, data: Any) -> Tour:
        if not isinstance(data, list) or not all(is_int(v) for v in data):
            raise InputError(f"{self.name}: a solution is a list of vertices")
        return tuple(data)

    def size(self, g: HamInstance) -> dict[str, int]:
        return {"vertices": g.n, "edges": len(g.edges)}

    # -- oracles -----------------------------------------------------------------------------------
    def brute_force(self, g: HamInstance) -> Iterator[Tour]:
        """Depth-first search over simple paths, each solution kept in its normal form only."""
        succ = _successors(g)
        starts = [0] if self.cycle else [g.start] if g.start is not None else range(g.n)
        for s in starts:
            for t in self._extend([s], {s}, succ, g.n):
                if self.cycle and (t[0] not in succ[t[-1]] or (not g.directed and g.n < 3)):
                    continue
                if not self.cycle and g.end is not None and t[-1] != g.end:
                    continue
                if t == self.canonical(g, t):
                    yield t

    def _extend(self, path: list[int], seen: set[int], succ: list[list[int]], n: int) -> Iterator[Tour]:
        if len(path) == n:
            yield tuple(path)
            return
        for w in succ[path[-1]]:
            if w not in seen:
                path.append(w)
                seen.add(w)
                yield from self._extend(path, seen, succ, n)
                seen.discard(w)
                path.pop()

    def extra_counters(self) -> dict[str, Callable[[HamInstance], int]]:
        return {"graphillion": self.count_graphillion}

    #: The most vertices ``count`` gives graphillion by default: on the hundreds of vertices of reduction
    #: targets its ZDD grows for minutes even without a cycle, which Ganak's SAT check refutes at once.
    GRAPHILLION_VERTICES = 40

    def counting_method(self, g: HamInstance) -> str:
        """graphillion up to :attr:`GRAPHILLION_VERTICES`: its frontier ZDDs count solvable graphs of 16 to
        36 vertices in 0.1-0.2 s, where enumeration takes 0.2-14 s and Ganak more than 20 s
        (bench/methods.py); Ganak beyond."""
        return "graphillion" if g.n <= self.GRAPHILLION_VERTICES else "ganak"

    def count_graphillion(self, g: HamInstance) -> int:
        """The count by graphillion's frontier-based ZDDs (``GraphSet`` cycles and paths with
        ``is_hamilton``; ``DiGraphSet`` directed Hamiltonian cycles and st-paths), summing paths over the
        allowed end pairs. graphillion only sees vertices on edges, so n = 1 and isolated vertices are
        decided here. The universe is global state in graphillion: it is set on every call."""
        DiGraphSet, GraphSet = _graphillion()
        n = g.n
        if n == 1:
            return 0 if self.cycle else 1
        if len({x for e in g.edges for x in e}) < n:
            return 0  # an isolated vertex
        cls = DiGraphSet if g.directed else GraphSet
        cls.set_universe(list(g.edges))
        if self.cycle:
            if g.directed:
                return DiGraphSet.directed_hamiltonian_cycles().len()
            return GraphSet.cycles(is_hamilton=True).len()
        firsts = [g.start] if g.start is not None else range(n)
        lasts = [g.end] if g.end is not None else range(n)
        pairs = {(s, t) for s in firsts for t in lasts if s != t}
        if not g.directed:
            pairs = {(min(p), max(p)) for p in pairs}
        total = 0
        for s, t in sorted(pairs):
            found = (DiGraphSet.directed_st_paths(s, t, True) if g.directed
                     else GraphSet.paths(s, t, is_hamilton=True))
            total += found.len()
        return total

    # -- generators --------------------------------------------------------------------------------
    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        return Generated(self._draw(self.resolve_params(params), rng, False)[0])

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        return Generated(*self._draw(self.resolve_params(params), rng, True))

    def _draw(self, p: Mapping[str, int], rng: random.Random, plant: bool) -> tuple[HamInstance, Tour | None]:
        """One random instance and, when ``plant``, a solution it is built around."""
        n, directed = p["n"], bool(p["directed"])
        if plant and self.cycle and n < (2 if directed else 3):
            raise InputError(f"{self.name}: no Hamiltonian cycle exists on {n} vertices "
                             f"(needs n >= {2 if directed else 3})")
        builder = {RANDOM: self._random_family, GRID: self._grid_family, PLANAR3: self._planar_family,
                   CUBIC: self._cubic_family}
        arcs, order = builder[p["family"]](p, rng, plant)
        start = end = None
        ends = 0 if self.cycle else p["ends"]
        if ends:
            if order is None and p["family"] == CUBIC:
                outs = [u for u, _ in arcs]
                order = [rng.choice([v for v in range(n) if outs.count(v) == 1]),
                         rng.choice([v for v in range(n) if outs.count(v) == 2])]
            elif order is None:
                order = rng.sample(range(n), n)
            start = order[0]
            end = order[-1] if ends == 2 else None
        g = make_instance(n, arcs, directed, start, end)
        return g, (self.canonical(g, order) if plant and order is not None else None)

    def _tour_edges(self, order: Sequence[int]) -> list[Edge]:
        """The edges (arcs, in walking direction) of a tour visiting ``order``."""
        pairs = list(zip(order, order[1:]))
        if self.cycle and len(order) > 2:
            pairs.append((order[-1], order[0]))
        elif self.cycle and len(order) == 2:
            pairs.append((order[1], order[0]))  # the directed 2-cycle (undirected n = 2 is refused earlier)
        return pairs

    def _random_family(self, p: Mapping[str, int], rng: random.Random,
                       plant: bool) -> tuple[list[Edge], list[int] | None]:
        """Family 0: exactly ``edges`` edges chosen uniformly, containing the planted tour when planting."""
        n, m, directed = p["n"], p["edges"], bool(p["directed"])
        universe = (list(itertools.permutations(range(n), 2)) if directed
                    else list(itertools.combinations(range(n), 2)))
        if m > len(universe):
            raise InputError(f"{self.name}: edges={m} exceeds the {len(universe)} possible on n={n} vertices")
        if not plant:
            return rng.sample(universe, m), None
        order = rng.sample(range(n), n)
        tour = {e if directed else (min(e), max(e)) for e in self._tour_edges(order)}
        if m < len(tour):
            raise InputError(f"{self.name}: edges={m} is fewer than the {len(tour)} a planted tour needs")
        rest = [e for e in universe if e not in tour]
        return sorted(tour) + rng.sample(rest, m - len(tour)), order

    def _grid_family(self, p: Mapping[str, int], rng: random.Random,
                     plant: bool) -> tuple[list[Edge], list[int] | None]:
        """Family 1: the subgraph of the width x height grid induced by n cells (vertices numbered row by
        row). Random: a connected set grown cell by cell. Planted: a tour grown from a 2 x 2 square
        (cycles) or a single cell (paths) by pushing one tour edge out by a unit square, or (paths)
        extending an end. Digraphs orient every grid edge one way (tour edges along the tour)."""
        n, w, h = p["n"], p["width"], p["height"]
        if n > w * h:
            raise InputError(f"{self.name}: n={n} exceeds the {w}x{h} grid's {w * h} vertices")
        if plant and self.cycle and (n % 2 or w < 2 or h < 2):
            raise InputError(f"{self.name}: a Hamiltonian grid graph cycle needs an even n >= 4 "
                             "and width, height >= 2 (grid graphs are bipartite)")
        cells = [(x, y) for y in range(h) for x in range(w)]
        inside = set(cells)

        def nbrs(c: Cell) -> list[Cell]:
            x, y = c
            return [d for d in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if d in inside]

        walk: list[Cell] | None = None
        if not plant:
            chosen = {rng.choice(cells)}
            while len(chosen) < n:
                chosen.add(rng.choice(sorted({d for c in chosen for d in nbrs(c)} - chosen)))
        else:
            walk = grow_grid_tour(n, w, h, nbrs, self.cycle, rng, self.attempts)
            if walk is None:
                raise InputError(f"{self.name}: could not grow a tour of {n} vertices in a {w}x{h} grid "
                                 f"in {self.attempts} attempts")
            chosen = set(walk)
        label = {c: i for i, c in enumerate(sorted(chosen, key=lambda c: (c[1], c[0])))}
        skeleton = [(label[a], label[b]) for a in sorted(chosen) for b in nbrs(a) if b in chosen and a < b]
        order = [label[c] for c in walk] if walk is not None else None
        return self._orient(skeleton, order, bool(p["directed"]), rng), order

    def _planar_family(self, p: Mapping[str, int], rng: random.Random,
                       plant: bool) -> tuple[list[Edge], list[int] | None]:
        """Family 2: a cycle through all n vertices (random labels) plus a maximal random set of chords,
        each vertex in at most one chord, chords on each side (inside, outside) pairwise non-crossing: a
        planar graph of maximum degree 3 (every Hamiltonian planar cubic graph has this form). Random edges
        are then deleted down to ``edges`` (never the planted tour's). Digraphs orient the cycle along
        itself and chords at random, so in- and out-degrees are at most 2 (the class of Plesnik 1979)."""
        n, m = p["n"], p["edges"]
        if n < 3:
            raise InputError(f"{self.name}: family 2 needs n >= 3")
        if m > n + n // 2:
            raise InputError(f"{self.name}: edges={m} exceeds {n + n // 2}, the most for max degree 3")
        for _attempt in range(self.attempts):
            order = rng.sample(range(n), n)
            ring = [(order[i], order[(i + 1) % n]) for i in range(n)]
            sides: list[list[Edge]] = [[], []]
            free = set(range(n))
            candidates = [(i, j, side) for i, j in itertools.combinations(range(n), 2)
                          if 2 <= j - i <= n - 2 for side in (0, 1)]
            rng.shuffle(candidates)
            for i, j, side in candidates:
                crossing = any(a < i < b < j or i < a < j < b for a, b in sides[side])
                if i in free and j in free and not crossing:
                    sides[side].append((i, j))
                    free -= {i, j}
            chords = [(order[i], order[j]) if rng.random() < 0.5 else (order[j], order[i])
                      for i, j in sides[0] + sides[1]]
            if n + len(chords) >= m:
                break
        else:
            raise InputError(f"{self.name}: no planar max-degree-3 graph with {m} edges on {n} vertices "
                             f"found in {self.attempts} attempts")
        tour = self._tour_edges(order) if plant else []
        keep = set(tour)
        if m < len(keep):
            raise InputError(f"{self.name}: edges={m} is fewer than the {len(keep)} a planted tour needs")
        spare = [e for e in ring + chords if e not in keep]
        kept = tour + rng.sample(spare, m - len(tour))
        if not p["directed"]:
            kept = [(min(e), max(e)) for e in kept]
        return kept, (order if plant else None)

    def _cubic_family(self, p: Mapping[str, int], rng: random.Random,
                      plant: bool) -> tuple[list[Edge], list[int] | None]:
        """Family 3: a cycle through all n vertices (random labels) plus a perfect matching of chords,
        non-crossing on each side (inside, outside): a planar 3-regular graph. Planted: the cycle is
        oriented along the tour, chords at random, except that (paths) the tour's first vertex gets its
        chord inwards and its last vertex outwards, so that start and end have out- and in-degree 1.
        Random: every edge oriented at random, then sources and sinks repaired by flipping one of their
        edges at random. Every vertex ends with in/out-degree (1, 2) or (2, 1)."""
        n = p["n"]
        if not p["directed"]:
            raise InputError(f"{self.name}: family 3 is a family of digraphs (give directed=1)")
        if n < 4 or n % 2:
            raise InputError(f"{self.name}: family 3 needs an even n >= 4, got {n}")
        for _attempt in range(self.attempts):
            order = rng.sample(range(n), n)
            inside = set(rng.sample(range(n), 2 * rng.randint(0, n // 2)))
            pairs: list[tuple[int, int]] = []
            for side in (sorted(inside), sorted(set(range(n)) - inside)):
                while side:  # match two neighbours of the remaining sequence: never crossing
                    ks = [k for k in range(len(side) - 1) if 1 < side[k + 1] - side[k] < n - 1]
                    if not ks:
                        break
                    k = rng.choice(ks)
                    pairs.append((side[k], side[k + 1]))
                    del side[k:k + 2]
            if len(pairs) == n // 2:
                break
        else:
            raise InputError(f"{self.name}: no planar 3-regular graph on {n} vertices found in {self.attempts} "
                             "attempts")
        ring = [(order[i], order[(i + 1) % n]) for i in range(n)]
        chords = [(order[i], order[j]) for i, j in pairs]
        if plant:
            chords = [e if rng.random() < 0.5 else (e[1], e[0]) for e in chords]
            if not self.cycle:
                first, last = order[0], order[-1]
                chords = [(v, u) if u == first or v == last else (u, v) for u, v in chords]
            return ring + chords, order
        arcs = [e if rng.random() < 0.5 else (e[1], e[0]) for e in ring + chords]
        for _step in range(100 * n):
            outs = [0] * n
            for u, _v in arcs:
                outs[u] += 1
            bad = [v for v in range(n) if outs[v] in (0, 3)]
            if not bad:
                return arcs, None
            v = rng.choice(bad)
            k = rng.choice([i for i, e in enumerate(arcs) if v in e])
            arcs[k] = (arcs[k][1], arcs[k][0])
        raise InputError(f"{self.name}: could not orient a 3-regular graph on {n} vertices")

    def _orient(self, skeleton: list[Edge], order: list[int] | None, directed: bool,
                rng: random.Random) -> list[Edge]:
        """Undirected edges as they are, or each as one arc: along the planted tour, else at random."""
        if not directed:
            return skeleton
        along = set(self._tour_edges(order)) if order is not None else set()
        return [(u, v) if (u, v) in along else (v, u) if (v, u) in along or rng.random() < 0.5 else (u, v)
                for u, v in skeleton]

    # -- exhaustive and shrinking ----------------------------------------------------------------------
    def exhaustive(self, params: Mapping[str, int]) -> Iterator[HamInstance]:
        """Every graph on 1..n labelled vertices (every edge subset, in bitmask order); paths with every
        choice of up to ``ends`` fixed end vertices."""
        p = self.resolve_params(params, exhaustive=True)
        top, directed = p["n"], bool(p["directed"])
        if directed and top > 4:
            raise InputError(f"{self.name}: exhaustive digraphs go up to n=4 (2^20 graphs on 5 vertices)")
        for n in range(1, top + 1):
            universe = (list(itertools.permutations(range(n), 2)) if directed
                        else list(itertools.combinations(range(n), 2)))
            ends: list[tuple[int | None, int | None]] = [(None, None)]
            if not self.cycle and p["ends"] >= 1:
                ends += [(s, None) for s in range(n)] + [(None, t) for t in range(n)]
            if not self.cycle and p["ends"] >= 2:
                ends += [(s, t) for s in range(n) for t in range(n) if s != t or n == 1]
            for mask in range(1 << len(universe)):
                edges = tuple(e for i, e in enumerate(universe) if mask >> i & 1)
                for s, t in ends:
                    yield HamInstance(n, edges, directed, s, t)

    def shrink(self, g: HamInstance) -> Iterator[HamInstance]:
        """Delete one vertex, renumbering the rest (a deleted fixed end becomes free); or drop one edge."""
        if g.n > 1:
            for v in range(g.n - 1, -1, -1):
                yield _delete_vertex(g, v)
        for i in range(len(g.edges)):
            yield HamInstance(g.n, g.edges[:i] + g.edges[i + 1:], g.directed, g.start, g.end)

    def structures(self, g: HamInstance) -> frozenset[str]:
        return graph_structures(g.n, g.edges, g.directed)

    def draw_edge(self, name: str, params: Mapping[str, int], rng: random.Random) -> Generated:
        """A random graph made to show ``name`` (antiparallel arcs: a digraph), free ends."""
        p = self.resolve_params(params)
        directed = bool(p["directed"]) or name == "antiparallel-arcs"
        return Generated(make_instance(*edge_case_graph(name, p["n"], p["edges"], directed, rng), directed))


class HamiltonianCycle(Hamiltonicity):
    name = "hamiltonian-cycle"
    title = "Hamiltonian cycle in a graph or digraph"
    cycle = True
    solution_is = ("a set of n edges (arcs) forming one Hamiltonian cycle, counted once, not per start "
                   "vertex or direction; a directed 2-cycle counts on n = 2; there is none on n = 1 or "
                   "undirected n = 2")
    params = Hamiltonicity._common_params
    mode_params = {"unsat": {"n": 6, "edges": 9}, "unique": {"n": 6, "edges": 9}}
    exhaustive_params = (Param("n", 4, 1, 5, "largest number of vertices"),
                         Param("directed", 0, 0, 1, "1 = digraphs (n <= 4)"))


class HamiltonianPath(Hamiltonicity):
    name = "hamiltonian-path"
    title = "Hamiltonian path in a graph or digraph, optionally with fixed start and/or end"
    cycle = False
    solution_is = ("a set of n - 1 edges (arcs) forming one Hamiltonian path with the required ends (an "
                   "undirected path and its reversal are one); the single vertex on n = 1")
    # Fewer edges by default than for cycles: 6 vertices and 9 edges almost always have several paths.
    params = tuple(replace(q, default=7) if q.name == "edges" else q for q in Hamiltonicity._common_params) + (
        Param("ends", 0, 0, 2, "0 = free ends; 1 = fixed start; 2 = fixed start and end"),)
    mode_params = {"unsat": {"n": 6, "edges": 7}, "unique": {"n": 7, "edges": 9, "ends": 1}}
    exhaustive_params = (Param("n", 4, 1, 5, "largest number of vertices"),
                         Param("directed", 0, 0, 1, "1 = digraphs (n <= 4)"),
                         Param("ends", 1, 0, 2, "each graph with every choice of up to this many fixed ends"))


PROBLEMS: list[Hamiltonicity] = [HamiltonianCycle(), HamiltonianPath()]
