"""Can lazy region cuts decide Theorem 5.1's stars panels (Witness seed, section 5), where the Witness CNF
cannot? A negative result, kept so that the next attempt starts past it.

SAT on the path alone (edge variables, degrees, lazy cycle cuts: :mod:`gadgetry.puzzles.witness.lazy`),
and for each acyclic model every region the rule checker rejects is cut: "one of the region's boundary
edges is unused, or one of its inner edges differs from the model". Measured (2026-11-27, one core,
``python bench/witness_stars_lazy.py``): on the stars panels of planted 3 x 3 Restricted Squares sources
(17 x 8 cells, seeds 0-2) no solution within 120 s, after 9,725 to 12,507 models and 25,724 to 31,721
region cuts. The stars' pairing is global: a cut removes one region's shape, and the paths that put a
star's twin on the wrong side are too many to cut one shape at a time.

``--pairs`` adds the pairing itself to the CNF, exactly and without region labels: per pair of stars that
may share a region, a path in the dual graph (cells joined across unused edges) of its own variables,
on exactly when the pair is chosen (ends of degree 1, other cells 0 or 2: the component of one end is a
path to the other, stray dual cycles are harmless); each star chooses exactly one partner of its colour
(the black ones, six, a perfect matching); a colour with more than two symbols also gets a label per
cell (equal across unused edges, one label per chosen pair) so that stars of different pairs lie in
different regions. Every model is then legal but for the cycles the lazy cuts remove. Measured
(2026-11-27, seed 0, one core beside another job; a first version of these clauses, with the same
constraints written out pairwise): without the labels 70 SAT calls in 1,200 s (58 models with cycles,
12 acyclic and cut), no solution; with the labels no solution in 900 s; this script with ``--pairs`` had
not come back from seed 0 after 1,500 s. The CNF is small (about 10,000 variables and 40,000 clauses)
but each call takes 10 to 20 s: CaDiCaL cannot route one path and some thirty dual paths around each
other.

    python bench/witness_stars_lazy.py [seconds] [--pairs]
"""

from __future__ import annotations

import itertools
import sys
import time

import networkx as nx
from pysat.solvers import Solver

from gadgetry.core import CNF
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


def pair_clauses(panel: Panel, cnf: CNF, x: dict[Edge, int]) -> None:
    """The stars' pairing as dual paths and, for colours of more than two symbols, labels (docstring)."""
    dual = {e: tuple(cs) for e in all_edges(panel) if len(cs := edge_cells(panel, e)) == 2}
    sym = panel.symbol_map()
    counted = rules.star_counted(panel)
    by_colour: dict[str, list[Cell]] = {}
    for c, s in sym.items():
        if s.kind in counted:
            by_colour.setdefault(s.colour, []).append(c)

    def pair(a: Cell, b: Cell) -> int:
        key = ("pair", min(a, b), max(a, b))
        if cnf.has(key):
            return cnf.var(key)
        on = cnf.var(key)
        at: dict[Cell, list[int]] = {}
        for e, ends in dual.items():
            y = cnf.var(("dual", key, e))
            if e in x:
                cnf.add([-y, -x[e]])
            for c in ends:
                at.setdefault(c, []).append(y)
        for c, lits in at.items():
            if c in (a, b):  # degree 1 when on, 0 when off
                cnf.add([-on, *lits])
                cnf.at_most_one(lits)
                for y in lits:
                    cnf.add([-y, on])
            else:  # degree 0 or 2
                cnf.at_most(lits, 2)
                for y in lits:
                    cnf.add([-y, *(z for z in lits if z != y)])
        return on

    for colour, group in by_colour.items():
        for s in group:
            if sym[s].kind == "star":
                cnf.exactly_one([pair(s, o) for o in group if o != s])
        if len(group) <= 2:
            continue
        n = len(group) // 2
        cells = {c for ends in dual.values() for c in ends}
        label = {(c, i): cnf.var(("label", colour, c, i)) for c in cells for i in range(n + 1)}
        for c in cells:
            cnf.exactly_one([label[c, i] for i in range(n + 1)])
        for e, (a, b) in dual.items():
            cut = [x[e]] if e in x else []  # a broken edge does not separate
            for i in range(n + 1):
                cnf.add([*cut, -label[a, i], label[b, i]])
                cnf.add([*cut, label[a, i], -label[b, i]])
        for j, s in enumerate(group):
            if sym[s].kind == "star":
                cnf.add([-label[s, 0]])
            for i in range(j + 2, n + 1):  # symmetry: the j-th symbol's label is at most j + 1
                cnf.add([-label[s, i]])
        for i in range(1, n + 1):
            lits = [label[s, i] for s in group]
            cnf.at_most(lits, 2)
            for y in lits:
                cnf.add([-y, *(z for z in lits if z != y)])
        for a, b in itertools.combinations(group, 2):
            for i in range(1, n + 1):
                cnf.add([-label[a, i], -label[b, i], pair(a, b)])


def solve(panel: Panel, seconds: float, pairs: bool = False) -> tuple[Path | None, int, int]:
    """(a solution or None, models seen, region cuts added) within ``seconds`` (checked between models)."""
    (s0,), (t0,) = panel.starts, panel.ends
    cnf, x = edge_cnf([e for e in all_edges(panel) if e not in panel.broken], {}, ends=(s0, t0))
    if pairs:
        pair_clauses(panel, cnf, x)
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
    args = [a for a in sys.argv[1:] if a != "--pairs"]
    seconds = float(args[0]) if args else 120.0
    source = RestrictedSquares()
    for seed in range(3):
        src = source.generate_seeded({"width": 3, "height": 3, "empty": 1}, seed, "planted").instance
        panel = witness_stars.layout(src).panel
        t = time.time()
        path, models, added = solve(panel, seconds, "--pairs" in sys.argv)
        found = "solved" if path is not None and rules.check(panel, path) else "no solution found"
        print(f"seed {seed}: {panel.width} x {panel.height}, {found} in {time.time() - t:.0f} s "
              f"({models} models, {added} region cuts)", flush=True)


if __name__ == "__main__":
    main()
