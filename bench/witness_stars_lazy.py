"""Can lazy region cuts decide Theorem 5.1's stars panels (Witness seed, section 5), where the Witness CNF
cannot? A negative result, kept so that the next attempt starts past it.

SAT on the path alone (edge variables, degrees, lazy cycle cuts: :mod:`gadgetry.puzzles.witness.lazy`),
and for each acyclic model every region the rule checker rejects is cut: "one of the region's boundary
edges is unused, or one of its inner edges differs from the model". Measured (2026-11-27, one core,
``python bench/witness_stars_lazy.py``): on the stars panels of planted 3 x 3 Restricted Squares sources
(17 x 8 cells, seeds 0-2) no solution within 120 s, after 9,725 to 12,507 models and 25,724 to 31,721
region cuts. The stars' pairing is global: a cut removes one region's shape, and the paths that put a
star's twin on the wrong side are too many to cut one shape at a time.

    python bench/witness_stars_lazy.py [seconds]
"""

from __future__ import annotations

import sys
import time

import networkx as nx
from pysat.solvers import Solver

from gadgetry.core.sat import DEFAULT_SOLVER
from gadgetry.puzzles.witness import rules
from gadgetry.puzzles.witness.lazy import Cuts, edge_cnf
from gadgetry.puzzles.witness.model import Cell, Edge, Panel, Path, all_edges, cell_sides, edge_cells, regions
from gadgetry.puzzles.witness_restricted import RestrictedSquares
from gadgetry.reductions.gadgets import witness_stars


def region_cut(panel: Panel, region: frozenset[Cell], x: dict[Edge, int], used: set[Edge]) -> list[int]:
    """The clause no path keeping ``region`` as it is in the model satisfies."""
    inside, border = set(), set()
    for c in region:
        for e in cell_sides(c):
            sides = edge_cells(panel, e)
            if e in x and len(sides) == 2:
                (inside if all(d in region for d in sides) else border).add(e)
    return [-x[e] for e in sorted(border)] + [-x[e] if e in used else x[e] for e in sorted(inside)]


def solve(panel: Panel, seconds: float) -> tuple[Path | None, int, int]:
    """(a solution or None, models seen, region cuts added) within ``seconds``."""
    (s0,), (t0,) = panel.starts, panel.ends
    cnf, x = edge_cnf([e for e in all_edges(panel) if e not in panel.broken], {}, ends=(s0, t0))
    start, models, added = time.time(), 0, 0
    with Solver(name=DEFAULT_SOLVER, bootstrap_with=cnf.clauses) as solver:
        for used in Cuts(solver, x, cnf.nvars, (s0, t0)).models():
            models += 1
            path = tuple(nx.shortest_path(nx.Graph(used), s0, t0))
            bad = [r for r in regions(panel, path)
                   if not rules.check_region(panel, r, frozenset(used), set(path))]
            if not bad:
                return path, models, added
            for r in bad:
                solver.add_clause(region_cut(panel, r, x, set(used)))
                added += 1
            if time.time() - start > seconds:
                break
    return None, models, added


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 120.0
    source = RestrictedSquares()
    for seed in range(3):
        src = source.generate_seeded({"width": 3, "height": 3, "empty": 1}, seed, "planted").instance
        panel = witness_stars.layout(src).panel
        t = time.time()
        path, models, added = solve(panel, seconds)
        found = "solved" if path is not None and rules.check(panel, path) else "no solution found"
        print(f"seed {seed}: {panel.width} x {panel.height}, {found} in {time.time() - t:.0f} s "
              f"({models} models, {added} region cuts)", flush=True)


if __name__ == "__main__":
    main()
