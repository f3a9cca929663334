"""The one Kurodoko solver (:class:`gadgetry.puzzles.kurodoko.KurodokoSolver`) against brute force: every
clue lazy or eager, fixed cells, extra clauses switched by an activation literal, the enumeration of
distinct colourings of chosen cells; Tatham's deductions sound against brute force and planted colourings,
the lazy count against brute force and Ganak, capped counts, Tatham's generator's boards."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gadgetry.core.sat import count_cnf
from gadgetry.puzzles.kurodoko import (LAZY, KurodokoProblem, KurodokoSolver, count_lazy, deduce, make, read_range)
from gadgetry.verify.solve import count, solve

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


# -- Tatham's deductions and the default solve/count (issue 17 item 2) ------------------------------------

RANGE_IDS = (Path(__file__).parent / "data" / "range_ids.txt").read_text().split()


def _larger_boards(seed: int, n: int):
    """Boards of up to 20 cells with few clues: many of them have several solutions (brute force still
    runs)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        w = rng.randint(2, 5)
        h = rng.randint(2, 20 // w)
        density = rng.choice((0.1, 0.25, 0.4))
        clues = [(r, c, None if rng.random() < 0.1 else rng.randint(1, w + h - 1))
                 for r in range(h) for c in range(w) if rng.random() < density]
        out.append(make(w, h, clues))
    return out


def test_deductions_are_sound() -> None:
    """Every solution brute force finds (each one accepted by the rule checker) has the colours the
    deductions give, also under a fixed cell; None only where brute force finds none."""
    decided = refuted = 0
    for inst in _boards(3, 150) + _larger_boards(4, 40):
        brute = list(P.brute_force(inst))
        known = deduce(inst)
        assert known is not None or not brute, inst
        for sol in brute:
            assert P.check(inst, sol)
            assert all((x in sol) == b for x, b in known.items()), (inst, sol, known)
        x = inst.cells[-1]
        for black in (False, True):
            under = deduce(inst, {x: black})
            agree = [sol for sol in brute if (x in sol) == black]
            assert under is not None or not agree, (inst, x, black)
            assert all((y in sol) == b for sol in agree for y, b in (under or {}).items()), (inst, x, black)
        decided += known is not None and len(known) == len(inst.cells)
        refuted += known is None
    assert decided > 20 and refuted > 20


def test_deductions_agree_with_planted_colourings() -> None:
    """On planted boards up to 12 x 12 (too large for brute force) the planted colouring, valid by the
    rule checker, has every deduced colour."""
    for seed in range(12):
        side = 6 + seed // 2
        gen = P.generate({"width": side, "height": side, "density": 30 + 5 * (seed % 4)}, random.Random(seed),
                         "planted")
        assert P.check(gen.instance, gen.planted)
        known = deduce(gen.instance)
        assert known is not None
        assert all((x in gen.planted) == b for x, b in known.items()), seed


def test_count_agrees_with_brute_force_and_ganak() -> None:
    """The lazy count (deductions, then enumeration by blocking clauses) against brute force and Ganak on
    the eager encoding, on unsatisfiable, unique and many-solution boards; the cap stops it at cap + 1."""
    kinds = set()
    for inst in _boards(9, 80) + _larger_boards(10, 30):
        brute = sum(1 for _ in P.brute_force(inst))
        cnf = P.encode(inst).cnf
        assert count_cnf(cnf) == brute, inst
        assert count_lazy(inst) == brute, inst
        assert count_lazy(inst, cap=1) == min(brute, 2), inst
        with KurodokoSolver(inst, 0) as s:  # every clue cut lazily
            assert s.count() == brute, inst
        capped = count(P, inst, LAZY, cap=2)
        assert (capped.count, capped.more) == (min(brute, 3), brute > 2), inst
        kinds.add(min(brute, 2))
    assert kinds == {0, 1, 2}


def test_capped_counts_say_more() -> None:
    """``count(..., cap=K)``: every method reports ``more`` exactly when there are over K solutions."""
    inst = make(4, 4, [(0, 0, 4)])
    total = count(P, inst, "ganak").count
    assert total > 3 and count(P, inst, "brute-force").count == total
    for method in ("ganak", "enumeration", "brute-force", LAZY):
        res = count(P, inst, method, cap=3)
        assert res.more and res.count == 4, method
        res = count(P, inst, method, cap=total)
        assert not res.more and res.count == total, method


def test_range_puzzles_are_decided_by_deduction_alone() -> None:
    """Tatham's generator's boards (10 x 10 to 40 x 40, made by `sgt-range --generate`): the deductions
    colour every cell, the rule checker accepts the colouring, and the count is one."""
    for line in RANGE_IDS:
        inst = read_range(line)
        with KurodokoSolver(inst) as s:
            assert s.known is not None and len(s.known) == len(inst.cells), line
            sol = s.solve()
            assert sol == tuple(sorted(x for x, b in s.known.items() if b)) and P.check(inst, sol)
            assert s.count(cap=1) == 1


def test_solver_finishes_what_deduction_leaves_open() -> None:
    """A planted board with few clues: the deductions leave cells open, the solver finds valid colourings,
    and its capped count matches enumeration of the eager encoding."""
    gen = P.generate({"width": 5, "height": 5, "density": 15}, random.Random(1), "planted")
    known = deduce(gen.instance)
    assert known is not None and len(known) < 25
    with KurodokoSolver(gen.instance) as s:
        sol = s.solve()
        assert sol is not None and P.check(gen.instance, sol)
        assert s.count(cap=20) == count(P, gen.instance, "enumeration", cap=20).count


def test_auto_picks_the_lazy_method_on_real_puzzles() -> None:
    inst = read_range(RANGE_IDS[-1])
    assert P.solving_method(inst) == LAZY and P.counting_method(inst) == LAZY
    res = count(P, inst, cap=1)
    assert (res.count, res.method, res.more) == (1, LAZY, False)
    assert solve(P, inst).status == "sat"
