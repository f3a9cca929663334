"""The one Kurodoko solver (:class:`gadgetry.puzzles.kurodoko.KurodokoSolver`) against brute force: every
clue lazy or eager, fixed cells, extra clauses switched by an activation literal, and the enumeration of
distinct colourings of chosen cells."""

from __future__ import annotations

import random

import pytest

from gadgetry.puzzles.kurodoko import KurodokoProblem, KurodokoSolver, make

P = KurodokoProblem()


def _random_board(rng: random.Random):
    w, h = rng.randint(1, 4), rng.randint(1, 4)
    clues = [(r, c, None if rng.random() < 0.2 else rng.randint(1, w + h - 1))
             for r in range(h) for c in range(w) if rng.random() < 0.4]
    return make(w, h, clues)


def _boards(seed: int, n: int):
    rng = random.Random(seed)
    return [_random_board(rng) for _ in range(n)]


@pytest.mark.parametrize("eager_clues", [None, 0, 2])
def test_solve_agrees_with_brute_force(eager_clues) -> None:
    """Clues above ``eager_clues`` (all of them at 0) are decided by cuts only."""
    yes = no = 0
    for inst in _boards(7, 200):
        brute = set(P.brute_force(inst))
        with KurodokoSolver(inst, eager_clues) as s:
            sol = s.solve()
        assert (sol is None) == (not brute), inst
        assert sol is None or sol in brute
        yes, no = yes + bool(brute), no + (not brute)
    assert yes > 20 and no > 20


def test_fixed_cells_and_switched_clauses() -> None:
    """Under fixed colours of one cell a solution exists iff brute force has one with that colour; a clause
    switched on by an activation literal binds only while the literal is assumed."""
    for inst in _boards(11, 120):
        brute = set(P.brute_force(inst))
        with KurodokoSolver(inst, 0) as s:
            for x in inst.cells[:3]:
                for black in (False, True):
                    sol = s.solve(fixed={x: black})
                    assert (sol is None) == (not any((x in b) == black for b in brute)), (inst, x, black)
                    assert sol is None or (sol in brute and (x in sol) == black)
            if brute:
                act = s.fresh()
                first = inst.cells[0]
                s.add([-act, s.lit(first, True)])  # with act: the first cell black
                sol = s.solve([act])
                assert (sol is None) == (not any(first in b for b in brute))
                assert s.solve() is not None  # without act the clause is off


def test_distinct_enumerates_each_colouring_of_the_cells_once() -> None:
    checked = 0
    for inst in _boards(5, 120):
        cells = inst.cells[:3]
        brute = set(P.brute_force(inst))
        want = {tuple(x in b for x in cells) for b in brute}
        with KurodokoSolver(inst, 1) as s:
            got = [tuple(x in sol for x in cells) for sol in s.distinct(cells, cap=100)]
            assert all(sol in brute for sol in s.distinct(cells, cap=100))
            assert len(set(got)) == len(got) and set(got) == want, inst
            assert len(list(s.distinct(cells, cap=1))) == min(1, len(want))  # the cap holds
        checked += len(want) > 1
    assert checked > 5
