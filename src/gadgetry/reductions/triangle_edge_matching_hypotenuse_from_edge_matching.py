"""1 x n square-tile edge matching to hypotenuse-contact right-triangle edge matching (Edge-matching seed,
section 4, the paragraph after Figure 12's introduction: "for each square create two triangles whose
hypotenuses have a matching, unique color").

Square i, stored (north, east, south, west), becomes tile 2i = (west, north, h_i) and tile 2i + 1 =
(east, south, h'_i) (left leg, right leg, hypotenuse with the hypotenuse at the bottom), where h_i = h'_i
= M + 1 + i unsigned and h_i = +(M + 1 + i), h'_i = -(M + 1 + i) signed, M the largest |label|. Cell c
of the 1 x n box takes its square's two triangles, and the cell's diagonal and which triangle holds its
left side realise the four rotations: (tile 2i left, "/") = rotation 0, (2i, "\\") = 3 clockwise quarter
turns, (2i + 1, "\\") = 1, (2i + 1, "/") = 2. The left boundary colour carries over.

Count: the triangle puzzle counts the four placements of a square separately even when rotations show
identical labels, which the square puzzle counts once, so the reduction is c-monious with
c = prod over tiles of 4 / (number of distinct rotations of the tile): parsimonious exactly when no tile
is rotationally symmetric. Domain: 1 x n, signed or unsigned, rotations allowed, no boundary colour
except on the west side of cell (0, 0) (InputError otherwise).
"""

from __future__ import annotations

from collections.abc import Mapping
from math import prod
from typing import Any, ClassVar

from gadgetry.core import InputError, Reduction, c_monious
from gadgetry.puzzles.edgematching.square_model import EdgeMatching, allowed_rotations, canonical
from gadgetry.puzzles.edgematching.triangle import TriangleEdgeMatching

PAPER = "Edge-matching seed"
#: (the left half holds the square's first triangle, diagonal) -> clockwise quarter turns of the square.
TURNS = {(True, 0): 0, (True, 1): 3, (False, 1): 1, (False, 0): 2}
PLACE = {r: key for key, r in TURNS.items()}


def _check(x: EdgeMatching) -> None:
    if x.rows != 1 or x.kind not in ("signed", "unsigned") or not x.rotations or \
            any(side != (0, 0, "w") for side, _c in x.boundary):
        raise InputError("the hypotenuse-triangle simulation takes 1 x n signed or unsigned squares with "
                         "rotations and at most a left boundary colour")


def symmetry_factor(x: EdgeMatching) -> int:
    return prod(4 // len(allowed_rotations(t)) for t in x.tiles)


class HypotenuseFromEdgeMatching(Reduction):
    name = "triangle-edge-matching-hypotenuse-from-edge-matching"
    #: 1 x n boards of signed or unsigned tiles with rotations, with or without the left boundary colour
    #: (``target_variant`` of the reductions making them).
    source_variants = frozenset({"1xn-signed", "1xn-unsigned", "1xn-signed-no-boundary",
                                 "1xn-unsigned-no-boundary"})
    source = "edge-matching"
    target = "triangle-edge-matching"
    paper = PAPER
    section = "section 4"
    theorem = "hypotenuse-contact triangles simulate squares"
    claim = c_monious(symmetry_factor, "c = prod over tiles of 4 / (distinct rotations of the tile)")
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = (
        {"rows": 1, "cols": 2, "kind": 1, "rotations": 1, "boundary": 0, "colours": 2},
        {"rows": 1, "cols": 3, "kind": 2, "rotations": 1, "boundary": 0, "colours": 2},
        {"rows": 1, "cols": 3, "kind": 1, "rotations": 1, "boundary": 0, "colours": 2})
    verify_unsat_params: ClassVar[Mapping[str, int] | None] = {"rows": 1, "cols": 3, "kind": 2, "rotations": 1,
                                                               "boundary": 0}

    def reduce(self, source: EdgeMatching) -> TriangleEdgeMatching:
        _check(source)
        big = max((abs(v) for t in source.tiles for v in t), default=0)
        sign = -1 if source.kind == "signed" else 1
        tiles: list[tuple[int, int, int]] = []
        for i, (north, east, south, west) in enumerate(source.tiles):
            h = big + 1 + i
            tiles += [(west, north, h), (east, south, sign * h)]
        left = source.boundary[0][1] if source.boundary else None
        return TriangleEdgeMatching("hypotenuse", tuple(tiles), source.kind, True, False, left)

    def forward(self, source: EdgeMatching, target: TriangleEdgeMatching, source_solution: Any) -> tuple:
        out: list[tuple[int, int]] = []
        for t, r in source_solution:
            first, diag = PLACE[r]
            out += [(2 * t if first else 2 * t + 1, diag), (2 * t + 1 if first else 2 * t, diag)]
        return tuple(out)

    def backward(self, source: EdgeMatching, target: TriangleEdgeMatching, target_solution: Any) -> tuple:
        sol = tuple((j // 2, TURNS[(j % 2 == 0, d)]) for j, d in target_solution[::2])
        return canonical(source, sol)

    def overhead(self, source: EdgeMatching) -> dict[str, int]:
        return {"tiles": 2 * len(source.tiles), "boundary": len(source.boundary)}


REDUCTIONS = [HypotenuseFromEdgeMatching()]
