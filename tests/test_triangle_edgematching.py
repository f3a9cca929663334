"""Triangular edge matching (Edge-matching seed, section 4): the puzzle's three layouts (encoding counts
against brute force, JSON, rendering), the Eulerian algorithms of section 4.2 against brute force and the
SAT solver (Corollary 4.6, Theorem 4.7 with the path correction, Theorem 4.9), and the reductions
(Lemma 4.2, Theorem 4.3, Corollary 4.4, the hypotenuse simulation of squares, Theorem 4.10) through the
verification protocol, 200 instances each in the slow run."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gadgetry.core import InputError
from gadgetry.core.registry import problem, reductions
from gadgetry.core.sat import count_enumeration, count_ganak, solve_clauses
from gadgetry.puzzles.edgematching.square_model import EdgeMatching
from gadgetry.puzzles.edgematching.eulerian_trails import (
    antidirected_euler_path,
    forbidden_transition_antidirected_path,
    forbidden_transition_trail,
)
from gadgetry.puzzles.edgematching.triangle import TriangleEdgeMatching, solve_leg
from gadgetry.reductions.triangle_edge_matching_hypotenuse_from_edge_matching import symmetry_factor
from gadgetry.sources.euler_circuits import EulerGraph
from gadgetry.verify.protocol import PASS, Limits, verify_reduction

TRI = problem("triangle-edge-matching")
EULER = problem("euler-circuit")
NAMES = sorted(n for n, r in reductions().items() if r.target == "triangle-edge-matching"
               or n == "hamiltonian-path-from-hamiltonian-cycle-deg3")


def _count_cnf(inst) -> int:
    cnf = TRI.encode(inst).cnf
    return count_enumeration(cnf.nvars, cnf.clauses, cnf.projection)


# -- the puzzle ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("layout", [1, 2, 3])
def test_encoding_counts_equal_brute_force(layout: int) -> None:
    nonzero = 0
    for seed in range(50):
        rng = random.Random(seed)
        params = {"layout": layout, "tiles": rng.randint(1, 4), "colours": rng.randint(1, 3),
                  "reflection": 2}
        inst = TRI.generate_seeded(params, seed, ("planted", None)[seed % 2]).instance
        brute = sum(1 for _ in TRI.brute_force(inst))
        assert _count_cnf(inst) == brute, inst
        nonzero += brute > 0
        if seed % 25 == 0:
            cnf = TRI.encode(inst).cnf
            assert count_ganak(cnf.nvars, cnf.clauses, cnf.projection) == brute
    assert nonzero > 10


def test_equilateral_symmetric_tile_counted_once() -> None:
    inst = TriangleEdgeMatching("equilateral", ((1, 1, 1),), "unsigned", True, True)
    assert list(TRI.brute_force(inst)) == [((0, 0),)]
    assert not TRI.check(inst, ((0, 1),))
    assert _count_cnf(inst) == 1
    two = TriangleEdgeMatching("equilateral", ((1, 2, 2),), "unsigned", True, True)
    assert _count_cnf(two) == 3  # reflection of (1, 2, 2) is a rotation of it


def test_hypotenuse_cell_diagonal_is_shared() -> None:
    inst = TriangleEdgeMatching("hypotenuse", ((1, 2, 5), (3, 4, 5)), "unsigned")
    sols = list(TRI.brute_force(inst))
    assert len(sols) == 4 and _count_cnf(inst) == 4  # the four rotations of one square
    assert not TRI.check(inst, ((0, 0), (1, 1)))


def test_leg_layout_orientation_follows_slot() -> None:
    # Slot 1 has its hypotenuse on top: a tile (u, v) there shows left v, right u.
    inst = TriangleEdgeMatching("leg", ((1, 2, 9), (3, 2, 9)), "unsigned", True)
    assert list(TRI.brute_force(inst)) == [((0, 0), (1, 0)), ((1, 0), (0, 0))]
    flipped = TriangleEdgeMatching("leg", ((1, 2, 9), (3, 2, 9)), "unsigned", False)
    assert list(TRI.brute_force(flipped)) == []  # hyp-top first: right legs 1 / 3 never meet


def test_left_boundary_signed_and_unsigned() -> None:
    for kind, colour, ok in (("signed", -1, True), ("signed", 1, False), ("unsigned", 1, True)):
        inst = TriangleEdgeMatching("leg", ((1, 2, 9),), kind, True, False, colour)
        assert bool(list(TRI.brute_force(inst))) == ok


def test_json_round_trip_and_render() -> None:
    for seed in range(20):
        inst = TRI.generate_seeded({"tiles": 4}, seed, "planted")
        body = TRI.instance_to_json(inst.instance)
        assert TRI.instance_from_json(body) == inst.instance
        sol = TRI.solution_from_json(inst.instance, TRI.solution_to_json(inst.instance, inst.planted))
        assert TRI.check(inst.instance, sol)
        assert TRI.render_svg(inst.instance, sol).startswith("<svg")
        assert TRI.render_svg(inst.instance).startswith("<svg")


@pytest.mark.parametrize("body", [
    {}, {"tiles": "x"}, {"layout": "square", "kind": "signed", "tiles": [[1, 2, 3]]},
    {"layout": "leg", "kind": "signed", "tiles": [[0, 1, 2]]},
    {"layout": "hypotenuse", "kind": "unsigned", "tiles": [[1, 2, 3]]},
    {"layout": "leg", "kind": "unsigned", "tiles": [[1, 2, 3]], "reflection": True},
    {"layout": "leg", "kind": "unsigned", "tiles": [[1, 2]]},
    {"layout": "leg", "kind": "unsigned", "tiles": [[1, 2, 3]], "left": "a"},
    {"layout": "hypotenuse", "kind": "unsigned", "tiles": [[1, 2, 3], [1, 2, 3]], "first_up": False}])
def test_malformed_json_rejected(body) -> None:
    with pytest.raises(InputError):
        TRI.instance_from_json(body)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(["layout", "kind", "tiles", "first_up", "reflection", "left"]),
                       st.recursive(st.none() | st.booleans() | st.integers(-3, 3) | st.text(max_size=3),
                                    lambda c: st.lists(c, max_size=4), max_leaves=12)))
def test_fuzzed_json_raises_input_error_only(body) -> None:
    try:
        TRI.instance_from_json(body)
    except InputError:
        pass


# -- Eulerian algorithms ---------------------------------------------------------------------------------

def _antidirected_paths(arcs):
    """Every antidirected Euler path as (arc, forwards) steps, by brute force over arc orders."""
    for order in itertools.permutations(range(len(arcs))):
        for first in (True, False):
            steps, ok = [], True
            for j, k in enumerate(order):
                fwd = first if j % 2 == 0 else not first
                if j:
                    pk, pf = steps[-1]
                    shared_prev = arcs[pk][1] if pf else arcs[pk][0]  # where the previous step ended
                    start_here = arcs[k][0] if fwd else arcs[k][1]
                    ok = shared_prev == start_here
                    if not ok:
                        break
                steps.append((k, fwd))
            if ok:
                yield steps


def _valid_antidirected(arcs, steps, start, end) -> bool:
    if sorted(k for k, _f in steps) != list(range(len(arcs))):
        return False
    for j in range(1, len(steps)):
        (pk, pf), (k, f) = steps[j - 1], steps[j]
        if f == pf or (arcs[pk][1] if pf else arcs[pk][0]) != (arcs[k][0] if f else arcs[k][1]):
            return False
    return (start is None or steps[0][1] == start) and (end is None or steps[-1][1] == end)


def test_antidirected_euler_path_against_brute_force() -> None:
    rng = random.Random(3)
    agree = 0
    for _trial in range(250):
        nv, m = rng.randint(1, 4), rng.randint(1, 5)
        arcs = [(rng.randrange(nv), rng.randrange(nv)) for _ in range(m)]
        arcs = [(a, b) for a, b in arcs if a != b] or [(0, 1)]
        start, end = rng.choice([None, True, False]), rng.choice([None, True, False])
        want = any(_valid_antidirected(arcs, p, start, end) for p in _antidirected_paths(arcs))
        got = antidirected_euler_path(arcs, start, end)
        assert (got is not None) == want, (arcs, start, end)
        if got is not None:
            assert _valid_antidirected(arcs, got, start, end)
        agree += want
    assert agree > 30


def _ft_trail_exists(edges, groups) -> bool:
    for order in itertools.permutations(range(len(edges))):
        for x in {edges[order[0]][0], edges[order[0]][1]}:
            ok = True
            prev = None
            for k in order:
                a, b = edges[k]
                if x not in (a, b):
                    ok = False
                    break
                side = 0 if a == x else 1
                if prev is not None and groups[prev[0]][prev[1]] == groups[k][side]:
                    ok = False
                    break
                x = b if side == 0 else a
                prev = (k, 1 - side)
            if ok:
                return True
    return False


def _valid_ft(edges, groups, trail) -> bool:
    if sorted(k for k, _a in trail) != list(range(len(edges))):
        return False
    for j, (k, a) in enumerate(trail):
        if a not in edges[k]:
            return False
        if j:
            pk, pa = trail[j - 1]
            head = edges[pk][0] + edges[pk][1] - pa
            if head != a:
                return False
            if groups[pk][0 if edges[pk][0] == head and edges[pk][1] != head else 1] == \
                    groups[k][0 if edges[k][0] == a else 1]:
                return False
    return True


def test_forbidden_transition_trail_against_brute_force() -> None:
    rng = random.Random(5)
    found = 0
    for _trial in range(300):
        nv, m = rng.randint(2, 4), rng.randint(1, 6)
        edges = [tuple(rng.sample(range(nv), 2)) for _ in range(m)]
        groups = [(rng.randrange(2), rng.randrange(2)) for _ in range(m)]
        want = _ft_trail_exists(edges, groups)
        got = forbidden_transition_trail(edges, groups)
        assert (got is not None) == want, (edges, groups)
        if got is not None:
            assert _valid_ft(edges, groups, got), (edges, groups, got)
        found += want
    assert found > 50


def test_kotzig_path_correction_counterexample() -> None:
    """Theorem 4.7's bound fails for paths: a triangle whose two edges at a share a group has the trail
    a-b-c-a, though 2 > deg/2."""
    edges = [(0, 1), (1, 2), (2, 0)]
    groups = [("g", 0), (1, 2), (3, "g")]
    trail = forbidden_transition_trail(edges, groups)
    assert trail is not None and trail[0][1] == 0 and _valid_ft(edges, groups, trail)
    assert forbidden_transition_trail(edges, groups, start_ok=lambda x: x != 0) is None


def test_forbidden_transition_antidirected_respects_groups() -> None:
    # Two arcs out of 0 in one group: they cannot be consecutive at 0+.
    assert forbidden_transition_antidirected_path([(0, 1), (0, 2)], [("a", 1), ("a", 2)]) is None
    assert forbidden_transition_antidirected_path([(0, 1), (0, 2)], [("a", 1), ("b", 2)]) is not None


def test_theorem_49_literal_criterion_smallest_failure_is_solved() -> None:
    inst = TriangleEdgeMatching("leg", ((1, -1, 5), (1, 1, 5)), "signed", True)
    sol = solve_leg(inst)
    assert sol is not None and TRI.check(inst, sol)


def _leg_agreement(count: int, seed0: int) -> int:
    yes = 0
    for seed in range(seed0, seed0 + count):
        rng = random.Random(seed)
        params = {"layout": 3, "tiles": rng.randint(1, 9), "colours": rng.randint(1, 4), "boundary": 2,
                  "kind": rng.choice([0, 1, 2])}
        inst = TRI.generate_seeded(params, seed, (None, "planted")[seed % 2]).instance
        sol = solve_leg(inst)
        sat = solve_clauses(TRI.encode(inst).cnf.clauses) is not None
        assert (sol is not None) == sat, inst
        if sol is not None:
            assert TRI.check(inst, sol)
        yes += sat
    return yes


def test_theorem_49_agrees_with_sat() -> None:
    assert 100 < _leg_agreement(400, 0) < 400


@pytest.mark.slow
def test_theorem_49_agrees_with_sat_many() -> None:
    assert _leg_agreement(5000, 10_000) > 1000


# -- reductions ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_reduction_quick(name: str) -> None:
    rep = verify_reduction(reductions()[name], instances=1, seed=3, limits=Limits(seconds=120))
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_reduction_200_instances(name: str) -> None:
    rep = verify_reduction(reductions()[name], instances=200, seed=11, limits=Limits(seconds=300))
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]
    assert any(r.source_count for r in rep.instances) and any(r.source_count == 0 for r in rep.instances)


def test_hypotenuse_simulation_with_left_boundary() -> None:
    red = reductions()["triangle-edge-matching-hypotenuse-from-edge-matching"]
    sq = problem("edge-matching")
    rng = random.Random(1)
    for _ in range(25):
        kind = rng.choice(["signed", "unsigned"])
        alpha = [1, -1, 2, -2] if kind == "signed" else [1, 2]
        tiles = tuple(tuple(rng.choice(alpha) for _ in range(4)) for _ in range(3))
        x = EdgeMatching(1, 3, tiles, kind, True, (((0, 0, "w"), rng.choice(alpha)),))
        y = red.reduce(x)
        assert y.left == x.boundary[0][1]
        assert _count_cnf(y) == symmetry_factor(x) * sum(1 for _ in sq.brute_force(x))
    with pytest.raises(InputError):
        red.reduce(EdgeMatching(2, 1, ((1, 1, 1, 1), (1, 1, 1, 1)), "unsigned"))


BOWTIE = EulerGraph(5, ((0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (3, 4)))
K24 = EulerGraph(6, ((0, 2), (0, 3), (0, 4), (0, 5), (1, 2), (1, 3), (1, 4), (1, 5)))


@pytest.mark.parametrize("g", [BOWTIE, pytest.param(K24, marks=pytest.mark.slow)])
def test_theorem_410_counts_with_several_circuits(g: EulerGraph) -> None:
    """Graphs with several Euler circuits: the target count is exactly the claimed factor times theirs."""
    for name in ("triangle-edge-matching-leg-unsigned-from-euler-circuit",
                 "triangle-edge-matching-leg-signed-from-euler-circuit"):
        red = reductions()[name]
        circuits = sum(1 for _ in EULER.brute_force(g))
        assert circuits >= 2
        cnf = TRI.encode(red.reduce(g)).cnf
        assert count_ganak(cnf.nvars, cnf.clauses, cnf.projection) == red.claim.expected(g, circuits)
