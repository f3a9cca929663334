"""Theorem 8.7 of the Witness seed (section 8.2): the panels of
``witness-one-antibody-from-adversarial-boundary-edge-matching``: the packings of Figure 48 as exact
covers, the handle slip, and the Witness rule checker with the antibody against a backtracking
tiler on every swap choice."""

from __future__ import annotations

import itertools
import random

from gadgetry.puzzles.edgematching.adversarial import AdversarialProblem, backtrack_tiling, pairs, swapped
from gadgetry.puzzles.witness.model import normalise_shape, regions
from gadgetry.puzzles.witness.rules import check, paper_packing
from gadgetry.reductions import witness_one_antibody_from_adversarial_boundary_edge_matching as T
from gadgetry.reductions.gadgets import witness_sigma2 as S
from test_witness_sigma2_pieces import connected

GAME = AdversarialProblem()


def boards(count: int, rows: int = 1, cols: int = 2):
    for seed in range(count):
        yield GAME.draw({"rows": rows, "cols": cols, "colours": 1 + seed % 3, "rotations": 0},
                        random.Random(seed)).instance


def test_the_medium_piece_and_figure_48b() -> None:
    """The medium piece is connected and wider than the panel; with the antikit annihilating its kit and
    the sprue in the sprue cutout it covers R and the tail less the coded board cutout exactly, so the
    tiles of a planted tiling and the dies fill region 2 (Figure 48b)."""
    for board in [*boards(6), *boards(2, rows=2)]:
        n, m, w = pairs(board), board.rows, S.board_code_width(board)
        medium, kit, sprue = T.medium_piece(board, w)
        width, height = T.rectangle(n, m, w)
        assert connected(medium) and connected(kit) and connected(sprue)
        assert max(x for x, _y in medium) + 1 > width + 2  # the panel is R and a column each side
        kit_image = {(x + width + 1, y) for x, y in kit}
        body = medium - kit_image
        hole = {p for p in {(x, y) for x in range(width) for y in range(height)} | {(width // 2, height)}
                if p not in body}
        cutout = S.board_cutout(n, m, w, board.boundary_map())
        assert len(hole - cutout) == len(sprue) and {normalise_shape(hole - cutout)} == {normalise_shape(sprue)}


def test_trivial_packing_figure_48a() -> None:
    """With the medium piece erased, the sprue and the tiles annihilate with the antikit (net area 0)."""
    for board in boards(3):
        built = T.build(board)
        sym = built.panel.symbol_map()
        path = S.intended_path(built.lay, board, (False,) * pairs(board))
        two = min(regions(built.panel, path), key=len)
        polys = tuple(sorted((sym[c].shape, False) for c in two if c in sym and sym[c].kind == "poly"
                             and sym[c].shape != normalise_shape(built.pieces["medium"])))
        antis = tuple(sorted((sym[c].shape, False) for c in two if c in sym and sym[c].kind == "antipoly"))
        assert len(antis) == 1 and paper_packing(two, polys, antis, False)


def test_handles_shorter_than_the_rectangle_slip() -> None:
    """The text keeps the previous proof's stamps, handles max(m(w + 3) + 7, n) tall, but this proof's R is
    m(2w + 5) + 2 tall: the handles are shorter than the cutout they must not fit in. The built stamps'
    handles are R's height plus 4."""
    for n, m in itertools.product((1, 2, 3), (1, 2, 3)):
        for w in (5, 6, 7, 8):
            r_height = T.rectangle(n, m, w)[1]
            assert S.handle_height(n, m, w) < r_height
            assert S.handle_height(n, m, w, T.handle_extra(m, w)) == max(r_height + 4, n)


def test_each_swap_choice_solves_the_panel_iff_it_wins() -> None:
    """The intended path of a swap choice passes the rule checker (the antibody necessary) exactly when the
    swapped board has no tiling (backtracking); seconds a move."""
    seen = set()
    for board in boards(3):
        built = T.build(board)
        for swaps in itertools.product((False, True), repeat=pairs(board)):
            wins = backtrack_tiling(swapped(board, swaps)) is None
            verdict = check(built.panel, S.intended_path(built.lay, board, swaps))
            assert bool(verdict) == wins, (board, swaps, verdict)
            seen.add(wins)
    assert seen == {False, True}


def test_declared_size() -> None:
    """The declared width, height (t counted from the pieces' coding) and clue count match the panels."""
    from gadgetry.puzzles.witness import WitnessProblem

    for board in boards(6):
        size = WitnessProblem().size(T.build(board).panel)
        assert {k: size[k] for k in ("width", "height", "symbols")} == T.REDUCTIONS[0].overhead(board)
