"""The Witness CNF's formulations, each where its preconditions hold and where they just fail: colour labels
(squares alone), clue-cell labels with the tiling bound (polyominoes without antipolyominoes or antibodies),
the inside parity (one start and one end on an outer edge), the outer-face depths (broken outer sides).
Every panel is counted both ways: projected enumeration and Ganak on the CNF against the brute-force
enumerator (depth-first paths judged by the rule checker) and the depth-first counter with region checks."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gadgetry.puzzles.witness import encoding as E
from gadgetry.puzzles.witness.brute import brute_force
from gadgetry.puzzles.witness.dfs import count_dfs
from gadgetry.puzzles.witness.model import (
    antibody,
    antipoly,
    edge,
    make_panel,
    path_edges,
    poly,
    square,
    star,
    triangle,
)

SHAPES = [((0, 0),), ((0, 0), (1, 0)), ((0, 0), (0, 1)), ((0, 0), (1, 0), (1, 1)), ((0, 0), (1, 0), (2, 0))]


def symbols(kinds: list[str]):
    sym = {"square": st.builds(square, st.sampled_from(["black", "white"])),
           "star": st.builds(star, st.sampled_from(["black", "white"])),
           "triangle": st.builds(triangle, st.integers(1, 3)),
           "poly": st.builds(poly, st.sampled_from(SHAPES), st.booleans()),
           "antipoly": st.builds(antipoly, st.sampled_from(SHAPES[:3]), st.booleans()),
           "antibody": st.just(antibody()),
           "monomino": st.just(poly(SHAPES[0])), "antimonomino": st.just(antipoly(SHAPES[0]))}
    return st.one_of([sym[k] for k in kinds])


@st.composite
def panels(draw, kinds: list[str], adjacent_ends: bool = False, most: int = 3):
    w, h = draw(st.integers(1, most)), draw(st.integers(1, most))
    outer = [((x, 0), (x + 1, 0)) for x in range(w)] + [((x, h), (x + 1, h)) for x in range(w)] + \
            [((0, y), (0, y + 1)) for y in range(h)] + [((w, y), (w, y + 1)) for y in range(h)]
    vs = [(x, y) for y in range(h + 1) for x in range(w + 1)]
    if adjacent_ends:
        s, t = draw(st.sampled_from(outer))
        if draw(st.booleans()):
            s, t = t, s
        starts, ends = [s], [t]
    else:
        starts = draw(st.lists(st.sampled_from(vs), min_size=1, max_size=2, unique=True))
        ends = draw(st.lists(st.sampled_from([v for v in vs if v not in starts]), min_size=1, max_size=2,
                             unique=True))
    es = [edge((x, y), (x + 1, y)) for y in range(h + 1) for x in range(w)] + \
         [edge((x, y), (x, y + 1)) for y in range(h) for x in range(w + 1)]
    broken = draw(st.lists(st.sampled_from(es), max_size=3, unique=True))
    cells = [(x, y) for y in range(h) for x in range(w)]
    where = draw(st.lists(st.sampled_from(cells), max_size=min(len(cells), 5), unique=True))
    syms = {c: draw(symbols(kinds)) for c in where}
    return make_panel(w, h, starts, ends, broken=broken, symbols=syms, rules=draw(st.sampled_from(["paper", "solver"])))


def both_ways(panel) -> None:
    expected = {path_edges(p) for p in brute_force(panel)}
    assert {path_edges(p) for p in E.solutions(panel)} == expected
    assert count_dfs(panel) == len(expected)
    if not E.needs_refinement(panel) and all(s.kind != "antipoly" for _, s in panel.symbols):
        assert E.count(panel) == len(expected)  # Ganak (slow on antipolyomino windows: enumerated above)


SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("kinds", [["square"], ["square", "triangle"], ["star", "square"], ["star", "triangle"]])
@SETTINGS
@given(data=st.data())
def test_squares_and_stars(kinds, data) -> None:
    both_ways(data.draw(panels(kinds)))


@pytest.mark.parametrize("adjacent", [False, True])
@SETTINGS
@given(data=st.data())
def test_polyominoes_with_and_without_the_inside_parity(adjacent, data) -> None:
    both_ways(data.draw(panels(["poly", "triangle"], adjacent_ends=adjacent)))


@pytest.mark.parametrize("kinds", [["poly", "square"], ["poly", "antipoly"], ["poly", "star", "antibody"],
                                   ["monomino", "antimonomino"], ["monomino", "antimonomino", "antibody"]])
@SETTINGS
@given(data=st.data())
def test_pieces_beside_other_region_clues(kinds, data) -> None:
    both_ways(data.draw(panels(kinds, adjacent_ends=True)))


def test_inside_bound_on_a_tiled_panel_with_ends_on_an_outer_edge() -> None:
    """A domino beside the start's outer edge (or monominoes cancelling an antimonomino there): the cells
    enclosed by the path and that edge are its region."""
    for syms in ({(0, 0): poly(((0, 0), (1, 0)), True)},
                 {(0, 0): antipoly(((0, 0),)), (1, 1): poly(((0, 0),)), (2, 2): poly(((0, 0),))}):
        panel = make_panel(3, 3, [(0, 0)], [(1, 0)], symbols=syms)
        assert any(isinstance(n, tuple) and n[0] == "inside" for n in E.encode(panel).cnf.named())
        both_ways(panel)
