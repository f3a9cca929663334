"""The lazy-cut solver of local-clue Witness panels (``puzzles/witness/lazy.py``) against the brute-force
enumerator: the same paths on every generated small panel, and ``solve`` picks it by default."""

from __future__ import annotations

import dataclasses

import pytest

from gadgetry.core import InputError
from gadgetry.core.registry import problem
from gadgetry.puzzles.witness.brute import brute_force
from gadgetry.puzzles.witness.lazy import is_local, local_solutions
from gadgetry.puzzles.witness.model import make_panel, path_edges, square, triangle
from gadgetry.verify.solve import solve

PROB = problem("witness")


def local_panels(count: int):
    """Generated 3 x 3 panels, each cut down to its triangles, one start and one end."""
    for seed in range(count):
        p = PROB.generate_seeded({"symbols": 4, "hexagons": 2, "broken": 2, "rules": seed % 2}, seed).instance
        yield dataclasses.replace(p, starts=p.starts[:1], ends=p.ends[:1],
                                  symbols=tuple((c, s) for c, s in p.symbols if s.kind == "triangle"))


def test_every_path_of_generated_panels_equals_brute_force() -> None:
    solvable = 0
    for panel in local_panels(120):
        assert is_local(panel)
        lazy = [path_edges(p) for p in local_solutions(panel)]
        assert len(set(lazy)) == len(lazy)
        assert set(lazy) == {path_edges(p) for p in brute_force(panel)}, panel
        solvable += bool(lazy)
    assert 20 <= solvable < 120


def test_solve_picks_lazy_cuts_for_local_panels_only() -> None:
    local = make_panel(3, 3, [(0, 0)], [(3, 3)], symbols={(1, 1): triangle(2)})
    regional = make_panel(3, 3, [(0, 0)], [(3, 3)], symbols={(1, 1): square("black"), (2, 2): square("white")})
    assert PROB.solving_method(local) == "lazy-cuts" and PROB.solving_method(regional) != "lazy-cuts"
    got = solve(PROB, local)
    assert got.status == "sat" and PROB.check(local, got.solution)
    with pytest.raises(InputError, match="local clues"):
        solve(PROB, regional, "lazy-cuts")


def test_marks_give_one_path_per_assignment_and_cap_stops() -> None:
    panel = make_panel(2, 2, [(0, 0)], [(2, 2)])
    every = {path_edges(p) for p in brute_force(panel)}
    mark = ((0, 0), (1, 0))
    one_each = [path_edges(p) for p in local_solutions(panel, [mark])]
    assert sorted(mark in e for e in one_each) == [False, True] and set(one_each) <= every
    assert len(list(local_solutions(panel, cap=2))) == 2 < len(every)


def test_a_set_of_edges_is_one_mark_used_when_any_is() -> None:
    panel = make_panel(2, 2, [(0, 0)], [(2, 2)])
    every = {path_edges(p) for p in brute_force(panel)}
    door = frozenset({((0, 0), (1, 0)), ((1, 1), (2, 1))})
    one_each = [path_edges(p) for p in local_solutions(panel, [door])]
    assert sorted(bool(door & e) for e in one_each) == [False, True] and set(one_each) <= every
    assert {bool(door & e) for e in every} == {False, True}
