"""Relaxed solutions of Witness panels with local clues only (triangles, hexagons, broken edges), shared
by the triangle reductions of the Witness seed (section 6: Theorems 6.1 and 6.2 reason about "solutions"
made of several paths and cycles, then join them into one path).

- :func:`relaxed_cnf`: every edge set with degree 0 or 2 at each vertex (1 at a start or end) meeting
  every triangle clue, cycles allowed;
- :func:`relaxed_solutions`: those edge sets, by blocking-clause enumeration;
- every solution *path* comes from the lazy-cut solver,
  :func:`gadgetry.puzzles.witness.lazy.local_solutions` (cuts against the cycles of each model);
- :func:`edges_to_path`, :func:`shift`: edge-set helpers (the pieces of an edge set:
  :func:`gadgetry.puzzles.witness.lazy.pieces`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from gadgetry.core import CNF
from gadgetry.core.reduction import CertificateView
from gadgetry.puzzles.witness.lazy import local_solutions
from gadgetry.puzzles.witness.model import Edge, Panel, Path, Vertex, cell_sides, edges


def relaxed_cnf(panel: Panel) -> tuple[CNF, dict[Edge, int]]:
    """Every used edge set in which each vertex has degree 0 or 2 (a start or end: 1) and each triangle
    holds: the relaxed "solutions" of section 6.1 (several paths and cycles allowed), one variable per
    edge, projected on the edges."""
    cnf = CNF()
    var = {e: cnf.var(("edge", e)) for e in edges(panel)}
    inc: dict[Vertex, list[int]] = {}
    for e, v in var.items():
        for p in e:
            inc.setdefault(p, []).append(v)
    for p, lits in inc.items():
        if p in panel.starts or p in panel.ends:
            cnf.exactly_one(lits)
        else:
            for a in lits:
                cnf.add([-a] + [b for b in lits if b != a])
            cnf.at_most(lits, 2)
    for c, sym in panel.symbols:
        cnf.exactly([var[s] for s in cell_sides(c) if s in var], sym.count)
    cnf.project(var.values())
    return cnf, var


def relaxed_solutions(panel: Panel, cap: int = 50) -> list[frozenset[Edge]]:
    """The relaxed solutions (edge sets), at most ``cap`` of them, by blocking-clause enumeration."""
    from gadgetry.core.sat import enumerate_projected

    cnf, var = relaxed_cnf(panel)
    name = {v: e for e, v in var.items()}
    return [frozenset(name[v] for v in model if v > 0 and v in name)
            for model in enumerate_projected(cnf.nvars, cnf.clauses, list(var.values()), cap=cap)]


def shift(es: Iterable[Edge], dx: int, dy: int) -> set[Edge]:
    return {((a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy)) for a, b in es}


def edges_to_path(used: frozenset[Edge], start: Vertex, end: Vertex) -> Path:
    adj: dict[Vertex, list[Vertex]] = {}
    for a, b in used:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    path, prev = [start], None
    while path[-1] != end:
        nxt = [v for v in adj[path[-1]] if v != prev]
        prev = path[-1]
        path.append(nxt[0])
    return tuple(path)




def cover_view(sets: int, read: Callable[[Path], Iterable[int]], target: Panel) -> CertificateView:
    """The certificate view of the X3C reductions (Theorems 6.1 and 6.2): which of the ``sets`` a path
    uses (``read``). ``solutions`` yields *every* solution path (refinement over the relaxed CNF, not one
    per certificate), so two paths for one cover show one certificate twice and fail: with the readable
    certificates equal to the covers, this checks full parsimony."""
    return CertificateView(
        of_source=lambda cover: tuple(i in set(cover) for i in range(sets)),
        of_target=lambda path: tuple(i in set(read(path)) for i in range(sets)),
        solutions=lambda cap: local_solutions(target, cap=cap))
