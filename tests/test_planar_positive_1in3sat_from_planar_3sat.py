"""Planar 3SAT -> planar positive 1-in-3SAT (Laroche 1993; Mulzer & Rote 2008): each clause gadget and the
constant gadget by exhaustion and drawn without crossings, every target a valid rectilinear embedding, the
solution maps and counts against brute force, ``verify`` PASS, a copy with a gadget clause dropped caught,
and the chains from 3SAT to Pips, Strands and Hamiltonian cycle found."""

from __future__ import annotations

import itertools
import random

import pytest

from gadgetry.core import registry
from gadgetry.reductions.planar_positive_1in3sat_from_planar_3sat import (
    CLAUSE_GADGETS,
    CONSTANT,
    ClauseGadget,
    PlanarPositiveOneInThreeSatFromPlanarThreeSat,
    build,
    filling,
    frame,
)
from gadgetry.sources.planar_sat import (
    PlanarFormula,
    PlanarPositiveOneInThreeSat,
    PlanarThreeSat,
    _relation,
    check_planar,
    check_rectilinear,
)
from gadgetry.verify.gadget import check_gadget
from gadgetry.verify.protocol import FAIL, PASS, Limits, verify_reduction
from test_planar_3sat import all_solutions, ganak

SOURCE = PlanarThreeSat()
TARGET = PlanarPositiveOneInThreeSat()
RED = PlanarPositiveOneInThreeSatFromPlanarThreeSat()


def zone_fillings(gadget: ClauseGadget, literals: tuple[bool, ...]) -> list[tuple[bool, ...]]:
    """Every assignment of all frame positions with the ports given by ``literals`` that makes each clause
    of ``gadget`` have exactly one true position, by brute force over all positions."""
    ports, zones = frame(gadget.width, gadget.zones)
    size = max(ports + [p for z in zones for p in z]) + 1
    want = {p: lit != neg for p, lit, neg in zip(ports, literals, gadget.negated)}
    return [tuple(v for p, v in enumerate(values) if p not in want)
            for values in itertools.product((False, True), repeat=size)
            if all(values[p] == b for p, b in want.items())
            and all(sum(values[p] for p in ps) == 1 for ps, _ in gadget.clauses)]


# -- the gadgets ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("width", [1, 2, 3])
def test_clause_gadget_by_exhaustion(width: int) -> None:
    """One filling exactly when a literal is true, none otherwise, and it is :func:`filling`'s."""
    gadget = CLAUSE_GADGETS[width]
    for literals in itertools.product((False, True), repeat=width):
        found = zone_fillings(gadget, literals)
        assert len(found) == any(literals), (literals, found)
        if found:
            assert found == [filling(width, literals)]
    assert check_gadget(RED.gadgets()[width - 1]).ok


@pytest.mark.parametrize("width", [1, 2, 3])
def test_clause_gadget_is_drawn_in_its_frame(width: int) -> None:
    """Clauses on the clause's own side do not cross; those on the other side stay within one zone."""
    gadget = CLAUSE_GADGETS[width]
    _ports, zones = frame(width, gadget.zones)
    for side in "SO":
        mine = [ps for ps, s in gadget.clauses if s == side]
        assert all(_relation(a, b) != "cross" for a, b in itertools.combinations(mine, 2))
    assert all(any(set(ps) <= set(z) for z in zones) for ps, s in gadget.clauses if s == "O")


@pytest.mark.parametrize("width", [1, 2, 3])
def test_every_gadget_clause_is_needed(width: int) -> None:
    gadget = CLAUSE_GADGETS[width]
    for k in range(len(gadget.clauses)):
        less = ClauseGadget(gadget.negated, gadget.zones, gadget.clauses[:k] + gadget.clauses[k + 1:])
        counts = [len(zone_fillings(less, lits)) for lits in itertools.product((False, True), repeat=width)]
        assert counts != [int(any(lits)) for lits in itertools.product((False, True), repeat=width)], k


def test_constant_gadget_by_exhaustion() -> None:
    sols = [v for v in itertools.product((False, True), repeat=4)
            if all(sum(v[p] for p in ps) == 1 for ps, _ in CONSTANT)]
    assert sols == [(True, False, False, False)]
    assert check_gadget(RED.gadgets()[-1]).ok


# -- the reduction -------------------------------------------------------------------------------------
def sources(count: int):
    for seed in range(count):
        rng = random.Random(seed)
        mode = (None, "planted", "unsat")[seed % 3]
        params = {"variables": rng.randint(1, 6), "clauses": rng.randint(0, 9)}
        if mode == "unsat":
            params = SOURCE.mode_params["unsat"]
        yield SOURCE.generate(SOURCE.resolve_params(params), rng, mode).instance
    yield RED.example()[0]


def test_targets_validate_and_solutions_correspond() -> None:
    unsat = 0
    for f in sources(24):
        t = RED.reduce(f)
        TARGET.validate(t)  # exactly three positive literals, rectilinear and planar
        check_rectilinear(t)
        check_planar(t)
        assert RED.reduce(f) == t and TARGET.size(t) == RED.overhead(f)
        src = list(SOURCE.brute_force(f))
        unsat += not src
        images = [RED.forward(f, t, x) for x in src]
        assert all(TARGET.check(t, y) for y in images) and len(set(images)) == len(images)
        assert [RED.backward(f, t, y) for y in images] == src
        assert ganak(TARGET, t) == len(src)
        assert sorted(all_solutions(TARGET, t)) == sorted(images)
    assert unsat >= 5


def test_every_small_embedded_source_counts_the_same() -> None:
    """Every planar 3SAT instance on up to 3 variables with up to 2 clauses (each side, each nesting): the
    drawing checked by the sweep (networkx's planarity test, slower, runs on the random sources above)."""
    seen = 0
    for f in SOURCE.exhaustive(SOURCE.resolve_params({}, exhaustive=True)):
        t = RED.reduce(f)
        assert all(len(set(c)) == 3 and min(c) > 0 for c in t.formula.clauses)
        check_rectilinear(t)
        assert len(all_solutions(TARGET, t)) == len(list(SOURCE.brute_force(f)))
        seen += 1
    assert seen > 1000


def test_large_source_stays_valid() -> None:
    f = SOURCE.generate(SOURCE.resolve_params({"variables": 40, "clauses": 150}), random.Random(2)).instance
    t = RED.reduce(f)
    TARGET.validate(t)
    assert TARGET.size(t) == RED.overhead(f)


@pytest.mark.slow
def test_verify_passes() -> None:
    """The reduction's own verify on another seed (the quick run's is tests/test_verify_all.py's)."""
    rep = verify_reduction(RED, instances=15, seed=3, limits=Limits(seconds=120))
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]
    assert any(r.source_count for r in rep.instances) and any(r.source_count == 0 for r in rep.instances)


def test_a_broken_copy_fails() -> None:
    """A clause gadget with a clause dropped is caught by verify."""
    g = CLAUSE_GADGETS[3]
    broken_gadgets = {**CLAUSE_GADGETS, 3: ClauseGadget(g.negated, g.zones, g.clauses[1:])}

    class DropsAGadgetClause(PlanarPositiveOneInThreeSatFromPlanarThreeSat):
        name = "broken-planar-positive-1in3sat-from-planar-3sat"

        def reduce(self, source: PlanarFormula) -> PlanarFormula:
            return build(source, broken_gadgets)[0]

        def overhead(self, source):
            return None

    rep = verify_reduction(DropsAGadgetClause(), instances=15, seed=3, limits=Limits(seconds=120))
    assert rep.verdict == FAIL


def test_chains_from_3sat_reach_pips_strands_and_hamiltonian_cycle() -> None:
    via = ["planar-3sat-from-3sat", "planar-positive-1in3sat-from-planar-3sat"]
    assert [r.name for r in registry.path("planar-3sat", "planar-positive-1in3sat")] == via[1:]
    for target in ("pips", "strands", "hamiltonian-cycle"):
        names = [r.name for r in registry.path("3sat", target)]
        assert names[:2] == via and names[-1].endswith("-from-planar-positive-1in3sat"), names
    assert [r.name for r in registry.path("sat", "pips")][:3] == ["3sat-from-sat", *via]


def test_a_cnf_reaches_planar_positive_1in3sat_with_its_count(capsys) -> None:
    """SAT -> 3SAT -> planar 3SAT -> planar positive 1-in-3SAT, counted by Ganak against brute force; the
    command line prints the chains to the puzzles."""
    from gadgetry.cli import main
    from gadgetry.sources.sat import Formula, Sat

    f = Formula(4, ((1, -2, 3, 4), (-1, -3)))
    chain = registry.reduction("3sat-from-sat,planar-3sat-from-3sat,planar-positive-1in3sat-from-planar-3sat")
    t = chain.reduce(f)
    check_rectilinear(t)  # thousands of variables: networkx's planarity test is left to smaller targets
    assert ganak(TARGET, t) == len(list(Sat().brute_force(f)))
    for target in ("pips", "strands", "hamiltonian-cycle"):
        assert main(["path", "3sat", target]) == 0
        assert "planar-positive-1in3sat-from-planar-3sat" in capsys.readouterr().out
