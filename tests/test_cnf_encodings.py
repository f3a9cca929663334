"""Every cardinality and pseudo-Boolean encoding the CNF builder uses keeps counts exact under projection
(Ganak and enumeration both equal a brute-force count of the constraint), and those documented as exact
without projection really are (their auxiliary variables are functionally determined)."""

from __future__ import annotations

import itertools
import random

import pytest
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from gadgetry.core import CNF
from gadgetry.core.sat import count_enumeration, count_ganak

CARD = {
    "at_most_one": (lambda s, k: s <= 1, True),
    "exactly_one": (lambda s, k: s == 1, True),
    "at_most": (lambda s, k: s <= k, False),
    "at_least": (lambda s, k: s >= k, False),
    "exactly": (lambda s, k: s == k, True),
}


def _brute(n: int, holds) -> int:
    return sum(1 for a in itertools.product((0, 1), repeat=n) if holds(a))


def _build(method: str, n: int, k: int, negate: frozenset[int]) -> tuple[CNF, list[int]]:
    cnf = CNF()
    xs = [cnf.var(("x", i)) for i in range(n)]
    cnf.project(xs)
    lits = [-x if i in negate else x for i, x in enumerate(xs)]
    fn = getattr(cnf, method)
    fn(lits) if method in ("at_most_one", "exactly_one") else fn(lits, k)
    return cnf, xs


@pytest.mark.parametrize("method", sorted(CARD))
@pytest.mark.parametrize("n", range(1, 10))
def test_cardinality_counts_exact(method: str, n: int) -> None:
    holds, exact_unprojected = CARD[method]
    ks = [1] if method in ("at_most_one", "exactly_one") else range(-1, n + 2)
    rng = random.Random(n)
    for k in ks:
        negate = frozenset(i for i in range(n) if rng.random() < 0.3)
        cnf, xs = _build(method, n, k, negate)
        want = _brute(n, lambda a: holds(sum(1 - v if i in negate else v for i, v in enumerate(a)), k))
        assert count_ganak(cnf.nvars, cnf.clauses, xs) == want, (method, n, k)
        assert count_enumeration(cnf.nvars, cnf.clauses, xs) == want, (method, n, k)
        if exact_unprojected:
            assert count_ganak(cnf.nvars, cnf.clauses, None) == want, (method, n, k, "unprojected")


@pytest.mark.parametrize("kind", ["weighted_equals", "weighted_at_most", "weighted_at_least"])
def test_pseudo_boolean_counts_exact(kind: str) -> None:
    rng = random.Random(kind)
    relation = {"weighted_equals": int.__eq__, "weighted_at_most": int.__le__,
                "weighted_at_least": int.__ge__}[kind]
    for _ in range(80):
        n = rng.randint(1, 7)
        weights = [rng.randint(0, 9) for _ in range(n)]
        bound = rng.randint(-2, sum(weights) + 2)
        cnf = CNF()
        xs = [cnf.var(("x", i)) for i in range(n)]
        cnf.project(xs)
        getattr(cnf, kind)(xs, weights, bound)
        want = _brute(n, lambda a: relation(sum(w * v for w, v in zip(weights, a)), bound))
        assert count_ganak(cnf.nvars, cnf.clauses, xs) == want, (weights, bound)
        assert count_enumeration(cnf.nvars, cnf.clauses, xs) == want, (weights, bound)
        if kind == "weighted_equals":  # the adder's auxiliaries are functionally determined
            assert count_ganak(cnf.nvars, cnf.clauses, None) == want, (weights, bound, "unprojected")


def test_projection_is_needed_for_the_totalizer() -> None:
    """Why counts are always projected: without projection, PySAT's totalizer multiplies counts."""
    pool = IDPool(start_from=6)
    clauses = CardEnc.atmost(list(range(1, 6)), 2, vpool=pool, encoding=EncType.totalizer).clauses
    projected = count_ganak(pool.top, clauses, list(range(1, 6)))
    assert projected == 1 + 5 + 10
    assert count_ganak(pool.top, clauses, None) > projected


def test_dimacs_carries_projection_and_names() -> None:
    cnf = CNF()
    a, b = cnf.var(("x", 1)), cnf.var("flag")
    cnf.exactly_one([a, b])
    cnf.project([a, b])
    text = cnf.to_dimacs(comments=["problem demo"])
    lines = text.splitlines()
    assert "c problem demo" in lines
    assert "c varname 1 x[1]" in lines and "c varname 2 flag" in lines
    assert "c p show 1 2 0" in lines and "c ind 1 2 0" in lines
    assert f"p cnf {cnf.nvars} {len(cnf.clauses)}" in lines
