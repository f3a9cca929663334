"""The qsat2 source: CEGAR against brute force and against the qbf evaluator on the Tseitin form,
QDIMACS round trips, generator modes."""

from __future__ import annotations

import random

import pytest

from gadgetry.core import InputError
from gadgetry.core.envelope import read_any
from gadgetry.core.registry import problem
from gadgetry.sources.qbf import evaluate
from gadgetry.sources.qsat2 import QSAT2, brute_force_value, cegar, read, to_qbf, value, write

Q = problem("qsat2")


def formulas(count: int, seed: int = 0, most: int = 4):
    """Generated formulas of up to ``most`` existential and universal variables, CNF and DNF."""
    rng = random.Random(seed)
    for s in range(count):
        params = {"exists": rng.randint(0, most), "forall": rng.randint(0, most), "clauses": rng.randint(0, most + 2),
                  "width": rng.randint(1, 3), "matrix": rng.randint(0, 1)}
        yield Q.generate_seeded(params, s).instance


def test_cegar_agrees_with_brute_force_and_the_qbf_evaluator() -> None:
    seen = set()
    for q in formulas(400):
        truth = brute_force_value(q)
        assert (cegar(q) is not None) == truth == evaluate(to_qbf(q)), q
        seen.add((q.matrix, truth))
    assert seen == {("cnf", True), ("cnf", False), ("dnf", True), ("dnf", False)}


def test_the_cegar_witness_holds_for_every_y() -> None:
    for q in formulas(200, seed=1):
        x = cegar(q)
        if x is not None:
            true = {lit for lit in x if lit > 0}
            ys = q.forall
            for mask in range(1 << len(ys)):
                assert value(q, true | {v for i, v in enumerate(ys) if mask >> i & 1}), (q, x)


def test_small_cases() -> None:
    # exists x forall y: (x and y) or (x and not y) is true; (x and y) alone is false
    assert cegar(QSAT2(2, (1,), (2,), "dnf", ((1, 2), (1, -2)))) == (1,)
    assert cegar(QSAT2(2, (1,), (2,), "dnf", ((1, 2),))) is None
    assert cegar(QSAT2(1, (1,), (), "dnf", ())) is None  # the empty disjunction is false
    assert cegar(QSAT2(1, (), (1,), "cnf", ())) == ()  # the empty conjunction is true
    assert cegar(QSAT2(2, (1,), (2,), "cnf", ((1, 2),))) == (1,)


def test_qdimacs_round_trip_and_detection() -> None:
    for q in formulas(50, seed=2):
        assert read(write(q)) == q
        prob, back = read_any(write(q))
        assert prob.name == "qsat2" and back == q
    qbf_text = "p cnf 2 1\ne 1 0\na 2 0\n1 2 0\n"
    assert read_any(qbf_text)[0].name == "qbf"
    prob, q = read_any("p dnf 3 1\ne 1 0\na 3 0\n1 -3 0\n")  # a DNF header names qsat2 on its own
    assert prob.name == "qsat2" and q == QSAT2(3, (1,), (3,), "dnf", ((1, -3),)) and cegar(q) is None
    with pytest.raises(InputError, match="one 'e' block then one 'a' block"):
        read("p cnf 3 1\na 1 0\ne 2 0\na 3 0\n1 2 3 0\n")


def test_generator_modes() -> None:
    for mode, truth in (("planted", True), ("unsat", False)):
        for seed in range(5):
            q = Q.generate_seeded({"exists": 2, "forall": 2, "clauses": 4, "width": 2, "matrix": 1}, seed,
                                  mode=mode).instance
            assert brute_force_value(q) == truth
