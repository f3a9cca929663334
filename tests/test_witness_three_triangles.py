"""Theorem 6.3 of the Witness seed (3-triangles only, scale 12, 11 x 11 chambers): verify on hand-picked
and generated sources, the chamber and door gadgets (and that they can fail), the clues' symmetry the
gadget list relies on, the other reading of "the fourth and sixth cells" (a slip), a panel whose door
is not opened failing verify, and rendering."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from gadgetry.core import InputError
from gadgetry.core.registry import problem, reduction
from gadgetry.puzzles.witness.formats import write_web
from gadgetry.puzzles.witness.lazy import local_solutions
from gadgetry.puzzles.witness.model import path_edges, triangle
from gadgetry.reductions import witness_three_triangles_from_grid_hamiltonian_cycle as t63
from gadgetry.reductions.gadgets.witness_frame import render_gadgets, tour_edges
from gadgetry.verify.gadget import check_gadget
from gadgetry.verify.protocol import FAIL, PASS, Limits, verify_reduction

from witness_grids import BLOCK, RING, SQUARE, grid

RED = reduction("witness-three-triangles-from-grid-hamiltonian-cycle")
SRC = problem("grid-hamiltonian-cycle")
WIT = problem("witness")
QUICK = Limits(seconds=120, shrink_seconds=0)
#: Two squares joined by one edge between two degree-3 points: no Hamiltonian cycle, but each of the two
#: could be crossed on both rows of their door if one chamber alone decided it.
DUMBBELL = grid((0, 0), (1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (2, 2), (3, 2))
L_SHAPE = grid((0, 0), (1, 0), (0, 1))


def test_verify_passes_on_hand_picked_and_generated_sources():
    sources = [("square", SQUARE), ("2 x 3 block", BLOCK), ("one point", grid((0, 0))),
               ("two points", grid((0, 0), (1, 0))), ("L", L_SHAPE), ("dumbbell", DUMBBELL),
               ("disconnected", grid((0, 0), (2, 0)))]
    sources += [(f"seed {s} {m}", SRC.generate_seeded({"n": 6, "width": 3, "height": 3}, s, m).instance)
                for s, m in ((1, "planted"), (2, "unsat"))]
    rep = verify_reduction(RED, sources=sources, limits=QUICK)
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]
    assert {r.source_count == 0 for r in rep.instances} == {True, False}
    assert len(rep.gadgets) == len(RED.gadgets()) and all(g.ok for g in rep.gadgets)


def test_the_panel_is_the_papers():
    """37 clues per chamber less two per door and the start/end chamber's gap; scale 12, no margin; the
    start circle and end cap below the gap, on the panel's bottom side."""
    panel = RED.reduce(SQUARE)
    assert (panel.width, panel.height) == (23, 23) and not panel.broken
    assert {s for _, s in panel.symbols} == {triangle(3)}
    assert len(panel.symbols) == 4 * (37 - 2 * 2) - 1
    assert panel.starts == ((17, 23),) and panel.ends == ((18, 23),)  # the bottom-right chamber, cell (17, 22)
    assert (17, 22) not in dict(panel.symbols) and (16, 22) in dict(panel.symbols)


def test_forward_crosses_each_door_of_the_cycle_once_on_its_first_row():
    tour = next(SRC.brute_force(RING))
    lay = t63.Layout(RING)
    path = lay.forward(tour)
    assert WIT.check(lay.panel, path) and SRC.check(RING, lay.backward(path))
    used = path_edges(path)
    cycle = tour_edges(tour)
    for (v, w), door in zip(lay.f.source_edges, lay.marks):
        assert len(door & used) == ((v, w) in cycle)


def rotate(cells, k):
    """Cells of an 11 x 11 chamber turned k quarter turns (clockwise, y down)."""
    for _ in range(k):
        cells = {(10 - y, x) for x, y in cells}
    return set(cells)


def test_chamber_clues_are_symmetric_so_one_door_set_per_orbit_is_checked():
    turn = {"up": "right", "right": "down", "down": "left", "left": "up"}
    for doors in ((), ("up",), ("up", "down"), ("up", "left"), ("up", "left", "right")):
        ds = frozenset(doors)
        for k in range(4):
            turned = ds
            for _ in range(k):
                turned = frozenset(turn[d] for d in turned)
            assert rotate(t63.chamber_clues(ds, False), k) == set(t63.chamber_clues(turned, False))
        mirrored = frozenset({"left": "right", "right": "left"}.get(d, d) for d in ds)
        assert {(10 - x, y) for x, y in t63.chamber_clues(ds, False)} == set(t63.chamber_clues(mirrored, False))
    # every door set of at most three doors is in the orbit of a checked one
    checked = {doors for doors, start in t63.CHAMBERS if not start}
    for n in range(4):
        for ds in itertools.combinations(t63.SIDES, n):
            orbit = set()
            for k in range(4):
                turned = frozenset(ds)
                for _ in range(k):
                    turned = frozenset(turn[d] for d in turned)
                orbit |= {turned, frozenset({"left": "right", "right": "left"}.get(d, d) for d in turned)}
            assert orbit & checked, ds


def test_a_wrong_relation_fails_its_gadget_check():
    """Gadget checks can fail: a one-door chamber claimed to be crossed through its door."""
    gadget = t63.chamber_gadget(frozenset({"up"}), False)
    wrong = dataclasses.replace(gadget, relation=[(True, False, False)])
    assert check_gadget(gadget).ok and not check_gadget(wrong).ok


def test_one_chamber_alone_allows_a_door_crossed_twice_the_door_gadget_does_not():
    """The proof's "there isn't enough space to use an edge more than once" is a property of a door's two
    facing walls together: a three-door chamber on its own can be crossed on both rows of a door."""
    report = check_gadget(t63.chamber_gadget(frozenset({"up", "left", "right"}), False))
    assert report.ok and report.fillings[(True, True, True, True, False)] == 1
    assert all(check_gadget(t63.door_gadget(s, d)).ok for s, d in t63.DOORS)


def test_fourth_and_sixth_counted_from_one_is_a_slip():
    """"The fourth and sixth cells of each wall" counted from one are offsets 3 and 5: the middle cell
    itself and one beside it, against "the two cells adjacent to the center cell" (offsets 4 and 6). That
    reading agrees on the square and the 2 x 3 block but not on the dumbbell: its panel is solvable, the
    source has no Hamiltonian cycle (docs/slips.md)."""
    def solve(g, cells):
        lay = t63.Layout(g, cells)
        return lay.panel, next(local_solutions(lay.panel, [], 1, regions=lay.blocks.values()), None)

    for g in (SQUARE, BLOCK):
        for cells in (t63.DOOR_CELLS, (3, 5)):
            panel, path = solve(g, cells)
            assert SRC.count(g) == 1 and path is not None and WIT.check(panel, path)
    assert SRC.count(DUMBBELL) == 0 and solve(DUMBBELL, t63.DOOR_CELLS)[1] is None
    panel, path = solve(DUMBBELL, (3, 5))
    assert path is not None and WIT.check(panel, path)


class ForgetsADoor(type(RED)):
    """Broken: the door of the source's first edge keeps its wall clues."""

    name = "broken-witness-three-triangles-forgets-a-door"

    def reduce(self, source):
        panel = super().reduce(source)
        lay = t63.Layout(source)
        if not lay.f.source_edges:
            return panel
        v, w = lay.f.source_edges[0]
        d = t63.direction(v, w)
        shut = {lay.shift(v, t63.wall(d, i)) for i in t63.DOOR_CELLS}
        symbols = dict(panel.symbols) | dict.fromkeys(shut, triangle(3))
        return dataclasses.replace(panel, symbols=tuple(sorted(symbols.items())))

    def gadgets(self):
        return []


def test_a_shut_door_fails_verify():
    rep = verify_reduction(ForgetsADoor(), sources=[("square", SQUARE)], limits=QUICK)
    assert rep.verdict == FAIL and rep.instances[0].failure in ("decision", "forward")


def test_gadgets_render_and_panels_do_not_export_to_witness_web():
    """Every gadget renders as its own panel; the browser solver has no triangle clue, so ``witness-web``
    refuses the panels with a one-line error."""
    svgs = render_gadgets(RED)
    assert set(svgs) == {g.name for g in RED.gadgets()} | {"hallway"}
    assert all(s.lstrip().startswith("<svg") and s.rstrip().endswith("</svg>") for s in svgs.values())
    with pytest.raises(InputError, match="no triangles"):
        write_web(RED.reduce(SQUARE))
