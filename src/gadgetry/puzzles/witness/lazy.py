"""Witness panels of local clues solved by SAT with lazy cycle cuts (Witness seed, sections 2-6: the
Hamiltonicity and triangle constructions): edge variables, degrees and the clues, and a cut against each
cycle a model holds beside the path. No region labels and no acyclicity layers, so panels of thousands of
cells solve in seconds where the general encoding (:mod:`.encoding`) grows with the square of the cells."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from gadgetry.core import CNF, InputError
from gadgetry.core.sat import DEFAULT_SOLVER

from .model import Edge, Panel, Path, Vertex, all_edges, cell_sides, cells, local_clues_only

#: A cut is added as one clause per used edge inside the cycle's vertex set S ("not that edge, or an edge
#: leaving S") while these total at most this many literals, else through one auxiliary variable: the
#: clauses propagate better (a 22 x 22 Theorem 3.4 panel forced to a slip: 0.5 s against 36 s), the
#: auxiliary keeps the long cuts of large panels cheap to add (Theorem 6.1's 63 x 108 panel: 3.4 s -> 1.4 s)
CUT_LITERALS = 20_000


def is_local(panel: Panel) -> bool:
    """Whether every clue is local (broken edges, hexagons, triangles: a path satisfies it by its own edges,
    the same under both rule sets) and the panel has one start and one end."""
    return local_clues_only(panel) and len(panel.starts) == len(panel.ends) == 1


def first_solution(panel: Panel) -> Path | None:
    """One solution path of a local-clue panel, or None: the ``lazy-cuts`` solver of ``solve``."""
    return next(local_solutions(panel, [], cap=1), None)


def local_solutions(panel: Panel, marks: Sequence[Edge] | None = None, cap: int | None = None) -> Iterator[Path]:
    """Solution paths of a panel whose clues are local (:func:`is_local`), one per distinct assignment of
    the ``marks`` edges (None: every path), by SAT with lazy cuts (edge
    variables, degrees, local clues; a model with a cycle beside the path gets,
    for each edge inside the cycle's vertex set S, the clause "not that edge, or an edge leaving S", which
    every solution satisfies since the path leaves S to reach the start; when S holds a hexagon, just "an
    edge leaving S", since the path must reach it). Far smaller than the general
    encoding's region layers on panels of hundreds of cells."""
    import networkx as nx
    from pysat.solvers import Solver

    if not is_local(panel):
        raise InputError("witness: lazy cuts take panels of local clues (broken edges, hexagons, triangles) "
                         "with one start and one end only")
    cnf = CNF()
    usable = [e for e in all_edges(panel) if e not in panel.broken]
    x = {e: cnf.var(("e", e)) for e in usable}
    at: dict[Vertex, list[int]] = {}
    for e, v in x.items():
        for p in e:
            at.setdefault(p, []).append(v)
    (s0,), (t0,) = panel.starts, panel.ends
    for p, lits in at.items():
        if p in (s0, t0):
            cnf.exactly(lits, 1)
        else:
            cnf.at_most(lits, 2)
            for a in lits:
                cnf.add([-a] + [b for b in lits if b != a])
        if p in panel.vertex_hexagons:
            cnf.at_least(lits, 1)
    if s0 not in at or t0 not in at or any(v not in at for v in panel.vertex_hexagons) or \
            any(e not in x for e in panel.edge_hexagons):
        return
    for e in panel.edge_hexagons:
        cnf.add([x[e]])
    for (cx, cy), sym in panel.symbols:
        cnf.exactly([x[e] for e in cell_sides((cx, cy)) if e in x], sym.count)
    for c in cells(panel):  # no cell's boundary is a cycle beside the path (the first cuts, given upfront)
        sides = cell_sides(c)
        if all(e in x for e in sides):
            cnf.add([-x[e] for e in sides])
    required = set(panel.vertex_hexagons) | {p for e in panel.edge_hexagons for p in e}
    # a mark off the panel's usable edges is never used
    proj = list(x.values()) if marks is None else [x[m] for m in marks if m in x]
    found, top = 0, cnf.nvars
    with Solver(name=DEFAULT_SOLVER, bootstrap_with=cnf.clauses) as solver:
        while solver.solve():
            model = set(v for v in solver.get_model() if v > 0)
            used = [e for e, v in x.items() if v in model]
            g = nx.Graph(used)
            cycles = [c for c in nx.connected_components(g) if s0 not in c]
            if cycles:
                for comp in cycles:
                    leaving = [x[e] for e in usable if (e[0] in comp) != (e[1] in comp)]
                    if comp & required:  # the path must reach a hexagon in S: it crosses S's cut
                        solver.add_clause(leaving)
                        continue
                    inside = [x[e] for e in used if e[0] in comp and e[1] in comp]
                    if len(inside) * len(leaving) <= CUT_LITERALS:
                        solver.append_formula([[-a, *leaving] for a in inside])
                    else:  # one auxiliary "an edge leaves S", implied by each edge inside S
                        top += 1
                        solver.add_clause([-top, *leaving])
                        solver.append_formula([[-a, top] for a in inside])
                continue
            yield tuple(nx.shortest_path(g, s0, t0))
            found += 1
            if (cap is not None and found >= cap) or not proj:
                return
            solver.add_clause([-v if v in model else v for v in proj])
