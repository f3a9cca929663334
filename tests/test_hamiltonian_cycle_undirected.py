"""The bipartite vertex split (directed to undirected Hamiltonian cycle): counts against the depth-first
brute force on both sides, the maps both ways, and the class it lands in (planar, bipartite, maximum
degree 3 from the planar digraphs of in/out-degree at most 2)."""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest

from gadgetry.core import InputError
from gadgetry.reductions.hamiltonian_cycle_undirected_from_hamiltonian_cycle import REDUCTIONS, split
from gadgetry.sources.hamiltonicity import CUBIC, HamiltonianCycle, make_instance

RED = REDUCTIONS[0]
CYCLE = HamiltonianCycle()


def nx_graph(g):
    h = nx.Graph()
    h.add_nodes_from(range(g.n))
    h.add_edges_from(g.edges)
    return h


@pytest.mark.parametrize("seed", range(12))
def test_counts_and_maps_on_random_digraphs(seed):
    rng = random.Random(seed)
    n = rng.randrange(1, 6)
    arcs = [a for a in itertools.permutations(range(n), 2) if rng.random() < 0.55]
    d = make_instance(n, arcs, True)
    u = RED.reduce(d)
    directed = sorted(CYCLE.canonical(d, t) for t in CYCLE.brute_force(d))
    undirected = sorted(CYCLE.canonical(u, t) for t in CYCLE.brute_force(u))
    assert len(directed) == len(undirected)
    assert sorted(CYCLE.canonical(u, RED.forward(d, u, t)) for t in directed) == undirected
    assert sorted(RED.backward(d, u, t) for t in undirected) == directed
    # either direction and any rotation of an undirected cycle maps back to the same directed one
    for t in undirected:
        turned = list(reversed(t))
        turned = turned[3:] + turned[:3]
        assert RED.backward(d, u, turned) == RED.backward(d, u, t)


@pytest.mark.parametrize("n", (4, 6, 8))
def test_planar_cubic_digraphs_become_planar_bipartite_degree_3(n):
    d = CYCLE.generate({"directed": 1, "family": CUBIC, "n": n}, random.Random(n)).instance
    u = split(d)
    h = nx_graph(u)
    assert u.n == 4 * n and len(u.edges) == 3 * n + len(d.edges)
    assert max(dict(h.degree).values()) == 3
    assert nx.is_bipartite(h) and nx.check_planarity(h)[0]
    assert CYCLE.count_graphillion(u) == CYCLE.count_graphillion(d)


def test_two_cycle_and_one_vertex():
    two = make_instance(2, [(0, 1), (1, 0)], True)
    assert CYCLE.count_graphillion(split(two)) == 1
    assert not list(CYCLE.brute_force(split(make_instance(1, [], True))))


def test_undirected_input_is_refused():
    with pytest.raises(InputError, match="undirected"):
        split(make_instance(3, [(0, 1), (1, 2), (0, 2)]))
