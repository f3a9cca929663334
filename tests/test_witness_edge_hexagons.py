"""Theorem 3.4 of the Witness seed (edge hexagons only, s = 8, r = 2, walls around the complement's
components): verify on small sources, the walls as the proof describes them, both readings of "leftmost
topmost", and the slip: an inner wall's endpoint is adjacent to the holey chamber's downward hallway."""

from __future__ import annotations

import pytest

from gadgetry.core.registry import problem, reduction
from gadgetry.puzzles.witness.model import edge
from gadgetry.reductions import witness_edge_hexagons_from_grid_hamiltonian_cycle as t34
from gadgetry.puzzles.witness.lazy import local_solutions
from gadgetry.verify.protocol import PASS, Limits, verify_reduction

from witness_grids import BLOCK, RING, SQUARE, grid

RED = reduction("witness-edge-hexagons-from-grid-hamiltonian-cycle")
SRC = problem("grid-hamiltonian-cycle")
WIT = problem("witness")
QUICK = Limits(seconds=120, shrink_seconds=0)


def test_verify_passes_on_small_sources():
    sources = [("square", SQUARE), ("one point", grid((0, 0))),
               ("two points", grid((0, 0), (1, 0))), ("disconnected", grid((0, 0), (2, 0))),
               ("L without cycle", grid((0, 0), (1, 0), (1, 1), (1, 2), (2, 0), (2, 2)))]
    rep = verify_reduction(RED, sources=sources, limits=QUICK)
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]
    assert {r.source_count == 0 for r in rep.instances} == {True, False}


def test_no_broken_edges_and_the_outer_wall_starts_at_the_start_circle():
    layout = t34.Layout(BLOCK)
    panel = layout.panel
    assert not panel.broken and not panel.vertex_hexagons and not panel.symbols
    f = layout.f
    v0 = f.start_chamber
    X, Y = f.at(v0)
    assert panel.starts == ((X, Y + 3),) and panel.ends == ((X + 1, Y + 3),) and Y + 3 == panel.height
    assert layout.walls.outer[0] == (X, Y + 3) and layout.walls.outer[-1] == (X + 2, Y + 3)
    assert sorted(layout.walls.inner) == [(0, 1), (1, 1)]  # each square face is a hole


def test_ring_has_one_inner_wall_at_its_leftmost_topmost_chamber_in_both_readings():
    for topmost_first in (True, False):
        layout = t34.Layout(RING, topmost_first)
        assert list(layout.walls.inner) == [(0, 2)]


@pytest.mark.parametrize("seed", range(6))
def test_both_readings_of_leftmost_topmost_agree_on_generated_sources(seed):
    g = SRC.generate_seeded({"n": 10, "width": 4, "height": 4}, seed, "planted").instance
    assert t34.construct(g, True) == t34.construct(g, False)


@pytest.mark.slow
def test_full_count_of_the_square():
    """The full count ratio, measured by the frontier counter (about 25 s): one source cycle,
    5,503,786,602,912 panel paths (routing inside 5 x 5 chambers is nearly free)."""
    from gadgetry.puzzles.witness.frontier import count_frontier

    assert SRC.count(SQUARE) == 1
    assert count_frontier(RED.reduce(SQUARE)) == 5_503_786_602_912


def test_forward_is_accepted_on_the_ring():
    tour = next(SRC.brute_force(RING))
    panel = RED.reduce(RING)
    path = RED.forward(RING, panel, tour)
    assert WIT.check(panel, path)
    assert SRC.check(RING, RED.backward(RING, panel, path))


def test_slip_inner_wall_endpoint_touches_the_downward_hallway():
    """Theorem 3.4's proof: "the only such neighbors of the wall endpoints are in the holey chamber".
    The ring's inner wall ends at (X+1, Y+3), next to (X, Y+3) on the holey chamber's downward hallway; a
    solution uses that edge (the wall detour spliced into the hallway transit) and still induces the
    ring's cycle."""
    layout = t34.Layout(RING)
    (h, wall), = layout.walls.inner.items()
    X, Y = layout.f.at(h)
    assert wall[0] == (X + 1, Y + 3)
    assert (X, Y + 3) in layout.f.hallway_vertices(h, (0, 1))
    shortcut = edge((X, Y + 3), (X + 1, Y + 3))
    forced = layout.panel.__class__(**{**layout.panel.__dict__,
                                       "edge_hexagons": layout.panel.edge_hexagons | {shortcut}})
    path = next(local_solutions(forced, [], 1))
    assert WIT.check(layout.panel, path)
    assert SRC.check(RING, RED.backward(RING, layout.panel, path))
