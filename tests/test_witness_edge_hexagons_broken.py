"""Theorem 3.3 of the Witness seed (broken edges + edge hexagons, s = 5, r = 1): verify on hand-picked and
generated grid graphs, the exact full count (product of chamber routings per cycle) against the ZDD count,
the chamber gadgets, and broken variants failing."""

from __future__ import annotations

from functools import cache
from math import prod

import networkx as nx
import pytest

from gadgetry.core.registry import problem, reduction
from gadgetry.core.sat import enumerate_projected
from gadgetry.puzzles.witness.zdd import count_paths
from gadgetry.reductions import witness_edge_hexagons_broken_from_grid_hamiltonian_cycle as t33
from gadgetry.reductions.gadgets.witness_frame import ChamberSpec, chamber_gadget, direction
from gadgetry.sources.grid_hamiltonicity import GridGraph
from gadgetry.verify.gadget import check_gadget
from gadgetry.verify.protocol import FAIL, PASS, Limits, verify_reduction

RED = reduction("witness-edge-hexagons-broken-from-grid-hamiltonian-cycle")
SRC = problem("grid-hamiltonian-cycle")
WIT = problem("witness")
QUICK = Limits(seconds=120, shrink_seconds=0)


def grid(*points):
    return GridGraph(tuple(sorted(points)))


SQUARE = grid((0, 0), (1, 0), (0, 1), (1, 1))
BLOCK = grid((0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1))
RING = grid(*[(x, y) for x in range(3) for y in range(3) if (x, y) != (1, 1)])
PATH3 = grid((0, 0), (1, 0), (2, 0))
TWO_SQUARES = grid((0, 0), (1, 0), (0, 1), (1, 1), (3, 0), (4, 0), (3, 1), (4, 1))
HAND = [("square", SQUARE), ("2x3 block", BLOCK), ("ring around a hole", RING), ("path", PATH3),
        ("one point", grid((0, 0))), ("two points", grid((0, 0), (0, 1))), ("two squares", TWO_SQUARES)]


def test_verify_passes_on_hand_picked_and_generated_sources():
    sources = HAND + [(f"seed {s} {m}", SRC.generate_seeded({"n": 8, "width": 4, "height": 3}, s, m).instance)
                      for s, m in ((1, "planted"), (2, "unsat"))]
    rep = verify_reduction(RED, sources=sources, limits=QUICK)
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]
    assert {r.source_count == 0 for r in rep.instances} == {True, False}


@cache
def routings(ports: tuple[str, ...], start: bool = False) -> int:
    """The local routings of a chamber whose used hallways are exactly ``ports``, from the gadget CNF's
    fillings; in the start/end chamber only those where the start reaches a hallway (not the end)."""
    cnf, port_vars = chamber_gadget("count", t33.chamber_spec(ports, start), [len(ports)], "test").build()
    names = {v: k for k, v in cnf.named().items()}
    n = 0
    for true in enumerate_projected(cnf.nvars, cnf.clauses + [[x] for x in port_vars.values()], cnf.projection):
        g = nx.Graph([names[x][1] for x in true if x in names and names[x][0] == "e"])
        n += not (start and nx.has_path(g, t33.START, t33.END))
    return n


def full_count(g: GridGraph) -> int:
    """Per source cycle, the start/end chamber's routings times every other chamber's for its pair."""
    v0 = min(g.points, key=lambda p: (p[1], -p[0]))
    total = 0
    for tour in SRC.brute_force(g):
        t = list(tour)
        n = len(t)
        others = [routings(tuple(sorted((direction(t[i], t[i - 1]), direction(t[i], t[(i + 1) % n])))))
                  for i in range(n) if t[i] != v0]
        total += routings(("left", "up"), True) * prod(others)
    return total


@pytest.mark.parametrize("g", [SQUARE, BLOCK, RING, TWO_SQUARES, grid((0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (1, 1),
                                                                        (2, 1), (3, 1))])
def test_full_count_is_the_product_of_chamber_routings(g):
    """Not parsimonious: each cycle is routed in 3 ways through the start/end chamber, 4 through a straight
    chamber and 3 through a turning one (ZDD count of the whole panel against the product)."""
    assert count_paths(RED.reduce(g)) == full_count(g)


def test_measured_full_ratio_on_the_square():
    assert count_paths(RED.reduce(SQUARE)) == 3 * 3 ** 3  # one cycle: three turning chambers + start/end


def test_start_end_chamber_is_bottommost_rightmost_on_the_bottom_side():
    panel = RED.reduce(BLOCK)
    assert panel.starts == ((10, 7),) and panel.ends == ((12, 7),) and panel.height == 7


def test_chamber_gadgets_pass():
    for gadget in RED.gadgets():
        assert check_gadget(gadget).ok, gadget.name


def test_a_chamber_without_hexagon_fails_its_check():
    """The hexagon is what forces a visit: without it, a chamber with no hallway used is allowed too."""
    assert not check_gadget(chamber_gadget("bare", ChamberSpec(1, ("left", "right")), [2], "test")).ok


class ForgetsAHexagon(type(RED)):
    """Broken: the chamber farthest from the start/end chamber has no hexagon."""

    name = "broken-witness-forgets-a-hexagon"

    def reduce(self, source):
        panel = super().reduce(source)
        if len(source.points) < 2:
            return panel
        far = t33.frame(source).at(max(source.points, key=lambda p: (p[1], -p[0])))
        return panel.__class__(**{**panel.__dict__, "edge_hexagons": frozenset(
            e for e in panel.edge_hexagons if far not in e)})


def test_a_forgotten_hexagon_fails_verify():
    rep = verify_reduction(ForgetsAHexagon(), sources=[("path", PATH3)], limits=QUICK)
    assert rep.verdict == FAIL
