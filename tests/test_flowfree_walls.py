"""Why no reduction reaches Flow Free (README, "No reduction reaches Flow Free"): the wall layout of
``bench/flowfree_search.py`` (the grid graph's points as the path's region, every other cell a terminal of
a two-cell colour) is exact wherever it exists, and it never exists around a hole."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from gadgetry.puzzles.flowfree import count_lazy
from gadgetry.sources.grid_hamiltonicity import GridGraph, GridHamiltonianPath

PATH = Path(__file__).resolve().parent.parent / "bench" / "flowfree_search.py"
SPEC = importlib.util.spec_from_file_location("flowfree_search", PATH)
search = importlib.util.module_from_spec(SPEC)  # type: ignore[arg-type]
SPEC.loader.exec_module(search)  # type: ignore[union-attr]


def test_walls_are_solvable_exactly_when_the_graph_has_a_hamiltonian_path() -> None:
    """Flow Free's count (colourings, by its lazy counter) against the graph's Hamiltonian paths between
    the ends (graphillion): one colouring when there is a path, none otherwise."""
    drawn, walled, wrong = search.search_walls(300, 0)
    assert drawn == 300 and walled > 200 and wrong == []
    seen = set()
    for g in search.random_graphs(60, 1, 4):
        board = search.walls(g)
        if board is not None:
            paths = GridHamiltonianPath().count(g)
            assert count_lazy(board) == min(paths, 1), g
            seen.add(paths > 0)
    assert seen == {True, False}  # solvable and unsolvable boards both occur


def test_no_ring_has_walls_but_the_filled_square_does() -> None:
    for k in (4, 5, 8, 16):
        ring = tuple(sorted((x, y) for x in range(k) for y in range(k) if x in (0, k - 1) or y in (0, k - 1)))
        full = tuple(sorted((x, y) for x in range(k) for y in range(k)))
        assert search.walls(GridGraph(ring, (0, 0), (0, 1))) is None, k
        assert search.holes(set(ring)) and not search.holes(set(full))
        assert search.walls(GridGraph(full, (0, 0), (0, 1))) is not None, k
