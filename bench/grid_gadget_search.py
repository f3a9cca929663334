"""Gadgets for the 3SAT -> ``grid-hamiltonian-cycle`` chain (Hamiltonian cycle in grid graphs of maximum
degree 3; Itai, Papadimitriou & Szwarcfiter 1982; Papadimitriou & Vazirani 1984): exhaustive searches and
the checks of what they found.

**Rings.** The chain would start from the Edge-matching seed's Theorem 3.1 digraphs (planar, every vertex
of in/out-degree (1, 2) or (2, 1)). An arc into a vertex of in-degree 1 or out of one of out-degree 1 is in
every Hamiltonian cycle (*forced*); the others run from an out-2 vertex J to an in-2 vertex M, two at every
J and two at every M, so they form disjoint even cycles J1 M1 J2 M2 ... (*rings*), and a
Hamiltonian cycle is a choice per ring (every J_i -> M_i, or every J_i -> M_(i-1)) whose cycle cover is a
single cycle. On Theorem 3.1's verify sources (``--rings``) the rings have 6, 8 or 10 vertices and none
separates the graph, so each ring's forced arcs all leave on one side.

**Ladders, not points.** An edge a Hamiltonian cycle may leave unused joins two points of degree 3, so a
ring drawn one point per vertex would be an induced cycle of more than 4 points, all of degree 3: there is
none (at the top point c of its leftmost column, c's neighbours on the cycle are right of and below c;
the one below must go on down and take its third edge to the left, so c's third edge goes up and its
right neighbour's has nowhere to go without touching another). So ring vertices are gadgets and ring arcs
*ladders* (two rows): a used one is crossed by its zigzag, an unused one is covered from one end by a
U-turn. A ladder has no bend (``--boxes``: none in boxes up to 3 x 6), so rings are drawn as rectilinear
polygons with gadgets at the corners.

**Gadgets**, checked by :func:`port_table` (for every way the ports' outer edges are used and paired, the
number of covers). A ladder end is a *U-end* when both its corners touch the gadget, whose path goes out by
one corner and back by the other when the ladder is unused, or a *C-end* when it touches the gadget at one
corner only (the other has degree 2). A ladder from a U-end to a C-end has exactly two covers, used (the
zigzag, one corner at each end) and unused (the U-turn from the U-end); any other use of its ends leaves a
closed cycle or an odd number of path ends (:func:`junction_states`, :func:`merge_states`,
:func:`mixed_states` state the conditions). Any gadget can stand for a vertex of in-degree 1 or 2: a ring
state uses every other ladder, whichever way the cycle runs.

- ``JUNCTION`` (U, U): an 8-cycle around a hole, ladders left and right, thin arc below (found before);
- ``MERGE`` (C, C): a single point where two collinear ladders end and the thin arc leaves;
- ``MERGE_CORNER`` (C, C): a single point where a horizontal and a vertical ladder end;
- ``MIXED_CORNER`` (U, C): two points continuing a ladder's last column, the other ladder touching the
  lower one (``--corner``: many; no (U, U) corner in boxes up to 3 x 3).

The zigzag of a used ladder joins the row where one end emits it to the row where the other takes it: a
ladder of L columns needs L odd exactly when those rows differ. JUNCTION emits on its thin arc's side,
MERGE takes on its thin arc's side, MIXED_CORNER emits and takes on the inner side.

``--check`` counts Hamiltonian cycles with graphillion on rings drawn with these gadgets and compares with
the ring model (:func:`ring_model`: the states whose cycle cover is one cycle): a square ring of 8
(:func:`square_ring`: corner merges, junctions mid-side), a ring of 4 (:func:`ring4`: mixed corners) and a
ring of 6 (:func:`ring6`: mixed corners, a junction and a merge on the top side), each with two wirings:
the count equals the model's (1) when every ladder has the parity above and is 0 otherwise, never more.
So every ring of 2k >= 4 vertices can be drawn as a rectangle: mixed corners (U-end in, C-end out) and
the other 2k - 4 vertices as junction-merge pairs along its sides, thin arcs leaving outwards.

The reduction built on them is ``grid-hamiltonian-cycle-from-hamiltonian-cycle``
(:mod:`gadgetry.reductions.grid_hamiltonian_cycle_from_hamiltonian_cycle`: the rings placed on a
visibility representation of the graph with rings contracted). Not handled there: a ring with forced arcs
on both sides (forced arcs inside a rectangle would need junctions and merges facing inwards).

    python bench/grid_gadget_search.py [--boxes 2x4,2x5,3x5] [--junction 1x3x1] [--merge 0x0x0,1x2x1] [--corner 2x2]
    python bench/grid_gadget_search.py --check | --rings
"""

from __future__ import annotations

import argparse
import itertools
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

import networkx as nx

from gadgetry.core import registry
from gadgetry.reductions.grid_hamiltonian_cycle_from_hamiltonian_cycle import Drawing, propagate, structure
from gadgetry.sources.grid_hamiltonicity import GridHamiltonianCycle, grid_edges, grid_graph, max_degree

Point = tuple[int, int]


def neighbours(points: set[Point], p: Point) -> list[Point]:
    x, y = p
    return [q for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if q in points]


def covers(points: set[Point], pairs: Sequence[tuple[Point, Point]]) -> int:
    """Covers of ``points`` by vertex-disjoint paths joining each pair (a paired point is only an end)."""
    ends = {v for pair in pairs for v in pair}
    total = 0

    def run(k: int, seen: set[Point]) -> None:
        nonlocal total
        if k == len(pairs):
            total += len(seen) == len(points)
            return
        p, q = pairs[k]
        if p in seen or q in seen:
            return

        def extend(v: Point, used: set[Point]) -> None:
            if v == q:
                run(k + 1, used)
                return
            for w in neighbours(points, v):
                if w not in used and (w not in ends or w == q):
                    used.add(w)
                    extend(w, used)
                    used.discard(w)

        extend(p, seen | {p})

    run(0, set())
    return total


def is_bend(points: set[Point], left: Sequence[Point], top: Sequence[Point]) -> bool:
    """Whether ``points`` carry a ladder round the corner: one zigzag cover from each left port, to
    different top ports, and exactly one cover by two paths along the rows (a U-turn further on). U-turns
    inside the piece are not asked for: a wire whose head is one point is never covered from its head."""
    zigzags = {(p, q): c for p in left for q in top if (c := covers(points, [(p, q)]))}
    if sorted(zigzags.values()) != [1, 1] or len({p for p, _ in zigzags}) != 2:
        return False
    rows = [covers(points, [(left[0], t0), (left[1], t1)]) for t0, t1 in itertools.permutations(top)]
    return sorted(rows) == [0, 1]


def search(a: int, height: int) -> list[list[Point]]:
    left, top = [(0, 0), (0, 1)], [(a, height - 1), (a + 1, height - 1)]
    fixed = {(0, 0), (0, 1), (1, 0), (1, 1), (a, height - 1), (a + 1, height - 1), (a, height - 2),
             (a + 1, height - 2)}
    box = [(x, y) for x in range(a + 2) for y in range(height) if (x, y) not in fixed]
    found = []
    for k in range(len(box) + 1):
        for extra in itertools.combinations(box, k):
            points = fixed | set(extra)
            if any(len(neighbours(points, p)) + (p in left or p in top) > 3 for p in points):
                continue
            if is_bend(points, left, top):
                found.append(sorted(points))
    return found


def port_table(points: set[Point], ports: Mapping[Point, str]) -> Counter[frozenset[frozenset[str]]] | None:
    """Every way to cover ``points`` by paths whose ends leave through port edges (each port point has one
    edge to outside): the number of covers per *pattern*, the set of port pairs the paths join. None when a
    point would have degree below 2 or above 3. In a graph of maximum degree 3 a cover leaves exactly one
    edge unused at each point of degree 3, so the covers are the perfect matchings of unused edges (a port
    point may leave its outer edge unused) whose complement has no cycle."""
    adj = {p: neighbours(points, p) for p in points}
    deg = {p: len(adj[p]) + (p in ports) for p in points}
    if any(d < 2 or d > 3 for d in deg.values()):
        return None
    cubic = sorted(p for p in points if deg[p] == 3)
    unused: dict[Point, Point | None] = {}  # the unused edge of a degree-3 point (None: its outer edge)
    table: Counter[frozenset[frozenset[str]]] = Counter()

    def record() -> None:
        used = {p: [q for q in adj[p] if unused.get(p) != q] for p in points}
        ends = [p for p in ports if p in points and (p not in unused or unused[p] is not None)]
        seen: set[Point] = set()
        pairs = []
        for e in ends:
            if e in seen:
                continue
            prev, cur = e, e
            seen.add(e)
            while True:
                step = [q for q in used[cur] if q != prev]
                if not step or (cur != e and cur in ends):
                    break
                prev, cur = cur, step[0]
                seen.add(cur)
            pairs.append(frozenset((ports[e], ports[cur])))
        if len(seen) == len(points):
            table[frozenset(pairs)] += 1

    def run(k: int) -> None:
        if k == len(cubic):
            record()
            return
        p = cubic[k]
        if p in unused:
            run(k + 1)
            return
        if p in ports:
            unused[p] = None
            run(k + 1)
            del unused[p]
        for q in adj[p]:
            if deg[q] == 3 and q not in unused:
                unused[p], unused[q] = q, p
                run(k + 1)
                del unused[p], unused[q]

    run(0)
    return table


def stub(corner: Point, out: Point, side: Point) -> tuple[list[Point], list[Point]]:
    """A ladder's last two columns at a gadget: the column touching it (``corner`` and ``corner + side``) and
    the next one towards ``out``, whose points are ports (the ladder goes on beyond them)."""
    (x, y), (dx, dy), (sx, sy) = corner, out, side
    near = [(x, y), (x + sx, y + sy)]
    far = [(x + dx, y + dy), (x + sx + dx, y + sy + dy)]
    return near + far, far


def junction_states(table: Counter) -> dict[str, list[str]] | None:
    """For a junction (thin arc t in, ladders x and y out, both U-ends), the ports by which each ladder can be
    used, or None. Ladder x used: t's path goes out by one y port and, after the U-turn at y's far end,
    comes back by the other and leaves by one x port: exactly one cover for each x port listed. The other
    patterns never complete against C-ends (module docstring)."""
    states = {}
    for lad, other in ((("x1", "x2"), ("y1", "y2")), (("y1", "y2"), ("x1", "x2"))):
        per: Counter[str] = Counter()
        for pat, c in table.items():
            used = {p for pair in pat for p in pair}
            if len(used & set(lad)) == 1 and set(other) <= used and frozenset(other) not in pat:
                per[next(iter(used & set(lad)))] += c
        if not per or any(v != 1 for v in per.values()):
            return None
        states[lad[0][0]] = sorted(per)
    return states


def merge_states(table: Counter) -> dict[str, list[str]] | None:
    """For a merge (ladders x and y in, both C-ends, thin arc t out), the ports by which each ladder can
    arrive, or None. Ladder x used: the path from one x port to t, with y covered by the U-turn from its
    other end (turning in y's last column, so y's ports joined to each other, or before it): one cover per
    x port listed, and no other pattern has a cover."""
    states, allowed = {}, set()
    for lad, other in ((("x1", "x2"), ("y1", "y2")), (("y1", "y2"), ("x1", "x2"))):
        per: Counter[str] = Counter()
        for k in lad:
            for pat in (frozenset({frozenset(("t", k))}), frozenset({frozenset(("t", k)), frozenset(other)})):
                allowed.add(pat)
                per[k] += table.get(pat, 0)
        if not any(per.values()) or any(v > 1 for v in per.values()):
            return None
        states[lad[0][0]] = sorted(k for k, v in per.items() if v)
    if any(c and pat not in allowed for pat, c in table.items()):
        return None
    return states


def mixed_states(table: Counter) -> dict[str, list[str]] | None:
    """For a gadget whose ladder x ends in a U-end and y in a C-end, the ports by which each can be used,
    or None. x used: the path from t leaves by one x port, y covered from its other end; y used: t's path
    goes out and back along x and leaves by one y port; y's ports are never both used unless joined to
    each other (y would act as a U-end)."""
    xu: Counter[str] = Counter()
    yu: Counter[str] = Counter()
    for pat, c in table.items():
        used = {p for pair in pat for p in pair}
        ux, uy = used & {"x1", "x2"}, used & {"y1", "y2"}
        if len(uy) == 2 and frozenset(("y1", "y2")) not in pat:
            return None
        if len(ux) == 1 and (not uy or frozenset(("y1", "y2")) in pat) and frozenset(("t", *ux)) in pat:
            xu[next(iter(ux))] += c
        if len(uy) == 1 and len(ux) == 2 and frozenset(("x1", "x2")) not in pat and frozenset(("t", *uy)) not in pat:
            yu[next(iter(uy))] += c
    if xu and yu and all(v == 1 for v in xu.values()) and all(v == 1 for v in yu.values()):
        return {"x": sorted(xu), "y": sorted(yu)}
    return None


def two_ladder_gadgets(width: int, height: int, x_stub: tuple[Point, Point, Point], y_stub: tuple[Point, Point, Point],
                       t: Point, states: Callable[[Counter], dict[str, list[str]] | None]) -> list[tuple[list[Point], dict]]:
    """Every point set of the box [0, width] x [0, height] that with the two ladder stubs (:func:`stub`) and
    the thin port ``t`` (outside the box, its outer edge going on) passes ``states``."""
    sx, fx = stub(*x_stub)
    sy, fy = stub(*y_stub)
    ports = {t: "t", fx[0]: "x1", fx[1]: "x2", fy[0]: "y1", fy[1]: "y2"}
    fixed = {t, *sx, *sy}
    box = [(x, y) for x in range(width + 1) for y in range(height + 1) if (x, y) not in fixed]
    found = []
    for k in range(len(box) + 1):
        for extra in itertools.combinations(box, k):
            table = port_table(fixed | set(extra), ports)
            if table and (st := states(table)):
                found.append((sorted(extra), st))
    return found


def straight(w: int, h: int, a: int, states: Callable) -> list[tuple[list[Point], dict]]:
    """Gadgets with ladder x coming from the left and y from the right on rows a, a + 1 and the thin arc
    below the middle column of the box [0, 2w] x [0, h]."""
    return two_ladder_gadgets(2 * w, h, ((-1, a), (-1, 0), (0, 1)), ((2 * w + 1, a), (1, 0), (0, 1)), (w, -1),
                              states)


def corner(width: int, height: int, states: Callable) -> list[tuple[tuple, list[Point], dict]]:
    """Gadgets with ladder x coming from the left (rows a, a + 1) and y from below (columns b, b + 1), the
    thin arc leaving the box [0, width] x [0, height] upwards or to the right, for every a, b and exit."""
    found = []
    for a in range(height):
        for b in range(width):
            for t in [(c, height + 1) for c in range(width + 1)] + [(width + 1, c) for c in range(height + 1)]:
                for extra, st in two_ladder_gadgets(width, height, ((-1, a), (-1, 0), (0, 1)),
                                                    ((b, -1), (0, -1), (1, 0)), t, states):
                    found.append(((a, b, t), extra, st))
    return found


#: The gadgets found, as (points, ports): the straight junction (the ladders' last columns x = -1 and 3
#: on rows 1, 2, the thin arc in at (1, -1)); the straight merge (ladders on rows 0, 1 ending at x = -1 and
#: x = 1, touching (0, 0) by their lower corners, thin arc out at (0, -1)); the corner merge (ladder x on
#: rows 0, 1 ending at x = -1, ladder y on columns 1, 2 ending at y = 1, both touching (0, 1), arc out up).
JUNCTION = ([(0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 3), (2, 1), (2, 2), (2, 3)],
            ((-1, 1), (-1, 0), (0, 1)), ((3, 1), (1, 0), (0, 1)), (1, -1))
MERGE = ([(0, 0)], ((-1, 0), (-1, 0), (0, 1)), ((1, 0), (1, 0), (0, 1)), (0, -1))
MERGE_CORNER = ([(0, 1)], ((-1, 0), (-1, 0), (0, 1)), ((1, 1), (0, -1), (1, 0)), (0, 2))
#: The mixed corner: ladder x (U-end) on rows 0, 1 ending at x = -1, ladder y (C-end) on columns 0, 1 ending
#: at y = -1 and touching (0, 0) only, thin arc up from (0, 1).
MIXED_CORNER = ([(0, 0), (0, 1)], ((-1, 0), (-1, 0), (0, 1)), ((0, -1), (0, -1), (1, 0)), (0, 2))


def gadget_states(gadget: tuple, states: Callable) -> dict[str, list[str]] | None:
    extra, x_stub, y_stub, t = gadget
    sx, fx = stub(*x_stub)
    sy, fy = stub(*y_stub)
    table = port_table({t, *sx, *sy, *extra}, {t: "t", fx[0]: "x1", fx[1]: "x2", fy[0]: "y1", fy[1]: "y2"})
    return states(table) if table else None


def rotate(p: Point, quarter_turns: int, s: int = 0) -> Point:
    """``p`` turned clockwise about (s / 2, s / 2)."""
    x, y = p
    for _ in range(quarter_turns % 4):
        x, y = y, s - x
    return x, y


def square_ring(r: int, jy: int, clockwise: bool) -> tuple[set[Point], set[frozenset[Point]]]:
    """A ring of 8 gadgets drawn as a square, and the edges it is meant to have: corner merges M at
    (r, r + 2) and its quarter turns, a straight junction J mid-side (on the right side its ring spans
    rows jy..jy + 2), ladders (two columns, r + 1 and r + 2 on the right side) between them, and each M's
    thin arc wired to the J after it (``clockwise``) or before it. Built as one quarter and its turns."""
    points: set[Point] = set()
    edges: set[frozenset[Point]] = set()

    def path(ps: Sequence[Point]) -> None:
        points.update(ps)
        edges.update(frozenset(e) for e in zip(ps, ps[1:]))

    m = (r, r + 2)
    path([(r - 1, r + 2), m, (r + 1, r + 2)])
    for lo, hi in ((jy + 3, r + 2), (1 - r, jy - 1)):
        for c in (r + 1, r + 2):
            path([(c, y) for y in range(lo, hi + 1)])
        for y in range(lo, hi + 1):
            path([(r + 1, y), (r + 2, y)])
    path([(r, jy), (r + 1, jy), (r + 2, jy), (r + 2, jy + 1), (r + 2, jy + 2), (r + 1, jy + 2), (r, jy + 2),
          (r, jy + 1), (r, jy)])
    for c in (r + 1, r + 2):
        path([(c, jy + 2), (c, jy + 3)])
        path([(c, jy), (c, jy - 1)])
    leg = [(r + 2, jy + 1), (r + 3, jy + 1), (r + 4, jy + 1)]
    if clockwise:
        wire = [(r, y) for y in range(r + 2, r + 5)] + [(x, r + 4) for x in range(r + 1, r + 7)]
        wire += [(r + 6, y) for y in range(r + 3, jy, -1)] + [(r + 5, jy + 1)] + leg[::-1]
    else:
        top = [rotate(p, -1) for p in leg]
        wire = [(r, y) for y in range(r + 2, top[-1][1])] + [(x, top[-1][1]) for x in range(r, top[-1][0] - 1, -1)]
        wire += top[::-1][1:]
    path(wire)
    return ({rotate(p, k) for p in points for k in range(4)},
            {frozenset(rotate(p, k) for p in e) for e in edges for k in range(4)})


def ring_check(r: int, jy: int, clockwise: bool) -> int:
    """Hamiltonian cycles of :func:`square_ring` (graphillion), after checking that the grid graph of its
    points has exactly the edges meant and maximum degree 3."""
    points, edges = square_ring(r, jy, clockwise)
    pts = sorted(points)
    if {frozenset(e) for e in grid_edges(pts)} != edges or max_degree(pts) > 3:
        raise SystemExit(f"square ring r={r} jy={jy}: the drawing touches itself")
    return GridHamiltonianCycle().count_graphillion(grid_graph(pts))


def mixed_corner(d: Drawing, a: int, s: int, k: int, side: bool = True) -> None:
    """MIXED_CORNER at (a, a), (a, a + 1) with its leg, and (``side``) the ladder after it down to the next
    corner (columns a, a + 1, rows s - a + 1 .. a - 1), all turned k quarter turns about (s / 2, s / 2)."""
    def put(ps: Sequence[Point]) -> None:
        d.path([rotate(p, k, s) for p in ps])
    put([(a - 1, a), (a, a), (a, a + 1), (a - 1, a + 1)])
    put([(a, a - 1), (a, a)])
    put([(a, a + 1), (a, a + 2)])
    if side:
        for x in (a, a + 1):
            put([(x, y) for y in range(s - a + 1, a)])
        for y in range(s - a + 1, a):
            put([(a, y), (a + 1, y)])


def ring4(a: int, s: int) -> Drawing:
    """A ring of 4 mixed corners (U-end in, C-end out, clockwise) on a square of side 2a - 1 - s, wired
    TR -> BR and BL -> TL."""
    d = Drawing()
    for k in range(4):
        mixed_corner(d, a, s, k)
    tr, br, bl, tl = (rotate((a, a + 1), k, s) for k in range(4))
    d.route(tr, (a, a + 3), (a + 3, a + 3), (a + 3, br[1]), br)
    d.route(bl, (bl[0], bl[1] - 2), (bl[0] - 3, bl[1] - 2), (bl[0] - 3, tl[1]), tl)
    return d


def ring6(a: int, s: int, x0: int, xm: int, wiring: int) -> Drawing:
    """A ring of 6: the square of :func:`ring4` with JUNCTION (columns x0..x0 + 2) and MERGE (column xm)
    on its top side (TL, JUNCTION, MERGE, TR, BR, BL clockwise), wired JUNCTION -> MERGE, TR -> BR, BL -> TL
    (``wiring`` 1) or JUNCTION -> TL, TR -> MERGE, BL -> BR (2)."""
    d = Drawing()
    for k in range(3):
        mixed_corner(d, a, s, k)
    mixed_corner(d, a, s, 3, side=False)
    d.ladder(range(s - a + 1, x0), range(a, a + 2))
    d.ladder(range(x0 + 3, xm), range(a, a + 2))
    d.ladder(range(xm + 1, a), range(a, a + 2))
    d.path([(x0, a - 1), (x0 + 1, a - 1), (x0 + 2, a - 1), (x0 + 2, a), (x0 + 2, a + 1), (x0 + 1, a + 1),
            (x0, a + 1), (x0, a), (x0, a - 1)])
    for y in (a, a + 1):
        d.path([(x0 - 1, y), (x0, y)])
        d.path([(x0 + 2, y), (x0 + 3, y)])
    d.path([(xm - 1, a + 1), (xm, a + 1), (xm + 1, a + 1)])
    jl, ml = (x0 + 1, a + 1), (xm, a + 1)
    tr, br, bl, tl = (rotate((a, a + 1), k, s) for k in range(4))
    if wiring == 1:
        d.route(jl, (x0 + 1, a + 4), (xm, a + 4), ml)
        d.route(tr, (a, a + 3), (a + 3, a + 3), (a + 3, br[1]), br)
        d.route(bl, (bl[0], bl[1] - 2), (bl[0] - 3, bl[1] - 2), (bl[0] - 3, tl[1]), tl)
    else:
        d.route(jl, (x0 + 1, a + 5), (tl[0] - 3, a + 5), (tl[0] - 3, tl[1]), tl)
        d.route(tr, (a, a + 3), (xm, a + 3), ml)
        d.route(bl, (bl[0], bl[1] - 2), (a + 3, bl[1] - 2), (a + 3, br[1]), br)
    return d


def ring_model(size: int, wiring: Mapping[int, int]) -> int:
    """States of a ring v0 .. v(size - 1) (ladder i joins v(i) and v(i + 1); a state uses every other
    ladder) whose ladders with the thin ``wiring`` (vertex -> vertex) make one cycle through all."""
    good = 0
    for first in (0, 1):
        g = nx.MultiGraph([(i, (i + 1) % size) for i in range(first, size, 2)] + list(wiring.items()))
        good += all(d == 2 for _v, d in g.degree()) and nx.is_connected(g)
    return good


def count(d: Drawing) -> int:
    """Hamiltonian cycles of a drawing (graphillion), after checking it has exactly the edges meant."""
    if d.touches_itself():
        raise SystemExit("the drawing touches itself")
    return GridHamiltonianCycle().count_graphillion(grid_graph(sorted(d.points)))


def theorem31_rings() -> None:
    """Ring sizes of Theorem 3.1's digraphs on its reduction's verify sources, and how many separate the
    graph."""
    red = registry.reduction("hamiltonian-cycle-from-planar-positive-1in3sat")
    source = registry.problem(red.source)
    for params in red.verify_params:
        g = red.reduce(source.draw(params, random.Random(1)).instance)
        u = nx.Graph(g.edges)
        found = structure(propagate(g))[0]
        separating = sum(nx.number_connected_components(u.subgraph(set(u) - set(c))) > 1 for c in found)
        sizes = sorted(Counter(len(c) for c in found).items())
        print(f"Theorem 3.1 {dict(params)}: {g.n} vertices, rings (size, how many) {sizes}, separating {separating}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boxes", default="2x4,2x5,3x5", help="ladder bends: a x height, comma-separated")
    ap.add_argument("--junction", default="1x3x1", help="straight junctions: w x h x a, comma-separated")
    ap.add_argument("--merge", default="0x0x0,1x2x1", help="straight merges: w x h x a, comma-separated")
    ap.add_argument("--corner", default="2x1,1x2,2x2", help="corner junctions and merges: width x height")
    ap.add_argument("--check", action="store_true", help="only the recorded gadgets and the square rings")
    ap.add_argument("--rings", action="store_true", help="only the rings of Theorem 3.1's digraphs")
    args = ap.parse_args()
    if args.rings:
        theorem31_rings()
        return
    if args.check:
        for name, gadget, states in (("junction", JUNCTION, junction_states), ("merge", MERGE, merge_states),
                                     ("corner merge", MERGE_CORNER, merge_states)):
            print(f"{name}: ports of the used ladder {gadget_states(gadget, states)}")
        print(f"mixed corner: ports of the used ladder {gadget_states(MIXED_CORNER, mixed_states)}")
        for clockwise in (True, False):
            for r, jy in ((5, -2), (5, -1), (6, 0), (6, 1)):
                print(f"square ring of 8, r={r} jy={jy} clockwise={clockwise}: {ring_check(r, jy, clockwise)} "
                      f"cycles (ring model {ring_model(8, {0: 1, 2: 3, 4: 5, 6: 7} if clockwise else {0: 7, 2: 1, 4: 3, 6: 5})})")
        for s in (0, 1):
            print(f"ring of 4, side {2 * 5 - 1 - s}: {count(ring4(5, s))} cycles (ring model {ring_model(4, {1: 2, 3: 0})})")
        for wiring, model in ((1, {1: 2, 3: 4, 5: 0}), (2, {1: 0, 3: 2, 5: 4})):
            counts = {(x0, xm): count(ring6(7, 1, x0, xm, wiring)) for x0 in (-4, -3, -2) for xm in (3, 4, 5)}
            print(f"ring of 6, wiring {wiring}: cycles by (x0, xm) {counts} (ring model {ring_model(6, model)})")
        return
    for box in args.boxes.split(","):
        a, height = map(int, box.split("x"))
        print(f"bend, a={a} height={height}: {len(search(a, height))} found")
    for kind, spec, states in (("junction", args.junction, junction_states), ("merge", args.merge, merge_states)):
        for box in spec.split(","):
            w, h, a = map(int, box.split("x"))
            print(f"straight {kind}, w={w} h={h} a={a}: {straight(w, h, a, states)[:3]}")
    for box in args.corner.split(","):
        width, height = map(int, box.split("x"))
        for kind, states in (("junction", junction_states), ("merge", merge_states), ("mixed", mixed_states)):
            found = corner(width, height, states)
            print(f"corner {kind}, {width} x {height}: {len(found)} found {found[:2]}")


if __name__ == "__main__":
    main()
