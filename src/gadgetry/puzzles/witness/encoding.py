"""SAT encoding of Witness panels under both rule sets, and counterexample-guided refinement (CEGAR) for
the panels whose rules are Sigma2 (Witness seed, section 8, Theorem 8.4).

The CNF (``encode``) has one variable per unbroken edge: the projection. Its projected models are exactly
the solution paths (a path is fixed by its edge set: starts and ends are disjoint). Parts:

- Path: one start and one end are chosen (``start``/``end`` variables, defined by the edges); a chosen
  endpoint has degree 1, every other vertex degree 0 or 2 (it may pass over other starts and ends). So the
  edges form one start-end path plus cycles. No cycles: every cell has an unused (or broken) side on the
  outer face, or a parent across an unused edge of smaller depth (order encoding), so it reaches the outer
  face. A cycle of grid edges encloses a cell, and a simple path leaves the plane connected: exact.
- Regions (when a clue needs them) are labelled by *anchors*, one cell of every pair whose sharing a region
  a rule asks (the region clues' cells; with (anti)monominoes only, the monominoes or the cells without
  pieces, whichever are fewer): a cell's label is the first anchor (row-major) of its region, none in a
  region without anchors. Labels are equal across every edge not on the path (broken edges do not cut); an
  anchor's label is at most itself, and a cell labelled by another cell has a parent across an unused edge
  of smaller rank, so every label is the root of a tree inside its region. Ranks and labels stop at a bound
  on the region's size where the rules give one (a polyomino's region without antipolyominoes and
  antibodies is tiled by its pieces: at most their total area; monomino panels: see ``_region_bound``),
  so labels are local on piece panels. Squares alone need no roots: a colour per cell, equal across unused
  edges, fixed on the squares. With one start and one end on an outer edge st whose cell's region is so
  bounded, the cells enclosed by the path and st (parity across the path) are that region: at most the
  bound of them (redundant, it confines the search). Labels are functions of the path; parents, ranks,
  depths and colours are existential, which projection makes harmless. ``same(a, b)``: equal labels.
- Hexagons: a vertex hexagon is visited, an edge hexagon used. Triangles: exactly i of the cell's sides
  (broken sides are never used). Squares: two squares of different colours are never in one region.
  Stars: exactly one other clue of the star's colour in its region, counted among stars and squares
  (``paper``, Table 2) or among every cell symbol (``solver``).
- (Anti)polyominoes: one placement variable per orientation and offset (existential: projection counts
  paths, not tilings). Without antipolyominoes, every piece lies inside its own region (placements only
  where its labels reach) and every cell of a region holding pieces is covered exactly once. With
  (anti)monominoes only there are no placements: a region holding an antimonomino has net count 0 or its
  size, one holding monominoes alone has one in every cell. ``paper`` antipolyominoes: for each piece q and every
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

#: the cell symbols whose rules look at regions
REGION_KINDS = frozenset({"square", "star", "poly", "antipoly", "antibody"})


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
        self.coloured = False  # regions by colour labels (squares alone), not by clue cells
        pieces = [s for s in self.syms.values() if s.kind in ("poly", "antipoly")]
        self.monominoes = any(s.kind == "antipoly" for s in pieces) and all(len(s.shape) == 1 for s in pieces)
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
        if kinds & REGION_KINDS:
            self._regions()
        self._hexagons()
        self._triangles()
        self._squares()
        self._stars()
        if kinds & {"poly", "antipoly"} and not (relaxed and panel.rules == "solver" and "antipoly" in kinds):
            self._pieces()
            self._inside()
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
        self._acyclic()

    def _acyclic(self) -> None:
        """No cycles: every cell has an unused (or broken) side on the outer face, or a parent across an
        unused edge of smaller depth (order encoding), so every cell reaches the outer face."""
        f = self.cnf
        exits: dict[Cell, list[int]] = {}
        for c in self.cells:
            out: list[int] | None = []
            for ed in cell_sides(c):
                if len(edge_cells(self.p, ed)) == 1:
                    x = self.lit(ed)
                    if x is None:  # a broken boundary side: the cell always exits
                        out = None
                        break
                    out.append(-x)
            if out is not None:
                exits[c] = out
        depths = len(exits)  # a chain of parents visits each such cell at most once
        depth = {c: self._order(("depth", c), depths if c in exits else 0) for c in self.cells}
        for c, out in exits.items():
            f.add(out + self._parents(("up", c), depth))

    def _order(self, name: tuple, size: int) -> list[int]:
        """An order-encoded number 0..size: ``lits[d]`` means "greater than d"."""
        lits = [self.cnf.var((*name, d)) for d in range(size)]
        self.cnf.extend([-lits[d + 1], lits[d]] for d in range(size - 1))
        return lits

    def _parents(self, name: tuple, depth: dict[Cell, list[int]]) -> list[int]:
        """The choices of a parent of cell ``name[1]``: a neighbour across an unused edge, of smaller depth."""
        c = name[1]
        out = []
        for n in self._adjacent(c):
            x = self._open(c, n)
            par = self.cnf.var((*name, n))
            out.append(par)
            if x is not None:
                self.cnf.add([-par, -x])
            self._deeper(par, depth[c], depth[n])
        return out

    def _deeper(self, par: int, mine: list[int], theirs: list[int]) -> None:
        """``par`` implies depth(mine) > depth(theirs), both order-encoded (``mine[d]``: depth > d)."""
        f = self.cnf
        if not mine:
            f.add([-par])
            return
        f.add([-par, mine[0]])
        for d, t in enumerate(theirs):
            f.add([-par, -t] + ([mine[d + 1]] if d + 1 < len(mine) else []))

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
        """Labels over the clue cells: a cell's label is the first clue cell (row-major) of its region, none
        in a region without one. Squares alone need no roots: a colour per cell, equal across unused edges."""
        f, kinds = self.cnf, {s.kind for s in self.syms.values()}
        self.clues = self._anchors()
        if kinds & REGION_KINDS <= {"square"}:
            colours = sorted({s.colour for s in self.syms.values() if s.kind == "square"})
            self.lab = {c: {k: f.var(("colour", c, k)) for k in colours} for c in self.cells}
            for c, s in self.syms.items():
                if s.kind == "square":
                    f.add([self.lab[c][s.colour]])
            for c in self.cells:
                f.at_most_one(list(self.lab[c].values()))
            self._consistent()
            self.coloured = True
            return
        bound = self._region_bound()
        order = {c: i for i, c in enumerate(self.clues)}
        self.lab = {}
        for c in self.cells:
            mine = order.get(c, len(self.clues))
            self.lab[c] = {lc: f.var(("label", c, lc)) for lc in self.clues[: mine + 1]
                           if abs(c[0] - lc[0]) + abs(c[1] - lc[1]) <= bound[lc]}
            (f.exactly_one if c in order else f.at_most_one)(list(self.lab[c].values()))
        self._consistent()
        # roots: a cell labelled by another cell has a parent across an unused edge, of smaller rank
        rank = {c: self._order(("rank", c), max((bound[lc] for lc in self.lab[c] if lc != c), default=0))
                for c in self.cells}
        for c in self.cells:
            for lc, v in self.lab[c].items():
                if lc != c and bound[lc] < len(rank[c]):
                    f.add([-v, -rank[c][bound[lc]]])
            if not any(lc != c for lc in self.lab[c]):
                continue
            parents = self._parents(("parent", c), rank)
            for lc, v in self.lab[c].items():
                if lc != c:
                    f.add([-v, *parents])

    def _anchors(self) -> list[Cell]:
        """The cells labels are rooted at: one cell of every pair whose sharing a region a rule asks. The
        cells of region clues, except that with (anti)monominoes only, the monominoes or the cells without
        pieces stand for each other (whichever are fewer)."""
        kinds = {c: s.kind for c, s in self.syms.items()}
        out = {c for c, k in kinds.items() if k in REGION_KINDS}
        if self.monominoes:
            monos = {c for c, k in kinds.items() if k == "poly"}
            bare = {c for c in self.cells if kinds.get(c) not in ("poly", "antipoly")}
            out -= monos
            out |= monos if len(monos) <= len(bare) else bare
        return sorted(out, key=_key)

    def _region_bound(self) -> dict[Cell, int]:
        """For each anchor, a bound on the distance from it to any cell of its region in a solution (its
        size - 1). Without antipolyominoes and antibodies a polyomino's region is tiled by its pieces: at
        most their total area. With (anti)monominoes only (and no antibodies), a region holding an
        antimonomino has net count 0, so at most twice the antimonominoes plus the cells without pieces;
        one holding monominoes alone is covered by them."""
        kinds = {c: s.kind for c, s in self.syms.items()}
        n = len(self.cells)
        area = sum(len(s.shape) for s in self.syms.values() if s.kind == "poly")
        if "antibody" in kinds.values():
            return dict.fromkeys(self.clues, n - 1)
        if not self.monominoes:
            tiled = "antipoly" not in kinds.values()
            return {c: area - 1 if tiled and kinds.get(c) == "poly" else n - 1 for c in self.clues}
        antis = sum(k == "antipoly" for k in kinds.values())
        bare = sum(kinds.get(c) not in ("poly", "antipoly") for c in self.cells)
        size = {"antipoly": 2 * antis + bare, "poly": max(area, 2 * antis + bare)}
        return {c: min(size.get(kinds.get(c), n), n) - 1 for c in self.clues}

    def _consistent(self) -> None:
        """Labels are equal across every edge not on the path (broken edges do not cut)."""
        for c in self.cells:
            for n in self._adjacent(c):
                x = self._open(c, n)
                cut = [x] if x is not None else []
                for lc, v in self.lab[c].items():
                    self.cnf.add([-v, *cut] + ([self.lab[n][lc]] if lc in self.lab[n] else []))

    def same(self, a: Cell, b: Cell) -> int:
        """The literal "cells a and b are in one region" (functional), for ``a`` a clue cell."""
        if a == b:
            return -self.falsity
        if a not in self.lab[a]:
            a, b = b, a
        name = ("same", *sorted((a, b), key=_key))
        if self.cnf.has(name):
            return self.cnf.var(name)
        if not any(lc in self.lab[b] for lc in self.lab[a]):
            return self.falsity
        s = self.cnf.var(name)
        for lc, v in self.lab[a].items():  # a has exactly one label
            w = self.lab[b].get(lc)
            self.defs.append([-s, -v] + ([w] if w is not None else []))
            if w is not None:
                self.defs.append([s, -v, -w])
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

    def _monominoes(self, pieces: list) -> None:
        """(Anti)monominoes need no placements (Table 2: a +1 and a -1 cancel anywhere, the rest fill the
        region): a region holding an antimonomino has net count 0 (its size is out of reach: the region
        has at least its pieces' number of cells), one holding monominoes alone has one in every cell."""
        f = self.cnf
        antis = [c for c, sign, _ in pieces if sign < 0]
        for a in antis:
            pos = [s for s in (self.same(a, c) for c, sign, _ in pieces if sign > 0) if s != self.falsity]
            neg = [s for s in (self.same(a, c) for c, sign, _ in pieces if sign < 0) if s != self.falsity]
            with self.guard(a):
                f.exactly(pos + [-t for t in neg], len(neg))
        held = {c for c, _, _ in pieces}
        for q, sign, _ in pieces:
            if sign < 0:
                continue
            for y in self.cells:
                s = self.same(q, y)
                if y not in held and s != self.falsity:
                    with self.guard(q):
                        f.add([-s] + [self.same(q, a) for a in antis])

    def _inside(self) -> None:
        """With one start and one end, the two ends of an outer edge st whose cell c0 holds a polyomino of a
        tiled panel: the path plus st is a closed curve (or nothing, when the path is st), and the cells it
        encloses, marked by parity across the path, are c0's region, so there are at most the pieces' total
        area of them (a redundant bound that confines the search to short curves)."""
        p, f = self.p, self.cnf
        if len(p.starts) != 1 or len(p.ends) != 1:
            return
        st = edge(p.starts[0], p.ends[0])
        if st not in self.e or len(edge_cells(p, st)) != 1:
            return
        (c0,) = edge_cells(p, st)
        bound = self._region_bound()
        if c0 not in bound or bound[c0] == len(self.cells) - 1:
            return
        r = {c: f.var(("inside", c)) for c in self.cells}
        for ed in all_edges(p):
            cs, x = edge_cells(p, ed), self.lit(ed)
            flip = ed == st
            if len(cs) == 2:
                a, b = r[cs[0]], r[cs[1]]
                f.extend([[-a, b], [a, -b]] if x is None else [[-a, -b, -x], [a, b, -x], [a, -b, x], [-a, b, x]])
            elif x is None:
                f.add([-r[cs[0]]])
            else:
                a = r[cs[0]]
                f.extend([[a, x], [-a, -x]] if flip else [[-a, x], [a, -x]])
        f.at_most(list(r.values()), bound[c0] + 1)

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
        if self.coloured:
            return
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
        if self.monominoes:
            self._monominoes(pieces)
            return
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
                        spot = [(px + dx, py + dy) for px, py in form]
                        if not (signed or self.antibodies or all(self.same(c, y) != self.falsity for y in spot)):
                            continue  # a piece lies in its own region
                        v = f.var(("place", c, k, dx, dy))
                        options.append(v)
                        for y in spot:
                            covers[c].setdefault(y, []).append(v)
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
                    s = self.same(c, y)
                    if s != self.falsity:
                        with self.guard(c):
                            f.add([-s, *over])
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
