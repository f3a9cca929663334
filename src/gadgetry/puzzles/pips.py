"""NYT Pips (NYT seed, section 3; rules in section 2, Figure 3).

A board of cells is split into disjoint regions; every domino of the given list must be placed on two
edge-adjacent cells so that the board is covered exactly once. A region constrains the values on its cells:
``empty`` (none), ``equals`` (all equal), ``unequal`` (pairwise distinct), ``sum`` (sum = target),
``less`` (sum < target), ``greater`` (sum > target). The board is the union of the region cells, as in the
NYT JSON (docs/formats.md): every cell belongs to exactly one region, unconstrained cells to ``empty`` ones.
Cells are ``(row, col)`` pairs; domino values are non-negative integers (NYT uses 0..6; the seed's
Theorem 17 needs arbitrary values).

A solution places domino i on ``solution[i] = (cell0, cell1)``, cell k showing ``dominoes[i][k]`` (the NYT
``solution`` field). One counted solution is a *layout*: the cells' values together with the domino pairing
(which cells one domino covers). Swapping two identical dominoes (same values, in either order), or turning
a double end over, gives the same layout; :meth:`Pips.solution_key` is that identity and ``encode``
projects onto exactly it (one variable per adjacent cell pair and per cell value).
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from gadgetry.core import CNF, VALID, Encoding, Format, Generated, InputError, Param, Problem, Verdict, invalid
from gadgetry.core.render import render_template
from gadgetry.core.values import is_int

NAME = "pips"
REGION_TYPES = ("empty", "equals", "unequal", "sum", "less", "greater")
TARGETED = ("sum", "less", "greater")
DIFFICULTIES = ("easy", "medium", "hard")

Cell = tuple[int, int]
Placement = tuple[Cell, Cell]
Layout = tuple[Placement, ...]


@dataclass(frozen=True)
class Region:
    """A region: its constraint ``type``, its ``cells`` and, for sum/less/greater, its ``target``."""

    type: str
    cells: tuple[Cell, ...]
    target: int | None = None


@dataclass(frozen=True)
class PipsInstance:
    """The dominoes (value pairs) and the regions (their union is the board)."""

    dominoes: tuple[tuple[int, int], ...]
    regions: tuple[Region, ...]


# -- geometry and identity -------------------------------------------------------------------------
def board(inst: PipsInstance) -> list[Cell]:
    """Every board cell, in row-major order."""
    return sorted(c for r in inst.regions for c in r.cells)


def adjacent(u: Cell, w: Cell) -> bool:
    return abs(u[0] - w[0]) + abs(u[1] - w[1]) == 1


def edges(cells: Sequence[Cell]) -> list[Placement]:
    """The adjacent cell pairs ``(u, w)`` of a cell set, ``w`` right of or below ``u``."""
    here = set(cells)
    return [(c, n) for c in sorted(here) for n in ((c[0], c[1] + 1), (c[0] + 1, c[1])) if n in here]


def tile_type(d: Sequence[int]) -> tuple[int, int]:
    """The identity of a domino: its values, unordered (``(a, b)`` and ``(b, a)`` are the same tile)."""
    return (min(d), max(d))


def values_of(inst: PipsInstance, sol: Layout) -> dict[Cell, int]:
    """The value each placed domino shows on each cell (the last one wins on overlaps)."""
    return {cell: d[k] for d, pl in zip(inst.dominoes, sol) for k, cell in enumerate(pl)}


def arrange(inst: PipsInstance, pairs: Sequence[Placement], value: Mapping[Cell, int]) -> Layout:
    """The canonical solution with this pairing and these cell values: identical dominoes take the pairs
    of their type in sorted order, each oriented to show its values. The pairs must match the dominoes."""
    return arranger(inst)(pairs, value)


def arranger(inst: PipsInstance) -> Callable[[Sequence[Placement], Mapping[Cell, int]], Layout]:
    """:func:`arrange` for one instance, with the dominoes' types worked out once (decoders and the brute
    force arrange thousands of layouts of the same instance)."""
    slots = [(tile_type(d), d[0] > d[1]) for d in inst.dominoes]

    def arrange_one(pairs: Sequence[Placement], value: Mapping[Cell, int]) -> Layout:
        by_type: dict[tuple[int, int], list[Placement]] = {}
        for u, w in pairs:
            a, b = value[u], value[w]
            if (a, u) > (b, w):
                u, w, a, b = w, u, b, a
            by_type.setdefault((a, b), []).append((u, w))
        for lst in by_type.values():
            lst.sort(reverse=True)
        out = []
        for t, flip in slots:
            u, w = by_type[t].pop()
            out.append((w, u) if flip else (u, w))
        return tuple(out)

    return arrange_one


def region_ok(region: Region, vals: Sequence[int], complete: bool = True) -> bool:
    """Whether the values on a region's cells meet its constraint (``complete=False``: the values of some
    of its cells so far, and the question is whether they can still be completed)."""
    t = region.type
    if t == "equals":
        return len(set(vals)) <= 1
    if t == "unequal":
        return len(set(vals)) == len(vals)
    total = sum(vals)
    if t == "sum":
        return total == region.target if complete else total <= region.target  # type: ignore[operator]
    if t == "less":
        return total < region.target  # type: ignore[operator]
    if t == "greater":
        return total > region.target if complete else True  # type: ignore[operator]
    return True


def label(region: Region) -> str:
    """The region's sign as the game shows it."""
    return {"empty": "", "equals": "=", "unequal": "\u2260", "sum": f"{region.target}",
            "less": f"<{region.target}", "greater": f">{region.target}"}[region.type]



# -- the problem -----------------------------------------------------------------------------------
class Pips(Problem):
    """NYT Pips; see the module docstring."""

    name = NAME
    title = "NYT Pips: place every domino on the board meeting the region constraints"
    paper = "NYT seed, section 3 (rules: section 2, Figure 3)"
    solution_is = ("a layout: the value on every cell together with the domino pairing of the cells "
                   "(swapping identical dominoes or turning a double over is the same layout)")
    params = (Param("dominoes", 4, 1, 30, "number of dominoes"),
              Param("max", 3, 0, 6, "domino values are drawn from 0..max"))
    modes = ("planted", "unsat", "unique")
    attempts_hint = "try other sizes"
    mode_params = {"unsat": {"dominoes": 4, "max": 3}, "unique": {"dominoes": 4, "max": 3}}

    # -- protocol ----------------------------------------------------------------------------------
    def validate(self, inst: PipsInstance) -> None:
        if not isinstance(inst.dominoes, tuple) or not inst.dominoes:
            raise InputError(f"{NAME}: 'dominoes' must be a non-empty list of value pairs")
        for i, d in enumerate(inst.dominoes):
            if not isinstance(d, tuple) or len(d) != 2 or not all(is_int(v) and v >= 0 for v in d):
                raise InputError(f"{NAME}: domino {i} is {d!r}, not a pair of non-negative integers")
        if not isinstance(inst.regions, tuple) or not inst.regions:
            raise InputError(f"{NAME}: 'regions' must be a non-empty list")
        seen: set[Cell] = set()
        for i, r in enumerate(inst.regions):
            if r.type not in REGION_TYPES:
                raise InputError(f"{NAME}: region {i} has type {r.type!r}, expected one of "
                                 f"{', '.join(REGION_TYPES)}")
            if not isinstance(r.cells, tuple) or not r.cells:
                raise InputError(f"{NAME}: region {i} has no cells")
            for c in r.cells:
                if not isinstance(c, tuple) or len(c) != 2 or not all(is_int(v) and v >= 0 for v in c):
                    raise InputError(f"{NAME}: region {i} has cell {c!r}, not a [row, col] pair of "
                                     "non-negative integers")
                if c in seen:
                    raise InputError(f"{NAME}: cell {list(c)} is in two regions (or twice in one)")
                seen.add(c)
            if r.type in TARGETED:
                if not is_int(r.target) or r.target < 0:
                    raise InputError(f"{NAME}: region {i} ({r.type}) needs a non-negative integer target, "
                                     f"got {r.target!r}")
            elif r.target is not None:
                raise InputError(f"{NAME}: region {i} ({r.type}) takes no target")

    def check(self, inst: PipsInstance, sol: Layout) -> Verdict:
        if len(sol) != len(inst.dominoes):
            return invalid("solution-shape", f"{len(sol)} placements for {len(inst.dominoes)} dominoes")
        cells = {c for r in inst.regions for c in r.cells}
        covered: set[Cell] = set()
        for i, (u, w) in enumerate(sol):
            for c in (u, w):
                if c not in cells:
                    return invalid("cell-off-board", f"domino {i} on cell {list(c)}")
                if c in covered:
                    return invalid("cell-covered-twice", f"cell {list(c)} (domino {i})")
                covered.add(c)
            if not adjacent(u, w):
                return invalid("not-adjacent", f"domino {i} on {list(u)} and {list(w)}")
        if covered != cells:
            return invalid("cell-uncovered", f"cell {list(min(cells - covered))}")
        value = values_of(inst, sol)
        for i, r in enumerate(inst.regions):
            if not region_ok(r, [value[c] for c in r.cells]):
                return invalid(f"region-{r.type}", f"region {i} ({label(r) or r.type}) at "
                                                   f"{[list(c) for c in r.cells]}")
        return VALID

    def solution_key(self, inst: PipsInstance, sol: Layout) -> tuple:
        """The layout: each covered pair of cells with the values shown on them, as a sorted tuple."""
        value = values_of(inst, sol)
        return tuple(sorted((min(pl), max(pl), value[min(pl)], value[max(pl)]) for pl in sol))

    def encode(self, inst: PipsInstance) -> Encoding:
        """``pair[u,w]`` per adjacent cell pair (the pairing: exactly one per cell) and ``val[c,v]`` per cell
        and domino value (exactly one per cell) form the projection; ``tile[u,w,a,b]`` <-> pair and u shows
        a and w shows b (functionally determined); every pair shows some domino's values, and the number of
        pairs showing each tile type equals that type's multiplicity (PySAT's adder with unit weights; the largest type
        is implied by the others, as the pairs number cells / 2). Region constraints: equal value
        variables along the region (equals), at most one cell per value (unequal), and for sum (=), less
        (<= target - 1) and greater (>= target + 1) a weighted sum over the binary digits of the cells'
        values (:func:`value_bits`; PySAT's adder, or the adder circuit of ``CNF`` past 64 bits): the
        subset-sum chain's 134-bit values take 48,555 variables and 352,201 clauses on 106 cells where
        the sum over the value variables took 353,101 and 2,401,739 (``bench/pips_sum_encodings.py``)."""
        cnf = CNF()
        cells = board(inst)
        values = sorted({v for d in inst.dominoes for v in d})
        pair, val = encode_board(cnf, cells, values)
        if len(cells) != 2 * len(inst.dominoes):
            cnf.add([])
        types = Counter(tile_type(d) for d in inst.dominoes)
        tiles = encode_tiles(cnf, pair, val, types)
        for t, k in sorted(types.items(), key=lambda tk: (tk[1], tk[0]))[:-1]:
            cnf.weighted_equals(tiles[t], [1] * len(tiles[t]), k)
        for r in inst.regions:
            encode_region(cnf, r, val, values)

        arrange_one = arranger(inst)

        def decode(truth) -> Layout:
            pairs = [e for e, v in pair.items() if truth(v)]
            value = {c: v for (c, v), x in val.items() if truth(x)}
            return arrange_one(pairs, value)

        return Encoding(cnf, decode)

    def instance_to_json(self, inst: PipsInstance) -> dict[str, Any]:
        return {"dominoes": [list(d) for d in inst.dominoes], "regions": [_region_json(r) for r in inst.regions]}

    def instance_from_json(self, data: Mapping[str, Any]) -> PipsInstance:
        """Reads ``{"dominoes": [[a, b], ...], "regions": [{"type", "indices": [[row, col], ...],
        "target"}, ...]}`` (the NYT puzzle object without its other keys)."""
        if not isinstance(data, Mapping):
            raise InputError(f"{NAME}: an instance is a JSON object")
        unknown = sorted(set(data) - {"dominoes", "regions"})
        if unknown:
            raise InputError(f"{NAME}: unknown field {unknown[0]!r}")
        return _puzzle_from_json(data)

    def solution_to_json(self, inst: PipsInstance, sol: Layout) -> list:
        return [[list(u), list(w)] for u, w in sol]

    def solution_from_json(self, inst: PipsInstance, data: Any) -> Layout:
        ok = isinstance(data, list) and all(
            isinstance(pl, list) and len(pl) == 2 and all(
                isinstance(c, list) and len(c) == 2 and all(is_int(v) for v in c) for c in pl) for pl in data)
        if not ok:
            raise InputError(f"{NAME}: a solution is a list of [[row, col], [row, col]] placements, one per domino")
        return tuple((tuple(pl[0]), tuple(pl[1])) for pl in data)

    def size(self, inst: PipsInstance) -> dict[str, int]:
        return {"cells": len(board(inst)), "dominoes": len(inst.dominoes), "regions": len(inst.regions),
                "constraints": sum(r.type != "empty" for r in inst.regions)}

    independent_counter = "brute-force"  # 5-10 times faster than Ganak on boards with few layouts

    def counting_method(self, inst: PipsInstance) -> str:
        """The portfolio: enumeration is 10-48 times faster than Ganak on NYT puzzles with 10^3 to 10^4
        layouts, and only Ganak finishes on tens of millions."""
        return "portfolio"

    def brute_force(self, inst: PipsInstance) -> Iterator[Layout]:
        """Backtracking independent of ``encode`` (:func:`_tilings`), each layout once, canonical."""
        arrange_one = arranger(inst)
        return (arrange_one(pairs, value) for pairs, value in _tilings(inst))

    def count_brute_force(self, inst: PipsInstance, stop: int | None = None) -> int:
        """The layouts :func:`_tilings` finds, counted without building them (half its time)."""
        return sum(1 for _ in itertools.islice(_tilings(inst), stop))


    # -- sources -----------------------------------------------------------------------------------
    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        """A random board grown one domino at a time next to the board so far, random domino values in
        0..max, the board cut into random connected regions of 1 to 4 cells, each given a constraint the
        values of the tiling the board was grown with meet, or a target off by one with probability 1/3."""
        return Generated(random_instance(params["dominoes"], params["max"], rng, exact=False)[0])

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        """As :meth:`draw`, every constraint met by the planted tiling and values."""
        return Generated(*random_instance(params["dominoes"], params["max"], rng, exact=True))

    def shrink(self, inst: PipsInstance) -> Iterator[PipsInstance]:
        """Drop one region's constraint, lower one target by one, or lower one domino value by one."""
        for i, r in enumerate(inst.regions):
            if r.type != "empty":
                yield replace(inst, regions=_swap(inst.regions, i, Region("empty", r.cells)))
            if r.type in TARGETED and r.target:
                yield replace(inst, regions=_swap(inst.regions, i, replace(r, target=r.target - 1)))
        for i, d in enumerate(inst.dominoes):
            for k in range(2):
                if d[k] > 0:
                    lower = (d[0] - 1, d[1]) if k == 0 else (d[0], d[1] - 1)
                    yield replace(inst, dominoes=_swap(inst.dominoes, i, lower))

    # -- formats and rendering ---------------------------------------------------------------------
    def formats(self) -> dict[str, Format]:
        return {"nyt-pips": Format("nyt-pips", read_nyt, self.write_nyt, detect_nyt,
                                   "NYT Pips JSON: a daily file (choose with --difficulty easy|medium|hard) "
                                   "or one puzzle object {dominoes, regions[, solution]}",
                                   write_solved=self.write_nyt_solved)}

    def write_nyt(self, inst: PipsInstance) -> str:
        """A NYT puzzle object; its ``solution`` field holds one layout when the puzzle is solvable."""
        return self.write_nyt_solved(inst, self.solve(inst))

    def write_nyt_solved(self, inst: PipsInstance, layout: Layout | None) -> str:
        """A NYT puzzle object with ``layout`` as its ``solution`` field (none when ``layout`` is None)."""
        obj = self.instance_to_json(inst)
        if layout is not None:
            obj["solution"] = self.solution_to_json(inst, layout)
        return json.dumps(obj, indent=1) + "\n"

    def render_svg(self, inst: PipsInstance, solution: Layout | None = None) -> str:
        size, pad = 40, 10
        cells = board(inst)
        rows = max(r for r, _ in cells) + 1
        cols = max(c for _, c in cells) + 1
        palette = ("#f4c7c3", "#c6e0f5", "#d9ead3", "#fff2cc", "#e1d5f0", "#fce5cd", "#d0e0e3")
        regions = []
        for i, r in enumerate(inst.regions):
            fill = "#eeeeee" if r.type == "empty" else palette[i % len(palette)]
            top = min(r.cells)
            regions.append({"fill": fill, "label": label(r),
                            "cells": [{"x": pad + c * size, "y": pad + rr * size} for rr, c in r.cells],
                            "lx": pad + top[1] * size + 3, "ly": pad + top[0] * size + 12})
        placed = []
        if solution is not None:
            for d, (u, w) in zip(inst.dominoes, solution):
                x0, y0 = min(u[1], w[1]), min(u[0], w[0])
                placed.append({"x": pad + x0 * size + 3, "y": pad + y0 * size + 3,
                               "w": (abs(u[1] - w[1]) + 1) * size - 6, "h": (abs(u[0] - w[0]) + 1) * size - 6,
                               "ends": [{"x": pad + c[1] * size + size / 2, "y": pad + c[0] * size + size / 2 + 6,
                                         "v": d[k]} for k, c in enumerate((u, w))]})
        tray_y = pad + rows * size + pad
        tray = [{"x": pad + i * (size + 6), "y": tray_y, "a": a, "b": b} for i, (a, b) in enumerate(inst.dominoes)]
        width = max(pad * 2 + cols * size, pad * 2 + len(inst.dominoes) * (size + 6))
        height = tray_y + 2 * size / 2 + pad + 4
        return render_template("pips.svg.j2", width=width, height=height, size=size, regions=regions,
                               placed=placed, tray=tray, half=size / 2)


# -- the brute force ------------------------------------------------------------------------------
def _tilings(inst: PipsInstance) -> Iterator[tuple[list[Placement], dict[Cell, int]]]:
    """Every layout as the search's own pairs and cell values (live state: read it before the next
    one): cover the first free cell (row-major) with a domino type still available, in each
    orientation, towards its right or lower free neighbour; prune regions that can no longer be met."""
    cells = board(inst)
    if len(cells) != 2 * len(inst.dominoes):
        return
    here = set(cells)
    left = Counter(tile_type(d) for d in inst.dominoes)
    kinds = [(t, sorted({t, t[::-1]})) for t in sorted(left)]
    regions = inst.regions
    region_at = {c: i for i, r in enumerate(regions) for c in r.cells}
    shown: list[list[int]] = [[] for _ in regions]  # the values placed so far in each region
    value: dict[Cell, int] = {}
    pairs: list[Placement] = []

    def fits(i: int) -> bool:
        return region_ok(regions[i], shown[i], complete=len(shown[i]) == len(regions[i].cells))

    def rec(i: int) -> Iterator[tuple[list[Placement], dict[Cell, int]]]:
        while i < len(cells) and cells[i] in value:
            i += 1
        if i == len(cells):
            yield pairs, value
            return
        c = cells[i]
        rc = region_at[c]
        for n in ((c[0], c[1] + 1), (c[0] + 1, c[1])):
            if n not in here or n in value:
                continue
            rn = region_at[n]
            for t, orientations in kinds:
                if not left[t]:
                    continue
                for a, b in orientations:
                    value[c], value[n] = a, b
                    shown[rc].append(a)
                    shown[rn].append(b)
                    if fits(rc) and fits(rn):
                        left[t] -= 1
                        pairs.append((c, n))
                        yield from rec(i + 1)
                        pairs.pop()
                        left[t] += 1
                    shown[rn].pop()
                    shown[rc].pop()
                    del value[c], value[n]

    yield from rec(0)


# -- encoding pieces (shared with the reductions' gadget checks) -----------------------------------
def encode_board(cnf: CNF, cells: Sequence[Cell], values: Sequence[int]) -> tuple[dict, dict]:
    """Pairing and value variables of a board (projected): each cell in exactly one pair and with
    exactly one value. Returns ``(pair, val)``: ``pair[(u, w)]`` and ``val[(c, v)]`` variable ids."""
    pair = {e: cnf.var(("pair", *e)) for e in edges(cells)}
    val = {(c, v): cnf.var(("val", c, v)) for c in cells for v in values}
    cnf.project(pair.values())
    cnf.project(val.values())
    incident: dict[Cell, list[int]] = {c: [] for c in cells}
    for (u, w), p in pair.items():
        incident[u].append(p)
        incident[w].append(p)
    for c in cells:
        cnf.exactly_one(incident[c])
        cnf.exactly_one([val[(c, v)] for v in values])
    return pair, val


def encode_tiles(cnf: CNF, pair: Mapping[Placement, int], val: Mapping[tuple[Cell, int], int],
                 types: Sequence[tuple[int, int]]) -> dict[tuple[int, int], list[int]]:
    """``tile[u,w,a,b]`` <-> pair[u,w] and u shows a and w shows b, for each tile type in both
    orientations; every pair shows one of the types. Returns the tile variables of each type."""
    out: dict[tuple[int, int], list[int]] = {t: [] for t in types}
    for (u, w), p in pair.items():
        options = []
        for t in types:
            for a, b in sorted({t, t[::-1]}):
                z = cnf.var(("tile", u, w, a, b))
                lits = [p, val[(u, a)], val[(w, b)]]
                for lit in lits:
                    cnf.add([-z, lit])
                cnf.add([z, *(-lit for lit in lits)])
                out[t].append(z)
                options.append(z)
        cnf.add([-p, *options])
    return out


#: What a sum region adds up: ``bits``, the binary digits of each cell's value (:func:`value_bits`), or
#: ``values``, the value variables weighted by their values (``bench/pips_sum_encodings.py`` compares them).
SUM_ENCODING = "bits"


def value_bits(cnf: CNF, c: Cell, val: Mapping[tuple[Cell, int], int], values: Sequence[int]) -> list[int | None]:
    """The binary digits of cell ``c``'s value, least significant first: digit j is true iff the cell shows
    a value with bit j set (None: no value has it). A digit is the disjunction of the value variables with
    the bit or, when fewer lack it, the negated disjunction of those (the cell has exactly one value): a
    value variable itself when it is alone, else a fresh variable defined both ways, so every digit is a
    function of the value variables."""
    out: list[int | None] = []
    for j in range(max(values).bit_length()):
        having = [val[(c, v)] for v in values if v >> j & 1]
        lacking = [val[(c, v)] for v in values if not v >> j & 1]
        if not having:
            out.append(None)
            continue
        sign, side = (1, having) if len(having) <= len(lacking) else (-1, lacking)
        if len(side) == 1:
            out.append(sign * side[0])
            continue
        out.append(sign * cnf.define_or(cnf.fresh(), side))
    return out


def encode_region(cnf: CNF, r: Region, val: Mapping[tuple[Cell, int], int], values: Sequence[int]) -> None:
    """The region's constraint over the value variables (see :meth:`Pips.encode`)."""
    if r.type == "equals":
        for c, d in zip(r.cells, r.cells[1:]):
            for v in values:
                cnf.add([-val[(c, v)], val[(d, v)]])
                cnf.add([val[(c, v)], -val[(d, v)]])
    elif r.type == "unequal":
        for v in values:
            cnf.at_most_one([val[(c, v)] for c in r.cells])
    elif r.type in TARGETED:
        if SUM_ENCODING == "bits":
            digits = [value_bits(cnf, c, val, values) for c in r.cells]
            lits = [d for ds in digits for d in ds if d is not None]
            weights = [1 << j for ds in digits for j, d in enumerate(ds) if d is not None]
        else:
            lits = [val[(c, v)] for c in r.cells for v in values]
            weights = [v for _c in r.cells for v in values]
        assert r.target is not None
        if r.type == "sum":
            cnf.weighted_equals(lits, weights, r.target)
        elif r.type == "less":
            cnf.weighted_at_most(lits, weights, r.target - 1)
        else:
            cnf.weighted_at_least(lits, weights, r.target + 1)


# -- JSON and the NYT format -----------------------------------------------------------------------
def _region_json(r: Region) -> dict[str, Any]:
    out: dict[str, Any] = {"indices": [list(c) for c in r.cells], "type": r.type}
    if r.target is not None:
        out["target"] = r.target
    return out


def _cells(data: Any, what: str) -> tuple[Cell, ...]:
    if not isinstance(data, list) or not all(isinstance(c, list) and len(c) == 2 for c in data):
        raise InputError(f"{NAME}: {what} must be a list of [row, col] pairs")
    return tuple((c[0], c[1]) for c in data)


def _puzzle_from_json(data: Mapping[str, Any]) -> PipsInstance:
    for key in ("dominoes", "regions"):
        if key not in data:
            raise InputError(f"{NAME}: missing field {key!r}")
    doms, regs = data["dominoes"], data["regions"]
    if not isinstance(doms, list) or not all(isinstance(d, list) for d in doms):
        raise InputError(f"{NAME}: 'dominoes' must be a list of [a, b] pairs")
    if not isinstance(regs, list) or not all(isinstance(r, Mapping) for r in regs):
        raise InputError(f"{NAME}: 'regions' must be a list of objects")
    regions = []
    for i, r in enumerate(regs):
        unknown = sorted(set(r) - {"indices", "type", "target"})
        if unknown:
            raise InputError(f"{NAME}: region {i} has unknown field {unknown[0]!r}")
        if "indices" not in r or "type" not in r:
            raise InputError(f"{NAME}: region {i} needs 'indices' and 'type'")
        regions.append(Region(r["type"], _cells(r["indices"], f"region {i} 'indices'"), r.get("target")))
    return PipsInstance(tuple(tuple(d) for d in doms), tuple(regions))  # type: ignore[misc]


def _load(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"nyt-pips: not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None


def read_nyt(text: str, options: Mapping[str, str]) -> PipsInstance:
    """A NYT daily file ``{"printDate", "easy": {...}, "medium": {...}, "hard": {...}}`` (the puzzle chosen
    by ``difficulty``; optional when the file holds one) or one puzzle object. Keys other than dominoes,
    regions and solution are ignored; a given ``solution`` must solve the puzzle."""
    data = _load(text)
    if not isinstance(data, dict):
        raise InputError("nyt-pips: expected a JSON object")
    if "dominoes" not in data:
        present = [d for d in DIFFICULTIES if isinstance(data.get(d), dict)]
        if not present:
            raise InputError("nyt-pips: neither a puzzle object (dominoes, regions) nor a daily file "
                             "(easy, medium, hard)")
        choice = options.get("difficulty")
        if choice is None and len(present) == 1:
            choice = present[0]
        if choice not in present:
            raise InputError(f"nyt-pips: a daily file: choose --difficulty from {', '.join(present)}"
                             + (f" (got {choice!r})" if choice is not None else ""))
        data = data[choice]
    prob = Pips()
    inst = _puzzle_from_json(data)
    prob.validate(inst)
    if "solution" in data:
        sol = prob.solution_from_json(inst, data["solution"])
        verdict = prob.check(inst, sol)
        if not verdict:
            raise InputError(f"nyt-pips: the file's solution does not solve the puzzle ({verdict})")
    return inst


def detect_nyt(text: str) -> bool:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return False
    if not isinstance(data, dict) or "problem" in data:
        return False
    return "dominoes" in data or any(isinstance(data.get(d), dict) and "dominoes" in data[d]
                                     for d in DIFFICULTIES)


# -- random instances ------------------------------------------------------------------------------
def _swap(seq: tuple, i: int, item: Any) -> tuple:
    return seq[:i] + (item,) + seq[i + 1:]


def random_instance(n: int, hi: int, rng: random.Random, exact: bool) -> tuple[PipsInstance, Layout]:
    """A random instance and its planted layout (see :meth:`Pips.generate`)."""
    steps = ((0, 1), (1, 0), (0, -1), (-1, 0))
    pairs: list[Placement] = [((0, 0), (0, 1)) if rng.random() < 0.5 else ((0, 0), (1, 0))]
    taken = set(pairs[0])
    while len(pairs) < n:
        options = sorted({(f, g) for c in taken for dr, dc in steps
                          for f in [(c[0] + dr, c[1] + dc)] if f not in taken
                          for er, ec in steps for g in [(f[0] + er, f[1] + ec)] if g not in taken})
        f, g = rng.choice(options)
        pairs.append((f, g))
        taken |= {f, g}
    r0, c0 = min(r for r, _ in taken), min(c for _, c in taken)
    pairs = [((u[0] - r0, u[1] - c0), (w[0] - r0, w[1] - c0)) for u, w in pairs]
    dominoes = tuple((rng.randint(0, hi), rng.randint(0, hi)) for _ in range(n))
    value = {cell: d[k] for d, pl in zip(dominoes, pairs) for k, cell in enumerate(pl)}
    free = sorted(value)
    rng.shuffle(free)
    unassigned = set(free)
    regions = []
    for start in free:
        if start not in unassigned:
            continue
        cells = [start]
        unassigned.discard(start)
        want = rng.randint(1, 4)
        while len(cells) < want:
            frontier = sorted({(c[0] + dr, c[1] + dc) for c in cells for dr, dc in steps} & unassigned)
            if not frontier:
                break
            nxt = rng.choice(frontier)
            cells.append(nxt)
            unassigned.discard(nxt)
        regions.append(_random_region(tuple(sorted(cells)), [value[c] for c in sorted(cells)], rng, exact))
    inst = PipsInstance(dominoes, tuple(regions))
    return inst, arrange(inst, pairs, value)


def _random_region(cells: tuple[Cell, ...], vals: list[int], rng: random.Random, exact: bool) -> Region:
    total = sum(vals)
    kinds = ["empty", "sum", "sum", "less"] + (["greater"] if total > 0 else [])
    if len(cells) > 1 and len(set(vals)) == 1:
        kinds += ["equals", "equals"]
    if len(cells) > 1 and len(set(vals)) == len(vals):
        kinds += ["unequal"]
    kind = rng.choice(kinds)
    if kind not in TARGETED:
        return Region(kind, cells)
    target = {"sum": total, "less": total + rng.randint(1, 2), "greater": total - 1}[kind]
    if not exact and rng.random() < 1 / 3:
        target = max(0, target + rng.choice((-1, 1)))
    return Region(kind, cells, target)


PROBLEMS = [Pips()]
