"""Planar connected vertex cover to rectilinear Steiner tree (Garey & Johnson 1977, "The rectilinear Steiner
tree problem is NP-complete", the main theorem, from Lemma 2's planar connected vertex cover of maximum
degree 4).

The construction: the graph is drawn on the lattice (vertices at lattice points, edges lattice paths, so
degree at most 4, one edge per direction), the drawing is scaled by ``SCALE``, and every lattice point of a
scaled edge except its two ends (the vertices) becomes a terminal, so each edge turns into a *chain* of
terminals one unit apart, ending one unit short of each end vertex. A tree pays the chain's own unit edges,
and joins the m chains through vertex points: a vertex v joined to d chains costs d. A tree through the
vertices C pays m + |C| - 1 joins, so with L the total length of the chains the bound is
k' = L + m - 1 + k: a tree of length at most k' exists iff a connected vertex cover of size at most k does.

What the prose fixes and what is chosen here: the drawing of the graph is part of the source instance
(the paper draws the graph on a grid first; here the source problem carries the drawing). The scale is
chosen as 3, the smallest that works: at scale 2 the centre of a unit face is one unit from the chains of
its sides and joins them like a vertex no cover pays for (a path round three sides of a square then has a
tree within the bound of a cover one smaller: the tests keep that instance); at scale 3 the chains across a
face are three apart, and a join that bypasses the vertices costs at least as much as going through them
(the corner point v + (1, 1) joins two perpendicular chains of v at the cost of v itself). The degenerate
sources get fixed instances: no edges (the empty cover) a single terminal (YES); edges in two or more
components (no connected cover at all) two terminals two apart with k = 1 (NO); one edge, whose chain
needs no vertex while a cover needs one of its ends, the bound L + k - 1.

Maps. ``forward``: the chains, plus a spanning tree of the incidences between the cover's vertices and
the edges, its cover vertices of degree one pruned (their joins are then not needed), each incidence drawn
as the unit edge from the vertex point to the chain's end. ``backward``: the tree's joins (its pieces off the chains'
own unit edges) each stand for the fewest vertices of the joined edges that are connected and meet them
all (:func:`smallest_join`: v for a join through v's point or corner); their union is the cover (one
edge, which needs no join: its smaller end). Chains touched by two joins link their vertex sets, so the
union is connected; a join of e edges and t chains pays e - t + 1 >= its vertices, the bound's share.

Counts: not parsimonious (the paper claims nothing): a target solution is a minimal tree, and one cover
gives several trees (the spanning tree of the incidences; the vertex or the corner at a vertex joining two
perpendicular chains), while covers with a vertex every tree could spare give none. The claim is ``none``;
the measured ratios are in the tests.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import networkx as nx

from gadgetry.core import NO_CLAIM, InputError, Reduction
from gadgetry.sources.connected_vertex_cover import DrawnGraph, Point, edges_connected, ends, pieces
from gadgetry.sources.steiner import Edge, SteinerInstance, make_instance, unit_edge

#: The factor the drawing is scaled by (module docstring).
SCALE = 3
YES_INSTANCE = make_instance([(0, 0)], 0)
NO_INSTANCE = make_instance([(0, 0), (2, 0)], 1)


def scaled_path(path: Sequence[Point]) -> list[Point]:
    """Every lattice point of an edge's path scaled by :data:`SCALE`, in order, ends included."""
    out = [(path[0][0] * SCALE, path[0][1] * SCALE)]
    for (ax, ay), (bx, by) in zip(path, path[1:]):
        dx, dy = bx - ax, by - ay
        out += [(ax * SCALE + dx * t, ay * SCALE + dy * t) for t in range(1, SCALE + 1)]
    return out


def chains(src: DrawnGraph) -> list[list[Point]]:
    """Each edge's chain of terminals (its scaled path without the two ends)."""
    return [scaled_path(e)[1:-1] for e in src.edges]


def bound(src: DrawnGraph) -> int:
    """k' = L + m - 1 + k, and L + k - 1 for one edge (module docstring)."""
    length = sum(len(c) - 1 for c in chains(src))
    m = len(src.edges)
    return length + k_joins(m) + src.k


def k_joins(m: int) -> int:
    """The joins a tree needs besides the cover's vertices: m - 1, or -1 for one edge (no vertex needed)."""
    return m - 1 if m >= 2 else -1


def point(v: Point) -> Point:
    return (v[0] * SCALE, v[1] * SCALE)


class RectilinearSteinerTreeFromPlanarConnectedVertexCover(Reduction):
    """Garey & Johnson 1977, the main theorem; see the module docstring."""

    name = "rectilinear-steiner-tree-from-planar-connected-vertex-cover"
    source = "planar-connected-vertex-cover"
    target = "rectilinear-steiner-tree"
    paper = "Garey & Johnson 1977, The rectilinear Steiner tree problem is NP-complete"
    section = "3"
    theorem = "Theorem 1 (from Lemma 2)"
    claim = NO_CLAIM
    verify_budget = 40  # 200 instances take about 40 s: the target's minimal trees are counted (up to 500)
    verify_params = ({"n": 3, "width": 2, "height": 2, "slack": 0}, {"n": 4, "width": 3, "height": 2, "slack": 1})
    verify_unsat_params = {"n": 4, "width": 3, "height": 2, "slack": 0}

    def reduce(self, src: DrawnGraph) -> SteinerInstance:
        if not src.edges:
            return YES_INSTANCE
        if not edges_connected(src):
            return NO_INSTANCE
        return make_instance([p for c in chains(src) for p in c], bound(src))

    def forward(self, src: DrawnGraph, target: SteinerInstance, cover: Sequence[Point]) -> tuple[Edge, ...]:
        if not src.edges:
            return ()
        tree = {unit_edge(a, b) for c in chains(src) for a, b in zip(c, c[1:])}
        inc = nx.Graph()
        inc.add_nodes_from(("e", i) for i in range(len(src.edges)))
        for i, (u, v) in enumerate(ends(src)):
            inc.add_edges_from((("v", w), ("e", i)) for w in (u, v) if w in set(cover))
        span = nx.bfs_tree(inc, ("e", 0)).to_undirected()
        while True:
            spare = [n for n in span if n[0] == "v" and span.degree(n) <= 1]
            if not spare:
                break
            span.remove_nodes_from(spare)
        for a, b in span.edges:
            (_, w), (_, i) = (a, b) if a[0] == "v" else (b, a)
            path = scaled_path(src.edges[i])
            end = path[1] if path[0] == point(w) else path[-2]
            tree.add(unit_edge(point(w), end))
        return tuple(sorted(tree))

    def backward(self, src: DrawnGraph, target: SteinerInstance, tree: Sequence[Edge]) -> tuple[Point, ...]:
        if not src.edges:
            return ()
        if not edges_connected(src):
            raise InputError(f"{self.name}: the fixed NO instance has no solution to map")
        cover: set[Point] = set()
        for touched in joins(src, tree):
            cover |= smallest_join(src, touched)
        for u, v in ends(src):
            if u not in cover and v not in cover:
                cover.add(min(u, v))
        return tuple(sorted(cover))

    def overhead(self, src: DrawnGraph) -> dict[str, int] | None:
        if not src.edges or not edges_connected(src):
            return None
        return {"terminals": sum(len(e) - 1 for e in src.edges) * SCALE - len(src.edges), "k": bound(src)}


def joins(src: DrawnGraph, tree: Sequence[Edge]) -> list[list[int]]:
    """The tree's *joins*: the connected pieces of its edges that are no chain's own unit edges, each as
    the sorted indices of the edges whose chains it touches."""
    chain_of = {p: i for i, c in enumerate(chains(src)) for p in c}
    own = {unit_edge(a, b) for c in chains(src) for a, b in zip(c, c[1:])}
    rest = [e for e in tree if unit_edge(*e) not in own]
    return [sorted({chain_of[p] for p in comp if p in chain_of}) for comp in pieces({p for e in rest for p in e}, rest)]


def smallest_join(src: DrawnGraph, touched: Sequence[int]) -> set[Point]:
    """The fewest end vertices of the ``touched`` edges (the first such set in sorted order) that induce a
    connected subgraph meeting every one of them: what a join of these chains stands for. A join through
    v's point or its corner is {v}; the join across a face that scale 3 allows is the face's path."""
    edges = [ends(src)[i] for i in touched]
    candidates = sorted({v for e in edges for v in e})
    for r in range(1, len(candidates) + 1):
        for subset in itertools.combinations(candidates, r):
            chosen = set(subset)
            if all(u in chosen or v in chosen for u, v in edges) and len(pieces(chosen, ends(src))) == 1:
                return chosen
    return set(candidates)


REDUCTIONS = [RectilinearSteinerTreeFromPlanarConnectedVertexCover()]
