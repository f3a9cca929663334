"""The qbf source (QDIMACS, the evaluator against a naive expansion and PyQBF, generator modes) and
geography-from-qbf (Schaefer 1978): the winner kept, checked against the formula's value and geography's
own minimax, and by verify on the reduction and on the chain to the edge-matching game."""

from __future__ import annotations

import itertools
import random

import pytest

from gadgetry.core import InputError, LimitReached
from gadgetry.core.envelope import read_any
from gadgetry.core.registry import problem, reduction
from gadgetry.reductions.geography_from_qbf import alternating
from gadgetry.sources.geography import first_wins_minimax
from gadgetry.sources.qbf import QBF, evaluate, order, read_qdimacs, solve_pyqbf, write_qdimacs
from gadgetry.verify.protocol import PASS, Limits, verify_reduction

Q, GEO = problem("qbf"), problem("geography")
RED = reduction("geography-from-qbf")


def naive(q: QBF) -> bool:
    """The formula's value by expanding every quantifier over the full truth table (no pruning)."""
    seq = order(q)

    def value(i: int, assignment: dict[int, bool]) -> bool:
        if i == len(seq):
            return all(any(assignment[abs(lit)] == (lit > 0) for lit in c) for c in q.clauses)
        quant, v = seq[i]
        results = [value(i + 1, {**assignment, v: b}) for b in (False, True)]
        return any(results) if quant == "e" else all(results)

    return value(0, {})


def random_formulas(count: int, seed: int = 0):
    rng = random.Random(seed)
    for s in range(count):
        params = {"variables": rng.randint(1, 5), "clauses": rng.randint(0, 7), "width": rng.randint(1, 3),
                  "blocks": rng.randint(1, 5)}
        yield Q.generate_seeded(params, s).instance


def test_evaluator_agrees_with_the_naive_expansion() -> None:
    for q in random_formulas(300):
        assert evaluate(q) == naive(q), q
    exhaustive = list(Q.exhaustive({"variables": 2, "clauses": 2}))
    assert all(evaluate(q) == naive(q) for q in exhaustive)
    assert {evaluate(q) for q in exhaustive} == {True, False}


def test_free_variables_are_existential_and_outermost() -> None:
    # for all x1: (x1 or x2)(not x1 or x2): true with x2 free (chosen before x1) = x2 true
    q = QBF(2, (("a", (1,)),), ((1, 2), (-1, 2)))
    assert order(q) == [("e", 2), ("a", 1)] and evaluate(q)
    # for all x1 exists x2: (x1 xor x2) true; exists x2 for all x1: false
    xor = ((1, 2), (-1, -2))
    assert evaluate(QBF(2, (("a", (1,)), ("e", (2,))), xor))
    assert not evaluate(QBF(2, (("e", (2,)), ("a", (1,))), xor))
    assert evaluate(QBF(0, (), ())) and not evaluate(QBF(0, (), ((),)))


@pytest.mark.skipif(solve_pyqbf(QBF(1, (), ((1,),))) is None, reason="pyqbf is not installed (the 'qbf' extra)")
def test_pyqbf_agrees_with_the_evaluator() -> None:
    for q in random_formulas(200, seed=1):
        assert solve_pyqbf(q) == evaluate(q), q


def test_qdimacs_round_trip_and_errors() -> None:
    for q in random_formulas(40, seed=2):
        text = write_qdimacs(q)
        prob, back = read_any(text)
        assert prob is Q and back == q
    plain = "p cnf 3 2\ne 1 0\na 2 0\ne 3 0\n1 -2 0\n2 3 0\n"
    assert read_any(plain)[1] == QBF(3, (("e", (1,)), ("a", (2,)), ("e", (3,))), ((1, -2), (2, 3)))
    assert read_qdimacs("p cnf 2 0\ne 1 0\ne 2 0\n").prefix == (("e", (1, 2)),)  # blocks merged
    assert read_any("p cnf 1 1\n1 0\n")[0].name == "sat"  # no quantifier: plain DIMACS
    for bad in ("p cnf 2 1\n1 2 0\na 1 0\n", "e 1 0\np cnf 1 0\n", "p cnf 2 0\na 1\n", "p cnf 2 0\na 3 0\n",
                "p cnf 2 0\na 1 0\ne 1 0\n", "p cnf 2 0\na -1 0\n"):
        with pytest.raises(InputError):
            read_any(bad, problem_name="qbf")


def test_generator_modes_give_true_and_false_formulas() -> None:
    for seed in range(10):
        assert naive(Q.generate_seeded({}, seed, "planted").instance)
        assert not naive(Q.generate_seeded({}, seed, "unsat").instance)


def test_the_evaluator_refuses_huge_formulas_as_a_limit() -> None:
    with pytest.raises(LimitReached):
        evaluate(QBF(500, (), ((1,),)))


def test_padding_alternates_existential_first_and_last() -> None:
    for q in random_formulas(100, seed=3):
        seq = alternating(q)
        assert [quant for quant, _ in seq] == ["e", "a"] * (len(seq) // 2) + ["e"]
        assert [v for _, v in seq if v is not None] == [v for _, v in order(q)]


def test_the_winner_is_kept() -> None:
    wins = {True: 0, False: 0}
    for i, q in enumerate(itertools.chain(random_formulas(200, seed=4), Q.exhaustive({"variables": 2, "clauses": 2}))):
        y = RED.reduce(q)
        GEO.validate(y)
        assert y.rule == "edge" and y.directed and y.partizan == "none"
        truth = naive(q)
        assert GEO.first_wins(y) == truth, q
        if i < 120:
            assert first_wins_minimax(y) == truth, q
        assert RED.overhead(q) == GEO.size(y)
        wins[truth] += 1
    assert min(wins.values()) > 50


def test_verify_passes_on_the_reduction_and_the_chain_to_the_edge_matching_game() -> None:
    limits = Limits(seconds=60, shrink_seconds=0)
    for name in ("geography-from-qbf", "geography-from-qbf,edgematching-game-from-geography"):
        rep = verify_reduction(reduction(name), instances=10, seed=1, limits=limits)
        assert rep.verdict == PASS, [(r.failure, r.detail) for r in rep.instances]
        counts = {r.source_count for r in rep.instances}
        assert counts == {0, 1}, "true and false formulas both checked"
