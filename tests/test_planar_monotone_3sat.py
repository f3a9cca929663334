"""Planar rectilinear monotone 3SAT (de Berg & Khosravi 2010) and planar 3SAT -> it: the source's monotone
check and generator modes, the SPLIT gadget, every split target a valid monotone drawing with the source's
count (against brute force), ``verify`` PASS, a copy with a SPLIT clause dropped caught, and the chain from
3SAT found."""

from __future__ import annotations

import random

import pytest

from gadgetry.core import InputError, registry
from gadgetry.reductions.planar_monotone_3sat_from_planar_3sat import (
    SPLIT,
    PlanarMonotoneThreeSatFromPlanarThreeSat,
    build,
    extend,
    split_gadget,
    wrong_legs,
)
from gadgetry.sources.planar_sat import (
    PlanarFormula,
    PlanarMonotoneThreeSat,
    PlanarThreeSat,
    check_planar,
    is_monotone,
    render,
)
from gadgetry.sources.sat import Formula
from gadgetry.verify.gadget import check_gadget
from gadgetry.verify.protocol import FAIL, PASS, Limits, verify_reduction
from test_planar_3sat import all_solutions

SOURCE = PlanarThreeSat()
TARGET = PlanarMonotoneThreeSat()
RED = PlanarMonotoneThreeSatFromPlanarThreeSat()


def test_a_mixed_clause_is_refused_with_one_line() -> None:
    f = Formula(3, ((1, -2, 3),))
    inst = PlanarFormula(f, (1, 2, 3), ("above",), (1,))
    SOURCE.validate(inst)
    with pytest.raises(InputError, match="^planar-monotone-3sat: clause 1 is drawn above the line but is not "
                                         "all positive$"):
        TARGET.validate(inst)
    TARGET.validate(PlanarFormula(Formula(3, ((-1, -2, -3),)), (1, 2, 3), ("below",), (1,)))


@pytest.mark.parametrize("mode", ["random", "planted", "unsat", "unique"])
def test_generator_modes_draw_monotone_drawings(mode: str) -> None:
    params = TARGET.mode_params.get(mode, {"variables": 6, "clauses": 8})
    for seed in range(3):
        g = TARGET.generate(params, random.Random(seed), None if mode == "random" else mode)
        TARGET.validate(g.instance)
        assert is_monotone(g.instance)
        count = len(list(TARGET.brute_force(g.instance)))
        assert count == {"unsat": 0, "unique": 1}.get(mode, count)
        if mode == "planted":
            assert TARGET.check(g.instance, g.planted).ok


def test_exhaustive_sources_are_the_monotone_planar_ones() -> None:
    params = {p.name: p.default for p in TARGET.exhaustive_params}
    mono = list(TARGET.exhaustive(params))
    assert mono == [i for i in SOURCE.exhaustive(params) if is_monotone(i)]
    assert any(len(i.formula.clauses) == 2 for i in mono)


def test_split_gadget_passes_its_check() -> None:
    assert check_gadget(split_gadget()).ok
    assert [side for _, _, side in SPLIT].count("above") == 2


def test_the_example_splits_three_times_at_variable_2() -> None:
    """Above the line, clause 1's middle leg at 2 goes to a = 4 and clause 2's leg, right of it, to b = 5,
    then split again (6, 7); below, clause 3's leg at 2 goes to 8 and nothing moves to 9."""
    source, solution = RED.example()
    target = RED.reduce(source)
    assert len(wrong_legs(source)) == 3 and is_monotone(target)
    assert target.order == (1, 2, 8, 9, 4, 5, 6, 7, 3)
    assert target.formula.clauses[:3] == ((1, 4, 3), (6, 3), (-1, -8))
    assert TARGET.check(target, RED.forward(source, target, solution)).ok
    assert "+" in render(target)


def test_every_split_target_is_monotone_planar_with_the_source_count() -> None:
    rng = random.Random(5)
    for _ in range(40):
        source = SOURCE.generate({"variables": rng.randint(1, 7), "clauses": rng.randint(0, 10)}, rng).instance
        target, made = build(source)
        TARGET.validate(target)
        check_planar(target)
        sols = list(SOURCE.brute_force(source))
        assert sorted(extend(s, made) for s in sols) == sorted(all_solutions(TARGET, target))


@pytest.mark.slow
def test_verify_passes() -> None:
    """The reduction's own verify on another seed (the quick run's is tests/test_verify_all.py's)."""
    rep = verify_reduction(RED, instances=25, seed=2, limits=Limits(seconds=60))
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]
    assert any(r.source_count for r in rep.instances) and any(r.source_count == 0 for r in rep.instances)


def test_a_broken_copy_fails() -> None:
    """A split clause dropped is caught by verify."""
    class DropsASplitClause(PlanarMonotoneThreeSatFromPlanarThreeSat):
        name = "broken-planar-monotone-3sat-from-planar-3sat"

        def reduce(self, source: PlanarFormula) -> PlanarFormula:
            t = build(source)[0]
            f = t.formula
            keep = [i for i, c in enumerate(f.clauses) if not (len(c) == 2 and c[0] < 0 and c[1] < 0
                                                                and max(-c[0], -c[1]) > source.formula.variables)]
            return PlanarFormula(Formula(f.variables, tuple(f.clauses[i] for i in keep)), t.order,
                                 tuple(t.sides[i] for i in keep), tuple(t.levels[i] for i in keep))

        def overhead(self, source):
            return None

    rep = verify_reduction(DropsASplitClause(), instances=25, seed=2, limits=Limits(seconds=60))
    assert rep.verdict == FAIL


def test_the_chain_from_3sat_goes_through_planar_3sat() -> None:
    assert [r.name for r in registry.path("3sat", "planar-monotone-3sat")] == [
        "planar-3sat-from-3sat", "planar-monotone-3sat-from-planar-3sat"]
