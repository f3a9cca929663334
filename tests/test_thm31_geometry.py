"""The Theorem 3.1 builder's crossings (Edge-matching seed, section 3.1): the integer rank test and the
exact crossing points against pairwise segment intersection with Fractions; the ordered right column
keeps every variable once and the graph's class (the Theorem's own tests check gadgets and counts)."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from gadgetry.reductions import hamiltonian_cycle_from_planar_positive_1in3sat as thm31
from gadgetry.sources.planar_sat import PROBLEMS as PLANAR_PROBLEMS


def fraction_crossings(right_rank, left_rank):
    """Each line from (1, y_right) to (0, y_left) with the perturbed heights in Fractions; two lines cross
    where their heights swap, at t = the distance from the right column."""
    size = len(right_rank)
    yr = {k: Fraction(size - r) + Fraction(r * r, 7919 * size * size + 1) for k, r in right_rank.items()}
    yl = {k: Fraction(r) + Fraction(r ** 3, 104729 * size ** 3 + 1) for k, r in left_rank.items()}
    out = []
    for i, j in itertools.combinations(range(size), 2):
        if (yr[i] - yr[j]) * (yl[i] - yl[j]) < 0:
            out.append(((yr[j] - yr[i]) / ((yl[i] - yr[i]) - (yl[j] - yr[j])), i, j))
    return sorted(out)


@pytest.mark.parametrize("seed", range(8))
def test_crossings_match_exact_segment_intersection(seed):
    rng = random.Random(seed)
    size = rng.randrange(2, 40)
    right, left = list(range(size)), list(range(size))
    rng.shuffle(right)
    rng.shuffle(left)
    right_rank, left_rank = dict(enumerate(right)), dict(enumerate(left))
    got = thm31._crossings(right_rank, left_rank)
    assert got == fraction_crossings(right_rank, left_rank)
    assert all(0 < t < 1 for t, _i, _j in got)


def test_ordered_column_is_a_permutation_and_keeps_the_class():
    planar = next(p for p in PLANAR_PROBLEMS if p.name == "planar-positive-1in3sat")
    for seed in range(4):
        src = planar.generate({"variables": 30, "clauses": 24}, random.Random(seed)).instance
        column = thm31._column(src)
        assert sorted(column) == list(range(1, src.formula.variables + 1))
    built = thm31.build(src)
    assert len(built.false_arcs) == src.formula.variables
    degrees: dict[int, list[int]] = {}
    for u, v in built.graph.edges:
        degrees.setdefault(u, [0, 0])[1] += 1
        degrees.setdefault(v, [0, 0])[0] += 1
    assert {tuple(d) for d in degrees.values()} == {(1, 2), (2, 1)}
