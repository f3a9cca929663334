"""Theorem 8.6 of the Witness seed (section 8.2): the panels of
``witness-two-antibodies-from-adversarial-boundary-edge-matching``, checked by the Witness rule checker
with antibodies against a backtracking tiler of the swapped board."""

from __future__ import annotations

import itertools
import random

import pytest

from gadgetry.core import InputError, LimitReached
from gadgetry.core.game import FIRST
from gadgetry.puzzles.edgematching.adversarial import AdversarialProblem, backtrack_tiling, pairs, swapped
from gadgetry.puzzles.edgematching.square_model import EdgeMatching
from gadgetry.puzzles.witness.model import normalise_shape, regions
from gadgetry.puzzles.witness.rules import check, paper_packing
from gadgetry.reductions import witness_two_antibodies_from_adversarial_boundary_edge_matching as T
from gadgetry.reductions.gadgets import witness_sigma2 as S

GAME = AdversarialProblem()
RED = T.REDUCTIONS[0]


def boards(count: int, rows: int = 1, cols: int = 2):
    for seed in range(count):
        yield GAME.draw({"rows": rows, "cols": cols, "colours": 1 + seed % 3, "rotations": 0},
                        random.Random(seed)).instance


def test_each_swap_choice_solves_the_panel_iff_it_wins() -> None:
    """The intended path of a swap choice passes the rule checker (both antibodies necessary) exactly when
    the swapped board has no tiling (backtracking), on 1 x 2 and 2 x 2 boards."""
    seen = set()
    for board in [*boards(8), *boards(3, rows=2)]:
        built = T.build(board)
        for swaps in itertools.product((False, True), repeat=pairs(board)):
            path = S.intended_path(built.lay, board, swaps)
            wins = backtrack_tiling(swapped(board, swaps)) is None
            verdict = check(built.panel, path)
            assert bool(verdict) == wins, (board, swaps, verdict)
            assert wins or verdict.rule == "antibody"
            assert S.intended_path(built.lay, board, S.swaps_of(built.lay, board, path)) == path  # equal labels: one path
            seen.add(wins)
    assert seen == {False, True}


def test_trivial_packing_and_region_one() -> None:
    """Figure 45a on every swap choice, winning or not: region 2 less both board-frame pieces packs; region
    1 is the large piece and the stamps exactly; t is the area of every piece but the large one."""
    for board in boards(6):
        built = T.build(board)
        panel = built.panel
        sym = panel.symbol_map()
        pieces = {c: s for c, s in sym.items() if s.kind == "poly"}
        assert panel.height == sum(len(s.shape) for c, s in pieces.items() if c != (0, 0))
        assert panel.width == 2 * pairs(board) * (built.lay.w + 3) + 1
        frames = {normalise_shape(built.pieces["left"]), normalise_shape(built.pieces["right"])}
        for swaps in itertools.product((False, True), repeat=pairs(board)):
            one, two = sorted(regions(panel, S.intended_path(built.lay, board, swaps)), key=len, reverse=True)
            assert sum(len(pieces[c].shape) for c in one if c in pieces) == len(one)
            assert paper_packing(one, tuple(sorted((pieces[c].shape, False) for c in one if c in pieces)), (), False)
            kept = tuple(sorted((pieces[c].shape, False) for c in two if c in pieces and pieces[c].shape not in frames))
            assert paper_packing(two, kept, (), False)
            assert sum(c in sym and sym[c].kind == "antibody" for c in two) == 2


@pytest.mark.slow
def test_one_region_path_needs_the_losing_move() -> None:
    """The path along the panel's boundary leaves one region: with a losing move the medium piece's
    erasure packs it, so the second antibody is unnecessary and the path fails (the text's argument for
    two regions). Slow: the packing search over the whole panel takes about ten minutes."""
    board = next(b for b in boards(10) if GAME.first_wins(b))
    built = T.build(board)
    w, h = built.panel.width, built.panel.height
    mid = built.panel.starts[0][0]
    ring = [(x, h) for x in range(mid, -1, -1)] + [(0, y) for y in range(h - 1, -1, -1)]
    ring += [(x, 0) for x in range(1, w + 1)] + [(w, y) for y in range(1, h + 1)] + [(x, h) for x in range(w - 1, mid, -1)]
    verdict = check(built.panel, tuple(ring))
    assert not verdict and verdict.rule == "antibody"


def test_forward_backward_and_refusals() -> None:
    for board in boards(6):
        if not GAME.first_wins(board):
            continue
        panel = RED.reduce(board)
        path = RED.forward(board, panel, FIRST)
        assert check(panel, path)
        assert RED.backward(board, panel, path) == FIRST
    rotatable = next(boards(1))
    with pytest.raises(InputError):
        RED.reduce(EdgeMatching(rotatable.rows, rotatable.cols, rotatable.tiles, "signed", True, rotatable.boundary))
    untileable = EdgeMatching(1, 2, ((1, 1, 1, 1), (1, 1, 1, 1)), "signed", False,
                              (((0, 0, "n"), 1), ((0, 0, "s"), 1), ((0, 0, "w"), 1), ((0, 1, "e"), 1),
                               ((0, 1, "n"), 1), ((0, 1, "s"), 1)))
    with pytest.raises(InputError, match="losing move"):
        RED.reduce(untileable)


def test_the_texts_rectangle_is_too_short_for_the_holes() -> None:
    """With the text's R (no extra rows) the left board-frame piece takes fewer holes than monominoes;
    the built panels add the fewest rows that take them all."""
    short = 0
    for board in boards(10):
        built = T.build(board)
        n, m, w = pairs(board), board.rows, built.lay.w
        need = S.monominoes_needed(n, w, S.top_labels(board))
        assert len(S.monomino_holes(n, m, w, need, built.lay.extra)) == need
        assert built.lay.extra == 0 or len(S.monomino_holes(n, m, w, need, built.lay.extra - 1)) < need
        short += built.lay.extra > 0
    assert short


def test_declared_size() -> None:
    """The declared width, height (t counted from the pieces' coding) and clue count match the panels,
    on 1 x 2, 2 x 2 and 1 x 4 boards (those that fit in 1024 rows)."""
    from gadgetry.puzzles.witness import WitnessProblem

    built = 0
    for board in [*boards(6), *boards(3, rows=2), *boards(3, cols=4)]:
        if RED.overhead(board)["height"] > 1024:
            continue
        built += 1
        size = WitnessProblem().size(T.build(board).panel)
        assert {k: size[k] for k in ("width", "height", "symbols")} == RED.overhead(board)
    assert built >= 9
    too_tall = next(b for b in boards(3, rows=2, cols=4))
    with pytest.raises(LimitReached, match="more than the Witness model's 1024 a side"):
        RED.reduce(too_tall)


@pytest.mark.slow
def test_two_swap_pairs() -> None:
    """A 1 x 4 board (two swap pairs, handles coding 0 and 1): every swap choice's intended path against
    the backtracking tiler (about a minute: monominoes make the packing search branch)."""
    board = next(b for b in boards(4, cols=4) if GAME.first_wins(b))
    built = T.build(board)
    for swaps in itertools.product((False, True), repeat=2):
        wins = backtrack_tiling(swapped(board, swaps)) is None
        assert bool(check(built.panel, S.intended_path(built.lay, board, swaps))) == wins, swaps
