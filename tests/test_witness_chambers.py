"""The Witness seed's Corollaries 2.1-2.3 (section 2.1) on the Hamiltonicity framework: the chamber
gadgets, the choices they rule out, forward/backward round trips, and the full count ratios against the
source's Hamiltonian cycles (ZDD / frontier counts of the panels, brute force on the sources)."""

from __future__ import annotations

import dataclasses

import pytest

from gadgetry.puzzles.witness import WitnessProblem, formats, render_panel
from gadgetry.puzzles.witness.encoding import solve
from gadgetry.puzzles.witness.frontier import count_frontier
from gadgetry.puzzles.witness.model import square
from gadgetry.puzzles.witness.rules import check
from gadgetry.reductions.gadgets.witness_chambers import Window
from gadgetry.reductions.gadgets.witness_frame import ChamberSpec, chamber_gadget, render_gadgets, tour_edges
from gadgetry.reductions.witness_broken_squares_from_grid_hamiltonian_cycle import REDUCTIONS as SQUARES
from gadgetry.reductions.witness_broken_stars_from_grid_hamiltonian_cycle import REDUCTIONS as STARS
from gadgetry.reductions.witness_broken_triangles_from_grid_hamiltonian_cycle import REDUCTIONS as TRIANGLES
from gadgetry.reductions.witness_broken_triangles_from_grid_hamiltonian_cycle import TRIPLES
from gadgetry.sources.grid_hamiltonicity import GridGraph, GridHamiltonianCycle
from gadgetry.verify.gadget import check_gadget

SOURCE = GridHamiltonianCycle()
WITNESS = WitnessProblem()
GRAPHS = {  # each has exactly one Hamiltonian cycle
    "square": GridGraph(((0, 0), (0, 1), (1, 0), (1, 1))),
    "block": GridGraph(tuple(sorted((x, y) for x in range(3) for y in range(2)))),
    "ring": GridGraph(tuple(sorted((x, y) for x in range(3) for y in range(3) if (x, y) != (1, 1)))),
}
#: Full target counts on GRAPHS (each source count is 1): products of the chambers' routings.
COUNTS = {
    "witness-broken-triangles-k1-from-grid-hamiltonian-cycle": {"square": 16, "block": 144, "ring": 1296},
    "witness-broken-triangles-k2-from-grid-hamiltonian-cycle": {"square": 16, "block": 64, "ring": 256},
    "witness-broken-triangles-k3-from-grid-hamiltonian-cycle": {"square": 8, "block": 32, "ring": 128},
    "witness-broken-stars-from-grid-hamiltonian-cycle": {"square": 8, "block": 72, "ring": 648},
    "witness-broken-squares-from-grid-hamiltonian-cycle": {"square": 4, "block": 4, "ring": 8},
}
ALL = TRIANGLES + STARS + SQUARES


@pytest.mark.parametrize("red", TRIANGLES, ids=lambda r: r.name)
def test_triangle_gadgets_pass(red):
    for g in red.gadgets():
        rep = check_gadget(g)
        assert rep.ok, (g.name, rep.problems)


def test_no_fixed_cell_serves_a_3_triangle_in_a_3x3_chamber():
    """Every fixed cell fails some three-hallway chamber (two ports at its corners), hence the clue cell
    chosen by the missing hallway; k = 1 and 2 would work in any cell."""
    cells = ((-1, -1), (0, -1), (-1, 0), (0, 0))
    for c in cells:
        checks = [check_gadget(chamber_gadget("x", ChamberSpec(1, p, triangles={c: 3}), [2], "")).ok
                  for p in TRIPLES.values()]
        assert not all(checks), c
        for k in (1, 2):
            assert all(check_gadget(chamber_gadget("x", ChamberSpec(1, p, triangles={c: k}), [2], "")).ok
                       for p in TRIPLES.values())


@pytest.mark.parametrize("red", ALL, ids=lambda r: r.name)
@pytest.mark.parametrize("name", sorted(GRAPHS))
def test_round_trip_and_full_count(red, name):
    g = GRAPHS[name]
    tours = list(SOURCE.graph_problem.brute_force(SOURCE.graph(g)))
    assert len(tours) == 1
    panel = red.reduce(g)
    tour = [g.points[i] for i in tours[0]]  # the graph's vertices are the points in sorted order
    path = red.forward(g, panel, tour)
    assert check(panel, path)
    assert tour_edges(red.backward(g, panel, path)) == tour_edges(tour)
    method = WITNESS.counting_method(panel)
    assert method in ("zdd", "frontier")
    assert WITNESS.extra_counters()[method](panel) == COUNTS[red.name][name]


@pytest.mark.parametrize("red", ALL, ids=lambda r: r.name)
def test_sources_without_a_cycle_have_no_panel_solution(red):
    for pts in (((0, 0),), ((0, 0), (1, 0)), ((0, 0), (1, 0), (2, 0)), ((0, 0), (1, 0), (1, 1), (2, 1), (2, 0), (3, 0), (3, 1))):
        g = GridGraph(tuple(sorted(pts)))
        assert not list(SOURCE.graph_problem.brute_force(SOURCE.graph(g)))
        panel = red.reduce(g)
        assert count_frontier(panel) == 0


def test_a_3x3_square_chamber_cannot_put_either_colour_inside_a_turn():
    """Corollary 2.1 needs r = 2: in a 3 x 3 chamber, for either placement of the two squares up to
    symmetry (side by side, diagonal), some pair of hallways cannot be traversed with the dark square on
    some side."""
    ports = ("left", "up", "right", "down")
    for light in ((0, -1), (0, 0)):
        w = Window(1, ports, {(-1, -1): square("black"), light: square("white")})
        ok = [solve(w.traversal(a, b, square("black"), left)) is not None
              for i, a in enumerate(ports) for b in ports[i + 1:] for left in (True, False)]
        assert not all(ok), light


def test_stars_start_chamber_gadget_passes():
    rep = check_gadget(STARS[0].gadgets()[-1])
    assert rep.ok, rep.problems


@pytest.mark.slow
@pytest.mark.parametrize("red", STARS + SQUARES, ids=lambda r: r.name)
def test_region_gadgets_pass(red):
    """Every chamber type (and marker) traversable through each pair of hallways and no other way; the
    sparse square chamber has one or two routings per pair and side."""
    for g in red.gadgets():
        rep = check_gadget(g)
        assert rep.ok, (g.name, rep.problems)
        if red in SQUARES:
            assert set(rep.fillings.values()) <= {0, 1, 2}, g.name


@pytest.mark.parametrize("red", STARS + SQUARES, ids=lambda r: r.name)
def test_region_panels_export_under_the_solver_rules(red):
    """``witness-web`` carries only the browser solver's rule set; for these panels the two agree (each
    star colour belongs to one chamber's stars alone), so the panel exports with ``rules="solver"``, and
    the forward path solves it under both."""
    g = GRAPHS["block"]
    panel = red.reduce(g)
    tour = [g.points[i] for i in next(SOURCE.graph_problem.brute_force(SOURCE.graph(g)))]
    path = red.forward(g, panel, tour)
    solver = dataclasses.replace(panel, rules="solver")
    assert check(solver, path)
    assert formats.read_web(formats.write_web(solver)) == solver
    assert render_panel(panel, path).startswith("<svg")


@pytest.mark.parametrize("red", ALL, ids=lambda r: r.name)
def test_gadgets_and_hallway_render_on_their_own(red):
    svgs = render_gadgets(red)
    assert set(svgs) == {g.name for g in red.gadgets()} | {"hallway"}
    assert all(s.startswith("<svg") for s in svgs.values())
