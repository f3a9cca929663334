"""Hamiltonian cycle in a grid graph of maximum degree 3 to Witness panels with broken edges and squares
of two colours (Abel et al., "Who witnesses The Witness?", section 2.1, Corollary 2.1).

What the prose fixes: the Hamiltonicity framework of section 2 with broken-edge hallways, and "chambers
with one square of each color". Figure 4 is lost. What is chosen here
(:class:`gadgetry.reductions.gadgets.witness_chambers.RegionChambers`), each chamber type proved by gadget
checks on its window (:meth:`BrokenSquares.gadgets`):

- the squares must separate globally, not only per chamber: both path ends are on the panel's boundary,
  so the path and the boundary close a curve, the cells inside it are one region, and every dark square
  must be inside (or every one outside). So each chamber must be traversable through each pair of its
  hallways with its dark square on either side of the path. A 3 x 3 chamber (r = 1) cannot do that (a
  turn keeps only the corner cell on its inner side); r = 2 can: dark square in the cell up-left of the
  centre, light square in the cell down-right of it;
- chamber edges broken (:data:`CHAMBER_BROKEN`, 20 of the 40, found by
  ``bench/witness_square_chamber_search.py``: greedily, while every pair stays traversable both ways),
  which leaves one or two routings per pair and side (the gadget counts) instead of about a thousand;
- the gadget windows carry a marker square in the corner ring cell of their corridor: with a dark
  marker every traversal has the dark square on the corridor's side, with a light one the light square;
  both gadgets of a chamber type pass, so every pair is traversable with the dark square on either side;
- scale s = 5 = 2r + 1, a margin of one row (every chamber has its ring of cells, so the windows are
  exact), start circle and end cap on the panel's bottom side below the start/end chamber's bottom
  corners; a one-point source maps to a one-cell panel with every edge broken (its start/end chamber
  alone would be solvable).

``forward`` routes every chamber with the dark square on the left of its entry, or every one on the
right, and keeps the one that solves the panel (the dark squares then all lie inside the cycle). Not
parsimonious; the hallway certificate view is.
"""

from __future__ import annotations

from gadgetry.puzzles.witness.model import Cell, Symbol, square

from .gadgets.witness_chambers import RegionChambers
from .gadgets.witness_frame import Frame, Point

DARK, LIGHT = square("black"), square("white")
SQUARES: dict[Cell, Symbol] = {(-1, -1): DARK, (0, 0): LIGHT}
#: Chamber-relative broken edges of the radius-2 chamber (bench/witness_square_chamber_search.py).
CHAMBER_BROKEN = frozenset({
    ((-2, -2), (-2, -1)), ((-2, -2), (-1, -2)), ((-2, -1), (-2, 0)), ((-2, -1), (-1, -1)), ((-2, 0), (-1, 0)),
    ((-2, 1), (-1, 1)), ((-1, -2), (-1, -1)), ((-1, -2), (0, -2)), ((-1, 0), (0, 0)), ((0, -2), (1, -2)),
    ((0, -1), (1, -1)), ((0, 1), (0, 2)), ((1, -2), (1, -1)), ((1, -2), (2, -2)), ((1, -1), (1, 0)),
    ((1, -1), (2, -1)), ((1, 0), (2, 0)), ((1, 1), (2, 1)), ((2, -2), (2, -1)), ((2, -1), (2, 0))})


class BrokenSquares(RegionChambers):
    name = "witness-broken-squares-from-grid-hamiltonian-cycle"
    verify_budget = 8  # 11- to 16-cell-wide boards: the Witness CNF (colour labels) solves each in 2-5 s
    theorem = "Corollary 2.1"
    r = 2
    chamber_broken = CHAMBER_BROKEN
    markers = (DARK, LIGHT)

    def chamber_symbols(self, f: Frame, v: Point) -> dict[Cell, Symbol]:
        return dict(SQUARES)


REDUCTIONS = [BrokenSquares()]
