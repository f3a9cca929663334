"""Theorem 6.2 of the Witness seed (section 6.2, 2-triangles from X3C): the pieces rebuilt so far. The
concentric squares are the only relaxed solution of a panel full of 2-triangles; the diamond gadget
(Figure 30) has exactly two local solutions; diamonds joining every pair of adjacent squares leave exactly
one solution path (refinement enumeration and the frontier counter, independent); Figure 27's rule
(no shared diagonals) is needed; a pair joined twice falls apart again."""

from __future__ import annotations

import pytest

from gadgetry.puzzles.witness.lazy import local_solutions
from gadgetry.core import InputError
from gadgetry.puzzles.witness import render_panel
from gadgetry.puzzles.witness.frontier import count_frontier
from gadgetry.puzzles.witness.rules import check
from gadgetry.reductions.gadgets import witness_two_triangles as mod
from gadgetry.core.graphs import components
from gadgetry.reductions.gadgets.witness_local import relaxed_solutions
from gadgetry.verify.gadget import check_gadget

SIDES = ("right", "left", "bottom", "top")


@pytest.mark.parametrize("width", [4, 6, 8, 12])
def test_the_concentric_squares_are_the_only_relaxed_solution(width):
    """Section 6.2: a panel full of 2-triangles is satisfied by concentric squares, and only by them
    (the corners force the turns); with width/2 squares there is no single path."""
    panel = mod.base_panel(width)
    assert relaxed_solutions(panel) == [mod.concentric_squares(width)]
    assert mod.radius_of(width, mod.concentric_squares(width)) == [(r,) for r in range(1, width // 2 + 1)]
    if width <= 6:
        assert count_frontier(panel) == 0


@pytest.mark.parametrize("width,radius,row", [(12, 1, 5), (12, 2, 6), (12, 3, 5), (16, 5, 4)])
def test_diamond_gadget_check_passes(width, radius, row):
    """Figure 30: exactly one local solution per state (squares as they are, squares joined), none other."""
    rep = check_gadget(mod.diamond_check(width, radius, row))
    assert rep.ok, rep.problems
    assert rep.fillings == {(False,): 1, (True,): 1}
    joined = mod.joined_state(width, mod.right_diamond(width, radius, row))
    assert mod.radius_of(width, joined) == sorted(
        [(radius, radius + 1)] + [(r,) for r in range(1, width // 2 + 1) if r not in (radius, radius + 1)])


@pytest.mark.parametrize("width", [6, 8, 10, 12])
def test_diamonds_on_every_pair_leave_exactly_one_path(width):
    """The joining part of the construction: one diamond per pair of adjacent squares (no two sharing a
    diagonal, Figure 27), each free to be used or not (2^(width/2 - 1) relaxed solutions), and exactly one
    choice (all used) is a single path; checked by the rule checker and, on small panels, by the frontier
    counter."""
    cells = [c for d in mod.filler_diamonds(width, range(1, width // 2), SIDES) for c in d]
    panel = mod.base_panel(width, cells)
    assert len(relaxed_solutions(panel, cap=1000)) == 2 ** (width // 2 - 1)
    paths = list(local_solutions(panel))
    assert len(paths) == 1 and check(panel, paths[0]).ok
    if width <= 8:
        assert count_frontier(panel) == 1


def test_right_quadrant_alone_cannot_hold_every_filler_diamond():
    """The inner squares' sides are short: on the right sides only, the no-shared-diagonal rule leaves no
    room for radii 1 to 3 (the paper joins the inner squares with the bulk connector instead)."""
    with pytest.raises(InputError, match="no placement"):
        mod.filler_diamonds(8, range(1, 4))


@pytest.mark.parametrize("second_row,extra", [(6, False), (5, False), (7, True), (3, True)])
def test_diamonds_sharing_a_diagonal_admit_rays_between_them(second_row, extra):
    """Figure 27's rule: two diamonds (radii 2 and 4) whose empty cells share two diagonals of one direction
    admit local solutions beyond their four states (rays run from one to the other)."""
    width = 12
    first, second = mod.right_diamond(width, 2, 5), mod.right_diamond(width, 4, second_row)
    shared = {d for d, _ in mod.diagonals(first) & mod.diagonals(second)}
    sols = relaxed_solutions(mod.base_panel(width, first + second), cap=50)
    assert (len(sols) > 4) == extra
    assert extra == (len(mod.diagonals(first) & mod.diagonals(second)) == 2 and len(shared) == 1)


def test_a_pair_joined_twice_falls_apart_again():
    """End of section 6.2's proof: an element covered twice leaves a disconnected cycle. Two diamonds on
    the same pair: one used joins the two squares, both used split them again."""
    width = 12
    cells = mod.side_diamond(width, 2, "right", 5) + mod.side_diamond(width, 2, "left", 6)
    base = len(components(mod.concentric_squares(width)))
    counts = sorted(len(components(s)) for s in relaxed_solutions(mod.base_panel(width, cells), cap=10))
    assert counts == [base - 1, base - 1, base, base]


def test_bad_sides_are_refused_and_panels_render():
    with pytest.raises(InputError, match="even"):
        mod.base_panel(7)
    gadget = mod.diamond_check(12, 2, 6)
    assert render_panel(gadget.meta["panel"]).startswith("<svg")


def test_staircase_x3c_gadget_has_exactly_two_local_solutions():
    """Figures 28-29 rebuilt: the staircase polygon (4, 8, 4) on a 56 x 56 panel, its corners empty, has
    exactly two relaxed solutions: the concentric squares, and the squares turned inside the polygon,
    which merges the pairs of radii (8, 9), (12, 13), (16, 17) (p_i, p_j, p_k with r_{x+1} = r_x + 4) and
    nothing else. Each corner shares a diagonal with exactly two others, one of each direction."""
    width = 56
    p = mod.Polygon(mod.staircase(4, 8, 4))
    p = p.moved(20 - min(x for x, _ in p.cells), 35 - min(y for _, y in p.cells))
    sols = relaxed_solutions(mod.base_panel(width, p.cells), cap=5)
    used = mod.concentric_squares(width) ^ p.flipped
    assert sorted(sols, key=len) == sorted([mod.concentric_squares(width), used], key=len)
    merged = [g for g in mod.radius_of(width, used) if len(g) > 1]
    assert merged == [(8, 9), (12, 13), (16, 17)]
    for x, y in p.cells:
        plus = [c for c in p.cells if c != (x, y) and sum(c) == x + y]
        minus = [c for c in p.cells if c != (x, y) and c[0] - c[1] == x - y]
        assert len(plus) == len(minus) == 1
