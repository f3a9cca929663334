"""The polyomino pieces of the Witness seed's Theorems 8.6 and 8.7 (section 8.2, Figures 43-47), built
from an adversarial-boundary edge-matching board: the coded tiles, the medium polyomino, the two
board-frame polyominoes with their monomino holes, the stamps, and Theorem 8.7's kit and sprue. Pixels
are ``(x, y)``, y growing downwards.

Signed colours are binary tabs (positive) and pockets (negative) on a w x w square, w = ceil(log2(c + 1))
+ 4, the bits (least significant first) on the edge positions 2 .. w - 3, the 2 x 2 corners uncoded. A
tile's key pixel is its square's upper-left pixel.

The medium piece is the (2n(w+3) - 1) x (m(w+3) + 3) rectangle R with a hole in each tile's image (key
pixels on a 2n x m grid of pitch w + 3 from column 2, row 4, counted from 1), horns above R's top
corners, a tail below its bottom middle, and the stamp accommodation zone: 2nw pixels of R's top row
from its third pixel. The board-frame pieces are R with horns and tail, less the 2nw x mw cutout from
R's third top pixel, its left, right and bottom edges coded with the board's boundary colours (the
frame is the virtual neighbour: a positive colour is a tab into the cutout), split right of the tail's
column; the left one gets one single-pixel hole per monomino (:func:`monomino_holes`). A stamp
(:func:`stamp_piece`) is a w x 2 die coded on its lower edge with its segment's top boundary colour, a
pixel above it and a coded 2 x h handle (:func:`pair_handle_code`: the 0-indexed swap pair; the text's
indexing is :func:`text_handle_code`). Theorem 8.7's kit (its antikit's shape) and sprue are
:func:`kit_piece`, the bar length a parameter (the text's, :func:`kit_bar_length`, is too short).

Only the pieces and their fit are built here, not the panels (no large piece, no clue placement, no
path): see the tests for what they show.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

Pixel = tuple[int, int]
Tile = tuple[int, int, int, int]  # (north, east, south, west), signed colours


def code_bits(colours: int) -> int:
    """ceil(log2(c + 1)): bits for colours 1..c (0 is unusable: a colour needs a tab or a pocket)."""
    return math.ceil(math.log2(colours + 1))


def code_width(colours: int) -> int:
    """w = ceil(log2(c + 1)) + 4."""
    return code_bits(colours) + 4


def bits(label: int) -> list[int]:
    """The edge positions (2 + bit index) coding |label|, least significant bit first."""
    a = abs(label)
    return [2 + i for i in range(a.bit_length()) if a >> i & 1]


def coded_square(x0: int, y0: int, w: int, h: int, sides: Mapping[str, Sequence[tuple[int, int]]]) -> set[Pixel]:
    """A w x h rectangle at (x0, y0) with each side's ``(offset, label)`` segments coded: the segment of
    length w starting ``offset`` along the side carries ``label`` (tabs outwards if positive, pockets
    inwards if negative)."""
    out = {(x0 + x, y0 + y) for x in range(w) for y in range(h)}
    for side, segments in sides.items():
        for offset, label in segments:
            for q in bits(label):
                p = offset + q
                inside, outside = {"n": ((p, 0), (p, -1)), "s": ((p, h - 1), (p, h)),
                                   "w": ((0, p), (-1, p)), "e": ((w - 1, p), (w, p))}[side]
                if label > 0:
                    out.add((x0 + outside[0], y0 + outside[1]))
                else:
                    out.discard((x0 + inside[0], y0 + inside[1]))
    return out


def tile_piece(tile: Tile, w: int, key: Pixel = (0, 0)) -> frozenset[Pixel]:
    """A tile's polyomino with its key pixel at ``key``."""
    n, e, s, west = tile
    return frozenset(coded_square(key[0], key[1], w, w, {"n": [(0, n)], "e": [(0, e)], "s": [(0, s)],
                                                         "w": [(0, west)]}))


def rectangle(n: int, m: int, w: int, extra: int = 0) -> tuple[int, int]:
    """The medium and board-frame rectangle R: (2n(w+3) - 1) wide, m(w+3) + 3 tall (the text's), plus
    ``extra`` rows at the bottom (room for the monomino holes, :func:`extra_rows`)."""
    return 2 * n * (w + 3) - 1, m * (w + 3) + 3 + extra


def outline(n: int, m: int, w: int, extra: int = 0) -> set[Pixel]:
    """R with its horns (above the top corners) and tail (below the bottom middle)."""
    width, height = rectangle(n, m, w, extra)
    return {(x, y) for x in range(width) for y in range(height)} | {(0, -1), (width - 1, -1), (width // 2, height)}


def slot_key(n: int, m: int, w: int, i: int, j: int) -> Pixel:
    """The key pixel of tile slot (column i, row j) in the medium piece: column 2, row 4 (from 1), pitch
    w + 3."""
    return 1 + i * (w + 3), 3 + j * (w + 3)


def zone(n: int, w: int) -> set[Pixel]:
    """The stamp accommodation zone: 2nw pixels of R's top row from its third pixel."""
    return {(x, 0) for x in range(2, 2 + 2 * n * w)}


def medium_piece(n: int, m: int, w: int, tiles: Sequence[Tile],
                 extra: int = 0) -> tuple[frozenset[Pixel], dict[Pixel, Tile]]:
    """The medium polyomino and the tile at each hole's key pixel (tiles in row-major slot order)."""
    holes = {slot_key(n, m, w, i, j): tiles[j * 2 * n + i] for j in range(m) for i in range(2 * n)}
    pixels = outline(n, m, w, extra) - zone(n, w)
    for key, tile in holes.items():
        pixels -= tile_piece(tile, w, key)
    return frozenset(pixels), holes


def board_cutout(n: int, m: int, w: int, boundary: Mapping[tuple[int, int, str], int]) -> set[Pixel]:
    """The pixels the board-frame pieces leave for the board: the 2nw x mw cutout at R's third top pixel,
    its left, right and bottom edges coded (the frame shows each boundary colour), its top left open."""
    rows, cols = m, 2 * n
    flip = {side: [(k * w, -label) for (r, c, s), label in sorted(boundary.items()) if s == side
                   for k in [r if side in "we" else c]] for side in "wes"}
    # the cutout's own edges show the tile-facing colour (-label): a frame tab is a cutout pocket
    return coded_square(2, 0, cols * w, rows * w, flip)


def monomino_holes(n: int, m: int, w: int, count: int, extra: int = 0) -> list[Pixel]:
    """Up to ``count`` hole pixels in the left board-frame piece, in the text's order: from the
    second-bottommost pixel of the second column, every other column (not the piece's last column), then
    two rows up, and so on, staying two rows below the cutout (its coded bottom edge)."""
    width, height = rectangle(n, m, w, extra)
    left = width // 2 + 1  # the left piece: columns 0 .. the tail's column
    out: list[Pixel] = []
    y = height - 2
    while y > m * w + 1 and len(out) < count:
        for x in range(1, left - 1, 2):
            if len(out) < count:
                out.append((x, y))
        y -= 2
    return out


def frame_pieces(n: int, m: int, w: int, boundary: Mapping[tuple[int, int, str], int],
                 monominoes: int, extra: int = 0) -> tuple[frozenset[Pixel], frozenset[Pixel]]:
    """The left and right board-frame polyominoes (the left with its monomino holes)."""
    width, _height = rectangle(n, m, w)
    whole = outline(n, m, w, extra) - board_cutout(n, m, w, boundary)
    split = width // 2 + 1
    left = {p for p in whole if p[0] < split} - set(monomino_holes(n, m, w, monominoes, extra))
    return frozenset(left), frozenset(p for p in whole if p[0] >= split)


def dies(n: int, w: int, top: Sequence[int]) -> set[Pixel]:
    """The stamps' dies side by side above the board (rows -2 and -1, from column 2), each coded on its
    lower edge with its segment's top boundary colour (the die is the virtual neighbour)."""
    return coded_square(2, -2, 2 * n * w, 2, {"s": [(k * w, label) for k, label in enumerate(top)]})


def monominoes_needed(n: int, w: int, top: Sequence[int]) -> int:
    """Monominoes the trivial packing (Figure 45a) needs: the zone pixels the dies' tabs leave free plus
    the dies' pockets, i.e. 2nw + (pockets - tabs)."""
    die_box = {(x, y) for x in range(2, 2 + 2 * n * w) for y in (-2, -1)}
    pixels = dies(n, w, top)
    return len(zone(n, w) - pixels) + len(die_box - pixels)


def extra_rows(n: int, m: int, w: int, count: int) -> int:
    """The fewest rows to add at R's bottom so that the left board-frame piece takes ``count`` monomino
    holes (the text's R takes too few: ``tests/test_witness_sigma2_pieces.py``)."""
    extra = 0
    while len(monomino_holes(n, m, w, count, extra)) < count:
        extra += 1
    return extra


def tabs_and_pockets(labels: Iterable[int]) -> tuple[int, int]:
    """(tabs, pockets) over coded labels."""
    labels = list(labels)
    return (sum(len(bits(a)) for a in labels if a > 0), sum(len(bits(a)) for a in labels if a < 0))


def kit_bar_length(n: int, w: int) -> int:
    """The text's kit bar length for Theorem 8.7: 2(n - 1)(w + 5) + 3."""
    return 2 * (n - 1) * (w + 5) + 3


def kit_piece(n: int, m: int, w: int, tiles: Sequence[Tile], bar: int) -> tuple[frozenset[Pixel], frozenset[Pixel]]:
    """Theorem 8.7's kit (Figure 47c) and its sprue (the kit less the tiles): m bars ``bar`` x 1 at pitch
    w + 5 joined by 1 x (w + 4) rectangles in the left column, the tiles with key pixels on a 2n x m grid
    of pitch w + 5 from (3, 3), each joined to the bar above by the two pixels over its key pixel, and one
    pixel left of the upper-left pixel."""
    pitch = w + 5
    sprue = {(x, j * pitch) for j in range(m) for x in range(bar)}
    sprue |= {(0, j * pitch + d) for j in range(m - 1) for d in range(1, w + 5)}
    sprue.add((-1, 0))
    tile_pixels: set[Pixel] = set()
    for j in range(m):
        for i in range(2 * n):
            key = (3 + i * pitch, 3 + j * pitch)
            tile_pixels |= tile_piece(tiles[j * 2 * n + i], w, key)
            sprue |= {(key[0], key[1] - 1), (key[0], key[1] - 2)}
    return frozenset(sprue | tile_pixels), frozenset(sprue)


def handle_height(n: int, m: int, w: int, extra: int = 0) -> int:
    """h = max(m(w + 3) + 7, n) (with ``extra`` rows in R: 4 more than R's height, as the text's)."""
    return max(m * (w + 3) + 7 + extra, n)


def stamp_piece(label: int, code: int, n: int, m: int, w: int, extra: int = 0) -> frozenset[Pixel]:
    """A stamp (Theorem 8.6, clue set B) with its die's upper-left pixel at (0, 0): the w x 2 die coded on
    its lower edge with ``label``, a pixel centred above it, and a 2 x h handle whose bottom-right pixel
    is right above that pixel, with pockets on the handle's left edge coding ``code`` in binary from the
    handle's second-to-top row down (least significant bit first)."""
    die = coded_square(0, 0, w, 2, {"s": [(0, label)]})
    centre = (w - 1) // 2
    h = handle_height(n, m, w, extra)
    handle = {(x, y) for x in (centre - 1, centre) for y in range(-1 - h, -1)}
    for i in range(code.bit_length()):
        if code >> i & 1:
            handle.discard((centre - 1, -h + i))
    return frozenset(die | {(centre, -1)} | handle)


def text_handle_code(segment: int) -> int:
    """The text's handle code: 1-indexed segments 2i and 2i + 1 carry i (segment: 0-indexed)."""
    return (segment + 1) // 2


def pair_handle_code(segment: int) -> int:
    """The handle code of the swap pair (e_2i, e_2i+1) a segment belongs to (0-indexed)."""
    return segment // 2
