"""Depth-first search over simple paths with incremental region checks, the way browser Witness solvers
search (Overv's TheWitnessSolver checks each region as the path closes it): a region that no longer
touches the path's head can never change again, so it is judged by :func:`.rules.check_region` as soon as
it is cut off, and a failing one prunes every extension; a path reaching an end cap is checked whole by
:func:`.rules.check`. Exact for every clue type and both rule sets; the baseline the frontier counter is
measured against, and ``--method dfs``."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from .model import Cell, Edge, Panel, Path, Vertex, edge, edge_cells, neighbours, vertex_cells, vertices
from .rules import check, check_region


def dfs_solutions(panel: Panel) -> Iterator[Path]:
    """Every solution path of ``panel``."""
    w, h = panel.width, panel.height
    ends = set(panel.ends)
    nbrs = {v: neighbours(panel, v) for v in vertices(panel)}
    path: list[Vertex] = []
    on: set[Vertex] = set()
    used: set[Edge] = set()
    final: set[Cell] = set()  # cells of regions already judged along the current path

    def border(v: Vertex) -> bool:
        return v[0] in (0, w) or v[1] in (0, h)

    def cut_region(c: Cell, near: set[Cell]) -> frozenset[Cell] | None:
        """The region of ``c``, or None as soon as it reaches a cell of ``near`` (it still touches the
        head: most regions do, and are left after a few cells)."""
        if c in near:
            return None
        seen, stack = {c}, [c]
        while stack:
            x, y = stack.pop()
            for nb, e in (((x + 1, y), ((x + 1, y), (x + 1, y + 1))), ((x - 1, y), ((x, y), (x, y + 1))),
                          ((x, y + 1), ((x, y + 1), (x + 1, y + 1))), ((x, y - 1), ((x, y), (x + 1, y)))):
                if nb not in seen and 0 <= nb[0] < w and 0 <= nb[1] < h and e not in used:
                    if nb in near:
                        return None
                    seen.add(nb)
                    stack.append(nb)
        return frozenset(seen)

    def cut_off(v: Vertex, e: Edge, head: Vertex) -> list[Cell] | None:
        """Judge the regions around the old head ``v`` and the new edge ``e`` that no longer touch the
        new head: the cells newly made final, or None if one of those regions fails."""
        near = set(vertex_cells(panel, head))
        fresh: list[Cell] = []
        for c in vertex_cells(panel, v) + edge_cells(panel, e):
            if c in final:
                continue
            reg = cut_region(c, near)
            if reg is None:
                continue
            if not check_region(panel, reg, frozenset(used), on):
                for d in fresh:
                    final.discard(d)
                return None
            final.update(reg)
            fresh.extend(reg)
        return fresh

    def step(v: Vertex, u: Vertex, touches: int) -> tuple[Edge, list[Cell]] | None:
        """Extend the path from ``v`` to ``u``: the edge and the cells made final, or None (nothing
        changed) when a region cut off fails."""
        e = edge(v, u)
        path.append(u)
        on.add(u)
        used.add(e)
        fresh = cut_off(v, e, u) if touches >= 2 else []
        if fresh is None:
            undo(u, e, [])
            return None
        return e, fresh

    def undo(u: Vertex, e: Edge, fresh: list[Cell]) -> None:
        for d in fresh:
            final.discard(d)
        used.discard(e)
        on.discard(u)
        path.pop()

    # An explicit stack, not recursion: a path may visit every vertex (4,225 on the format's largest panel).
    for s in panel.starts:
        path.append(s)
        on.add(s)
        if s in ends and check(panel, path):
            yield tuple(path)
        stack: list[tuple[Vertex, int, Iterator[Vertex], tuple[Edge, list[Cell]] | None]] = [
            (s, border(s), iter(nbrs[s]), None)]
        while stack:
            v, touches, rest, entered = stack[-1]
            for u in rest:
                if u in on:
                    continue
                t = touches + border(u)
                done = step(v, u, t)
                if done is None:
                    continue
                if u in ends and check(panel, path):
                    yield tuple(path)
                stack.append((u, t, iter(nbrs[u]), done))
                break
            else:
                stack.pop()
                if entered is not None:
                    undo(v, *entered)
        on.discard(s)
        path.pop()


def count_dfs(panel: Panel, cap: int | None = None) -> int:
    """The number of solution paths, by :func:`dfs_solutions` (stopping past ``cap`` when given)."""
    return sum(1 for _ in itertools.islice(dfs_solutions(panel), None if cap is None else cap + 1))
