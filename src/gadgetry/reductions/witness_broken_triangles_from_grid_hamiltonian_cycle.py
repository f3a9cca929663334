"""Hamiltonian cycle in a grid graph of maximum degree 3 to Witness panels with broken edges and k-triangles
of a single k (Abel et al., "Who witnesses The Witness?", section 2.1, Corollary 2.3): one reduction for
each k in 1, 2, 3.

What the prose fixes: the Hamiltonicity framework of section 2 (chambers, hallways, the start/end
chamber; :mod:`gadgetry.reductions.gadgets.witness_frame`), "hallways with broken edges and chambers with a
single k-triangle clue". Figure 6 (k = 1) is lost. What is chosen here, each choice proved by the gadget
checks of :meth:`BrokenTriangles.gadgets` (every chamber type traversable through each of its pairs of
hallways and in no other way):

- every edge outside chambers and hallways is broken, so a hallway is a single lattice path used at most
  once, and a path reaches a chamber only through its hallways;
- chamber radius r = 1 (3 x 3 vertices, four cells) and the clue in one of the two cells on the side of
  a hallway the chamber lacks (the first of down, left, up, right; a chamber has at most three): for
  k = 3 no cell serves every pair, since a path between two ports at a cell's corners gives it at most
  two sides (both ports have degree 1 in the chamber); for k = 1, 2 any cell would do, and the same rule
  keeps one construction for all k. An unvisited chamber leaves its clue with no side on the path, so
  every chamber is visited;
- scale s = 3 = 2r + 1, the smallest the framework allows (one-edge hallways), and no margin: the start/end
  chamber (bottommost, then rightmost) has the start circle at its bottom-left and the end cap at its
  bottom-right corner, both on the panel's bottom side;
- a one-point source has no Hamiltonian cycle, but its start/end chamber alone would let the path run
  from the start to the end; it maps to a one-cell panel whose every edge is broken (two points need a
  hallway used twice: no solution, as the source).

Not parsimonious: a chamber has several routings per pair of hallways (the gadget checks count them).
The certificate view (the hallways a path uses) is parsimonious against the source's Hamiltonian cycles.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from gadgetry.core import NO_CLAIM, Reduction
from gadgetry.core.gadget import Gadget
from gadgetry.puzzles.witness.model import Panel, Path, Vertex, cell_sides, edge, make_panel, path_edges, triangle
from gadgetry.sources.grid_hamiltonicity import GridGraph

from .gadgets.witness_chambers import unsolvable_panel
from .gadgets.witness_frame import ChamberSpec, Frame, Point, chamber_gadget, direction, hallway_view

SOURCE = "Witness seed, section 2.1, Corollary 2.3"
R = 1
#: The clue cell (chamber-relative, by its top-left vertex) by the first hallway the chamber lacks.
CLUE = {"down": (-1, 0), "left": (-1, -1), "up": (0, -1), "right": (0, 0)}
#: The chambers by their first missing hallway: three hallways (a chamber with fewer is one of these with
#: the others unused; its first missing hallway is the same).
TRIPLES = {"down": ("left", "up", "right"), "left": ("up", "right", "down"), "up": ("right", "down", "left"),
           "right": ("down", "left", "up")}


def clue_cell(f: Frame, v: Point) -> tuple[int, int]:
    """The chamber-relative clue cell of ``v``'s chamber."""
    present = {direction(v, w) for w in f.neighbours(v)}
    return CLUE[next(d for d in CLUE if d not in present)]


class BrokenTriangles(Reduction):
    source = "grid-hamiltonian-cycle"
    target = "witness"
    paper = "Witness seed"
    section = "2.1"
    theorem = "Corollary 2.3"
    claim = NO_CLAIM
    k: ClassVar[int]
    verify_params = ({"n": 4, "width": 3, "height": 3}, {"n": 6, "width": 3, "height": 3},
                     {"n": 8, "width": 4, "height": 3})
    verify_unsat_params = {"n": 8, "width": 4, "height": 3}

    def frame(self, src: GridGraph) -> Frame:
        return Frame(src, 2 * R + 1, R)

    def reduce(self, src: GridGraph) -> Panel:
        if len(src.points) == 1:
            return unsolvable_panel()
        f = self.frame(src)
        v0 = f.start_chamber
        return make_panel(f.width, f.height, [f.offset(v0, -R, R)], [f.offset(v0, R, R)], broken=f.outside_edges(),
                          symbols={f.offset(v, *clue_cell(f, v)): triangle(self.k) for v in f.points})

    def _sides(self, f: Frame, v: Point, pieces: Sequence[Sequence[Vertex]]) -> int:
        used = frozenset().union(*(path_edges(p) for p in pieces))
        return sum(edge(*e) in used for e in cell_sides(f.offset(v, *clue_cell(f, v))))

    def forward(self, src: GridGraph, target: Panel, tour: Sequence[Point]) -> Path:
        f = self.frame(src)

        def route(v: Point, a: Point, b: Point) -> Sequence[Vertex] | None:
            return next((p for p in f.chamber_paths(v, f.port(v, a), f.port(v, b)) if self._sides(f, v, [p]) == self.k),
                        None)

        def start_route(v: Point, a: Point, b: Point) -> tuple[Sequence[Vertex], Sequence[Vertex]] | None:
            for head in f.chamber_paths(v, f.offset(v, -R, R), f.port(v, b)):
                for tail in f.chamber_paths(v, f.port(v, a), f.offset(v, R, R), avoid=head):
                    if self._sides(f, v, [head, tail]) == self.k:
                        return head, tail
            return None

        return f.forward(tour, route, start_route)

    def backward(self, src: GridGraph, target: Panel, path: Path) -> tuple[Point, ...]:
        return self.frame(src).backward(path)

    def certificate_view(self, src: GridGraph, target: Panel) -> Any:
        """The hallway view by lazy cycle cuts, counted on graphillion's ZDD (local clues)."""
        return hallway_view(self.frame(src), target)

    def gadgets(self) -> list[Gadget]:
        out = [chamber_gadget(f"chamber-{'-'.join(ports)}", ChamberSpec(R, ports, triangles={CLUE[m]: self.k}), [2],
                              SOURCE) for m, ports in TRIPLES.items()]
        start = ChamberSpec(R, ("left", "up"), starts=((-R, R),), ends=((R, R),), triangles={CLUE["down"]: self.k})
        return out + [chamber_gadget("start-end-chamber", start, [0, 2], SOURCE)]


class BrokenTriangles1(BrokenTriangles):
    name = "witness-broken-triangles-k1-from-grid-hamiltonian-cycle"
    k = 1


class BrokenTriangles2(BrokenTriangles):
    name = "witness-broken-triangles-k2-from-grid-hamiltonian-cycle"
    k = 2


class BrokenTriangles3(BrokenTriangles):
    name = "witness-broken-triangles-k3-from-grid-hamiltonian-cycle"
    k = 3


REDUCTIONS = [BrokenTriangles1(), BrokenTriangles2(), BrokenTriangles3()]
