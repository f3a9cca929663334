"""Witness panels of local clues solved by SAT with lazy cycle cuts (Witness seed, sections 2-6: the
Hamiltonicity and triangle constructions): edge variables, degrees and the clues, and a cut against each
cycle a model holds beside the path. No region labels and no acyclicity layers, so panels of thousands of
cells solve in seconds where the general encoding (:mod:`.encoding`) grows with the square of the cells.

The same cuts serve *windows* (:func:`edge_cnf`, :class:`Cuts`): a piece of a panel whose solutions are
vertex-disjoint paths between free ends (the tips of the edges where a path leaves the piece), as a
chamber gadget sees the path."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from typing import Any

from gadgetry.core import CNF, InputError
from gadgetry.core.graphs import components
from gadgetry.core.sat import DEFAULT_SOLVER

from .model import Cell, Edge, Panel, Path, Vertex, all_edges, cell_sides, local_clues_only

#: A cut is added as one clause per used edge inside the cycle's vertex set S ("not that edge, or an edge
#: leaving S") while these total at most this many literals, else through one auxiliary variable: the
#: clauses propagate better (a 22 x 22 Theorem 3.4 panel forced to a slip: 0.5 s against 36 s), the
#: auxiliary keeps the long cuts of large panels cheap to add (Theorem 6.1's 63 x 108 panel: 3.4 s -> 1.4 s)
CUT_LITERALS = 20_000
#: A mark of :func:`local_solutions`: an edge, or a set of edges read as one mark (used when any is).
Mark = Edge | frozenset[Edge]


def is_local(panel: Panel) -> bool:
    """Whether every clue is local (broken edges, hexagons, triangles: a path satisfies it by its own edges,
    the same under both rule sets) and the panel has one start and one end."""
    return local_clues_only(panel) and len(panel.starts) == len(panel.ends) == 1


def first_solution(panel: Panel) -> Path | None:
    """One solution path of a local-clue panel, or None: the ``lazy-cuts`` solver of ``solve``."""
    return next(local_solutions(panel, [], cap=1), None)


def edge_cnf(usable: Iterable[Edge], triangles: Mapping[Cell, int], ends: Collection[Vertex] = (),
             tips: Collection[Vertex] = ()) -> tuple[CNF, dict[Edge, int]]:
    """One variable per usable edge; degree exactly 1 at ``ends``, at most 1 at ``tips`` (free ends), 0 or
    2 elsewhere; each triangle cell meets its count; no cell's boundary is a cycle (the first cuts, given
    upfront). Cycles otherwise allowed: :class:`Cuts` removes them."""
    cnf = CNF()
    x = {e: cnf.var(("e", e)) for e in usable}
    at: dict[Vertex, list[int]] = {}
    for e, v in x.items():
        for p in e:
            at.setdefault(p, []).append(v)
    for p, lits in at.items():
        if p in ends:
            cnf.exactly(lits, 1)
        elif p in tips:
            cnf.at_most(lits, 1)
        else:
            cnf.at_most(lits, 2)
            for a in lits:
                cnf.add([-a] + [b for b in lits if b != a])
    for c, k in triangles.items():
        cnf.exactly([x[e] for e in cell_sides(c) if e in x], k)
    for c in {c for e in x for c in _touching(e)}:
        sides = cell_sides(c)
        if all(e in x for e in sides):
            cnf.add([-x[e] for e in sides])
    return cnf, x


def _touching(e: Edge) -> tuple[Cell, Cell]:
    (x1, y1), (_, y2) = e
    return ((x1, y1 - 1), (x1, y1)) if y1 == y2 else ((x1 - 1, y1), (x1, y1))


class Cuts:
    """Lazy cycle cuts on ``solver`` (holding :func:`edge_cnf`'s clauses; ``top`` its highest variable).

    Every path ends at a vertex of ``terminals`` (the start and end, or a window's tips), so a used edge
    inside a vertex set S holding no terminal implies a used edge leaving S. A model with a component free
    of terminals (a cycle) gets that cut for the component's vertices (just "an edge leaves S" when S holds
    a ``required`` vertex: the path must reach it), and also for the component grown by every ``regions``
    block it meets, when that holds no terminal and the model violates it: one cut then removes the
    cycle's every rerouting inside those blocks (the chambers of a Hamiltonicity construction). Each
    region holding no terminal gets its cut upfront, and an even number of its leaving edges used (a path
    enters it as often as it leaves). ``added`` keeps every cut clause, in order."""

    def __init__(self, solver: Any, x: Mapping[Edge, int], top: int, terminals: Collection[Vertex],
                 required: Collection[Vertex] = (), regions: Iterable[Collection[Vertex]] = ()) -> None:
        self.solver, self.x, self.top = solver, x, top
        self.terminals, self.required = frozenset(terminals), frozenset(required)
        self.at: dict[Vertex, list[Edge]] = {}
        for e in x:
            for p in e:
                self.at.setdefault(p, []).append(e)
        self.regions = [frozenset(r) for r in regions]
        self.region_of = {p: i for i, r in enumerate(self.regions) for p in r}
        self.added: list[list[int]] = []
        for r in self.regions:
            if not r & self.terminals:
                self._cut(r, self._inside(r))
                self._even([self.x[e] for e in self._leaving(r)])

    def _leaving(self, s: frozenset[Vertex]) -> list[Edge]:
        return [e for p in s for e in self.at.get(p, ()) if (e[0] in s) != (e[1] in s)]

    def _even(self, lits: Sequence[int]) -> None:
        """An even number of ``lits`` true (a chain of fresh parity variables)."""
        if not lits:
            return
        acc = lits[0]
        for a in lits[1:]:
            self.top += 1
            t = self.top
            self._add([[-t, acc, a], [-t, -acc, -a], [t, -acc, a], [t, acc, -a]])
            acc = t
        self._add([[-acc]])

    def _add(self, clauses: list[list[int]]) -> None:
        self.added += clauses
        self.solver.append_formula(clauses)

    def _cut(self, s: frozenset[Vertex], inside: Sequence[Edge]) -> None:
        leaving = [self.x[e] for e in self._leaving(s)]
        if s & self.required:  # the path must reach a required vertex in S: it crosses S's cut
            self._add([leaving])
        elif len(inside) * len(leaving) <= CUT_LITERALS:
            self._add([[-self.x[e], *leaving] for e in inside])
        else:  # one auxiliary "an edge leaves S", implied by each edge inside S
            self.top += 1
            self._add([[-self.top, *leaving]] + [[-self.x[e], self.top] for e in inside])

    def _inside(self, s: frozenset[Vertex]) -> list[Edge]:
        return [e for p in s for e in self.at.get(p, ()) if e[0] == p and e[1] in s]

    def cycles(self, used: Sequence[Edge]) -> bool:
        """Add the cuts against the cycles of a model's used edges; whether there were any. A cycle's cut
        is for the cycle with every vertex it encloses (the path cannot cross it, so it holds no terminal
        unless one is enclosed: then the cycle's own vertices)."""
        found = False
        for comp in components(used):
            if comp & self.terminals:
                continue
            found = True
            filled = _enclosed(frozenset(comp), used)
            s = filled if not filled & self.terminals else frozenset(comp)
            self._cut(s, self._inside(s))
            meets = {self.region_of[p] for p in s if p in self.region_of}
            grown = s.union(*(self.regions[i] for i in meets))
            if grown != s and not grown & self.terminals and not any((a in grown) != (b in grown) for a, b in used):
                self._cut(grown, self._inside(grown))
        return found

    def models(self, assumptions: Sequence[int] = ()) -> Iterator[list[Edge]]:
        """The used edges of each acyclic model the solver finds under ``assumptions`` (a caller blocks
        what it has seen between two models)."""
        while self.solver.solve(assumptions=list(assumptions)):
            model = self.solver.get_model()
            used = [e for e, v in self.x.items() if model[v - 1] > 0]
            if not self.cycles(used):
                yield used


def _enclosed(cycle: frozenset[Vertex], used: Sequence[Edge]) -> frozenset[Vertex]:
    """A lattice cycle's vertices and every lattice vertex it encloses (a ray just below each row: the
    parity of the cycle's vertical edges it crosses to the right)."""
    rows: dict[int, list[int]] = {}
    for (ax, ay), (bx, by) in used:
        if ax == bx and (ax, ay) in cycle:
            rows.setdefault(ay, []).append(ax)
    out = set(cycle)
    for y, xs in rows.items():
        xs.sort()
        for i in range(0, len(xs) - 1, 2):
            out.update((x, y) for x in range(xs[i] + 1, xs[i + 1]))
    return frozenset(out)


def local_solutions(panel: Panel, marks: Sequence[Mark] | None = None, cap: int | None = None,
                    regions: Iterable[Collection[Vertex]] = (), prefer_unused: bool = False) -> Iterator[Path]:
    """Solution paths of a panel whose clues are local (:func:`is_local`), one per distinct assignment of
    the ``marks`` (None: every path; a set of edges is one mark, used when any of its edges is: one path
    per set of doors, say), by SAT with lazy cuts (:class:`Cuts`, with ``regions`` as its blocks): edge
    variables, degrees, local clues. Far smaller than the general encoding's region layers on panels of
    hundreds of cells. ``prefer_unused``: the solver tries unused edges first, so a model holds few stray
    cycles: a 14-chamber Theorem 6.3 panel (47 x 47 cells) 84 s -> 4 s to a first path, but some
    refutations slow down (a 7-chamber one with a pendant chamber: 2 s -> over 100 s), so not by default."""
    import networkx as nx
    from pysat.solvers import Solver

    if not is_local(panel):
        raise InputError("witness: lazy cuts take panels of local clues (broken edges, hexagons, triangles) "
                         "with one start and one end only")
    usable = [e for e in all_edges(panel) if e not in panel.broken]
    (s0,), (t0,) = panel.starts, panel.ends
    cnf, x = edge_cnf(usable, {c: sym.count for c, sym in panel.symbols}, ends=(s0, t0))
    at: dict[Vertex, list[int]] = {}
    for e, v in x.items():
        for p in e:
            at.setdefault(p, []).append(v)
    if s0 not in at or t0 not in at or any(v not in at for v in panel.vertex_hexagons) or \
            any(e not in x for e in panel.edge_hexagons):
        return
    for p in panel.vertex_hexagons:
        cnf.at_least(at[p], 1)
    for e in panel.edge_hexagons:
        cnf.add([x[e]])
    required = set(panel.vertex_hexagons) | {p for e in panel.edge_hexagons for p in e}
    # (mark, variable) pairs; a mark off the panel's usable edges is never used
    proj = [(e, v) for e, v in x.items()] if marks is None else [(m, v) for m in marks if (v := _mark(cnf, x, m))]
    found = 0
    with Solver(name=DEFAULT_SOLVER, bootstrap_with=cnf.clauses) as solver:
        cuts = Cuts(solver, x, cnf.nvars, (s0, t0), required, regions)
        if prefer_unused:
            solver.set_phases([-v for v in x.values()])
        for used in cuts.models():
            yield tuple(nx.shortest_path(nx.Graph(used), s0, t0))
            found += 1
            if (cap is not None and found >= cap) or not proj:
                return
            seen = set(used)
            solver.add_clause([-v if (m & seen if isinstance(m, frozenset) else m in seen) else v for m, v in proj])


def _mark(cnf: CNF, x: Mapping[Edge, int], m: Mark) -> int:
    """The variable of a mark: an edge's own (0 off the panel's usable edges: never used), or a new one
    equal to the disjunction of a set's edges."""
    if not isinstance(m, frozenset):
        return x.get(m, 0)
    lits = [x[e] for e in m if e in x]
    if not lits:
        return 0
    return cnf.define_or(cnf.var(("mark", m)), lits)
