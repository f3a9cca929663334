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
  hexagons and triangles are path-local here and checked at their vertex, edge or cell. What can no
  longer matter is forgotten: a square colour when no other colour is left; a star colour's counts when
  no such star is left open or to come, and a region's once no symbol it counts is left outside it (two
  with its star: passed; fewer: failed at once); a region too large for its shape passes only with net
  area 0 (fails at once when the other open regions and the cells to come cannot bring it there), and
  where net area alone decides that (``solver`` rules; ``paper`` rules when the pieces other than
  monominoes share a fixed form, so that pieces cancel whenever their areas do) it keeps only its net
  area. Once no cell to come
  holds a region clue and no region's shape matters, a final region passes exactly when the union of the
  open regions it contains does, so states whose open regions pass on the same unions are merged;
- with antibodies: its clues themselves (cell symbols, triangles with their verdict, ``paper``
  hexagons: unvisited, or visited under ``eliminate_visited_hexagons``) and its cells, judged by
  rules.region_verdict (Definition 1 by brute force).

States with equal frontiers are merged and their path counts added, so the work grows with the number of
distinct frontiers, not with the number of paths. The path part and the cell part of a state are stepped
separately, each once per distinct part and choice; the cell part's step splits into a plan on the slots
(which regions merge, which one closes) and the change that plan makes to the interned summaries, each
memoised.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from typing import Any

from .model import Panel, Symbol, edge, edge_cells, orientations, vertex_cells
from .rules import Clue, pieces_fit, region_verdict, star_counted

START, END = 1, 2  # path labels of a fragment whose far end is the chosen start / end; pairs use 3, 4, ...
DEAD = None
BIG = -1  # the cells of a region too large for its shape to matter
REP_REGIONS = 8  # the most open regions whose passing unions (2 ** n of them) are worked out
REP_FUTURES = 8  # the most distinct additions of the cells to come that they are worked out with
SHIFT = 32  # a cell part packs its slots' index above its summaries' id
MASK = (1 << SHIFT) - 1


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
        # the square colours of the cells created after cell (x, y), per star colour how many symbols they
        # hold that a star counts and whether one of them is such a star
        self.later: dict[tuple[int, int], tuple[frozenset[str], tuple[int, ...], tuple[bool, ...]]] = {}
        # and how far their polyominoes can lower a region's excess of cells over polyomino area, and the
        # area of their polyominoes and of their antipolyominoes (hollow pieces)
        self.later_area: dict[tuple[int, int], tuple[int, int, int]] = {}
        squares: set[str] = set()
        counts = [0] * len(star_colours)
        stars = [False] * len(star_colours)
        area = [0, 0, 0]
        for y in reversed(range(self.h)):
            for x in reversed(range(self.w)):
                self.later[x, y] = (frozenset(squares), tuple(counts), tuple(stars))
                self.later_area[x, y] = tuple(area)
                t = sym.get((x, y))
                if t is None:
                    continue
                if t.kind == "square":
                    squares.add(t.colour)
                if t.kind in self.counted and t.colour in self.star_index:
                    counts[self.star_index[t.colour]] += 1
                if t.kind == "star":
                    stars[self.star_index[t.colour]] = True
                if t.kind == "poly":
                    area[0] += len(t.shape) - 1
                    area[1] += len(t.shape)
                if t.kind == "antipoly":
                    area[2] += len(t.shape)
        pieces = [s for s in sym.values() if s.kind in ("poly", "antipoly")]
        # A region with more cells than all polyominoes together passes or fails whatever its shape
        # (paper: only if its pieces cancel out, net area 0; solver: only if the hollow blocks remove
        # every block), so its cells are forgotten (BIG); without antipolyominoes its pieces fail. An
        # antibody may erase pieces: no bound then.
        self.bound = None if self.exact else sum(len(s.shape) for s in pieces if s.kind == "poly")
        self.antis = any(s.kind == "antipoly" for s in pieces)
        self.paper = panel.rules == "paper"
        self.big_region = frozenset((-2 - i, -2) for i in range((self.bound or 0) + 1))
        # Such a region passes exactly when its net area is 0 under solver rules, and under paper rules
        # too when the panel's pieces other than monominoes have a common fixed form: its pieces then
        # cancel whenever their areas do (opposite pieces of that form in pairs, the rest against
        # monominoes). It keeps only its net area then, as monominoes (_netted).
        forms = [set(orientations(s.shape, s.rotatable, panel.option("reflect"))) for s in pieces if len(s.shape) > 1]
        self.net_only = not self.exact and (not self.paper or not forms or bool(set.intersection(*forms)))
        self.single = {(x, y): self._single(sym.get((x, y)), (x, y)) for y in range(self.h) for x in range(self.w)}
        # The open regions' summaries (in slot order) are interned (sums, sum_ids), and so are the changes
        # a cell step makes to them (changes, change_list: see _plan). Memos: merges and verdicts of
        # summaries, and per vertex the summaries' normal forms (norm).
        self.sums: list[tuple] = [()]
        self.sum_ids: dict[tuple, int] = {(): 0}
        self.changes: dict[tuple, int] = {}
        self.change_list: list[tuple] = []
        self.merges: dict[tuple, Any] = {}
        self.verdicts: dict[Any, bool] = {}
        self.norm: dict[tuple, tuple | None] = {}
        # and, once no region clue is to come, the summaries standing for each set of passing unions
        self.reps: dict[tuple, tuple] = {}
        self.reps_by_sums: dict[tuple, tuple] = {}
        self.future_list: list[tuple] = []
        self.futures = self._futures() if self.regions and not self.exact else {}
        self.single_now: Any = None

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
        key = (a, b)
        if key not in self.merges:
            self.merges[key] = self._merge(a, b)
        return self.merges[key]

    def _merge(self, a: Any, b: Any) -> Any:
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
        antis = tuple(sorted(a[3] + b[3])) if a[3] and b[3] else a[3] or b[3]
        if cells == BIG and self.net_only:
            polys, antis = _netted(polys, antis)
        return self._summary(sq, tuple(stars), polys, antis, cells)

    def _forget(self, sums: tuple, squares: frozenset[str], counts: tuple[int, ...],
                stars: tuple[bool, ...]) -> tuple | None:
        """The open regions' summaries without what can no longer matter, or None when a region's stars
        can no longer pass. The square colours go when only one colour is left (in the open regions and
        the cells to come: ``squares``). Per star colour, given the symbols of that colour a star counts in
        the cells to come (``counts``) and whether one is such a star (``stars``): every count goes when no
        open region holds such a star and none is to come; a region with such a star whose count can no
        longer reach two fails, and one that has its two with no other counted symbol left in the open
        regions or to come has passed for this colour (its count goes)."""
        drop = len(squares) < 2 and len(squares.union(s[0] for s in sums if s[0])) == 1
        new = {}  # star colour -> the regions' new values, where they change
        for i, (later, star) in enumerate(zip(counts, stars)):
            vals = [s[1][i] for s in sums]
            if not any(vals):
                continue
            if not star and not any(v & 4 for v in vals):
                new[i] = [0] * len(vals)
                continue
            total = sum(v & 3 for v in vals) + later
            out = vals
            for j, v in enumerate(vals):
                if v & 4:
                    if total < 2:
                        return None
                    if total == v & 3:
                        if v & 3 != 2:
                            return None
                        out = out[:j] + [0] + out[j + 1:]
            if out is not vals:
                new[i] = out
        if not drop and not new:
            return sums
        res = []
        for j, s in enumerate(sums):
            st = s[1]
            if any(new[i][j] != st[i] for i in new):
                st = tuple(new[i][j] if i in new else v for i, v in enumerate(st))
            res.append(s if st is s[1] and not (drop and s[0]) else (None if drop else s[0], st) + s[2:])
        return tuple(res)

    def _outgrown(self, sums: tuple, later: tuple[int, int, int]) -> tuple | None:
        """The open regions' summaries with the cells forgotten (BIG) of every region that can no longer
        end with as much polyomino area as cells, or None when such a region can no longer pass. A
        region's final excess (cells minus polyomino area) is its own plus that of every open region and
        cell to come that joins it, and only those with more area than cells (``later[0]``: the excess
        the cells to come can take away) lower it. Under ``paper`` rules the area to fill is the
        polyominoes' less the antipolyominoes' (net area 0 passes whatever the shape); under ``solver``
        hollow pieces only remove blocks. A region too large for its shape passes only with net area 0
        (polyominoes' less antipolyominoes' or hollow pieces'), so it fails once the other open regions
        and the cells to come (``later[1:]``: their polyomino and antipolyomino area) cannot bring it
        there; without antipolyominoes at once if it holds polyominoes."""
        nets = [_area(s[2]) - self.paper * _area(s[3]) for s in sums]
        gains = [0 if s[4] == BIG else max(0, n - s[4].bit_count()) for s, n in zip(sums, nets)]
        total = later[0] + sum(gains)
        out = []
        for s, n, g in zip(sums, nets, gains):
            if s[4] != BIG and s[4].bit_count() - n > total - g:
                if s[2] and not self.antis:
                    return None
                s = s[:2] + (_netted(s[2], s[3]) if self.net_only else s[2:4]) + (BIG,)
            out.append(s)
        signed = [_area(s[2]) - _area(s[3]) for s in out]
        up = later[1] + sum(n for n in signed if n > 0)
        down = later[2] - sum(n for n in signed if n < 0)
        for s, n in zip(out, signed):
            if s[4] == BIG and (n > 0 and down < n or n < 0 and up < -n):
                return None
        return tuple(out)

    def passes(self, s: Any) -> bool:
        """Whether a closed region with summary ``s`` satisfies its clues."""
        if s not in self.verdicts:
            self.verdicts[s] = self._passes(s)
        return self.verdicts[s]

    def _passes(self, s: Any) -> bool:
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

    # -- the sweep ------------------------------------------------------------------------------------
    def count(self) -> int:
        w, h, p = self.w, self.h, self.p
        starts, ends = set(p.starts), set(p.ends)
        # A state is a path part, interned as an index into this layer's table ptab, and a cell part
        # packed into one int: the index of its slots and triangle sides in this layer's table stab,
        # shifted left by SHIFT, or'ed with the id of its regions' summaries (self.sums). states maps a
        # path index to {cell part: number of partial paths}. A path index's step is worked out once per
        # vertex and choice, a cell part's once per move (cell_moves).
        ptab: list[tuple] = [((0,) * (w + 1), 0, False)]
        stab: list[tuple] = [((0,) * (w + 1), (0,) * (w + 1))]
        states: dict[int, dict[int, int]] = {0: {0: 1}}
        track = self.regions or bool(self.triangles)
        for y in range(h + 1):
            for x in range(w + 1):
                v = (x, y)
                kind = START if v in starts else END if v in ends else 0
                choices = [(r, d) for r in (self._options(v, (x + 1, y)) if x < w else (0,))
                           for d in (self._options(v, (x, y + 1)) if y < h else (0,))]
                must_visit = self.forced_hex and v in p.vertex_hexagons
                self.single_now = self.single[v] if self.regions and x < w and y < h else None
                self.norm = {}
                moved: dict[int, int | None] = {}  # change << SHIFT | summaries id -> new summaries id
                plans: dict[int, tuple[int, int] | None] = {}  # stab index << 5 | move -> (new index, change)
                # what the cell step reads of the path beyond r and d: the completed cell's other two
                # sides (a triangle there), whether the vertex is visited (erasable hexagons)
                sides_read = (x - 1, y - 1) in self.triangles
                visit_read = not self.forced_hex and (v in p.vertex_hexagons or any(
                    edge(v, far) in p.edge_hexagons
                    for far in ((x + 1, y), (x, y + 1)) if far[0] <= w and far[1] <= h))
                # a move packs r, d, the sides and the visit read; per move: cell part -> new one (or None)
                cell_moves: list[dict[int, int | None]] = [{} for _ in range(32)]
                pids: dict[tuple, int] = {}
                sids: dict[tuple, int] = {}
                new: dict[int, defaultdict[int, int]] = {}
                for pi, counts in states.items():
                    down, left, done = ptab[pi]
                    lu, uu = left > 0, down[x] > 0
                    for r, d in choices:
                        deg = lu + uu + r + d
                        if must_visit and not deg:
                            continue
                        step = _path_step(down, left, done, x, r, d, kind, deg)
                        if step is None:
                            continue
                        p2 = pids.setdefault(step, len(pids))
                        target = new.get(p2)
                        if target is None:
                            target = new[p2] = defaultdict(int)
                        if not track:
                            target[0] += counts[0]
                            continue
                        move = r | d << 1 | (sides_read and lu + uu) << 2 | (visit_read and deg > 0) << 4
                        cells = cell_moves[move]
                        for c, n in counts.items():
                            c2 = cells.get(c, -1)
                            if c2 == -1:
                                key = c >> SHIFT << 5 | move
                                plan = plans.get(key, -1)
                                if plan == -1:
                                    out = self._plan(*stab[c >> SHIFT], x, y, move)
                                    plan = plans[key] = None if out is None else \
                                        (sids.setdefault(out[0], len(sids)) << SHIFT, out[1])
                                if plan is None:
                                    c2 = cells[c] = None
                                    continue
                                key = plan[1] << SHIFT | c & MASK
                                sid = moved.get(key, -1)
                                if sid == -1:
                                    sid = moved[key] = self._sums_step(self.sums[c & MASK], self.change_list[plan[1]],
                                                                       x, y)
                                c2 = cells[c] = None if sid is None else plan[0] | sid
                            if c2 is not None:
                                target[c2] += n
                states = {pi: counts for pi, counts in new.items() if counts}
                ptab = list(pids)
                if track:
                    stab = list(sids)
                if not states:
                    return 0
            if y < h:  # next row: the cells of this row move one slot right, under their columns
                stab = [((0,) + slots[:w], (0,) + tris[:w]) for slots, tris in stab]
        return sum(sum(counts.values()) for pi, counts in states.items() if ptab[pi][2])

    def _options(self, u: tuple[int, int], v: tuple[int, int]) -> tuple[int, ...]:
        e = edge(u, v)
        if e in self.p.broken:
            return (0,)
        if self.forced_hex and e in self.p.edge_hexagons:
            return (1,)
        return (0, 1)

    def _plan(self, slots: tuple, tris: tuple, x: int, y: int, move: int) -> tuple[tuple, int] | None:
        """Create cell (x, y), complete cell (x - 1, y - 1) (see the module docstring), whatever the
        regions' summaries: the new (slots, triangle sides) and the id of the change to the summaries
        (:meth:`_sums_step`), or None when a triangle fails. ``move`` packs r, d, the completed cell's
        used left and upper sides and whether vertex (x, y) is on the path (bits 0, 1, 2-3, 4). Slot
        x - 1 holds cell (x - 1, y), slot x cell (x - 1, y - 1), slot x + 1 cell (x, y - 1).

        The change lists per region after the step, in canonical order, the old regions merged into it
        (their labels, 0 the new cell) and those of the region that closes (or ()); for antibody panels
        also the positions among those of the regions at slots x - 1, x, x + 1 and of the new cell
        (None: no such cell), r, d, the visit and the completed cell's triangle verdict."""
        w, h = self.w, self.h
        r, d = move & 1, move >> 1 & 1
        new_tri = 0
        if x < w and y < h:
            t = self.triangles.get((x, y))
            if t is not None:
                new_tri = r + d
                if new_tri > t and not self.exact:
                    return None
        tris2 = tris[:x] + (new_tri,) + tris[x + 1:] if tris[x] != new_tri else tris
        t = self.triangles.get((x - 1, y - 1)) if x > 0 and y > 0 else None
        tri_ok = t is not None and tris[x] + (move >> 2 & 3) == t
        if t is not None and not self.exact and not tri_ok:
            return None
        if not self.regions:
            return (slots, tris2), _intern(self.changes, self.change_list, ((), ()))
        lab = list(slots)
        groups = {k: (k,) for k in lab if k}
        new_label = 0
        if x < w and y < h:
            new_label = len(groups) + 1
            groups[new_label] = (0,)
            for joined, slot in ((not d and x > 0, x - 1), (not r and y > 0, x + 1)):
                if joined and lab[slot] != new_label:
                    a = lab[slot]
                    groups[a] += groups.pop(new_label)
                    lab = [a if k == new_label else k for k in lab]
                    new_label = a
        near = [lab[s] if 0 <= s <= w else 0 for s in (x - 1, x, x + 1)] + [new_label]
        closed = 0
        if x > 0 and y > 0:
            k = lab[x]
            lab[x] = 0
            if k != new_label and k not in lab:
                closed = k
        lab[x] = new_label
        order: dict[int, int] = {}
        for k in lab:
            if k and k not in order:
                order[k] = len(order)
        change: tuple = (tuple(groups[k] for k in order), groups[closed] if closed else ())
        if self.exact:
            order[closed] = len(order)
            change += (tuple(order[k] if k else None for k in near), r, d, bool(move >> 4), tri_ok)
        return (tuple(order[k] + 1 if k else 0 for k in lab), tris2), _intern(self.changes, self.change_list, change)

    def _sums_step(self, sums: tuple, change: tuple, x: int, y: int) -> int | None:
        """The id of the open regions' summaries after ``change`` (see :meth:`_plan`) at vertex (x, y), or
        None when a region that closes fails or a region can no longer pass."""
        kept, closed = change[:2]
        summ = []
        for members in kept + (closed,) if closed else kept:
            s = sums[members[0] - 1] if members[0] else self.single_now
            for m in members[1:]:
                s = self.merge(s, sums[m - 1] if m else self.single_now)
                if s is DEAD:
                    return None
            summ.append(s)
        if self.exact:
            self._attach(summ, x, y, *change[2:])
        if closed and not self.passes(summ[-1]):
            return None
        sums2 = tuple(summ[:len(kept)])
        if sums2 and not self.exact:
            if sums2 not in self.norm:
                self.norm[sums2] = self._normal(sums2, x, y)
            sums2 = self.norm[sums2]
            if sums2 is None:
                return None
        return _intern(self.sum_ids, self.sums, sums2)

    def _attach(self, summ: list, x: int, y: int, near: tuple, r: int, d: int, visited: bool, tri_ok: bool) -> None:
        """Antibody panels: add to the regions' summaries ``summ`` the hexagon clues at vertex (x, y) and
        its right and lower edges and the completed cell's triangle with its verdict (``near``: the
        positions in ``summ`` of the regions of slots x - 1, x, x + 1 and of the new cell)."""
        if not self.forced_hex:
            at_cell = {(x - 1, y): near[0], (x - 1, y - 1): near[1], (x, y - 1): near[2], (x, y): near[3]}
            hexes: list[tuple[object, list, bool]] = []
            if (x, y) in self.p.vertex_hexagons:
                hexes.append(((x, y), vertex_cells(self.p, (x, y)), visited))
            for used, far in ((r, (x + 1, y)), (d, (x, y + 1))):
                e = edge((x, y), far)
                if e in self.p.edge_hexagons:
                    hexes.append((e, edge_cells(self.p, e), bool(used)))
            for at, touching, seen in hexes:
                if seen and not self.padding:
                    continue
                clue = Clue("hexagon", at, None, seen)
                for tc in touching if seen else touching[:1]:
                    k = at_cell[tc]
                    summ[k] = (summ[k][0] | {clue}, summ[k][1])
        c = (x - 1, y - 1)
        if c in self.triangles:
            k = near[1]
            summ[k] = (summ[k][0] | {Clue("triangle", c, self.sym[c], tri_ok)}, summ[k][1])

    def _normal(self, sums: tuple, x: int, y: int) -> tuple | None:
        """The open regions' summaries after vertex (x, y) without what can no longer matter
        (:meth:`_forget`, :meth:`_outgrown`, :meth:`_representative`), or None when a region can no
        longer pass."""
        if (x, y) in self.later:
            sums = self._forget(sums, *self.later[x, y])
        if self.shapes and sums is not None:
            sums = self._outgrown(sums, self.later_area.get((min(x, self.w - 1), y), (0, 0, 0)))
        if sums is None or len(sums) > REP_REGIONS:
            return sums
        at = (min(x, self.w - 1), y)
        futures = self.futures.get(at, 0)
        if futures is None:
            return sums
        if self.shapes:  # shapes must not matter: every region too large, or no pieces to come and no
            # region with pieces small enough
            later = self.later_area.get(at, (0, 0, 0))
            if any(s[4] != BIG and (later[1] or later[2] or s[2] or s[3]) for s in sums):
                return sums
        return self._representative(sums, futures)

    def _futures(self) -> dict[tuple[int, int], int | None]:
        """Per cell, the index in self.future_list of the distinct summaries the symbols of the cells after
        it can add to a region (any of them, cells left out: their shape will not matter), or None when
        there are more than REP_FUTURES."""
        blank = self._summary(None, (0,) * len(self.star_index), (), (), 0)
        adds: set | None = {blank}
        out: dict[tuple[int, int], int | None] = {}
        ids: dict[tuple, int] = {}
        _intern(ids, self.future_list, (blank,))  # index 0: nothing to come
        for y in reversed(range(self.h)):
            for x in reversed(range(self.w)):
                out[x, y] = None if adds is None else _intern(ids, self.future_list, tuple(sorted(adds, key=repr)))
                one = self.single[x, y][:4] + (0,)
                if adds is not None and one != blank:
                    adds = adds | {m for m in (self.merge(a, one) for a in adds) if m is not DEAD}
                    if len(adds) > REP_FUTURES:
                        adds = None
        return out

    def _representative(self, sums: tuple, futures: int) -> tuple:
        """Once no region's shape can matter any more, a final region passes exactly when the merged
        summary of the open regions it contains and of the symbols it gathers from the cells to come does
        (the order of merging and forgetting does not change a verdict): states whose open regions pass
        on the same unions with the same additions (self.future_list[futures]) have the same completions.
        The first summaries seen with that set of passing pairs (a bit per union and addition) stand for
        all."""
        key = (sums, futures)
        rep = self.reps_by_sums.get(key)
        if rep is None:
            adds = self.future_list[futures]
            merged: list[Any] = [DEAD] * (1 << len(sums))
            passing = 0
            for m in range(1, 1 << len(sums)):
                low = m & -m
                i = low.bit_length() - 1
                s = sums[i] if m == low else merged[m ^ low] and self.merge(merged[m ^ low], sums[i])
                merged[m] = s
                if s is DEAD:
                    continue
                for j, a in enumerate(adds):
                    t = self.merge(s, a)
                    if t is not DEAD and self.passes(t):
                        passing |= 1 << (m * len(adds) + j)
            rep = self.reps_by_sums[key] = self.reps.setdefault((len(sums), futures, passing), sums)
        return rep


def _intern(ids: dict, items: list, value: Any) -> int:
    """The index of ``value`` in ``items``, appended (and numbered in ``ids``) if new."""
    i = ids.setdefault(value, len(items))
    if i == len(items):
        items.append(value)
    return i


@cache
def _area(pieces: tuple) -> int:
    return sum(len(shape) for shape, _ in pieces)


MONOMINO = (((0, 0),), False)


@cache
def _netted(polys: tuple, antis: tuple) -> tuple[tuple, tuple]:
    """Pieces standing in for ``polys`` and ``antis`` in a region too large for its shape to matter, where
    only their net area does: that many monominoes, polyominoes or antipolyominoes by its sign."""
    net = _area(polys) - _area(antis)
    return ((MONOMINO,) * net, ()) if net >= 0 else ((), (MONOMINO,) * -net)


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
