"""Frontier-based ZDD path counting with graphillion (Knuth's SIMPATH, as graphillion's ``GraphSet.paths``)
for panels whose clues are local to edges and vertices: broken edges (left out of the universe), edge
hexagons (``including(edge)``), vertex hexagons (minus the paths ``excluding`` every incident edge) and
triangles (a filter: for each cell, the union over the allowed sets of exactly i of its sides of
``including`` those and ``excluding`` the others). The same under both rule sets when there are no
antibodies. An independent oracle for the SAT counts, and the fast counter for empty panels.
(``OMP_NUM_THREADS`` defaults to 1 for graphillion: see :mod:`gadgetry`.)
"""

from __future__ import annotations

import itertools

from graphillion import GraphSet

from .model import Panel, cell_sides, edges, local_clues_only


def path_set(panel: Panel) -> GraphSet | None:
    """The ZDD of the solution paths (edge sets), or None if the panel has clues it cannot express."""
    if not local_clues_only(panel):
        return None
    universe = edges(panel)
    if not universe:
        return GraphSet()
    GraphSet.set_universe(universe)
    usable = set(universe)
    touched = {v for e in universe for v in e}
    paths = GraphSet()
    for s in panel.starts:
        for t in panel.ends:
            if s in touched and t in touched:
                paths |= GraphSet.paths(s, t)
    for e in sorted(panel.edge_hexagons):
        paths = paths.including(e)
    for v in sorted(panel.vertex_hexagons):  # some incident edge is used
        missing = paths
        for e in universe:
            if v in e:
                missing = missing.excluding(e)
        paths = paths - missing
    for c, sym in panel.symbols:
        sides = [e for e in cell_sides(c) if e in usable]
        allowed = GraphSet()
        for chosen in itertools.combinations(sides, sym.count):
            part = paths
            for e in sides:
                part = part.including(e) if e in chosen else part.excluding(e)
            allowed |= part
        paths = allowed
    return paths


def count_paths(panel: Panel) -> int | None:
    """The number of solution paths, or None if the panel has clues the ZDD cannot express."""
    paths = path_set(panel)
    return None if paths is None else paths.len()
