"""Directed Hamiltonian cycle to undirected Hamiltonian cycle in a bipartite graph (parsimonious): the
vertex-splitting step of Karp 1972 (directed to undirected Hamilton circuit), with each vertex split into a
path of four so that the result is bipartite, the form Itai, Papadimitriou & Szwarcfiter 1982 ("Hamilton
paths in grid graphs", section 2) start their grid-graph reduction from.

Vertex v of the digraph becomes the path in_v - a_v - b_v - out_v (vertices 4v, 4v + 1, 4v + 2, 4v + 3)
and the arc u -> v the edge out_u - in_v. a_v and b_v have degree 2, so a Hamiltonian cycle runs through
every path in_v, a_v, b_v, out_v whole; oriented along those paths, its other edges out_u - in_v are arcs
u -> v in order, a directed Hamiltonian cycle: one undirected cycle per directed one. The split keeps
planarity, and degree in_v = indeg(v) + 1, out_v = outdeg(v) + 1: a planar digraph of in- and out-degree
at most 2 (Edge-matching seed, section 3.1, Theorem 3.1's graphs) becomes a planar bipartite graph of
maximum degree 3 (colour classes {in_v, b_v} and {a_v, out_v}). Karp's three-way split (in, mid, out) is as
parsimonious but not bipartite; the fourth vertex is what keeps grid graphs' parity.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from gadgetry.core import PARSIMONIOUS, InputError, Reduction
from gadgetry.sources.hamiltonicity import CUBIC, HamiltonianCycle, HamInstance, make_instance

PAPER = "Karp 1972; Itai, Papadimitriou & Szwarcfiter 1982"
#: The split path's vertices in cycle order: in, a, b, out.
SPLIT = 4


def split(g: HamInstance) -> HamInstance:
    """The undirected graph of the module docstring."""
    if not g.directed:
        raise InputError("the vertex split reduces directed Hamiltonian cycle; the instance is undirected")
    paths = [(SPLIT * v + i, SPLIT * v + i + 1) for v in range(g.n) for i in range(SPLIT - 1)]
    arcs = [(SPLIT * u + SPLIT - 1, SPLIT * v) for u, v in g.edges]
    return make_instance(SPLIT * g.n, paths + arcs)


def split_cycle(tour: Sequence[int]) -> tuple[int, ...]:
    """The undirected cycle of a directed one: each vertex's path in order."""
    return tuple(SPLIT * v + i for v in tour for i in range(SPLIT))


def merge_cycle(g: HamInstance, tour: Sequence[int]) -> tuple[int, ...]:
    """The directed cycle of an undirected one: its in_v vertices in the direction that runs in_v -> a_v."""
    c = list(tour)
    if len(c) > 1 and c[1] != c[0] + 1:
        c = [c[0]] + c[:0:-1]
    return HamiltonianCycle().canonical(g, [x // SPLIT for x in c if x % SPLIT == 0])


class HamCycleUndirectedFromHamCycle(Reduction):
    name = "hamiltonian-cycle-undirected-from-hamiltonian-cycle"
    source_variants = frozenset({"directed"})
    target_variant = "undirected"
    source = "hamiltonian-cycle"
    target = "hamiltonian-cycle"
    paper = PAPER
    section = "Karp 1972 (vertex split); Itai et al. 1982, section 2"
    theorem = "directed to undirected Hamilton circuit, bipartite split"
    claim = PARSIMONIOUS
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = (
        {"directed": 1, "family": CUBIC, "n": 4}, {"directed": 1, "family": CUBIC, "n": 6},
        {"directed": 1, "n": 4, "edges": 7}, {"directed": 1, "n": 5, "edges": 9})
    verify_unsat_params: ClassVar[Mapping[str, int] | None] = {"directed": 1, "family": 0, "n": 5, "edges": 7}

    def reduce(self, source: HamInstance) -> HamInstance:
        return split(source)

    def forward(self, source: HamInstance, target: HamInstance, source_solution: Any) -> tuple[int, ...]:
        return HamiltonianCycle().canonical(target, split_cycle(tuple(source_solution)))

    def backward(self, source: HamInstance, target: HamInstance, target_solution: Any) -> tuple[int, ...]:
        return merge_cycle(source, tuple(target_solution))


REDUCTIONS = [HamCycleUndirectedFromHamCycle()]
