"""Polynomial cases of Witness panels (Witness seed, section 3 and section 7).

- Observation 3.1: with broken edges as the only clues, a solution exists iff some start and some end
  are connected by unbroken edges; a breadth-first shortest path is simple, so it is a witness.
- Theorem 7.1, first step: with monominoes (and broken edges, hexagons) as the only cell clues, a region
  holding monominoes must consist of monomino cells only (its area equals its number of pieces), so a path
  is a solution iff it uses every edge between a monomino cell and a monomino-free cell. The panel becomes
  an edge-hexagon panel (hexagons on those forced edges), which :mod:`.zdd` counts. The remaining step of
  the theorem (divisions, then the subset-Hamiltonian-path dynamic programme of Theorem 3.6) is not
  implemented here.
"""

from __future__ import annotations

from collections import deque

from gadgetry.core import InputError

from .model import NAME, Panel, Path, Vertex, cell_sides, edge_cells, make_panel, neighbours


def broken_edges_only(panel: Panel) -> Path | None:
    """Observation 3.1: a shortest start-to-end path along unbroken edges, or None if none exists."""
    if panel.symbols or panel.vertex_hexagons or panel.edge_hexagons:
        raise InputError(f"{NAME}: Observation 3.1 applies to panels whose only clues are broken edges")
    parent: dict[Vertex, Vertex | None] = {s: None for s in panel.starts}
    queue = deque(panel.starts)
    ends = set(panel.ends)
    while queue:
        v = queue.popleft()
        if v in ends:
            path = [v]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])  # type: ignore[arg-type]
            return tuple(reversed(path))
        for u in neighbours(panel, v):
            if u not in parent:
                parent[u] = v
                queue.append(u)
    return None


def monomino_hexagons(panel: Panel) -> Panel | None:
    """Theorem 7.1, first step: the equivalent panel with an edge hexagon on every edge between a monomino
    cell and a monomino-free cell instead of the monominoes; None if that panel has no solution because a
    forced edge is broken or a vertex has more than two forced edges."""
    if any(s.kind != "poly" or s.shape != ((0, 0),) for _, s in panel.symbols):
        raise InputError(f"{NAME}: Theorem 7.1 applies to panels whose only cell clues are monominoes")
    mono = {c for c, _ in panel.symbols}
    forced = set()
    for c in mono:
        for e in cell_sides(c):
            if any(d not in mono for d in edge_cells(panel, e)) and len(edge_cells(panel, e)) == 2:
                forced.add(e)
    if forced & panel.broken:
        return None
    degree: dict[Vertex, int] = {}
    for e in forced | panel.edge_hexagons:
        for v in e:
            degree[v] = degree.get(v, 0) + 1
    if any(d > 2 for d in degree.values()):
        return None
    return make_panel(panel.width, panel.height, panel.starts, panel.ends, broken=panel.broken,
                      vertex_hexagons=panel.vertex_hexagons, edge_hexagons=panel.edge_hexagons | forced,
                      rules=panel.rules, options=dict(panel.options))
