"""Eulerian circuits of an undirected simple graph; counting them is #P-complete (Brightwell & Winkler
2005, "Counting Eulerian circuits and tours in polynomial time" / "Note on counting Eulerian circuits";
the source of the Edge-matching seed, section 4.2.4, Theorem 4.10, cites it as [8]).

An instance (:class:`EulerGraph`) has ``n`` >= 1 vertices 0..n-1 and at least one edge, ``edges`` sorted
pairs u < v without repeats (isolated vertices allowed). JSON: ``{"n": 4, "edges": [[0, 1], ...]}``.

**Identity**: a solution is a closed trail using every edge once, counted up to rotation and reversal
(one cyclic sequence of edges, direction ignored). Its normal form is the vertex sequence w_0, ..., w_{m-1}
(the edge w_{m-1} w_0 closes it) that starts with the first edge (u0, v0) of ``edges`` crossed from u0 to
v0; JSON: that list. The checker accepts any rotation or direction.

Encoding: variables ``x[p, e, d]``: step p crosses edge e in direction d (0 = from its smaller end), exactly
one per step and per edge, step 0 fixed to the first edge from its smaller end; vertex variables
``at[p, w]`` (a function of the steps) make consecutive steps meet. Projected on x: one model per solution.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gadgetry.core import CNF, VALID, Encoding, Generated, InputError, Param, Problem, Verdict, invalid
from gadgetry.core.values import is_int
from gadgetry.sources.structures import edge_case_graph, graph_structures

NAME = "euler-circuit"
Edge = tuple[int, int]


@dataclass(frozen=True)
class EulerGraph:
    n: int
    edges: tuple[Edge, ...]



def normal_form(g: EulerGraph, walk: Sequence[int]) -> tuple[int, ...]:
    """The solution's normal form (module docstring) of a closed walk given as a vertex sequence."""
    m = len(walk)
    u0, v0 = g.edges[0]
    for w in (list(walk), list(reversed(walk))):
        for i in range(m):
            if w[i] == u0 and w[(i + 1) % m] == v0:
                return tuple(w[i:] + w[:i])
    return tuple(walk)


def _ring(cycle: Sequence[int]) -> set[Edge]:
    return {(min(a, b), max(a, b)) for a, b in zip(cycle, [*cycle[1:], cycle[0]])}


class EulerCircuit(Problem):
    name = NAME
    title = "Eulerian circuits of an undirected graph"
    paper = "Brightwell & Winkler 2005 (#P-completeness of counting Eulerian circuits)"
    solution_is = "a closed trail using every edge exactly once, counted up to rotation and reversal"
    params = (Param("n", 5, 3, 30, "number of vertices"),
              Param("cycles", 3, 1, 20, "closed walks (random vertex cycles) whose union is the graph"),
              Param("length", 4, 3, 12, "largest length of each random cycle"))
    modes = ("planted", "unsat")
    #: A simple undirected graph with at least one edge: no single vertex, parallel edges or arcs.
    edge_cases = ("two-vertices", "pendant-vertex", "bridge", "disconnected")
    attempts = 200
    exhaustive_params = (Param("n", 4, 2, 5, "largest number of vertices"),)
    mode_params = {"unsat": {"n": 5, "cycles": 2}}

    def validate(self, g: EulerGraph) -> None:
        if not isinstance(g, EulerGraph) or not is_int(g.n) or g.n < 1:
            raise InputError(f"{NAME}: 'n' must be a positive integer")
        if not isinstance(g.edges, tuple) or not g.edges:
            raise InputError(f"{NAME}: 'edges' must be a non-empty tuple of vertex pairs")
        for e in g.edges:
            if not (isinstance(e, tuple) and len(e) == 2 and all(is_int(x) for x in e)) or \
                    not 0 <= e[0] < e[1] < g.n:
                raise InputError(f"{NAME}: edge {e!r} is not a pair u < v of vertices in 0..{g.n - 1}")
        if list(g.edges) != sorted(set(g.edges)):
            raise InputError(f"{NAME}: edges must be sorted and distinct")

    def check(self, g: EulerGraph, walk: Sequence[int]) -> Verdict:
        m = len(g.edges)
        if not isinstance(walk, tuple) or len(walk) != m or not all(is_int(v) for v in walk):
            return invalid("wrong-length", f"a circuit lists {m} vertices")
        seen: set[Edge] = set()
        present = set(g.edges)
        for i in range(m):
            e = (min(walk[i], walk[(i + 1) % m]), max(walk[i], walk[(i + 1) % m]))
            if e not in present:
                return invalid("missing-edge", f"{walk[i]}-{walk[(i + 1) % m]}")
            if e in seen:
                return invalid("edge-reused", f"{e[0]}-{e[1]}")
            seen.add(e)
        return VALID

    def encode(self, g: EulerGraph) -> Encoding:
        cnf, m = CNF(), len(g.edges)
        x = {(p, e, d): cnf.var(("x", p, e, d)) for p in range(m) for e in range(m) for d in (0, 1)}
        cnf.project(x.values())
        at = {(p, w): cnf.var(("at", p, w)) for p in range(m) for w in range(g.n)}
        for p in range(m):
            cnf.exactly_one([x[p, e, d] for e in range(m) for d in (0, 1)])
            cnf.exactly_one([at[p, w] for w in range(g.n)])
        for e in range(m):
            cnf.exactly_one([x[p, e, d] for p in range(m) for d in (0, 1)])
        cnf.add([x[0, 0, 0]])
        for (p, e, d), lit in x.items():
            tail, head = g.edges[e] if d == 0 else g.edges[e][::-1]
            cnf.extend([[-lit, at[p, tail]], [-lit, at[(p + 1) % m, head]]])

        def decode(val: Callable[[int], bool]) -> tuple[int, ...]:
            return tuple(next(w for w in range(g.n) if val(at[p, w])) for p in range(m))
        return Encoding(cnf, decode)

    def instance_to_json(self, g: EulerGraph) -> dict[str, Any]:
        return {"n": g.n, "edges": [list(e) for e in g.edges]}

    def instance_from_json(self, data: Mapping[str, Any]) -> EulerGraph:
        if not isinstance(data, Mapping) or not isinstance(data.get("edges"), list) or \
                not all(isinstance(e, list) for e in data["edges"]):
            raise InputError(f"{NAME}: an instance is {{'n': n, 'edges': [[u, v], ...]}}")
        g = EulerGraph(data.get("n"), tuple(tuple(e) for e in data["edges"]))  # type: ignore[arg-type]
        self.validate(g)
        return g

    def solution_to_json(self, g: EulerGraph, walk: tuple[int, ...]) -> list[int]:
        return list(normal_form(g, walk))

    def solution_from_json(self, g: EulerGraph, data: Any) -> tuple[int, ...]:
        if not isinstance(data, list) or not all(is_int(v) for v in data):
            raise InputError(f"{NAME}: a solution is a list of vertices")
        return tuple(data)

    def size(self, g: EulerGraph) -> dict[str, int]:
        return {"vertices": g.n, "edges": len(g.edges)}

    def brute_force(self, g: EulerGraph) -> Iterator[tuple[int, ...]]:
        """Depth-first search over trails starting with the first edge from its smaller end."""
        m = len(g.edges)
        inc: dict[int, list[int]] = {}
        for k, (a, b) in enumerate(g.edges):
            inc.setdefault(a, []).append(k)
            inc.setdefault(b, []).append(k)
        used = [False] * m
        used[0] = True
        walk = [g.edges[0][0]]

        def rec(v: int) -> Iterator[tuple[int, ...]]:
            if len(walk) == m:
                if v == walk[0]:
                    yield tuple(walk)
                return
            for k in inc[v]:
                if not used[k]:
                    used[k] = True
                    walk.append(v)
                    yield from rec(sum(g.edges[k]) - v)
                    walk.pop()
                    used[k] = False

        yield from rec(g.edges[0][1])

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        """Edge-disjoint random cycles, each through a vertex of the circuit so far and spliced into it
        there."""
        n = params["n"]
        circuit = rng.sample(range(n), rng.randint(3, min(params["length"], n)))
        edges = _ring(circuit)
        for _c in range(params["cycles"] - 1):
            i = rng.randrange(len(circuit))
            others = rng.sample([v for v in range(n) if v != circuit[i]],
                                rng.randint(2, min(params["length"], n) - 1))
            ring = _ring([circuit[i], *others])
            if not ring & edges:
                edges |= ring
                circuit[i:i] = [circuit[i], *others]
        g = EulerGraph(n, tuple(sorted(edges)))
        return Generated(g, normal_form(g, circuit))

    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """The symmetric difference of random cycles (degrees even, maybe disconnected), sometimes with one
        random edge toggled; None when nothing is left."""
        n = params["n"]
        edges: set[Edge] = set()
        for _c in range(params["cycles"]):
            edges ^= _ring(rng.sample(range(n), rng.randint(3, min(params["length"], n))))
        if rng.random() < 0.3:
            a, b = sorted(rng.sample(range(n), 2))
            edges ^= {(a, b)}
        return Generated(EulerGraph(n, tuple(sorted(edges)))) if edges else None

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[EulerGraph]:
        """Every graph with at least one edge on 2..n labelled vertices."""
        for n in range(2, params["n"] + 1):
            pairs = list(itertools.combinations(range(n), 2))
            for mask in range(1, 1 << len(pairs)):
                yield EulerGraph(n, tuple(e for i, e in enumerate(pairs) if mask >> i & 1))

    def shrink(self, g: EulerGraph) -> Iterator[EulerGraph]:
        """Delete one vertex with its edges, renumbering the rest; or drop one edge (an edge must stay)."""
        for v in range(g.n - 1, -1, -1):
            rest = tuple((a - (a > v), b - (b > v)) for a, b in g.edges if v not in (a, b))
            if rest and g.n > 2:
                yield EulerGraph(g.n - 1, rest)
        for i in range(len(g.edges)):
            rest = g.edges[:i] + g.edges[i + 1:]
            if rest:
                yield EulerGraph(g.n, rest)

    def structures(self, g: EulerGraph) -> frozenset[str]:
        return graph_structures(g.n, g.edges, False)

    def draw_edge(self, name: str, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """A random graph made to show ``name`` (None when it has no edge)."""
        n = params["n"]
        n, edges = edge_case_graph(name, n, rng.randint(n - 1, 2 * n), False, rng)
        return Generated(EulerGraph(n, tuple(edges))) if edges else None


PROBLEMS = [EulerCircuit()]
