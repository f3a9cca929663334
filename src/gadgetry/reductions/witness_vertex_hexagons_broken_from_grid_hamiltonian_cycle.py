"""Witness puzzles with broken edges and vertex hexagons are NP-hard (Abel et al., "Who witnesses The
Witness?", Observation 3.2) by section 2's Hamiltonicity framework instead of the paper's one-line
"strict subproblem" argument: Theorem 3.3's construction
(:mod:`gadgetry.reductions.witness_edge_hexagons_broken_from_grid_hamiltonian_cycle`: s = 5, r = 1, every
edge outside chambers and hallways broken, start and end at the bottom corners of the bottommost, then
rightmost chamber) with a **vertex hexagon on each chamber's centre** in place of the edge hexagon.

Why: the paper's end caps sit on the board's boundary, and the strict-subproblem argument (built in
:mod:`gadgetry.reductions.witness_vertex_hexagons_broken_from_grid_hamiltonian_path`) needs the path's end
there, which hard instances do not promise; here the end cap is on the panel's bottom side by
construction. A vertex hexagon on the centre forces a visit, and every chamber remains traversable
between each pair of its hallways (gadget-checked).

Counts: not parsimonious, no claim; the hallway certificate view is parsimonious against the source's
Hamiltonian cycles; tests measure the full count per cycle as a product of chamber routings.
"""

from __future__ import annotations

from collections.abc import Sequence

from gadgetry.core.gadget import Gadget
from gadgetry.puzzles.witness.model import Panel, Path
from gadgetry.reductions import witness_edge_hexagons_broken_from_grid_hamiltonian_cycle as t33
from gadgetry.sources.grid_hamiltonicity import GridGraph, Point


class WitnessVertexHexagonsBrokenFromGridHamiltonianCycle(t33.WitnessEdgeHexagonsBrokenFromGridHamiltonianCycle):
    """Observation 3.2 by the framework; see the module docstring."""

    name = "witness-vertex-hexagons-broken-from-grid-hamiltonian-cycle"
    section = "sections 2 and 3.2"
    theorem = "Observation 3.2 (by the framework of section 2)"

    def reduce(self, source: GridGraph) -> Panel:
        return t33.construct(source, vertex=True)

    def forward(self, source: GridGraph, target: Panel, source_solution: Sequence[Point]) -> Path:
        return t33.forward(source, source_solution, vertex=True)

    def gadgets(self) -> list[Gadget]:
        return t33.gadgets(vertex=True, source="Witness seed, Observation 3.2 (framework version)")


REDUCTIONS = [WitnessVertexHexagonsBrokenFromGridHamiltonianCycle()]
