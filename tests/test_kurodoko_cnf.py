"""Kurodoko's exported CNF (``KurodokoProblem.encode``: clue sums in order encoding or binary digits,
connectivity as a forest of the black cells): projected counts (Ganak through the count path, and
enumeration) against brute force and the lazy solver on small boards; CaDiCaL on the CNF against the lazy
solver on Simon Tatham's Range puzzles; its size about cells x log(cells)."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st
from pysat.solvers import Solver

from gadgetry.core.sat import count_enumeration
from gadgetry.puzzles.kurodoko import (KurodokoProblem, connected, count_lazy, local_clauses, make,
                                       read_range, solve_lazy)
from gadgetry.verify.solve import count

P = KurodokoProblem()
RANGE_IDS = (Path(__file__).parent / "data" / "range_ids.txt").read_text().split()


@st.composite
def boards(draw, most: int = 4):
    w, h = draw(st.integers(1, most)), draw(st.integers(1, most))
    clues = []
    for r in range(h):
        for c in range(w):
            kind = draw(st.sampled_from(["", "", "", "?", "n"]))
            if kind:
                clues.append((r, c, None if kind == "?" else draw(st.integers(1, w + h - 1))))
    return make(w, h, clues)


@settings(max_examples=60, deadline=None)
@given(boards())
def test_ganak_counts_the_cnf_as_brute_force_and_the_lazy_solver(inst) -> None:
    brute = sum(1 for _ in P.brute_force(inst))
    assert count(P, inst, "ganak").count == brute
    assert count_lazy(inst) == brute


@settings(max_examples=40, deadline=None)
@given(boards(), st.sampled_from(["unary", "binary"]))
def test_each_clue_sum_is_exact(inst, sums) -> None:
    """Both encodings of the clue sums, whichever ``auto`` would pick, count like brute force."""
    cnf, black = local_clauses(inst, sums)
    connected(cnf, inst, black)
    assert count_enumeration(cnf.nvars, cnf.clauses, cnf.projection) == sum(1 for _ in P.brute_force(inst))


@pytest.mark.parametrize("w,h", [(1, 1), (1, 5), (5, 1), (2, 2), (2, 5), (3, 3), (4, 3), (4, 4)])
def test_empty_boards(w: int, h: int) -> None:
    """No clues: every independent set of black cells whose complement is connected (long black cycles
    and border-to-border paths included on 4 x 4)."""
    inst = make(w, h, ())
    cnf = P.encode(inst).cnf
    assert count_enumeration(cnf.nvars, cnf.clauses, cnf.projection) == sum(1 for _ in P.brute_force(inst))


def test_a_ring_of_black_cells_is_refused() -> None:
    """A diamond of four black cells cuts the white cell inside off; the CNF has no such model even when
    the clues allow it."""
    inst = make(5, 5, [(2, 2, 1), (0, 0, None)])
    ring = {(1, 2), (2, 1), (2, 3), (3, 2)}
    cnf, black = local_clauses(inst)
    with Solver(bootstrap_with=cnf.clauses) as s:
        assert s.solve(assumptions=[black[x] for x in ring])
    cnf = P.encode(inst).cnf
    with Solver(bootstrap_with=cnf.clauses) as s:
        assert not s.solve(assumptions=[black[x] for x in ring])
    assert solve_lazy(inst) is None


@pytest.mark.parametrize("side", [10, 15, 20])
def test_cadical_on_the_cnf_finds_the_lazy_solvers_unique_solution(side: int) -> None:
    for game_id in [g for g in RANGE_IDS if g.startswith(f"{side}x{side}:")][:2]:
        inst = read_range(game_id)
        enc = P.encode(inst)
        black = {x: enc.cnf.var(("black", x)) for x in inst.cells}
        with Solver(name="cadical195", bootstrap_with=enc.cnf.clauses) as s:
            assert s.solve()
            model = set(s.get_model())
            sol = enc.decode(model.__contains__)
            assert sol == solve_lazy(inst) and P.check(inst, sol)
            s.add_clause([-black[x] if x in sol else black[x] for x in inst.cells])
            assert not s.solve()  # unique, as Tatham's generator makes them


def test_size_is_about_cells_log_cells() -> None:
    """Planted boards of 20 x 20 to 60 x 60: the connectivity takes at most 6 log2(cells) clauses per cell
    (about 5.5 log2(cells / 4) by its construction), the whole CNF at most 16 (the breadth-first layers it
    replaced had cells^2 variables)."""
    for side in (20, 40, 60):
        cells = side * side
        params = {"width": side, "height": side, "density": 50}
        inst = P.generate(params, random.Random(1), "planted").instance
        cnf, black = local_clauses(inst)
        local = len(cnf.clauses)
        connected(cnf, inst, black)
        assert len(cnf.clauses) - local < 6 * cells * math.log2(cells)
        assert len(cnf.clauses) < 16 * cells * math.log2(cells)
        if side == 20:  # encode is these two parts
            assert len(cnf.clauses) == len(P.encode(inst).cnf.clauses)
