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

:class:`Layout` is what both theorems' panels share: region 2's outline (R with its tail, and horns in
Theorem 8.6), the dies above it, the stamps in their slots, the large piece (the panel less region 2 and
the stamps), and the intended path of a swap choice (region 2's boundary, :func:`intended_path`), which
:func:`intended_solutions` checks by the rule checker against the tiler on every swap choice.
"""

from __future__ import annotations

import math
import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from gadgetry.core import Claim, InputError, Reduction
from gadgetry.core.game import FIRST
from gadgetry.core.reduction import CertificateView
from gadgetry.puzzles.edgematching.adversarial import Tiler, cegar, pairs
from gadgetry.puzzles.edgematching.square_model import EdgeMatching
from gadgetry.puzzles.witness.model import Panel, Path, Vertex
from gadgetry.puzzles.witness.rules import check

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


# -- the panels of Theorems 8.6 and 8.7 ----------------------------------------------------------------
def top_labels(board: EdgeMatching) -> list[int]:
    """The top boundary colours e_0 .. e_{2n-1}."""
    bmap = board.boundary_map()
    return [bmap[(0, c, "n")] for c in range(board.cols)]


def slot_order(board: EdgeMatching, swaps: Sequence[bool]) -> list[int]:
    """The segment whose stamp sits in each slot after ``swaps``."""
    return [c ^ 1 if swaps[c // 2] else c for c in range(board.cols)]


@dataclass(frozen=True)
class Layout:
    """One panel's frame: board n (pairs) x m (rows), code width w, the stamps' handle ``extra`` (see
    :func:`handle_height`), region 2's outline without the dies (R coordinates: R's top-left pixel is
    (0, 0), the dies in rows -2 and -1 from column 2), R's top-left pixel ``(1, y0)`` in the panel, the
    panel's width and height."""

    n: int
    m: int
    w: int
    extra: int
    outline: frozenset[Pixel]
    y0: int
    width: int
    height: int

    def shift(self, pixels: Iterable[Pixel]) -> frozenset[Pixel]:
        return frozenset((x + 1, y + self.y0) for x, y in pixels)

    def stamp(self, label: int, segment: int, slot: int) -> frozenset[Pixel]:
        """The stamp of ``segment`` (its label, its pair's handle code) with its die in ``slot``."""
        piece = stamp_piece(label, pair_handle_code(segment), self.n, self.m, self.w, self.extra)
        return self.shift((x + 2 + slot * self.w, y - 2) for x, y in piece)

    def region(self, top: Sequence[int]) -> frozenset[Pixel]:
        """Region 2 for the top labels in slot order: the outline and the die box less the dies."""
        box = {(x, y) for x in range(2, 2 + 2 * self.n * self.w) for y in (-2, -1)}
        return self.shift((self.outline | box) - dies(self.n, self.w, top))

    def large(self, top: Sequence[int]) -> frozenset[Pixel]:
        """The large piece (panel coordinates): the panel less region 2 and the stamps in segment order."""
        stamps = set().union(*(self.stamp(a, k, k) for k, a in enumerate(top)))
        if min(y for _x, y in stamps) < 1:
            raise AssertionError("the handles reach the clue row")
        cells = {(x, y) for x in range(self.width) for y in range(self.height)}
        return frozenset(cells - self.region(top) - stamps)

    def ends(self) -> tuple[Vertex, Vertex]:
        """The start circle and end cap: the middle two vertices of the bottom row."""
        mid = self.width // 2
        return (mid, self.height), (mid + 1, self.height)


def net_tabs(labels: Iterable[int]) -> int:
    """Tabs less pockets over coded labels: the pixels coding adds to a side."""
    tabs, pockets = tabs_and_pockets(labels)
    return tabs - pockets


def stamps_area(board: EdgeMatching, w: int, h: int) -> int:
    """The stamps' total area, counted: a w x 2 die with its tabs less its pockets, a pixel, a 2 x h handle
    less the pockets coding its pair."""
    return sum(2 * w + net_tabs([a]) + 1 + 2 * h - bin(k // 2).count("1") for k, a in enumerate(top_labels(board)))


def cutout_area(board: EdgeMatching, w: int) -> int:
    """The coded board cutout's area, counted: a frame tab is a pixel less, a frame pocket one more."""
    sides = [a for (_r, _c, s), a in board.boundary if s in "wes"]
    return board.rows * board.cols * w * w - net_tabs(sides)


def tiles_area(board: EdgeMatching, w: int) -> int:
    return sum(w * w + net_tabs(t) for t in board.tiles)


def intended_path(lay: Layout, board: EdgeMatching, swaps: Sequence[bool]) -> Path:
    """The intended path of a swap choice: region 2's boundary from the start round to the end cap."""
    top = top_labels(board)
    region = lay.region([top[s] for s in slot_order(board, swaps)])
    start, end = lay.ends()
    adj: dict[Vertex, list[Vertex]] = {}
    for x, y in region:
        for (dx, dy), (u, v) in (((0, -1), ((x, y), (x + 1, y))), ((0, 1), ((x, y + 1), (x + 1, y + 1))),
                                 ((-1, 0), ((x, y), (x, y + 1))), ((1, 0), ((x + 1, y), (x + 1, y + 1)))):
            if (x + dx, y + dy) not in region:
                adj.setdefault(u, []).append(v)
                adj.setdefault(v, []).append(u)
    if any(len(vs) != 2 for vs in adj.values()) or end not in adj[start]:
        raise AssertionError("region 2's boundary is not a simple cycle through the bottom edge")
    path, prev = [start], end
    while path[-1] != end:
        a, b = adj[path[-1]]
        path.append(b if a == prev else a)
        prev = path[-2]
    if len(path) != len(adj):
        raise AssertionError("region 2's boundary is not one cycle")
    return tuple(path)


def swaps_of(lay: Layout, board: EdgeMatching, path: Path) -> tuple[bool, ...] | None:
    """A swap choice whose intended path ``path`` is (pairs of equal colours: the first), or None."""
    for swaps in itertools.product((False, True), repeat=pairs(board)):
        if intended_path(lay, board, swaps) == tuple(path):
            return swaps
    return None


def intended_solutions(board: EdgeMatching, lay: Layout, panel: Panel, cap: int) -> Iterator[Path]:
    """The first intended path the rule checker accepts, after checking every swap choice's intended path
    against the tiler: accepted exactly when the swapped board has no tiling (a disagreement raises)."""
    found = []
    tiler = Tiler(board)
    try:
        for swaps in itertools.product((False, True), repeat=pairs(board)):
            path = intended_path(lay, board, swaps)
            accepted = bool(check(panel, path))
            if accepted != (tiler.tile(swaps) is None):
                raise AssertionError(f"swaps {swaps}: the rule checker {'accepts' if accepted else 'rejects'} "
                                     f"the intended path, but the move {'loses' if accepted else 'wins'}")
            if accepted:
                found.append(path)
    finally:
        tiler.close()
    yield from found[:min(1, cap)]


@dataclass(frozen=True)
class Built:
    lay: Layout
    panel: Panel
    pieces: Mapping[str, frozenset[Pixel]]  # named pieces (piece coordinates, for tests)


def board_code_width(board: EdgeMatching) -> int:
    """w for the board's colours (tiles and boundary)."""
    return code_width(max(abs(a) for a in [*(a for t in board.tiles for a in t), *(a for _s, a in board.boundary)]))


def translation_only(board: EdgeMatching, name: str) -> None:
    if board.rotations:
        raise InputError(f"{name}: translation-only boards (a coded square's quarter turn is no tile's turn)")


class IntendedPaths(Reduction):
    """What Theorems 8.6 and 8.7 share: forward along the winning move ``cegar`` finds, backward from an
    intended path, and the certificate view over the intended paths (see the module docstring)."""

    source, target = "adversarial-boundary-edge-matching", "witness"
    paper = "Abel et al., Who witnesses The Witness?"
    section = "8.2"
    claim = Claim("none", text="one intended path per winning move; other paths are not searched")
    verify_budget = 3  # panels hundreds of cells tall; a rule-checker packing search per move
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = (
        {"rows": 1, "cols": 2, "colours": 1, "rotations": 0},
        {"rows": 1, "cols": 2, "colours": 2, "rotations": 0},
        {"rows": 2, "cols": 2, "colours": 2, "rotations": 0})

    def built(self, source: EdgeMatching) -> Built:
        raise NotImplementedError

    def reduce(self, source: EdgeMatching) -> Panel:
        return self.built(source).panel

    def forward(self, source: EdgeMatching, target: Panel, source_solution: Any) -> Path:
        swaps = cegar(source)
        if swaps is None:
            raise ValueError("the source's first player has no winning move")
        return intended_path(self.built(source).lay, source, swaps)

    def backward(self, source: EdgeMatching, target: Panel, target_solution: Any) -> Any:
        if swaps_of(self.built(source).lay, source, target_solution) is None:
            raise ValueError("the path is not an intended path (the region argument is not checked)")
        return FIRST

    def certificate_view(self, source: EdgeMatching, target: Panel) -> CertificateView:
        """Empty certificates: the intended path of each swap choice, checked by the rule checker against
        the tiler's verdict; the first accepted one is yielded."""
        built = self.built(source)
        return CertificateView(lambda _sx: (), lambda _sy: (),
                               lambda cap: intended_solutions(source, built.lay, built.panel, cap))
