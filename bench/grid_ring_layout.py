"""Prototype of the drawing step of a reduction from directed Hamiltonian cycle in planar digraphs whose
vertices have in/out-degree (1, 2) or (2, 1) (the Edge-matching seed's Theorem 3.1 graphs) to
``grid-hamiltonian-cycle`` (grid graphs of maximum degree 3), with the gadgets of
``bench/grid_gadget_search.py``; it counts the grid graph's Hamiltonian cycles (graphillion) against the
digraph's.

Every vertex must lie on a ring (:func:`grid_gadget_search.rings`) and no ring may separate the graph. A
hub joined to a ring's vertices forces its forced arcs to leave on one side; contracting each ring (and
putting two dummy vertices on each forced arc) gives a plane graph, drawn as a visibility representation
(Tamassia & Tollis 1986: bipolar orientation from a canonical ordering of a triangulation, each vertex a
horizontal bar at its rank, each edge a vertical segment at the longest-path rank of the face on its left).
Each ring becomes a rectangle around its bar: mixed corners, junction-merge pairs on the top side for
arcs going up and on the bottom side for arcs going down, corner arcs led round the rectangle; each forced
arc a thin path along its segments and its dummies' bars. Gadgets shift by one column so every ladder has
the parity of ``grid_gadget_search``'s rule.

    python bench/grid_ring_layout.py [--max-points 4000]
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

import networkx as nx
from grid_gadget_search import Drawing, rings
from networkx.algorithms.planar_drawing import get_canonical_ordering, triangulate_embedding

from gadgetry.core import registry
from gadgetry.sources.hamiltonicity import HamiltonianCycle, HamInstance

SX, SY = 14, 26


def ring_structure(g: HamInstance) -> tuple[list[list[int]], list[tuple[int, int]]]:
    """The rings, each in cyclic order, and the forced arcs (from a ring vertex to a ring vertex)."""
    found = rings(g)
    if sorted(v for c in found for v in c) != list(range(g.n)):
        raise ValueError("not every vertex lies on a ring")
    h = nx.Graph()
    for c in found:
        h.add_nodes_from(c)
    indeg = Counter(v for _u, v in g.edges)
    outdeg = Counter(u for u, _v in g.edges)
    optional = [(u, v) for u, v in g.edges if outdeg[u] == 2 and indeg[v] == 2]
    h.add_edges_from(optional)
    cycles = []
    for c in found:
        if any(h.degree(v) != 2 for v in c):
            raise ValueError("a ring with parallel arcs")
        order = [c[0]]
        while len(order) < len(c):
            order.append(next(w for w in h[order[-1]] if w not in order[-2:-1] and w != order[-1]))
        cycles.append(order)
    forced = [(u, v) for u, v in g.edges if (u, v) not in set(optional)]
    return cycles, forced


def contracted(cycles: list[list[int]], forced: list[tuple[int, int]]) -> tuple[nx.PlanarEmbedding, dict]:
    """The plane graph of rings (nodes ("R", i)) and dummies (("d", arc, 0 or 1)), and for each ring the
    clockwise list of its vertices (each with its forced arc)."""
    ring_of = {v: i for i, c in enumerate(cycles) for v in c}
    wheel = nx.Graph()
    for i, c in enumerate(cycles):
        wheel.add_edges_from(zip(c, c[1:] + c[:1]))
        wheel.add_edges_from((("hub", i), v) for v in c)
    leg = {}
    for u, v in forced:
        d0, d1 = ("d", (u, v), 0), ("d", (u, v), 1)
        wheel.add_edges_from([(u, d0), (d0, d1), (d1, v)])
        leg[u], leg[v] = d0, d1
    ok, emb = nx.check_planarity(wheel)
    if not ok:
        raise ValueError("the digraph with its ring hubs is not planar")
    order = {}
    for i, c in enumerate(cycles):
        walk, w = [], c[0]
        while True:
            walk.append(w)
            cw = list(emb.neighbors_cw_order(w))
            nxt = cw[(cw.index(leg[w]) + 1) % len(cw)]
            if nxt not in ring_of or ring_of[nxt] != i:
                raise ValueError("a forced arc leaves a ring on its hub's side")
            w = nxt
            if w == c[0]:
                break
        if len(walk) != len(c):
            raise ValueError("ring walk failed")
        order[i] = walk
    e = nx.PlanarEmbedding()
    rot: dict = {}
    for i, walk in order.items():
        rot[("R", i)] = [leg[w] for w in walk]
    for u, v in forced:
        d0, d1 = ("d", (u, v), 0), ("d", (u, v), 1)
        rot[d0] = [("R", ring_of[u]), d1]
        rot[d1] = [d0, ("R", ring_of[v])]
    for node, nbrs in rot.items():
        e.add_half_edge_first(node, nbrs[0])
        for a, b in zip(nbrs, nbrs[1:]):
            e.add_half_edge_cw(node, b, a)
    e.check_structure()
    return e, order


def visibility(e: nx.PlanarEmbedding) -> tuple[dict, dict, dict]:
    """Rank of each node, x of each edge (frozenset), bar (min x, max x) of each node."""
    t, outer = triangulate_embedding(e, True)
    ranking = {v: k for k, (v, _c) in enumerate(get_canonical_ordering(t, outer))}
    face: dict = {}
    faces = []
    for u, v in t.edges():
        for a, b in ((u, v), (v, u)):
            if (a, b) in face:
                continue
            nodes = t.traverse_face(a, b)
            fid = len(faces)
            faces.append(nodes)
            for p, q in zip(nodes, nodes[1:] + nodes[:1]):
                face[p, q] = fid
    outer_id = next(f for f, nodes in enumerate(faces) if set(nodes) == set(outer) and len(nodes) == 3)
    dual = nx.DiGraph()
    sides = {}
    for u, v in t.edges():
        lo, hi = (u, v) if ranking[u] < ranking[v] else (v, u)
        right, left = face[lo, hi], face[hi, lo]
        left = "S" if left == outer_id else left
        right = "T" if right == outer_id else right
        dual.add_edge(left, right)
        sides[frozenset((u, v))] = left
    x_face = {}
    for f in nx.topological_sort(dual):
        x_face[f] = max((x_face[p] + 1 for p in dual.predecessors(f)), default=0)
    x = {k: x_face[f] for k, f in sides.items()}
    bar = {v: (min(x[frozenset((v, w))] for w in t[v]), max(x[frozenset((v, w))] for w in t[v])) for v in t}
    return ranking, x, bar


def leg_dummy(e: nx.PlanarEmbedding, node: tuple, w: int) -> tuple:
    return next(n for n in e[node] if (n[1][0] == w and n[2] == 0) or (n[1][1] == w and n[2] == 1))


def clockwise(walk: list[int], e: nx.PlanarEmbedding, node: tuple, ranking: dict, x: dict) -> bool:
    """Whether the ring's arcs, in its clockwise order, are the arcs going up from left to right and then
    those going down from right to left."""
    legs = [leg_dummy(e, node, w) for w in walk]
    up = [ranking[n] > ranking[node] for n in legs]
    k = len(legs)
    xs = [x[frozenset((node, n))] for n in legs]
    starts = [j for j in range(k) if up[j] and not up[j - 1]]
    if len(starts) > 1:
        return False
    if not starts:
        starts = [xs.index(min(xs)) if up[0] else xs.index(max(xs))]
    seq = [xs[(starts[0] + j) % k] for j in range(k)]
    u = sum(up)
    if u in (0, k):
        return len(set(seq)) == k and (seq == sorted(seq) if u else seq == sorted(seq, reverse=True))
    return seq[:u] == sorted(set(seq[:u])) and seq[u:] == sorted(set(seq[u:]), reverse=True)


def draw(g: HamInstance) -> Drawing:
    cycles, forced = ring_structure(g)
    e, order = contracted(cycles, forced)
    ranking, x, bar = visibility(e)
    if not all(clockwise(order[i], e, ("R", i), ranking, x) for i in order):
        x = {k: -v for k, v in x.items()}
        bar = {v: (-b, -a) for v, (a, b) in bar.items()}
        if not all(clockwise(order[i], e, ("R", i), ranking, x) for i in order):
            raise ValueError("the visibility representation does not follow the rings' orders")
    d = Drawing()
    port: dict = {}  # (ring vertex) -> (column, row) where its route meets its segment
    for i, walk in order.items():
        node = ("R", i)
        k2 = len(walk)
        legs = [leg_dummy(e, node, w) for w in walk]
        up = [ranking[n] > ranking[node] for n in legs]
        col = [SX * x[frozenset((node, n))] for n in legs]
        choice = None
        for tl in range(k2):
            for p in range(k2 // 2 - 1):
                seq = [(tl + j) % k2 for j in range(k2)]
                top, tr, br = seq[1:1 + 2 * p], seq[1 + 2 * p], seq[2 + 2 * p]
                bottom, bl = seq[3 + 2 * p:k2 - 1], seq[k2 - 1]
                if not all(up[j] for j in top) or any(up[j] for j in bottom):
                    continue
                if (not up[seq[0]] and up[bl]) or (not up[tr] and up[br]):
                    continue
                left_to_right = [j for j in (bl, seq[0], *top, tr, br) if up[j]]
                right_to_left = [j for j in (tr, br, *bottom, bl, seq[0]) if not up[j]]
                if (left_to_right and col[left_to_right[0]] != min(col[j] for j in left_to_right)) or \
                        (right_to_left and col[right_to_left[0]] != max(col[j] for j in right_to_left)):
                    continue
                choice = (seq[0], top, tr, br, bottom, bl)
                break
            if choice:
                break
        if not choice:
            raise ValueError(f"ring {i}: no corner choice")
        tl, top, tr, br, bottom, bl = choice
        y = SY * ranking[node]
        yt, yb = y + 4, y - 3
        xa, xb = bar[node]
        xl, xr = SX * xa - 5, SX * xb + 5
        if (xr - xl) % 2 == 0:
            xr += 1
        # corners (MIXED_CORNER turned): TR (xr, yt), (xr, yt + 1); BR (xr, yb), (xr + 1, yb);
        # BL (xl, yb), (xl, yb - 1); TL (xl, yt), (xl - 1, yt)
        d.path([(xr - 1, yt), (xr, yt), (xr, yt + 1), (xr - 1, yt + 1)])
        d.path([(xr, yt - 1), (xr, yt)])
        d.path([(xr, yb + 1), (xr, yb), (xr + 1, yb), (xr + 1, yb + 1)])
        d.path([(xr - 1, yb), (xr, yb)])
        d.path([(xl + 1, yb), (xl, yb), (xl, yb - 1), (xl + 1, yb - 1)])
        d.path([(xl, yb + 1), (xl, yb)])
        d.path([(xl, yt - 1), (xl, yt), (xl - 1, yt), (xl - 1, yt - 1)])
        d.path([(xl + 1, yt), (xl, yt)])
        d.ladder(range(xl - 1, xl + 1), range(yb + 1, yt))
        d.ladder(range(xr, xr + 2), range(yb + 1, yt))
        # top side, left to right: TL, (J, M)*, TR
        last = xl  # column of the previous piece's right end
        prev_kind = "corner"
        pieces = []
        for j, idx in enumerate(top):
            c = col[idx]
            if j % 2 == 0:   # junction: stem column x0 + 1 near c
                x0 = c - 1
                need = 1 if prev_kind == "corner" else 0
                if (x0 - last - 1) % 2 != need:
                    x0 -= 1
                d.ladder(range(last + 1, x0), range(yt, yt + 2))
                d.path([(x0, yt - 1), (x0 + 1, yt - 1), (x0 + 2, yt - 1), (x0 + 2, yt), (x0 + 2, yt + 1),
                        (x0 + 1, yt + 1), (x0, yt + 1), (x0, yt), (x0, yt - 1)])
                for yy in (yt, yt + 1):
                    d.path([(x0 - 1, yy), (x0, yy)])
                    d.path([(x0 + 2, yy), (x0 + 3, yy)])
                d.path([(x0 + 1, yt + 1), (x0 + 1, yt + 2)])
                pieces.append((idx, (x0 + 1, yt + 2), +1))
                last, prev_kind = x0 + 2, "junction"
            else:            # merge at xm near c
                xm = c
                if (xm - last - 1) % 2 != 0:
                    xm -= 1
                d.ladder(range(last + 1, xm), range(yt, yt + 2))
                d.path([(xm - 1, yt + 1), (xm, yt + 1), (xm + 1, yt + 1)])
                d.path([(xm, yt + 1), (xm, yt + 2)])
                pieces.append((idx, (xm, yt + 2), +1))
                last, prev_kind = xm, "merge"
        d.ladder(range(last + 1, xr), range(yt, yt + 2))
        # bottom side, right to left: BR, (J, M)*, BL
        last = xr
        prev_kind = "corner"
        for j, idx in enumerate(bottom):
            c = col[idx]
            if j % 2 == 0:
                x0 = c - 1
                need = 1 if prev_kind == "corner" else 0
                if (last - (x0 + 2) - 1) % 2 != need:
                    x0 += 1
                d.ladder(range(x0 + 3, last), range(yb - 1, yb + 1))
                d.path([(x0, yb + 1), (x0 + 1, yb + 1), (x0 + 2, yb + 1), (x0 + 2, yb), (x0 + 2, yb - 1),
                        (x0 + 1, yb - 1), (x0, yb - 1), (x0, yb), (x0, yb + 1)])
                for yy in (yb - 1, yb):
                    d.path([(x0 - 1, yy), (x0, yy)])
                    d.path([(x0 + 2, yy), (x0 + 3, yy)])
                d.path([(x0 + 1, yb - 1), (x0 + 1, yb - 2)])
                pieces.append((idx, (x0 + 1, yb - 2), -1))
                last, prev_kind = x0, "junction"
            else:
                xm = c
                if (last - xm - 1) % 2 != 0:
                    xm += 1
                d.ladder(range(xm + 1, last), range(yb - 1, yb + 1))
                d.path([(xm - 1, yb - 1), (xm, yb - 1), (xm + 1, yb - 1)])
                d.path([(xm, yb - 1), (xm, yb - 2)])
                pieces.append((idx, (xm, yb - 2), -1))
                last, prev_kind = xm, "merge"
        d.ladder(range(xl + 1, last), range(yb - 1, yb + 1))
        for idx, start, sign in pieces:
            row = start[1] + sign
            d.route(start, (start[0], row), (col[idx], row))
            port[walk[idx]] = (col[idx], row)
        # corner legs
        if up[tl]:
            d.route((xl - 1, yt), (xl - 3, yt), (xl - 3, yt + 4), (col[tl], yt + 4))
            port[walk[tl]] = (col[tl], yt + 4)
        else:
            d.route((xl - 1, yt), (xl - 3, yt), (xl - 3, yb - 5), (col[tl], yb - 5))
            port[walk[tl]] = (col[tl], yb - 5)
        if up[bl]:
            d.route((xl, yb - 1), (xl, yb - 3), (xl - 5, yb - 3), (xl - 5, yt + 6), (col[bl], yt + 6))
            port[walk[bl]] = (col[bl], yt + 6)
        else:
            d.route((xl, yb - 1), (xl, yb - 3), (col[bl], yb - 3))
            port[walk[bl]] = (col[bl], yb - 3)
        if up[tr]:
            d.route((xr, yt + 1), (xr, yt + 3), (col[tr], yt + 3))
            port[walk[tr]] = (col[tr], yt + 3)
        else:
            d.route((xr, yt + 1), (xr, yt + 3), (xr + 5, yt + 3), (xr + 5, yb - 5), (col[tr], yb - 5))
            port[walk[tr]] = (col[tr], yb - 5)
        if up[br]:
            d.route((xr + 1, yb), (xr + 3, yb), (xr + 3, yt + 5), (col[br], yt + 5))
            port[walk[br]] = (col[br], yt + 5)
        else:
            d.route((xr + 1, yb), (xr + 2, yb), (xr + 2, yb - 3), (col[br], yb - 3))
            port[walk[br]] = (col[br], yb - 3)
    # forced arcs: ring vertex u -> d0 -> d1 -> ring vertex v
    ring_of = {v: i for i, c in enumerate(cycles) for v in c}
    for u, v in forced:
        d0, d1 = ("d", (u, v), 0), ("d", (u, v), 1)
        a, b = ("R", ring_of[u]), ("R", ring_of[v])
        xa_, x01, xb_ = (SX * x[frozenset(k)] for k in ((a, d0), (d0, d1), (d1, b)))
        y0, y1 = SY * ranking[d0], SY * ranking[d1]
        d.route(port[u], (xa_, y0), (x01, y0), (x01, y1), (xb_, y1), port[v])
    return d


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--max-points", type=int, default=4000)
    args = ap.parse_args()
    red = registry.reduction("hamiltonian-cycle-from-planar-positive-1in3sat")
    source = registry.problem(red.source)
    cases = [red.reduce(source.draw(params, random.Random(1)).instance) for params in red.verify_params]
    ham = registry.problem("hamiltonian-cycle")
    for n in (4, 6, 8, 10):
        for seed in range(3):
            cases.append(ham.draw({"directed": 1, "family": 3, "n": n}, random.Random(seed)).instance)
    for g in cases:
        try:
            d = draw(g)
        except ValueError as err:
            print(f"{g.n} vertices: skipped ({err})")
            continue
        want = HamiltonianCycle().count_graphillion(g) if hasattr(HamiltonianCycle(), "count_graphillion") else None
        if len(d.points) > args.max_points:
            print(f"{g.n} vertices: {len(d.points)} points, not counted; digraph {want}")
            continue
        print(f"{g.n} vertices: {len(d.points)} points, {d.count()} grid cycles, digraph {want}", flush=True)


if __name__ == "__main__":
    main()
