"""Planar 3SAT with its variables on a line (source problem) and 3SAT -> planar 3SAT (Lichtenstein 1982):
the sweep check against the pairwise one, the source's modes and counts against brute force, the SWAP
gadget by exhaustive check, and the reduction by solution maps and counts (Ganak and enumeration; its
``verify`` is tests/test_verify_all.py's); a copy with one SWAP clause forgotten is caught."""

from __future__ import annotations

import contextlib
import itertools
import random

import pytest

from gadgetry.core import InputError
from gadgetry.core.envelope import instance_document, read_instance
from gadgetry.core.registry import reduction
from gadgetry.core.sat import count_ganak, enumerate_projected
from gadgetry.reductions.planar_3sat_from_3sat import (
    SWAP,
    PlanarThreeSatFromThreeSat,
    plan,
    swap_gadget,
    swap_holds,
    swap_interior,
)
from gadgetry.sources.planar_sat import (
    SIDES,
    PlanarFormula,
    PlanarThreeSat,
    _containers,
    _relation,
    check_rectilinear,
    heights,
    is_monotone,
    legs_of,
    render,
)
from gadgetry.sources.sat import Formula, Sat, ThreeSat
from gadgetry.verify.gadget import check_gadget

P = PlanarThreeSat()
THREE_SAT = ThreeSat()
RED = PlanarThreeSatFromThreeSat()


def ganak(problem, instance) -> int:
    enc = problem.encode(instance).cnf
    return count_ganak(enc.nvars, enc.clauses, enc.projection)


def all_solutions(problem, instance) -> list[tuple[bool, ...]]:
    enc = problem.encode(instance)
    return [enc.decode(lambda v, t=true: v in t)
            for true in enumerate_projected(enc.cnf.nvars, enc.cnf.clauses, enc.cnf.projection)]


# -- geometry ------------------------------------------------------------------------------------------
def pairwise_ok(legs, sides, levels) -> bool:
    """The definition, pair by pair: disjoint, or nested in one gap with a strictly smaller level."""
    for i, j in itertools.combinations(range(len(legs)), 2):
        if sides[i] == sides[j]:
            rel = _relation(legs[i], legs[j])
            if rel == "cross" or (rel == "a-inside-b" and levels[i] >= levels[j]) or \
                    (rel == "b-inside-a" and levels[j] >= levels[i]):
                return False
    return True


@contextlib.contextmanager
def _show(*what):
    try:
        yield
    except BaseException:
        print(what)
        raise


def test_sweep_agrees_with_the_pairwise_definition() -> None:
    """Random families of one- to three-legged clauses on few positions (crossing ones included): the sweep
    finds no crossing exactly when the pairwise definition finds none, and its least levels satisfy it."""
    rng = random.Random(5)
    for _ in range(3000):
        n, m = rng.randint(1, 7), rng.randint(1, 6)
        clauses = [tuple(rng.sample(range(1, n + 1), rng.randint(1, min(3, n)))) for _ in range(m)]
        sides = [rng.choice(SIDES) for _ in range(m)]
        order = tuple(rng.sample(range(1, n + 1), n))
        legs = legs_of(order, clauses)
        crossing = any(sides[i] == sides[j] and _relation(legs[i], legs[j]) == "cross"
                       for i, j in itertools.combinations(range(m), 2))
        assert (_containers(legs, sides) is None) == crossing, (order, clauses, sides)
        if not crossing:
            assert pairwise_ok(legs, sides, heights(order, clauses, sides))
            bad = list(heights(order, clauses, sides))
            nested = [j for j, c in _containers(legs, sides) if c is not None]
            if nested:
                bad[nested[0]] = 10 ** 6  # a nested clause above its container
                with pytest.raises(InputError, match="is nested inside"), _show(order, clauses, sides, bad):
                    check_rectilinear(PlanarFormula(Formula(n, tuple(clauses)), order, tuple(sides), tuple(bad)))


def test_short_clauses_nest_by_their_legs() -> None:
    order = (1, 2, 3, 4)
    # A three-legged clause under a two-legged one on the same ends; a lone leg at a clause's end is beside it.
    clauses, sides = [(1, 4), (1, -2, 4), (-1,), (4,), (3,)], ["below"] * 5
    lv = heights(order, clauses, sides)
    assert lv[0] > lv[1] > lv[4] and lv[2] == lv[3] == 1
    P.validate(PlanarFormula(Formula(4, tuple(clauses)), order, tuple(sides), lv))
    with pytest.raises(InputError, match="planar-3sat: clauses 1 and 2 cross above"):
        P.validate(PlanarFormula(Formula(4, ((1, 3), (2, 4))), order, ("above", "above"), (1, 1)))
    with pytest.raises(InputError, match="repeats a variable"):
        P.validate(PlanarFormula(Formula(2, ((1, -1),)), (1, 2), ("above",), (1,)))
    assert render(PlanarFormula(Formula(4, tuple(clauses)), order, tuple(sides), lv)).splitlines()[0] == "1   2 3 4"


# -- the source problem ------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", [None, "planted", "unsat", "unique", *P.edge_cases])
def test_generated_instances_validate_and_modes_hold(mode) -> None:
    params = P.resolve_params(P.mode_params.get(mode or "", {}))
    for seed in range(12):
        g = P.generate(params, random.Random(seed), mode)
        P.validate(g.instance)
        solutions = list(P.brute_force(g.instance))
        assert ganak(P, g.instance) == len(solutions) == ganak(THREE_SAT, g.instance.formula)
        if mode == "planted":
            assert P.check(g.instance, g.planted)
        elif mode == "unsat":
            assert not solutions
        elif mode == "unique":
            assert solutions == [g.planted]
        elif mode is not None:
            assert mode in P.structures(g.instance)


def test_exhaustive_and_json() -> None:
    instances = list(P.exhaustive(P.resolve_params({}, exhaustive=True)))
    assert len(instances) > 1000 and any(not list(P.brute_force(x)) for x in instances)
    for x in instances[::50]:
        P.validate(x)
        doc = instance_document(P, x)
        assert read_instance(P, {k: v for k, v in doc.items() if k not in ("problem", "version")}) == x


def test_monotone_predicate() -> None:
    f = Formula(4, ((1, 2, 4), (-2, -3), (3,)))
    lv = heights((1, 2, 3, 4), f.clauses, ("above", "below", "above"))
    assert is_monotone(PlanarFormula(f, (1, 2, 3, 4), ("above", "below", "above"), lv))
    assert not is_monotone(PlanarFormula(f, (1, 2, 3, 4), ("below", "below", "above"), lv))


# -- the SWAP gadget -----------------------------------------------------------------------------------
def test_swap_gadget_by_exhaustion() -> None:
    """Over all 2^8 assignments: solutions exactly v_out = v_in, u_out = u_in, one interior each."""
    sols = [a for a in itertools.product((False, True), repeat=8) if swap_holds(a)]
    assert sorted((a[0], a[1], a[6], a[7]) for a in sols) == [(v, u, v, u) for v in (0, 1) for u in (0, 1)]
    assert all(a[2:6] == swap_interior(a[0], a[1]) for a in sols)
    assert check_gadget(swap_gadget()).ok


def test_a_swap_clause_forgotten_is_caught() -> None:
    for k in range(len(SWAP)):
        rest = SWAP[:k] + SWAP[k + 1:]
        fillings = {(v, u, vo, uo): sum(all(any(a[p] == (s > 0) for p, s in zip(ps, sg)) for ps, sg, _ in rest)
                                        for inner in itertools.product((False, True), repeat=4)
                                        for a in [(v, u, *inner, vo, uo)])
                    for v, u, vo, uo in itertools.product((False, True), repeat=4)}
        assert fillings != {p: int(p[:2] == p[2:]) for p in fillings}, f"SWAP clause {k} is redundant"


# -- the reduction -------------------------------------------------------------------------------------
def sources(count: int):
    for seed in range(count):
        rng = random.Random(seed)
        mode = (None, "planted", "unsat")[seed % 3]
        params = {"variables": rng.randint(1, 5), "clauses": rng.randint(0, 7)}
        if mode == "unsat":
            params = THREE_SAT.mode_params["unsat"]
        yield THREE_SAT.generate(THREE_SAT.resolve_params(params), rng, mode).instance
    # repeated literals, tautologies and short clauses
    yield Formula(3, ((1, 1, -2), (2, -2, 3), (-3,), (1, 3)))


def test_reduction_maps_and_counts() -> None:
    checked = 0
    for f in sources(16):
        t = RED.reduce(f)
        P.validate(t)  # a valid rectilinear embedding, and planar
        assert RED.reduce(f) == t and P.size(t) == RED.overhead(f)
        src = list(THREE_SAT.brute_force(f))
        images = [RED.forward(f, t, x) for x in src]
        assert all(P.check(t, y) for y in images) and len(set(images)) == len(images)
        assert [RED.backward(f, t, y) for y in images] == src
        if t.formula.variables <= 1500:
            target = all_solutions(P, t)
            assert set(target) == set(images) and len(target) == len(src)
            checked += 1
        assert ganak(P, t) == len(src)
    assert checked >= 8


def test_swaps_are_at_most_three_per_clause_variable() -> None:
    for f in sources(12):
        _used, steps = plan(f)
        assert sum(s.kind == "swap" for s in steps) <= 3 * f.variables * max(1, len(f.clauses))


def test_gadgets_and_example() -> None:
    assert all(check_gadget(g).ok for g in RED.gadgets())
    f, x = RED.example()
    t = RED.reduce(f)
    assert P.check(t, RED.forward(f, t, x)) and ganak(P, t) == len(list(THREE_SAT.brute_force(f)))


def test_a_broken_copy_miscounts() -> None:
    """A SWAP gadget clause dropped is caught by counting (the reduction's own verify is
    tests/test_verify_all.py's)."""

    class ForgetsASwapClause(PlanarThreeSatFromThreeSat):
        name = "broken-planar-3sat-from-3sat"

        def reduce(self, source):
            t = super().reduce(source)
            keep = [i for i, c in enumerate(t.formula.clauses) if len(c) != 3 or i % 7]
            return PlanarFormula(Formula(t.formula.variables, tuple(t.formula.clauses[i] for i in keep)),
                                 t.order, tuple(t.sides[i] for i in keep), tuple(t.levels[i] for i in keep))

        def overhead(self, source):
            return None

    broken = ForgetsASwapClause()
    caught = [f for f in sources(12) if ganak(P, broken.reduce(f)) != len(list(THREE_SAT.brute_force(f)))]
    assert len(caught) >= 3


def test_the_chain_from_sat_reaches_planar_3sat() -> None:
    chain = reduction("3sat-from-sat,planar-3sat-from-3sat")
    f = Formula(4, ((1, -2, 3, 4), (-1, -3), (2, 3, -4, 1)))
    t = chain.reduce(f)
    P.validate(t)
    assert ganak(P, t) == len(list(Sat().brute_force(f))) == 10


def test_path_from_any_cnf_finds_the_chain() -> None:
    from gadgetry.core import registry

    assert [r.name for r in registry.path("3sat", "planar-3sat")] == ["planar-3sat-from-3sat"]
    assert [r.name for r in registry.path("sat", "planar-3sat")] == ["3sat-from-sat", "planar-3sat-from-3sat"]
