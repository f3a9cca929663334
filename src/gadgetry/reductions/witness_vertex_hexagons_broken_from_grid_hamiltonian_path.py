"""Witness puzzles with broken edges and vertex hexagons are NP-hard: Abel et al., "Who witnesses The
Witness?", Observation 3.2, "Hamiltonian path in grid graphs [Itai, Papadimitriou & Szwarcfiter 1982] is a
strict subproblem", from Hamiltonian path between fixed ends in a grid graph.

The construction the sentence implies: the grid graph itself as the panel (the framework of section 2 at
scale 1 with single-vertex chambers, :mod:`gadgetry.reductions.gadgets.witness_frame`, which owns the y
flip): the panel is the points' bounding box, every edge not joining two points is broken, every point
carries a vertex hexagon, the start circle sits on the start point and the end cap on the end point.
A solution visits every point, uses only the graph's edges and runs from start to end: it is a
Hamiltonian path, and conversely; since a path is its edge set, the reduction is parsimonious (the paper
claims no count; verify checks it).

Choices where the sentence says nothing:

- the source must fix both ends (the panel has one start circle and one end cap); sources with a free end
  are outside this reduction's domain;
- a one-point source (its single vertex is its one Hamiltonian path) maps to a one-cell panel whose one
  solution is a single edge (a path needs distinct start and end);
- a panel side of zero cells (all points in one row or column) is widened to one cell of broken edges.

The gap (docs/slips.md): the paper's end caps sit on the board's boundary, but the end point of a hard
Hamiltonian path instance need not lie on its bounding box; then the end cap built here is interior,
which this model allows and the paper's rules do not, so the one-line proof covers only instances whose
end is on the boundary. The framework version with vertex hexagons in the chambers (start and end caps on
the panel's bottom side) avoids the gap; it reduces from Hamiltonian cycle.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from gadgetry.core import InputError
from gadgetry.core.reduction import PARSIMONIOUS, Reduction
from gadgetry.puzzles.witness.model import Panel, Path, all_edges, make_panel
from gadgetry.reductions.gadgets.witness_frame import Frame
from gadgetry.sources.grid_hamiltonicity import GridGraph, Point


def frame(g: GridGraph) -> Frame:
    return Frame(g, 1, 0)


def panel_size(g: GridGraph) -> tuple[int, int]:
    f = frame(g)
    return max(f.width, 1), max(f.height, 1)


def construct(g: GridGraph) -> Panel:
    if g.start is None or g.end is None:
        raise InputError("witness-vertex-hexagons-broken-from-grid-hamiltonian-path: Observation 3.2 needs a "
                         "fixed start and end (one start circle, one end cap)")
    f = frame(g)
    if len(g.points) == 1:
        return make_panel(1, 1, [(0, 0)], [(1, 0)], broken=[((0, 1), (1, 1)), ((0, 0), (0, 1)), ((1, 0), (1, 1))])
    w, h = panel_size(g)
    skeleton = f.skeleton
    probe = Panel(w, h, ((0, 0),), ((w, h),))
    return make_panel(w, h, [f.at(g.start)], [f.at(g.end)], broken=[e for e in all_edges(probe) if e not in skeleton],
                      vertex_hexagons=[f.at(p) for p in g.points])


class WitnessVertexHexagonsBrokenFromGridHamiltonianPath(Reduction):
    """Observation 3.2; see the module docstring."""

    name = "witness-vertex-hexagons-broken-from-grid-hamiltonian-path"
    source, target = "grid-hamiltonian-path", "witness"
    paper = "Abel et al., Who witnesses The Witness? (journal version)"
    section = "section 3.2"
    theorem = "Observation 3.2"
    claim = PARSIMONIOUS
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = ({"n": 8, "width": 4, "height": 3, "ends": 2},
                                                               {"n": 12, "width": 4, "height": 4, "ends": 2})
    verify_unsat_params: ClassVar[Mapping[str, int]] = {"n": 8, "width": 4, "height": 3, "ends": 2}

    def reduce(self, source: GridGraph) -> Panel:
        return construct(source)

    def forward(self, source: GridGraph, target: Panel, source_solution: Sequence[Point]) -> Path:
        if len(source.points) == 1:
            return ((0, 0), (1, 0))
        tour = list(source_solution)
        if tour[0] != source.start:
            tour.reverse()
        f = frame(source)
        return tuple(f.at(p) for p in tour)

    def backward(self, source: GridGraph, target: Panel, target_solution: Path) -> tuple[Point, ...]:
        if len(source.points) == 1:
            return source.points
        return tuple(frame(source).chamber_sequence(target_solution))

    def overhead(self, source: GridGraph) -> dict[str, int] | None:
        if len(source.points) == 1:
            return None
        xs, ys = [p[0] for p in source.points], [p[1] for p in source.points]
        w, h = max(max(xs) - min(xs), 1), max(max(ys) - min(ys), 1)
        return {"width": w, "height": h, "hexagons": len(source.points), "starts": 1, "ends": 1}


REDUCTIONS = [WitnessVertexHexagonsBrokenFromGridHamiltonianPath()]
