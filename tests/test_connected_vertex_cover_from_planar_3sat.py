"""Planar 3SAT to planar connected vertex cover (Lichtenstein 1982, Theorem 3, with Garey & Johnson 1977,
Lemma 2), drawn on the lattice: the drawing is a valid instance, both sides are solvable together (each by
its own CNF), the maps go both ways under the two rule checkers, and the exact count claim holds on the
smallest formulas (counted by enumeration here; verify, in tests/test_verify_all.py, counts with Ganak)."""

from __future__ import annotations

import itertools

from gadgetry.core.registry import path, problem, reduction
from gadgetry.reductions.planar_connected_vertex_cover_from_planar_3sat import draw, expected_count
from gadgetry.sources.planar_sat import PlanarFormula
from gadgetry.sources.sat import Formula
from gadgetry.verify.solve import count, solve

RED = reduction("planar-connected-vertex-cover-from-planar-3sat")
P3SAT, CVC = problem("planar-3sat"), problem("planar-connected-vertex-cover")


def formulas():
    """Every formula of the exhaustive set with at most two clauses, one in three of them."""
    return itertools.islice((f for f in P3SAT.exhaustive(P3SAT.resolve_params({}, exhaustive=True))
                             if len(f.formula.clauses) <= 2), 0, None, 3)


def test_decisions_and_maps() -> None:
    seen = {True: 0, False: 0}
    for src in itertools.islice(formulas(), 40):
        tgt = RED.reduce(src)
        CVC.validate(tgt)
        a, cover = P3SAT.solve(src), solve(CVC, tgt).solution  # the default: lazy connectivity cuts
        assert (a is None) == (cover is None), src
        seen[a is not None] += 1
        if a is not None:
            assert CVC.check(tgt, RED.forward(src, tgt, a))
            assert P3SAT.check(src, RED.backward(src, tgt, cover))
    assert seen[True] and seen[False]


def test_exact_count_on_a_three_literal_clause() -> None:
    """(x1 or -x2 or x3): the assignments with t true literals give t 2^(t-1) covers each."""
    src = PlanarFormula(Formula(3, ((1, -2, 3),)), (1, 2, 3), ("above",), (1,))
    tgt = RED.reduce(src)
    sols = list(P3SAT.brute_force(src))
    assert len(sols) == 7
    assert count(CVC, tgt, "enumeration").count == expected_count(src, sols) == 3 * 1 + 3 * 4 + 12


def test_bound_is_the_sum_of_the_lower_bounds() -> None:
    """K = half of each cycle + (j - 1) per clause + one per leg + one per forced vertex."""
    src = PlanarFormula(Formula(2, ((1, 2), (-1,))), (1, 2), ("above", "below"), (1, 1))
    d = draw(src)
    assert d.bound == sum(len(c) // 2 for c in d.cycles.values()) + (1 + 0) + len(d.legs) + len(d.forced)
    assert all(len(c) % 2 == 0 for c in d.cycles.values())


def test_a_chain_from_sat_reaches_rectilinear_steiner_tree() -> None:
    names = [r.name for r in path("sat", "rectilinear-steiner-tree")]
    assert names[-2:] == ["planar-connected-vertex-cover-from-planar-3sat",
                          "rectilinear-steiner-tree-from-planar-connected-vertex-cover"]


def test_cuts_count_every_small_graph_like_brute_force() -> None:
    """The default counter (lazy connectivity cuts) on the exhaustive set, against brute force."""
    seen = 0
    for inst in CVC.exhaustive(CVC.resolve_params({}, exhaustive=True)):
        assert count(CVC, inst, "cuts").count == count(CVC, inst, "brute-force").count, inst
        seen += 1
    assert seen > 300 and CVC.counting_method(inst) == "cuts"


def test_cuts_count_a_one_clause_target_and_honour_the_cap() -> None:
    """27 covers (as the enumeration of the depth encoding finds), and a cap stops the enumeration."""
    src = PlanarFormula(Formula(3, ((1, -2, 3),)), (1, 2, 3), ("above",), (1,))
    tgt = RED.reduce(src)
    assert count(CVC, tgt, "cuts").count == 27 == count(CVC, tgt, "enumeration").count
    capped = count(CVC, tgt, "cuts", cap=2)
    assert capped.more and capped.count == 3
