"""Planar digraphs of in/out-degree (1, 2) or (2, 1) to grid graphs of maximum degree 3: the drawing is a
grid graph with exactly the edges meant, its Hamiltonian cycles (graphillion) are the digraph's (depth-first
brute force), one for one through the maps both ways; propagation, the ringless cases and bad input."""

from __future__ import annotations

import random

import pytest

from gadgetry.core import InputError, registry
from gadgetry.reductions.grid_hamiltonian_cycle_from_hamiltonian_cycle import (
    PATH3,
    SQUARE,
    REDUCTIONS,
    layout,
    necklace,
    propagate,
    structure,
)
from gadgetry.sources.grid_hamiltonicity import GridHamiltonianCycle, grid_edges, max_degree
from gadgetry.sources.hamiltonicity import HamiltonianCycle, make_instance

RED = REDUCTIONS[0]
GRID = GridHamiltonianCycle()
CYCLE = HamiltonianCycle()


WIRINGS = [((1, 4), (3, 6), (5, 0), (7, 2)), ((1, 6), (3, 4), (5, 2), (7, 0)), ((1, 4), (3, 6), (5, 2), (7, 0))]


@pytest.mark.parametrize("wiring", [WIRINGS[0], *(pytest.param(w, marks=pytest.mark.slow) for w in WIRINGS[1:])])
def test_two_rings_parsimonious_both_ways(wiring):
    g = necklace(wiring)
    cycles, forced, covered = structure(propagate(g))
    assert sorted(map(len, cycles)) == [4, 4] and len(forced) == 4 and covered == 8
    target = RED.reduce(g)
    assert max_degree(target.points) <= 3
    sources = list(CYCLE.brute_force(g))
    assert sources and GRID.count_graphillion(target) == len(sources)
    images = set()
    for s in sources:
        t = RED.forward(g, target, s)
        assert GRID.check(target, t).ok
        assert RED.backward(g, target, t) == CYCLE.canonical(g, s)
        images.add(t)
    assert len(images) == len(sources)


def test_drawing_has_exactly_its_edges():
    lay = layout(necklace(WIRINGS[0]))
    pts = set(lay.points)
    assert len(lay.rungs) == 8
    for p, q in lay.rungs.values():  # each ladder's middle rung is an edge of the grid graph
        assert p in pts and q in pts and abs(p[0] - q[0]) + abs(p[1] - q[1]) == 1
    assert {frozenset(e) for e in grid_edges(sorted(pts))} >= {frozenset(r) for r in lay.rungs.values()}


@pytest.mark.parametrize("n", [6, 8])
def test_propagation_keeps_every_cycle(n):
    cube = registry.problem("hamiltonian-cycle")
    for seed in range(4):
        g = cube.draw_planted({"directed": 1, "family": 3, "n": n}, random.Random(seed)).instance
        kept = propagate(g)
        count = sum(1 for _ in CYCLE.brute_force(g))
        if kept is None:
            assert count == 0
        else:
            assert kept <= set(g.edges)
            assert sum(1 for _ in CYCLE.brute_force(make_instance(n, sorted(kept), directed=True))) == count


def test_ringless_digraphs():
    cube = registry.problem("hamiltonian-cycle")
    for seed in range(4):
        for draw in (cube.draw, cube.draw_planted):
            g = draw({"directed": 1, "family": 3, "n": 4}, random.Random(seed)).instance
            target = RED.reduce(g)
            assert target.points in (SQUARE, PATH3)
            assert GRID.count_graphillion(target) == sum(1 for _ in CYCLE.brute_force(g))


def test_rejects_other_digraphs():
    with pytest.raises(InputError):
        RED.reduce(make_instance(3, [(0, 1), (1, 2), (2, 0)], directed=True))
    with pytest.raises(InputError):
        RED.reduce(make_instance(4, [(0, 1), (1, 2), (2, 3), (3, 0)]))


@pytest.mark.slow
def test_theorem31_digraph_draws():
    red = registry.reduction("hamiltonian-cycle-from-planar-positive-1in3sat")
    source = registry.problem(red.source)
    g = red.reduce(source.draw(red.verify_params[0], random.Random(1)).instance)
    lay = layout(g)
    assert max_degree(lay.points) <= 3 and len(lay.rungs) == g.n


def test_cycle_to_path_between_the_corner_neighbours():
    red = registry.reduction("grid-hamiltonian-path-from-grid-hamiltonian-cycle")
    path = registry.problem("grid-hamiltonian-path")
    seen = 0
    for g in GRID.exhaustive({"width": 3, "height": 3}):
        target = red.reduce(g)
        cycles = list(GRID.brute_force(g))
        assert sum(1 for _ in path.brute_force(target)) == len(cycles)
        for c in cycles:
            p = red.forward(g, target, c)
            assert path.check(target, p).ok and red.backward(g, target, p) == GRID.canonical(g, c)
        seen += bool(cycles)
    assert seen
