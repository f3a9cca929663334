"""Theorem 6.1 of the Witness seed (section 6.1): X3C to 1-triangle panels, parsimonious. The base panel's
relaxed solution, each gadget's local solutions and their topology, the slip in the line count, and
parsimony counted on both sides (frontier counter against brute-force exact covers)."""

from __future__ import annotations

import dataclasses

import pytest

from gadgetry.puzzles.witness.lazy import local_solutions
from gadgetry.core import InputError
from gadgetry.puzzles.witness.frontier import count_frontier
from gadgetry.reductions import witness_one_triangles_from_x3c as mod
from gadgetry.reductions.gadgets import witness_local as local
from gadgetry.sources.x3c import X3C, X3CInstance
from gadgetry.verify.gadget import check_gadget
from witness_covers import assert_paths_are_covers

RED = mod.WitnessOneTrianglesFromX3C()


def components(edges):
    """Vertex sets of the connected pieces of an edge set (union-find, independent of the module)."""
    parent = {}

    def find(a):
        while parent.setdefault(a, a) != a:
            a = parent[a]
        return a

    for a, b in edges:
        parent[find(a)] = find(b)
    groups = {}
    for v in list(parent):
        groups.setdefault(find(v), set()).add(v)
    return list(groups.values())


def lines_joined(panel, edges):
    """For each horizontal line y = 1, 3, ... its component's index, read at the line's two ends."""
    comp = {v: i for i, c in enumerate(components(edges)) for v in c}
    return [(comp.get((0, y)), comp.get((panel.width, y))) for y in range(1, panel.height, 2)]


@pytest.mark.parametrize("width,k", [(6, 1), (6, 3), (9, 2), (12, 4)])
def test_base_panel_has_one_relaxed_solution_k_components(width, k):
    """Section 6.1: with several paths or cycles allowed, the base panel's unique solution is the 2k
    horizontal lines joined into one start-to-end path (top four rows) and k - 1 cycles."""
    panel = mod.panel_of(width, 4 * k, ())
    sols = local.relaxed_solutions(panel)
    assert sols == [mod.standard_edges(width, k)]
    assert len(components(sols[0])) == k
    assert count_frontier(panel) == (k == 1)  # one path only when there are no cycles


def test_free_join_is_a_four_by_four_circle():
    """Figure 22: the free join fits a 4 x 4 box around its pair of lines, a ring of empty cells."""
    xs = {x for x, _ in mod.FREE_JOIN}
    ys = {y for _, y in mod.FREE_JOIN}
    assert xs == ys == {0, 1, 2, 3}
    assert all(x in (0, 3) or y in (0, 3) for x, y in mod.FREE_JOIN)


WORDS = ["J", mod.THREE_SET_WORD] + [mod.set_element_word(j) for j in range(4)]


@pytest.mark.parametrize("word", WORDS)
def test_gadget_check_passes(word):
    """Exactly one local solution per state (straight, joined) and no other: the gadget check."""
    rep = check_gadget(mod.gadget_check(word))
    assert rep.ok, rep.problems
    assert rep.fillings == {(False,): 1, (True,): 1}


@pytest.mark.slow
@pytest.mark.parametrize("between", [4, 8, 13, 21])
def test_longer_set_element_gadgets_pass_their_check(between):
    rep = check_gadget(mod.gadget_check(mod.set_element_word(between)))
    assert rep.ok and rep.fillings == {(False,): 1, (True,): 1}, rep.problems


@pytest.mark.parametrize("word", WORDS)
def test_joined_state_joins_exactly_the_intended_pairs(word):
    """The joined state connects lines 2i and 2i + 1 (the gadget's pairs) at both ends and leaves every
    other line's two ends connected, as the join topology of section 6.1 requires."""
    panel, top = mod.gadget_panel(word)
    gone, new = mod.local_states(word)
    std = mod.standard_edges(panel.width, panel.height // 4)
    joined = (std - local.shift(gone, mod.BORDER, top)) | local.shift(new, mod.BORDER, top)
    assert joined in local.relaxed_solutions(panel)
    ends = lines_joined(panel, joined)
    pairs = {(top + 1) // 2 + 2 * i for i in mod.joined_pairs(word)}  # line index (0-based) of each pair's top
    comp_l = {}
    for i, (left, right) in enumerate(ends):
        if i in pairs:
            assert left == ends[i + 1][0] and right == ends[i + 1][1]
        elif i - 1 not in pairs:
            assert left == right
        comp_l[i] = left
    with_start = [c for c in components(joined) if (0, 1) in c]
    assert len(with_start) == 1


def test_three_set_line_count_is_twelve_not_ten():
    """Slip: the proof of Theorem 6.1 says "the remaining ten lines of each 3-set"; its own row count gives
    28 rows per 3-set, 4 support rows (2 lines), then 24 rows holding twelve lines (six pairs)."""
    src = X3CInstance(3, ((0, 1, 2),))
    lay = mod.layout(src)
    band = range(mod.TOP_ROWS, mod.TOP_ROWS + mod.SET_ROWS)
    lines = [y for y in range(1, lay.height, 2) if y in band]
    support = [y for y in lines if y < mod.TOP_ROWS + mod.SUPPORT_ROWS]
    assert (len(lines), len(support)) == (14, 2)
    assert len(lines) - len(support) == 12 != 10
    three_set = next(g for g in lay.gadgets if g.kind == "3-set")
    assert len(mod.joined_pairs(three_set.word)) * 2 == 12


def test_sources_beyond_the_largest_panel_are_refused_in_one_line():
    from gadgetry.puzzles.witness.model import MAX_SIDE

    sets = MAX_SIDE // 28 + 1  # 28 rows per 3-set: past the Witness model's largest side
    with pytest.raises(InputError, match=f"at most {MAX_SIDE} cells a side"):
        RED.reduce(X3CInstance(30, ((0, 1, 2),) * sets))


def test_rows_follow_the_paper():
    """4k = 2 + 28m + 8n + 2 rows."""
    for n, m in [(0, 0), (3, 1), (6, 2)]:
        src = X3CInstance(n, ((0, 1, 2),) * m)
        assert RED.reduce(src).height == 2 + 28 * m + 8 * n + 2


SMALL = [X3CInstance(0, ()), X3CInstance(3, ()), X3CInstance(3, ((0, 1, 2),)),
         X3CInstance(3, ((0, 1, 2), (0, 1, 2))), X3CInstance(6, ((0, 1, 2), (3, 4, 5))),
         X3CInstance(6, ((0, 1, 2), (2, 3, 4)))]
SLOW = [X3CInstance(6, ((0, 3, 4), (1, 2, 5))), X3CInstance(6, ((0, 1, 2), (3, 4, 5), (0, 1, 2), (3, 4, 5)))]


def test_relaxed_solutions_are_the_product_of_the_gadget_states():
    """Gadgets side by side do not interact: with cycles allowed, the panel of one set over three elements
    (five gadgets) has exactly 2^5 relaxed solutions, one per choice of states."""
    src = X3CInstance(3, ((0, 1, 2),))
    panel = RED.reduce(src)
    assert len(mod.layout(src).gadgets) == 5
    assert len(local.relaxed_solutions(panel, cap=40)) == 32


@pytest.mark.parametrize("src", SMALL + [pytest.param(x, marks=pytest.mark.slow) for x in SLOW], ids=str)
def test_paths_are_exact_covers_one_to_one(src):
    """Parsimony counted on both sides: paths (refinement enumeration, rule checker) against brute-force
    exact covers, one to one."""
    assert_paths_are_covers(RED, src)


@pytest.mark.slow
@pytest.mark.parametrize("src", SMALL[:3], ids=str)
def test_refinement_enumeration_agrees_with_the_frontier_counter(src):
    """The enumeration the certificate view uses against the Witness frontier counter (independent; about
    40 s on one set; on two sets, 63 cells wide, it takes many minutes)."""
    panel = RED.reduce(src)
    assert sum(1 for _ in local_solutions(panel)) == count_frontier(panel) == len(list(X3C().brute_force(src)))


def test_panel_renders_and_exports():
    from gadgetry.puzzles.witness import render_panel
    from gadgetry.puzzles.witness.formats import write_web

    src = X3CInstance(3, ((0, 1, 2),))
    panel = RED.reduce(src)
    path = RED.forward(src, panel, (0,))
    assert render_panel(panel, path).startswith("<svg")
    web = dataclasses.replace(panel, rules="solver")  # 1-triangles mean the same under both rule sets
    with pytest.raises(InputError, match="no triangles"):  # the browser solver has no triangle clue
        write_web(web)
    for gadget in RED.gadgets()[:3]:
        assert render_panel(gadget.meta["panel"]).startswith("<svg")


def test_gadget_checks_can_fail(monkeypatch):
    """A unit with one empty cell too few, or P between unchanged M units (without X and Y), fails."""
    mod.local_states.cache_clear()
    try:
        monkeypatch.setitem(mod.UNITS, "X", mod.UNITS["M"])
        monkeypatch.setitem(mod.UNITS, "Y", mod.UNITS["M"])
        panel, _ = mod.gadget_panel(mod.set_element_word(1))
        assert len(local.relaxed_solutions(panel)) == 5  # the straight lines and four joined variants
        monkeypatch.setitem(mod.UNITS, "M", mod.UNITS["M"][1:])
        panel, _ = mod.gadget_panel(mod.THREE_SET_WORD)
        assert len(local.relaxed_solutions(panel)) != 2
    finally:
        monkeypatch.undo()
        mod.local_states.cache_clear()
