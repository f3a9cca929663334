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
from gadgetry.core.cnf import PB_TOTAL_LIMIT
from gadgetry.core.sat import count_enumeration, count_ganak, enumerate_projected

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


# -- pseudo-Boolean constraints past 64 bits: the adder circuit ------------------------------------------
PB_RELATIONS = {"weighted_equals": int.__eq__, "weighted_at_most": int.__le__,
                "weighted_at_least": int.__ge__}


def _check_pb(kind: str, weights: list[int], bound: int, negate: frozenset[int] = frozenset(),
              ganak: bool = True) -> None:
    """Enumeration (and Ganak, if ``ganak``) counts the constraint exactly as brute force over every subset
    does, and so does enumeration over every variable (the circuit's auxiliaries are functions of the
    literals). Ganak takes about a second on a circuit of 200-bit weights, so the loops below ask it for
    every third bound only: the encoding's exactness is the enumerations' to show, Ganak's agreement on it
    is sampled."""
    n, relation = len(weights), PB_RELATIONS[kind]
    cnf = CNF()
    xs = [cnf.var(("x", i)) for i in range(n)]
    cnf.project(xs)
    getattr(cnf, kind)([-x if i in negate else x for i, x in enumerate(xs)], weights, bound)
    want = _brute(n, lambda a: relation(sum(w * (1 - v if i in negate else v)
                                            for i, (w, v) in enumerate(zip(weights, a))), bound))
    if ganak:
        assert count_ganak(cnf.nvars, cnf.clauses, xs) == want, (kind, weights, bound)
    assert count_enumeration(cnf.nvars, cnf.clauses, xs) == want, (kind, weights, bound)
    every = list(range(1, cnf.nvars + 1))
    assert count_enumeration(cnf.nvars, cnf.clauses, every) == want, (kind, weights, bound, "unprojected")


def _bounds(weights: list[int], rng: random.Random) -> list[int]:
    """Sums of random subsets and their neighbours, random values, and the trivial bounds."""
    total = sum(weights)
    sums = [sum(w for w in weights if rng.random() < 0.5) for _ in range(3)]
    return sorted({-1, 0, 1, total - 1, total, total + 1, rng.randint(0, total)}
                  | {s + d for s in sums for d in (-1, 0, 1)})


@pytest.mark.parametrize("kind", sorted(PB_RELATIONS))
def test_pseudo_boolean_past_64_bits_counts_exact(kind: str) -> None:
    """Random weights of 64 to 200 bits (some zero, some repeated, some literals negated)."""
    rng = random.Random(kind)
    for _ in range(5):
        n = rng.randint(1, 5)
        weights = [rng.getrandbits(rng.randint(64, 200)) | 1 << 63 for _ in range(n)]
        if n > 1:
            weights[rng.randrange(n)] = rng.choice([0, weights[0]])
        assert sum(weights) > PB_TOTAL_LIMIT
        negate = frozenset(i for i in range(n) if rng.random() < 0.3)
        for j, bound in enumerate(_bounds(weights, rng)):
            _check_pb(kind, weights, bound, negate, ganak=j % 3 == 0)


@pytest.mark.parametrize("kind", sorted(PB_RELATIONS))
def test_small_weights_scaled_past_64_bits_count_exact(kind: str) -> None:
    """Small weights (zeros and repeats frequent) times 2^70 take the circuit; bounds scaled alike, and
    off by one, fall on and between the reachable sums."""
    rng = random.Random(kind)
    for _ in range(25):
        n = rng.randint(1, 6)
        weights = [rng.randint(0, 9) << 70 for _ in range(n)]
        for bound in {b << 70 for b in range(-1, (sum(weights) >> 70) + 2)} | {(rng.randint(0, 12) << 70) + d
                                                                              for d in (-1, 1)}:
            _check_pb(kind, weights, bound)


@pytest.mark.parametrize("kind", sorted(PB_RELATIONS))
def test_pseudo_boolean_either_side_of_the_pbenc_limit(kind: str) -> None:
    """Totals just under the limit go to PBEnc, just over it (where pindakaas got at-least wrong) to the
    circuit; both count right."""
    rng = random.Random(kind)
    for total in (PB_TOTAL_LIMIT - 1, PB_TOTAL_LIMIT, PB_TOTAL_LIMIT + 1, 2**64 - 1):
        for _ in range(3):
            cuts = sorted(rng.randint(1, total - 1) for _ in range(3))
            weights = [b - a for a, b in zip([0, *cuts], [*cuts, total])]
            for j, bound in enumerate(_bounds(weights, rng)):
                _check_pb(kind, weights, bound, ganak=j % 3 == 0)


def test_pseudo_boolean_circuit_with_a_literal_twice_and_negated() -> None:
    """The same variable under two weights, and a literal beside its negation."""
    for kind in sorted(PB_RELATIONS):
        cnf = CNF()
        x, y = cnf.var("x"), cnf.var("y")
        cnf.project([x, y])
        big = 1 << 80
        getattr(cnf, kind)([x, x, -x, y], [big, 3 * big, big, 2 * big], 4 * big)
        value = {(a, b): 4 * big * a + big * (1 - a) + 2 * big * b for a in (0, 1) for b in (0, 1)}
        want = sum(PB_RELATIONS[kind](v, 4 * big) for v in value.values())
        assert count_enumeration(cnf.nvars, cnf.clauses, [x, y]) == want, kind
        assert count_ganak(cnf.nvars, cnf.clauses, None) == want, kind


@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_define_or_is_the_disjunction(n: int) -> None:
    """Every model of define_or's clauses, by brute force over all n + 1 variables: out == any(lits), with
    negative literals among them."""
    cnf = CNF()
    xs = [cnf.fresh() for _ in range(n)]
    lits = [x if i % 2 == 0 else -x for i, x in enumerate(xs)]
    out = cnf.define_or(cnf.fresh(), lits)
    for bits in itertools.product((False, True), repeat=n + 1):
        value = dict(zip([*xs, out], bits))
        holds = all(any(value[abs(lit)] == (lit > 0) for lit in c) for c in cnf.clauses)
        want = value[out] == any(value[abs(lit)] == (lit > 0) for lit in lits)
        assert holds == want, bits


@pytest.mark.parametrize("n", [0, 1, 2, 4])
def test_first_true_marks_the_first_true_literal(n: int) -> None:
    """Each assignment of the literals (some negative) extends to exactly one model of first_true's
    clauses, and in it exactly the first true literal's variable is true (none when no literal is)."""
    cnf = CNF()
    xs = [cnf.fresh() for _ in range(n)]
    lits = [x if i % 2 == 0 else -x for i, x in enumerate(xs)]
    first = cnf.first_true(lits, "first")
    for bits in itertools.product((False, True), repeat=n):
        fixed = [[x if b else -x] for x, b in zip(xs, bits)]
        models = list(enumerate_projected(cnf.nvars, cnf.clauses + fixed, range(1, cnf.nvars + 1)))
        truth = [b == (lit > 0) for b, lit in zip(bits, lits)]
        want = truth.index(True) if any(truth) else None
        assert len(models) == 1, bits
        assert [i for i, r in enumerate(first) if r in models[0]] == ([] if want is None else [want]), bits
