"""Gadget checks (sympy relations and truth tables, multiplicities) and the exactness of the counters
against closed forms that no solver computed."""

from __future__ import annotations

import itertools
import math
import random

import sympy

from gadgetry.core import CNF
from gadgetry.core.gadget import Gadget
from gadgetry.core.sat import count_each_case, count_enumeration, count_ganak
from gadgetry.verify.gadget import check_gadget


def _xor_gadget(extra_free: bool = False):
    """out = a xor b by Tseitin clauses; optionally one unconstrained interior variable (2 fillings)."""

    def build():
        cnf = CNF()
        a, b, out = cnf.var("a"), cnf.var("b"), cnf.var("out")
        cnf.extend([[-a, -b, -out], [a, b, -out], [a, -b, out], [-a, b, out]])
        if extra_free:
            cnf.project([cnf.var("free")])
        return cnf, {"a": a, "b": b, "out": out}

    return build


def test_sympy_relation_gadget_passes() -> None:
    a, b, out = sympy.symbols("a b out")
    g = Gadget("xor", ("a", "b", "out"), _xor_gadget(), sympy.Equivalent(out, sympy.Xor(a, b)), 1)
    rep = check_gadget(g)
    assert rep.ok, rep.problems
    assert sum(rep.fillings.values()) == 4
    assert "fillings" in rep.table(g.ports)


def test_wrong_relation_and_wrong_multiplicity_are_reported() -> None:
    a, b, out = sympy.symbols("a b out")
    wrong = Gadget("claims-and", ("a", "b", "out"), _xor_gadget(), sympy.Equivalent(out, a & b), 1)
    rep = check_gadget(wrong)
    assert not rep.ok and any("relation says" in p for p in rep.problems)
    truth_table = [(False, False, False), (False, True, True), (True, False, True), (True, True, False)]
    doubled = Gadget("xor-with-free", ("a", "b", "out"), _xor_gadget(extra_free=True), truth_table, 1)
    rep = check_gadget(doubled)
    assert not rep.ok and any("1 fillings claimed, 2 found" in p for p in rep.problems)
    fine = Gadget("xor-with-free", ("a", "b", "out"), _xor_gadget(extra_free=True), truth_table, 2)
    assert check_gadget(fine).ok


def _permutation_matrices(n: int) -> CNF:
    cnf = CNF()
    x = [[cnf.var(("x", i, j)) for j in range(n)] for i in range(n)]
    for i in range(n):
        cnf.exactly_one(x[i])
        cnf.exactly_one([x[j][i] for j in range(n)])
    cnf.project([v for row in x for v in row])
    return cnf


def test_ganak_counts_permutations_exactly() -> None:
    """n x n permutation matrices: n! (with ladder at-most-one auxiliaries for n > 6)."""
    for n in range(1, 9):
        cnf = _permutation_matrices(n)
        assert count_ganak(cnf.nvars, cnf.clauses, cnf.projection) == math.factorial(n)
    cnf = _permutation_matrices(6)
    assert count_enumeration(cnf.nvars, cnf.clauses, cnf.projection) == 720


def test_ganak_counts_huge_and_degenerate_cases_exactly() -> None:
    assert count_ganak(200, [], None) == 2**200
    assert count_ganak(200, [[1, 2]], None) == 3 * 2**198
    assert count_ganak(3, [[1], [-1]], None) == 0
    assert count_ganak(3, [[]], None) == 0
    assert count_ganak(0, [], None) == 1
    assert count_ganak(5, [[1, 2]], []) == 1  # empty projection: 1 if satisfiable
    assert count_ganak(5, [[1, 2]], [7]) == 2  # a projection variable beyond the clauses is free


def test_count_each_case_matches_brute_force_per_case() -> None:
    """One solver for every case, blocking clauses retired between cases: each count equals the brute-force
    count of the projected assignments under that case, None past the cap, and cases may repeat."""
    rng = random.Random(5)
    for _ in range(40):
        n = rng.randint(3, 7)
        clauses = [[v * rng.choice((1, -1)) for v in rng.sample(range(1, n + 1), rng.randint(1, 3))]
                   for _ in range(rng.randint(0, 2 * n))]
        projection = rng.sample(range(1, n + 2), rng.randint(0, n))  # n + 1 occurs in no clause: free
        cases = [[v * rng.choice((1, -1)) for v in rng.sample(range(1, n + 1), rng.randint(0, 2))] for _ in range(4)]
        cases.append(cases[0])
        models = [m for m in itertools.product((False, True), repeat=n + 1)
                  if all(any(m[abs(lit) - 1] == (lit > 0) for lit in c) for c in clauses)]
        want = [len({tuple(m[v - 1] for v in projection) for m in models
                     if all(m[abs(lit) - 1] == (lit > 0) for lit in case)}) for case in cases]
        assert list(count_each_case(clauses, projection, cases, cap=1000)) == want
        assert list(count_each_case(clauses, projection, cases, cap=1)) == [w if w <= 1 else None for w in want]
    assert list(count_each_case([[1], []], [1], [[], [1]], cap=5)) == [0, 0]


def test_a_gadget_past_the_enumeration_cap_is_counted_by_ganak() -> None:
    """A port that frees 4! permutation fillings: counted exactly past an enumeration cap of 10."""
    def build():
        cnf = _permutation_matrices(4)
        port = cnf.var("p")
        cnf.extend([[port, v] for v in cnf.projection])  # p false: every cell true, impossible
        return cnf, {"p": port}

    g = Gadget("permutations", ("p",), build, [(True,)], None)
    rep = check_gadget(g, enumeration_cap=10)
    assert rep.ok, rep.problems
    assert rep.fillings == {(False,): 0, (True,): 24}
