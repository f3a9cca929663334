"""Witness seed, section 5, Theorem 5.1 (stars from the Restricted Squares Problem): what a rebuild of the
lost Figures 16-17 must do, shown on a twin-pairs panel (not a registered reduction).

The prose fixes the twins: every red or blue square becomes a star of a colour of its own whose one other
star lies outside the simulated board, on the panel's boundary, blue twins on one arc and red twins on
another; a path piece P with its ends between the two arcs (a chord) then leaves the board's blue cells
on one side and its red ones on the other, and the board's cells on the blue side are a solution's inside.
Where P comes from is the lost part: the paper pins it with ten more colours (a group of five black stars
and a sixth ringed by cyan stars, white and orange stars; Figure 17 analyses the group).

These tests show that this pinning cannot be left out: on a panel whose every colour has exactly two stars
and whose start and end lie on the boundary, walking along the boundary from the start to the end leaves
one region, which holds both stars of every colour, so the panel is solved whatever the source (here with
the start and end at the two ends of the blue twins' arc, the natural place to pin P without the extra
colours). Only a colour with more than two stars (the paper's six black stars) can force the path to cut.
The intended path, on the other hand, is a solution, and its gate region reads the source solution back.

The rebuilt pinning (:mod:`gadgetry.reductions.gadgets.witness_stars`) is checked below: in the boundary
model, exhaustively (the prose's layout never pins, the chosen one does), and on real panels, the forward
map (every source solution gives a path the rule checker accepts, which reads back to it).
"""

from __future__ import annotations

import itertools

import pytest

from gadgetry.puzzles.witness import WitnessProblem, render_panel
from gadgetry.puzzles.witness.model import Cell, Panel, Path, make_panel, regions, star
from gadgetry.puzzles.witness_restricted import BLUE, RestrictedSquares, gate_of
from gadgetry.reductions.gadgets import witness_stars as ws

RSQ = RestrictedSquares()
WITNESS = WitnessProblem()


def boundary_cells(width: int, height: int) -> list[Cell]:
    """The panel's boundary cells clockwise from the top-left corner (y grows downwards)."""
    return ([(x, 0) for x in range(width)] + [(width - 1, y) for y in range(1, height)]
            + [(x, height - 1) for x in range(width - 2, -1, -1)] + [(0, y) for y in range(height - 2, 0, -1)])


def pairs_panel(source: Panel) -> tuple[Panel, dict[Cell, Cell]]:
    """The board (gate on its top row) at (1, 2); blue twins on row 0 from the gate's column, red twins on
    the other boundary cells; start and end at the two ends of the blue twins' segment. Returns the panel
    and where each board cell lands."""
    gx, gy = gate_of(source)
    assert gy == 0, "the sources here have their gate on the top row"
    place = {(x, y): (x + 1, y + 2) for x, y in itertools.product(range(source.width), range(source.height))}
    syms = source.symbol_map()
    blue = sorted(c for c, s in syms.items() if s.colour == BLUE)
    red = sorted(c for c, s in syms.items() if s.colour != BLUE)
    width = max(source.width + 2, len(blue) + 2)
    height = source.height + 3
    while 2 * (width + height) - 4 - len(blue) < len(red):
        height += 1
    xs = min(gx + 1, width - 1 - len(blue))
    ring = boundary_cells(width, height)
    others = ring[xs + len(blue):] + ring[:xs]
    symbols = {}
    for i, c in enumerate(blue):
        symbols[place[c]] = symbols[ring[xs + i]] = star(f"blue{i + 1}")
    for i, c in enumerate(red):
        symbols[place[c]] = symbols[others[i]] = star(f"red{i + 1}")
    return make_panel(width, height, [(xs, 0)], [(xs + len(blue), 0)], symbols=symbols), place


def _sources(mode: str, params: dict[str, int]) -> list[Panel]:
    out = []
    for seed in itertools.count():
        src = RSQ.generate_seeded(params, seed, mode).instance
        if gate_of(src)[1] == 0:
            out.append(src)
        if len(out) == 3:
            return out
    raise AssertionError("unreachable")


def test_twin_pairs_alone_never_force_a_cut() -> None:
    """Unsolvable boards: the walk along the top side from the start to the end solves the pairs panel."""
    for src in _sources("unsat", {"width": 4, "height": 4, "empty": 1}):
        assert next(iter(RSQ.brute_force(src)), None) is None
        panel, _ = pairs_panel(src)
        (sx, _), (tx, _) = panel.starts[0], panel.ends[0]
        walk: Path = tuple((x, 0) for x in range(sx, tx + 1))
        assert WITNESS.check(panel, walk)
        assert len(regions(panel, walk)) == 1


def test_the_intended_path_solves_the_pairs_panel_and_reads_back() -> None:
    """Solvable boards: down from the start, along row 1 to the gate's column, round the solution's inside
    (the source path moved onto the board), back and up to the end."""
    for src in _sources("planted", {"width": 4, "height": 4, "empty": 3}):
        panel, place = pairs_panel(src)
        (sx, _), (tx, _) = panel.starts[0], panel.ends[0]
        for sol in RSQ.brute_force(src):
            inner = [(x + 1, y + 2) for x, y in sol]
            if inner[0][0] > inner[-1][0]:
                inner.reverse()
            (gx, _), (hx, _) = inner[0], inner[-1]
            path = ((sx, 0), *((x, 1) for x in range(sx, gx + 1)), *inner, *((x, 1) for x in range(hx, tx + 1)),
                    (tx, 0))
            assert WITNESS.check(panel, path), sol
            gate = next(r for r in regions(panel, path) if place[gate_of(src)] in r)
            inside = next(r for r in regions(src, sol) if gate_of(src) in r)
            assert {c for c, d in place.items() if d in gate} == set(inside)


def test_four_stars_around_the_start_and_end_do_not_pin_the_chord_either() -> None:
    """One colour on the two cells beside the start and the two beside the end (row 0 of a 7 x 3 panel:
    (1, 0) (2, 0) | blue slot (3, 0) | (4, 0) (5, 0), start (2, 0), end (5, 0)): the path may walk from
    the start over the blue slot, dive, and come back to the end over (5, 0); the four stars split two and
    two, yet the blue slot shares its region with the red slots of the left, bottom and right sides (one of
    23,576 such paths among the panel's 72,126, found by enumerating them all)."""
    quad = [(1, 0), (2, 0), (4, 0), (5, 0)]
    panel = make_panel(7, 3, [(2, 0)], [(5, 0)], symbols={c: star("black") for c in quad})
    path: Path = ((2, 0), (3, 0), (4, 0), (4, 1), (5, 1), (6, 1), (7, 1), (7, 0), (6, 0), (5, 0))
    assert WITNESS.check(panel, path)
    blue_slot = next(r for r in regions(panel, path) if (3, 0) in r)
    red_slots = set(boundary_cells(7, 3)) - set(quad) - {(3, 0)}
    assert red_slots - {(6, 0)} <= blue_slot


# -- the rebuilt pinning ---------------------------------------------------------------------------------
def test_boundary_model_faces_and_paths() -> None:
    """Faces of nested chords on 6 cells; the walk-only path and a one-chord path are enumerated."""
    assert ws.faces(6, [(1, 4), (2, 3)]) == ws.faces(6, [(2, 3), (1, 4)])
    f = ws.faces(6, [(1, 4), (2, 3)])
    assert f[1] == f[3] != f[2] and f[0] == f[4] == f[5] != f[1]
    found = list(ws.boundary_paths(6, 0, 1))
    assert [] in found and [(0, 1)] in found and all(c[0][0] in (0, 5, 4, 3, 2) for c in found if c)


def test_the_prose_group_does_not_pin_at_its_natural_ends() -> None:
    """w beside five black stars, the start and end between b2, b3 and b4, b5: a legal path separates
    nothing (``bench/witness_stars_pinning_search.py`` tries every pair of ends, slow test below). Its
    chords cut {b2, b3} and {b1..b4}, so w shares b5's region: Figure 17d's "w is not in the same region
    as b" rests on the lost figure, not on the text."""
    t = ws.PROSE_LAYOUT
    assert not ws.pins(t, 3, 5)[0]
    path = [(4, 2), (1, 5)]
    assert path in list(ws.boundary_paths(len(t), 3, 5)) and ws.legal(t, path)
    assert not any(ws.separating(t, c) for c in path)
    f = ws.faces(len(t), path)
    assert f[0] == f[5]  # w and the fifth black star b share a region


@pytest.mark.slow
def test_the_prose_group_pins_at_no_ends() -> None:
    n = len(ws.PROSE_LAYOUT)
    assert not any(ws.pins(ws.PROSE_LAYOUT, s, e)[0] for s, e in itertools.permutations(range(n), 2))


def test_the_chosen_placement_pins() -> None:
    """Every legal path of the chosen boundary leaves the start inwards on a chord separating the twins."""
    ok, bad, legal = ws.pins(ws.LAYOUT, *ws.chosen_ends(ws.LAYOUT))
    assert ok and bad is None and legal == 27


@pytest.mark.slow
@pytest.mark.parametrize("spec", ["n b w b b b b AB AB C C n O O AR AR n",
                                  "b w b b b b AB AB AB C C C O O O AR AR AR"])
def test_the_chosen_placement_pins_with_blanks_and_longer_arcs(spec: str) -> None:
    tokens = spec.split()
    assert ws.pins(tokens, *ws.chosen_ends(tokens))[0]


def test_forward_paths_solve_the_stars_panel_and_read_back() -> None:
    """Sources with the gate on every side (the board is turned): each solution's intended path is
    accepted by the rule checker and the first chord's side of the blue twins reads the solution back;
    the panel has R + B + 10 colours."""
    sides = set()
    for params in ({"width": 3, "height": 3, "empty": 1}, {"width": 4, "height": 4, "empty": 3},
                   {"width": 5, "height": 4, "empty": 5}):
        for seed in range(5):
            src = RSQ.generate_seeded(params, seed, "planted").instance
            gx, gy = gate_of(src)
            sides.add("top" if gy == 0 else "bottom" if gy == src.height - 1 else "left" if gx == 0 else "right")
            panel = ws.layout(src).panel
            assert len({s.colour for _, s in panel.symbols}) == len(src.symbols) + 10
            for sol in RSQ.brute_force(src):
                path = ws.forward(src, sol)
                assert WITNESS.check(panel, path), sol
                assert ws.backward(src, path) == sol
    assert sides == {"top", "bottom", "left", "right"}


def test_backward_refuses_a_path_whose_first_chord_does_not_separate() -> None:
    """The walk along the top from the start to the end has no first chord."""
    src = _sources("planted", {"width": 4, "height": 4, "empty": 3})[0]
    lay = ws.layout(src)
    with pytest.raises(ValueError):
        ws.backward(src, (lay.start, lay.end))


def test_the_stars_panel_renders_numbered_colours_in_their_colour() -> None:
    """The paper's (colour, number) pairs: ``cyan3`` draws cyan, ``red1`` red."""
    src = _sources("planted", {"width": 4, "height": 4, "empty": 3})[0]
    sol = next(iter(RSQ.brute_force(src)))
    svg = render_panel(ws.layout(src).panel, ws.forward(src, sol))
    assert "#1ec8d8" in svg and "#e23b2e" in svg and "#3b6be2" in svg and "#f39a1e" in svg and "#bbb" not in svg


def test_the_panels_boundary_is_the_modelled_one() -> None:
    """Clockwise from the group, the panel's boundary reads b w b b b b, the blue twins, the four far cyan
    stars, the four far orange stars, the red twins, blanks: the boundary model's layout with longer runs
    (whose ringed black and white stars hold the cyan and orange colours' other stars), and the start and
    end are the chosen gaps."""
    import re

    for params in ({"width": 3, "height": 3, "empty": 1}, {"width": 5, "height": 4, "empty": 5}):
        src = RSQ.generate_seeded(params, 1, "planted").instance
        lay = ws.layout(src)
        syms = lay.panel.symbol_map()
        ring = ws.boundary_cells(lay.panel.width, lay.panel.height, (lay.x0, 0))

        def token(c: Cell) -> str:
            s = syms.get(c)
            if s is None:
                return "n"
            return {"black": "b", "white": "w"}.get(s.colour) or \
                {"blue": "AB", "red": "AR", "cyan": "C", "orange": "O"}[s.colour.rstrip("0123456789")]

        text = " ".join(token(c) for c in ring)
        assert re.fullmatch(r"b w b b b b( AB)+( C){4}( O){4}( AR)+( n)*", text), text
        assert (lay.start, lay.end) == ((lay.x0 + ws.chosen_ends(ws.LAYOUT)[0], 0), (lay.x0 + ws.chosen_ends(ws.LAYOUT)[1], 0))
        inner = {s.colour for c, s in syms.items() if c not in ring and not (lay.origin[1] <= c[1])}
        assert inner == {"black", "white", *(f"cyan{i}" for i in range(1, 5)), *(f"orange{i}" for i in range(1, 5))}
