"""The polyomino pieces of the Witness seed's Theorem 8.6 (section 8.2) built from adversarial-boundary
edge-matching boards: coded tiles interlock exactly when their colours match, the trivial packing inside
the medium piece (Figure 45a), the board-frame pieces around the board and a planted tiling filling it
(Figure 45b), and the slips in the text's counts and margins. The panels: test_witness_two_antibodies.py
and test_witness_one_antibody.py."""

from __future__ import annotations

import random
from collections import deque

from gadgetry.puzzles.edgematching.square import plant
from gadgetry.puzzles.edgematching.square_model import rotate
from gadgetry.reductions.gadgets import witness_sigma2 as S


def connected(pixels) -> bool:
    pixels = set(pixels)
    if not pixels:
        return False
    start = next(iter(pixels))
    seen, todo = {start}, deque([start])
    while todo:
        x, y = todo.popleft()
        for p in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if p in pixels and p not in seen:
                seen.add(p)
                todo.append(p)
    return seen == pixels


def exact_cover(target, pieces) -> bool:
    total = sum(len(p) for p in pieces)
    union = set().union(*pieces) if pieces else set()
    return total == len(union) and union == set(target)


def test_code_width() -> None:
    assert [S.code_width(c) for c in (1, 2, 3, 4, 7, 8)] == [5, 6, 6, 7, 7, 8]


def test_tiles_interlock_iff_their_colours_match() -> None:
    w = S.code_width(3)
    labels = [a * s for a in (1, 2, 3) for s in (1, -1)]
    for a in labels:
        for b in labels:
            left = S.tile_piece((1, a, 1, 1), w)
            right = S.tile_piece((1, 1, 1, b), w, (w, 0))
            squares = {(x, y) for x in range(2 * w) for y in range(w)}
            seam = {p for p in left | right if w - 1 <= p[0] <= w}
            fits = not (left & right) and {p for p in squares if w - 1 <= p[0] <= w} == seam
            assert fits == (a == -b), (a, b)
            assert connected(left)


def boards(count: int):
    for seed in range(count):
        rng = random.Random(seed)
        n, m, c = rng.randint(1, 2), rng.randint(1, 2), rng.randint(1, 4)
        sides = [(0, x, "n") for x in range(2 * n)] + [(m - 1, x, "s") for x in range(2 * n)]
        sides += [(r, 0, "w") for r in range(m)] + [(r, 2 * n - 1, "e") for r in range(m)]
        board, sol = plant(m, 2 * n, c, "signed", False, 0, rng, sides=sorted(set(sides)))
        yield n, m, S.code_width(c), board, sol


def test_trivial_packing_inside_the_medium_piece() -> None:
    """Figure 45a, inside R: the medium piece, the tiles in their holes and the zone cover the outline
    exactly; every piece is connected."""
    for n, m, w, board, _sol in boards(30):
        medium, holes = S.medium_piece(n, m, w, board.tiles)
        tiles = [S.tile_piece(t, w, key) for key, t in holes.items()]
        assert connected(medium)
        assert exact_cover(S.outline(n, m, w), [medium, *tiles, S.zone(n, w)])


def test_board_frames_and_a_planted_tiling() -> None:
    """Figure 45b: the board-frame pieces, their monomino holes and the coded cutout cover the outline
    exactly; the left piece is nw + 3n wide; a planted tiling of the board, each tile piece at its cell,
    fills the cutout together with the dies' pockets less their tabs."""
    for n, m, w, board, sol in boards(30):
        bmap = board.boundary_map()
        top = [bmap[(0, x, "n")] for x in range(2 * n)]
        holes = S.monomino_holes(n, m, w, S.monominoes_needed(n, w, top))
        left, right = S.frame_pieces(n, m, w, bmap, len(holes))
        cutout = S.board_cutout(n, m, w, bmap)
        assert max(x for x, _y in left) + 1 == n * w + 3 * n
        assert exact_cover(S.outline(n, m, w), [left, right, set(holes), cutout])
        assert connected(right)
        die_box = {(x, y) for x in range(2, 2 + 2 * n * w) for y in (-2, -1)}
        dies = S.dies(n, w, top)
        room = (cutout - dies) | (die_box - dies)
        pieces = [S.tile_piece(rotate(board.tiles[t], q), w, (2 + (i % (2 * n)) * w, (i // (2 * n)) * w))
                  for i, (t, q) in enumerate(sol)]
        assert exact_cover(room, pieces)


def test_monomino_count_sign_slip() -> None:
    """The text's 2nw - q monominoes (q = pockets - tabs on the dies) leave the trivial packing short or
    over: the zone less the dies' tabs plus their pockets needs 2nw + q."""
    n, w = 1, S.code_width(3)
    for top in ([1, 2], [-3, -1], [3, -2]):
        tabs, pockets = S.tabs_and_pockets(top)
        q = pockets - tabs
        assert S.monominoes_needed(n, w, top) == 2 * n * w + q
        assert (2 * n * w - q == 2 * n * w + q) == (q == 0)


def test_margin_and_hole_capacity_slips() -> None:
    """The text: the slots leave "at least one row on each other side" of the holes, but a west tab of a
    first-column tile reaches R's first column; and the left frame holds (nw+3n-2)/2 x (3w-1)/2 holes,
    but below its mw-tall cutout it has only 3m + 3 rows: for n = m = 1 it holds fewer holes than the
    8n monominoes the construction always has."""
    w = S.code_width(1)
    medium, _holes = S.medium_piece(1, 1, w, [(1, 1, 1, 1), (1, 1, 1, -1)])
    assert (0, 5) not in medium and (0, 4) in medium  # the first tile's west tab (bit 0, row 3 + 2)
    west_tab = S.tile_piece((1, 1, 1, 1), w, S.slot_key(1, 1, w, 0, 0))
    assert min(x for x, _y in west_tab) == 0  # the hole touches R's left side: no pixel to its left
    for n, m in ((1, 1), (2, 1), (1, 2)):
        capacity = len(S.monomino_holes(n, m, w, 10 ** 6))
        text = (n * w + 3 * n - 2) / 2 * (3 * w - 1) / 2
        assert capacity < text
        if (n, m) == (1, 1):
            assert capacity < 8 * n <= 2 * n * w - 2 * n * S.code_bits(1)


def test_kit_bars_are_too_short() -> None:
    """Theorem 8.7's kit: bars 2(n - 1)(w + 5) + 3 long end before the last two tile columns' joins, so
    the kit (and the sprue) fall apart; bars (2n - 1)(w + 5) + 4 long reach every join."""
    for n, m, w, board, _sol in boards(10):
        short_kit, short_sprue = S.kit_piece(n, m, w, board.tiles, S.kit_bar_length(n, w))
        assert not connected(short_kit) and not connected(short_sprue)
        kit, sprue = S.kit_piece(n, m, w, board.tiles, (2 * n - 1) * (w + 5) + 4)
        assert connected(kit) and connected(sprue)


def test_stamp_handles_and_the_pairing_slip() -> None:
    """Stamps: connected, their handles h = max(m(w+3) + 7, n) tall; two stamps' images differ off the die
    iff their handle codes differ. The text codes 1-indexed segments 2i and 2i + 1 with i, which gives
    the swap pair (e_0, e_1) (1-indexed segments 1 and 2) two different handles, so its stamps cannot
    trade places; coding the 0-indexed pair (e_2i, e_2i+1) with i lets exactly the swap pairs trade."""
    n, m, w = 2, 1, S.code_width(3)
    for seg in range(2 * n):
        piece = S.stamp_piece(1, S.pair_handle_code(seg), n, m, w)
        assert connected(piece) and min(y for _x, y in piece) == -1 - S.handle_height(n, m, w)

    def off_die(code: int) -> frozenset:
        return frozenset(p for p in S.stamp_piece(1, code, n, m, w) if p[1] < 0)

    for a in range(2 * n):
        for b in range(2 * n):
            same_pair = a // 2 == b // 2
            assert (off_die(S.pair_handle_code(a)) == off_die(S.pair_handle_code(b))) == same_pair
    assert off_die(S.text_handle_code(0)) != off_die(S.text_handle_code(1))  # the pair (e_0, e_1) split
