"""Adversarial-boundary edge matching to Witness panels with one antibody, polyominoes and
antipolyominoes (Abel et al., "Who witnesses The Witness?", section 8.2, Theorem 8.7, Figures 47-48).

As the text builds it: the medium polyomino is the (2n(w + 5) + 5) x (m(2w + 5) + 2) rectangle R with a
tail below its bottom middle, less the coded 2nw x mw board cutout at R's third top pixel, plus the kit
(its extra pixel right of R's upper-right pixel), less the sprue (its extra pixel in R's second column,
its lowest pixels in R's second-to-bottom row); the clues of set A are the antibody (in the tail cell,
between the start circle and the end cap), the medium polyomino above it and, beside it, half on each
side, the tiles, the sprue and the antikit (an antipolyomino of the kit's shape); the large polyomino is
the (2n(w + 5) + 7) x t panel less R, the tail and the stamps (their dies in the two rows above R from
R's third column), its clue in the upper-left cell, the stamps' clues to its right. t is the total area of
the polyomino clues but the large one (the antikit, an antipolyomino, not counted).

What is corrected, and why (``tests/test_witness_one_antibody.py``, ``tests/test_witness_sigma2_pieces.py``):

- the kit's bars are (2n - 1)(w + 5) + 4 long, not 2(n - 1)(w + 5) + 3: the text's end before the last two
  tile columns' joins, so the kit falls apart;
- the stamps' handles are m(2w + 5) + 6 tall (4 more than R, as in Theorem 8.6), not the previous proof's
  max(m(w + 3) + 7, n): that is shorter than this proof's R, so a handle would fit in R's cutout of the
  large polyomino, against the text's "the handles of the stamps are taller than the cutout";
- handles code the 0-indexed swap pair, as in Theorem 8.6.

Choices and what ``verify`` checks are Theorem 8.6's (translation-only boards; the certificate view over
the intended paths, every swap choice's path checked by the rule checker against the tiler; the panel's
other paths not searched). No losing move is needed (the text: "we do not need the first player to have a
losing strategy").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from gadgetry.core import LimitReached
from gadgetry.puzzles.edgematching.adversarial import pairs
from gadgetry.puzzles.edgematching.square_model import EdgeMatching
from gadgetry.puzzles.witness.model import MAX_SIDE, Cell, Symbol, antibody, antipoly, make_panel, poly

from .gadgets import witness_sigma2 as S
from .gadgets.witness_sigma2 import Built, IntendedPaths, board_code_width, translation_only

NAME = "witness-one-antibody-from-adversarial-boundary-edge-matching"
Pixel = tuple[int, int]


def kit_bar(n: int, w: int) -> int:
    """The corrected bar length (2n - 1)(w + 5) + 4."""
    return (2 * n - 1) * (w + 5) + 4


def rectangle(n: int, m: int, w: int) -> tuple[int, int]:
    """Theorem 8.7's R: (2n(w + 5) + 5) x (m(2w + 5) + 2)."""
    return 2 * n * (w + 5) + 5, m * (2 * w + 5) + 2


def medium_piece(board: EdgeMatching, w: int) -> tuple[frozenset[Pixel], frozenset[Pixel], frozenset[Pixel]]:
    """(medium, kit, sprue) in R coordinates (the kit and the sprue normalised to their own frames)."""
    n, m = pairs(board), board.rows
    width, height = rectangle(n, m, w)
    kit, sprue = S.kit_piece(n, m, w, board.tiles, kit_bar(n, w))
    rect = {(x, y) for x in range(width) for y in range(height)} | {(width // 2, height)}
    cutout = S.board_cutout(n, m, w, board.boundary_map())
    low = max(y for _x, y in sprue)
    sprue_hole = {(x + 2, y + height - 2 - low) for x, y in sprue}
    if not sprue_hole <= rect or sprue_hole & cutout or any(abs(y - y2) <= 1 and abs(x - x2) <= 1 for x, y in sprue_hole
                                                             for x2, y2 in cutout):
        raise AssertionError("the sprue cutout leaves R or touches the board cutout")
    medium = (rect - cutout - sprue_hole) | {(x + width + 1, y) for x, y in kit}
    return frozenset(medium), kit, sprue


def handle_extra(m: int, w: int) -> int:
    """The handle height over the text's m(w + 3) + 7 that makes it R's height plus 4."""
    return rectangle(1, m, w)[1] + 4 - (m * (w + 3) + 7)


def build(board: EdgeMatching) -> Built:
    """The panel of Theorem 8.7 (see the module docstring)."""
    translation_only(board, NAME)
    n, m, w = pairs(board), board.rows, board_code_width(board)
    top = S.top_labels(board)
    medium, kit, sprue = medium_piece(board, w)
    tiles = [S.tile_piece(t, w) for t in board.tiles]
    hx = handle_extra(m, w)
    stamps = [S.stamp_piece(label, S.pair_handle_code(k), n, m, w, hx) for k, label in enumerate(top)]
    t = len(medium) + len(sprue) + sum(map(len, tiles)) + sum(map(len, stamps))
    if t > MAX_SIDE:
        raise LimitReached(f"{NAME}: the panel would be {t} cells tall (t, the pieces' area), more than the "
                           f"Witness model's {MAX_SIDE} a side")
    r_width, r_height = rectangle(n, m, w)
    outline = frozenset({(x, y) for x in range(r_width) for y in range(r_height)} | {(r_width // 2, r_height)})
    lay = S.Layout(n, m, w, hx, outline, t - 1 - r_height, r_width + 2, t)
    large = lay.large(top)
    symbols: dict[Cell, Symbol] = {(0, 0): poly(large)}
    for k, stamp in enumerate(stamps):
        symbols[(1 + k, 0)] = poly(stamp)
    mid = lay.width // 2
    symbols[(mid, t - 1)] = antibody()
    symbols[(mid, t - 2)] = poly(medium)
    beside = [*(poly(p) for p in tiles), poly(sprue), antipoly(kit)]
    half = len(beside) // 2
    for i, s in enumerate(beside):
        symbols[(mid - 1 - i, t - 2) if i < half else (mid + 1 + i - half, t - 2)] = s
    start, end = lay.ends()
    panel = make_panel(lay.width, t, [start], [end], symbols=symbols)
    return Built(lay, panel, {"large": large, "medium": medium, "kit": kit, "sprue": sprue})


class WitnessOneAntibodyFromAdversarialBoundaryEdgeMatching(IntendedPaths):
    """Theorem 8.7 of the Witness seed; see the module docstring."""

    name = NAME
    theorem = "Theorem 8.7 (one antibody, polyominoes and antipolyominoes: Sigma2-complete)"
    verify_budget = 3  # 27 x 600 panels: seconds per instance; 2-row and 4-column boards exceed 1024 rows
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = ({"rows": 1, "cols": 2, "colours": 1, "rotations": 0},)

    def overhead(self, source: EdgeMatching) -> dict[str, int]:
        """Width 2n(w + 5) + 7; height t = |R| + 1 - |cutout| + 2 (tiles) + the sprue + the stamps (the
        medium piece is R and the tail less the cutout and the sprue, plus the kit: the sprue and the
        tiles); one clue per piece and the antibody."""
        n, m, w = pairs(source), source.rows, board_code_width(source)
        r_width, r_height = rectangle(n, m, w)
        sprue = m * kit_bar(n, w) + (m - 1) * (w + 4) + 1 + 2 * 2 * n * m
        t = r_width * r_height + 1 - S.cutout_area(source, w) + 2 * S.tiles_area(source, w) + sprue
        t += S.stamps_area(source, w, S.handle_height(n, m, w, handle_extra(m, w)))
        return {"width": 2 * n * (w + 5) + 7, "height": t, "symbols": 1 + 2 * n + 1 + 1 + 2 * n * m + 2}

    def built(self, source: EdgeMatching) -> Built:
        return build(source)


REDUCTIONS = [WitnessOneAntibodyFromAdversarialBoundaryEdgeMatching()]
