"""Planar positive 1-in-3SAT to Hamiltonian cycle in planar 3-regular digraphs with in/out-degree at most 2,
after Plesnik 1979 (Edge-matching seed, section 3.1, Theorem 3.1; parsimonious).

The paper's figures 6-9 are missing; the gadgets below are rebuilt from the prose and each is proved by
a gadget check (:meth:`HamCycleFromPlanarOneInThreeSat.gadgets`): every port pattern that extends to a cover
of the gadget's vertices by port-to-port paths is listed, with its number of covers. The embedding of the
source is not used (footnote 3 of the paper): planarity comes from the crossovers.

- **Architecture** (Figure 6). One big cycle: variable gadgets top to bottom in a right column, traversed
  downwards, then the left column bottom to top, then back to the first variable. Exclusive-or lines run
  through the interior as straight segments from the right column (x = 1) to the left column (x = 0).
  The prose fixes neither column's order; here the variables are ordered to keep lines short (reverse
  Cuthill-McKee, then barycentres) and the clauses by the barycentre of their variables, which cuts the
  crossings (and so the graph) three- to fivefold on formulas made from planar 3SAT.
- **Variable gadget.** Vertices top and bottom joined by the *false* arc (outside) and the *true chain*
  (inside): one linked arc per occurrence in series, each joined by an exclusive-or line to a literal arc.
  A variable in no clause gets one line to a *spare pair* in the left column (two arcs u -> w, one of them
  linked), so that it is free, as the source counts it (footnote 4's alternative, deleting it, would not be
  parsimonious).
- **Exclusive-or line** (Figure 7). Two directed 4-cycles: top (3, 0, 2, 7) and bottom (6, 1, 5, 4) joined by
  7 -> 5 and 4 -> 2; the linked arc e (going down on the right) enters at 3 and leaves at 1, the linked arc
  f (going up on the left) enters at 6 and leaves at 0. Using e walks 3, 0, 2, 7, 5, 4, 6, 1; using f walks
  6, 1, 5, 4, 2, 7, 3, 0; any other use of the ports strands vertices. Found by a search over 8-vertex
  gadgets with the ports in the planar order, the shape of Plesnik's figure (four centre vertices besides
  the two on each linked arc).
- **Exclusive-or crossover** (Figure 8). The arcs 3 -> 0, 2 -> 7, 5 -> 4 and 6 -> 1 are used by both
  traversals and lie one above the other on the top face, the two faces of the middle and the bottom face.
  A crossing line splits each of them into a *pair* (two parallel arcs, exactly one used) and new
  exclusive-or lines join the pairs top to bottom, so the parity of each pair is the same whichever
  linked arc the host line uses. The crossing line ends on the top pair's outer arc and restarts on the
  bottom pair's outer arc (or the reverse), whose uses are opposite: the line's own relation is kept.
  At each crossing the line of the smaller index hosts, the other is split; several crossings on one host
  give chains of pairs, ordered along the line.
- **Clause gadget** (Figure 9b). Three hexagons a_t, (literal arc), b_t, w_t, u_t chained b1 -> a2, b2 -> a3
  (entered at a1, left at b3) and a left loop u1 -> w3 -> u3 -> w2 -> u2 -> w1 -> u1 without Plesnik's bridges.
  A literal arc (rightmost edge of a hexagon) is linked to the variable's occurrence, so it is used iff the
  variable is false; when the variable is true the path turns left into the loop at u_t, must cover the
  whole loop and comes back at w_t, which can happen once only.

Every vertex has in/out-degree (1, 2) or (2, 1); the graph is simple and planar (checked by networkx in
the tests). Vertex numbers follow construction order (variable v's top is v - 1, its bottom n + v - 1). One Hamiltonian cycle per satisfying assignment: the variables read off the false arcs.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, ClassVar

import networkx as nx
from networkx.utils import reverse_cuthill_mckee_ordering

from gadgetry.core import CNF, PARSIMONIOUS, Reduction
from gadgetry.core.gadget import Gadget
from gadgetry.core.sat import solve_clauses
from gadgetry.sources.hamiltonicity import HamiltonianCycle, HamInstance
from gadgetry.sources.path_cover import path_cover
from gadgetry.sources.planar_sat import PlanarFormula
from gadgetry.sources.sat import Assignment

PAPER = "Edge-matching seed"
SOURCE = f"{PAPER}, section 3.1, Theorem 3.1"
#: The exclusive-or gadget: internal arcs, ports (e enters 3, leaves 1; f enters 6, leaves 0).
XOR_ARCS = ((0, 2), (1, 5), (2, 7), (3, 0), (4, 6), (4, 2), (5, 4), (6, 1), (7, 5), (7, 3))
E_RAIL, F_RAIL = (3, 1), (6, 0)
#: The arcs both traversals use, where crossings put their pairs: top face, top middle, bottom middle,
#: bottom face; True where the arc runs from the e side to the f side.
CENTRE = (((3, 0), True), ((2, 7), False), ((5, 4), True), ((6, 1), False))
#: The exclusive-or gadget's arcs outside the centre (never split by a crossing).
OUTER_ARCS = tuple(arc for arc in XOR_ARCS if arc not in {a for a, _ in CENTRE})
E_WALK = (3, 0, 2, 7, 5, 4, 6, 1)
F_WALK = (6, 1, 5, 4, 2, 7, 3, 0)
#: Rounds of the barycentre heuristic ordering the right column (:func:`_column`).
BARYCENTRE_ROUNDS = 4
#: The clause gadget's left loop, in cycle order.
LOOP = ("u1", "w3", "u3", "w2", "u2", "w1")


@dataclass
class Graph:
    """A digraph under construction; *slots* are arcs replaced by an exclusive-or gadget's rail."""

    names: dict[Any, int] = field(default_factory=dict)
    arcs: list[tuple[int, int]] = field(default_factory=list)
    rail: dict[int, tuple[int, int]] = field(default_factory=dict)  # slot -> (entry vertex, exit vertex)
    chains: list[tuple[int, tuple[int, ...], int]] = field(default_factory=list)  # start, slots, end
    slots: int = 0

    def v(self, name: Any) -> int:
        if name not in self.names:
            self.names[name] = len(self.names)
        return self.names[name]

    def slot(self) -> int:
        self.slots += 1
        return self.slots - 1

    def chain(self, start: int, slots: Sequence[int], end: int) -> None:
        self.chains.append((start, tuple(slots), end))

    def xor(self, key: Any, e: int, f: int, hosted: Sequence[Sequence[tuple[int, int]]] = ()) -> None:
        """An exclusive-or gadget linking slots e and f. ``hosted`` lists the crossings it hosts, ordered
        from the e end, each as its four pairs (two slots each) top to bottom: the pairs split the centre
        arcs 3 -> 0, 2 -> 7, 5 -> 4, 6 -> 1 (module docstring)."""
        x = [self.v((key, i)) for i in range(8)]
        self.rail[e] = (x[E_RAIL[0]], x[E_RAIL[1]])
        self.rail[f] = (x[F_RAIL[0]], x[F_RAIL[1]])
        self.arcs += [(x[a], x[b]) for a, b in OUTER_ARCS]
        k = len(hosted)
        for level, ((a, b), along) in enumerate(CENTRE):
            prev = x[a]
            for i in range(k):
                s, t = hosted[i if along else k - 1 - i][level]
                p, q = self.v((key, level, i, "x")), self.v((key, level, i, "y"))
                self.arcs.append((prev, p))
                self.chain(p, (s,), q)
                self.chain(p, (t,), q)
                prev = q
            self.arcs.append((prev, x[b]))

    def emit(self) -> list[tuple[int, int]]:
        out = list(self.arcs)
        for start, slots, end in self.chains:
            points = [start] + [x for s in slots for x in self.rail[s]] + [end]
            out += list(zip(points[::2], points[1::2]))
        return out


@dataclass(frozen=True)
class Construction:
    graph: HamInstance
    false_arcs: tuple[tuple[int, int], ...]  # per variable
    crossings: int


def _column(src: PlanarFormula) -> list[int]:
    """The variables top to bottom in the right column: a reverse Cuthill-McKee order of the graph joining
    variables that share a clause (short lines), then a few rounds of moving each variable to the mean
    height of its clauses (the barycentre heuristic); on planar-3SAT-made formulas this cuts the crossings
    three- to fivefold against the variables' own order (bench/thm31_build.py)."""
    f = src.formula
    g = nx.Graph()
    g.add_nodes_from(range(1, f.variables + 1))
    g.add_edges_from((a, b) for c in f.clauses for a, b in itertools.combinations(c, 2))
    column = list(reverse_cuthill_mckee_ordering(g))
    for _round in range(BARYCENTRE_ROUNDS):
        pos = {v: i for i, v in enumerate(column)}
        heights: dict[int, list[Fraction]] = {}
        for c in f.clauses:
            mean = Fraction(sum(pos[v] for v in c), len(c))
            for v in c:
                heights.setdefault(v, []).append(mean)
        column.sort(key=lambda v: (sum(heights[v]) / len(heights[v]) if v in heights else pos[v], pos[v]))
    return column


def _lines(src: PlanarFormula, column: Sequence[int]
           ) -> tuple[list[tuple[int, int, int]], list[list[int]], list[tuple[int, ...]]]:
    """The lines as (variable, unit, literal position in the unit, bottom up), each variable's lines in
    the order of its true chain (top to bottom), and the left column's units bottom to top (a clause's
    variables, or (v,) for the spare pair of an unused variable), ordered by barycentre of the variables'
    places in the right ``column`` to cut crossings."""
    f = src.formula
    n = f.variables
    pos = {v: i for i, v in enumerate(column)}
    used = {v for c in f.clauses for v in c}
    units: list[tuple[int, ...]] = [tuple(sorted(c)) for c in f.clauses] + [(v,) for v in range(1, n + 1)
                                                                           if v not in used]
    units.sort(key=lambda u: (-Fraction(sum(pos[v] for v in u), len(u)), u))  # the top variable's last
    lines = [(v, q, t) for q, unit in enumerate(units) for t, v in enumerate(sorted(unit, key=lambda v: -pos[v]))]
    order: list[list[int]] = [[] for _ in range(n + 1)]
    for k, (v, q, t) in sorted(enumerate(lines), key=lambda kl: (-kl[1][1], -kl[1][2])):
        order[v].append(k)
    return lines, order, units  # type: ignore[return-value]


@lru_cache(maxsize=32)
def build(src: PlanarFormula) -> Construction:
    column = _column(src)
    lines, order, units = _lines(src, column)
    g = Graph()
    right_rank = {k: r for r, k in enumerate(k for v in column for k in order[v])}
    left_rank = {k: r for r, k in enumerate(sorted(range(len(lines)), key=lambda k: (lines[k][1], lines[k][2])))}
    size = len(lines)
    crossings = _crossings(right_rank, left_rank)
    # Each crossing: the host's piece and the split line's side.
    splits: dict[int, list[int]] = {k: [] for k in range(size)}  # crossing indices splitting a line
    for c, (_t, _i, j) in enumerate(crossings):
        splits[j].append(c)
    pair_slots: dict[int, list[tuple[int, int]]] = {}
    right_slot = {k: g.slot() for k in range(size)}
    left_slot = {k: g.slot() for k in range(size)}
    false_arcs = _columns(g, column, order, units, lines, right_slot, left_slot)
    # Pieces of every line, right to left: (e slot, f slot, e direction, crossings hosted). Processing
    # crossings right to left (increasing t) settles every piece's e direction before it hosts; a line's
    # piece at a crossing is the number of crossings splitting it further right.
    pieces: dict[int, list[list[Any]]] = {}
    for k in range(size):
        pieces[k] = [[right_slot[k], None, (0, -1), []] for _ in range(len(splits[k]) + 1)]
        pieces[k][-1][1] = left_slot[k]
    passed = [0] * size  # splits of each line met so far, right to left
    for c, (_t, i, j) in enumerate(crossings):
        host = pieces[i][passed[i]]
        host[3].append(c)
        pair_slots[c] = [(g.slot(), g.slot()) for _ in range(4)]  # top, middle top, middle bottom, bottom
        a = host[2]
        u = _direction(i, right_rank, left_rank, size)
        back = _direction(j, right_rank, left_rank, size)
        back = (-back[0], -back[1])  # towards the split line's right part
        from_top = (_cross(u, back) > 0) == (_cross(u, (-a[0], -a[1])) > 0)
        sj = passed[j]
        passed[j] += 1
        top, bottom = pair_slots[c][0][0], pair_slots[c][3][1]
        pieces[j][sj][1] = top if from_top else bottom
        pieces[j][sj + 1][0] = bottom if from_top else top
        pieces[j][sj + 1][2] = (-u[0], -u[1]) if from_top else u
    for k in range(size):
        for p, (e, fs, _a, cs) in enumerate(pieces[k]):
            g.xor(("line", k, p), e, fs, [pair_slots[c] for c in cs])
    for c in range(len(crossings)):
        (_s0, t0), (s1, t1), (s2, t2), (s3, _t3) = pair_slots[c]
        for level, (a, b) in enumerate(((t0, s1), (t1, s2), (t2, s3))):
            g.xor(("cross", c, level), a, b)
    arcs = g.emit()
    return Construction(HamInstance(len(g.names), tuple(sorted(set(arcs))), True), tuple(false_arcs),
                        len(crossings))


def _heights(right: int, left: int, size: int) -> tuple[int, int]:
    """A line's heights at the right column (x = 1) and the left column (x = 0), times a common
    denominator: right slots top to bottom, left slots bottom to top, each perturbed by a small square
    (right) or cube (left) of its rank so that no three lines meet in one point."""
    p, q = _denominators(size)
    return ((size - right) * p + right * right) * q, (left * q + left ** 3) * p


def _denominators(size: int) -> tuple[int, int]:
    return 7919 * size * size + 1, 104729 * size ** 3 + 1


def _direction(k: int, right_rank: Mapping[int, int], left_rank: Mapping[int, int], size: int
               ) -> tuple[int, int]:
    """Line k's direction from the right column to the left (times the common denominator)."""
    yr, yl = _heights(right_rank[k], left_rank[k], size)
    p, q = _denominators(size)
    return (-p * q, yl - yr)


def _crossings(right_rank: Mapping[int, int], left_rank: Mapping[int, int]) -> list[tuple[Fraction, int, int]]:
    """The crossings (t, host line, split line), t the distance from the right column, in increasing t: two
    lines cross iff their slots come in the same order in both columns (right ranks count top down, left
    ranks bottom up); the host is the line of the smaller index."""
    size = len(right_rank)
    by_right = sorted(range(size), key=right_rank.__getitem__)
    y = {k: _heights(right_rank[k], left_rank[k], size) for k in range(size)}
    crossings = []
    for a, i in enumerate(by_right):
        li, (ri_, le_i) = left_rank[i], y[i]
        for j in by_right[a + 1:]:
            if left_rank[j] > li:
                rj, lj = y[j]
                t = Fraction(rj - ri_, (le_i - ri_) - (lj - rj))
                crossings.append((t, i, j) if i < j else (t, j, i))
    crossings.sort()
    last: dict[int, Fraction] = {}
    for t, i, j in crossings:
        for k in (i, j):
            assert last.get(k) != t, "three exclusive-or lines meet in one point"
            last[k] = t
    return crossings


def _columns(g: Graph, column: Sequence[int], order: list[list[int]], units: list[tuple[int, ...]],
             lines: list[tuple[int, int, int]], right_slot: dict[int, int], left_slot: dict[int, int]
             ) -> list[tuple[int, int]]:
    """The variable gadgets (right column), the clause gadgets and spare pairs (left column) and the big
    cycle through them (the right column in ``column``'s order, top to bottom); returns each variable's false
    arc. The formula without variables (one solution, the empty assignment) gets the big cycle alone: four
    vertices 0 -> 1 -> 2 -> 3 -> 0 with the chords 0 -> 2 and 1 -> 3 (a planar K4, degrees (1, 2) and
    (2, 1) as everywhere else), whose one Hamiltonian cycle is the big cycle: 0 -> 1 and 2 -> 3 are forced
    (into and out of a vertex of degree 1), which rules both chords out."""
    n = len(column)
    if not n:
        ring = [g.v(("empty", i)) for i in range(4)]
        g.arcs += [*zip(ring, ring[1:] + ring[:1]), (ring[0], ring[2]), (ring[1], ring[3])]
        return []
    tops = [g.v(("top", v)) for v in range(1, n + 1)]
    false_arcs = [(top, g.v(("bottom", v))) for v, top in zip(range(1, n + 1), tops)]
    g.arcs += false_arcs
    for i, v in enumerate(column):
        top, bot = false_arcs[v - 1]
        g.chain(top, [right_slot[k] for k in order[v]], bot)
        if i:
            g.arcs.append((false_arcs[column[i - 1] - 1][1], top))
    prev = false_arcs[column[-1] - 1][1]
    slot_of = {(q, t): k for k, (_v, q, t) in enumerate(lines)}
    for q, unit in enumerate(units):
        if len(unit) == 1:
            u, w = g.v(("spare", q, "u")), g.v(("spare", q, "w"))
            g.arcs += [(prev, u), (u, w)]
            g.chain(u, [left_slot[slot_of[q, 0]]], w)
            prev = w
            continue
        c = {name: g.v(("clause", q, name)) for name in ("a1", "b1", "a2", "b2", "a3", "b3", *LOOP)}
        g.arcs += [(prev, c["a1"]), (c["b1"], c["a2"]), (c["b2"], c["a3"])]
        g.arcs += [(c[x], c[y]) for x, y in zip(LOOP, LOOP[1:] + LOOP[:1])]
        for t in range(3):
            a, b = c[f"a{t + 1}"], c[f"b{t + 1}"]
            g.arcs += [(a, c[f"u{t + 1}"]), (c[f"w{t + 1}"], b)]
            g.chain(a, [left_slot[slot_of[q, t]]], b)
        prev = c["b3"]
    g.arcs.append((prev, tops[column[0] - 1]))
    return false_arcs


def _cross(a: tuple[int, int], b: tuple[int, int]) -> int:
    return a[0] * b[1] - a[1] * b[0]


def forward_cycle(src: PlanarFormula, a: Assignment) -> tuple[int, ...]:
    """The Hamiltonian cycle of an assignment: the unique one whose false arcs are those of the false
    variables (found by the solver on the target's encoding with those arcs fixed)."""
    c = build(src)
    enc = HamiltonianCycle().encode(c.graph)
    units = [[enc.cnf.var(("arc", *arc)) * (1 if not x else -1)] for arc, x in zip(c.false_arcs, a)]
    model = solve_clauses(enc.cnf.clauses + units)
    if model is None:
        raise ValueError("the assignment has no Hamiltonian cycle: it is not a 1-in-3 solution")
    return enc.decode_model(model)


def read_assignment(src: PlanarFormula, cycle: Sequence[int]) -> Assignment:
    """A variable is true iff its false arc is not on the cycle."""
    c = build(src)
    steps = set(zip(cycle, list(cycle[1:]) + list(cycle[:1])))
    return tuple(arc not in steps for arc in c.false_arcs)


class HamCycleFromPlanarOneInThreeSat(Reduction):
    name = "hamiltonian-cycle-from-planar-positive-1in3sat"
    target_variant = "directed"
    source = "planar-positive-1in3sat"
    target = "hamiltonian-cycle"
    paper = PAPER
    section = "section 3.1"
    theorem = "Theorem 3.1"
    claim = PARSIMONIOUS
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = (
        {"variables": 3, "clauses": 1}, {"variables": 4, "clauses": 1}, {"variables": 3, "clauses": 2})
    #: The smallest unsatisfiable planar sources (4 variables, 4 clauses: graphs of about 700 vertices).
    verify_unsat_params: ClassVar[Mapping[str, int] | None] = {"variables": 4, "clauses": 4}

    def reduce(self, source: PlanarFormula) -> HamInstance:
        return build(source).graph

    def forward(self, source: PlanarFormula, target: HamInstance, source_solution: Any) -> tuple[int, ...]:
        return forward_cycle(source, tuple(source_solution))

    def backward(self, source: PlanarFormula, target: HamInstance, target_solution: Any) -> Assignment:
        return read_assignment(source, tuple(target_solution))

    def gadgets(self) -> list[Gadget]:
        return [xor_gadget(), crossover_gadget(), clause_gadget(), variable_gadget()]


# -- gadget checks -----------------------------------------------------------------------------------
def cover_gadget(name: str, arcs: Sequence[tuple[Any, Any]], rails: Sequence[tuple[str, Any, Any]],
                 observed: Mapping[str, int], allowed: Sequence[tuple[bool, ...]],
                 text: str) -> Gadget:
    """A gadget whose fillings are the covers of its vertices by vertex-disjoint paths, each entering at
    a rail's entry vertex (from outside) and leaving at an exit vertex (to outside), without cycles
    (:func:`gadgetry.sources.path_cover.path_cover`), each vertex labelled with the rail its path entered by.

    Ports: one per rail, true when its entry and exit arcs are used by one path (the rail acts as the
    arc it replaces); one per observed arc (used or not); and ``stray``, true when a rail's entry or exit
    arc is used otherwise (a path leaving by another rail's exit, or only one of the two arcs used)."""
    verts = sorted({x for arc in arcs for x in arc} | {x for _r, a, b in rails for x in (a, b)}, key=str)
    ports = tuple(r for r, _a, _b in rails) + tuple(observed) + ("stray",)

    def build_cnf() -> tuple[CNF, dict[str, int]]:
        cnf = CNF()
        enter = {r: cnf.var(("enter", r)) for r, _a, _b in rails}
        leave = {r: cnf.var(("leave", r)) for r, _a, _b in rails}
        arc = path_cover(cnf, verts, arcs, {x: [enter[r] for r, a, _b in rails if a == x] for x in verts},
                         {x: [leave[r] for r, _a, b in rails if b == x] for x in verts})
        cnf.project(arc + list(enter.values()) + list(leave.values()))
        lab = {(x, r): cnf.var(("label", x, r)) for x in verts for r, _a, _b in rails}
        for x in verts:
            cnf.exactly_one([lab[x, r] for r, _a, _b in rails])
        for lit, (p, q) in zip(arc, arcs):
            for r, _a, _b in rails:
                cnf.extend([[-lit, -lab[p, r], lab[q, r]], [-lit, lab[p, r], -lab[q, r]]])
        port = {}
        stray = cnf.var("stray")
        bad = []
        for r, a, b in rails:
            cnf.add([-enter[r], lab[a, r]])
            ok = port[r] = cnf.var(("port", r))
            cnf.extend([[-ok, enter[r]], [-ok, leave[r]], [-ok, lab[b, r]], [ok, -enter[r], -leave[r], -lab[b, r]]])
            for used in (enter[r], leave[r]):
                w = cnf.var(("bad", r, used))
                cnf.extend([[-w, used], [-w, -ok], [w, -used, ok]])
                bad.append(w)
        cnf.extend([[-w, stray] for w in bad])
        cnf.add([-stray, *bad])
        for o, i in observed.items():
            port[o] = arc[i]
        port["stray"] = stray
        return cnf, port

    return Gadget(name, ports, build_cnf, allowed, 1, source=f"{SOURCE} ({text})")


def _table(ports: int, rule: Any) -> list[tuple[bool, ...]]:
    return [p for p in itertools.product((False, True), repeat=ports) if rule(*p)]


def xor_gadget() -> Gadget:
    """Figure 7: exactly one of the linked arcs e, f is traversed, in exactly one way."""
    arcs = [(a, b) for a, b in XOR_ARCS]
    rails = [("e", *E_RAIL), ("f", *F_RAIL)]
    return cover_gadget("exclusive-or line (Figure 7)", arcs, rails, {},
                        _table(3, lambda e, f, stray: e != f and not stray), "Figure 7, rebuilt")


def crossover_gadget() -> Gadget:
    """Figure 8: a host line (rails e, f) crossed by one line, which ends on the top pair's outer arc and
    restarts on the bottom pair's outer arc: the host's relation e != f and the crossing line's
    top != bottom hold together, each of the four combinations in exactly one way."""
    g = Graph()
    e, f = g.slot(), g.slot()
    pairs = [(g.slot(), g.slot()) for _ in range(4)]
    g.xor("host", e, f, [pairs])
    for level in range(3):
        g.xor(("cross", level), pairs[level][1], pairs[level + 1][0])
    top, bottom = pairs[0][0], pairs[3][1]
    arcs = list(g.arcs)
    observed = {}
    for start, slots, end in g.chains:
        if slots[0] in (top, bottom):
            observed["top" if slots[0] == top else "bottom"] = len(arcs)
            arcs.append((start, end))
        else:
            points = [start] + [x for s in slots for x in g.rail[s]] + [end]
            arcs += list(zip(points[::2], points[1::2]))
    rails = [("e", *g.rail[e]), ("f", *g.rail[f])]
    return cover_gadget("exclusive-or crossover (Figure 8)", arcs, rails, observed,
                        _table(5, lambda e, f, t, b, stray: e != f and t != b and not stray),
                        "Figure 8, rebuilt")


def clause_gadget() -> Gadget:
    """Figure 9b: entered at a1 and left at b3, the gadget is covered iff exactly two of the three literal
    arcs are used (exactly one variable true), in exactly one way."""
    arcs = [("b1", "a2"), ("b2", "a3")] + list(zip(LOOP, LOOP[1:] + LOOP[:1]))
    observed = {}
    for t in (1, 2, 3):
        arcs += [(f"a{t}", f"u{t}"), (f"w{t}", f"b{t}"), (f"a{t}", f"b{t}")]
        observed[f"literal{t}"] = len(arcs) - 1
    return cover_gadget("clause gadget (Figure 9b)", arcs, [("pass", "a1", "b3")], observed,
                        _table(5, lambda p, x, y, z, stray: p and x + y + z == 2 and not stray),
                        "Figure 9b, rebuilt")


def variable_gadget() -> Gadget:
    """The variable gadget: entered at the top and left at the bottom through exactly one of the true arc
    (standing for the chain of linked arcs) and the false arc. (A spare pair is the same gadget.)"""
    arcs = [("top", "bottom"), ("top", "bottom")]
    return cover_gadget("variable gadget", arcs, [("pass", "top", "bottom")], {"true": 0, "false": 1},
                        _table(4, lambda p, t, fa, stray: p and t != fa and not stray), "variable gadget")


REDUCTIONS = [HamCycleFromPlanarOneInThreeSat()]
