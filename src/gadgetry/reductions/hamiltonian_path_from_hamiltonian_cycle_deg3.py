"""Undirected Hamiltonian cycle to Hamiltonian path in graphs of maximum degree 3 (Edge-matching seed,
section 4.1, Lemma 4.2; parsimonious): the first step of Theorem 4.3 and Corollary 4.4
(:mod:`gadgetry.reductions.triangle_edge_matching_from_hamiltonian_cycle`).

In an undirected graph of maximum degree 3, take the lowest vertex v of degree 1 or 2 and its lowest
neighbour u (the edge uv lies in every Hamiltonian cycle; degree 1: there is none), replace uv by su and tv
with new vertices s = n, t = n + 1, and fix the path's ends s and t: #HP(s, t) = #HC. When no vertex has
degree 1 or 2 but one is isolated (no cycle), the lowest edge is cut instead (still no path). Graphs with
every degree 3 are outside the lemma (InputError).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from gadgetry.core import PARSIMONIOUS, InputError, Reduction
from gadgetry.sources.hamiltonicity import PLANAR3, HamiltonianCycle, HamInstance, make_instance

PAPER = "Edge-matching seed"


def lemma42_edge(g: HamInstance) -> tuple[int, int]:
    """The edge (u, v) Lemma 4.2 cuts (module docstring)."""
    if g.directed:
        raise InputError("Lemma 4.2 reduces undirected Hamiltonian cycle; the instance is directed")
    deg = [0] * g.n
    nbrs: list[list[int]] = [[] for _ in range(g.n)]
    for a, b in g.edges:
        deg[a] += 1
        deg[b] += 1
        nbrs[a].append(b)
        nbrs[b].append(a)
    if max(deg, default=0) > 3:
        raise InputError("Lemma 4.2 needs a graph of maximum degree 3")
    v = next((w for w in range(g.n) if deg[w] in (1, 2)), None)
    if v is not None:
        return min(nbrs[v]), v
    if 0 in deg and g.edges:
        return g.edges[0]
    raise InputError("Lemma 4.2 needs a vertex of degree 1 or 2 (or an isolated one); this graph has none")


def lemma42(g: HamInstance) -> HamInstance:
    """G' with s = n, t = n + 1 fixed as the path's start and end."""
    u, v = lemma42_edge(g)
    s, t = g.n, g.n + 1
    edges = [e for e in g.edges if e != (min(u, v), max(u, v))] + [(u, s), (v, t)]
    return make_instance(g.n + 2, edges, False, s, t)


def cycle_to_path(g: HamInstance, tour: tuple[int, ...]) -> tuple[int, ...]:
    """The s-t path of G' for a Hamiltonian cycle of G: s, u, ..., v, t."""
    u, v = lemma42_edge(g)
    c = list(tour)
    i = c.index(u)
    c = c[i:] + c[:i]
    if c[-1] != v:
        c = [c[0]] + c[:0:-1]
    return (g.n, *c, g.n + 1)


def path_to_cycle(g: HamInstance, path: tuple[int, ...]) -> tuple[int, ...]:
    inner = [x for x in path if x < g.n]
    return HamiltonianCycle().canonical(g, inner)


class HamPathFromHamCycleDeg3(Reduction):
    name = "hamiltonian-path-from-hamiltonian-cycle-deg3"
    source_variants = frozenset({"undirected"})
    target_variant = "undirected"
    source = "hamiltonian-cycle"
    target = "hamiltonian-path"
    paper = PAPER
    section = "section 4.1"
    theorem = "Lemma 4.2"
    claim = PARSIMONIOUS
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = (
        {"family": PLANAR3, "n": 4, "edges": 5}, {"family": PLANAR3, "n": 5, "edges": 6},
        {"family": PLANAR3, "n": 5, "edges": 7})
    verify_unsat_params: ClassVar[Mapping[str, int] | None] = {"n": 5, "edges": 6}

    def reduce(self, source: HamInstance) -> HamInstance:
        return lemma42(source)

    def forward(self, source: HamInstance, target: HamInstance, source_solution: Any) -> tuple[int, ...]:
        return cycle_to_path(source, tuple(source_solution))

    def backward(self, source: HamInstance, target: HamInstance, target_solution: Any) -> tuple[int, ...]:
        return path_to_cycle(source, tuple(target_solution))


REDUCTIONS = [HamPathFromHamCycleDeg3()]
