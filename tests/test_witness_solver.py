"""The Witness SAT encoding (both rule sets), the antibody refinement, the ZDD counter and the polynomial
cases, each against the brute-force oracle (depth-first paths plus the checker) or against each other."""

from __future__ import annotations

import random

import pytest

from gadgetry.core import InputError
from gadgetry.puzzles.witness import WitnessProblem, poly
from gadgetry.puzzles.witness import encoding as E
from gadgetry.puzzles.witness.brute import brute_force
from gadgetry.puzzles.witness.model import (
    all_edges,
    antibody,
    make_panel,
    path_edges,
    square,
    star,
    triangle,
    vertices,
)
from gadgetry.puzzles.witness.model import poly as piece
from gadgetry.puzzles.witness.zdd import count_paths

PROBLEM = WitnessProblem()


def random_panel(seed: int, side: int):
    """A generated panel (every clue type, either rule set) of at most side x side cells."""
    rng = random.Random(seed)
    params = PROBLEM.resolve_params({"width": rng.randint(1, side), "height": rng.randint(1, side),
                                     "symbols": rng.randint(0, 6), "antibodies": rng.choice([0, 0, 0, 1, 2]),
                                     "starts": rng.choice([1, 1, 2]), "ends": rng.choice([1, 1, 2])})
    return PROBLEM.generate(params, rng).instance


def local_panel(seed: int, side: int, triangles: bool = True):
    """A random panel with local clues only: broken edges, hexagons, triangles."""
    rng = random.Random(seed)
    w, h = rng.randint(1, side), rng.randint(1, side)
    vs = [(x, y) for y in range(h + 1) for x in range(w + 1)]
    starts = rng.sample(vs, rng.choice([1, 1, 2]))
    ends = rng.sample([v for v in vs if v not in starts], rng.choice([1, 1, 2]))
    es = [((x, y), (x + 1, y)) for y in range(h + 1) for x in range(w)] + \
         [((x, y), (x, y + 1)) for y in range(h) for x in range(w + 1)]
    broken = set(rng.sample(es, rng.randint(0, len(es) // 4)))
    hexes = set(rng.sample([e for e in es if e not in broken], rng.randint(0, 2)))
    vhex = set(rng.sample(vs, rng.randint(0, 2)))
    cs = [(x, y) for y in range(h) for x in range(w)]
    syms = {c: triangle(rng.randint(1, 3)) for c in rng.sample(cs, rng.randint(0, min(3, len(cs))))} \
        if triangles else {}
    return make_panel(w, h, starts, ends, broken=broken, edge_hexagons=hexes, vertex_hexagons=vhex,
                      symbols=syms, rules=rng.choice(["paper", "solver"]))


def brute(panel) -> set:
    return {path_edges(p) for p in brute_force(panel)}


def sat(panel) -> set:
    return {path_edges(p) for p in E.solutions(panel)}


# -- SAT encoding and refinement against brute force ------------------------------------------------------
@pytest.mark.parametrize("seed", range(250))
def test_solutions_equal_brute_force(seed: int) -> None:
    panel = random_panel(seed, 3)
    assert sat(panel) == brute(panel)


@pytest.mark.parametrize("seed", range(60))
def test_ganak_count_equals_brute_force(seed: int) -> None:
    panel = random_panel(10_000 + seed, 3)
    if E.needs_refinement(panel):
        with pytest.raises(InputError):
            E.encode(panel)
        return
    assert E.count(panel) == len(brute(panel))


@pytest.mark.slow
@pytest.mark.parametrize("block", range(20))
def test_thousands_up_to_4x4(block: int) -> None:
    for seed in range(100_000 + 100 * block, 100_000 + 100 * (block + 1)):
        panel = random_panel(seed, 4)
        expected = brute(panel)
        assert sat(panel) == expected, seed
        if not E.needs_refinement(panel):
            assert E.count(panel) == len(expected), seed


def test_decoded_paths_pass_the_checker() -> None:
    panel = make_panel(3, 3, [(0, 3)], [(3, 0)], symbols={(0, 0): square("black"), (2, 2): square("white"),
                                                           (1, 1): triangle(2)})
    paths = list(E.solutions(panel))
    assert paths and all(PROBLEM.check(panel, p) for p in paths)
    assert E.solve(panel) in paths


def test_empty_panels_known_counts() -> None:
    assert E.count(make_panel(3, 3, [(0, 0)], [(3, 3)])) == 184
    assert E.count(make_panel(2, 2, [(0, 0)], [(2, 2)]), method="enumeration") == 12


@pytest.mark.slow
def test_empty_5x5_sat_count() -> None:
    assert E.count(make_panel(5, 5, [(0, 0)], [(5, 5)])) == 1_262_816


def test_encode_refuses_antibodies_and_refinement_counts() -> None:
    # Definition 1 (Witness seed, section 8): three stars of one colour and an antibody can be satisfied.
    panel = make_panel(2, 1, [(0, 0)], [(2, 0)], symbols={(0, 0): star("red"), (1, 0): antibody("white")})
    with pytest.raises(InputError):
        E.encode(panel)
    assert E.count(panel) == len(brute(panel))
    assert sat(panel) == brute(panel)


def test_solver_rules_count_every_symbol_for_stars() -> None:
    syms = {(0, 0): star("red"), (1, 0): triangle(1, "red")}
    for rules in ("paper", "solver"):
        panel = make_panel(2, 1, [(0, 1)], [(2, 1)], symbols=syms, rules=rules)
        assert sat(panel) == brute(panel)
    assert not sat(make_panel(2, 1, [(0, 1)], [(2, 1)], symbols=syms, rules="paper"))


# -- ZDD -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(60))
def test_zdd_equals_brute_force(seed: int) -> None:
    panel = local_panel(seed, 4)
    assert count_paths(panel) == len(brute(panel))


def test_zdd_known_values() -> None:
    assert count_paths(make_panel(5, 5, [(0, 0)], [(5, 5)])) == 1_262_816
    assert count_paths(make_panel(6, 6, [(0, 0)], [(6, 6)])) == 575_780_564


def test_zdd_declines_region_clues() -> None:
    assert count_paths(make_panel(2, 2, [(0, 0)], [(2, 2)], symbols={(0, 0): square()})) is None


@pytest.mark.parametrize("seed", range(20))
def test_zdd_equals_ganak(seed: int) -> None:
    panel = local_panel(500 + seed, 3)
    assert count_paths(panel) == E.count(panel)


# -- polynomial cases --------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(60))
def test_broken_edges_only_agrees_with_sat(seed: int) -> None:
    panel = local_panel(1000 + seed, 4, triangles=False)
    panel = make_panel(panel.width, panel.height, panel.starts, panel.ends, broken=panel.broken,
                       rules=panel.rules)
    path = poly.broken_edges_only(panel)
    assert (path is not None) == (E.solve(panel) is not None)
    if path is not None:
        assert PROBLEM.check(panel, path)


def test_poly_refuses_other_clues() -> None:
    with pytest.raises(InputError):
        poly.broken_edges_only(make_panel(1, 1, [(0, 0)], [(1, 1)], symbols={(0, 0): square()}))


@pytest.mark.parametrize("seed", range(80))
def test_monominoes_become_forced_edges(seed: int) -> None:
    """Theorem 7.1's reduction: the monomino panel and its forced-edge panel have the same solutions."""
    rng = random.Random(seed)
    w, h = rng.randint(1, 4), rng.randint(1, 3)
    base = make_panel(w, h, [(0, 0)], [(w, h)])
    vs = vertices(base)
    starts = rng.sample(vs, rng.choice([1, 2]))
    ends = rng.sample([v for v in vs if v not in starts], 1)
    cs = [(x, y) for y in range(h) for x in range(w)]
    monos = rng.sample(cs, rng.randint(0, len(cs) // 2 + 1))
    broken = set(rng.sample(all_edges(base), rng.randint(0, 3)))
    panel = make_panel(w, h, starts, ends, broken=broken, symbols={c: piece([(0, 0)]) for c in monos},
                       rules=rng.choice(["paper", "solver"]))
    expected = brute(panel)
    forced = poly.monomino_hexagons(panel)
    if forced is None:
        assert not expected
    else:
        assert brute(forced) == expected
        assert count_paths(forced) == len(expected)


def test_sigma2_panels_are_solved_and_enumerated_through_the_problem_protocol() -> None:
    """``solve`` and ``count --method enumeration`` reach the refinement loop (Problem.solutions_without_cnf)
    for antibody panels, which ``encode`` refuses; both agree with the brute-force enumerator."""
    from gadgetry.core.registry import problem
    from gadgetry.verify.solve import count, solve

    prob = problem("witness")
    seen_sat = 0
    for seed in range(12):
        panel = prob.generate_seeded({"antibodies": 1}, seed, "planted").instance
        with pytest.raises(InputError):
            prob.encode(panel)
        res = solve(prob, panel)
        brute = count(prob, panel, "brute-force").count
        assert (res.status == "sat") == (brute > 0)
        if res.status == "sat":
            seen_sat += 1
            assert prob.check(panel, res.solution)
        assert count(prob, panel, "enumeration").count == brute
    assert seen_sat
