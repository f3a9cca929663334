"""Planar 3SAT to planar connected vertex cover, drawn on the lattice: Lichtenstein 1982 ("Planar formulae
and their uses", section 4, Theorem 3: planar vertex cover) followed by Garey & Johnson 1977 ("The
rectilinear Steiner tree problem is NP-complete", Lemma 2: connected vertex cover, planar, maximum degree 4),
built in one step on the formula's rectilinear drawing because the next step (Garey & Johnson's Steiner
construction) needs the graph drawn.

Lichtenstein's graph: each variable x a cycle of even length along the variable line (a rectangle: top
row for the legs above the line, bottom row for those below); its two alternate halves are x true (the
positions 0, 2, ... from the top-left corner) and x false; each clause of j literals a clique of j corners
at its bar (a triangle's third edge an arc above the bar), each corner joined by its leg to a *port* of
its variable's cycle, in the true half for a positive literal and the false half for a negative one
(extra cycle vertices fix the parities). Garey and Johnson's Lemma 2: each leg subdivided twice (port - a
- b - corner), and in every face a cycle of new vertices, each with a pendant leaf and joined to a vertex
on the face's boundary.

What is chosen here: the face cycles run one lattice unit inside each face (the points at distance one
from the drawing), cut open into paths; a face vertex is made wherever a vertex of the drawing has a free
lattice direction into that face (a *rung*), its pendant leaf one unit further in. The middle corner of a
triangle has no rung (its free direction is the triangle's inside; it is chosen only beside a chosen
corner). Consecutive variables are joined by two forced connector vertices (each with a pendant leaf, one
rung up and one down), so the drawing is connected and every face has one boundary. Units: a layout
column is :data:`G` lattice units; the rows are at +-:data:`ROW`; level-l bars at height
:data:`BAR` + :data:`LEVEL` (l - 1).

The bound K is the sum of the edge-disjoint lower bounds (half of each cycle, j - 1 per clique, one of a,
b per leg, one per pendant edge), so every cover within it is tight: a cycle takes exactly one half (the
assignment), a clique leaves out one corner whose leg then needs b and the port (a true literal), and the
pendants force every face vertex. Counts: a satisfying assignment gives prod over clauses of
t 2^(t - 1) covers (t the clause's true literals: the corner left out, and a or b on each other leg
whose port is chosen); claimed exactly.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import networkx as nx

from gadgetry.core import InputError, Reduction, exact_claim
from gadgetry.sources.connected_vertex_cover import DrawnGraph, Point, make_graph
from gadgetry.sources.planar_sat import PlanarFormula, layout, left_to_right
from gadgetry.sources.sat import Assignment, value

NAME = "planar-connected-vertex-cover-from-planar-3sat"
G = 8  # lattice units per layout column
ROW = 3  # the cycles' rows at y = +-ROW
LEG_A, LEG_B = 7, 10  # heights of a leg's subdivision vertices above (below) the line
BAR = 14  # height of a level-1 bar
LEVEL = 8  # height per level
ARC = 3  # height of a triangle's arc above its bar
DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1))


@dataclasses.dataclass
class Drawing:
    """The construction for one formula: the graph's parts, by role."""

    cycles: dict[int, list[Point]]  # variable -> cycle vertices from the top-left corner, in cycle order
    legs: list[tuple[int, int, Point, Point, Point, Point]]  # (clause, literal, port, a, b, corner)
    corners: list[list[Point]]  # per clause, its corners left to right
    forced: list[Point]  # connector and face vertices (each with a pendant leaf)
    points: set[Point]
    edges: list[list[Point]]
    bound: int


def _segment(a: Point, b: Point) -> list[Point]:
    """The lattice points of a horizontal or vertical segment, a to b."""
    (ax, ay), (bx, by) = a, b
    n = abs(bx - ax) + abs(by - ay)
    dx, dy = (bx > ax) - (bx < ax), (by > ay) - (by < ay)
    return [(ax + dx * t, ay + dy * t) for t in range(n + 1)]


def _polyline(*corners: Point) -> list[Point]:
    out = [corners[0]]
    for a, b in zip(corners, corners[1:]):
        out += _segment(a, b)[1:]
    return out


def draw(inst: PlanarFormula) -> Drawing:
    """The drawn graph and its bound (module docstring)."""
    f = inst.formula
    lay = layout(inst, gap=3)
    edges: list[list[Point]] = []
    points: set[Point] = set()
    rungless: set[Point] = set()
    # legs, by variable and side: (column, clause, literal)
    ports: dict[tuple[int, str], list[tuple[int, int, int]]] = {}
    corners: list[list[Point]] = []
    for i, clause in enumerate(f.clauses):
        side = inst.sides[i]
        sign = 1 if side == "above" else -1
        h = sign * (BAR + LEVEL * (inst.levels[i] - 1))
        cols = lay.legs[i]
        lits = [next(lit for lit in clause if abs(lit) == v) for v in left_to_right(inst, i)]
        cs = [(G * c, h) for c in cols]
        corners.append(cs)
        points.update(cs)
        for lit, c in zip(lits, cols):
            ports.setdefault((abs(lit), side), []).append((G * c, i, lit))
        for a, b in zip(cs, cs[1:]):
            edges.append(_segment(a, b))
        if len(cs) == 3:
            edges.append(_polyline(cs[0], (cs[0][0], h + sign * ARC), (cs[2][0], h + sign * ARC), cs[2]))
            rungless.add(cs[1])
    cycles: dict[int, list[Point]] = {}
    legs: list[tuple[int, int, Point, Point, Point, Point]] = []
    forced: list[Point] = []
    bound = sum(len(c) - 1 for c in f.clauses)
    previous_right: Point | None = None
    for v in inst.order:  # left to right along the line
        lo, hi = lay.boxes[v - 1]
        x0, x1 = G * lo - 8, G * hi + 4
        top: list[tuple[Point, int | None]] = [((x0, ROW), None), ((x0 + 2, ROW), None), ((x0 + 4, ROW), None)]
        for x, i, lit in sorted(ports.get((v, "above"), [])):
            if (len(top) % 2 == 0) != (lit > 0):  # position parity: even = the true half
                top.append(((x - 2, ROW), None))
            top.append(((x, ROW), i))
        top.append(((x1, ROW), None))
        bottom: list[tuple[Point, int | None]] = [((x1, -ROW), None)]
        for x, i, lit in sorted(ports.get((v, "below"), []), reverse=True):
            if ((len(top) + len(bottom)) % 2 == 0) != (lit > 0):
                bottom.append(((x + 2, -ROW), None))
            bottom.append(((x, -ROW), i))
        if (len(top) + len(bottom)) % 2 == 0:
            bottom.append(((x0 + 4, -ROW), None))
        bottom.append(((x0, -ROW), None))
        ring = top + bottom
        cycle = [p for p, _ in ring]
        cycles[v] = cycle
        points.update(cycle)
        bound += len(cycle) // 2
        edges += [_segment(a, b) for a, b in zip(cycle, cycle[1:] + cycle[:1])]
        for p, i in ring:
            if i is None:
                continue
            side = "above" if p[1] > 0 else "below"
            sign = 1 if side == "above" else -1
            corner = next(c for c in corners[i] if c[0] == p[0])
            lit = next(lit for x, j, lit in ports[(v, side)] if j == i and x == p[0])
            a, b = (p[0], sign * LEG_A), (p[0], sign * LEG_B)
            legs.append((i, lit, p, a, b, corner))
            points.update((a, b))
            edges += [_segment(p, a), _segment(a, b), _segment(b, corner)]
            bound += 1
        if previous_right is not None:  # two forced connectors from the previous cycle's top-right corner
            px, qx = previous_right[0], x0
            c1, c2 = (px + (qx - px) // 3, ROW), (px + 2 * (qx - px) // 3, ROW)
            points.update((c1, c2, (c1[0], ROW - 3), (c2[0], ROW + 3)))
            edges += [_segment(previous_right, c1), _segment(c1, c2), _segment(c2, (x0, ROW)),
                      _segment(c1, (c1[0], ROW - 3)), _segment(c2, (c2[0], ROW + 3))]
            forced += [c1, c2]
            rungless |= {(c1[0], ROW - 3), (c2[0], ROW + 3)}
        previous_right = (x1, ROW)
    drawn = {p for e in edges for p in e} | points
    rung_targets: dict[Point, Point] = {}
    for p in sorted(points - rungless):
        for d in DIRS:
            q = (p[0] + d[0], p[1] + d[1])
            if q in drawn:
                continue
            leaf = (q[0] + d[0], q[1] + d[1])
            rung_targets[q] = leaf
            edges += [[p, q], [q, leaf]]
    forced += sorted(rung_targets)
    points |= set(rung_targets) | set(rung_targets.values())
    edges += _face_paths(drawn, rung_targets)
    bound += len(forced)
    return Drawing(cycles, legs, corners, forced, points, edges, bound)


def _face_paths(drawn: set[Point], targets: dict[Point, Point]) -> list[list[Point]]:
    """In every face, the cycle of lattice points at distance one from the drawing, cut at the rung targets
    on it into paths and opened at one cut (a path through all of them)."""
    leaves = set(targets.values())
    ring = {(x + dx, y + dy) for x, y in drawn for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - drawn
    if leaves & ring:
        raise InputError(f"{NAME}: a pendant leaf falls on a face cycle at {list(min(leaves & ring))}")
    g = nx.Graph()
    g.add_nodes_from(ring)
    g.add_edges_from((p, q) for p in ring for q in ((p[0] + 1, p[1]), (p[0], p[1] + 1)) if q in ring)
    out: list[list[Point]] = []
    for comp in nx.connected_components(g):
        if not comp & set(targets):
            continue  # a face no rung enters (a triangle's inside)
        sub = g.subgraph(comp)
        if any(d != 2 for _, d in sub.degree):
            raise InputError(f"{NAME}: the face cycle through {list(min(comp))} is not a simple cycle")
        here = [min(comp)]
        while len(here) < len(comp):
            here.append(next(q for q in sorted(sub[here[-1]]) if len(here) < 2 or q != here[-2]))
        stops = [k for k, p in enumerate(here) if p in targets]
        for s, t in zip(stops, stops[1:]):
            out.append(here[s:t + 1])
    return out


def expected_count(src: PlanarFormula, solutions: Sequence[Assignment]) -> int:
    """Sum over satisfying assignments of prod over clauses of t 2^(t - 1), t the true literals."""
    total = 0
    for a in solutions:
        prod = 1
        for clause in src.formula.clauses:
            t = sum(value(a, lit) for lit in clause)
            prod *= t * 2 ** (t - 1)
        total += prod
    return total


class PlanarConnectedVertexCoverFromPlanar3Sat(Reduction):
    """Lichtenstein 1982, Theorem 3, then Garey & Johnson 1977, Lemma 2; see the module docstring."""

    name = NAME
    source = "planar-3sat"
    target = "planar-connected-vertex-cover"
    paper = "Lichtenstein 1982, Planar formulae and their uses; Garey & Johnson 1977"
    section = "4 (Lichtenstein); 2 (Garey & Johnson)"
    theorem = "Theorem 3 (Lichtenstein), Lemma 2 (Garey & Johnson)"
    claim = exact_claim(expected_count, "sum over solutions of prod over clauses of t 2^(t-1), t true literals")
    verify_params = ({"variables": 2, "clauses": 1},)
    verify_unsat_params = {"variables": 1, "clauses": 2}
    verify_budget = 6  # Ganak counts the target's covers in about 10 s at 2 variables (110 vertices)

    def reduce(self, src: PlanarFormula) -> DrawnGraph:
        d = draw(src)
        return make_graph(d.points, d.edges, d.bound)

    def forward(self, src: PlanarFormula, target: DrawnGraph, a: Assignment) -> tuple[Point, ...]:
        d = draw(src)
        cover = set(d.forced)
        for v, cycle in d.cycles.items():
            cover.update(cycle[0 if a[v - 1] else 1::2])
        omitted = {}
        for i, clause in enumerate(src.formula.clauses):
            lits = [next(lit for lit in clause if abs(lit) == v) for v in left_to_right(src, i)]
            k = next(k for k, lit in enumerate(lits) if value(a, lit))
            omitted[i] = d.corners[i][k]
            cover.update(c for c in d.corners[i] if c != omitted[i])
        for i, lit, port, pa, pb, corner in d.legs:
            cover.add(pa if port not in cover else pb)
        return tuple(sorted(cover))

    def backward(self, src: PlanarFormula, target: DrawnGraph, cover: Sequence[Point]) -> Assignment:
        d = draw(src)
        chosen = set(cover)
        return tuple(d.cycles[v][0] in chosen for v in range(1, src.formula.variables + 1))


REDUCTIONS = [PlanarConnectedVertexCoverFromPlanar3Sat()]
