"""Undirected Hamiltonicity to 1 x n equilateral-triangle edge matching (Edge-matching seed, section 4.1:
Lemma 4.2, Theorem 4.3 parsimonious with the left boundary colour, Corollary 4.4 2-monious without
it).

Lemma 4.2 (:mod:`gadgetry.reductions.hamiltonian_path_from_hamiltonian_cycle_deg3`) first turns the
cycle instance G into a path instance G' with fixed ends s and t.

Theorem 4.3 on that path instance G' (each registered reduction starts from the cycle and applies Lemma
4.2 first): orient every edge a < b from a to b; edge k has colour k + 1, shown +(k + 1) at its head and
-(k + 1) at its tail; vertex w has colour W = m + 1 + w. Every vertex other than s, t gets one tile per
incident edge, counter-clockwise (+-e, -W, +W), padded to three tiles with fresh half-edge colours (the
paper pads degree 2; padding degree 1 and 0 the same way keeps those instances unsolvable). Rebuilt s and
t tiles (their glyphs are lost from the text): s = (U, +-e_s, S) counter-clockwise, which shows S on the left
and e_s on the right of an up slot 0; t = (+-e_t, U', U''). S, U, U', U'' are fresh. Left boundary colour
-S (signed; slot 0 shows S) or S (unsigned); unsigned drops every sign. No reflection (Theorem 4.3 does
not claim it, and reflection changes the counts). Slot 0 points up; 3n + 2 tiles for an n-vertex source.

Layout of a path s, v_1, ..., v_n, t: s's tile, then for each v_i the tile of the arriving edge (edge on
its left), the third tile (its edge colour on the boundary), the tile of the leaving edge (edge on its
right), then t's tile. Without the boundary colour the whole layout also appears reversed, t's tile first
(Corollary 4.4): the count doubles. Tiles: s, the vertex tiles (vertex by vertex, edges in order, padding
last), t.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from gadgetry.core import PARSIMONIOUS, InputError, Reduction, c_monious
from gadgetry.puzzles.edgematching.triangle import (
    TriangleEdgeMatching,
    canonical_orientation,
    orientations,
    shown,
)
from gadgetry.reductions.hamiltonian_path_from_hamiltonian_cycle_deg3 import (
    HamPathFromHamCycleDeg3,
    cycle_to_path,
    lemma42,
    path_to_cycle,
)
from gadgetry.sources.hamiltonicity import HamInstance

PAPER = "Edge-matching seed"


@dataclass(frozen=True)
class Construction:
    tiles: tuple[tuple[int, int, int], ...]  # counter-clockwise, signed labels
    owner: tuple[int, ...]  # the vertex of G' of each tile
    label: tuple[int, ...]  # each tile's edge label (the half-edge colour for padding; S for s)
    s_colour: int


@lru_cache(maxsize=64)
def build(gp: HamInstance) -> Construction:
    """Theorem 4.3's tiles for a path instance G' (start s and end t of degree 1)."""
    m = len(gp.edges)
    s, t = gp.start, gp.end
    fresh = iter(range(m + gp.n + 1, m + gp.n + 100 + 3 * gp.n))
    at: dict[int, list[int]] = {w: [] for w in range(gp.n)}
    for k, (a, b) in enumerate(gp.edges):
        at[a].append(-(k + 1))
        at[b].append(k + 1)
    if s is None or t is None or len(at[s]) != 1 or len(at[t]) != 1:
        raise InputError("Theorem 4.3 needs fixed ends s and t of degree 1")
    big_s, u0 = next(fresh), next(fresh)
    tiles = [(u0, at[s][0], big_s)]
    owner, label = [s], [big_s]
    for w in range(gp.n):
        if w in (s, t):
            continue
        colour = m + 1 + w
        for e in at[w] + [next(fresh) for _ in range(3 - len(at[w]))]:
            tiles.append((e, -colour, colour))
            owner.append(w)
            label.append(e)
    tiles.append((at[t][0], next(fresh), next(fresh)))
    owner.append(t)
    label.append(at[t][0])
    return Construction(tuple(tiles), tuple(owner), tuple(label), big_s)


def target(gp: HamInstance, signed: bool, boundary: bool) -> TriangleEdgeMatching:
    c = build(gp)
    tiles = c.tiles if signed else tuple(tuple(abs(x) for x in tile) for tile in c.tiles)
    left = (-c.s_colour if signed else c.s_colour) if boundary else None
    return TriangleEdgeMatching("equilateral", tiles, "signed" if signed else "unsigned", True, False,
                                left)  # type: ignore[arg-type]


def layout(gp: HamInstance, inst: TriangleEdgeMatching, path: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The placement of an s-t path of G' (module docstring)."""
    c = build(gp)
    edge_of = {(min(a, b), max(a, b)): k + 1 for k, (a, b) in enumerate(gp.edges)}
    plan: list[tuple[int, int]] = [(0, 0)]  # (tile, which shown side carries its label: 0 L, 1 R, 2 X)
    for i in range(1, len(path) - 1):
        w = path[i]
        a = edge_of[min(w, path[i - 1]), max(w, path[i - 1])]
        b = edge_of[min(w, path[i + 1]), max(w, path[i + 1])]
        mine = [j for j, o in enumerate(c.owner) if o == w]
        first = next(j for j in mine if abs(c.label[j]) == a)
        last = next(j for j in mine if abs(c.label[j]) == b)
        middle = next(j for j in mine if j not in (first, last))
        plan += [(first, 0), (middle, 2), (last, 1)]
    plan.append((len(c.tiles) - 1, 0))
    out = []
    for k, (j, side) in enumerate(plan):
        want = abs(c.label[j]) if inst.kind == "unsigned" else c.label[j]
        o = next(o for o in orientations(inst) if shown(inst, k, inst.tiles[j], o)[side] == want)
        out.append((j, canonical_orientation(inst, inst.tiles[j], o)))
    return tuple(out)


class TriangleFromHamCycle(Reduction):
    name = "triangle-edge-matching-signed-from-hamiltonian-cycle"
    source_variants = frozenset({"undirected"})
    source = "hamiltonian-cycle"
    target = "triangle-edge-matching"
    paper = PAPER
    section = "section 4.1"
    theorem = "Lemma 4.2 and Theorem 4.3"
    claim = PARSIMONIOUS
    signed: ClassVar[bool] = True
    boundary: ClassVar[bool] = True
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = HamPathFromHamCycleDeg3.verify_params
    verify_unsat_params: ClassVar[Mapping[str, int] | None] = HamPathFromHamCycleDeg3.verify_unsat_params

    def reduce(self, source: HamInstance) -> TriangleEdgeMatching:
        return target(lemma42(source), self.signed, self.boundary)

    def forward(self, source: HamInstance, target: TriangleEdgeMatching, source_solution: Any) -> tuple:
        return layout(lemma42(source), target, cycle_to_path(source, tuple(source_solution)))

    def backward(self, source: HamInstance, target: TriangleEdgeMatching, target_solution: Any) -> tuple:
        gp = lemma42(source)
        c = build(gp)
        owners = [c.owner[j] for j, _o in target_solution]
        if owners[0] != gp.start:
            owners.reverse()
        return path_to_cycle(source, tuple(dict.fromkeys(owners)))

    def overhead(self, source: HamInstance) -> dict[str, int]:
        return {"tiles": 3 * source.n + 2, "boundary": int(self.boundary)}


class UnsignedTriangleFromHamCycle(TriangleFromHamCycle):
    name = "triangle-edge-matching-unsigned-from-hamiltonian-cycle"
    signed = False


class SignedNoBoundaryTriangleFromHamCycle(TriangleFromHamCycle):
    name = "triangle-edge-matching-signed-no-boundary-from-hamiltonian-cycle"
    theorem = "Lemma 4.2 and Corollary 4.4"
    claim = c_monious(2, "c = 2: every solution and its reversal, t's tile first")
    boundary = False


class UnsignedNoBoundaryTriangleFromHamCycle(SignedNoBoundaryTriangleFromHamCycle):
    name = "triangle-edge-matching-unsigned-no-boundary-from-hamiltonian-cycle"
    signed = False


REDUCTIONS = [TriangleFromHamCycle(), UnsignedTriangleFromHamCycle(), SignedNoBoundaryTriangleFromHamCycle(),
              UnsignedNoBoundaryTriangleFromHamCycle()]
