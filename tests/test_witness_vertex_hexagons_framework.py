"""Observation 3.2 by section 2's framework (Theorem 3.3's construction with a vertex hexagon on each
chamber centre): verify with the end cap on the board's boundary, the chamber gadgets, and the full count
per cycle, 4 x 7^(straight chambers) x 6^(turning chambers), against the ZDD."""

from __future__ import annotations

import pytest

from gadgetry.core.registry import problem, reduction
from gadgetry.puzzles.witness.zdd import count_paths
from gadgetry.reductions.gadgets.witness_frame import direction
from gadgetry.verify.gadget import check_gadget
from gadgetry.verify.protocol import PASS, Limits, verify_reduction

from witness_grids import BLOCK, RING, SQUARE, grid

RED = reduction("witness-vertex-hexagons-broken-from-grid-hamiltonian-cycle")
SRC = problem("grid-hamiltonian-cycle")


def test_verify_passes():
    sources = [("square", SQUARE), ("ring", RING), ("one point", grid((0, 0))), ("path", grid((0, 0), (1, 0), (2, 0))),
               ("seed 2 unsat", SRC.generate_seeded({"n": 8, "width": 4, "height": 3}, 2, "unsat").instance)]
    rep = verify_reduction(RED, sources=sources, limits=Limits(seconds=120, shrink_seconds=0))
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]


def test_end_cap_on_the_bottom_side_and_vertex_hexagons_only():
    panel = RED.reduce(RING)
    (_, y), = panel.ends
    assert y == panel.height and not panel.edge_hexagons and len(panel.vertex_hexagons) == 8


@pytest.mark.parametrize("g", [SQUARE, BLOCK, RING])
def test_full_count_per_cycle(g):
    v0 = min(g.points, key=lambda p: (p[1], -p[0]))
    want = 0
    for tour in SRC.brute_force(g):
        t, n = list(tour), len(tour)
        flat = [(direction(t[i], t[i - 1]) in ("left", "right"), direction(t[i], t[(i + 1) % n]) in ("left", "right"))
                for i in range(n) if t[i] != v0]
        straight = sum(a == b for a, b in flat)
        want += 4 * 7 ** straight * 6 ** (n - 1 - straight)
    assert count_paths(RED.reduce(g)) == want


def test_gadgets_pass():
    for gadget in RED.gadgets():
        assert check_gadget(gadget).ok, gadget.name
