"""The formula without variables or clauses through every reduction whose source reads it: a refusal in one
line (InputError) or a valid target whose image of the one source solution, the empty assignment, the
target's checker accepts and the backward map returns. Theorem 3.1 crashed on it (an IndexError, exit 4,
through every Hamiltonicity chain) and Theorem 16 built a Pips board without dominoes."""

from __future__ import annotations

import pytest

from gadgetry.core import InputError, registry
from gadgetry.sources.planar_sat import PlanarFormula
from gadgetry.sources.sat import Formula

EMPTY = (Formula(0, ()), PlanarFormula(Formula(0, ()), (), (), ()))


def _accepted(problem: str) -> Formula | PlanarFormula | None:
    for inst in EMPTY:
        try:
            registry.problem(problem).validate(inst)
        except (InputError, AttributeError, TypeError):
            continue
        return inst
    return None


FROM_FORMULAS = sorted(name for name, red in registry.reductions().items()
                       if _accepted(red.source) is not None)


def test_every_formula_source_is_covered() -> None:
    """The list is not empty by accident: SAT, 3SAT, 1-in-3SAT and the planar forms all reach it."""
    assert {"3sat-from-sat", "hamiltonian-cycle-from-planar-positive-1in3sat",
            "pips-from-planar-positive-1in3sat", "kurodoko-from-1in3sat"} <= set(FROM_FORMULAS)


@pytest.mark.parametrize("name", FROM_FORMULAS)
def test_the_empty_formula_maps_both_ways(name: str) -> None:
    red = registry.reduction(name)
    src = _accepted(red.source)
    try:
        target = red.reduce(src)
    except InputError as exc:
        assert str(exc), name
        return
    problem = registry.problem(red.target)
    problem.validate(target)
    image = red.forward(src, target, ())
    assert problem.check(target, image).ok, name
    assert tuple(red.backward(src, target, image)) == ()
