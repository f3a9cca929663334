"""Observation 3.2 of the Witness seed (broken edges + vertex hexagons; Hamiltonian path in grid graphs as a
strict subproblem): verify (parsimonious) on hand-picked and generated sources, the domain, and the gap:
the end cap lands inside the board when the path's end is interior."""

from __future__ import annotations

import pytest

from gadgetry.core import InputError
from gadgetry.core.registry import problem, reduction
from gadgetry.puzzles.witness.zdd import count_paths
from gadgetry.sources.grid_hamiltonicity import GridGraph
from gadgetry.verify.protocol import PASS, Limits, verify_reduction

RED = reduction("witness-vertex-hexagons-broken-from-grid-hamiltonian-path")
SRC = problem("grid-hamiltonian-path")
QUICK = Limits(seconds=120, shrink_seconds=0)
FULL = tuple(sorted((x, y) for x in range(3) for y in range(3)))


def test_verify_passes_parsimoniously():
    sources = [("3x3 corner to corner", GridGraph(FULL, (0, 0), (2, 2))),
               ("3x3 corner to centre", GridGraph(FULL, (0, 0), (1, 1))),
               ("3x3 corner to edge middle (wrong colour)", GridGraph(FULL, (0, 0), (1, 0))),
               ("one point", GridGraph(((0, 0),), (0, 0), (0, 0))),
               ("a row", GridGraph(((0, 0), (1, 0), (2, 0)), (0, 0), (2, 0))),
               ("a row, inner end", GridGraph(((0, 0), (1, 0), (2, 0)), (0, 0), (1, 0)))]
    sources += [(f"seed {s} {m}", SRC.generate_seeded({"n": 10, "width": 4, "height": 4, "ends": 2}, s, m).instance)
                for s, m in ((1, "planted"), (2, "unsat"), (3, None))]
    rep = verify_reduction(RED, sources=sources, limits=QUICK)
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]
    assert {r.source_count == 0 for r in rep.instances} == {True, False}
    assert all(r.target_count == r.source_count for r in rep.instances)


def test_counts_agree_with_the_zdd():
    g = GridGraph(FULL, (0, 0), (2, 2))
    assert count_paths(RED.reduce(g)) == SRC.count(g) > 0


def test_free_ends_are_outside_the_domain():
    with pytest.raises(InputError):
        RED.reduce(GridGraph(FULL))


def test_the_end_cap_of_an_interior_end_is_not_on_the_boundary():
    """The gap in the one-line proof: a Hamiltonian path from a corner to the centre of the 3 x 3 grid
    exists, but its end cap would sit inside the board, where the paper's end caps may not."""
    g = GridGraph(FULL, (0, 0), (1, 1))
    panel = RED.reduce(g)
    (x, y), = panel.ends
    assert 0 < x < panel.width and 0 < y < panel.height
    assert SRC.count(g) > 0
