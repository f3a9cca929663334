"""The method ``count`` picks by default (``Problem.counting_method``) is exact: on seeded instances of
every problem that picks something other than Ganak, its count equals the problem's brute-force
enumerator's (independent of the encoding and of the picked counter); the ``portfolio`` method's two
halves (enumeration, the hand-over to Ganak) both count right."""

from __future__ import annotations

import pytest

from gadgetry.core import registry
from gadgetry.verify import solve
from gadgetry.verify.solve import count

#: Problem, generator parameters (small enough for brute force), and the method ``auto`` must pick there.
PICKS = [
    ("hamiltonian-cycle", {"n": 7, "edges": 14}, "graphillion"),
    ("hamiltonian-path", {"n": 7, "edges": 12}, "graphillion"),
    ("subset-sum", {}, "dp"),
    ("geography", {"directed": 2}, None),  # undirected: the matching criterion where it applies
    ("edge-matching", {"rows": 2, "cols": 3}, "transfer-matrix"),
    ("pips", {}, "portfolio"),
    ("letterboxed", {}, "portfolio"),
]


@pytest.mark.parametrize("name, params, picked", PICKS)
def test_the_default_count_is_the_brute_force_count(name, params, picked):
    prob = registry.problem(name)
    seen = set()
    for seed in range(6):
        for mode in (None, "planted"):
            if mode and mode not in prob.modes:
                continue
            inst = prob.generate_seeded(params, seed, mode).instance
            got = count(prob, inst)
            seen.add(got.method)
            assert got.method == prob.counting_method(inst)
            assert got.count == sum(1 for _ in prob.brute_force(inst)), (seed, mode, got)
    assert picked is None or seen == {picked}


def test_subset_sum_hands_huge_targets_to_ganak():
    prob = registry.problem("subset-sum")
    small, huge = prob.instance_from_json({"items": [3, 5, 8], "target": 8}), \
        prob.instance_from_json({"items": [3, 5, 10**7], "target": 10**7})
    assert prob.counting_method(small) == "dp" and prob.counting_method(huge) == "ganak"
    assert count(prob, huge).count == 1


def test_the_geography_matching_criterion_is_picked_only_where_it_applies():
    prob = registry.problem("geography")
    picks = {}
    for seed in range(30):
        g = prob.generate_seeded({}, seed).instance
        picks[(g.directed, g.rule, g.partizan)] = prob.counting_method(g)
    assert picks, picks
    for (directed, rule, partizan), method in picks.items():
        assert method == ("matching" if not directed and rule == "vertex" and partizan != "edge" else "ganak")


@pytest.mark.parametrize("seconds, name, params", [(60.0, "pips", {"dominoes": 6}), (0.0, "pips", {"dominoes": 6}),
                                                   (60.0, "letterboxed", {}), (0.0, "letterboxed", {})])
def test_the_portfolio_counts_by_enumeration_and_after_handing_over(monkeypatch, seconds, name, params):
    """With all the time enumeration finishes; with none it hands over to Ganak at the first solution."""
    monkeypatch.setattr(solve, "PORTFOLIO_SECONDS", seconds)
    prob = registry.problem(name)
    for seed in range(4):
        inst = prob.generate_seeded(params, seed, "planted").instance
        assert count(prob, inst, "portfolio").count == count(prob, inst, "brute-force").count


def test_the_portfolio_is_offered_to_every_problem_and_picked_for_wide_edge_matching_boards():
    assert "portfolio" in solve.count_methods(registry.problem("3sat"))
    prob = registry.problem("edge-matching")
    assert prob.counting_method(prob.generate_seeded({"rows": 4, "cols": 4}, 1).instance) == "portfolio"
