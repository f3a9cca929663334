"""SAT encoding of Witness panels under both rule sets, and counterexample-guided refinement (CEGAR) for
the panels whose rules are Sigma2 (Witness seed, section 8, Theorem 8.4).

The CNF (``encode``) has one variable per unbroken edge: the projection. Its projected models are exactly
the solution paths (a path is fixed by its edge set: starts and ends are disjoint). Parts:

- Path: one start and one end are chosen (``start``/``end`` variables, defined by the edges); a chosen
  endpoint has degree 1, every other vertex degree 0 or 2 (it may pass over other starts and ends). So the
  edges form one start-end path plus cycles. No cycles: every cell reaches the outer face across unused
  edges, in ``reach[c, k]`` = "within k steps" layers (functional). A cycle of grid edges encloses a cell,
  and a simple path leaves the plane connected, so this is exact.
- Regions (when a clue needs them): each cell's label is the smallest cell (row-major) of its region,
  one-hot. Labels are equal across every edge not on the path (broken edges do not cut), and a cell that
  is not its own label has a parent across an open edge of smaller rank (order encoding), so every label
  is the root of a tree inside the region. The labels are functions of the path; parents and ranks are
  existential, which projection makes harmless. ``same(a, b)``: equal labels (functional).
- Hexagons: a vertex hexagon is visited, an edge hexagon used. Triangles: exactly i of the cell's sides
  (broken sides are never used). Squares: two squares of different colours are never in one region.
  Stars: exactly one other clue of the star's colour in its region, counted among stars and squares
  (``paper``, Table 2) or among every cell symbol (``solver``).
- (Anti)polyominoes: one placement variable per orientation and offset (existential: projection counts
  paths, not tilings). Without antipolyominoes, every piece lies inside its own region and every cell of
  a region holding pieces is covered exactly once. ``paper`` antipolyominoes: for each piece q and every
  plane cell y of a window around the board, the net coverage by q's region's pieces (+1 / -1) equals
  ``i_q`` on q's region and 0 elsewhere (Table 2 with i in {0, 1}). The window's margin is the sum of
  (extent - 1) over the panel's pieces: pieces touching the region chain by overlaps, and a cluster that
  cancels on its own can be moved next to the board.

Antibodies (both rule sets) and ``solver`` hollow pieces ("fewer must not pass") are Sigma2: ``encode``
refuses them with :class:`InputError`, and :func:`solutions` / :func:`count` / :func:`solve` refine
instead, over PySAT (no QBF solver is installed): a relaxed CNF whose region constraints are guarded by
"this region holds no antibody" (solver hollow pieces: packing constraints dropped) proposes a path, the
pure-Python checker (:mod:`.rules`, Definition 1 by brute force) decides it, and the path is blocked.
Counting enumerates every candidate path this way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from gadgetry.core import CNF, Encoding, InputError
from gadgetry.core.sat import enumerate_projected

from .model import (
    NAME,
    Cell,
    Edge,
    Panel,
    Path,
    Vertex,
    all_edges,
    cell_sides,
    cells,
    edge,
    edge_cells,
    orientations,
    vertex_cells,
    vertices,
)
from .rules import check, star_counted


def needs_refinement(panel: Panel) -> bool:
    """Whether the panel's rules are Sigma2 here: antibodies, or ``solver`` hollow pieces."""
    kinds = {s.kind for _, s in panel.symbols}
    return "antibody" in kinds or (panel.rules == "solver" and "antipoly" in kinds)


def encode(panel: Panel) -> Encoding:
    """The CNF whose edge-projected models are the solution paths (see the module docstring)."""
    if needs_refinement(panel):
        raise InputError(f"{NAME}: panels with antibodies (or solver hollow pieces) are Sigma2 and have no "
                         f"CNF encoding here; they are solved by refinement, counted with --method cegar or enumeration")
    b = _Builder(panel, relaxed=False)
    return Encoding(b.cnf, b.decode)


def relaxed(panel: Panel) -> Encoding:
    """A CNF over the same edge projection whose models include every solution path (region constraints
    hold only in regions without antibodies; solver hollow pieces drop the packing constraints)."""
    b = _Builder(panel, relaxed=True)
    return Encoding(b.cnf, b.decode)


def solutions(panel: Panel) -> Iterator[Path]:
    """Every solution path: projected enumeration of ``encode``, or refinement for Sigma2 panels."""
    if not needs_refinement(panel):
        enc = encode(panel)
        for true in enumerate_projected(enc.cnf.nvars, enc.cnf.clauses, enc.cnf.projection):
            yield enc.decode(true.__contains__)
        return
    enc = relaxed(panel)
    for true in enumerate_projected(enc.cnf.nvars, enc.cnf.clauses, enc.cnf.projection):
        path = enc.decode(true.__contains__)
        if check(panel, path):
            yield path


def solve(panel: Panel) -> Path | None:
    """One solution path, or None."""
    return next(solutions(panel), None)


def count(panel: Panel, method: str = "ganak") -> int:
    """The number of solution paths: Ganak on the projected CNF (``method="ganak"``) or enumeration;
    Sigma2 panels are always counted by refinement."""
    if method == "ganak" and not needs_refinement(panel):
        return encode(panel).count()
    return sum(1 for _ in solutions(panel))


def _key(c: Cell) -> tuple[int, int]:
    return c[1], c[0]


def _extent(shape: tuple[Cell, ...]) -> int:
    return max(max(x for x, _ in shape), max(y for _, y in shape)) + 1


class _Builder:
    """Builds the CNF of one panel; ``relaxed`` guards region constraints by antibody-free regions."""

    def __init__(self, panel: Panel, relaxed: bool) -> None:
        self.p = panel
        self.cnf = CNF()
        self.relaxed = relaxed
        self.cells = sorted(cells(panel), key=_key)
        self.index = {c: i for i, c in enumerate(self.cells)}
        self.syms = panel.symbol_map()
        self.antibodies = [c for c, s in panel.symbols if s.kind == "antibody"] if relaxed else []
        self.defs: list[list[int]] = []  # definitions of shared variables: never guarded
        self.falsity = self.cnf.var(("false",))
        self.defs.append([-self.falsity])
        self.e: dict[Edge, int] = {}
        for ed in all_edges(panel):
            if ed not in panel.broken:
                self.e[ed] = self.cnf.var(("e", ed))
        self.cnf.project(self.e.values())
        self._path()
        kinds = {s.kind for s in self.syms.values()}
        if kinds & {"square", "star", "poly", "antipoly", "antibody"}:
            self._regions()
        self._hexagons()
        self._triangles()
        self._squares()
        self._stars()
        if kinds & {"poly", "antipoly"} and not (relaxed and panel.rules == "solver" and "antipoly" in kinds):
            self._pieces()
        self.cnf.extend(self.defs)

    # -- helpers ----------------------------------------------------------------------------------
    def lit(self, ed: Edge) -> int | None:
        return self.e.get(ed)

    @contextmanager
    def guard(self, cell: Cell | None) -> Iterator[None]:
        """Clauses added inside hold only when ``cell``'s region holds no antibody (relaxed mode)."""
        g = self.has_antibody(cell) if cell is not None and self.antibodies else None
        start = len(self.cnf.clauses)
        yield
        if g is not None:
            for i in range(start, len(self.cnf.clauses)):
                self.cnf.clauses[i] = self.cnf.clauses[i] + [g]

    # -- the path ---------------------------------------------------------------------------------
    def _path(self) -> None:
        p, f = self.p, self.cnf
        inc: dict[Vertex, list[int]] = {v: [] for v in vertices(p)}
        for (u, v), x in self.e.items():
            inc[u].append(x)
            inc[v].append(x)
        self.sel: dict[Vertex, int] = {}
        for role, group in (("start", p.starts), ("end", p.ends)):
            sel = [f.var((role, v)) for v in group]
            f.exactly_one(sel)
            self.sel.update(zip(group, sel))
        for v, lits in inc.items():
            s = self.sel.get(v)
            guard = [s] if s is not None else []
            if s is not None:  # a chosen endpoint has degree exactly 1
                f.add([-s, *lits])
                for i in range(len(lits)):
                    for j in range(i + 1, len(lits)):
                        f.add([-s, -lits[i], -lits[j]])
            for x in lits:  # otherwise degree 0 or 2
                f.add(guard + [-x] + [y for y in lits if y != x])
            for i in range(len(lits)):
                for j in range(i + 1, len(lits)):
                    for k in range(j + 1, len(lits)):
                        f.add([-lits[i], -lits[j], -lits[k]])
        # no cycles: every cell reaches the outer face across unused edges, layer by layer
        layers = len(self.cells)
        reach: dict[tuple[Cell, int], int] = {}
        for c in self.cells:
            r = reach[c, 0] = f.var(("reach", c, 0))
            outer = []
            for ed in cell_sides(c):
                if len(edge_cells(p, ed)) == 1:
                    x = self.lit(ed)
                    if x is None:  # a broken boundary edge is never used
                        outer = None
                        break
                    outer.append(x)
            if outer is None:
                f.add([r])
            else:
                f.add([-r] + [-x for x in outer])
                for x in outer:
                    f.add([r, x])
        for k in range(1, layers):
            for c in self.cells:
                r = reach[c, k] = f.var(("reach", c, k))
                terms = [reach[c, k - 1]]
                for ed in cell_sides(c):
                    for n in edge_cells(p, ed):
                        if n == c:
                            continue
                        x = self.lit(ed)
                        if x is None:
                            terms.append(reach[n, k - 1])
                            continue
                        a = f.var(("via", c, n, k))
                        f.extend([[-a, -x], [-a, reach[n, k - 1]], [a, x, -reach[n, k - 1]]])
                        terms.append(a)
                f.add([-r] + terms)
                f.extend([r, -t] for t in terms)
        for c in self.cells:
            f.add([reach[c, layers - 1]])

    def decode(self, value: Callable[[int], bool]) -> Path:
        used = [ed for ed, x in self.e.items() if value(x)]
        adj: dict[Vertex, list[Vertex]] = {}
        for u, v in used:
            adj.setdefault(u, []).append(v)
            adj.setdefault(v, []).append(u)
        start = next(v for v in self.p.starts if len(adj.get(v, ())) == 1)
        path, prev = [start], None
        while True:
            nxt = [u for u in adj[path[-1]] if u != prev]
            if not nxt:
                return tuple(path)
            prev = path[-1]
            path.append(nxt[0])

    # -- regions ----------------------------------------------------------------------------------
    def _open(self, c: Cell, n: Cell) -> int | None:
        """The edge literal between two adjacent cells (None: broken, never on the path)."""
        (_, y1), (x2, y2) = sorted((c, n))
        ed = ((x2, y2), (x2, y2 + 1)) if y1 == y2 else ((x2, y2), (x2 + 1, y2))
        return self.lit(ed)

    def _adjacent(self, c: Cell) -> list[Cell]:
        x, y = c
        return [n for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if n in self.index]

    def _regions(self) -> None:
        f = self.cnf
        self.lab: dict[Cell, dict[Cell, int]] = {}
        for c in self.cells:
            self.lab[c] = {lc: f.var(("label", c, lc)) for lc in self.cells[: self.index[c] + 1]}
            f.exactly_one(list(self.lab[c].values()))
        ranks = len(self.cells) - 1
        rank = {c: [f.var(("rank", c, k)) for k in range(1, ranks + 1)] for c in self.cells}
        for c in self.cells:
            for k in range(ranks - 1):
                f.add([-rank[c][k + 1], rank[c][k]])
            parents = []
            for n in self._adjacent(c):
                x = self._open(c, n)
                cut = [x] if x is not None else []
                for lc, v in self.lab[c].items():
                    f.add([-v, *cut] + ([self.lab[n][lc]] if lc in self.lab[n] else []))
                par = f.var(("parent", c, n))
                parents.append(par)
                if x is not None:
                    f.add([-par, -x])
                if ranks:
                    f.add([-par, rank[c][0]])
                    for k in range(ranks - 1):
                        f.add([-par, -rank[n][k], rank[c][k + 1]])
                    f.add([-par, -rank[n][ranks - 1]])
                else:
                    f.add([-par])
            f.add([self.lab[c][c], *parents])

    def same(self, a: Cell, b: Cell) -> int:
        """The variable "cells a and b are in one region" (functional)."""
        if a == b:
            return -self.falsity
        a, b = sorted((a, b), key=_key)
        name = ("same", a, b)
        if self.cnf.has(name):
            return self.cnf.var(name)
        s = self.cnf.var(name)
        for lc, v in self.lab[a].items():  # a's labels are a subset of b's
            self.defs.append([-s, -v, self.lab[b][lc]])
            self.defs.append([s, -v, -self.lab[b][lc]])
        for lc, v in self.lab[b].items():
            if lc not in self.lab[a]:
                self.defs.append([-s, -v])
        return s

    def has_antibody(self, c: Cell) -> int:
        name = ("antibody-region", c)
        if self.cnf.has(name):
            return self.cnf.var(name)
        g = self.cnf.var(name)
        terms = [self.same(c, a) for a in self.antibodies]
        self.defs.append([-g, *terms])
        self.defs.extend([g, -t] for t in terms)
        return g

    # -- local clues ------------------------------------------------------------------------------
    def _hexagons(self) -> None:
        p, f = self.p, self.cnf
        paper = p.rules == "paper"
        for v in sorted(p.vertex_hexagons):
            lits = [self.lit(edge(v, u)) for u in _around(p, v)]
            with self.guard(vertex_cells(p, v)[0] if paper else None):
                f.add([x for x in lits if x is not None])
        for ed in sorted(p.edge_hexagons):
            with self.guard(edge_cells(p, ed)[0] if paper else None):
                f.add([self.e[ed]])

    def _triangles(self) -> None:
        for c, s in self.p.symbols:
            if s.kind != "triangle":
                continue
            lits = [x for x in (self.lit(ed) for ed in cell_sides(c)) if x is not None]
            with self.guard(c):
                self.cnf.exactly(lits, s.count)

    def _squares(self) -> None:
        sq = [(c, s.colour) for c, s in self.p.symbols if s.kind == "square"]
        for i, (a, ca) in enumerate(sq):
            for b, cb in sq[i + 1:]:
                if ca != cb:
                    with self.guard(a):
                        self.cnf.add([-self.same(a, b)])

    def _stars(self) -> None:
        counted = star_counted(self.p)
        for c, s in self.p.symbols:
            if s.kind != "star":
                continue
            others = [d for d, t in self.p.symbols if d != c and t.colour == s.colour and t.kind in counted]
            with self.guard(c):
                self.cnf.exactly([self.same(c, d) for d in others], 1)

    # -- (anti)polyominoes ------------------------------------------------------------------------
    def _pieces(self) -> None:
        p, f = self.p, self.cnf
        reflect = p.option("reflect")
        pieces = [(c, 1 if s.kind == "poly" else -1, orientations(s.shape, s.rotatable, reflect))
                  for c, s in p.symbols if s.kind in ("poly", "antipoly")]
        signed = any(sign < 0 for _, sign, _ in pieces)
        margin = sum(_extent(forms[0]) - 1 for _, _, forms in pieces) if signed else 0
        lo_x, hi_x, lo_y, hi_y = -margin, p.width + margin, -margin, p.height + margin
        covers: dict[Cell, dict[Cell, list[int]]] = {c: {} for c, _, _ in pieces}  # piece -> cell -> placements
        for c, _sign, forms in pieces:
            options = []
            for k, form in enumerate(forms):
                wx = max(x for x, _ in form) + 1
                wy = max(y for _, y in form) + 1
                for dy in range(lo_y, hi_y - wy + 1):
                    for dx in range(lo_x, hi_x - wx + 1):
                        v = f.var(("place", c, k, dx, dy))
                        options.append(v)
                        for px, py in form:
                            covers[c].setdefault((px + dx, py + dy), []).append(v)
            if self.antibodies:  # a piece of an antibody region is left unplaced
                null = f.var(("unplaced", c))
                g = self.has_antibody(c)
                f.extend([[-null, g], [null, -g]])
                options.append(null)
            f.exactly_one(options)
        if not signed:
            for c, _, _ in pieces:
                for y, vs in covers[c].items():
                    with self.guard(c):
                        s = self.same(c, y)
                        f.extend([-v, s] for v in vs)
            for y in self.cells:
                over = [v for c, _, _ in pieces for v in covers[c].get(y, ())]
                f.at_most_one(over)
                for c, _, _ in pieces:  # a cell of a region holding pieces is covered
                    with self.guard(c):
                        f.add([-self.same(c, y), *over])
            return
        cov: dict[tuple[Cell, Cell], int] = {}
        for c, _, _ in pieces:
            for y, vs in covers[c].items():
                x = cov[c, y] = f.var(("cover", c, y))
                f.add([-x, *vs])
                f.extend([x, -v] for v in vs)
        window = [(x, y) for y in range(lo_y, hi_y) for x in range(lo_x, hi_x)]
        for q, _, _ in pieces:
            iq = f.var(("net", q))
            with self.guard(q):
                for y in window:
                    pos, neg = [], []
                    for c, sign, _ in pieces:
                        if (c, y) not in cov:
                            continue
                        if c == q:
                            t = cov[c, y]
                        else:
                            t = f.var(("with", q, c, y))
                            s = self.same(q, c)
                            f.extend([[-t, s], [-t, cov[c, y]], [t, -s, -cov[c, y]]])
                        (pos if sign > 0 else neg).append(t)
                    if y in self.index:
                        v = f.var(("target", q, y))
                        s = self.same(q, y)
                        f.extend([[-v, iq], [-v, s], [v, -iq, -s]])
                        f.exactly(pos + [-t for t in neg] + [-v], len(neg) + 1)
                    elif pos or neg:
                        f.exactly(pos + [-t for t in neg], len(neg))


def _around(panel: Panel, v: Vertex) -> list[Vertex]:
    x, y = v
    return [u for u in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
            if 0 <= u[0] <= panel.width and 0 <= u[1] <= panel.height]
