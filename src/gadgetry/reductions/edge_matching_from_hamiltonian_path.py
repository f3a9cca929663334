"""Hamiltonian path from s to t in a 3-regular digraph to 1 x n signed or unsigned edge matching
(Edge-matching seed, section 3.2, Theorem 3.3, parsimonious with the left boundary colour; Corollary 3.4,
2-monious without it).

The source is a digraph whose every vertex has in/out-degree (1, 2) or (2, 1), with a fixed start s of
out-degree 1 and a fixed end t of in-degree 1 (what Theorem 3.2 produces; generator family 3). Colours:
one per arc (arc k of the sorted arc list is colour k + 1) and three per vertex v, v_I, v_O, v_X (colours
m + 3v + 1, + 2, + 3). Three tiles per vertex, one per incident half-edge, written (left, top, right,
bottom) as in the paper and stored (north, east, south, west):

- v of type (1, 2), in-arc e1, out-arcs e2, e3: (+e1, -v_X, -v_I, -v_X), (+v_O, -v_O, -e2, +v_I),
  (+v_O, -v_O, -e3, +v_I);
- v of type (2, 1), in-arcs e1, e2, out-arc e3: (+e1, +v_I, -v_I, -v_O), (+e2, +v_I, -v_I, -v_O),
  (+v_O, -v_X, -e3, -v_X).

The tiles of the half-edges entering s and leaving t are dropped, leaving 3|V| - 4 tiles on a 1 x (3|V| - 4)
board. The left boundary colour is -s_O (the paper, proof of Theorem 3.3; its later "+t_I" is wrong: the
forward layout it describes puts s's tile, showing +s_O, on the left, and the tests show the "+t_I" board
rejects that layout). Unsigned: every sign dropped, boundary colour s_O.

Layout of a path s = v_1, ..., v_k = t: s's tile, then each inner vertex's three tiles showing (entering
arc) | v_I | v_O | (leaving arc): for type (1, 2) the in-tile, the unused out-tile turned a quarter clockwise,
the used out-tile; for type (2, 1) the used in-tile, the unused in-tile turned a quarter counter-clockwise,
the out-tile; then t's tile. Tiles are numbered vertex by vertex in that order of kinds (in-tiles by arc,
then out-tiles by arc). Without the boundary colour every solution also appears turned by 180 degrees and
nothing else appears (Corollary 3.4): the count doubles.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from gadgetry.core import PARSIMONIOUS, InputError, Reduction, c_monious
from gadgetry.puzzles.edgematching.square_model import EdgeMatching, canonical
from gadgetry.sources.hamiltonicity import CUBIC, HamInstance

PAPER = "Edge-matching seed"
CW, CCW = 1, 3  # quarter turns clockwise (edgematching's rotation convention)


@dataclass(frozen=True)
class HalfEdge:
    """One tile: its vertex, its arc (index into the sorted arcs) and whether the arc enters the vertex."""

    vertex: int
    arc: int
    entering: bool


@dataclass(frozen=True)
class Construction:
    tiles: tuple[tuple[int, int, int, int], ...]  # (north, east, south, west), signed labels
    half: tuple[HalfEdge, ...]  # per tile
    s_out: int  # the colour s_O
    t_in: int  # the colour t_I


def degrees(g: HamInstance) -> list[tuple[int, int]]:
    ins, outs = [0] * g.n, [0] * g.n
    for u, v in g.edges:
        outs[u] += 1
        ins[v] += 1
    return list(zip(ins, outs))


def check_source(g: HamInstance) -> None:
    """Raise InputError unless ``g`` is in the class of the module docstring."""
    where = "Theorem 3.3"
    if not g.directed:
        raise InputError(f"{where} reduces directed Hamiltonian path; the instance is undirected")
    if g.start is None or g.end is None:
        raise InputError(f"{where} needs the path's start s and end t fixed")
    deg = degrees(g)
    bad = next((v for v in range(g.n) if deg[v] not in ((1, 2), (2, 1))), None)
    if bad is not None:
        raise InputError(f"{where} needs every vertex of in/out-degree (1, 2) or (2, 1); vertex {bad} has "
                         f"{deg[bad]}")
    if deg[g.start][1] != 1 or deg[g.end][0] != 1:
        raise InputError(f"{where} needs s of out-degree 1 and t of in-degree 1")


@lru_cache(maxsize=64)
def build(g: HamInstance) -> Construction:
    check_source(g)
    m = len(g.edges)
    tiles: list[tuple[int, int, int, int]] = []
    half: list[HalfEdge] = []

    def add(v: int, arc: int, entering: bool, left: int, top: int, right: int, bottom: int) -> None:
        if (v == g.start and entering) or (v == g.end and not entering):
            return
        tiles.append((top, right, bottom, left))
        half.append(HalfEdge(v, arc, entering))

    for v in range(g.n):
        vi, vo, vx = m + 3 * v + 1, m + 3 * v + 2, m + 3 * v + 3
        ins = [k for k, (_a, b) in enumerate(g.edges) if b == v]
        outs = [k for k, (a, _b) in enumerate(g.edges) if a == v]
        if len(ins) == 1:
            add(v, ins[0], True, ins[0] + 1, -vx, -vi, -vx)
            for k in outs:
                add(v, k, False, vo, -vo, -(k + 1), vi)
        else:
            for k in ins:
                add(v, k, True, k + 1, vi, -vi, -vo)
            add(v, outs[0], False, vo, -vx, -(outs[0] + 1), -vx)
    return Construction(tuple(tiles), tuple(half), m + 3 * g.start + 2, m + 3 * g.end + 1)


def instance(g: HamInstance, signed: bool, boundary: bool, left_colour: str = "s_O") -> EdgeMatching:
    """The puzzle; ``left_colour`` "t_I" gives the paper's other reading (+t_I), kept for the tests."""
    c = build(g)
    tiles = c.tiles if signed else tuple(tuple(abs(x) for x in t) for t in c.tiles)
    colour = -c.s_out if left_colour == "s_O" else c.t_in
    bound = (((0, 0, "w"), colour if signed else abs(colour)),) if boundary else ()
    return EdgeMatching(1, len(tiles), tiles, "signed" if signed else "unsigned", True, bound)  # type: ignore[arg-type]


def layout(g: HamInstance, path: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The placement of a Hamiltonian path s -> t (module docstring), rotations not yet canonical."""
    c = build(g)
    arcs = {e: k for k, e in enumerate(g.edges)}
    index = {(h.vertex, h.arc, h.entering): i for i, h in enumerate(c.half)}
    out: list[tuple[int, int]] = []
    for j, v in enumerate(path):
        a = arcs[path[j - 1], v] if j else None
        b = arcs[v, path[j + 1]] if j + 1 < len(path) else None
        if a is None:
            out.append((index[v, b, False], 0))
            continue
        if b is None:
            out.append((index[v, a, True], 0))
            continue
        mine = [h for h in c.half if h.vertex == v]
        if sum(h.entering for h in mine) == 1:  # type (1, 2)
            spare = next(h.arc for h in mine if not h.entering and h.arc != b)
            out += [(index[v, a, True], 0), (index[v, spare, False], CW), (index[v, b, False], 0)]
        else:
            spare = next(h.arc for h in mine if h.entering and h.arc != a)
            out += [(index[v, a, True], 0), (index[v, spare, True], CCW), (index[v, b, False], 0)]
    return tuple(out)


def read_path(g: HamInstance, sol: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """The vertices in the order their tiles appear, read from s's end of the strip."""
    c = build(g)
    owners = [c.half[t].vertex for t, _r in sol]
    if owners and owners[0] != g.start:
        owners.reverse()
    return tuple(dict.fromkeys(owners))


class EdgeMatchingFromHamPath(Reduction):
    name = "edge-matching-signed-from-hamiltonian-path"
    #: 1 x n boards with rotations, the one boundary colour on the west side of cell (0, 0): what the
    #: shapeless frame (Corollary 5.2) and the hypotenuse-triangle simulation take
    target_variant = "1xn-signed"
    source_variants = frozenset({"directed"})
    source = "hamiltonian-path"
    target = "edge-matching"
    paper = PAPER
    section = "section 3.2"
    theorem = "Theorem 3.3"
    claim = PARSIMONIOUS
    signed: ClassVar[bool] = True
    boundary: ClassVar[bool] = True
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = (
        {"family": CUBIC, "directed": 1, "ends": 2, "n": 4}, {"family": CUBIC, "directed": 1, "ends": 2, "n": 6},
        {"family": CUBIC, "directed": 1, "ends": 2, "n": 8})

    def reduce(self, source: HamInstance) -> EdgeMatching:
        return instance(source, self.signed, self.boundary)

    def forward(self, source: HamInstance, target: EdgeMatching, source_solution: Any) -> tuple:
        return canonical(target, layout(source, tuple(source_solution)))

    def backward(self, source: HamInstance, target: EdgeMatching, target_solution: Any) -> tuple[int, ...]:
        return read_path(source, tuple(target_solution))

    def overhead(self, source: HamInstance) -> dict[str, int]:
        """3|V| - 4 tiles; colours: s_I and t_O are on dropped tiles only, and so is an arc t -> s."""
        n = 3 * source.n - 4
        arcs = len(source.edges) - ((source.end, source.start) in source.edges)
        return {"rows": 1, "cols": n, "tiles": n, "colours": arcs + 3 * source.n - 2,
                "boundary": int(self.boundary)}


class UnsignedEdgeMatchingFromHamPath(EdgeMatchingFromHamPath):
    name = "edge-matching-unsigned-from-hamiltonian-path"
    target_variant = "1xn-unsigned"
    signed = False


class SignedNoBoundaryFromHamPath(EdgeMatchingFromHamPath):
    name = "edge-matching-signed-no-boundary-from-hamiltonian-path"
    target_variant = "1xn-signed-no-boundary"
    theorem = "Corollary 3.4"
    claim = c_monious(2, "c = 2: every solution and its 180-degree turn")
    boundary = False


class UnsignedNoBoundaryFromHamPath(SignedNoBoundaryFromHamPath):
    name = "edge-matching-unsigned-no-boundary-from-hamiltonian-path"
    target_variant = "1xn-unsigned-no-boundary"
    signed = False


REDUCTIONS = [EdgeMatchingFromHamPath(), UnsignedEdgeMatchingFromHamPath(), SignedNoBoundaryFromHamPath(),
              UnsignedNoBoundaryFromHamPath()]
