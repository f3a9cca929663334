"""Rectilinear Steiner tree to Witness panels with monominoes and antimonominoes only (Witness seed, section
7.3, Theorem 7.3, Figure 37): Theorem 7.2's panel with every domino clue replaced by an antimonomino and
every other cell given a monomino, so every cell holds a clue.

A region holding an antimonomino passes exactly when it holds as many monominoes as antimonominoes (its
area is twice its antimonominoes); a region without one holds only monominoes and passes. The proof's
"Witness solution -> Steiner tree" direction uses only these area conditions, so the maps are Theorem
7.2's: the same path forward, and backward the region holding every centre antimonomino, shrunk into C_m
(:mod:`gadgetry.reductions.witness_dominoes_from_rectilinear_steiner_tree`). Where 2k + 1 < n the fixed NO
panel is one cell holding an antimonomino. Not parsimonious, no certificate view (as for Theorem 7.2);
claim ``none``, ratios measured in the tests.
"""

from __future__ import annotations

from gadgetry.puzzles.witness.model import Panel, antipoly, make_panel, poly
from gadgetry.reductions.witness_dominoes_from_rectilinear_steiner_tree import (
    Layout,
    WitnessDominoesFromRectilinearSteinerTree,
    domino_panel,
)

MONOMINO = poly([(0, 0)])
ANTIMONOMINO = antipoly([(0, 0)])


def monomino_panel(lay: Layout) -> Panel:
    """Theorem 7.2's panel with domino clues made antimonominoes and every empty cell a monomino."""
    dominoes = domino_panel(lay)
    anti = {c for c, _ in dominoes.symbols}
    symbols = {(x, y): ANTIMONOMINO if (x, y) in anti else MONOMINO
               for y in range(lay.side) for x in range(lay.side)}
    return make_panel(lay.side, lay.side, dominoes.starts, dominoes.ends, symbols=symbols)


class WitnessMonominoesFromRectilinearSteinerTree(WitnessDominoesFromRectilinearSteinerTree):
    """Witness seed, Theorem 7.3; see the module docstring."""

    name = "witness-monominoes-from-rectilinear-steiner-tree"
    section = "7.3"
    theorem = "Theorem 7.3"
    no_symbol = ANTIMONOMINO

    def panel(self, lay: Layout) -> Panel:
        return monomino_panel(lay)

    def symbols(self, lay: Layout | None) -> int:
        return 1 if lay is None else lay.side * lay.side


REDUCTIONS = [WitnessMonominoesFromRectilinearSteinerTree()]
