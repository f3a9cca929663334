"""1-in-3SAT to Kurodoko (Kurodoko seed, sections 4-6): the worked example of section 4.3 laid out as the
paper shows it, component shapes, the sorting network, the overlap rule, section 4.4's post-processing
checked against section 5.2's solution, the verification protocol on certificates (quick: the worked example
and seeded instances; slow: every instance with up to 3 variables and 2 clauses), the certificate-view hook
catching a board with one gadget swapped, and the interchange formats."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from gadgetry.core import PARSIMONIOUS, InputError, Reduction
from gadgetry.core.reduction import CertificateView
from gadgetry.core.registry import problem, reduction
from gadgetry.puzzles.kurodoko import read_puzzlink, seen, write_puzzlink, write_range
from gadgetry.reductions.kurodoko_from_1in3sat import (
    STEP,
    KurodokoFromOneInThreeSat,
    assemble,
    clause_component,
    construct,
    forward_solution,
    goal_labels,
    place_gadgets,
    post_process,
    sorting_layers,
    variable_component,
)
from gadgetry.sources.sat import Formula
from gadgetry.verify.protocol import FAIL, PASS, UNKNOWN, Limits, check_instance, verify_reduction

RED = reduction("kurodoko-from-1in3sat")
SAT = problem("1in3sat")
KURO = problem("kurodoko")
QUICK = Limits(seconds=120, shrink_seconds=0)


def _rows(f: Formula) -> list[list[str]]:
    board, height, width, _labels, _layers = place_gadgets(f)
    return [[board.get((r, c), ".") for c in range(width)] for r in range(height)]


def test_worked_example_matches_section_4_3() -> None:
    """(not v2, v1): the board printed at the end of section 4.3."""
    assert _rows(Formula(2, ((-2, 1),))) == [
        ["B", "W+", "C", "W-", "Bbar"],
        ["N", ".", "W", ".", "W"],
        ["X+", "T", "X-", ".", "W"],
        ["S", "X", "Sbar", ".", "W"],
        ["V", ".", "V", ".", "Z"],
    ]
    c = construct(Formula(2, ((-2, 1),)))
    assert (c.instance.width, c.instance.height) == (5 * STEP + 1, 5 * STEP + 1)
    assert c.labels == (1, 0, 2) and c.layers == ((0,),)


def test_clause_component_variants() -> None:
    assert clause_component((1, 2, 3)).rows == (("B", "W+", "C", "W-", "Bbar"), ("W", None, "W", None, "W"))
    assert clause_component((1, -2)).rows[1] == ("W", None, "N", None, "W")
    assert clause_component((-3,)).rows[1] == ("N", None, "W", None, "W")


def test_variable_components_as_section_4_3() -> None:
    for k in range(1, 7):
        comp = variable_component(k)
        assert (comp.height, comp.width) == (k, 2 * k - 1)
        assert comp.rows[-1] == ("V",) + (None,) * (2 * k - 2)
        top = comp.rows[0]
        assert [c for c, g in enumerate(top) if g is not None and c % 2 == 0] == list(range(0, 2 * k - 1, 2))
    assert variable_component(2).rows == (("S", "W+", "Bbar+"), ("V", None, None))
    assert variable_component(3).rows == (("S", "W+", "Bbar+", None, "W"), ("S", "W+", "W+", "W+", "Bbar+"),
                                          ("V", None, None, None, None))


def test_sorting_network_sorts() -> None:
    rng = random.Random(4)
    for n in range(1, 12):
        for _ in range(20):
            labels = list(range(n))
            rng.shuffle(labels)
            layers = sorting_layers(labels)
            assert len(layers) <= n
            a = list(labels)
            for t, swaps in enumerate(layers):
                assert all(j % 2 == t % 2 for j in swaps)
                for j in swaps:
                    assert a[j] > a[j + 1]
                    a[j], a[j + 1] = a[j + 1], a[j]
            assert a == sorted(labels)


def test_goal_labels_route_every_slot() -> None:
    f = Formula(3, ((1, -2), (2, 3, 1), (3,)))
    labels = goal_labels(f)
    assert sorted(labels) == list(range(9))
    # variable 1 (used twice) first, then 2 (twice), 3 (twice), then the three zero slots
    assert labels == [0, 5, 1, 3, 4, 6, 2, 7, 8]


def test_overlap_rule_catches_a_missing_and_a_wrong_gadget() -> None:
    board, height, width, _l, _t = place_gadgets(Formula(2, ((-2, 1),)))
    without = dict(board)
    del without[(2, 1)]  # the T of the swap: its neighbours' ports dangle
    with pytest.raises(ValueError, match="port facing no gadget"):
        assemble(without, height, width)
    turned = dict(board)
    turned[(1, 0)] = "W+"  # a wire lying on its side under the clause's bend
    with pytest.raises(ValueError):
        assemble(turned, height, width)


SMALL = [Formula(2, ((-2, 1),)), Formula(1, ((1,),)), Formula(3, ((1, -2, 3),)),
         Formula(2, ((1, 2), (-1, -2)))]


@pytest.mark.parametrize("f", SMALL, ids=str)
def test_post_processing_and_section_5_2_solution(f: Formula) -> None:
    c = construct(f)
    assert all(isinstance(v, int) for _r, _c, v in c.instance.clues), "a ? is left"
    assert not set(c.marks) & set(c.instance.clue_map()), "a ray end carries a clue"
    for a in SAT.brute_force(f):
        sol = forward_solution(c, c.instance, a)
        black = set(sol)
        assert set(c.marks) <= black, "section 5.2: the partial solutions' black squares are black"
        for cell, v in c.instance.clue_map().items():
            assert seen(c.instance, black, cell) == v, (cell, v)
        assert KURO.check(c.instance, sol)
        assert RED.backward(f, c.instance, sol) == a


def test_forward_is_subset_minimal() -> None:
    f = Formula(2, ((-2, 1),))
    c = construct(f)
    sol = set(forward_solution(c, c.instance, (False, False)))
    extra = sol - set(c.marks) - {x for _v, x in c.variable_squares}
    for x in sorted(extra)[:5]:
        assert not KURO.check(c.instance, tuple(sorted(sol - {x})))


def test_variable_squares_follow_the_bottom_row() -> None:
    """Variable 1 used twice (its V one row lower than variable 2's): each x square is its own variable's."""
    f = Formula(2, ((1,), (1, 2)))
    c = construct(f)
    board = dict(c.gadgets)
    assert [board[(r // STEP, col // STEP)] for _v, (r, col) in c.variable_squares] == ["V", "V"]
    assert [col // STEP for _v, (_r, col) in c.variable_squares] == [0, 4]
    view = RED.certificate_view(f, c.instance)
    assert [view.of_target(sol) for sol in view.solutions(10)] == [(True, False)]


def test_variables_in_no_clause_read_false() -> None:
    f = Formula(3, ((2,),))
    c = construct(f)
    sol = forward_solution(c, c.instance, (True, True, False))
    assert RED.backward(f, c.instance, sol) == (False, True, False)


def test_no_clause_gives_a_trivial_board() -> None:
    rep = check_instance(RED, Formula(2, ()), QUICK)
    assert rep.verdict == PASS and rep.target_size["cells"] == 1


def test_verify_worked_example_and_seeded_instances() -> None:
    sources = [("paper example", RED.example()[0])]
    sources += [(f"seed {s} {mode}", SAT.generate_seeded({"variables": 3, "clauses": 1}, s, mode).instance)
                for s in range(2) for mode in (None, "planted")]
    sources.append(("unsat", Formula(2, ((1, 2), (-1, 2)))))
    rep = verify_reduction(RED, sources=sources, limits=QUICK)
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]
    assert {r.source_count == 0 for r in rep.instances} == {True, False}
    for r in rep.instances:
        assert r.target_count == r.expected


class SwappedGadget(KurodokoFromOneInThreeSat):
    """Broken: the first clause's first W and N are swapped (that literal's polarity flips)."""

    name = "broken-kurodoko-swapped-gadget"

    def reduce(self, source: Formula):
        board, height, width, _l, _t = place_gadgets(source)
        board[(1, 0)] = {"W": "N", "N": "W"}[board[(1, 0)]]
        return post_process(assemble(board, height, width), STEP * height + 1, STEP * width + 1)


def test_certificate_view_catches_a_swapped_gadget() -> None:
    sources = [("paper example", RED.example()[0]), ("two literals", Formula(2, ((1, 2),)))]
    rep = verify_reduction(SwappedGadget(), sources=sources, limits=QUICK)
    assert rep.verdict == FAIL
    assert {r.failure for r in rep.instances} <= {"forward-crash", "forward", "count", "backward"}
    assert all(r.verdict == FAIL for r in rep.instances)
    # the board's own certificates are those of the formula with that literal flipped, (v2, v1)
    f = RED.example()[0]
    y = SwappedGadget().reduce(f)
    view = SwappedGadget().certificate_view(f, y)
    assert {view.of_target(sol) for sol in view.solutions(10)} == {(True, False), (False, True)}


# -- the certificate-view hook on a toy reduction (as tests/test_protocol.py) --------------------------------

class PadWithView(Reduction):
    """3SAT to SAT adding a free variable: 2 target solutions per source solution, parsimonious on the
    certificate (the original variables)."""

    name = "toy-pad-view"
    source, target = "3sat", "sat"
    claim = PARSIMONIOUS

    def reduce(self, x):
        return Formula(x.variables + 1, x.clauses)

    def forward(self, x, y, sx):
        return (*sx, True)

    def backward(self, x, y, sy):
        return sy[:-1]

    def certificate_view(self, x, y):
        def solutions(cap: int) -> Iterator[tuple[bool, ...]]:
            found = 0
            for a in itertools.product((False, True), repeat=x.variables):
                if found < cap and problem("sat").check(y, (*a, False)):
                    found += 1
                    yield (*a, False)

        return CertificateView(of_source=tuple, of_target=lambda sy: tuple(sy[:-1]), solutions=solutions,
                               count=lambda: sum(1 for _ in solutions(10 ** 6)))


class PadWithWrongView(PadWithView):
    """Broken: the view reads the certificate with its first variable negated."""

    name = "toy-pad-wrong-view"

    def certificate_view(self, x, y):
        view = super().certificate_view(x, y)
        return CertificateView(view.of_source, lambda sy: (not sy[0], *sy[1:-1]), view.solutions)


def test_certificate_view_toy_passes_fails_and_caps() -> None:
    rep = verify_reduction(PadWithView(), instances=6, seed=1, params={"variables": "4", "clauses": "6"},
                           limits=QUICK)
    assert rep.verdict == PASS, [r.detail for r in rep.instances]
    assert all(r.target_count == r.source_count for r in rep.instances)
    rep = verify_reduction(PadWithWrongView(), instances=6, seed=1, params={"variables": "4", "clauses": "6"},
                           limits=QUICK)
    assert rep.verdict == FAIL
    x = Formula(4, ())
    assert check_instance(PadWithView(), x, Limits(seconds=30, cap=5)).verdict == UNKNOWN


# -- formats -----------------------------------------------------------------------------------------------

def test_smallest_board_exceeds_range_and_round_trips_puzzlink() -> None:
    """The smallest board (one clause, 81 x 49) has w + h - 1 = 129 > 127: Range refuses every board of
    this reduction; the puzz.link export re-imports to the same board."""
    inst = construct(Formula(1, ((1,),))).instance
    assert (inst.width, inst.height) == (81, 49)
    with pytest.raises(InputError, match="Range"):
        write_range(inst)
    assert read_puzzlink(write_puzzlink(inst)) == inst


# -- exhaustive ---------------------------------------------------------------------------------------------

def _exhaustive() -> list[tuple[str, Formula]]:
    out = []
    for n in (1, 2, 3):
        for i, f in enumerate(SAT.exhaustive({"variables": n, "clauses": 2})):
            out.append((f"n={n} #{i}", f))
    return out


@pytest.mark.slow
def test_verify_every_instance_up_to_3_variables_and_2_clauses() -> None:
    sources = _exhaustive()
    assert len(sources) == 393
    rep = verify_reduction(RED, sources=sources, limits=Limits(seconds=600, shrink_seconds=0))
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]
