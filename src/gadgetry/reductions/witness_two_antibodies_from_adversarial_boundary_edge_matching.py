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

What is chosen where the text leaves it open: translation-only boards (a turned coded square does not
show the turned tile's colours: bits run left to right on both horizontal sides), so rotatable sources
are refused (Lemma 8.5 holds without rotation); sources whose first player has no losing move are refused
(the theorem's hypothesis: the one-region path would then solve the panel); the start is the left one of
the two middle vertices, so each swap choice has exactly one intended path (the boundary of region 2,
:func:`path_for`).

Solutions: the intended path of a swap choice solves the panel exactly when the choice wins for the first
player (the second antibody is then necessary). ``verify`` works on a certificate view that checks, by
the rule checker with antibodies (:mod:`gadgetry.puzzles.witness.rules`), the intended path of every
swap choice against the tiler's verdict on the swapped board, and yields the first accepted one; it does
not search the panel's other paths (the text's region argument, which no solver here can check at these
sizes: t is several hundred rows). The gadget checks do the same on fixed boards.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from gadgetry.core import Claim, InputError, Reduction
from gadgetry.core.game import FIRST
from gadgetry.core.reduction import CertificateView
from gadgetry.puzzles.edgematching.adversarial import Tiler, cegar, pairs
from gadgetry.puzzles.edgematching.square_model import EdgeMatching
from gadgetry.puzzles.witness.model import MAX_SIDE, Cell, Panel, Path, Symbol, Vertex, antibody, make_panel, poly
from gadgetry.puzzles.witness.rules import check

from .gadgets import witness_sigma2 as S

Pixel = tuple[int, int]
MONO = poly([(0, 0)])


@dataclass(frozen=True)
class Layout:
    """The sizes of one panel: board n (pairs) x m (rows), code width w, R's extra rows, R's top-left
    pixel in panel coordinates ``(1, y0)``, panel width and height t."""

    n: int
    m: int
    w: int
    extra: int
    y0: int
    width: int
    height: int

    def shift(self, pixels: Any) -> frozenset[Cell]:
        return frozenset((x + 1, y + self.y0) for x, y in pixels)


def top_labels(board: EdgeMatching) -> list[int]:
    bmap = board.boundary_map()
    return [bmap[(0, c, "n")] for c in range(board.cols)]


def stamp_image(lay: Layout, label: int, slot: int, segment: int) -> frozenset[Cell]:
    """The stamp of ``segment`` (its label, its pair's handle code) with its die in ``slot``."""
    piece = S.stamp_piece(label, S.pair_handle_code(segment), lay.n, lay.m, lay.w, lay.extra)
    return lay.shift((x + 2 + slot * lay.w, y - 2) for x, y in piece)


def die_box(lay: Layout) -> set[Pixel]:
    return {(x, y) for x in range(2, 2 + 2 * lay.n * lay.w) for y in (-2, -1)}


def inner_region(lay: Layout, top: list[int]) -> frozenset[Cell]:
    """Region 2 for the top labels in slot order: the outline and the die box less the dies."""
    return lay.shift((S.outline(lay.n, lay.m, lay.w, lay.extra) | die_box(lay)) - S.dies(lay.n, lay.w, top))


def order(board: EdgeMatching, swaps: tuple[bool, ...]) -> list[int]:
    """The segment whose stamp sits in each slot after ``swaps``."""
    return [c ^ 1 if swaps[c // 2] else c for c in range(board.cols)]


@dataclass(frozen=True)
class Built:
    lay: Layout
    panel: Panel
    pieces: Mapping[str, frozenset[Pixel]]  # named pieces (piece coordinates, for tests)


def build(board: EdgeMatching) -> Built:
    """The panel of Theorem 8.6 (see the module docstring)."""
    if board.rotations:
        raise InputError("witness-two-antibodies: translation-only boards (a coded square's turn is no tile turn)")
    n, m = pairs(board), board.rows
    colours = max(abs(a) for t in board.tiles for a in t)
    colours = max(colours, *(abs(a) for _s, a in board.boundary))
    w = S.code_width(colours)
    top = top_labels(board)
    bmap = board.boundary_map()
    monos = S.monominoes_needed(n, w, top)
    extra = S.extra_rows(n, m, w, monos)
    medium, _holes = S.medium_piece(n, m, w, board.tiles, extra)
    left, right = S.frame_pieces(n, m, w, bmap, monos, extra)
    tiles = [S.tile_piece(t, w) for t in board.tiles]
    stamps = [S.stamp_piece(label, S.pair_handle_code(k), n, m, w, extra) for k, label in enumerate(top)]
    t = len(medium) + len(left) + len(right) + sum(map(len, tiles)) + monos + sum(map(len, stamps))
    r_width, r_height = S.rectangle(n, m, w, extra)
    if t > MAX_SIDE:
        raise InputError(f"witness-two-antibodies: the panel would be {t} cells tall (t, the pieces' area); "
                         f"Witness panels have at most {MAX_SIDE}")
    y0 = t - 1 - r_height
    lay = Layout(n, m, w, extra, y0, r_width + 2, t)
    stamp_cells = [stamp_image(lay, label, k, k) for k, label in enumerate(top)]
    if min(y for img in stamp_cells for _x, y in img) < 1:
        raise AssertionError("the handles reach the clue row")  # t exceeds R, the dies and a handle by far
    panel_cells = {(x, y) for x in range(lay.width) for y in range(t)}
    large = frozenset(panel_cells - inner_region(lay, top) - set().union(*stamp_cells))
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
    free = [(x, y) for y in range(t - 2, y0, -1) for x in range(1, 1 + r_width) if (x, y) not in symbols]
    for c, s in zip(free, rest, strict=False):
        symbols[c] = s
    if len(rest) > len(free):
        raise AssertionError("R has no room for clue set A")
    mid_vertices = ((mid, t), (mid + 1, t))
    panel = make_panel(lay.width, t, [mid_vertices[0]], [mid_vertices[1]], symbols=symbols)
    return Built(lay, panel, {"large": large, "medium": medium, "left": left, "right": right})


def path_for(built: Built, board: EdgeMatching, swaps: tuple[bool, ...]) -> Path:
    """The intended path of a swap choice: region 2's boundary from the start round to the end cap."""
    slots = order(board, swaps)
    top = top_labels(board)
    region = inner_region(built.lay, [top[s] for s in slots])
    return boundary_path(region, built.panel.starts[0], built.panel.ends[0])


def boundary_path(region: frozenset[Cell], start: Vertex, end: Vertex) -> Path:
    """The boundary cycle of a simply connected region without pinches, opened at the edge start-end."""
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


def swaps_of(built: Built, board: EdgeMatching, path: Path) -> tuple[bool, ...] | None:
    """The swap choice whose intended path ``path`` is, or None."""
    for swaps in itertools.product((False, True), repeat=pairs(board)):
        if path_for(built, board, swaps) == tuple(path):
            return swaps
    return None


def losing_move(board: EdgeMatching) -> bool:
    """Whether the second player tiles the board after some swap choice (one SAT call, swaps free)."""
    tiler = Tiler(board)
    try:
        return bool(tiler.solver.solve())
    finally:
        tiler.close()


class WitnessTwoAntibodiesFromAdversarialBoundaryEdgeMatching(Reduction):
    """Theorem 8.6 of the Witness seed; see the module docstring."""

    name = "witness-two-antibodies-from-adversarial-boundary-edge-matching"
    source, target = "adversarial-boundary-edge-matching", "witness"
    paper = "Abel et al., Who witnesses The Witness?"
    section = "8.2"
    theorem = "Theorem 8.6 (two antibodies and polyominoes: Sigma2-complete)"
    claim = Claim("none", text="one intended path per winning move; other paths are not searched")
    verify_budget = 3  # panels 17 cells wide and several hundred tall; a rule-checker packing per move
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = (
        {"rows": 1, "cols": 2, "colours": 1, "rotations": 0},
        {"rows": 1, "cols": 2, "colours": 2, "rotations": 0})

    def reduce(self, source: EdgeMatching) -> Panel:
        if not losing_move(source):
            raise InputError(f"{self.name}: Theorem 8.6 needs a board whose first player has a losing move")
        return build(source).panel

    def forward(self, source: EdgeMatching, target: Panel, source_solution: Any) -> Path:
        swaps = cegar(source)
        if swaps is None:
            raise ValueError("the source's first player has no winning move")
        return path_for(build(source), source, swaps)

    def backward(self, source: EdgeMatching, target: Panel, target_solution: Any) -> Any:
        swaps = swaps_of(build(source), source, target_solution)
        if swaps is None:
            raise ValueError("the path is not one of the intended paths (the region argument is not checked)")
        return FIRST

    def certificate_view(self, source: EdgeMatching, target: Panel) -> CertificateView:
        """Empty certificates: the intended path of each swap choice, checked by the rule checker against
        the tiler's verdict; the first accepted one is yielded."""
        return CertificateView(lambda _sx: (), lambda _sy: (),
                               lambda cap: intended_solutions(source, build(source), cap))


def intended_solutions(board: EdgeMatching, built: Built, cap: int) -> Iterator[Path]:
    """The first intended path the rule checker accepts, after checking every swap choice's path against
    the tiler (a disagreement raises)."""
    found = []
    tiler = Tiler(board)
    try:
        for swaps in itertools.product((False, True), repeat=pairs(board)):
            path = path_for(built, board, swaps)
            accepted = bool(check(built.panel, path))
            if accepted != (tiler.tile(swaps) is None):
                raise AssertionError(f"swaps {swaps}: the rule checker {'accepts' if accepted else 'rejects'} "
                                     f"the intended path, the tiler says the move "
                                     f"{'loses' if accepted else 'wins'}")
            if accepted:
                found.append(path)
    finally:
        tiler.close()
    yield from found[:min(1, cap)]


REDUCTIONS = [WitnessTwoAntibodiesFromAdversarialBoundaryEdgeMatching()]
