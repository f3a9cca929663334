"""Theorem 6.2 of the Witness seed (section 6.2): X3C to 2-triangle panels. The bulk connectors of Figure 31
(rebuilt: what each merges, their two local solutions, and that a corner left clued breaks them), the
layout (gadgets apart, Figure 27's rule), the gadget states' independence, and parsimony counted on both
sides (refinement enumeration of every path against brute-force exact covers)."""

from __future__ import annotations

import pytest

from gadgetry.puzzles.witness import render_panel
from gadgetry.reductions import witness_two_triangles_from_x3c as mod
from gadgetry.reductions.gadgets import witness_two_triangles as two
from gadgetry.reductions.gadgets.witness_local import relaxed_solutions
from gadgetry.sources.x3c import X3CInstance
from gadgetry.verify.gadget import check_gadget
from witness_covers import assert_paths_are_covers

RED = mod.WitnessTwoTrianglesFromX3C()
SMALL = [X3CInstance(3, ()), X3CInstance(3, ((0, 1, 2),)), X3CInstance(3, ((0, 1, 2), (0, 1, 2)))]
SLOW = [X3CInstance(6, ((0, 1, 2), (3, 4, 5))), X3CInstance(6, ((0, 1, 2), (2, 3, 4)))]  # 82 x 82, 74 x 74


def merged(width, polygon):
    """The radii merged by the polygon's used state (groups of more than one square), and whether any
    piece passes no square's corner (a stray cycle)."""
    groups = two.radius_of(width, two.concentric_squares(width) ^ polygon.flipped_on(width))
    return [g for g in groups if len(g) > 1], any(not g for g in groups)


def generic(cells):
    """Each cell shares its diagonal of each direction with exactly one other (Theorem 6.2's X3C gadget)."""
    return all(sum(1 for c in cells if c != (x, y) and sum(c) == x + y) == 1
               and sum(1 for c in cells if c != (x, y) and c[0] - c[1] == x - y) == 1 for x, y in cells)


@pytest.mark.parametrize("width,k", [(8, 2), (16, 3), (24, 5), (40, 9)])
def test_inner_connector_merges_every_square_inside(width, k):
    """Figure 31 rebuilt, inner: used, the k x k rotated square into the centre merges radii 1 .. 2k - 1
    into one cycle and leaves the others alone; four corners, one of them the centre cell, generic."""
    p = two.inner_connector(width, k)
    assert merged(width, p) == ([tuple(range(1, 2 * k))], False)
    half = width // 2
    assert sorted(p.cells) == sorted([(half, half), (half - k, half - k), (half, half - 2 * k), (half + k, half - k)])
    assert generic(p.cells)


@pytest.mark.parametrize("width,b,row", [(8, 2, 4), (16, 5, 6), (24, 6, 9), (40, 12, 14)])
def test_outer_connector_merges_every_square_outside(width, b, row):
    """Figure 31 rebuilt, outer: used, the strip from the left side merges radii width/2 - b .. width/2
    (the outermost is the start-to-end path) and leaves the others alone; three corners on the panel."""
    p = two.outer_connector(width, b, row)
    assert merged(width, p) == ([tuple(range(width // 2 - b, width // 2 + 1))], False)
    assert sorted(p.cells_on(width)) == sorted([(0, row), (b, row + b), (b - 1, row + b + 1)])


@pytest.mark.parametrize("width,k,b", [(16, 3, 2), (16, 2, 5), pytest.param(40, 9, 6, marks=pytest.mark.slow)])
def test_connector_gadget_checks_pass(width, k, b):
    """Exactly one local solution per state, unused and used, none other (no ray escapes)."""
    for gadget in mod.connector_checks(width, k, b):
        rep = check_gadget(gadget)
        assert rep.ok, rep.problems
        assert rep.fillings == {(False,): 1, (True,): 1}


@pytest.mark.parametrize("drop", [0, 1, 2, 3])
def test_a_connector_corner_left_clued_breaks_it(drop):
    """The check can fail: with one corner of the inner connector keeping its 2-triangle, the used state is
    no solution (the panel keeps only the concentric squares)."""
    width, p = 16, two.inner_connector(16, 3)
    cells = [c for i, c in enumerate(sorted(p.cells)) if i != drop]
    sols = relaxed_solutions(two.base_panel(width, cells), cap=5)
    assert sols == [two.concentric_squares(width)]


@pytest.mark.parametrize("src", SMALL + SLOW[:1] + [pytest.param(SLOW[1], marks=pytest.mark.slow)], ids=str)
def test_layout_keeps_gadgets_apart(src):
    """The polygons turn disjoint edge sets; X3C gadgets and filler diamonds share no diagonal with any
    other gadget's empty cells (Figure 27), and X3C gadgets lie in the bottom quadrant; the connectors
    and fillers join every adjacent pair of squares but the elements' pairs."""
    lay = mod.layout(src)
    polys = lay.gadgets + lay.fixed
    seen: set = set()
    for p in polys:
        assert not p.flipped_on(lay.width) & seen
        seen |= p.flipped_on(lay.width)
    for i, p in enumerate(polys):
        if i >= len(lay.gadgets) + 2 or i < len(lay.gadgets):  # not a connector
            others = [c for q in polys if q is not p for c in q.cells_on(lay.width)]
            assert not two.diagonals(p.cells) & two.diagonals(others)
    assert all(mod.in_bottom_quadrant(lay.width, p.cells) for p in lay.gadgets)
    runs, run = [], []
    for r in range(1, lay.width // 2 + 1):
        run.append(r)
        if r in lay.radii or r == lay.width // 2:
            runs.append(tuple(run))
            run = []
    assert two.radius_of(lay.width, mod.forward_edges(src, set())) == sorted(runs)


@pytest.mark.slow
def test_relaxed_solutions_are_the_product_of_the_gadget_states():
    """Gadgets do not interact: with cycles allowed, the panel of one set over three elements (two
    connectors, six diamonds, one X3C gadget) has exactly 2^9 relaxed solutions, one per choice of states."""
    src = X3CInstance(3, ((0, 1, 2),))
    lay = mod.layout(src)
    assert len(lay.gadgets + lay.fixed) == 9
    assert len(relaxed_solutions(RED.reduce(src), cap=600)) == 512


@pytest.mark.parametrize("src", SMALL + [pytest.param(x, marks=pytest.mark.slow) for x in SLOW], ids=str)
def test_paths_are_exact_covers_one_to_one(src):
    """Parsimony counted on both sides: paths (refinement enumeration, rule checker) against brute-force
    exact covers, one to one."""
    assert_paths_are_covers(RED, src)


def test_reduction_gadgets_have_two_local_solutions_and_render():
    """Each gadget ``verify`` checks, by enumeration (the Ganak count is the slow test below): exactly two
    relaxed solutions, the concentric squares and the gadget used."""
    for gadget in RED.gadgets():
        panel, p = gadget.meta["panel"], gadget.meta["polygon"]
        used = two.concentric_squares(panel.width) ^ p.flipped_on(panel.width)
        assert sorted(relaxed_solutions(panel, cap=5), key=sorted) == sorted([two.concentric_squares(panel.width), used], key=sorted)
        assert render_panel(panel).startswith("<svg")
    src = X3CInstance(3, ((0, 1, 2),))
    panel = RED.reduce(src)
    assert render_panel(panel, RED.forward(src, panel, (0,))).startswith("<svg")


@pytest.mark.slow
def test_reduction_gadget_checks_pass():
    """The gadget checks ``verify`` runs (Ganak counts; the X3C gadget's 44 x 44 panel takes about 30 s)."""
    for gadget in RED.gadgets():
        rep = check_gadget(gadget)
        assert rep.ok and rep.fillings == {(False,): 1, (True,): 1}, (gadget.name, rep.problems)


def test_without_the_buffer_rays_escape_the_x3c_gadget(monkeypatch):
    """Figure 27 and Figure 25c: with two rows instead of three between the X3C gadget and the bottom side,
    rays reflected off the side give it local solutions beyond its two states."""
    assert len(relaxed_solutions(mod.x3c_check((0, 1, 2)).meta["panel"], cap=10)) == 2
    monkeypatch.setattr(mod, "BUFFER", 2)
    assert len(relaxed_solutions(mod.x3c_check((0, 1, 2)).meta["panel"], cap=10)) == 4


@pytest.mark.parametrize("src", SMALL[1:] + SLOW[:1], ids=str)
def test_filler_diamonds_are_three_per_gap_not_3n(src):
    """Section 6.2's analysis counts "the 3n filler diamond gadgets"; three per gap between consecutive
    element pairs is 3(n - 1): the squares inside p_0 and outside p_{n-1} are the bulk connectors'."""
    lay = mod.layout(src)
    fillers = len(lay.fixed) - 2
    assert fillers == 3 * (src.elements - 1) != 3 * src.elements
