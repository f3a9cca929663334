"""The links from 3SAT to the islands of the reduction graph: 3sat -> n3p-3sat-3-1n, 3sat -> positive-nae3sat,
3sat -> 3dm and x3c -> subset-sum.

Every instance goes through :func:`check`: the target validates and has the declared overhead; the source's
solutions are brute-forced and the target's enumerated through its own CNF encoding (an oracle independent
of the reduction's count formula); the number of target solutions is the one the relation predicts; every
source solution maps forward to a target solution the target's checker accepts and back to itself, and
every target solution maps back to a source solution. Broken copies (a gadget clause dropped, a claim
changed, a base too small for carries) must be caught.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from gadgetry.cli import main
from gadgetry.core import PARSIMONIOUS, Chain, exact_claim
from gadgetry.core.registry import path, problem, reduction
from gadgetry.reductions.n3p_3sat_3_1n_from_3sat import N3PSat3_1NFromThreeSat
from gadgetry.reductions.positive_nae3sat_from_3sat import PositiveNaeThreeSatFromThreeSat
from gadgetry.reductions.subset_sum_from_x3c import SubsetSumFromX3C
from gadgetry.reductions.threedm_from_3sat import ThreeDMFromThreeSat, expected_count
from gadgetry.sources.sat import Formula
from gadgetry.sources.subsetsum import SubsetSumInstance, count_dp
from gadgetry.sources.x3c import X3CInstance
from gadgetry.verify.protocol import FAIL, UNKNOWN, Limits, check_instance, verify_reduction
from gadgetry.verify.solve import solutions, solve

N3P, NAE, DM, SUBSET = (N3PSat3_1NFromThreeSat(), PositiveNaeThreeSatFromThreeSat(), ThreeDMFromThreeSat(),
                        SubsetSumFromX3C())
THREE_SAT = problem("3sat")

Relation = Callable[[Any, Sequence[Any]], int]
RELATIONS: dict[str, Relation] = {N3P.name: lambda x, xs: len(xs), NAE.name: lambda x, xs: 2 * len(xs),
                                  DM.name: expected_count, SUBSET.name: lambda x, xs: len(xs)}


def check(red, x: Any) -> int:
    """The comparison of the module docstring; returns the source count."""
    src, tgt = red.source_problem, red.target_problem
    y = red.reduce(x)
    assert red.reduce(x) == y, "reduce is not deterministic"
    tgt.validate(y)
    assert tgt.size(y) == red.overhead(x), x
    xs = list(src.brute_force(x))
    ys = list(solutions(tgt, y))
    assert len(ys) == RELATIONS[red.name](x, xs), f"{red.name}: {len(ys)} target solutions for {len(xs)} on {x}"
    assert red.claim.expected(x, len(xs), xs) == len(ys)
    images = [red.forward(x, y, a) for a in xs]
    for a, b in zip(xs, images):
        assert tgt.check(y, b), (x, a, tgt.check(y, b))
        assert red.backward(x, y, b) == a
    assert len(set(images)) == len(images)
    for b in ys:
        assert tgt.check(y, b)
        assert src.check(x, red.backward(x, y, b)), (x, b)
    return len(xs)


# -- exhaustive and random sources -------------------------------------------------------------------------
@pytest.mark.parametrize("red, params", [(N3P, {}), (NAE, {}), (DM, {"variables": "2", "clauses": "2"})],
                         ids=lambda v: getattr(v, "name", str(v)))
def test_every_tiny_3sat_source(red, params) -> None:
    """Every formula of the 3SAT sweep (repeated literals, tautologies, unit clauses, unused variables)."""
    counts = [check(red, f) for f in THREE_SAT.exhaustive(THREE_SAT.resolve_params(params, exhaustive=True))]
    assert 0 in counts and max(counts) > 1


@pytest.mark.parametrize("red", [N3P, NAE], ids=lambda r: r.name)
def test_generated_sources_satisfiable_and_not(red) -> None:
    counts = []
    for seed in range(60):
        rng = random.Random(seed)
        mode = ("planted", "unsat", None)[seed % 3]
        params = {"variables": 5, "clauses": 40} if mode == "unsat" else {"variables": rng.randint(3, 7),
                                                                           "clauses": rng.randint(1, 12)}
        counts.append(check(red, THREE_SAT.generate(params, rng, mode).instance))
    assert counts.count(0) >= 20 and sum(c > 0 for c in counts) >= 20


def test_3dm_on_generated_sources() -> None:
    counts = [check(DM, THREE_SAT.generate(params, random.Random(seed), mode).instance)
              for seed in range(6) for params, mode in (({"variables": 2, "clauses": 3}, "planted"),
                                                         ({"variables": 3, "clauses": 2}, None),
                                                         ({"variables": 2, "clauses": 6}, "unsat"))]
    assert 0 in counts and max(counts) > 0


def test_3dm_count_relation_by_hand() -> None:
    """(x1 or x2) and (not x1 or x2) over 2 variables: M = 2, (nM - m)! = 2; the solutions (F, T) (true
    literals: 1 in the first clause, 2 in the second) and (T, T) (2, then 1): 2 * (1 * 2 + 2 * 1) = 8."""
    f = Formula(2, ((1, 2), (-1, 2)))
    assert expected_count(f, [(False, True), (True, True)]) == 8
    assert check(DM, f) == 2
    empty = Formula(0, ())
    assert DM.reduce(empty).triples == ((0, 0, 0),) and check(DM, empty) == 1
    no_clause = Formula(3, ())  # M = 1, the garbage takes all three free literal elements: 3! * 2^3
    assert len(list(solutions(DM.target_problem, DM.reduce(no_clause)))) == math.factorial(3) * 8


def test_x3c_to_subset_sum_exhaustively_and_with_edge_cases() -> None:
    x3c = problem("x3c")
    counts = [check(SUBSET, x) for x in x3c.exhaustive(x3c.resolve_params({}, exhaustive=True))]
    assert 0 in counts and max(counts) > 1
    for seed in range(30):
        name = x3c.edge_cases[seed % len(x3c.edge_cases)]
        check(SUBSET, x3c.draw_edge(name, {"elements": 9, "sets": 7}, random.Random(seed)).instance)


# -- what the verifier and the gadget checks catch ---------------------------------------------------------
class N3PWithoutDefiningClause(N3PSat3_1NFromThreeSat):
    """(p or not q) dropped: p is no longer forced when b or c, so it is free there."""

    name = "broken-n3p-3sat-3-1n-from-3sat"

    def reduce(self, source):
        y = super().reduce(source)
        return Formula(y.variables, tuple(c for c in y.clauses if not (len(c) == 2 and c[0] > 0 > c[1]
                                                                      and c[0] > source.variables)))

    def overhead(self, source):
        return None


class NaeWithoutAnd(PositiveNaeThreeSatFromThreeSat):
    """NAE(u, a*, T) dropped from every wide clause."""

    name = "broken-positive-nae3sat-from-3sat"

    def reduce(self, source):
        y = super().reduce(source)
        true = 2 * source.variables + 2
        # the clause right after NAE(u, a*, b*) is NAE(u, a*, T)
        return Formula(y.variables, tuple(c for i, c in enumerate(y.clauses)
                                          if not (c[-1] == true and y.clauses[i - 1][0] == c[0] != 2 * source.variables + 1
                                                  and y.clauses[i - 1][-1] != true)))

    def overhead(self, source):
        return None


class ThreeDMClaimedParsimonious(ThreeDMFromThreeSat):
    name = "broken-3dm-from-3sat"
    claim = PARSIMONIOUS


class SubsetSumInBaseTwo(SubsetSumFromX3C):
    """Base 2 whatever the number of sets: three sets through one element carry."""

    name = "broken-subset-sum-from-x3c"

    def reduce(self, source):
        items = tuple(sum(2 ** e for e in s) for s in source.sets) + (2 ** source.elements,)
        return SubsetSumInstance(items, 2 ** (source.elements + 1) - 1)

    def overhead(self, source):
        return None


@pytest.mark.parametrize("broken", [N3PWithoutDefiningClause(), NaeWithoutAnd(), ThreeDMClaimedParsimonious()],
                         ids=lambda r: r.name)
def test_broken_copies_fail(broken) -> None:
    rep = verify_reduction(broken, instances=12, seed=1, limits=Limits(seconds=60, shrink_seconds=10))
    assert rep.verdict == FAIL
    assert rep.counterexample is not None and rep.counterexample.failure in ("count", "backward", "decision")


def test_carries_an_element_in_many_sets() -> None:
    """Element 0 in all three sets: digit 3 at 0. The reduction's base, 4, keeps it; base 2 carries, and the three
    sets (7 + 19 + 37 = 63 = 111111 in binary) pass for a cover though elements 3 and 4 are uncovered and
    0 is covered thrice."""
    x = X3CInstance(6, ((0, 1, 2), (0, 1, 4), (0, 2, 5)))
    assert check(SUBSET, x) == 0
    assert SUBSET.reduce(x).items[:3] == (1 + 4 + 16, 1 + 4 + 256, 1 + 16 + 1024)
    assert count_dp(SUBSET.reduce(x)) == 0
    broken = SubsetSumInBaseTwo()
    assert count_dp(broken.reduce(x)) == 1
    found = check_instance(broken, x)
    assert found.verdict == FAIL and found.failure in ("decision", "backward", "count")


# -- exact claims ------------------------------------------------------------------------------------------
def test_exact_claims_compose_as_a_first_step_only() -> None:
    chain = Chain([DM, reduction("x3c-from-3dm")])
    assert chain.claim.kind == "exact"
    f = Formula(2, ((1, 2), (-1, 2)))
    assert chain.claim.expected(f, 2, [(False, True), (True, True)]) == 8
    assert chain.claim.expected(f, 2) is None
    after = Chain([reduction("3sat-from-sat"), DM])
    assert after.claim.kind == "none"
    assert exact_claim(lambda x, xs: 7, "seven").describe() == "exact (seven)"


def test_an_exact_claim_is_unknown_when_the_source_has_more_solutions_than_the_cap() -> None:
    rep = verify_reduction(DM, instances=4, seed=0, limits=Limits(seconds=60, cap=1))
    assert rep.verdict == UNKNOWN
    assert any("exact claim" in r.detail for r in rep.instances)


# -- chains from any CNF -----------------------------------------------------------------------------------
@pytest.mark.parametrize("target, through", [("letterboxed", {"3dm", "positive-nae3sat"}),
                                             ("pips", {"subset-sum", "planar-positive-1in3sat"}),
                                             ("edge-matching", {"n3p-3sat-3-1n", "planar-positive-1in3sat"})])
def test_path_from_3sat(capsys, target: str, through: set[str]) -> None:
    chain = path("3sat", target)
    assert chain and chain[0].source == "3sat" and chain[-1].target == target
    assert {r.target for r in chain} & through
    assert main(["path", "3sat", target]) == 0
    assert capsys.readouterr().out.strip() == ",".join(r.name for r in chain)


EDGE_MATCHING = ("n3p-3sat-3-1n-from-3sat,n3p-3sat-2p-e1n-from-n3p-3sat-3-1n,"
                 "literal-matching-n3p-3sat-2p-e1n-from-n3p-3sat-2p-e1n,"
                 "interval-pair-cover-from-literal-matching-n3p-3sat-2p-e1n")


@pytest.mark.parametrize("names, decide", [
    (EDGE_MATCHING + ",edge-matching-lt-from-interval-pair-cover", EDGE_MATCHING),
    ("positive-nae3sat-from-3sat,letterboxed-from-positive-nae3sat", None),
    # the Pips target of this chain is too slow to decide by SAT here (197-bit items when unsatisfiable): decided as X3C
    ("3dm-from-3sat,x3c-from-3dm,subset-sum-from-x3c,pips-from-subset-sum", "3dm-from-3sat,x3c-from-3dm"),
], ids=["edge-matching", "letterboxed", "pips"])
def test_a_cnf_goes_down_the_chain_and_its_solution_comes_back(names: str, decide: str | None) -> None:
    """Generated 3SAT formulas, satisfiable and not. Each source solution maps forward through every step
    to a target solution the target's checker accepts and back to a source solution; the target (or, where
    SAT solvers take minutes on it, the chain's last cheap intermediate: interval-pair cover, X3C) is
    decided like the source, and a solution of it lifted back satisfies the source."""
    chain, prefix = reduction(names), reduction(decide or names)
    seen = set()
    for seed in range(4):
        rng = random.Random(seed)
        mode = "planted" if seed % 2 == 0 else "unsat"
        params = {"variables": 2, "clauses": 2} if mode == "planted" else {"variables": 2, "clauses": 6}
        x = THREE_SAT.generate(params, rng, mode).instance
        y = chain.reduce(x)
        chain.target_problem.validate(y)
        for a in list(THREE_SAT.brute_force(x))[:2]:
            b = chain.forward(x, y, a)
            assert chain.target_problem.check(y, b), (x, a)
            assert THREE_SAT.check(x, chain.backward(x, y, b))
        z = prefix.reduce(x)
        found = solve(prefix.target_problem, z)
        sat = solve(THREE_SAT, x).status
        assert found.status == sat, (x, found.status)
        seen.add(sat)
        if found.status == "sat":
            assert THREE_SAT.check(x, prefix.backward(x, z, found.solution))
    assert seen == {"sat", "unsat"}
