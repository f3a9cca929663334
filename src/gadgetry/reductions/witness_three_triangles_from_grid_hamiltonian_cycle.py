"""Witness puzzles with 3-triangle clues alone are NP-hard: Abel et al., "Who witnesses The Witness?",
section 6, Theorem 6.3 (Figures 33-35), from Hamiltonian cycle in a grid graph of maximum degree 3 by a
variation of the Hamiltonicity framework of section 2.

What the proof fixes: scale 12; each source point is a *chamber*, an 11 x 11 block of cells, with one empty
row or column between chambers; 3-triangles in the chamber's centre cell and in every boundary cell but the
four corners (37 clues); for each source edge both facing walls lose the clues of "the two cells adjacent
to the center cell of the walls ... (i.e., the fourth and sixth cells of each wall)", the middle (*lone*)
clue staying: a *door*; the rightmost bottommost chamber loses the middle clue of its bottom wall, with the
start circle and end cap just below it.

What it leaves open, and what is chosen here (panel coordinates, y down; the paper's y is up):

- the chamber of point v is the block of cells whose top-left vertex is ``Frame(g, 12, 0).at(v)`` (the
  framework's scaling), so chamber blocks of 12 x 12 vertices tile the panel's vertices and the only
  edges between two blocks are the 12 crossing the empty row or column between them;
- "the fourth and sixth cells": wall offsets 4 and 6 of 0..10, the two cells flanking the middle one
  ("adjacent to the center cell" fixes it; counted from one, offsets 3 and 5, the panel of two squares
  joined by one edge is solvable though the source has no Hamiltonian cycle: a slip, docs/slips.md);
- "rightmost bottommost": bottommost first, then rightmost (:attr:`Frame.start_chamber`, as Theorem 3.4);
  the start circle and end cap at the bottom-left and bottom-right corners of its bottom wall's middle
  cell, on the panel's bottom side;
- the board: the chambers' bounding box, no margin ((12 dx + 11) x (12 dy + 11) cells); positions of the
  box that are no source point are empty blocks;
- nothing special for small sources: a one-point source's lone start/end chamber, without doors, has no
  local solution (its gadget check), so its panel is unsolvable as the source is.

How a path crosses, proved by the gadget checks (:func:`gadgets`, each decided by lazy cuts on the
chamber's block with every edge leaving it as a free end): no edge between two blocks is used but a
door's two crossings (the vertex rows bounding its lone clue) and a chamber's corner vertex passing
between the two blocks beside it (a *corner excursion*, which never enters the chamber: such pieces and
the empty blocks form components apart from the path, so cycles, never part of a solution); a chamber
is crossed at exactly two of its doors once each, or (three doors) on both rows of one door and once at
the others; the start/end chamber at none (when it has a door) or two, or out and back. The proof's
"there isn't enough space to use an edge more than once" holds for a door's two facing walls together,
not for one chamber: a *door gadget* (two chambers, every door of both open) shows no door is crossed on
both rows. So the doors crossed form a 2-regular spanning subgraph of the source, and the path makes it
one cycle.

Counts: not parsimonious, no claim (a chamber's interior routing is free; the full ratio is not measured:
the frontier counter does not count the 4-cycle's 23 x 23 panel in five minutes). The certificate view is: the
doors a path crosses, against the doors of the source's Hamiltonian cycles, enumerated one door set at a
time by lazy cuts (:func:`~gadgetry.puzzles.witness.lazy.local_solutions` with each door as one mark and
each block as a region: one SAT call per door set plus one that fails).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any, ClassVar

import networkx as nx

from gadgetry.core import CNF, InputError
from gadgetry.core.gadget import Gadget
from gadgetry.core.reduction import NO_CLAIM, CertificateView, Reduction
from gadgetry.core.sat import DEFAULT_SOLVER
from gadgetry.puzzles.witness.lazy import Cuts, edge_cnf, local_solutions
from gadgetry.puzzles.witness.model import (
    Cell,
    Edge,
    Panel,
    Path,
    Vertex,
    all_edges,
    edge,
    make_panel,
    path_edges,
    triangle,
)
from gadgetry.reductions.gadgets.witness_frame import DIRECTIONS, Frame, direction, tour_edges
from gadgetry.sources.grid_hamiltonicity import GridGraph, Point

S, SIDE = 12, 11  # scale; chamber side in cells
CENTRE = (5, 5)
DOOR_CELLS = (4, 6)  # wall offsets whose clues a door removes (the paper's "fourth and sixth cells")
LONE = 5  # the wall's middle offset: the lone clue of a door; the start/end chamber's gap below
CROSSINGS = (LONE, LONE + 1)  # the vertex rows (or columns) bounding the lone clue: where a door is crossed
SIDES = ("up", "down", "left", "right")
SOURCE = "Witness seed, section 6, Theorem 6.3"
NAME = "witness-three-triangles-from-grid-hamiltonian-cycle"


# -- one chamber, in block coordinates (its top-left vertex at (0, 0)) ---------------------------------
def wall(side: str, i: int) -> Cell:
    """The cell at offset ``i`` (0..10) of the chamber's wall on ``side``."""
    return {"up": (i, 0), "down": (i, SIDE - 1), "left": (0, i), "right": (SIDE - 1, i)}[side]


def chamber_clues(doors: frozenset[str], start: bool, door_cells: Sequence[int] = DOOR_CELLS) -> frozenset[Cell]:
    """The 3-triangle cells of a chamber with doors on ``doors``; ``start``: the start/end chamber, whose
    bottom wall's middle clue is gone."""
    out = {CENTRE}
    for d in SIDES:
        for i in range(1, SIDE - 1):
            if not (d in doors and i in door_cells) and not (start and d == "down" and i == LONE):
                out.add(wall(d, i))
    return frozenset(out)


def stub(side: str, i: int) -> Edge:
    """The edge leaving the block at offset ``i`` (0..11) of its ``side``: one of the 12 crossing the empty
    row or column to the next block."""
    p = {"up": (i, 0), "down": (i, S - 1), "left": (0, i), "right": (S - 1, i)}[side]
    dx, dy = DIRECTIONS[side]
    return edge(p, (p[0] + dx, p[1] + dy))


START, END = (LONE, S - 1), (LONE + 1, S - 1)  # block coordinates of the start circle and end cap


# -- the panel -----------------------------------------------------------------------------------------
class Layout:
    """Theorem 6.3's panel for one source grid graph (module docstring); ``door_cells``: the wall offsets a
    door opens (the other reading of the paper: (3, 5))."""

    def __init__(self, g: GridGraph, door_cells: Sequence[int] = DOOR_CELLS) -> None:
        self.g = g
        self.f = Frame(g, S, 0)
        self.door_cells = tuple(door_cells)

    def shift(self, v: Point, p: Vertex) -> Vertex:
        X, Y = self.f.at(v)
        return (X + p[0], Y + p[1])

    def doors(self, v: Point) -> frozenset[str]:
        return frozenset(direction(v, w) for w in self.f.neighbours(v))

    @cached_property
    def panel(self) -> Panel:
        f, g = self.f, self.g
        xs, ys = [p[0] for p in g.points], [p[1] for p in g.points]
        clues = {self.shift(v, c) for v in g.points
                 for c in chamber_clues(self.doors(v), v == f.start_chamber, self.door_cells)}
        v0 = f.start_chamber
        return make_panel(S * (max(xs) - min(xs)) + SIDE, S * (max(ys) - min(ys)) + SIDE, [self.shift(v0, START)],
                          [self.shift(v0, END)], symbols={c: triangle(3) for c in clues})

    @cached_property
    def blocks(self) -> dict[Point, frozenset[Vertex]]:
        """Every block of the bounding box (empty ones too) by its lattice position, as panel vertices."""
        out: dict[Point, frozenset[Vertex]] = {}
        for bx in range(self.panel.width // S + 1):
            for by in range(self.panel.height // S + 1):
                out[(bx, by)] = frozenset((S * bx + i, S * by + j) for i in range(S) for j in range(S))
        return out

    def chamber_of(self, p: Vertex) -> Point | None:
        """The source point whose chamber block holds panel vertex ``p`` (None: an empty block)."""
        return self._points.get((p[0] // S, p[1] // S))

    @cached_property
    def _points(self) -> dict[tuple[int, int], Point]:
        return {(self.f.at(v)[0] // S, self.f.at(v)[1] // S): v for v in self.g.points}

    def door(self, v: Point, w: Point) -> frozenset[Edge]:
        """The two crossing edges of the door between neighbours ``v`` and ``w``."""
        d = direction(v, w)
        return frozenset(edge(*(self.shift(v, p) for p in stub(d, i))) for i in CROSSINGS)

    @cached_property
    def marks(self) -> list[frozenset[Edge]]:
        """One mark per source edge (sorted): its door's two crossing edges."""
        return [self.door(v, w) for v, w in self.f.source_edges]

    def doors_used(self, path: Sequence[Vertex]) -> tuple[bool, ...]:
        used = path_edges(path)
        return tuple(bool(m & used) for m in self.marks)

    def forward(self, tour: Sequence[Point]) -> Path:
        """Each chamber's local route (:func:`route`, the same for every chamber of one type), every door
        crossed on the row or column just before its lone clue, joined into one path."""
        f = self.f
        t = list(tour)
        n = len(t)
        used: set[Edge] = set()
        for i, v in enumerate(t):
            pair = frozenset((direction(v, t[i - 1]), direction(v, t[(i + 1) % n])))
            used |= {edge(self.shift(v, a), self.shift(v, b))
                     for a, b in route(self.doors(v), v == f.start_chamber, pair, self.door_cells)}
        s0, t0 = self.panel.starts[0], self.panel.ends[0]
        g = nx.Graph(used)
        if not nx.has_path(g, s0, t0):
            raise InputError(f"{NAME}: the chamber routes do not join into one path")
        path = nx.shortest_path(g, s0, t0)
        if len(path) != g.number_of_nodes():
            raise InputError(f"{NAME}: the chamber routes leave a cycle beside the path")
        return tuple(path)

    def backward(self, path: Sequence[Vertex]) -> tuple[Point, ...]:
        """The chambers in the order the path enters them, the return to the start/end chamber dropped."""
        seq: list[Point] = []
        for p in path:
            c = self.chamber_of(p)
            if c is not None and (not seq or c != seq[-1]):
                seq.append(c)
        if len(seq) > 1 and seq[-1] == seq[0]:
            seq.pop()
        return tuple(seq)


# -- windows: chambers with the edges leaving their blocks -------------------------------------------
Block = tuple[tuple[int, int], frozenset[str], bool]  # block position (panel directions), doors, start/end
ALL_DOORS = frozenset(SIDES)


@dataclass(frozen=True)
class Window:
    """Chamber blocks (each a position, its doors, whether it is the start/end chamber) with their clues
    and every edge leaving them (*stubs*; their outer ends are free path ends), but none below a start/end
    chamber (the panel's bottom side): how the chambers see the rest of the panel. A local solution is a
    set of vertex-disjoint paths between stub tips (and from the start circle and to the end cap) meeting
    the clues."""

    blocks: tuple[Block, ...]
    door_cells: tuple[int, ...] = DOOR_CELLS

    def at(self, i: int, p: Vertex) -> Vertex:
        (bx, by), _, _ = self.blocks[i]
        return (S * bx + p[0], S * by + p[1])

    @cached_property
    def vertices(self) -> dict[Vertex, int]:
        return {self.at(i, (x, y)): i for i in range(len(self.blocks)) for x in range(S) for y in range(S)}

    @cached_property
    def stubs(self) -> list[Edge]:
        out = []
        for p, i in self.vertices.items():
            for d, (dx, dy) in DIRECTIONS.items():
                q = (p[0] + dx, p[1] + dy)
                if q not in self.vertices and not (self.blocks[i][2] and d == "down"):
                    out.append(edge(p, q))
        return out

    @cached_property
    def terminals(self) -> frozenset[Vertex]:
        ends = {self.at(i, v) for i, b in enumerate(self.blocks) if b[2] for v in (START, END)}
        return frozenset({q for e in self.stubs for q in e if q not in self.vertices} | ends)

    def cnf(self) -> tuple[CNF, dict[Edge, int]]:
        vs = self.vertices
        inner = [edge(p, q) for p in vs for q in ((p[0] + 1, p[1]), (p[0], p[1] + 1)) if q in vs]
        clues = {self.at(i, c): 3 for i, (_, doors, start) in enumerate(self.blocks)
                 for c in chamber_clues(doors, start, self.door_cells)}
        ends = {self.at(i, v) for i, b in enumerate(self.blocks) if b[2] for v in (START, END)}
        return edge_cnf(inner + self.stubs, clues, ends=ends, tips=self.terminals - ends)

    @property
    def regions(self) -> list[frozenset[Vertex]]:
        """The blocks, for :class:`Cuts` (which skips the start/end chamber's, holding the path's ends)."""
        return [frozenset(p for p, j in self.vertices.items() if j == i) for i in range(len(self.blocks))]

    def panel(self) -> Panel:
        """The window as a panel of its own, to draw: its blocks and one vertex beyond, every edge but the
        window's broken; the start/end chamber's start and end, else the first and last stub tips."""
        vs = self.vertices
        x0, y0 = min(p[0] for p in vs) - 1, min(p[1] for p in vs) - 1
        w, h = max(p[0] for p in vs) + 1 - x0, max(p[1] for p in vs) + 1 - y0

        def sh(p: Vertex) -> Vertex:
            return (p[0] - x0, p[1] - y0)

        cnf, x = self.cnf()
        keep = {edge(sh(a), sh(b)) for a, b in x}
        starts = [sh(self.at(i, START)) for i, b in enumerate(self.blocks) if b[2]]
        ends = [sh(self.at(i, END)) for i, b in enumerate(self.blocks) if b[2]]
        tips = sorted(sh(q) for e in self.stubs for q in e if q not in vs)
        clues = {sh(self.at(i, c)): triangle(3) for i, (_, doors, start) in enumerate(self.blocks)
                 for c in chamber_clues(doors, start, self.door_cells)}
        probe = Panel(w, h, ((0, 0),), ((w, h),))
        return make_panel(w, h, starts or tips[:1], ends or tips[-1:], symbols=clues,
                          broken=[e for e in all_edges(probe) if e not in keep])

    def stub_at(self, i: int, side: str, k: int) -> Edge:
        a, b = stub(side, k)
        return edge(self.at(i, a), self.at(i, b))

    def kind(self, e: Edge) -> str:
        """A stub's kind in a one-chamber window: its side's name (a door's crossing), ``corner`` (at a
        corner vertex) or ``stray``."""
        (_, doors, _), = self.blocks
        for d in doors:
            if e in (stub(d, k) for k in CROSSINGS):
                return d
        return "corner" if any(p in ((0, 0), (0, S - 1), (S - 1, 0), (S - 1, S - 1)) for p in e) else "stray"

    def decide(self, ports: Mapping[str, list[int]], cnf: CNF, x: Mapping[Edge, int]) -> CNF:
        """``cnf`` (this window's) with every cut the lazy search needs to decide each assignment of the
        ``ports`` (each valid for every local solution): a port assignment then extends to a model exactly
        when it extends to a local solution. Projected onto the ports."""
        from pysat.solvers import Solver

        names = list(ports)
        with Solver(name=DEFAULT_SOLVER, bootstrap_with=cnf.clauses) as solver:
            cuts = Cuts(solver, x, cnf.nvars, self.terminals, regions=self.regions)
            for a in itertools.product((False, True), repeat=len(names)):
                next(cuts.models([ports[p][0] if b else -ports[p][0] for p, b in zip(names, a)]), None)
            top = cuts.top
        cnf.extend(cuts.added)
        while cnf.nvars < top:
            cnf.fresh()
        cnf.project([ports[p][0] for p in names])
        return cnf


def _both(cnf: CNF, name: Any, a: int, b: int) -> int:
    v = cnf.var(name)
    cnf.extend([[-v, a], [-v, b], [v, -a, -b]])
    return v


def allowed(doors: frozenset[str], start: bool, a: Mapping[str, bool]) -> bool:
    """What one chamber allows on its own (measured, and proved by its gadget check): no stray stub; two
    doors, each crossed once (the start/end chamber: or none); besides, a door crossed on both rows
    (``twice``) with every other door of a three-door chamber once, or, in the start/end chamber, out and
    back through its doors: the door gadgets rule ``twice`` out wherever two chambers meet. The start/end
    chamber without doors has no local solution (its walls leave no room; a one-point source's panel is
    unsolvable, as the source is); with a door it may also be crossed at none."""
    n = sum(a[d] for d in doors)
    if a["stray"]:
        return False
    if a["twice"]:
        return n >= 1 if start else n == len(doors) == 3
    return n == 2 or (start and n == 0 < len(doors))


def chamber_gadget(doors: frozenset[str], start: bool) -> Gadget:
    """One chamber (module docstring) as a :class:`Gadget`: ports are its doors (crossed at least once),
    ``twice`` (some door crossed on both rows) and ``stray`` (a stub used that is neither a door crossing
    nor at a corner; corner excursions are free). Existence only (:meth:`Window.decide`): routings inside
    a chamber are free, so fillings are not counted."""
    w = Window((((0, 0), doors, start),))
    ports = tuple(d for d in SIDES if d in doors) + ("twice", "stray")

    def build() -> tuple[CNF, dict[str, int]]:
        cnf, x = w.cnf()
        by_kind: dict[str, list[int]] = {}
        for e in w.stubs:
            by_kind.setdefault(w.kind(e), []).append(x[e])
        var = {d: cnf.define_or(cnf.var(("door", d)), by_kind[d]) for d in ports if d in doors}
        var["twice"] = cnf.define_or(cnf.var("twice"), [_both(cnf, ("both", d), *(x[stub(d, k)] for k in CROSSINGS))
                                                       for d in sorted(doors)])
        var["stray"] = cnf.define_or(cnf.var("stray"), by_kind.get("stray", []))
        return w.decide({p: [v] for p, v in var.items()}, cnf, x), var

    table = [a for a in itertools.product((False, True), repeat=len(ports)) if allowed(doors, start, dict(zip(ports, a)))]
    name = f"{'start/end chamber' if start else 'chamber'}, doors {'+'.join(sorted(doors)) or 'none'}"
    return Gadget(name, ports, build, table, None, SOURCE, {"window": w, "panel": w.panel()})


def door_gadget(start: bool, towards: str) -> Gadget:
    """A door between two chambers (the first the start/end one when ``start``), every door of both open
    (fewer clues: every real pair's local solutions are among these): port ``twice``, the door crossed
    on both rows, is never possible ("there isn't enough space to use an edge more than once")."""
    dx, dy = DIRECTIONS[towards]
    w = Window((((0, 0), frozenset(("up", "left")) if start else ALL_DOORS, start), ((dx, dy), ALL_DOORS, False)))

    def build() -> tuple[CNF, dict[str, int]]:
        cnf, x = w.cnf()
        v = _both(cnf, "twice", *(x[w.stub_at(0, towards, k)] for k in CROSSINGS))
        return w.decide({"twice": [v]}, cnf, x), {"twice": v}

    name = f"door from the {'start/end chamber' if start else 'chamber'} {towards}"
    return Gadget(name, ("twice",), build, [(False,)], None, SOURCE, {"window": w, "panel": w.panel()})


#: The chambers checked as gadgets: every door set up to the symmetries of the square (the clues are
#: symmetric under them; a test checks it); the start/end chamber with each door set it can have (it has
#: no neighbour below or to its right). The doors: between two chambers (up to symmetry), and from the
#: start/end chamber up and left.
CHAMBERS = tuple([(frozenset(ds), False) for ds in
                  ((), ("up",), ("up", "down"), ("up", "left"), ("up", "left", "right"))] +
                 [(frozenset(ds), True) for ds in ((), ("up",), ("left",), ("up", "left"))])
DOORS = ((False, "right"), (True, "up"), (True, "left"))


def gadgets() -> list[Gadget]:
    return [chamber_gadget(d, s) for d, s in CHAMBERS] + [door_gadget(s, t) for s, t in DOORS]


@cache
def route(doors: frozenset[str], start: bool, pair: frozenset[str],
          door_cells: tuple[int, ...] = DOOR_CELLS) -> frozenset[Edge]:
    """A local solution of the chamber (block coordinates, stubs included) crossing exactly the doors on
    ``pair``, each on its first crossing row; in the start/end chamber one whose start circle leads to a
    door (not straight to the end cap)."""
    from pysat.solvers import Solver

    w = Window((((0, 0), doors, start),), door_cells)
    keep = {stub(d, CROSSINGS[0]) for d in pair}
    cnf, x = w.cnf()
    cnf.extend([[x[e]] if e in keep else [-x[e]] for e in w.stubs])
    with Solver(name=DEFAULT_SOLVER, bootstrap_with=cnf.clauses) as solver:
        cuts = Cuts(solver, x, cnf.nvars, w.terminals, regions=w.regions)
        for used in cuts.models():
            if not start or not nx.has_path(nx.Graph(used), START, END):
                return frozenset(used)
            solver.add_clause([-x[e] for e in used])
    raise InputError(f"{NAME}: a chamber with doors {sorted(doors)} cannot be crossed through {sorted(pair)}")


class WitnessThreeTrianglesFromGridHamiltonianCycle(Reduction):
    """Theorem 6.3; see the module docstring."""

    name = NAME
    source, target = "grid-hamiltonian-cycle", "witness"
    paper = "Abel et al., Who witnesses The Witness? (journal version)"
    section = "6"
    theorem = "Theorem 6.3, Figures 33-35"
    claim = NO_CLAIM
    verify_budget = 8
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = ({"n": 4, "width": 2, "height": 2},
                                                               {"n": 6, "width": 3, "height": 2})
    verify_unsat_params: ClassVar[Mapping[str, int]] = {"n": 6, "width": 3, "height": 3}

    def reduce(self, source: GridGraph) -> Panel:
        return Layout(source).panel

    def forward(self, source: GridGraph, target: Panel, source_solution: Sequence[Point]) -> Path:
        return Layout(source).forward(source_solution)

    def backward(self, source: GridGraph, target: Panel, target_solution: Path) -> tuple[Point, ...]:
        return Layout(source).backward(target_solution)

    def certificate_view(self, source: GridGraph, target: Panel) -> CertificateView:
        """Certificates: for each source edge (sorted), whether the path crosses its door. Target
        solutions: one per door set, by lazy cuts with each door as one mark and each block a region."""
        lay = Layout(source)
        edges = lay.f.source_edges

        def of_source(tour: Sequence[Point]) -> tuple[bool, ...]:
            used = tour_edges(tour)
            return tuple(e in used for e in edges)

        def solutions(cap: int) -> Iterator[Path]:
            return local_solutions(target, lay.marks, cap, regions=lay.blocks.values())

        return CertificateView(of_source, lay.doors_used, solutions)

    def overhead(self, source: GridGraph) -> dict[str, int] | None:
        xs, ys = [p[0] for p in source.points], [p[1] for p in source.points]
        return {"width": S * (max(xs) - min(xs)) + SIDE, "height": S * (max(ys) - min(ys)) + SIDE, "broken": 0}

    def gadgets(self) -> list[Gadget]:
        return gadgets()


REDUCTIONS = [WitnessThreeTrianglesFromGridHamiltonianCycle()]

