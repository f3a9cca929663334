"""Witness puzzles with broken edges and edge hexagons are NP-hard: Abel et al., "Who witnesses The
Witness?", Theorem 3.3, by the Hamiltonicity framework of section 2
(:mod:`gadgetry.reductions.gadgets.witness_frame`) from Hamiltonian cycle in a grid graph of maximum
degree 3.

What the prose fixes: scale factor s = 5 and chamber radius r = 1 (3 x 3 vertex chambers, hallways of 3
edges); every edge inside a chamber or a hallway unbroken, every other edge broken (so a hallway is one
lattice path, used at most once); one hexagon per chamber on an edge incident to its centre.

What it leaves open, and what is chosen here:

- which centre edge carries the hexagon: the one going **down** (the paper's "below"), in every chamber.
  Any of the four serves an ordinary chamber (the gadget checks cover every hallway set); the start/end
  chamber, whose hallways go left and up, needs one that leaves a start-to-hallway piece and a
  hallway-to-end piece disjoint, and down does;
- where the start circle and end cap go ("next to one chamber on the boundary of G", section 2): the
  start/end chamber is the bottommost, then rightmost; the start circle is its bottom-left corner and the
  end cap its bottom-right corner, both on the panel's bottom side (the panel is the chambers' bounding
  box, so the end cap is on the boundary, as the paper's end caps are);
- a one-point source: it has no Hamiltonian cycle (the source's convention), but its lone chamber would
  be traversed from start to end; it maps to a fixed unsolvable panel (one cell, every edge broken).

The paper's smaller alternative (Figure 7's "2 x 3 chamber with a hexagon on the middle edge") is lost
with the figure and not built.

Counts: not parsimonious (a chamber can be routed in several ways), so no claim; the certificate view
(the hallways a path uses, one boolean per source edge) is parsimonious against the source's Hamiltonian
cycles. The full count is exact per cycle: the product over chambers of the number of local routings of
the chamber's hallway pair: 3 for the start/end chamber (its start must reach a hallway, not the end),
4 for a straight chamber and 3 for a turning one; tests check this against the ZDD count of whole panels.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import ClassVar

from gadgetry.core.gadget import Gadget
from gadgetry.puzzles.witness.model import Panel, Path, make_panel
from gadgetry.reductions.gadgets.witness_frame import (
    DIRECTIONS,
    ChamberSpec,
    Frame,
    FrameReduction,
    chamber_gadget,
    covers,
    searched_routing,
)
from gadgetry.sources.grid_hamiltonicity import GridGraph, Point

S, R = 5, 1
HEXAGON = ((0, 0), (0, 1))  # the centre's edge going down, chamber-relative (panel y down)
START, END = (-R, R), (R, R)  # the start/end chamber's bottom-left and bottom-right corners
SOURCE = "Witness seed, Theorem 3.3"


def frame(g: GridGraph) -> Frame:
    return Frame(g, S, R)


#: The chamber routes :func:`forward` searches, shared by every panel (chambers of radius R), for edge
#: and for vertex hexagons.
_ROUTES: dict[bool, dict] = {False: {}, True: {}}


def no_panel() -> Panel:
    """A panel without solutions: one cell, every edge broken."""
    return make_panel(1, 1, [(0, 0)], [(1, 1)], broken=[((0, 0), (1, 0)), ((0, 1), (1, 1)), ((0, 0), (0, 1)),
                                                         ((1, 0), (1, 1))])


def construct(g: GridGraph, vertex: bool = False) -> Panel:
    """The panel; ``vertex``: a vertex hexagon on each chamber's centre instead of the edge hexagon."""
    if len(g.points) == 1:
        return no_panel()
    f = frame(g)
    v0 = f.start_chamber
    hexes = {"vertex_hexagons": [f.at(v) for v in g.points]} if vertex else \
        {"edge_hexagons": [(f.offset(v, *HEXAGON[0]), f.offset(v, *HEXAGON[1])) for v in g.points]}
    return make_panel(f.width, f.height, [f.offset(v0, *START)], [f.offset(v0, *END)], broken=f.outside_edges(),
                      **hexes)


def chamber_spec(ports: Sequence[str], start: bool = False, vertex: bool = False) -> ChamberSpec:
    hexes = {"vertex_hexagons": frozenset({(0, 0)})} if vertex else {"edge_hexagons": frozenset({HEXAGON})}
    return ChamberSpec(R, tuple(ports), (START,) if start else (), (END,) if start else (), **hexes)


def gadgets(vertex: bool = False, source: str = SOURCE) -> list[Gadget]:
    """Every chamber a max-degree-3 cycle can meet, by its hallways: two hallways used, never 0, 1 or 3;
    the start/end chamber (hallways left and up, start and end corners): both hallways or none (a
    start-to-end path inside it, which the other chambers' hexagons exclude)."""
    out = [chamber_gadget(f"chamber {'+'.join(ports)}", chamber_spec(ports, vertex=vertex), [2], source)
           for k in (2, 3) for ports in itertools.combinations(DIRECTIONS, k)]
    out.append(chamber_gadget("start/end chamber left+up", chamber_spec(("left", "up"), True, vertex), [0, 2],
                              source))
    return out


def forward(g: GridGraph, tour: Sequence[Point], vertex: bool = False) -> Path:
    f = frame(g)
    need = covers(vertices=[(0, 0)]) if vertex else covers(edges=[HEXAGON])
    return f.forward(tour, *searched_routing(f, START, END, need, _ROUTES[vertex]))


class WitnessEdgeHexagonsBrokenFromGridHamiltonianCycle(FrameReduction):
    """Theorem 3.3; see the module docstring."""

    name = "witness-edge-hexagons-broken-from-grid-hamiltonian-cycle"
    section = "sections 2 and 3.2"
    theorem = "Theorem 3.3"
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = ({"n": 6, "width": 3, "height": 3},
                                                               {"n": 8, "width": 4, "height": 3})
    verify_unsat_params: ClassVar[Mapping[str, int]] = {"n": 8, "width": 4, "height": 3}

    def reduce(self, source: GridGraph) -> Panel:
        return construct(source)

    def forward(self, source: GridGraph, target: Panel, source_solution: Sequence[Point]) -> Path:
        return forward(source, source_solution)

    def frame(self, source: GridGraph) -> Frame:
        return frame(source)

    def overhead(self, source: GridGraph) -> dict[str, int] | None:
        if len(source.points) == 1:
            return None
        xs, ys = [p[0] for p in source.points], [p[1] for p in source.points]
        return {"width": S * (max(xs) - min(xs)) + 2 * R, "height": S * (max(ys) - min(ys)) + 2 * R,
                "hexagons": len(source.points)}

    def gadgets(self) -> list[Gadget]:
        return gadgets()


REDUCTIONS = [WitnessEdgeHexagonsBrokenFromGridHamiltonianCycle()]
