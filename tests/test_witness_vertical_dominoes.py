"""Theorem 7.4 of the Witness seed (vertical nonrotatable dominoes from planar monotone 3SAT): the layout's
Properties 1-3, the Figure 41 formula (its solution maps to a panel path the Witness rule checker accepts;
the readable certificates are exactly its satisfying assignments), the slip of reading the first domino,
the count ratio on the smallest instance, ``verify`` PASS and a broken leg caught."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from gadgetry.core import LimitReached
from gadgetry.puzzles.witness import WitnessProblem, render_panel
from gadgetry.puzzles.witness.model import MAX_SIDE
from gadgetry.puzzles.witness.formats import read_web, write_web
from gadgetry.reductions.witness_vertical_dominoes_from_planar_monotone_3sat import (
    FIGURE_41,
    Layout,
    Tilings,
    WitnessVerticalDominoesFromPlanarMonotoneThreeSat,
    build,
    count_tilings,
    diagonal_gadget,
    panel,
    path_of,
    read,
)
from gadgetry.sources.planar_sat import PlanarFormula, PlanarMonotoneThreeSat
from gadgetry.sources.sat import Formula
from gadgetry.verify.gadget import check_gadget
from gadgetry.verify.protocol import FAIL, PASS, Limits, verify_reduction

RED = WitnessVerticalDominoesFromPlanarMonotoneThreeSat()
SOURCE = PlanarMonotoneThreeSat()
WITNESS = WitnessProblem()


def test_figure_41_layout_has_properties_1_to_3() -> None:
    lay = build(FIGURE_41)
    pan = panel(lay)
    cells = set(pan.symbol_map())
    assert len(cells) == len(lay.clues) and {s.shape for s in pan.symbol_map().values()} == {((0, 0), (0, 1))}
    assert not any((x, y + 1) in cells for x, y in cells)  # Property 1
    assert [c for c in cells if c[0] == 0] == [(0, lay.top - lay.s[1])]  # Property 2
    assert not any(x == pan.width - 1 or y < 2 or y >= pan.height - 2 for x, y in cells)
    assert pan.starts == ((0, lay.top - lay.s[1] + 1),) and pan.ends == ((0, lay.top - lay.s[1]),)  # Property 3


def test_figure_41_solution_maps_to_a_valid_path_and_back() -> None:
    source, solution = RED.example()
    target = RED.reduce(source)
    path = RED.forward(source, target, solution)
    assert WITNESS.check(target, path).ok
    assert RED.backward(source, target, path) == solution
    (x, y), = target.starts
    assert {path[1], path[-2]} & {(x, y + 1), (x, y - 2)}  # the path runs along the other left edge of S's domino
    assert "<svg" in render_panel(target, path)
    solver = dataclasses.replace(target, rules="solver")  # witness-web carries the solver rule set only
    assert WITNESS.check(solver, path).ok and read_web(write_web(solver)).symbols == target.symbols


def test_figure_41_readable_certificates_are_its_solutions() -> None:
    lay = build(FIGURE_41)
    target = panel(lay)
    certs = []
    for choice in Tilings(lay).distinct(100, lay.reading):
        path = path_of(lay, choice)
        assert WITNESS.check(target, path).ok
        certs.append(read(lay, lay.reading, path))
    assert sorted(certs) == sorted(SOURCE.brute_force(FIGURE_41)) and len(certs) == 5


def test_reading_the_first_domino_is_a_slip() -> None:
    """Section 7.4 reads each variable from the first domino of its gadget; on Figure 41's formula a
    target solution shows x = y = true there, which falsifies (not x or not y): y's gadget switches from up
    to down inside its negative blocks and serves that clause."""
    lay = build(FIGURE_41)
    t = Tilings(lay)
    solutions = set(SOURCE.brute_force(FIGURE_41))
    shown = [a for a in itertools.product((False, True), repeat=3) if a not in solutions
             and t.solve([t.lit(c, v) for c, v in zip(lay.first, a)]) is not None]
    assert (True, True, False) in shown
    choice = t.solve([t.lit(c, v) for c, v in zip(lay.first, (True, True, False))])
    assert WITNESS.check(panel(lay), path_of(lay, choice)).ok


def test_the_count_is_not_parsimonious() -> None:
    """One variable in one clause (x): one source solution, 32 panel solutions (legs and fillers free)."""
    f = PlanarFormula(Formula(1, ((1,),)), (1,), ("above",), (1,))
    assert count_tilings(f, 1000) == 32 and len(list(SOURCE.brute_force(f))) == 1


def test_a_panel_over_the_model_limit_is_a_limit_not_an_error() -> None:
    n = MAX_SIDE // 4
    f = PlanarFormula(Formula(n, tuple((v,) for v in range(1, n + 1))), tuple(range(1, n + 1)),
                      ("above",) * n, (1,) * n)
    with pytest.raises(LimitReached, match=f"more than the Witness model's {MAX_SIDE} a side"):
        RED.reduce(f)


@pytest.mark.slow
def test_verify_passes() -> None:
    """The reduction's own verify on another seed (the quick run's is tests/test_verify_all.py's)."""
    rep = verify_reduction(RED, instances=12, seed=2, limits=Limits(seconds=60))
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]
    assert any(r.source_count for r in rep.instances) and any(r.source_count == 0 for r in rep.instances)


def test_a_broken_leg_fails() -> None:
    """A leg clue kept next to the variable clue is caught by verify."""
    class LegsTouchTheVariable(WitnessVerticalDominoesFromPlanarMonotoneThreeSat):
        """Keeps the leg clue next to the variable clue that the construction leaves out."""

        name = "broken-witness-vertical-dominoes"

        def reduce(self, source: PlanarFormula):
            return panel(broken(source))

    def broken(source: PlanarFormula) -> Layout:
        lay = build(source)
        extra = {}
        for c, role in lay.roles.items():
            if role[0] == "leg" and ((c[0], c[1] - 3) in lay.roles or (c[0], c[1] + 3) in lay.roles):
                below = (c[0], c[1] - 2) if (c[0], c[1] - 3) in lay.roles else (c[0], c[1] + 2)
                extra[below] = role
        return Layout(tuple(sorted({**lay.roles, **extra}, key=lambda c: (c != lay.s, c))), {**lay.roles, **extra},
                      lay.reading, lay.first, lay.bottom, lay.top, lay.right)

    rep = verify_reduction(LegsTouchTheVariable(), instances=12, seed=1, limits=Limits(seconds=60))
    assert rep.verdict == FAIL


def test_the_diagonal_switches_only_from_up_to_down() -> None:
    """Figure 38 as a gadget check: every non-increasing up/down pattern, two ways each (S's domino)."""
    rep = check_gadget(diagonal_gadget())
    assert rep.ok, rep.problems
    assert rep.fillings[(False,) * 7 + (True,)] == 0 and rep.fillings[(True,) * 3 + (False,) * 5] == 2
