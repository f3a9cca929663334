"""Adversarial-boundary edge matching to Witness panels with two antibodies and polyominoes (Abel et al.,
"Who witnesses The Witness?", section 8.2, Theorem 8.6, Figures 43-46).

The pieces are :mod:`gadgetry.reductions.gadgets.witness_sigma2`'s (coded tiles, medium piece, the two
board-frame pieces with their monomino holes, stamps). The panel, as the text builds it: a
2n(w + 3) + 1 x t rectangle (t the total area of every polyomino but the large one), start circle and
end cap at the middle two vertices of the bottom row; the large polyomino is the panel less the medium
piece's outline (R, horns, tail; R's top-left pixel one column in, the tail on the bottom row) and less
the stamps, each stamp's die in the two rows above R from R's third column, dies side by side in segment
order; its clue in the upper-left cell, the stamps' clues in the 2n cells to its right; a monomino in the
tail cell, an antibody above it ringed by monominoes, the other antibody three cells higher, ringed too;
the other clue-set-A clues in R's cells from its bottom row up.

What is corrected, and why (each shown by ``tests/test_witness_sigma2_pieces.py``):

- the monominoes are 2nw + q (q = the dies' pockets less their tabs), not 2nw - q: the trivial packing
  needs the zone less the tabs plus the pockets;
- R gets ``extra`` rows at its bottom (:func:`~gadgetry.reductions.gadgets.witness_sigma2.extra_rows`,
  the fewest that hold the holes): the text's R has room below the board cutout for fewer holes than
  monominoes already at n = m = 1. The handles grow with R (h = max(m(w + 3) + 7 + extra, n), 4 more
  than R is tall, as in the text), so they still cannot go into R's cutout;
- handles code the 0-indexed swap pair (e_2i, e_2i+1) with i: the text's "1-indexed segments 2i and
  2i + 1" would keep the stamps of the pair (e_0, e_1) from trading places.

Kept as the text has it: key pixels from R's second column (a first-column tile's west tab then reaches
R's first column, which the tile fills in the trivial packing: harmless). The panels are 400 to 1000 rows
tall (t, the pieces' area), so the Witness model takes sides up to 1024 and pieces of any size.

What is chosen where the text leaves it open: translation-only boards (a turned coded square does not
show the turned tile's colours: bits run left to right on both horizontal sides), so rotatable sources
are refused (Lemma 8.5 holds without rotation); sources whose first player has no losing move are refused
(the theorem's hypothesis: the one-region path would then solve the panel); the start is the left one of
the two middle vertices, so each swap choice has exactly one intended path (the boundary of region 2,
:func:`~gadgetry.reductions.gadgets.witness_sigma2.intended_path`).

Solutions: the intended path of a swap choice solves the panel exactly when the choice wins for the first
player (the second antibody is then necessary). ``verify`` works on a certificate view that checks, by
the rule checker with antibodies (:mod:`gadgetry.puzzles.witness.rules`), the intended path of every
swap choice against the tiler's verdict on the swapped board, and yields the first accepted one; it does
not search the panel's other paths (the text's region argument, which no solver here can check at these
sizes: t is several hundred rows). ``overhead`` declares the width, t (counted from the pieces' coding)
and the clue count. The tests also show the one-region path (along the panel's boundary) failing on a
board with a losing move (slow: the packing search over the whole panel takes about ten minutes).
"""

from __future__ import annotations

from gadgetry.core import InputError, LimitReached
from gadgetry.puzzles.edgematching.adversarial import Tiler, pairs
from gadgetry.puzzles.edgematching.square_model import EdgeMatching
from gadgetry.puzzles.witness.model import MAX_SIDE, Cell, Symbol, antibody, make_panel, poly

from .gadgets import witness_sigma2 as S
from .gadgets.witness_sigma2 import Built, IntendedPaths, board_code_width, translation_only

MONO = poly([(0, 0)])


def build(board: EdgeMatching) -> Built:
    """The panel of Theorem 8.6 (see the module docstring)."""
    translation_only(board, NAME)
    n, m, w = pairs(board), board.rows, board_code_width(board)
    top = S.top_labels(board)
    monos = S.monominoes_needed(n, w, top)
    extra = S.extra_rows(n, m, w, monos)
    medium, _holes = S.medium_piece(n, m, w, board.tiles, extra)
    left, right = S.frame_pieces(n, m, w, board.boundary_map(), monos, extra)
    tiles = [S.tile_piece(t, w) for t in board.tiles]
    stamps = [S.stamp_piece(label, S.pair_handle_code(k), n, m, w, extra) for k, label in enumerate(top)]
    t = len(medium) + len(left) + len(right) + sum(map(len, tiles)) + monos + sum(map(len, stamps))
    if t > MAX_SIDE:
        raise LimitReached(f"{NAME}: the panel would be {t} cells tall (t, the pieces' area), more than the "
                           f"Witness model's {MAX_SIDE} a side")
    r_width, r_height = S.rectangle(n, m, w, extra)
    lay = S.Layout(n, m, w, extra, frozenset(S.outline(n, m, w, extra)), t - 1 - r_height, r_width + 2, t)
    large = lay.large(top)
    symbols: dict[Cell, Symbol] = {(0, 0): poly(large)}
    for k, stamp in enumerate(stamps):
        symbols[(1 + k, 0)] = poly(stamp)
    mid = lay.width // 2  # the tail's column
    ab1, ab2 = (mid, t - 2), (mid, t - 5)
    ring = {(mid + dx, y + dy) for _x, y in (ab1, ab2) for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1))} - {ab1, ab2}
    symbols[ab1] = symbols[ab2] = antibody()
    for c in ring:
        symbols[c] = MONO
    rest = [poly(medium), poly(left), poly(right), *(poly(p) for p in tiles)] + [MONO] * (monos - len(ring))
    free = [(x, y) for y in range(t - 2, lay.y0, -1) for x in range(1, 1 + r_width) if (x, y) not in symbols]
    if len(rest) > len(free):
        raise AssertionError("R has no room for clue set A")
    symbols.update(zip(free, rest))
    start, end = lay.ends()
    panel = make_panel(lay.width, t, [start], [end], symbols=symbols)
    return Built(lay, panel, {"large": large, "medium": medium, "left": left, "right": right})


def losing_move(board: EdgeMatching) -> bool:
    """Whether the second player tiles the board after some swap choice (one SAT call, swaps free)."""
    tiler = Tiler(board)
    try:
        return bool(tiler.solver.solve())
    finally:
        tiler.close()


NAME = "witness-two-antibodies-from-adversarial-boundary-edge-matching"


class WitnessTwoAntibodiesFromAdversarialBoundaryEdgeMatching(IntendedPaths):
    """Theorem 8.6 of the Witness seed; see the module docstring."""

    name = NAME
    theorem = "Theorem 8.6 (two antibodies and polyominoes: Sigma2-complete)"

    def overhead(self, source: EdgeMatching) -> dict[str, int]:
        """Width 2n(w + 3) + 1; height t = 2|outline| - 2nw - |cutout| + the stamps (the medium piece, the
        frames, the tiles and the monominoes add up to that); one clue per piece and antibody."""
        n, m, w = pairs(source), source.rows, board_code_width(source)
        monos = 2 * n * w - S.net_tabs(S.top_labels(source))
        extra = S.extra_rows(n, m, w, monos)
        r_width, r_height = S.rectangle(n, m, w, extra)
        t = 2 * (r_width * r_height + 3) - 2 * n * w - S.cutout_area(source, w)
        t += S.stamps_area(source, w, S.handle_height(n, m, w, extra))
        return {"width": 2 * n * (w + 3) + 1, "height": t, "symbols": 1 + 2 * n + 2 + monos + 3 + 2 * n * m}

    def built(self, source: EdgeMatching) -> Built:
        if not losing_move(source):
            raise InputError(f"{NAME}: Theorem 8.6 needs a board whose first player has a losing move")
        return build(source)


REDUCTIONS = [WitnessTwoAntibodiesFromAdversarialBoundaryEdgeMatching()]
