"""Polynomial cases of Witness panels (Witness seed, section 3 and section 7.1).

- Observation 3.1 (:func:`broken_edges_only`): with broken edges as the only clues, a solution exists iff
  some start and some end are connected by unbroken edges; a breadth-first shortest path is simple, so it
  is a witness.
- Lemma 3.5 and Theorem 3.6 (:func:`outer_face_path`, on a panel :func:`boundary_hexagons`): a simple path
  from ``s`` to ``t`` inside a simply connected set C of cells covering forced vertices and edges that all
  lie on C's outline, both ends on the outline. The dynamic programme of the proof: for a clockwise
  interval [a, b] of the outline (unrolled at ``t``: positions 0..m, both 0 and m being ``t``) holding
  ``s``, a maximum-remainder path from ``s`` to b (or to a) that visits no outline vertex outside [a, b];
  it guesses the last outline vertex x before the end, takes the prefix from the subproblem on the
  interval the case names, and the rest as the leftmost (rightmost, for the mirror) depth-first path
  through interior vertices. The remainder of a candidate is the component of C's cells, cut along the
  path, holding the cell on the outline edge (b, b+1), its size taken from shoelace areas in O(m + |path|);
  the candidate with the largest one wins (Lemma 3.5 makes the largest a superset of every other). Readings of the proof's gaps built in: the base
  case fails when another forced item lies in [a, b]; case 2 hides the forced items in [a, x), vertex a
  included; both are implied by checking that every forced item of [a, b] outside the prefix's interval
  is the end vertex or the last edge. The top level is Sub_b(1, m) (Sub_a(0, m-1) when the outline edge
  (t, t+1) is forced), so that the path never visits ``t`` before its end. O(m^3 n) as in the paper.
- Theorem 7.1 (:func:`monominoes`): with monominoes and broken edges only, a region holding a monomino
  must consist of monomino cells, so a path is a solution iff it uses every edge between a monomino cell
  and a monomino-free cell (:func:`monomino_hexagons` turns these into edge hexagons). Reject if a forced
  edge is broken, a vertex has three or more forced edges or the forced edges close a cycle; the forced
  edges then form stretches between boundary vertices, one per pair of adjacent components (empty-cell
  components are the divisions, monomino components the dividers when they touch two or more). The
  component adjacency is a tree; the path visits the components on the tree path (the spine) from the
  start's component to the end's in order, so every other component must be a leaf hanging off the
  spine. A division on the spine is a forced division (its empty cells; forced: every forced edge on its
  outline, the stretches of leaf monomino components and of its spine dividers) solved by Theorem 3.6
  from its entry to its exit (stretch endpoints, or the start / end); a divider on the spine is crossed
  by Theorem 3.6 on its own cells (forced: its stretches towards leaf divisions; the stretches towards the
  spine divisions, which those divisions traverse, are blocked except for the junction vertex). Found by
  a layer-by-layer search over the junction vertices. Departure from the paper's proof (section 7.1): its
  graph has a node per nonempty division only, but an empty division between two dividers must still be
  crossed, so every spine division is a node here; and the paper's divider traversal along boundary edges
  is a Theorem 3.6 instance here, since broken boundary edges may force a detour through the divider.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from gadgetry.core import InputError

from .model import (
    NAME,
    Cell,
    Edge,
    Panel,
    Path,
    Vertex,
    cell_sides,
    cells,
    edge,
    edge_cells,
    edges,
    make_panel,
    neighbours,
    vertex_cells,
)


def broken_edges_only(panel: Panel) -> Path | None:
    """Observation 3.1: a shortest start-to-end path along unbroken edges, or None if none exists."""
    if panel.symbols or panel.vertex_hexagons or panel.edge_hexagons:
        raise InputError(f"{NAME}: Observation 3.1 applies to panels whose only clues are broken edges")
    return _bfs(panel)


def _bfs(panel: Panel) -> Path | None:
    parent: dict[Vertex, Vertex | None] = {s: None for s in panel.starts}
    queue = deque(panel.starts)
    ends = set(panel.ends)
    while queue:
        v = queue.popleft()
        if v in ends:
            path = [v]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])  # type: ignore[arg-type]
            return tuple(reversed(path))
        for u in neighbours(panel, v):
            if u not in parent:
                parent[u] = v
                queue.append(u)
    return None


# -- Lemma 3.5 / Theorem 3.6 ---------------------------------------------------------------------------------
def outline(region: Iterable[Cell]) -> list[Vertex]:
    """The outline of a simply connected set of cells, clockwise on screen (y grows downwards, so the cells
    lie to the right of each step), from its smallest vertex; InputError if the set is empty, not
    connected, has a hole or two of its cells meet at a corner only (a pinch)."""
    cs = set(region)
    nxt: dict[Vertex, Vertex] = {}
    for x, y in cs:
        sides = (((x, y - 1), (x, y), (x + 1, y)), ((x + 1, y), (x + 1, y), (x + 1, y + 1)),
                 ((x, y + 1), (x + 1, y + 1), (x, y + 1)), ((x - 1, y), (x, y + 1), (x, y)))
        for other, u, v in sides:
            if other not in cs:
                if u in nxt:
                    raise InputError(f"{NAME}: the cells meet at the corner {u} only (no simple outline)")
                nxt[u] = v
    if not nxt:
        raise InputError(f"{NAME}: an outline needs at least one cell")
    first = min(nxt)
    cycle = [first]
    while nxt[cycle[-1]] != first:
        cycle.append(nxt[cycle[-1]])
    if len(cycle) != len(nxt):
        raise InputError(f"{NAME}: the cells are not simply connected (more than one outline cycle)")
    return cycle


def _left(d: Vertex) -> Vertex:
    return (d[1], -d[0])


def _right(d: Vertex) -> Vertex:
    return (-d[1], d[0])


class _ForcedDivision:
    """Theorem 3.6 for one forced division (C, F) and one pair of outline vertices s, t."""

    def __init__(self, region: frozenset[Cell], usable: frozenset[Edge], forced_vertices: frozenset[Vertex],
                 forced_edges: frozenset[Edge], s: Vertex, t: Vertex) -> None:
        cyc = outline(region)
        on = set(cyc)
        for name, v in (("start", s), ("end", t)):
            if v not in on:
                raise InputError(f"{NAME}: Theorem 3.6 needs the {name} {v} on the outline of C")
        outline_edges = {edge(cyc[i - 1], cyc[i]) for i in range(len(cyc))}
        if not forced_vertices <= on or not forced_edges <= outline_edges:
            raise InputError(f"{NAME}: Theorem 3.6 needs every forced vertex and edge on the outline of C")
        k = cyc.index(t)
        cyc = cyc[k:] + cyc[:k]
        self.m = m = len(cyc)
        self.vert = cyc + [t]
        self.region, self.usable, self.outline = region, usable, on
        self.s, self.t, self.ps = s, t, cyc.index(s) if s != t else 0
        self.fv = [int(v in forced_vertices) for v in self.vert]
        self.fe = [int(edge(self.vert[i], self.vert[i + 1]) in forced_edges) for i in range(m)]
        self.cum_v, self.cum_e = [0], [0]
        for f in self.fv:
            self.cum_v.append(self.cum_v[-1] + f)
        for f in self.fe:
            self.cum_e.append(self.cum_e[-1] + f)
        self.memo: dict[tuple[int, int, bool], tuple[tuple[Vertex, ...], int] | None] = {}
        self.turns: dict[tuple[Vertex, Vertex, bool, bool], list[Vertex]] = {}

    def forced(self, lo: int, hi: int) -> int:
        """Forced items in the interval [lo, hi] of positions: vertices, and edges with both ends in it."""
        return self.cum_v[hi + 1] - self.cum_v[lo] + self.cum_e[hi] - self.cum_e[lo]

    def solve(self) -> Path | None:
        if self.s == self.t:
            return (self.s,) if self.cum_v[self.m] + self.cum_e[self.m] == self.fv[0] else None
        m = self.m
        if self.fe[0] and self.fe[m - 1]:
            return None  # both outline edges at the end t are forced, but the path ends there
        got = self.sub(0, m - 1, False, top=True) if self.fe[0] else self.sub(1, m, True, top=True)
        return None if got is None else got[0]

    def sub(self, a: int, b: int, to_b: bool, top: bool = False) -> tuple[tuple[Vertex, ...], int] | None:
        """A maximum-remainder path from s to b (``to_b``) or to a, covering the forced items of [a, b] and
        visiting no outline vertex outside [a, b], with the size of its remainder; None if there is none."""
        key = (a, b, to_b)
        if key in self.memo:
            return self.memo[key]
        ps, vert = self.ps, self.vert
        end = b if to_b else a
        best: tuple[tuple[Vertex, ...], int] | None = None
        total = self.forced(a, b)
        if ps == end:
            if total == self.fv[ps]:
                best = ((self.s,), len(self.region))
            self.memo[key] = best
            return best
        last_edge = b - 1 if to_b else a
        for x in (range(b - 1, a - 1, -1) if to_b else range(a + 1, b + 1)):
            nested = x > ps if to_b else x < ps  # case 1: the prefix's own end is x; else case 2 or x = s
            lo, hi = (ps, ps) if x == ps else ((a, x) if to_b else (x, b)) if nested else \
                ((x, b - 1) if to_b else (a + 1, x))
            # forced items of [a, b] the prefix cannot reach: only the end vertex and the last outline edge
            near = x == (b - 1 if to_b else a + 1)
            if total - self.forced(lo, hi) - self.fv[end] - (self.fe[last_edge] if near else 0):
                continue
            p1 = ((self.s,), len(self.region)) if x == ps else self.sub(lo, hi, x == hi)
            if p1 is None:
                continue
            if near and edge(vert[x], vert[end]) in self.usable:
                p2: list[Vertex] | None = [vert[x], vert[end]]
            elif near and self.fe[last_edge]:
                continue
            else:
                prev = vert[x - 1] if to_b else vert[x + 1]
                p2 = self.leftmost(vert[x], vert[end], (vert[x][0] - prev[0], vert[x][1] - prev[1]), to_b, set(p1[0]))
            if p2 is None:
                continue
            path = p1[0] + tuple(p2[1:])
            if top:
                best = (path, 0)
                break
            # The remainder, from areas (shoelace): in case 1 the prefix's remainder minus the pocket
            # between p2 and the outline arc from x to the end; otherwise the region between p2 and the
            # outline arc from the end round the forbidden arc back to x (the prefix lies beyond p2).
            if nested:
                arc = range(b - 1, x, -1) if to_b else range(a + 1, x)
                size = p1[1] - _area(p2 + [vert[i] for i in arc])
            else:
                arc = [*range(b + 1, self.m + 1), *range(1, x)] if to_b else \
                    [*range(a - 1, -1, -1), *range(self.m - 1, x, -1)]
                size = _area(p2 + [vert[i] for i in arc])
            if best is None or size > best[1]:
                best = (path, size)
        self.memo[key] = best
        return best

    def leftmost(self, x: Vertex, target: Vertex, d_in: Vertex, left_first: bool, banned: set[Vertex]) -> list[Vertex] | None:
        """Depth-first search from outline vertex x to ``target`` through interior vertices of C only,
        avoiding ``banned``, trying the leftmost turn first (rightmost if not ``left_first``): the path
        hugging the side away from the remainder. At x the reverse direction is tried last."""
        turn1, turn2 = (_left, _right) if left_first else (_right, _left)

        def order(v: Vertex, d: Vertex, first: bool) -> list[Vertex]:
            key = (v, d, left_first, first)
            if key not in self.turns:
                dirs = [turn1(d), d, turn2(d)] + ([(-d[0], -d[1])] if first else [])
                self.turns[key] = [u for u in ((v[0] + dx, v[1] + dy) for dx, dy in dirs) if edge(u, v) in self.usable]
            return self.turns[key]

        seen = {x}
        path = [x]
        stack = [iter(order(x, d_in, True))]
        while stack:
            for u in stack[-1]:
                if u == target:
                    return path + [u]
                if u in seen or u in self.outline or u in banned:
                    continue
                seen.add(u)
                d = (u[0] - path[-1][0], u[1] - path[-1][1])
                path.append(u)
                stack.append(iter(order(u, d, False)))
                break
            else:
                stack.pop()
                path.pop()
        return None


def _area(polygon: list[Vertex]) -> int:
    """The number of cells inside a simple closed lattice polygon (shoelace formula)."""
    twice = sum(polygon[i - 1][0] * polygon[i][1] - polygon[i][0] * polygon[i - 1][1] for i in range(len(polygon)))
    return abs(twice) // 2


def outer_face_path(region: Iterable[Cell], s: Vertex, t: Vertex, *, broken: Iterable[Edge] = (),
                    forced_vertices: Iterable[Vertex] = (), forced_edges: Iterable[Edge] = ()) -> Path | None:
    """Theorem 3.6: a simple path from ``s`` to ``t`` along unbroken sides of the cells of ``region`` (a
    simply connected set of cells without pinches) visiting every forced vertex and edge, or None if
    there is none. ``s``, ``t`` and the forced items must lie on the region's outline (InputError)."""
    cs = frozenset(region)
    bad = {edge(*e) for e in broken}
    usable = frozenset(e for c in cs for e in cell_sides(c) if e not in bad)
    return _ForcedDivision(cs, usable, frozenset(forced_vertices), frozenset(edge(*e) for e in forced_edges),
                           s, t).solve()


def _boundary(panel: Panel, v: Vertex) -> bool:
    return v[0] in (0, panel.width) or v[1] in (0, panel.height)


def boundary_hexagons(panel: Panel) -> Path | None:
    """Theorem 3.6 on a panel: a solution path, or None if there is none. Preconditions (InputError naming
    the one violated): no cell symbols; every vertex and edge hexagon on the panel's boundary (its
    outline); every start and end on the boundary (Theorem 3.6 takes both ends on the outline)."""
    if panel.symbols:
        raise InputError(f"{NAME}: Theorem 3.6 applies to panels without cell symbols")
    out = set(outline(cells(panel)))
    for v in sorted(panel.vertex_hexagons):
        if v not in out:
            raise InputError(f"{NAME}: Theorem 3.6 needs hexagons on the boundary, vertex {v} is not")
    for e in sorted(panel.edge_hexagons):
        if len(edge_cells(panel, e)) != 1:
            raise InputError(f"{NAME}: Theorem 3.6 needs hexagons on the boundary, edge {e} is not")
    for name, vs in (("start", panel.starts), ("end", panel.ends)):
        for v in vs:
            if v not in out:
                raise InputError(f"{NAME}: Theorem 3.6 needs every {name} on the boundary, {v} is not")
    region = frozenset(cells(panel))
    usable = frozenset(edges(panel))
    for s in panel.starts:
        for t in panel.ends:
            path = _ForcedDivision(region, usable, panel.vertex_hexagons, panel.edge_hexagons, s, t).solve()
            if path is not None:
                return path
    return None


# -- Theorem 7.1 ----------------------------------------------------------------------------------------------
def _monomino_cells(panel: Panel) -> set[Cell]:
    if any(s.kind != "poly" or s.shape != ((0, 0),) for _, s in panel.symbols):
        raise InputError(f"{NAME}: Theorem 7.1 applies to panels whose only cell clues are monominoes")
    return {c for c, _ in panel.symbols}


def _forced_edges(panel: Panel, mono: set[Cell]) -> set[Edge]:
    """The edges between a monomino cell and a monomino-free cell."""
    forced = set()
    for c in mono:
        for e in cell_sides(c):
            cs = edge_cells(panel, e)
            if len(cs) == 2 and any(d not in mono for d in cs):
                forced.add(e)
    return forced


def monomino_hexagons(panel: Panel) -> Panel | None:
    """Theorem 7.1, first step: the equivalent panel with an edge hexagon on every edge between a monomino
    cell and a monomino-free cell instead of the monominoes; None if that panel has no solution because a
    forced edge is broken or a vertex has more than two forced edges."""
    forced = _forced_edges(panel, _monomino_cells(panel))
    if forced & panel.broken:
        return None
    degree: dict[Vertex, int] = {}
    for e in forced | panel.edge_hexagons:
        for v in e:
            degree[v] = degree.get(v, 0) + 1
    if any(d > 2 for d in degree.values()):
        return None
    return make_panel(panel.width, panel.height, panel.starts, panel.ends, broken=panel.broken,
                      vertex_hexagons=panel.vertex_hexagons, edge_hexagons=panel.edge_hexagons | forced,
                      rules=panel.rules, options=dict(panel.options))


def monominoes(panel: Panel) -> Path | None:
    """Theorem 7.1: a solution path of a panel whose only clues are monominoes and broken edges, or None
    if there is none (see the module docstring for the steps). Preconditions (InputError naming the one
    violated): no cell clue but monominoes; no hexagons; every start and end on the panel's boundary or on
    a forced edge, i.e. on the outline of its component (Theorem 3.6 takes both ends on the outline)."""
    mono = _monomino_cells(panel)
    if panel.vertex_hexagons or panel.edge_hexagons:
        raise InputError(f"{NAME}: Theorem 7.1 applies to panels without hexagons")
    forced = _forced_edges(panel, mono)
    touched = {v for e in forced for v in e}
    for name, vs in (("start", panel.starts), ("end", panel.ends)):
        for v in vs:
            if forced and not (_boundary(panel, v) or v in touched):
                raise InputError(f"{NAME}: Theorem 7.1 needs every {name} on the boundary or on a forced edge, "
                                 f"{v} is inside a component")
    if not forced:
        return _bfs(panel)  # all cells alike: every path is a solution
    if forced & panel.broken:
        return None
    adj: dict[Vertex, list[Vertex]] = {}
    for u, v in forced:
        adj.setdefault(u, []).append(v)
        adj.setdefault(v, []).append(u)
    if any(len(n) > 2 for n in adj.values()):
        return None
    stretches: list[list[Vertex]] = []
    for v in sorted(adj):
        if len(adj[v]) == 1 and not any(v == st[-1] for st in stretches):
            walk, prev = [v], None
            while True:
                nxt = [u for u in adj[walk[-1]] if u != prev]
                if not nxt:
                    break
                prev = walk[-1]
                walk.append(nxt[0])
            stretches.append(walk)
    if sum(len(st) - 1 for st in stretches) != len(forced):
        return None  # the forced edges close a cycle
    piece = _components(panel, mono)
    between: dict[frozenset[int], list[Vertex]] = {}
    tree: dict[int, set[int]] = {p: set() for p in piece.values()}
    for st in stretches:
        c1, c2 = edge_cells(panel, edge(st[0], st[1]))
        between[frozenset((piece[c1], piece[c2]))] = st
        tree[piece[c1]].add(piece[c2])
        tree[piece[c2]].add(piece[c1])
    end_of = {st[0]: st for st in stretches} | {st[-1]: st for st in stretches}

    def homes(v: Vertex) -> list[int]:
        if v in end_of:
            st = end_of[v]
            return sorted({piece[c] for c in edge_cells(panel, edge(st[0], st[1]))})
        if v in adj:
            return []  # inside a stretch: both forced edges there would meet the path's end
        return [piece[vertex_cells(panel, v)[0]]]

    search = _Spine(panel, mono, piece, tree, between, forced)
    for s in panel.starts:
        for t in panel.ends:
            for ns in homes(s):
                for nt in homes(t):
                    path = search.path(s, ns, t, nt)
                    if path is not None:
                        return path
    return None


def _components(panel: Panel, mono: set[Cell]) -> dict[Cell, int]:
    """Component number of every cell: 4-connected monomino cells, 4-connected monomino-free cells."""
    comp: dict[Cell, int] = {}
    n = -1
    for c0 in cells(panel):
        if c0 in comp:
            continue
        n += 1
        comp[c0] = n
        stack = [c0]
        while stack:
            x, y = stack.pop()
            for c in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if c not in comp and 0 <= c[0] < panel.width and 0 <= c[1] < panel.height and \
                        (c in mono) == (c0 in mono):
                    comp[c] = n
                    stack.append(c)
    return comp


class _Spine:
    """The search of Theorem 7.1 over the components on the tree path from the start's to the end's."""

    def __init__(self, panel: Panel, mono: set[Cell], piece: dict[Cell, int], tree: dict[int, set[int]],
                 between: dict[frozenset[int], list[Vertex]], forced: set[Edge]) -> None:
        self.panel, self.tree, self.between, self.forced = panel, tree, between, forced
        self.cells: dict[int, frozenset[Cell]] = {}
        for c, p in piece.items():
            self.cells[p] = self.cells.get(p, frozenset()) | {c}
        self.is_mono = {piece[c]: c in mono for c in piece}
        self.usable = frozenset(edges(panel))

    def spine(self, ns: int, nt: int) -> list[int] | None:
        """The tree path from ns to nt, or None if some other component is not a leaf next to it."""
        parent = {ns: ns}
        queue = deque([ns])
        while queue:
            p = queue.popleft()
            for q in self.tree[p]:
                if q not in parent:
                    parent[q] = p
                    queue.append(q)
        line = [nt]
        while line[-1] != ns:
            line.append(parent[line[-1]])
        line.reverse()
        on = set(line)
        for p in self.tree:
            if p not in on and (len(self.tree[p]) != 1 or not self.tree[p] <= on):
                return None
        return line

    def path(self, s: Vertex, ns: int, t: Vertex, nt: int) -> Path | None:
        line = self.spine(ns, nt)
        if line is None:
            return None
        on = set(line)
        reach: dict[Vertex, tuple[Vertex, ...]] = {s: (s,)}
        for i, p in enumerate(line):
            out = self.between[frozenset((p, line[i + 1]))] if i + 1 < len(line) else None
            into = self.between[frozenset((p, line[i - 1]))] if i > 0 else None
            region = self.cells[p]
            sides = {e for c in region for e in cell_sides(c)}
            if self.is_mono[p]:  # a divider: its stretches towards leaf divisions
                forced = {edge(st[j], st[j + 1]) for q in self.tree[p] - on
                          for st in [self.between[frozenset((p, q))]] for j in range(len(st) - 1)}
            else:  # a division: every forced edge on its outline
                forced = self.forced & sides
            nxt: dict[Vertex, tuple[Vertex, ...]] = {}
            for u, pre in reach.items():
                for w in ([t] if out is None else [out[0], out[-1]]):
                    if w in nxt:
                        continue
                    usable = self.usable & sides
                    if self.is_mono[p]:
                        blocked = (set(into or ()) - {u}) | (set(out or ()) - {w})
                        usable = frozenset(e for e in usable if not (set(e) & blocked))
                    got = _ForcedDivision(region, usable, frozenset(), frozenset(forced), u, w).solve()
                    if got is not None:
                        nxt[w] = pre + got[1:]
            reach = nxt
        return reach.get(t)
