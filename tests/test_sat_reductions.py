"""The SAT-family reductions: sat -> 3sat -> 1in3sat -> positive-1in3sat and 3sat -> exact-3sat, each
parsimonious.

Every instance checked goes through :func:`check_parsimonious`: the target validates, has the size the
reduction's ``overhead`` states, is satisfiable iff the source is (CaDiCaL on both encodings), the forward
map sends each source solution (brute force) to a distinct target solution the target's checker accepts,
every target solution (all of them, enumerated) maps back to a source solution, and the counts agree
(brute force, enumeration, and Ganak on both encodings). Deliberately broken copies (the classic,
non-parsimonious constructions) must be caught by the same comparison.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence

import pytest

from gadgetry.core import InputError, compose
from gadgetry.core.problem import Problem
from gadgetry.core.reduction import Reduction
from gadgetry.core.sat import count_ganak, enumerate_projected, solve_clauses
from gadgetry.reductions.exact_3sat_from_3sat import ExactThreeSatFromThreeSat, pinning_clauses
from gadgetry.reductions.onein3sat_from_3sat import (
    PAIR,
    TRIPLE,
    UNIT,
    ClauseGadget,
    OneInThreeSatFromThreeSat,
    normalize,
)
from gadgetry.reductions.positive_1in3sat_from_1in3sat import (
    CONSTANT_VALUES,
    CONSTANTS,
    PositiveOneInThreeSatFromOneInThreeSat,
)
from gadgetry.reductions.threesat_from_sat import ThreeSatFromSat, aux_values, split_clause
from gadgetry.sources.sat import (
    ExactThreeSat,
    Formula,
    OneInThreeSat,
    PositiveOneInThreeSat,
    Sat,
    ThreeSat,
    value,
)
from gadgetry.verify.gadget import check_gadget

SAT, THREE_SAT, ONE_IN_THREE, POSITIVE = Sat(), ThreeSat(), OneInThreeSat(), PositiveOneInThreeSat()
EXACT = ExactThreeSat()
TO_3SAT = ThreeSatFromSat()
TO_EXACT = ExactThreeSatFromThreeSat()
TO_1IN3 = OneInThreeSatFromThreeSat()
TO_POSITIVE = PositiveOneInThreeSatFromOneInThreeSat()
PROBLEMS = {p.name: p for p in (SAT, THREE_SAT, ONE_IN_THREE, POSITIVE, EXACT)}
ALL = [TO_3SAT, TO_1IN3, TO_POSITIVE, TO_EXACT]


# -- the comparison ---------------------------------------------------------------------------------
def all_solutions(problem: Problem, instance: Formula) -> list[tuple[bool, ...]]:
    """Every solution through the problem's CNF encoding, by enumeration over its projection."""
    enc = problem.encode(instance)
    return [enc.decode(lambda v, t=true: v in t)
            for true in enumerate_projected(enc.cnf.nvars, enc.cnf.clauses, enc.cnf.projection)]


def ganak(problem: Problem, instance: Formula) -> int:
    enc = problem.encode(instance)
    return count_ganak(enc.cnf.nvars, enc.cnf.clauses, enc.cnf.projection)


def satisfiable(problem: Problem, instance: Formula) -> bool:
    return solve_clauses(problem.encode(instance).cnf.clauses) is not None


def check_parsimonious(red: Reduction, f: Formula, *, use_ganak: bool, brute_target: int = 0) -> None:
    """The comparison; the target's solutions are also brute-forced when it has at most ``brute_target``
    variables."""
    src, tgt = PROBLEMS[red.source], PROBLEMS[red.target]
    t = red.reduce(f)
    assert red.reduce(f) == t, "reduce is not deterministic"
    tgt.validate(t)
    if red.overhead(f) is not None:
        assert tgt.size(t) == red.overhead(f), f"overhead of {f}"
    assert satisfiable(src, f) == satisfiable(tgt, t), f"satisfiability differs on {f}"
    source_solutions = list(src.brute_force(f))
    target_solutions = all_solutions(tgt, t)
    assert len(target_solutions) == len(source_solutions), f"counts differ on {f}"
    if use_ganak:
        assert ganak(src, f) == ganak(tgt, t) == len(source_solutions), f"Ganak counts differ on {f}"
    if t.variables <= brute_target:
        assert sorted(tgt.brute_force(t)) == sorted(target_solutions), "target encoding vs brute force"
    images = [red.forward(f, t, x) for x in source_solutions]
    for x, y in zip(source_solutions, images):
        assert tgt.check(t, y), f"forward image of {x} fails the target checker on {f}: {tgt.check(t, y)}"
        assert red.backward(f, t, y) == x, "backward(forward(x)) != x"
    assert len(set(images)) == len(images), "two source solutions forward to one target solution"
    for y in target_solutions:
        assert tgt.check(t, y)
        assert src.check(f, red.backward(f, t, y)), f"backward image of {y} fails the source checker on {f}"
    assert set(target_solutions) == set(images)


# -- instances --------------------------------------------------------------------------------------
def random_cnf(rng: random.Random, n: int, m: int, widths: Sequence[int], planted: bool) -> Formula:
    """Clauses of the given widths with literals drawn with replacement (repeats and tautologies occur);
    with ``planted``, a random assignment satisfies every clause."""
    a = tuple(rng.random() < 0.5 for _ in range(n))
    clauses = []
    for _ in range(m):
        clause = [rng.choice((1, -1)) * rng.randint(1, n) for _ in range(rng.choice(widths))]
        if planted and not any(value(a, lit) for lit in clause):
            i = rng.randrange(len(clause))
            clause[i] = -clause[i]
        clauses.append(tuple(clause))
    return Formula(n, tuple(clauses))


def random_one_in_three(rng: random.Random, n: int, m: int, planted: bool) -> Formula:
    """1-in-3 clauses of one to three literals on distinct variables; with ``planted``, exactly one literal
    of each clause is true under a random assignment."""
    a = tuple(rng.random() < 0.5 for _ in range(n))
    clauses = []
    for _ in range(m):
        vars_ = rng.sample(range(1, n + 1), rng.randint(1, min(3, n)))
        if planted:
            true = rng.randrange(len(vars_))
            clause = tuple(v if a[v - 1] == (i == true) else -v for i, v in enumerate(vars_))
        else:
            clause = tuple(rng.choice((1, -1)) * v for v in vars_)
        clauses.append(clause)
    return Formula(n, tuple(clauses))


def generated(problem: Problem, seed: int, mode: str | None) -> Formula:
    rng = random.Random(seed)
    params = {"variables": rng.randint(3, 7), "clauses": rng.randint(1, 9)}
    return problem.generate(params, rng, mode).instance


def sat_instances(count: int) -> Iterator[Formula]:
    for seed in range(count):
        rng = random.Random(1000 + seed)
        yield random_cnf(rng, rng.randint(1, 7), rng.randint(1, 7), range(1, 9), planted=seed % 2 == 0)


def three_sat_instances(count: int) -> Iterator[Formula]:
    for seed in range(count):
        rng = random.Random(2000 + seed)
        if seed % 4 == 3:
            yield generated(THREE_SAT, seed, "planted")
        elif seed % 4 == 2:
            yield generated(THREE_SAT, seed, None)
        else:
            yield random_cnf(rng, rng.randint(1, 6), rng.randint(1, 7), (1, 2, 3, 3), planted=seed % 4 == 0)


def one_in_three_instances(count: int) -> Iterator[Formula]:
    for seed in range(count):
        rng = random.Random(3000 + seed)
        if seed % 4 == 3:
            yield generated(ONE_IN_THREE, seed, "planted")
        elif seed % 4 == 2:
            yield generated(ONE_IN_THREE, seed, None)
        else:
            yield random_one_in_three(rng, rng.randint(1, 7), rng.randint(1, 7), planted=seed % 4 == 0)


RANDOM = [(TO_3SAT, sat_instances), (TO_1IN3, three_sat_instances), (TO_POSITIVE, one_in_three_instances),
          (TO_EXACT, three_sat_instances)]


@pytest.mark.parametrize(("red", "instances"), RANDOM, ids=[r.name for r, _ in RANDOM])
def test_random_and_planted_instances(red: Reduction, instances) -> None:
    formulas = list(instances(200))
    assert sum(satisfiable(PROBLEMS[red.source], f) for f in formulas) >= 80, "too few YES instances"
    assert sum(not satisfiable(PROBLEMS[red.source], f) for f in formulas) >= 5, "too few NO instances"
    for f in formulas:
        check_parsimonious(red, f, use_ganak=True)


@pytest.mark.parametrize("red", ALL, ids=lambda r: r.name)
def test_exhaustive_tiny_sources(red: Reduction) -> None:
    src = PROBLEMS[red.source]
    for f in src.exhaustive(src.resolve_params({}, exhaustive=True)):
        check_parsimonious(red, f, use_ganak=False, brute_target=12)


@pytest.mark.slow
@pytest.mark.parametrize("red", ALL, ids=lambda r: r.name)
def test_exhaustive_larger_sources_with_ganak(red: Reduction) -> None:
    src = PROBLEMS[red.source]
    for f in src.exhaustive(src.resolve_params({"variables": 4, "clauses": 2}, exhaustive=True)):
        check_parsimonious(red, f, use_ganak=True)


def test_every_wide_clause_over_few_variables() -> None:
    """Sat's own exhaustive mode stops at width 3; here every single clause of width 4 over two variables
    and every sorted clause of width 4 to 6 over three variables (repeats and tautologies included)."""
    lits2, lits3 = (1, -1, 2, -2), (1, -1, 2, -2, 3, -3)
    clauses = [*itertools.product(lits2, repeat=4),
               *(c for k in (4, 5, 6) for c in itertools.combinations_with_replacement(lits3, k))]
    for clause in clauses:
        n = max(abs(lit) for lit in clause)
        check_parsimonious(TO_3SAT, Formula(n, (clause,)), use_ganak=False, brute_target=12)
        check_parsimonious(TO_3SAT, Formula(n, (clause, tuple(-lit for lit in clause[:2]))), use_ganak=False)


def test_the_chain_sat_to_positive_is_parsimonious() -> None:
    chain = compose([TO_3SAT, TO_1IN3, TO_POSITIVE])
    for f in sat_instances(40):
        t = chain.reduce(f)
        POSITIVE.validate(t)
        assert all(len(c) == 3 for c in t.clauses)
        source_solutions = list(SAT.brute_force(f))
        images = {chain.forward(f, t, x) for x in source_solutions}
        assert all(POSITIVE.check(t, y) for y in images)
        target_solutions = all_solutions(POSITIVE, t)
        assert set(target_solutions) == images and len(images) == len(source_solutions)
        assert {chain.backward(f, t, y) for y in target_solutions} == set(source_solutions)


@pytest.mark.parametrize("red", ALL, ids=lambda r: r.name)
def test_example(red: Reduction) -> None:
    f, x = red.example()
    src, tgt = PROBLEMS[red.source], PROBLEMS[red.target]
    assert src.check(f, x)
    t = red.reduce(f)
    assert tgt.check(t, red.forward(f, t, x))
    assert red.backward(f, t, red.forward(f, t, x)) == x
    check_parsimonious(red, f, use_ganak=True)


@pytest.mark.parametrize("red", ALL, ids=lambda r: r.name)
def test_verify_params_generate_sources(red: Reduction) -> None:
    src = PROBLEMS[red.source]
    for params in red.verify_params:
        for seed in range(5):
            f = src.generate(src.resolve_params(params), random.Random(seed), "planted").instance
            check_parsimonious(red, f, use_ganak=False)


def test_malformed_sources_are_refused() -> None:
    with pytest.raises(InputError):
        TO_3SAT.reduce(Formula(2, ((1, 3),)))
    with pytest.raises(InputError):
        TO_1IN3.reduce(Formula(3, ((1, 2, 3, -1),)))
    with pytest.raises(InputError):
        TO_POSITIVE.reduce(Formula(3, ((1, -1, 2),)))
    with pytest.raises(InputError):
        TO_EXACT.reduce(Formula(4, ((1, 2, 3, 4),)))


# -- gadget checks ----------------------------------------------------------------------------------
@pytest.mark.parametrize("k", range(4, 10))
def test_split_clause_defines_its_auxiliaries(k: int) -> None:
    """For each assignment of k distinct literals: one extension (the stated one) if some literal holds,
    none otherwise."""
    clause = tuple(i if i % 2 else -i for i in range(1, k + 1))
    pieces = split_clause(clause, k + 1)
    assert all(len(c) <= 3 for c in pieces)
    for ports in itertools.product((False, True), repeat=k):
        holds = any(value(ports, lit) for lit in clause)
        ext = [aux for aux in itertools.product((False, True), repeat=k - 3)
               if all(any(value(ports + aux, lit) for lit in c) for c in pieces)]
        assert ext == ([tuple(aux_values(clause, ports))] if holds else [])


def extensions(gadget: ClauseGadget, ports: Sequence[bool]) -> list[tuple[bool, ...]]:
    """Every auxiliary assignment satisfying all the gadget's 1-in-3 clauses given the ports' values."""
    out = []
    for aux in itertools.product((False, True), repeat=gadget.aux):
        values = (*ports, *aux)
        if all(sum(values[abs(g) - 1] == (g > 0) for g in clause) == 1 for clause in gadget.clauses):
            out.append(aux)
    return out


@pytest.mark.parametrize("gadget", [UNIT, PAIR, TRIPLE], ids=["unit", "pair", "triple"])
def test_clause_gadget_extension_table(gadget: ClauseGadget) -> None:
    """By enumeration: one extension (the stated one) per satisfying port assignment, none otherwise."""
    for ports in itertools.product((False, True), repeat=gadget.ports):
        assert extensions(gadget, ports) == ([gadget.define(ports)] if any(ports) else []), ports


@pytest.mark.parametrize("red", ALL, ids=lambda r: r.name)
def test_gadgets_pass_the_gadget_check(red: Reduction) -> None:
    gadgets = red.gadgets()
    assert gadgets
    for gadget in gadgets:
        report = check_gadget(gadget)
        assert report.ok, (gadget.name, report.problems)


def test_triple_gadget_table_as_documented() -> None:
    table = {ports: "".join(str(int(v)) for v in TRIPLE.define(ports))
             for ports in itertools.product((False, True), repeat=3) if any(ports)}
    documented = ["10000", "01000", "01001", "00100", "00101", "00010", "00011"]
    assert list(table.values()) == documented


def test_normalize() -> None:
    assert normalize((3, 3, -4)) == (3, -4)
    assert normalize((1, -1, 4)) is None
    assert normalize((2, 2, 2)) == (2,)


def test_pinning_clauses_leave_only_all_false() -> None:
    zs = (4, 5, 6)
    clauses = pinning_clauses(zs)
    assert len(clauses) == 7 == len(set(clauses))
    sols = [a for a in itertools.product((False, True), repeat=3)
            if all(any(a[abs(lit) - 4] == (lit > 0) for lit in c) for c in clauses)]
    assert sols == [(False, False, False)]


def test_constants_gadget_is_forced() -> None:
    sols = [a for a in itertools.product((False, True), repeat=4)
            if all(sum(a[v - 1] for v in c) == 1 for c in CONSTANTS)]
    assert sols == [CONSTANT_VALUES]


# -- broken copies must be caught -------------------------------------------------------------------
def _first_extension(ports: Sequence[bool]) -> tuple[bool, ...]:
    ext = extensions(SCHAEFER, ports)
    return ext[0] if ext else (False,) * SCHAEFER.aux


#: Schaefer's classic gadget R(-x,a,b), R(b,y,c), R(c,d,-z): not parsimonious.
SCHAEFER = ClauseGadget(3, 4, ((-1, 4, 5), (5, 2, 6), (6, 7, -3)), _first_extension)


class SchaeferOneInThree(OneInThreeSatFromThreeSat):
    clause_gadgets = {**OneInThreeSatFromThreeSat.clause_gadgets, 3: SCHAEFER}

    def overhead(self, source: Formula) -> None:
        return None


class KarpClassic(ThreeSatFromSat):
    """The classic chain: the converse binary clauses defining the auxiliaries are left out."""

    def reduce(self, source: Formula) -> Formula:
        t = super().reduce(source)
        keep = tuple(c for c in t.clauses if not (len(c) == 2 and max(map(abs, c)) > source.variables))
        return Formula(t.variables, keep)

    def overhead(self, source: Formula) -> None:
        return None


class UnpinnedPadding(ExactThreeSatFromThreeSat):
    """Leaves out the pinning clause that rules out z1 = z2 = z3 = true, so padded clauses can be satisfied
    by the padding."""

    def reduce(self, source: Formula) -> Formula:
        t = super().reduce(source)
        if t.variables == source.variables:
            return t
        all_true = tuple(range(source.variables + 1, source.variables + 4))
        return Formula(t.variables, tuple(c for c in t.clauses if c != tuple(-z for z in all_true)))

    def overhead(self, source: Formula) -> None:
        return None


class LooseConstants(PositiveOneInThreeSatFromOneInThreeSat):
    """Drops the third constants clause, so the constants are no longer forced."""

    def reduce(self, source: Formula) -> Formula:
        t = super().reduce(source)
        return Formula(t.variables, t.clauses[:2] + t.clauses[3:])

    def overhead(self, source: Formula) -> None:
        return None


def test_schaefer_gadget_extension_counts() -> None:
    counts = [len(extensions(SCHAEFER, p)) for p in itertools.product((False, True), repeat=3)]
    assert counts == [0, 1, 1, 1, 1, 2, 1, 1]
    reports = {g.name: check_gadget(g) for g in SchaeferOneInThree().gadgets()}
    assert not reports["triple"].ok and reports["pair"].ok
    assert reports["triple"].fillings[(True, False, True)] == 2


@pytest.mark.parametrize(("broken", "instances"),
                         [(KarpClassic(), sat_instances), (SchaeferOneInThree(), three_sat_instances),
                          (LooseConstants(), one_in_three_instances), (UnpinnedPadding(), three_sat_instances)],
                         ids=["karp-classic", "schaefer", "loose-constants", "unpinned-padding"])
def test_broken_copies_are_caught_by_counts(broken: Reduction, instances) -> None:
    src, tgt = PROBLEMS[broken.source], PROBLEMS[broken.target]
    mismatches = [f for f in instances(40) if ganak(src, f) != ganak(tgt, broken.reduce(f))]
    assert len(mismatches) >= 5
    smallest = min(mismatches, key=lambda f: sum(map(len, f.clauses)))
    with pytest.raises(AssertionError, match="counts differ"):
        check_parsimonious(broken, smallest, use_ganak=True)
