"""Frontier dynamic programme counting Witness solution paths exactly, every clue type and both rule sets
(antibodies and ``solver`` hollow pieces included): the path frontier of Knuth's SIMPATH (the method
graphillion's ZDDs use) extended with the partition of the cells into regions, a region's clues checked
when it closes.

The vertices are swept row by row; at vertex (x, y) the edges to its right and below are decided, so its
degree is final. The state holds, for the W + 1 columns and the edge from the left, which frontier edges
are used and how their path fragments pair up (a fragment's far end is either another frontier edge or
the chosen start / end), plus whether the start-to-end path is complete. Cell (x, y) enters the frontier
at vertex (x, y) (its top and left sides are known then), joined to its left and upper neighbours across
unused edges (broken edges do not separate), and leaves at vertex (x + 1, y + 1), when all four sides
and corners are known: its triangle is checked, and if no frontier cell is left in its region, the region
is closed (no later cell can join it) and its clues are judged. A region carries a summary of its clues:

- without antibodies: its square colour (two colours prune at once), per star colour whether it holds a
  star and how many symbols of that colour it counts (rules.star_counted; three prune a star's region),
  its (anti)polyominoes and, when the panel has pieces, its cells (judged by rules.pieces_fit) while it
  may still end with as many cells as its pieces' area: its excess of cells over that area, less what the
  other open regions and the cells to come can take away, must not be positive, else its shape cannot
  matter (its cells are forgotten) and, without antipolyominoes, a region holding pieces fails at once;
  hexagons and triangles are path-local here and checked at their vertex, edge or cell. A square colour
  or star count that can no longer matter (no other colour, no such star left open or to come) is
  forgotten;
- with antibodies: its clues themselves (cell symbols, triangles with their verdict, ``paper``
  hexagons: unvisited, or visited under ``eliminate_visited_hexagons``) and its cells, judged by
  rules.region_verdict (Definition 1 by brute force).

States with equal frontiers are merged and their path counts added, so the work grows with the number of
distinct frontiers, not with the number of paths.
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from typing import Any

from .model import Panel, Symbol, edge, edge_cells, vertex_cells
from .rules import Clue, pieces_fit, region_verdict, star_counted

START, END = 1, 2  # path labels of a fragment whose far end is the chosen start / end; pairs use 3, 4, ...
DEAD = None
BIG = -1  # the cells of a region too large for its shape to matter


def count_frontier(panel: Panel) -> int:
    """The number of solution paths of ``panel``."""
    return _Sweep(panel).count()


class _Sweep:
    def __init__(self, panel: Panel) -> None:
        self.p = panel
        self.w, self.h = panel.width, panel.height
        sym = panel.symbol_map()
        kinds = {s.kind for s in sym.values()}
        self.exact = "antibody" in kinds
        # hexagons are forced unless a paper antibody may erase an unvisited one
        self.forced_hex = not (self.exact and panel.rules == "paper")
        self.padding = panel.option("eliminate_visited_hexagons")
        self.regions = bool(kinds & {"square", "star", "poly", "antipoly", "antibody"})
        self.shapes = bool(kinds & {"poly", "antipoly"}) or self.exact
        self.triangles = {c: s.count for c, s in sym.items() if s.kind == "triangle"}
        self.sym = sym
        star_colours = sorted({s.colour for s in sym.values() if s.kind == "star"})
        self.star_index = {c: i for i, c in enumerate(star_colours)}
        self.counted = star_counted(panel)
        # the square colours of the cells created after cell (x, y), and the star colours none of them holds
        self.later: dict[tuple[int, int], tuple[frozenset[str], tuple[int, ...]]] = {}
        # and how far their polyominoes can lower a region's excess of cells over polyomino area
        self.later_area: dict[tuple[int, int], int] = {}
        squares: set[str] = set()
        stars: set[int] = set()
        area = 0
        for y in reversed(range(self.h)):
            for x in reversed(range(self.w)):
                gone = tuple(i for i in self.star_index.values() if i not in stars)
                self.later[x, y] = (frozenset(squares), gone)
                self.later_area[x, y] = area
                t = sym.get((x, y))
                if t is not None and t.kind == "square":
                    squares.add(t.colour)
                if t is not None and t.kind == "star":
                    stars.add(self.star_index[t.colour])
                if t is not None and t.kind == "poly":
                    area += len(t.shape) - 1
        pieces = [s for s in sym.values() if s.kind in ("poly", "antipoly")]
        # A region with more cells than all polyominoes together passes or fails whatever its shape
        # (paper: only if its pieces cancel out, net area 0; solver: only if the hollow blocks remove
        # every block), so its cells are forgotten (BIG); without antipolyominoes its pieces fail. An
        # antibody may erase pieces: no bound then.
        self.bound = None if self.exact else sum(len(s.shape) for s in pieces if s.kind == "poly")
        self.antis = any(s.kind == "antipoly" for s in pieces)
        self.paper = panel.rules == "paper"
        self.big_region = frozenset((-2 - i, -2) for i in range((self.bound or 0) + 1))
        self.single = {(x, y): self._single(sym.get((x, y)), (x, y)) for y in range(self.h) for x in range(self.w)}

    # -- region summaries -------------------------------------------------------------------------
    @staticmethod
    def _summary(square: str | None, stars: tuple[int, ...], polys: tuple, antis: tuple, cells: int) -> tuple:
        return (square, stars, polys, antis, cells)

    def _single(self, s: Symbol | None, c: tuple[int, int]) -> Any:
        """The summary of cell ``c`` alone."""
        bit = 1 << (c[1] * self.w + c[0]) if self.shapes else 0
        if self.exact:
            clues = frozenset() if s is None or s.kind == "triangle" else frozenset([Clue(s.kind, c, s, True)])
            return (clues, bit)
        stars = [0] * len(self.star_index)
        if s is not None:
            if s.kind in self.counted and s.colour in self.star_index:
                stars[self.star_index[s.colour]] += 1
            if s.kind == "star":
                stars[self.star_index[s.colour]] += 4
        return self._summary(s.colour if s is not None and s.kind == "square" else None, tuple(stars),
                             _piece(s, "poly"), _piece(s, "antipoly"), bit)

    def merge(self, a: Any, b: Any) -> Any:
        """The summary of the union of two regions, or DEAD when it can already never pass."""
        cells = a[-1] | b[-1]
        if self.bound is not None and cells > 0 and cells.bit_count() > self.bound:
            cells = BIG
        if self.exact:
            return (a[0] | b[0], cells)
        sq = a[0] or b[0]
        if a[0] and b[0] and a[0] != b[0]:
            return DEAD
        stars = []
        for i, j in zip(a[1], b[1]):
            has = (i | j) & 4
            n = min((i & 3) + (j & 3), 3)
            if has and n > 2:
                return DEAD
            stars.append(has | n)
        polys = tuple(sorted(a[2] + b[2])) if a[2] and b[2] else a[2] or b[2]
        if polys and cells == BIG and not self.antis:
            return DEAD
        return self._summary(sq, tuple(stars), polys, tuple(sorted(a[3] + b[3])), cells)

    def _forget(self, sums: tuple, squares: frozenset[str], gone: tuple[int, ...]) -> tuple:
        """The open regions' summaries without what can no longer matter: the square colours when only one
        colour is left (in the open regions and the cells to come: ``squares``), a star colour's counts
        when no open region holds such a star and no cell to come does (``gone``)."""
        drop = len(squares) < 2 and len(squares.union(s[0] for s in sums if s[0])) == 1
        dead = [i for i in gone if not any(s[1][i] & 4 for s in sums)]
        if not drop and not dead:
            return sums
        out = []
        for s in sums:
            st = s[1]
            if dead and any(st[i] for i in dead):
                st = tuple(0 if i in dead else v for i, v in enumerate(st))
            out.append(s if st is s[1] and not (drop and s[0]) else (None if drop else s[0], st) + s[2:])
        return tuple(out)

    def _outgrown(self, sums: tuple, later: int) -> tuple | None:
        """The open regions' summaries with the cells forgotten (BIG) of every region that can no longer
        end with as much polyomino area as cells, or None when such a region holds polyominoes and no
        antipolyomino can cancel them. A region's final excess (cells minus polyomino area) is its own
        plus that of every open region and cell to come that joins it, and only those with more area than
        cells (``later``: the excess the cells to come can take away) lower it. Under ``paper`` rules the
        area to fill is the polyominoes' less the antipolyominoes' (net area 0 passes whatever the shape);
        under ``solver`` hollow pieces only remove blocks."""
        nets = [_area(s[2]) - self.paper * _area(s[3]) for s in sums]
        gains = [0 if s[4] == BIG else max(0, n - s[4].bit_count()) for s, n in zip(sums, nets)]
        total = later + sum(gains)
        out = []
        for s, n, g in zip(sums, nets, gains):
            if s[4] != BIG and s[4].bit_count() - n > total - g:
                if s[2] and not self.antis:
                    return None
                s = s[:4] + (BIG,)
            out.append(s)
        return tuple(out)

    def passes(self, s: Any) -> bool:
        """Whether a closed region with summary ``s`` satisfies its clues."""
        if self.exact:
            clues = sorted(s[0], key=lambda k: (k.kind == "hexagon", str(k.where)))
            return bool(region_verdict(self.p, self._cells(s[1]), clues))
        if any(v & 4 and v & 3 != 2 for v in s[1]):
            return False
        if not (s[2] or s[3]) or not s[4]:
            return True
        return pieces_fit(self.p, self.big_region if s[4] == BIG else self._cells(s[4]), s[2], s[3])

    def _cells(self, mask: int) -> frozenset:
        w = self.w
        return frozenset((i % w, i // w) for i in range(mask.bit_length()) if mask >> i & 1)

    def add_clue(self, s: Any, clue: Clue) -> Any:
        return (s[0] | {clue}, s[1])

    # -- the sweep ------------------------------------------------------------------------------------
    def count(self) -> int:
        w, h, p = self.w, self.h, self.p
        starts, ends = set(p.starts), set(p.ends)
        # A state is (path part, cell part), each interned as an index into this layer's table; each
        # part's step is worked out once per vertex and choice.
        ptab: list[tuple] = [((0,) * (w + 1), 0, False)]
        ctab: list[tuple] = [((0,) * (w + 1), (0,) * (w + 1), ())]
        states: dict[tuple[int, int], int] = {(0, 0): 1}
        track = self.regions or bool(self.triangles)
        for y in range(h + 1):
            for x in range(w + 1):
                v = (x, y)
                kind = START if v in starts else END if v in ends else 0
                choices = [(r, d) for r in (self._options(v, (x + 1, y)) if x < w else (0,))
                           for d in (self._options(v, (x, y + 1)) if y < h else (0,))]
                must_visit = self.forced_hex and v in p.vertex_hexagons
                single = self.single[v] if self.regions and x < w and y < h else None
                # what the cell step reads of the path beyond r and d: the completed cell's other two
                # sides (a triangle there), whether the vertex is visited (erasable hexagons)
                sides_read = (x - 1, y - 1) in self.triangles
                visit_read = not self.forced_hex and (v in p.vertex_hexagons or any(
                    edge(v, far) in p.edge_hexagons
                    for far in ((x + 1, y), (x, y + 1)) if far[0] <= w and far[1] <= h))
                paths: dict[tuple, int | None] = {}
                cells: dict[tuple, int | None] = {}
                pids: dict[tuple, int] = {}
                cids: dict[tuple, int] = {}
                new: dict[tuple[int, int], int] = defaultdict(int)
                for (pi, ci), n in states.items():
                    down, left, done = ptab[pi]
                    lu, uu = left > 0, down[x] > 0
                    for r, d in choices:
                        deg = lu + uu + r + d
                        if must_visit and not deg:
                            continue
                        key = (pi, r, d)
                        if key in paths:
                            p2 = paths[key]
                        else:
                            out = _path_step(down, left, done, x, r, d, kind, deg)
                            p2 = paths[key] = None if out is None else pids.setdefault(out, len(pids))
                        if p2 is None:
                            continue
                        if track:
                            key = (ci, r, d, sides_read and lu + uu, visit_read and deg > 0)
                            if key in cells:
                                c2 = cells[key]
                            else:
                                out = self._cells_step(*ctab[ci], x, y, r, d, lu, uu, deg, single)
                                c2 = cells[key] = None if out is None else cids.setdefault(out, len(cids))
                            if c2 is None:
                                continue
                        else:
                            c2 = ci
                        new[p2, c2] += n
                states = new
                ptab = list(pids)
                if track:
                    ctab = list(cids)
                if not states:
                    return 0
            if y < h:  # next row: the cells of this row move one slot right, under their columns
                ctab = [((0,) + slots[:w], (0,) + tris[:w], sums) for slots, tris, sums in ctab]
        return sum(n for (pi, _), n in states.items() if ptab[pi][2])

    def _options(self, u: tuple[int, int], v: tuple[int, int]) -> tuple[int, ...]:
        e = edge(u, v)
        if e in self.p.broken:
            return (0,)
        if self.forced_hex and e in self.p.edge_hexagons:
            return (1,)
        return (0, 1)

    def _cells_step(self, slots: tuple, tris: tuple, sums: tuple, x: int, y: int, r: int, d: int,
                    l_used: bool, u_used: bool, deg: int, single: Any) -> tuple | None:
        """Create cell (x, y) with summary ``single``, attach hexagon clues, complete cell (x - 1, y - 1)
        (see the module docstring).
        Slot x - 1 holds cell (x - 1, y), slot x cell (x - 1, y - 1), slot x + 1 cell (x, y - 1)."""
        w, h = self.w, self.h
        regions = self.regions
        lab = list(slots)
        summ = list(sums)  # summary of label k at index k - 1
        new_label = 0
        new_tri = 0
        if x < w and y < h:
            c = (x, y)
            t = self.triangles.get(c)
            if t is not None:
                new_tri = r + d
                if new_tri > t and not self.exact:
                    return None
            if regions:
                summ.append(single)
                new_label = len(summ)
                for joined, slot in ((not d and x > 0, x - 1), (not r and y > 0, x + 1)):
                    if joined:
                        a = lab[slot]
                        if a != new_label:
                            m = self.merge(summ[a - 1], summ[new_label - 1])
                            if m is DEAD:
                                return None
                            summ[a - 1] = m
                            lab = [a if k == new_label else k for k in lab]
                            new_label = a
        if self.exact and not self.forced_hex:
            where = {(x - 1, y - 1): x, (x, y - 1): x + 1, (x - 1, y): x - 1}
            hexes: list[tuple[object, list, bool]] = []
            if (x, y) in self.p.vertex_hexagons:
                hexes.append(((x, y), vertex_cells(self.p, (x, y)), deg > 0))
            for used, far in ((r, (x + 1, y)), (d, (x, y + 1))):
                e = edge((x, y), far)
                if e in self.p.edge_hexagons:
                    hexes.append((e, edge_cells(self.p, e), bool(used)))
            for at, touching, visited in hexes:
                if visited and not self.padding:
                    continue
                clue = Clue("hexagon", at, None, visited)
                for tc in touching if visited else touching[:1]:
                    k = new_label if tc == (x, y) else lab[where[tc]]
                    summ[k - 1] = self.add_clue(summ[k - 1], clue)
        if x > 0 and y > 0:  # cell (x - 1, y - 1) is complete
            c = (x - 1, y - 1)
            t = self.triangles.get(c)
            if t is not None:
                ok = tris[x] + l_used + u_used == t
                if self.exact:
                    k = lab[x]
                    summ[k - 1] = self.add_clue(summ[k - 1], Clue("triangle", c, self.sym[c], ok))
                elif not ok:
                    return None
            if regions:
                k = lab[x]
                lab[x] = 0
                if k != new_label and k not in lab:
                    if not self.passes(summ[k - 1]):
                        return None
        if regions:
            lab[x] = new_label
            # canonical labels: by first appearance in the slots, summaries reordered alike
            order: dict[int, int] = {}
            for k in lab:
                if k and k not in order:
                    order[k] = len(order) + 1
            slots2 = tuple(order.get(k, 0) for k in lab)
            sums2 = tuple(summ[k - 1] for k in order)
            if not self.exact and sums2 and (x, y) in self.later:
                sums2 = self._forget(sums2, *self.later[x, y])
            if self.shapes and not self.exact and sums2:
                sums2 = self._outgrown(sums2, self.later_area.get((min(x, w - 1), y), 0))
                if sums2 is None:
                    return None
        else:
            slots2, sums2 = slots, sums
        tris2 = tris[:x] + (new_tri,) + tris[x + 1:] if tris[x] != new_tri else tris
        return slots2, tris2, sums2


@lru_cache(maxsize=None)
def _area(pieces: tuple) -> int:
    return sum(len(shape) for shape, _ in pieces)


def _piece(s: Symbol | None, kind: str) -> tuple:
    return ((s.shape, s.rotatable),) if s is not None and s.kind == kind else ()


def _path_step(down: tuple[int, ...], left: int, done: bool, x: int, r: int, d: int, kind: int,
               deg: int) -> tuple[tuple[int, ...], int, bool] | None:
    """The path part of the state after vertex x of the row decides its right (r) and down (d) edges:
    (down plugs, right plug, done) in canonical form, or None if the vertex breaks the path rules."""
    u = down[x]
    if done:
        return None if deg else (down, 0, True)
    if deg == 0:
        return (down, 0, False)
    if deg > 2:
        return None
    labels = list(down)
    labels[x] = 0
    finished = False
    if deg == 1:
        if not kind or kind in labels or left == kind or u == kind:
            return None
        inc = left or u
        if inc == START or inc == END:  # the other terminal: the path is complete
            finished = True
            out_r = out_d = 0
        elif inc:
            labels = [kind if k == inc else k for k in labels]
            out_r = out_d = 0
        else:
            out_r, out_d = kind * r, kind * d
    elif left and u:
        if left == u:
            return None  # a cycle
        if {left, u} == {START, END}:
            finished = True
        elif left <= END:
            labels = [left if k == u else k for k in labels]
        else:
            labels = [u if k == left else k for k in labels]
        out_r = out_d = 0
    elif left or u:
        inc = left or u
        out_r, out_d = inc * r, inc * d
    else:
        fresh = max(max(labels), END) + 1
        out_r = out_d = fresh
    if finished:
        if any(labels):
            return None  # another fragment could never be finished
        return (tuple(labels), 0, True)
    labels[x] = out_d
    # canonical pair labels, by first appearance (down plugs, then the right plug)
    order: dict[int, int] = {}
    seq = labels + [out_r]
    for k in seq:
        if k > END and k not in order:
            order[k] = len(order) + END + 1
    if order:
        seq = [order.get(k, k) for k in seq]
    return (tuple(seq[:-1]), seq[-1], False)
