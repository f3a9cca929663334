"""Hamiltonian cycle in grid graphs of maximum degree 3 to Hamiltonian path between two given points in
grid graphs (Itai, Papadimitriou & Szwarcfiter 1982, "Hamilton paths in grid graphs": the path version
with fixed ends; parsimonious).

The smallest point v (least x, then least y) has no neighbour to its left or below, so degree at most 2.
With degree 2, every Hamiltonian cycle runs a - v - b through its neighbours a (right) and b (above), and
dropping v leaves a Hamiltonian path of the grid graph without v from a to b: one path per cycle, and
every such path closes through v. With degree below 2 there is no Hamiltonian cycle, and the target is two
points apart (no path joins them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from gadgetry.core import PARSIMONIOUS, Reduction
from gadgetry.sources.grid_hamiltonicity import GridGraph, GridHamiltonianCycle, GridHamiltonianPath, Point

#: The target when the source has no Hamiltonian cycle.
APART = GridGraph(((0, 0), (2, 0)), (0, 0), (2, 0))


def corner(g: GridGraph) -> tuple[Point, Point, Point] | None:
    """The smallest point and its two neighbours (right, above), or None when it has fewer."""
    v = min(g.points)
    a, b = (v[0] + 1, v[1]), (v[0], v[1] + 1)
    pts = set(g.points)
    return (v, a, b) if a in pts and b in pts else None


class GridHamPathFromGridHamCycle(Reduction):
    name = "grid-hamiltonian-path-from-grid-hamiltonian-cycle"
    source = "grid-hamiltonian-cycle"
    target = "grid-hamiltonian-path"
    paper = "Itai, Papadimitriou & Szwarcfiter 1982"
    section = "Itai, Papadimitriou & Szwarcfiter 1982 (Hamilton path between two given vertices)"
    theorem = "grid Hamiltonian cycle to grid Hamiltonian path with fixed ends"
    claim = PARSIMONIOUS
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = (
        {"n": 8, "width": 4, "height": 3}, {"n": 12, "width": 4, "height": 4})

    def reduce(self, source: GridGraph) -> GridGraph:
        c = corner(source)
        if c is None:
            return APART
        v, a, b = c
        return GridGraph(tuple(p for p in source.points if p != v), a, b)

    def forward(self, source: GridGraph, target: GridGraph, source_solution: Any) -> tuple[Point, ...]:
        tour: Sequence[Point] = list(source_solution)
        v, a, _b = corner(source)  # type: ignore[misc]
        k = tour.index(v)
        tour = list(tour[k:]) + list(tour[:k])
        if tour[1] != a:
            tour = [tour[0]] + tour[:0:-1]
        return GridHamiltonianPath().canonical(target, tuple(tour[1:]))

    def backward(self, source: GridGraph, target: GridGraph, target_solution: Any) -> tuple[Point, ...]:
        v, _a, _b = corner(source)  # type: ignore[misc]
        return GridHamiltonianCycle().canonical(source, (v, *target_solution))


REDUCTIONS = [GridHamPathFromGridHamCycle()]
