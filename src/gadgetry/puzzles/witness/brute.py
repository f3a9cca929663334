"""The brute-force oracle: every simple path from a start circle, depth first along unbroken edges, kept
when it stops at an end cap and :func:`gadgetry.puzzles.witness.rules.check` accepts it. Independent of
the SAT encoding and of graphillion."""

from __future__ import annotations

from collections.abc import Iterator

from .model import Panel, Path, Vertex, neighbours
from .rules import check


def simple_paths(panel: Panel) -> Iterator[Path]:
    """Every simple path of at least one edge from a start to an end (its vertices in order)."""
    ends = set(panel.ends)
    adj = {}

    def nbrs(v: Vertex) -> list[Vertex]:
        if v not in adj:
            adj[v] = neighbours(panel, v)
        return adj[v]

    def rec(path: list[Vertex], on: set[Vertex]) -> Iterator[Path]:
        v = path[-1]
        if v in ends:
            yield tuple(path)
        for u in nbrs(v):
            if u not in on:
                path.append(u)
                on.add(u)
                yield from rec(path, on)
                on.discard(u)
                path.pop()

    for start in panel.starts:
        yield from rec([start], {start})


def brute_force(panel: Panel) -> Iterator[Path]:
    """Every solution path of ``panel`` (plain enumeration plus the checker)."""
    for path in simple_paths(panel):
        if check(panel, path):
            yield path
