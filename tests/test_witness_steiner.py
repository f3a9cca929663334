"""Rectilinear Steiner tree (the source) and the Witness seed's Theorems 7.2 (rotatable dominoes) and 7.3
(monominoes + antimonominoes) built from it.

The source's encoding is checked against its brute force (box edge subsets) and its decisions against the
Hanan-grid minimum. The target panels' solutions are enumerated here by the independent
inner-region oracle (:func:`inner_region_solutions`: every simple polyomino holding the start's cell,
judged by the rule checker): every source solution maps forward to a path the checker accepts, every
target solution maps back to a tree the source checker accepts, and the two sides are solvable together;
on the smallest panels the Witness CNF enumerates the same solutions as the oracle.
"""

from __future__ import annotations

import itertools
import json

import pytest

from gadgetry.core import InputError
from gadgetry.core.registry import reduction
from gadgetry.puzzles.witness import WitnessProblem
from gadgetry.puzzles.witness import encoding as witness_cnf
from gadgetry.puzzles.witness.formats import read_web, write_web
from gadgetry.puzzles.witness.model import path_edges
from gadgetry.puzzles.witness.rules import check
from gadgetry.reductions.witness_dominoes_from_rectilinear_steiner_tree import (
    clamp_to_centre,
    clue_region,
    inner_region_solutions,
    layout,
    slide_to_lattice,
    spanning_tree,
    web_panel,
)
from gadgetry.sources import steiner
from gadgetry.sources.steiner import (
    EDGE_CASES,
    RectilinearSteinerTree,
    SteinerInstance,
    hanan_minimum,
    make_instance,
)
from gadgetry.verify.solve import solutions

P = RectilinearSteinerTree()
W = WitnessProblem()
DOMINOES = reduction("witness-dominoes-from-rectilinear-steiner-tree")
MONOMINOES = reduction("witness-monominoes-from-rectilinear-steiner-tree")
BOTH = (DOMINOES, MONOMINOES)


# -- the source ------------------------------------------------------------------------------------------
def test_encoding_matches_brute_force_and_hanan_on_every_small_instance() -> None:
    seen = 0
    for inst in P.exhaustive({"width": 3, "height": 2, "k": 4}):
        sat = {frozenset(s) for s in solutions(P, inst)}
        brute = {frozenset(s) for s in P.brute_force(inst)}
        assert sat == brute, inst
        assert bool(sat) == (hanan_minimum(inst) <= inst.k), inst
        seen += 1
    assert seen > 100


@pytest.mark.parametrize("mode", (None, "planted", "unsat", "unique", *EDGE_CASES))
def test_generator_modes_hold_what_they_promise(mode) -> None:
    for seed in range(6):
        gen = P.generate_seeded({"n": 3, "width": 3, "height": 3}, seed, mode)
        inst = gen.instance
        n = sum(1 for _ in P.brute_force(inst))
        assert n == P.count(inst)
        if mode == "unsat":
            assert n == 0 and hanan_minimum(inst) == inst.k + 1
        if mode == "unique":
            assert n == 1
        if gen.planted is not None:
            assert P.check(inst, gen.planted)
        if mode in EDGE_CASES:
            assert mode in P.structures(inst)


def test_counted_solutions_are_minimal_trees_in_the_box() -> None:
    inst = make_instance([(0, 0), (2, 0)], 4)
    straight = (((0, 0), (1, 0)), ((1, 0), (2, 0)))
    assert P.check(inst, straight)
    assert P.check(inst, straight + (((1, 0), (1, 1)),)).rule == "outside-box"
    inst = make_instance([(0, 0), (2, 1)], 5)
    assert P.check(inst, (((0, 0), (1, 0)), ((1, 0), (2, 0)), ((2, 0), (2, 1)), ((1, 0), (1, 1)))).rule == \
        "steiner-leaf"
    square = (((0, 0), (1, 0)), ((1, 0), (1, 1)), ((0, 1), (1, 1)), ((0, 0), (0, 1)))
    assert P.check(make_instance([(0, 0), (1, 1)], 4), square).rule == "cycle"
    assert P.check(make_instance([(0, 0), (2, 1)], 2), (((0, 0), (1, 0)), ((1, 0), (2, 0)), ((2, 0), (2, 1)))
                   ).rule == "too-long"
    assert P.check(make_instance([(0, 0), (2, 0)], 3), (((0, 0), (1, 0)),)).rule == "terminal-missing"
    assert P.check(make_instance([(1, 1)], 0), ())
    assert P.count(make_instance([(1, 1)], 3)) == 1  # one terminal: only the empty tree
    assert P.count(make_instance([(0, 0), (1, 1)], 2)) == 2  # the two L shapes
    assert P.count(make_instance([(0, 0), (1, 1)], 5)) == 2  # longer minimal trees leave the box


def test_json_round_trip_and_segments() -> None:
    inst = make_instance([(3, -1), (0, 0)], 4)
    assert P.instance_from_json(json.loads(json.dumps(P.instance_to_json(inst)))) == inst
    tree = P.solution_from_json(inst, [[[0, 0], [3, 0]], [[3, 0], [3, -1]]])
    assert len(tree) == 4 and P.check(inst, tree)
    assert P.solution_from_json(inst, json.loads(json.dumps(P.solution_to_json(inst, tree)))) == tree
    for bad in ({"points": [], "k": 1}, {"points": [[0, 0], [0, 0]], "k": 1}, {"points": [[0, 0]], "k": -1},
                {"points": [[0, 0], [steiner.MAX_SIDE + 1, 0]], "k": 1}, {"points": [[0, 0]], "k": 1, "x": 0}):
        with pytest.raises(InputError):
            P.instance_from_json(bad)
    with pytest.raises(InputError):
        P.solution_from_json(inst, [[[0, 0], [1, 1]]])


# -- the construction -------------------------------------------------------------------------------------
def test_layout_follows_the_paper() -> None:
    """Theorem 7.2: a (2m + 4k + 3)^2 board, clues at (2x_i, 2y_i) of C_m, 2k + 1 - n of them in the
    trunk from the bottom, 2k + 1 in all, start and end at the trunk's bottom corners."""
    src = make_instance([(5, 7), (7, 7), (6, 9)], 3)  # translated to (0, 0), (2, 0), (1, 2): m = 2
    lay = layout(src)
    assert lay is not None and (lay.m, lay.side, lay.margin, lay.root) == (2, 19, 7, (0, 0))
    panel = DOMINOES.reduce(src)
    assert (panel.width, panel.height, len(panel.symbols)) == (19, 19, 7)
    cells = {lay.from_model(c) for c, _ in panel.symbols}
    assert cells == {(7, 7), (11, 7), (9, 11), (7, 0), (7, 1), (7, 2), (7, 3)}
    assert all(s.shape == ((0, 0), (1, 0)) and s.rotatable and s.kind == "poly" for _, s in panel.symbols)
    assert (panel.starts, panel.ends) == (((7, 19),), ((8, 19),))
    mono = MONOMINOES.reduce(src)
    anti = {c for c, s in mono.symbols if s.kind == "antipoly"}
    assert len(mono.symbols) == 19 * 19 and anti == {c for c, _ in panel.symbols}
    assert DOMINOES.overhead(src)["symbols"] == 7 and MONOMINOES.overhead(src)["symbols"] == 361


@pytest.mark.parametrize("red", BOTH, ids=lambda r: r.theorem)
def test_trunk_count_below_zero_gives_the_fixed_no_panel(red) -> None:
    src = make_instance([(0, 0), (1, 0), (2, 0), (3, 0)], 1)  # 2k + 1 = 3 < n = 4
    panel = red.reduce(src)
    assert (panel.width, panel.height) == (1, 1)
    assert P.count(src) == 0 and list(inner_region_solutions(panel, 1)) == []
    assert sum(1 for _ in W.brute_force(panel)) == 0


def _small_sources() -> list[SteinerInstance]:
    """Every terminal set in a 2 x 2 box touching the axes, k up to 3 (2k + 1 > n, so the start's cell
    holds a clue and the oracle's bound 2(2k + 1) is exact), plus one terminal with k = 0 and k = 1."""
    out = [make_instance([(0, 0)], 0), make_instance([(0, 0)], 1)]
    box = [(0, 0), (1, 0), (0, 1), (1, 1)]
    for r in range(2, 5):
        for pts in itertools.combinations(box, r):
            if min(x for x, _ in pts) or min(y for _, y in pts):
                continue
            out += [make_instance(pts, k) for k in range(1, 4) if 2 * k + 1 > r and 2 * 2 + 4 * k + 3 <= 15]
    return out


def _target_solutions(src: SteinerInstance, panel) -> list:
    lay = layout(src)
    bound = 2 * (2 * lay.k + 1) if 2 * lay.k + 1 > len(src.points) else panel.width * panel.height
    return list(inner_region_solutions(panel, bound))


@pytest.mark.parametrize("red", BOTH, ids=lambda r: r.theorem)
def test_maps_both_ways_on_small_sources(red) -> None:
    """Forward: every source solution to a path the checker accepts; backward: every target solution (the
    inner-region oracle) to a tree the source checker accepts; decisions agree."""
    ratios = {}
    for src in _small_sources():
        panel = red.reduce(src)
        xs = list(solutions(P, src))
        for tree in xs:
            path = red.forward(src, panel, tree)
            assert check(panel, path), (src, tree)
            assert check(web_panel(panel), path), (src, tree)
        ys = _target_solutions(src, panel)
        assert bool(xs) == bool(ys), src
        lay = layout(src)
        for path in ys:
            back = red.backward(src, panel, path)
            assert P.check(src, back), (src, path, back)
            # the proof's steps: one region A holds every centre clue, and B_m has at most 2k + 1 cells
            region = clue_region(lay, panel, path, lay.centre_clues())
            assert set(lay.centre_clues()) <= region
            assert len(clamp_to_centre(lay, region)) <= 2 * lay.k + 1
        ratios[src] = (len(xs), len(ys))
    assert any(x == 0 for x, _ in ratios.values()) and any(x for x, _ in ratios.values())
    # measured counts (source, target): not parsimonious
    k1 = ratios[make_instance([(0, 0)], 1)]
    assert k1 == ((1, 33) if red is DOMINOES else (1, 51))
    assert ratios[make_instance([(0, 0), (1, 0)], 1)] == (1, 1)


@pytest.mark.parametrize("red", BOTH, ids=lambda r: r.theorem)
@pytest.mark.parametrize("pts", [[(0, 0)], [(0, 0), (1, 0)]])
def test_witness_cnf_enumerates_what_the_oracle_finds(red, pts) -> None:
    """The Witness CNF (labels bounded by the pieces' area, the inside parity) on 7 x 7 and 9 x 9 panels."""
    src = make_instance(pts, 1)
    panel = red.reduce(src)
    expected = {path_edges(p) for p in _target_solutions(src, panel)}
    assert {path_edges(p) for p in witness_cnf.solutions(panel)} == expected


def test_forward_on_larger_generated_sources() -> None:
    for mode in ("planted", None):
        for seed in range(8):
            src = P.generate_seeded({"n": 4, "width": 4, "height": 4, "slack": 2}, seed, mode).instance
            if layout(src) is None:
                continue
            for red in BOTH:
                panel = red.reduce(src)
                for tree in solutions(P, src, 5):
                    path = red.forward(src, panel, tree)
                    assert check(panel, path), (src, tree)
                    assert P.check(src, red.backward(src, panel, path))


def test_sliding_never_lengthens_the_tree() -> None:
    """The half-integer tree of the proof moved onto the lattice: at most half its length, connected."""
    cells = {(1, 0), (1, 1), (2, 1), (3, 1), (3, 2), (3, 3), (0, 0)}
    tree = spanning_tree(cells)
    moved = slide_to_lattice(tree)
    assert len(set(moved)) <= len(tree) / 2
    lay = layout(make_instance([(0, 0), (2, 2)], 4))
    assert clamp_to_centre(lay, [(0, 0), (100, 4), (9, 9), (11, 13)]) == {(0, 0), (4, 0), (2, 4)}
    with pytest.raises(InputError):
        spanning_tree({(0, 0), (2, 2)})


def test_board_too_big_is_one_line_error() -> None:
    from gadgetry.puzzles.witness.model import MAX_SIDE

    k = MAX_SIDE // 4  # the board's side is 2m + 4k + 3 > MAX_SIDE
    with pytest.raises(InputError, match=f"at most {MAX_SIDE}"):
        DOMINOES.reduce(make_instance([(0, 0), (30, 0)], k))


def test_panels_export_to_witness_web_and_render() -> None:
    src = make_instance([(0, 0), (1, 0)], 1)
    for red in BOTH:
        panel = red.reduce(src)
        assert read_web(write_web(web_panel(panel))) == web_panel(panel)
        svg = W.render_svg(panel, red.forward(src, panel, (((0, 0), (1, 0)),)))
        assert svg.startswith("<svg") or "<svg" in svg[:200]
