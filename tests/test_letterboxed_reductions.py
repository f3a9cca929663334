"""The Letter Boxed reductions of the NYT seed, section 2: positive NAE-3SAT (Theorem 11), 3DM
(Theorem 13), S sides to S + 1 sides (Theorem 14): the verification protocol on 200 instances each,
certificate maps both ways, the count relations, and the paper's budget of Theorem 14 refuted."""

from __future__ import annotations

import itertools
import math

import pytest

from gadgetry.core.registry import problem, reduction
from gadgetry.puzzles.letterboxed import LetterBoxed, LetterBoxedInstance, minimum_words
from gadgetry.reductions.letterboxed_from_3dm import LetterBoxedFrom3DM
from gadgetry.reductions.letterboxed_more_sides import MoreSides, hash_tails, hash_words, paper_budget
from gadgetry.reductions.letterboxed_from_positive_nae3sat import LetterBoxedFromNAE3SAT
from gadgetry.sources.matching3d import Matching3D, Matching3DInstance
from gadgetry.sources.sat import Formula, PositiveNaeThreeSat
from gadgetry.verify.protocol import PASS, Limits, verify_reduction
from gadgetry.verify.solve import count, solutions

LB = LetterBoxed()
NAMES = ["letterboxed-from-positive-nae3sat", "letterboxed-from-3dm", "letterboxed-more-sides"]


# tests/test_verify_all.py runs these 200-instance verifications (seed 1) in the quick run already; here
# another seed, in the slow run.
@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_verify_200_instances(name: str) -> None:
    rep = verify_reduction(reduction(name), instances=200, seed=5, limits=Limits(seconds=120))
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]
    assert any(r.source_count for r in rep.instances)
    assert any(r.source_count == 0 for r in rep.instances)


def ganak(prob, inst) -> int:
    return count(prob, inst, "ganak").count


def maps_are_inverse_bijections(red, src_prob, tgt_prob, x, per_source: int = 1) -> int:
    """Every source solution maps forward to a valid target solution; every target solution maps back to
    a valid source solution; each source solution has ``per_source`` target preimages."""
    y = red.reduce(x)
    tgt_prob.validate(y)
    xs = set(solutions(src_prob, x))
    ys = list(solutions(tgt_prob, y))
    assert all(tgt_prob.check(y, red.forward(x, y, s)) for s in xs)
    back = [red.backward(x, y, t) for t in ys]
    assert all(src_prob.check(x, s) for s in back)
    assert set(back) == xs
    for s in xs:
        assert back.count(s) == per_source
    return len(xs)


# -- Theorem 11 ------------------------------------------------------------------------------------
def test_nae_reduction_is_parsimonious_on_every_small_formula() -> None:
    """All formulas of the exhaustive sweep (clauses of two and three variables, unused variables,
    repeated clauses): forward and backward are inverse bijections, so the counts are equal."""
    red, src = LetterBoxedFromNAE3SAT(), PositiveNaeThreeSat()
    seen = yes = 0
    for f in src.exhaustive({"variables": 4, "clauses": 3}):
        if f.variables == 0:
            continue
        yes += maps_are_inverse_bijections(red, src, LB, f) > 0
        seen += 1
    assert seen > 150 and 0 < yes < seen
    dup = Formula(3, ((1, 2, 3), (3, 2, 1), (1, 2)))
    y = red.reduce(dup)
    assert ganak(LB, y) == ganak(src, dup) == 4 and red.overhead(dup) == LB.size(y)


def test_nae_target_has_one_word_equal_sides_and_k_one() -> None:
    red = LetterBoxedFromNAE3SAT()
    x, sol = red.example()
    y = red.reduce(x)
    assert len(y.words) == 1 and y.k == 1 and len({len(s) for s in y.sides}) == 1
    assert y.sides[1] == y.sides[2]
    target_sol = red.forward(x, y, sol)
    assert LB.check(y, target_sol) and red.backward(x, y, target_sol) == sol
    # x1 is in one clause: '# x1 #'; x2 in two: 'x2 *2 x2 #', x2 on side 1 (true), its star on side 2
    (sigma, sides), = target_sol
    assert sigma[:7] == ("#", "x1", "#", "x2", "*2", "x2", "#") and sides[:7] == (0, 1, 0, 1, 2, 1, 0)


# -- Theorem 13 ------------------------------------------------------------------------------------
def test_3dm_target_counts_are_n_factorial_times_the_matchings() -> None:
    red, src = LetterBoxedFrom3DM(), Matching3D()
    total = 0
    for inst in src.exhaustive({"n": 2, "triples": 4}):
        y = red.reduce(inst)
        assert all(len(w) == 5 for w in y.words)
        brute = len(list(src.brute_force(inst)))
        assert len(list(LB.brute_force(y))) == math.factorial(inst.n) * brute
        total += brute
    assert total > 0
    x = Matching3DInstance(3, ((0, 0, 0), (1, 1, 1), (2, 2, 2), (0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 2, 1)))
    assert maps_are_inverse_bijections(red, src, LB, x, per_source=6) == 2


# -- Theorem 14 ------------------------------------------------------------------------------------
def test_more_sides_counts_follow_the_hash_tail_formula() -> None:
    """#target = sum over source solutions of H(k' - rho), on random small sources of every mode."""
    red = MoreSides()
    checked = nonzero = 0
    for params in red.verify_params:
        for seed in range(12):
            for mode in (None, "planted"):
                x = LB.generate_seeded(params, seed, mode).instance
                sols = list(LB.brute_force(x))
                y = red.reduce(x)
                assert red.overhead(x) == LB.size(y)
                assert ganak(LB, y) == red.expected_count(x, sols), x
                checked += 1
                nonzero += bool(sols)
    assert checked >= 96 and nonzero > 20


def test_hash_tails_against_enumeration() -> None:
    for S, n in itertools.product((2, 3), (1, 2, 3)):
        most = hash_words(S, n) + 2
        brute = 0
        for length in range(1, most + 1):
            for seq in itertools.product(range(S + 1), repeat=length):
                if seq[0] == S or any(a == b for a, b in itertools.pairwise(seq)):
                    continue
                if n == 1 and S in seq:
                    continue
                if set(range(S)) <= set(seq) and seq.count(S) >= n - 1:
                    brute += 1
        assert hash_tails(S, n, most) == brute
        assert hash_tails(S, n, hash_words(S, n) - 1) == 0 < hash_tails(S, n, hash_words(S, n))


def test_one_word_source_solutions_have_images() -> None:
    """The paper's D' has no image for a one-word solution w unless w starts with its last letter; the
    words s.w.e added here give one."""
    x = LetterBoxedInstance((("a", "c"), ("b", "d")), (("a", "b", "c", "d"),), 1)
    red = MoreSides()
    assert maps_are_inverse_bijections(red, LB, LB, x, per_source=hash_tails(2, 2, hash_words(2, 2))) == 1


def test_the_papers_budget_is_too_large_for_three_letters_a_side() -> None:
    """S = 2, n = 3: 'adb' + 'becf' needs two words, so k = 1 is a NO instance; with the paper's
    k' = k + S + 1 + 2(n - 2) = 6 the 3-sided target is solvable (2 + L# = 2 + 4 words), with the
    corrected k' = k + L# = 5 it is not. For n = 2 both budgets agree."""
    x = LetterBoxedInstance((tuple("abc"), tuple("def")), (tuple("adb"), tuple("becf")), 1)
    red = MoreSides()
    assert minimum_words(x) == 2
    assert paper_budget(x) == 6 and red.reduce(x).k == 5
    assert minimum_words(red.reduce(x)) == 6
    assert count(LB, red.build(x, paper_budget(x)), "ganak").count > 0
    assert count(LB, red.reduce(x), "ganak").count == 0
    for S in range(2, 6):
        x2 = LetterBoxedInstance(tuple((f"a{i}", f"b{i}") for i in range(S)), (("a0", "a1"),), 1)
        assert paper_budget(x2) == x2.k + hash_words(S, 2)


def test_theorem_examples_pass_the_checkers() -> None:
    for name in NAMES:
        red = reduction(name)
        x, sol = red.example()
        src, tgt = problem(red.source), problem(red.target)
        assert src.check(x, sol)
        y = red.reduce(x)
        assert tgt.check(y, red.forward(x, y, sol))
