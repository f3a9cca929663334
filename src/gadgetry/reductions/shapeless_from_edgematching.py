"""1 x n edge matching with a left boundary colour to rooted shapeless edge matching: the spiral frame
(Edge-matching seed, section 5, Theorem 5.1 and Corollary 5.2; Figures 15 and 16 are missing, the frame's
geometry is rebuilt from the prose of Theorem 5.1's proof).

The source is a 1 x n signed or unsigned ``edge-matching`` board with rotations whose only boundary colour
is L on the west side of cell (0, 0) (what Theorem 3.3 produces). The target keeps the n source tiles
(indices 0..n-1) and adds 2n + 11 frame tiles, each U below a fresh colour nothing else carries (so no tile
can touch that side). Written (left, top, right, bottom) as in the paper, at (x, y) with y upwards:

- outer cap (U, U, -TW_1, U) at (0, 2): the root, fixed unturned;
- top wall i = 1..n+1: (+TW_i, U, -TW_{i+1}, U) at (i, 2); top-right corner (+TW_{n+2}, U, U, -RW_1)
  at (n+2, 2);
- right wall j = 1..3: (U, +RW_j, U, -RW_{j+1}) at (n+2, 2-j); bottom-right corner (-BW_1, +RW_4, U, U)
  at (n+2, -2);
- bottom wall i = 1..n+1: (-BW_{i+1}, U, +BW_i, U) at (n+2-i, -2); bottom-left corner
  (U, -LW_1, +BW_{n+2}, U) at (0, -2); left wall (U, -LW_2, U, +LW_1) at (0, -1);
- left-boundary tile (U, U, L, +LW_2) at (0, 0).

Corollary 5.2 gives every wall position its own chain colours (TW_i, RW_j, BW_i, LW_j), so the frame has
one construction: from the root each chain colour forces the next frame tile, its cell and its turn. Then
every side the frame shows is U except L, the cells next to a U side stay empty, and the source tiles can
only fill the channel (1..n, 0) from L rightwards: the 1 x n board with left boundary colour L. Unsigned:
every sign dropped. **Parsimonious** (Corollary 5.2): a source solution is the channel's contents.

Theorem 5.1's frame (one colour per wall, TW, RW, BW, LW: identical wall tiles) decides
the same question; rooted at the cap its wall tiles permute along their walls, multiplying the count by
(n+1)! * 3! * (n+1)!. It is not registered: its targets are too free for the counters at any useful n.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from gadgetry.core import PARSIMONIOUS, InputError, Reduction
from gadgetry.puzzles.edgematching.square_model import EdgeMatching
from gadgetry.puzzles.edgematching.shapeless import ShapelessEdgeMatching

PAPER = "Edge-matching seed"
Tile = tuple[int, int, int, int]


def check_source(em: EdgeMatching) -> int:
    """The left boundary colour L; InputError unless ``em`` is a 1 x n signed/unsigned board with rotations
    whose only boundary colour is on the west side of cell (0, 0)."""
    where = "Theorem 5.1"
    if em.rows != 1 or em.kind not in ("signed", "unsigned") or not em.rotations:
        raise InputError(f"{where} reduces 1 x n signed or unsigned edge matching with rotations; got a "
                         f"{em.rows} x {em.cols} {em.kind} board{'' if em.rotations else ' without rotations'}")
    if len(em.boundary) != 1 or em.boundary[0][0] != (0, 0, "w"):
        raise InputError(f"{where} needs exactly one boundary colour, on the west side of cell (0, 0)")
    return em.boundary[0][1]


def frame(em: EdgeMatching) -> tuple[list[Tile], list[tuple[int, int]]]:
    """The frame tiles stored (north, east, south, west) and their (row, col) cells, the cap first at
    (0, 0) (a frame drawn in (x, y), y up, the cap at (0, 2), has (row, col) = (2 - y, x))."""
    n, signed = em.cols, em.kind == "signed"
    left = check_source(em)
    top = max([abs(v) for t in em.tiles for v in t] + [abs(left)])
    fresh = iter(range(top + 1, 10 ** 9))
    chain: dict[tuple[str, int], int] = {}

    def wall(name: str, i: int) -> int:
        key = (name, i)
        if key not in chain:
            chain[key] = next(fresh)
        return chain[key]

    def sign(label: int, s: int) -> int:
        return s * label if signed else label

    tiles: list[Tile] = []
    cells: list[tuple[int, int]] = []

    def add(x: int, y: int, lft: int | None, tp: int | None, rgt: int | None, btm: int | None) -> None:
        u = [next(fresh) if v is None else v for v in (lft, tp, rgt, btm)]  # None: a unique colour U
        tiles.append((u[1], u[2], u[3], u[0]))
        cells.append((2 - y, x))

    add(0, 2, None, None, sign(wall("TW", 1), -1), None)
    for i in range(1, n + 2):
        add(i, 2, sign(wall("TW", i), 1), None, sign(wall("TW", i + 1), -1), None)
    add(n + 2, 2, sign(wall("TW", n + 2), 1), None, None, sign(wall("RW", 1), -1))
    for j in range(1, 4):
        add(n + 2, 2 - j, None, sign(wall("RW", j), 1), None, sign(wall("RW", j + 1), -1))
    add(n + 2, -2, sign(wall("BW", 1), -1), sign(wall("RW", 4), 1), None, None)
    for i in range(1, n + 2):
        add(n + 2 - i, -2, sign(wall("BW", i + 1), -1), None, sign(wall("BW", i), 1), None)
    add(0, -2, None, sign(wall("LW", 1), -1), sign(wall("BW", n + 2), 1), None)
    add(0, -1, None, sign(wall("LW", 2), -1), None, sign(wall("LW", 1), 1))
    add(0, 0, None, None, left, sign(wall("LW", 2), 1))
    return tiles, cells


class ShapelessFromEdgeMatching(Reduction):
    """Corollary 5.2: the frame with one construction; parsimonious."""

    name = "shapeless-from-edgematching"
    #: 1 x n boards of signed or unsigned tiles with rotations (``target_variant`` of the reductions making them).
    source_variants = frozenset({"1xn-signed", "1xn-unsigned"})
    source = "edge-matching"
    target = "shapeless-edge-matching"
    paper = PAPER
    section = "5.2"
    theorem = "Corollary 5.2"
    claim = PARSIMONIOUS
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = (
        {"rows": 1, "cols": 2, "kind": 1, "rotations": 1, "left": 1, "colours": 2},
        {"rows": 1, "cols": 2, "kind": 2, "rotations": 1, "left": 1, "colours": 2})

    def reduce(self, source: EdgeMatching) -> ShapelessEdgeMatching:
        tiles, _cells = frame(source)
        return ShapelessEdgeMatching(source.tiles + tuple(tiles), source.kind, len(source.tiles))

    def forward(self, source: EdgeMatching, target: ShapelessEdgeMatching, source_solution: Any) -> tuple:
        _tiles, cells = frame(source)
        where = {t: (2, c + 1, r) for c, (t, r) in enumerate(source_solution)}
        return tuple(where[t] for t in range(source.cols)) + tuple((r, c, 0) for r, c in cells)

    def backward(self, source: EdgeMatching, target: ShapelessEdgeMatching, target_solution: Any) -> tuple:
        at = {(r, c): (t, q) for t, (r, c, q) in enumerate(target_solution[:source.cols])}
        return tuple(at[(2, c + 1)] for c in range(source.cols))

    def overhead(self, source: EdgeMatching) -> dict[str, int]:
        return {"tiles": 3 * source.cols + 11}


REDUCTIONS = [ShapelessFromEdgeMatching()]
