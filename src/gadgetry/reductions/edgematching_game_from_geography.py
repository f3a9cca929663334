"""Edge geography to the two-player 1 x n edge-matching game (Edge-matching seed, section 6.2, Theorem 6.5).

One tile per edge of the graph, written (left, top, right, bottom) as in the paper: an arc u -> v becomes
the signed tile (-u, U, +v, U), an undirected edge {u, v} the unsigned tile (u, U, v, U), each U a fresh
colour nothing else carries (so only the 0 and 180 degree turns can ever be played; the 180 degree turn of
a signed tile shows +v on its west and is never playable either). Vertex v is colour v + 1. The left
boundary colour is +s (signed) or s (unsigned); the board has one cell per edge. Impartial edge geography
gives the shared pool; edge-partizan edge geography gives each player the tiles of their edges. The
exposed east label is the path's current vertex, a move plays an unused edge leaving it, so the game trees
are isomorphic: the winner is kept.

Sources: ``geography`` with rule ``edge`` and partizan ``none`` or ``edge``; directed graphs give the
signed game, undirected ones the unsigned game (the four variants of Theorem 6.5). The count claim is
parsimony of the verdict (the problems' solution is ``"first"`` exactly when the first player wins), so
``verify`` checks the winner is kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from gadgetry.core import PARSIMONIOUS, InputError, Reduction
from gadgetry.puzzles.edgematching.games import EdgeMatchingGame
from gadgetry.sources.geography import Geography


def tiles_of(g: Geography) -> tuple[tuple[int, int, int, int], ...]:
    """The tile of each edge, stored (north, east, south, west)."""
    fresh = g.n + 1
    out = []
    for k, (u, v) in enumerate(g.edges):
        top, bottom = fresh + 2 * k, fresh + 2 * k + 1
        west, east = (-(u + 1), v + 1) if g.directed else (u + 1, v + 1)
        out.append((top, east, bottom, west))
    return tuple(out)


class EdgeMatchingGameFromGeography(Reduction):
    """Theorem 6.5: edge geography (impartial or edge-partizan, directed or undirected) to the game."""

    name = "edgematching-game-from-geography"
    source = "geography"
    target = "edge-matching-game"
    paper = "Edge-matching seed"
    section = "6.2"
    theorem = "Theorem 6.5"
    claim = PARSIMONIOUS
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = tuple(
        {"vertices": v, "edges": e, "directed": d, "rule": 2, "partizan": p}
        for v, e in ((4, 5), (5, 8)) for d in (1, 2) for p in (1, 3))
    verify_unsat_params: ClassVar[Mapping[str, int] | None] = {}

    def reduce(self, source: Geography) -> EdgeMatchingGame:
        if source.rule != "edge" or source.partizan not in ("none", "edge"):
            raise InputError(f"Theorem 6.5 reduces edge geography, impartial or edge-partizan; got "
                             f"{source.partizan}-partizan {source.rule} geography")
        pools = source.colours if source.partizan == "edge" else ()
        return EdgeMatchingGame(tiles_of(source), "signed" if source.directed else "unsigned",
                                source.start + 1, pools)

    def forward(self, source: Geography, target: EdgeMatchingGame, source_solution: Any) -> Any:
        return source_solution

    def backward(self, source: Geography, target: EdgeMatchingGame, target_solution: Any) -> Any:
        return target_solution

    def overhead(self, source: Geography) -> dict[str, int]:
        return {"tiles": len(source.edges)}


REDUCTIONS = [EdgeMatchingGameFromGeography()]
