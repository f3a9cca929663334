"""The frontier counter and the incremental depth-first search against the brute-force oracle (every simple
path, then the pure-Python checker) on random small panels of every clue type, both rule sets, antibodies
and hollow pieces included, zero-solution panels among them; and the per-panel choice of counter."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gadgetry.puzzles.witness import WitnessProblem
from gadgetry.puzzles.witness.brute import brute_force
from gadgetry.puzzles.witness.dfs import count_dfs, dfs_solutions
from gadgetry.puzzles.witness.frontier import _Sweep, count_frontier
from gadgetry.puzzles.witness.model import (
    antibody,
    antipoly,
    make_panel,
    path_edges,
    poly,
    square,
    star,
    triangle,
)
from gadgetry.puzzles.witness.zdd import count_paths
from test_witness_solver import local_panel, random_panel

PROBLEM = WitnessProblem()


def brute_count(panel) -> int:
    return sum(1 for _ in brute_force(panel))


def mixed_panel(seed: int, side: int):
    """A random local panel (test_witness_solver.local_panel) with symbols drawn cell by cell from every
    kind (pieces, hollow pieces, antibodies) and random options: often without solutions."""
    base = local_panel(seed, side, triangles=False)
    rng = random.Random(-seed)
    shapes = [[(0, 0)], [(0, 0), (1, 0)], [(0, 0), (0, 1), (1, 1)], [(0, 0), (1, 0), (2, 0)]]
    makers = [lambda: square(rng.choice(["black", "white"])), lambda: star(rng.choice(["red", "black"])),
              lambda: triangle(rng.randint(1, 3)), lambda: poly(rng.choice(shapes), rng.random() < 0.5),
              lambda: antipoly(rng.choice(shapes[:2]), rng.random() < 0.5), lambda: antibody()]
    weights = [4, 4, 3, 3, 1, 1] if rng.random() < 0.7 else [4, 4, 3, 3, 0, 0]
    cs = [(x, y) for y in range(base.height) for x in range(base.width)]
    syms = {c: rng.choices(makers, weights)[0]() for c in rng.sample(cs, rng.randint(0, min(6, len(cs))))}
    return make_panel(base.width, base.height, base.starts, base.ends, broken=base.broken,
                      edge_hexagons=base.edge_hexagons, vertex_hexagons=base.vertex_hexagons, symbols=syms,
                      rules=base.rules,
                      options={"reflect": rng.random() < 0.3, "eliminate_visited_hexagons": rng.random() < 0.3})


@pytest.mark.parametrize("seed", range(40))
def test_frontier_and_dfs_equal_brute_force_on_generated_panels(seed: int) -> None:
    panel = random_panel(20_000 + seed, 3)
    expected = brute_count(panel)
    assert count_frontier(panel) == expected
    assert count_dfs(panel) == expected


@pytest.mark.parametrize("block", range(8))
def test_frontier_and_dfs_equal_brute_force_on_mixed_panels(block: int) -> None:
    zero = 0
    for seed in range(30 * block, 30 * (block + 1)):
        panel = mixed_panel(seed, 3)
        expected = {path_edges(p) for p in brute_force(panel)}
        zero += not expected
        assert count_frontier(panel) == len(expected), seed
        assert {path_edges(p) for p in dfs_solutions(panel)} == expected, seed
    assert 0 < zero < 30


@pytest.mark.parametrize("seed", range(20))
def test_frontier_equals_zdd_on_local_panels(seed: int) -> None:
    panel = local_panel(30_000 + seed, 5)
    assert count_frontier(panel) == count_paths(panel)


def test_frontier_known_values() -> None:
    assert count_frontier(make_panel(5, 5, [(0, 0)], [(5, 5)])) == 1_262_816
    assert count_frontier(make_panel(4, 3, [(0, 3)], [(4, 0)], symbols={(1, 1): square("black")})) == \
        brute_count(make_panel(4, 3, [(0, 3)], [(4, 0)], symbols={(1, 1): square("black")}))


def test_unsat_panels_count_zero() -> None:
    seen = 0
    for seed in range(12):
        panel = PROBLEM.generate_seeded({"width": 3, "height": 3, "symbols": 5}, seed, "unsat").instance
        expected = brute_count(panel)
        seen += expected == 0
        assert count_frontier(panel) == expected
    assert seen


def test_counting_method_follows_the_clues() -> None:
    local = make_panel(3, 3, [(0, 3)], [(3, 0)], symbols={(1, 1): triangle(2)}, vertex_hexagons=[(1, 1)])
    assert PROBLEM.counting_method(local) == "zdd"
    for s in (square(), star(), poly([(0, 0)]), antibody()):
        assert PROBLEM.counting_method(make_panel(3, 3, [(0, 3)], [(3, 0)], symbols={(1, 1): s})) == "frontier"
    assert {"frontier", "dfs", "zdd", "cegar"} <= set(PROBLEM.extra_counters())
    assert PROBLEM.counting_method(make_panel(9, 2, [(0, 0)], [(9, 2)], symbols={(0, 0): poly([(0, 0)])})) == "ganak"
    # squares and stars only: the frontier up to FRONTIER_WIDTH columns, at any height
    assert PROBLEM.counting_method(make_panel(16, 20, [(0, 0)], [(16, 20)], symbols={(0, 0): square()})) == "frontier"
    assert PROBLEM.counting_method(make_panel(17, 2, [(0, 0)], [(17, 2)], symbols={(0, 0): star()})) == "ganak"
    assert PROBLEM.counting_method(make_panel(2, 9, [(0, 0)], [(2, 9)], symbols={(0, 0): antibody()})) == "cegar"


def test_auto_count_runs_the_chosen_method() -> None:
    from gadgetry.verify.solve import count

    panel = make_panel(3, 3, [(0, 3)], [(3, 0)], symbols={(0, 0): square("black"), (2, 2): square("white")})
    result = count(PROBLEM, panel)
    assert result.method == "frontier" and result.count == brute_count(panel)


def test_hollow_pieces_and_antibodies_on_planted_panels() -> None:
    """Planted panels (at least one solution) with solver hollow pieces, paper antipolyominoes and
    antibodies, against brute force."""
    kinds_solved = set()
    for seed in range(24):
        panel = PROBLEM.generate_seeded({"width": 3, "height": 3, "symbols": 6, "hollow": 1, "rules": seed % 2,
                                         "antibodies": seed // 2 % 2}, seed, "planted").instance
        expected = brute_count(panel)
        assert count_frontier(panel) == expected, seed
        if expected:
            kinds_solved |= {(panel.rules, s.kind) for _, s in panel.symbols}
    assert {("solver", "antipoly"), ("paper", "antipoly"), ("paper", "antibody"), ("solver", "antibody")} <= kinds_solved


@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), rules=st.integers(0, 1), antibodies=st.integers(0, 1), wide=st.booleans())
def test_frontier_equals_brute_force_on_piece_laden_panels(seed: int, rules: int, antibodies: int, wide: bool) -> None:
    """Planted 4 x 3 / 3 x 4 panels crowded with symbols ((anti)polyominoes, hollow pieces, squares, stars,
    antibodies), where the frontier forgets the cells of regions too large for their pieces (and drops
    states whose pieces can no longer fill their region), then perturbed: often without solutions."""
    w, h = (4, 3) if wide else (3, 4)
    params = {"width": w, "height": h, "symbols": 8, "hollow": 1, "rules": rules, "antibodies": antibodies}
    panel = PROBLEM.generate_seeded(params, seed, "planted").instance
    for p in (panel, PROBLEM.generate_seeded(params, seed, None).instance):
        assert count_frontier(p) == brute_count(p)


def clue_panel(seed: int, draw, rows: int | None = None):
    """A random 4 x 3 or 3 x 4 panel (start and end anywhere, a few broken edges, either rule set, pieces
    reflectable or not) with two to six symbols ``draw(rng)`` in the cells of its first ``rows`` rows."""
    rng = random.Random(seed)
    w, h = rng.choice([(4, 3), (3, 4)])
    vs = [(x, y) for y in range(h + 1) for x in range(w + 1)]
    start, end = rng.sample(vs, 2)
    es = [((x, y), (x + 1, y)) for y in range(h + 1) for x in range(w)] + \
         [((x, y), (x, y + 1)) for y in range(h) for x in range(w + 1)]
    cs = [(x, y) for y in range(rows or h) for x in range(w)]
    syms = {c: draw(rng) for c in rng.sample(cs, rng.randint(2, min(6, len(cs))))}
    return make_panel(w, h, [start], [end], broken=rng.sample(es, rng.randint(0, 3)), symbols=syms,
                      rules=rng.choice(["paper", "solver"]), options={"reflect": rng.random() < 0.3})


@settings(max_examples=30, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6))
def test_frontier_equals_brute_force_on_star_panels(seed: int) -> None:
    """Stars with squares, triangles and polyominoes of the stars' colours (counted by a star under
    ``solver`` rules, squares under both): the frontier settles a star colour once no counted symbol is
    left outside a region (two: passed; fewer: dead)."""
    def draw(rng):
        colour = rng.choice(["red", "black"])
        return rng.choice([star(colour), star(colour), square(rng.choice(["red", "black", "white"])),
                           triangle(rng.randint(1, 3), colour), poly([(0, 0)], colour=colour)])
    panel = clue_panel(seed, draw)
    assert count_frontier(panel) == brute_count(panel)


@pytest.mark.parametrize("block", range(4))
def test_frontier_equals_brute_force_when_pieces_share_a_form(block: int) -> None:
    """Several polyominoes and antipolyominoes in one panel, all of one shape with a common fixed form
    (monominoes, or dominoes fixed or rotatable) or not (a fixed horizontal and a fixed vertical domino):
    a region too large for its shape keeps only its net area when that decides (``solver`` rules always,
    ``paper`` rules with a common form)."""
    kinds = [[(0, 0)], [(0, 0), (1, 0)], [(0, 0), (0, 1)]]
    paper = set()
    for seed in range(12 * block, 12 * (block + 1)):
        shapes = [kinds[seed % 3]] if seed % 4 else kinds[1:]
        rotate = [False, True] if seed % 3 else [False]
        panel = clue_panel(seed, lambda rng, shapes=shapes, rotate=rotate:
                           rng.choice([poly, antipoly])(rng.choice(shapes), rng.choice(rotate)))
        sweep = _Sweep(panel)
        if panel.rules == "paper":
            paper.add(sweep.net_only)
        assert sweep.count() == brute_count(panel), seed
    assert paper == {False, True}


def test_frontier_equals_brute_force_with_clues_in_the_first_rows() -> None:
    """Region clues in the first rows (random ones, and stars and cancelling pieces laid out to pair up
    across the panel, one star in the last row), so that the last rows sweep with few or none to come:
    states whose open regions pass on the same unions, with each addition the cells to come can make,
    share one summary (checked to happen here)."""
    def draw(rng):
        return rng.choice([square("black"), square("white"), star("red"), star("red"), star("black"),
                           poly([(0, 0)]), poly([(0, 0), (1, 0)], True), antipoly([(0, 0)]), antipoly([(0, 0)])])
    panels = [clue_panel(seed, draw, rows=2) for seed in range(16)]
    for w, h in ((4, 3), (3, 4)):
        for layout in ({(0, 0): star("red"), (1, 0): poly([(0, 0)]), (2, 0): star("red"), (3, 0): antipoly([(0, 0)])},
                       {(0, 0): star("red"), (1, 0): antipoly([(0, 0)]), (w - 1, 0): star("red"),
                        (w - 2, 1): poly([(0, 0)])},
                       {(0, 0): poly([(0, 0)]), (1, 0): antipoly([(0, 0)]), (w - 1, 0): poly([(0, 0)]),
                        (w - 2, 0): antipoly([(0, 0)])},
                       {(0, 0): star("red"), (1, 0): poly([(0, 0)]), (2, 0): antipoly([(0, 0)]),
                        (w - 1, h - 1): star("red")}):
            for rules in ("paper", "solver"):
                for start, end in (((0, h), (w, 0)), ((w // 2, h), (0, 0))):
                    panels.append(make_panel(w, h, [start], [end], rules=rules,
                                             symbols={c: s for c, s in layout.items() if c[0] < w}))
    shared = 0
    for panel in panels:
        sweep = _Sweep(panel)
        assert sweep.count() == brute_count(panel), panel
        shared += len(sweep.reps_by_sums) > len(sweep.reps)
    assert shared >= 16
