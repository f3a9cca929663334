"""Antidirected and forbidden-transition Eulerian trails behind the linear-time solver of leg-contact
right-triangle edge matching (Edge-matching seed, section 4.2: Theorem 4.5, Corollary 4.6, Theorem 4.7 after
Kotzig, Corollary 4.8; Theorem 4.9 itself is :func:`gadgetry.puzzles.edgematching.triangle.solve_leg`), with
three slips of section 4.2 corrected (listed in docs/slips.md).

- :func:`split_graph` (Theorem 4.5): arc (u, v) becomes the undirected edge {u+, v-}, with v+ = 2v and
  v- = 2v + 1. A trail step leaving a + vertex is a forwards traversal, leaving a - vertex a backwards one.
- :func:`antidirected_euler_path` (Corollary 4.6, corrected): an Euler trail of the split graph (networkx)
  whose start vertex is chosen so that the first and last steps have the required directions. All degrees
  even: the trail is closed and has even length (the split graph is bipartite), so the first and last
  directions always differ, and the start side is chosen, not the trail reversed (Corollary 4.6's
  'reverse the path' cannot change the start side, and its 's = t, e odd' case never occurs). Two odd
  vertices: the trail runs between them, in the order the directions allow.
- :func:`forbidden_transition_trail` (Theorem 4.7, Kotzig): pair the edge ends at each vertex, groups
  contiguous, position j with j + deg/2; the pairing splits the edges into closed trails, merged at shared
  vertices by re-pairing two transitions one of the two crossing ways (one always respects the groups).
  Union-find keeps trail identity. Two odd vertices: a dummy edge between them, its ends in fresh groups.
  All degrees even, as a *path* (a slip in Theorem 4.7's 'only if'): the literal bound |P| <= deg/2 is
  wrong for the start vertex x, whose (last, first) pair is no transition: x may exceed it by one. Then a
  new vertex z with two edges to x (fresh groups) is added, the cycle solved and cut at z.
- :func:`forbidden_transition_antidirected_path` (Corollary 4.8): the split graph, each group carried to
  v+ or v-, then Theorem 4.7 with the start/end analysis of Corollary 4.6.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from gadgetry.core import InputError

#: A step of an antidirected trail: (arc index, forwards).
Step = tuple[int, bool]
#: A step of an undirected trail: (edge index, the vertex it leaves).
Move = tuple[int, int]
Pred = Callable[[int], bool] | None


def split_graph(arcs: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Theorem 4.5: arc (u, v) becomes the edge {u+, v-} = (2u, 2v + 1)."""
    return [(2 * u, 2 * v + 1) for u, v in arcs]


def _ok(pred: Pred, x: int) -> bool:
    return pred is None or pred(x)


def direction_predicates(start: bool | None, end: bool | None) -> tuple[Pred, Pred]:
    """Start/end vertex predicates on the split graph for required first/last directions (True =
    forwards): a trail starting at a + vertex starts forwards, one ending at a - vertex ends forwards."""
    s = None if start is None else (lambda x: (x % 2 == 0) == start)
    e = None if end is None else (lambda y: (y % 2 == 1) == end)
    return s, e


def _degrees(edges: Sequence[tuple[int, int]]) -> dict[int, int]:
    deg: dict[int, int] = {}
    for a, b in edges:
        deg[a] = deg.get(a, 0) + 1
        deg[b] = deg.get(b, 0) + 1
    return deg


def _connected(edges: Sequence[tuple[int, int]]) -> bool:
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in edges:
        parent[find(a)] = find(b)
    return len({find(x) for x in list(parent)}) <= 1


def _ends(edges: Sequence[tuple[int, int]], start_ok: Pred, end_ok: Pred) -> tuple[int, int] | None:
    """The (start, end) vertices of an Euler trail meeting the predicates, by the degree parities; None if
    there is none (a closed trail starts and ends at one vertex)."""
    deg = _degrees(edges)
    odd = sorted(x for x, d in deg.items() if d % 2)
    if not _connected(edges) or len(odd) not in (0, 2):
        return None
    pairs = [(odd[0], odd[1]), (odd[1], odd[0])] if odd else [(x, x) for x in sorted(deg)]
    return next(((x, y) for x, y in pairs if _ok(start_ok, x) and _ok(end_ok, y)), None)


def euler_trail(edges: Sequence[tuple[int, int]], start_ok: Pred = None, end_ok: Pred = None) -> list[Move] | None:
    """An Euler trail of the multigraph ``edges`` (networkx, Hierholzer) whose start and end vertices meet
    the predicates, or None."""
    import networkx as nx
    if not edges:
        return []
    ends = _ends(edges, start_ok, end_ok)
    if ends is None:
        return None
    g = nx.MultiGraph()
    for k, (a, b) in enumerate(edges):
        g.add_edge(a, b, key=k)
    return [(k, a) for a, _b, k in nx.eulerian_path(g, source=ends[0], keys=True)]


def antidirected_euler_path(arcs: Sequence[tuple[int, int]], start: bool | None = None,
                            end: bool | None = None) -> list[Step] | None:
    """Corollary 4.6 (corrected): an antidirected Euler path of the digraph ``arcs`` whose first (last) step
    is forwards iff ``start`` (``end``) is True (None = either), as (arc, forwards) steps; or None."""
    trail = euler_trail(split_graph(arcs), *direction_predicates(start, end))
    return None if trail is None else [(k, a % 2 == 0) for k, a in trail]


def _kotzig_cycle(edges: Sequence[tuple[int, int]], groups: Sequence[tuple[Hashable, Hashable]]) -> list[Move]:
    """Theorem 4.7's construction on a connected multigraph with every degree even and every group at most
    half its vertex's degree: a closed Euler trail with no two consecutive edges in one group (the closing
    pair included)."""
    at: dict[int, list[tuple[int, int]]] = {}
    for e, (a, b) in enumerate(edges):
        at.setdefault(a, []).append((e, 0))
        at.setdefault(b, []).append((e, 1))

    def group(end: tuple[int, int]) -> Hashable:
        return groups[end[0]][end[1]]

    partner: dict[tuple[int, int], tuple[int, int]] = {}
    for ends in at.values():
        order: dict[Hashable, int] = {}
        for x in ends:
            order.setdefault(group(x), len(order))
        ends = sorted(ends, key=lambda x: order[group(x)])
        half = len(ends) // 2
        for j in range(half):
            partner[ends[j]], partner[ends[j + half]] = ends[j + half], ends[j]
    parent = list(range(len(edges)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for x, y in partner.items():
        parent[find(x[0])] = find(y[0])
    for ends in at.values():
        cur = ends[0]
        for y1 in ends[1:]:
            x1 = cur
            x2, y2 = partner[x1], partner[y1]
            if find(x1[0]) == find(y1[0]):
                continue
            if group(x1) != group(y2) and group(y1) != group(x2):
                new = ((x1, y2), (y1, x2))
            else:
                new = ((x1, y1), (x2, y2))
            for p, q in new:
                partner[p], partner[q] = q, p
            parent[find(x1[0])] = find(y1[0])
            cur = x1
    out: list[Move] = []
    e, side = 0, 0
    for _ in range(len(edges)):
        out.append((e, edges[e][side]))
        e, side = partner[(e, 1 - side)]
    return out


def forbidden_transition_trail(edges: Sequence[tuple[int, int]], groups: Sequence[tuple[Hashable, Hashable]],
                               start_ok: Pred = None, end_ok: Pred = None) -> list[Move] | None:
    """Theorem 4.7 (Kotzig, corrected for paths with all degrees even): an Euler trail of the multigraph
    ``edges`` (no loops) with no two consecutive edges in one group at their shared vertex; ``groups[e]`` =
    (group of e at its first end, group at its second end); start and end vertices meeting the predicates.
    Returns (edge, vertex left) steps, or None when there is none."""
    if not edges:
        return []
    if any(a == b for a, b in edges):
        raise InputError("forbidden-transition trail: loops are not supported")
    deg = _degrees(edges)
    odd = sorted(x for x, d in deg.items() if d % 2)
    if not _connected(edges) or len(odd) not in (0, 2):
        return None
    biggest: dict[int, int] = {}
    sizes: dict[tuple[int, Hashable], int] = {}
    for e, (a, b) in enumerate(edges):
        for v, g in ((a, groups[e][0]), (b, groups[e][1])):
            sizes[v, g] = sizes.get((v, g), 0) + 1
            biggest[v] = max(biggest.get(v, 0), sizes[v, g])
    fresh = [("fresh", i) for i in range(4)]
    m = len(edges)
    if odd:
        if any(biggest[v] > (deg[v] + 1) // 2 for v in deg):
            return None
        ends = next(((x, y) for x, y in ((odd[0], odd[1]), (odd[1], odd[0]))
                     if _ok(start_ok, x) and _ok(end_ok, y)), None)
        if ends is None:
            return None
        x, y = ends
        cyc = _kotzig_cycle([*edges, (y, x)], [*groups, (fresh[0], fresh[1])])
        i = next(i for i, (e, _a) in enumerate(cyc) if e == m)
        if cyc[i][1] != y:  # the dummy edge is crossed x -> y: walk the cycle the other way round
            cyc = [(e, edges[e][0] + edges[e][1] - a) if e < m else (e, x + y - a) for e, a in reversed(cyc)]
            i = next(i for i, (e, _a) in enumerate(cyc) if e == m)
        return cyc[i + 1:] + cyc[:i]
    over = [v for v in deg if biggest[v] > deg[v] // 2]
    if len(over) > 1 or any(biggest[v] > deg[v] // 2 + 1 for v in over):
        return None
    if over:
        x = over[0]
        if not (_ok(start_ok, x) and _ok(end_ok, x)):
            return None
        z = max(deg) + 1
        cyc = _kotzig_cycle([*edges, (x, z), (z, x)], [*groups, (fresh[0], fresh[1]), (fresh[2], fresh[3])])
        i = next(i for i, (e, a) in enumerate(cyc) if a == z)  # the step leaving z
        rot = cyc[i + 1:] + cyc[:i + 1]
        return rot[:-2]
    x = next((v for v in sorted(deg) if _ok(start_ok, v) and _ok(end_ok, v)), None)
    if x is None:
        return None
    cyc = _kotzig_cycle(edges, groups)
    i = next(i for i, (_e, a) in enumerate(cyc) if a == x)
    return cyc[i:] + cyc[:i]


def forbidden_transition_antidirected_path(arcs: Sequence[tuple[int, int]],
                                           groups: Sequence[tuple[Hashable, Hashable]],
                                           start: bool | None = None, end: bool | None = None) -> list[Step] | None:
    """Corollary 4.8: an antidirected Euler path of ``arcs`` with no two consecutive arcs in one group at
    their shared vertex (``groups[k]`` = (group at the tail, group at the head); consecutive arcs share
    their tails or their heads), first/last directions as in :func:`antidirected_euler_path`."""
    trail = forbidden_transition_trail(split_graph(arcs), groups, *direction_predicates(start, end))
    return None if trail is None else [(k, a % 2 == 0) for k, a in trail]
