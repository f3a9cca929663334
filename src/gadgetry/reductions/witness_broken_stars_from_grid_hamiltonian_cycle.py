"""Hamiltonian cycle in a grid graph of maximum degree 3 to Witness panels with broken edges and stars of
many colours (Abel et al., "Who witnesses The Witness?", section 2.1, Corollary 2.2).

What the prose fixes: the Hamiltonicity framework of section 2 with broken-edge hallways, and "chambers
with four stars of one color (a different color for each chamber)". Figure 5 is lost. What is chosen here
(:class:`gadgetry.reductions.gadgets.witness_chambers.RegionChambers`), each chamber type proved by a
gadget check on its window (:meth:`BrokenStars.gadgets`: traversable through each pair of its hallways,
never through none):

- chamber radius r = 1: its four cells each hold a star of the chamber's colour. A star's region must hold
  exactly two clues of its colour, and only this chamber has the colour, so the path must split the four
  stars two and two: an unvisited chamber leaves all four in one region;
- scale s = 3 = 2r + 1 and a margin of one row around the chambers, so that every chamber has a ring of
  cells joining the cells on each side of its path (the gadget windows are then exact); the start circle
  and end cap sit on the panel's bottom side below the start/end chamber's bottom corners;
- colours: the browser solver's nine first (black, white, cyan, ...), then ``colour9``, ``colour10``, ...
  (``witness-web`` export needs at most nine chambers);
- a one-point source maps to a one-cell panel with every edge broken (its start/end chamber alone
  would be solvable).

Not parsimonious (a chamber has two or three routings per pair); the hallway certificate view is.
"""

from __future__ import annotations

from gadgetry.puzzles.witness.model import SOLVER_COLOURS, Cell, Symbol, star

from .gadgets.witness_chambers import RegionChambers
from .gadgets.witness_frame import Frame, Point

CELLS = ((-1, -1), (0, -1), (-1, 0), (0, 0))


def colour(i: int) -> str:
    """The ``i``-th chamber's star colour."""
    return SOLVER_COLOURS[i] if i < len(SOLVER_COLOURS) else f"colour{i}"


class BrokenStars(RegionChambers):
    name = "witness-broken-stars-from-grid-hamiltonian-cycle"
    theorem = "Corollary 2.2"
    r = 1

    def chamber_symbols(self, f: Frame, v: Point) -> dict[Cell, Symbol]:
        c = colour(f.points.index(v))
        return {cell: star(c) for cell in CELLS}


REDUCTIONS = [BrokenStars()]
