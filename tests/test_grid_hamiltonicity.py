"""Grid-graph Hamiltonicity: counts of the encoding (Ganak), graphillion and the depth-first brute force
against a networkx-free oracle of our own (permutations of the points), the degree bound, the generator's
planted tours and edge cases, JSON and validation."""

from __future__ import annotations

import itertools
import random

import pytest

from gadgetry.core import InputError
from gadgetry.sources.grid_hamiltonicity import (
    PROBLEMS,
    GridGraph,
    grid_graph,
    is_connected,
    max_degree,
)
from gadgetry.verify.solve import count

CYCLE, PATH = PROBLEMS


def permutation_count(g: GridGraph, cycle: bool) -> int:
    """Hamiltonian cycles (paths) by trying every vertex order: the oracle, independent of the encoding."""
    pts = list(g.points)

    def adjacent(p, q):
        return abs(p[0] - q[0]) + abs(p[1] - q[1]) == 1

    found = set()
    for order in itertools.permutations(pts):
        steps = list(zip(order, order[1:])) + ([(order[-1], order[0])] if cycle else [])
        if cycle and len(pts) < 3:
            continue
        if not all(adjacent(p, q) for p, q in steps):
            continue
        if not cycle and ((g.start is not None and g.start not in (order[0], order[-1]))
                          or (g.end is not None and g.end not in (order[0], order[-1]))):
            continue
        if not cycle and g.start is not None and g.end is not None and {order[0], order[-1]} != {g.start, g.end}:
            continue
        found.add(frozenset(frozenset(s) for s in steps))
    return len(found)


@pytest.mark.parametrize("prob", PROBLEMS, ids=lambda p: p.name)
def test_counters_agree_with_permutations_on_every_small_graph(prob) -> None:
    params = {"width": 3, "height": 2}
    seen = 0
    for g in prob.exhaustive(params):
        if len(g.points) > 6:
            continue
        want = permutation_count(g, prob.cycle)
        assert sum(1 for _ in prob.brute_force(g)) == want, g
        assert prob.count_graphillion(g) == want, g
        seen += 1
    assert seen > 20


@pytest.mark.parametrize("prob", PROBLEMS, ids=lambda p: p.name)
def test_ganak_agrees_on_planted_instances(prob) -> None:
    for seed in range(6):
        gen = prob.generate_seeded({"n": 10, "width": 5, "height": 4}, seed, "planted")
        g = gen.instance
        assert prob.check(g, gen.planted).ok
        assert max_degree(g.points) <= prob.degree_bound and is_connected(g.points)
        n = count(prob, g, "ganak").count
        assert n == prob.count_graphillion(g) == sum(1 for _ in prob.brute_force(g)) >= 1


def test_cycle_rejects_degree_four_and_path_accepts_it() -> None:
    plus = grid_graph([(1, 1), (0, 1), (2, 1), (1, 0), (1, 2)])
    with pytest.raises(InputError, match=r"degree 4"):
        CYCLE.validate(plus)
    PATH.validate(plus)
    assert PATH.count_graphillion(plus) == 0


def test_checker_names_the_rule() -> None:
    square = grid_graph([(0, 0), (1, 0), (0, 1), (1, 1)])
    assert CYCLE.check(square, ((0, 0), (1, 0), (1, 1), (0, 1))).ok
    assert CYCLE.check(square, ((0, 0), (1, 1), (1, 0), (0, 1))).rule == "missing-edge"
    assert CYCLE.check(square, ((0, 0), (1, 0), (5, 5), (0, 1))).rule == "vertex-out-of-range"
    assert CYCLE.check(square, ((0, 0), (1, 0), (1, 1))).rule == "not-hamiltonian"


def test_json_round_trip_and_bad_json() -> None:
    g = grid_graph([(0, 0), (1, 0), (2, 0)], start=(0, 0), end=(2, 0))
    assert PATH.instance_from_json(PATH.instance_to_json(g)) == g
    for bad, msg in (({"points": [[0, 0], [0, 0]]}, "occurs twice"), ({"points": [[0]]}, "pair of integers"),
                     ({"points": [[0, 0]], "start": [3, 3]}, "not one of the points"),
                     ({"points": []}, "non-empty"), ({"pts": []}, "unknown key")):
        with pytest.raises(InputError, match=msg):
            PATH.instance_from_json(bad)
    with pytest.raises(InputError, match="unknown key"):
        CYCLE.instance_from_json({"points": [[0, 0]], "start": None})


def test_planted_cycles_are_bipartite_balanced_and_unique_mode_holds() -> None:
    rng = random.Random(4)
    for _ in range(10):
        gen = CYCLE.generate({"n": 12, "width": 5, "height": 5}, rng, "planted")
        assert "unbalanced" not in CYCLE.structures(gen.instance)
    gen = CYCLE.generate_seeded({"n": 8}, 1, "unique")
    assert CYCLE.count_graphillion(gen.instance) == 1
