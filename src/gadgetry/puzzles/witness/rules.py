"""The pure-Python checker of Witness panels under both rule sets, naming the failing rule and its place.

Common to both rule sets (Witness seed, section 1 and Table 2; solver README, "Rules"): the path is simple,
runs from a start to an end along unbroken edges; regions are the components of cells cut by the path
(broken edges do not cut); a triangle with i marks needs exactly i path edges among its cell's four
sides; the squares of a region share one colour; every region's pieces are placed rigidly (quarter turns
only for rotatable pieces, mirror images only with the ``reflect`` option).

Every difference between ``paper`` (Witness seed, Table 2 and section 8) and ``solver`` (TheWitnessSolver):

1. Stars. paper: a star of colour c needs exactly two colour-c clues among the region's stars, squares and
   uneliminated antibodies (itself included). solver: a sun of colour c needs exactly two colour-c
   symbols among all of the region's cell symbols (triangles, pieces, hollow pieces, cancellation
   symbols included).
2. Antipolyominoes. paper: all surviving polyominoes (+1) and antipolyominoes (-1) are placed anywhere in
   the plane so that, for some i in {0, 1}, the net coverage is i on every cell of the region and 0
   everywhere else (Table 2, section 7). solver (hollow pieces): only the total number H of hollow blocks
   counts; some H individual blocks of the solid pieces are removed and the remaining blocks tile the
   region exactly (no blocks left is a pass), and removing fewer than H blocks must not pass.
3. Antibodies. paper (Definition 1): with k antibodies, some set S of k non-antibody clues (squares, stars,
   triangles, (anti)polyominoes, unvisited hexagons of the region) can be erased with all k antibodies,
   leaving the region satisfied, and no set S' of fewer clues erased with |S'| of the antibodies (the
   others stay, counting for stars) leaves it satisfied. solver (cancellation): with K cancellation
   symbols, some K non-cancellation cell symbols can be removed so that the region passes, and no fewer
   removed symbols make it pass; cancellation symbols are never removed (they stay, counting for suns).
4. Hexagons. paper: an unvisited hexagon is a clue of the region around it (the cells touching it), so an
   antibody may erase it; with the option ``eliminate_visited_hexagons`` a visited hexagon is also a
   (satisfied) clue of every region it touches, erasable as padding. solver: every hexagon must be
   visited; cancellation never removes it.

Open rules made options (model.OPTIONS): ``reflect`` (default no) and ``eliminate_visited_hexagons``
(default no). Packing is decided exactly by backtracking (small regions).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from gadgetry.core import VALID, Verdict, invalid

from .model import (
    KINDS,
    Cell,
    Edge,
    Panel,
    Symbol,
    cell_sides,
    edge,
    edge_cells,
    orientations,
    path_edges,
    regions,
    vertex_cells,
)

Piece = tuple[tuple[Cell, ...], bool]  # (normalised shape, rotatable)


@dataclass(frozen=True)
class Clue:
    """A clue of a region: a cell symbol, or a hexagon (``where`` a vertex or an edge)."""

    kind: str  # a Symbol kind, or "hexagon"
    where: object
    symbol: Symbol | None
    satisfied: bool  # hexagons and triangles: the path-local test; others: True

    def label(self) -> str:
        if self.symbol is None:
            return f"hexagon at {self.where}"
        return f"{self.kind} at {self.where}"


def check(panel: Panel, path: Sequence) -> Verdict:
    """Whether ``path`` solves ``panel`` under ``panel.rules``, naming the first rule that fails."""
    verdict = path_failure(panel, path)
    if not verdict:
        return verdict
    used = path_edges(path)
    on = set(path)
    if panel.rules == "solver":
        for v in sorted(panel.vertex_hexagons):
            if v not in on:
                return invalid("hexagon", f"vertex {v} is not on the path")
        for e in sorted(panel.edge_hexagons):
            if e not in used:
                return invalid("hexagon", f"edge {e} is not on the path")
    for reg in regions(panel, path):
        verdict = check_region(panel, reg, used, on)
        if not verdict:
            return verdict
    return VALID


def path_failure(panel: Panel, path: Sequence) -> Verdict:
    """The path rules: a simple path from a start to an end along unbroken grid edges."""
    if not isinstance(path, (tuple, list)) or len(path) < 2:
        return invalid("path-shape", "a path is a sequence of at least two vertices")
    for v in path:
        if not (isinstance(v, tuple) and len(v) == 2 and all(isinstance(t, int) for t in v)
                and 0 <= v[0] <= panel.width and 0 <= v[1] <= panel.height):
            return invalid("path-shape", f"{v!r} is not a vertex of the {panel.width}x{panel.height} panel")
    if path[0] not in panel.starts:
        return invalid("start", f"the path starts at {path[0]}, not at a start circle")
    if path[-1] not in panel.ends:
        return invalid("end", f"the path ends at {path[-1]}, not at an end cap")
    seen = set()
    for i, v in enumerate(path):
        if v in seen:
            return invalid("path-simple", f"vertex {v} is visited twice")
        seen.add(v)
        if i:
            u = path[i - 1]
            if abs(u[0] - v[0]) + abs(u[1] - v[1]) != 1:
                return invalid("path-step", f"{u} and {v} are not adjacent")
            if edge(u, v) in panel.broken:
                return invalid("broken-edge", f"the path uses broken edge {edge(u, v)}")
    return VALID


def region_clues(panel: Panel, region: frozenset[Cell], used: frozenset[Edge], on: set) -> list[Clue]:
    """The clues of a region, in a fixed order: cell symbols by cell, then (paper) hexagons."""
    out = []
    for c, s in panel.symbols:
        if c in region:
            ok = s.kind != "triangle" or sum(e in used for e in cell_sides(c)) == s.count
            out.append(Clue(s.kind, c, s, ok))
    if panel.rules == "paper":
        padding = panel.option("eliminate_visited_hexagons")
        for v in sorted(panel.vertex_hexagons):
            touching = vertex_cells(panel, v)
            if touching[0] in region if v not in on else padding and any(c in region for c in touching):
                out.append(Clue("hexagon", v, None, v in on))
        for e in sorted(panel.edge_hexagons):
            touching = edge_cells(panel, e)
            if touching[0] in region if e not in used else padding and any(c in region for c in touching):
                out.append(Clue("hexagon", e, None, e in used))
    return out


def check_region(panel: Panel, region: frozenset[Cell], used: frozenset[Edge], on: set) -> Verdict:
    """The region rules for one region (``used``: the path's edges; ``on``: its vertices)."""
    return region_verdict(panel, region, region_clues(panel, region, used, on))


def region_verdict(panel: Panel, region: frozenset[Cell], clues: list[Clue]) -> Verdict:
    """The region rules for one region given its clues (as :func:`region_clues` lists them)."""
    eraser = "antibody"
    erasers = [k for k in clues if k.kind == eraser]
    others = [k for k in clues if k.kind != eraser]
    where = f"region of cell {min(region, key=lambda c: (c[1], c[0]))}"
    if not erasers:
        return base_failure(panel, region, others)
    k = len(erasers)
    solver = panel.rules == "solver"
    if len(others) < k:
        return invalid("antibody", f"{where}: {k} antibodies but only {len(others)} other clues to erase")
    if not any(base_failure(panel, region, [c for c in others if c not in set(s)] + (erasers if solver else []))
               for s in itertools.combinations(others, k)):
        return invalid("antibody", f"{where}: no {k} clues can be erased to satisfy the region")
    for j in range(k):
        kept_sets = [erasers] if solver else _kept_erasers(erasers, k - j)
        for s in itertools.combinations(others, j):
            rest = [c for c in others if c not in set(s)]
            for kept in kept_sets:
                if base_failure(panel, region, rest + list(kept)):
                    return invalid("antibody", f"{where}: erasing {j} clue(s) already satisfies the region, "
                                               f"so not every antibody is necessary")
    return VALID


def _kept_erasers(erasers: list[Clue], keep: int) -> list[tuple[Clue, ...]]:
    """The antibodies left after using all but ``keep``, one per colour multiset (only colours matter)."""
    out: dict[tuple[str, ...], tuple[Clue, ...]] = {}
    for kept in itertools.combinations(erasers, keep):
        out.setdefault(tuple(sorted(k.symbol.colour for k in kept)), kept)  # type: ignore[union-attr]
    return list(out.values())


def base_failure(panel: Panel, region: frozenset[Cell], clues: Iterable[Clue]) -> Verdict:
    """The region rules without erasing: ``clues`` are the region's clues in force (antibodies in force
    only count for stars)."""
    clues = list(clues)
    for k in clues:
        if not k.satisfied:
            rule = "hexagon" if k.kind == "hexagon" else "triangle"
            return invalid(rule, f"{k.label()} is not satisfied")
    squares = sorted({k.symbol.colour for k in clues if k.kind == "square"})  # type: ignore[union-attr]
    if len(squares) > 1:
        return invalid("square", f"squares of colours {', '.join(squares)} share the region of cell "
                                 f"{min(region, key=lambda c: (c[1], c[0]))}")
    counted = star_counted(panel)
    for k in clues:
        if k.kind == "star":
            colour = k.symbol.colour  # type: ignore[union-attr]
            n = sum(1 for o in clues if o.symbol is not None and o.kind in counted and o.symbol.colour == colour)
            if n != 2:
                return invalid("star", f"star at {k.where} sees {n} {colour} clue(s) in its region, not 2")
    polys = tuple(sorted((k.symbol.shape, k.symbol.rotatable) for k in clues if k.kind == "poly"))  # type: ignore
    antis = tuple(sorted((k.symbol.shape, k.symbol.rotatable) for k in clues if k.kind == "antipoly"))  # type: ignore
    if polys or antis:
        if not pieces_fit(panel, region, polys, antis):
            return invalid("polyomino", f"the pieces of the region of cell "
                                        f"{min(region, key=lambda c: (c[1], c[0]))} do not pack it")
    return VALID


def rule_sets_agree(panel: Panel) -> bool:
    """Whether ``paper`` and ``solver`` give every path on ``panel`` the same verdict, read off the four
    differences above (a sufficient condition): no antibodies (3; without them an unvisited hexagon fails
    both ways, 4, and ``eliminate_visited_hexagons`` changes nothing), no antipolyominoes (2), and no
    triangle or piece in a star's colour (1). ``reflect`` acts on both rule sets alike."""
    symbols = [s for _, s in panel.symbols]
    if any(s.kind in ("antibody", "antipoly") for s in symbols):
        return False
    star_colours = {s.colour for s in symbols if s.kind == "star"}
    return not any(s.colour in star_colours for s in symbols if s.kind in ("triangle", "poly"))


def star_counted(panel: Panel) -> tuple[str, ...]:
    """The symbol kinds a star counts in its region: stars, squares and antibodies (``paper``, Table 2),
    every cell symbol (``solver``)."""
    return ("star", "square", "antibody") if panel.rules == "paper" else KINDS


# -- packing -----------------------------------------------------------------------------------------------
def pieces_fit(panel: Panel, region: frozenset[Cell], polys: tuple[Piece, ...], antis: tuple[Piece, ...]) -> bool:
    """Whether a region's polyominoes and antipolyominoes (hollow pieces under ``solver``), each sorted,
    pack it under the panel's rule set."""
    reflect = panel.option("reflect")
    if panel.rules == "paper":
        return paper_packing(region, polys, antis, reflect)
    return solver_packing(region, polys, sum(len(s) for s, _ in antis), reflect)


def _key(c: Cell) -> tuple[int, int]:
    return c[1], c[0]


@lru_cache(maxsize=4096)
def _forms(shape: tuple[Cell, ...], rotatable: bool, reflect: bool) -> tuple[tuple[Cell, ...], ...]:
    """Orientations of a piece, each listed with its first pixel (row-major) first."""
    return tuple(tuple(sorted(f, key=_key)) for f in orientations(shape, rotatable, reflect))


@lru_cache(maxsize=65536)
def paper_packing(region: frozenset[Cell], polys: tuple[Piece, ...], antis: tuple[Piece, ...],
                  reflect: bool) -> bool:
    """Seed 000, Table 2: place every piece (polyominoes +1, antipolyominoes -1) anywhere so that the net
    coverage is i in {0, 1} on the region and 0 elsewhere. Backtracking: the row-major first cell whose
    net coverage is off target must be covered by some remaining piece of the right sign."""
    if not polys and not antis:
        return True
    net = sum(len(s) for s, _ in polys) - sum(len(s) for s, _ in antis)
    if net == len(region):
        excess = {c: -1 for c in region}
    elif net == 0:
        excess = {}
    else:
        return False
    if all(len(s) == 1 for s, _ in polys + antis):  # (anti)monominoes: pairs cancel, the rest fill the region
        return True
    pieces = [(1, _forms(s, r, reflect)) for s, r in polys] + [(-1, _forms(s, r, reflect)) for s, r in antis]
    return _signed(excess, tuple(sorted(pieces)))


def _signed(excess: dict[Cell, int], pieces: tuple[tuple[int, tuple[tuple[Cell, ...], ...]], ...]) -> bool:
    if not excess:
        if not pieces:
            return True
        # the rest must cancel on its own, anywhere: anchor one polyomino at the origin
        first = next((i for i, p in enumerate(pieces) if p[0] == 1), None)
        if first is None:
            return False
        rest = pieces[:first] + pieces[first + 1:]
        return any(_signed({c: 1 for c in f}, rest) for f in pieces[first][1])
    # each unit of excess needs its own pixel of a remaining piece of the opposite sign
    over = sum(v for v in excess.values() if v > 0)
    if over > sum(len(f[0]) for s, f in pieces if s == -1) or \
            over - sum(excess.values()) > sum(len(f[0]) for s, f in pieces if s == 1):
        return False
    y0, x0 = min((y, x) for x, y in excess)  # the row-major first cell (no key calls: the hot loop)
    c = (x0, y0)
    sign = 1 if excess[c] < 0 else -1
    only_polys = all(p[0] == 1 for p in pieces)
    tried = set()
    for i, (s, forms) in enumerate(pieces):
        if s != sign or (s, forms) in tried:
            continue
        tried.add((s, forms))
        rest = pieces[:i] + pieces[i + 1:]
        for f in forms:
            anchors = f[:1] if only_polys else f
            for p in anchors:
                dx, dy = c[0] - p[0], c[1] - p[1]
                new = dict(excess)
                for q in f:
                    t = (q[0] + dx, q[1] + dy)
                    v = new.get(t, 0) + s
                    if v:
                        new[t] = v
                    else:
                        del new[t]
                if _signed(new, rest):
                    return True
    return False


@lru_cache(maxsize=65536)
def solver_packing(region: frozenset[Cell], solids: tuple[Piece, ...], hollow: int, reflect: bool) -> bool:
    """Solver README, "Tetris Pieces" and "Hollow Squares": with H = ``hollow`` blocks, some H blocks of
    the solid pieces are removed and the rest tile the region exactly (none left passes), and removing
    fewer blocks must not pass."""
    total = sum(len(s) for s, _ in solids)
    if hollow == 0:
        return paper_packing(region, solids, (), reflect)
    if hollow > total:
        return False
    if hollow == total:  # removing every block passes; fewer removed blocks must not tile the region
        return not (total >= len(region) and _partial_tiling(region, solids, reflect))
    return total - hollow == len(region) and _partial_tiling(region, solids, reflect)


def _partial_tiling(region: frozenset[Cell], solids: tuple[Piece, ...], reflect: bool) -> bool:
    """Whether rigid copies of some of the pieces, each keeping some of its blocks, cover the region
    exactly once."""
    pieces = [_forms(s, r, reflect) for s, r in solids]

    def rec(uncovered: frozenset[Cell], images: tuple[frozenset[Cell], ...], left: tuple[int, ...]) -> bool:
        if not uncovered:
            return True
        c = min(uncovered, key=_key)
        for img in images:
            if c in img and rec(uncovered - {c}, tuple(m - {c} for m in images), left):
                return True
        tried = set()
        for j in left:
            if pieces[j] in tried:
                continue
            tried.add(pieces[j])
            rest = tuple(t for t in left if t != j)
            for f in pieces[j]:
                for p in f:
                    dx, dy = c[0] - p[0], c[1] - p[1]
                    img = frozenset((q[0] + dx, q[1] + dy) for q in f) & uncovered - {c}
                    imgs = tuple(m - {c} for m in images)
                    if rec(uncovered - {c}, imgs + (img,), rest):
                        return True
        return False

    return rec(region, (), tuple(range(len(pieces))))
