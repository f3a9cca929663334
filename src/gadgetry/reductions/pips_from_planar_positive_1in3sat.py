"""Positive planar 1-in-3SAT to Pips with only 0-0 and 1-1 dominoes and only "=" and sum constraints
(NYT seed, section 3, Theorem 16).

The seed's figures 8-10 are missing; the shapes below are reconstructed from the prose and proved by the
gadget checks of :meth:`PipsFromPlanarOneInThreeSat.gadgets` and, on every instance, by the tests (the
board has exactly one domino tiling).

- Columns. The variables stand left to right in the embedding's order. Variable v gets a horizontal
  *base* of ``2 w`` cells on row ``R0`` (``w`` = the width of its box in :func:`planar_sat.layout`); the
  leg in box column k leaves the base at base offset ``2 k + 1``. Consecutive bases are two columns apart.
  Every leg thus stands at an odd column, legs of one side at least two columns apart.
- Branches. A leg of a clause at level l runs vertically from the base (up for clauses above the line,
  down below) through ``h = 4 l - 2`` cells (even, as the seed requires); its last cell, the *tip*, lies
  on the clause's body row.
- Clause gadget. The body is the row segment from the leftmost to the rightmost tip. Consecutive tips are
  an even distance apart, so each of the two runs of cells between tips has odd length and carries the
  seed's "vertical domino": one extra cell on the outer side of the run's first cell. Levels are 4 rows
  apart, so no clause touches another.
- Constraints. Each variable gadget minus its tips is one "=" region; each clause body with its three
  tips is one region of sum 1. Cleanup gadgets: one unconstrained straight line per variable, as long as
  that variable's gadget, in rows below everything.
- Tiles: one 1-1 domino per domino of the variable gadgets, one 0-0 domino per domino of the variable and
  clause gadgets; the board area is twice the number of tiles.

Why the tiling is unique: every base cell a branch leaves from is at an odd offset in a base of even
length, so a branch domino cannot take a base cell (the base cells left of the first such cell would be
odd in number); hence each branch is tiled by vertical dominoes from the base out, the tip together with
the cell below it, and the clause runs are tiled by the vertical domino and horizontal ones.

Counting (one Pips solution is a layout: cell values plus pairing, identical tiles interchangeable). The
tiling is unique (the seed: all solutions are the same up to relabelling), variable gadgets take the value
of their variable, clause bodies are 0, and the cleanup lines, ``D`` = (sum of d_v) dominoes where d_v is
the number of dominoes of v's gadget, hold the unused tiles: ``K(a)`` = (sum of d_v over false v) 1-1
tiles in any ``C(D, K(a))`` of the cleanup slots. So the target count is the sum over satisfying
assignments a of ``C(D, K(a))``: not a constant multiple of the source count (the factor depends on the
assignment), hence no claim; the tests check this exact formula.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from gadgetry.core import CNF, NO_CLAIM, Reduction
from gadgetry.core.gadget import Gadget
from gadgetry.puzzles.pips import (Cell, Layout, PipsInstance, Placement, Region, arrange, encode_board,
                                   encode_region, encode_tiles, values_of)
from gadgetry.sources.planar_sat import Layout as Drawing, PlanarFormula, layout, left_to_right
from gadgetry.sources.sat import Assignment, Formula

ZERO, ONE = (0, 0), (1, 1)


@dataclass(frozen=True)
class Construction:
    """The board with its intended tiling: ``instance``; the pairs of each variable gadget (by variable),
    the pairs always showing 0 (clause runs, connectors) and the cleanup pairs; ``base[v - 1]`` is the
    first base cell of variable v (its value is v's value)."""

    instance: PipsInstance
    variable_pairs: tuple[tuple[Placement, ...], ...]
    zero_pairs: tuple[Placement, ...]
    cleanup_pairs: tuple[Placement, ...]
    base: tuple[Cell, ...]


def leg_columns(src: PlanarFormula) -> tuple[dict[int, int], list[tuple[int, int, int]], int]:
    """``(base start column by variable, leg columns of each clause left to right, end of the last
    base + 1)``: the column scheme of the module docstring."""
    lay = layout(src)
    start: dict[int, int] = {}
    x = 0
    for v in src.order:
        lo, hi = lay.boxes[v - 1]
        start[v] = x
        x += 2 * (hi - lo + 1) + 2
    legs = []
    for i, cols in enumerate(lay.legs):
        vs = left_to_right(src, i)
        legs.append(tuple(start[v] + 1 + 2 * (c - lay.boxes[v - 1][0]) for v, c in zip(vs, cols)))
    return start, legs, x - 2  # type: ignore[return-value]


@lru_cache(maxsize=64)
def build(src: PlanarFormula, connected: bool) -> Construction:
    """The construction of the module docstring; ``connected`` adds the connection gadgets of the remark
    after Theorem 16 (see :mod:`gadgetry.reductions.pips_connected_from_planar_positive_1in3sat`). Cached: the
    certificate maps rebuild it for every solution."""
    lay = layout(src)
    f = src.formula
    start, legs, end = leg_columns(src)
    above = max((lv for lv, s in zip(src.levels, src.sides) if s == "above"), default=0)
    below = max((lv for lv, s in zip(src.levels, src.sides) if s == "below"), default=0)
    r0 = 4 * above - 1 if above else 0
    bottom = r0 + 4 * below - 1 if below else r0
    var_cells: dict[int, list[Cell]] = {v: [] for v in src.order}
    var_pairs: dict[int, list[Placement]] = {v: [] for v in src.order}
    for v in src.order:
        lo, hi = lay.boxes[v - 1]
        for k in range(hi - lo + 1):
            u, w = (r0, start[v] + 2 * k), (r0, start[v] + 2 * k + 1)
            var_cells[v] += [u, w]
            var_pairs[v].append((u, w))
    regions_clause = []
    zero_pairs: list[Placement] = []
    for i, clause_vars in enumerate(left_to_right(src, i) for i in range(len(f.clauses))):
        sign = -1 if src.sides[i] == "above" else 1
        h = 4 * src.levels[i] - 2
        row = r0 + sign * h
        tips = []
        for v, col in zip(clause_vars, legs[i]):
            branch = [(r0 + sign * k, col) for k in range(1, h + 1)]
            var_cells[v] += branch[:-1]
            var_pairs[v] += [(branch[k], branch[k + 1]) for k in range(0, h, 2)]
            tips.append(branch[-1])
        body = list(tips)
        for a, b in zip(legs[i], legs[i][1:]):
            pendant = (row + sign, a + 1)
            body += [pendant] + [(row, c) for c in range(a + 1, b)]
            zero_pairs.append(((row, a + 1), pendant))
            zero_pairs += [((row, c), (row, c + 1)) for c in range(a + 2, b, 2)]
        regions_clause.append(Region("sum", tuple(sorted(body)), 1))
    regions_var = [Region("equals", tuple(sorted(var_cells[v]))) for v in range(1, f.variables + 1)]
    dominoes_of = {v: len(var_pairs[v]) for v in src.order}
    regions_extra: list[Region] = []
    cleanup: list[Placement] = []
    if connected:
        for v in src.order:
            c = start[v] + 2 * box_width(lay, v)
            pair = ((r0, c), (r0, c + 1))
            zero_pairs.append(pair)
            regions_extra.append(Region("sum", pair, 0))
        first = end + 2
        line = [(r0, first + k) for k in range(2 * sum(dominoes_of.values()))]
        cleanup = [(line[k], line[k + 1]) for k in range(0, len(line), 2)]
        regions_extra += [Region("empty", tuple(line))] if line else []
    else:
        for k, v in enumerate(src.order):
            line = [(bottom + 2 + 2 * k, c) for c in range(2 * dominoes_of[v])]
            cleanup += [(line[j], line[j + 1]) for j in range(0, len(line), 2)]
            regions_extra.append(Region("empty", tuple(line)))
    if not f.variables:  # no gadget: one 0-0 tile on two free cells, the one layout (the empty assignment's)
        pair = ((0, 0), (0, 1))
        zero_pairs.append(pair)
        regions_extra.append(Region("empty", pair))
    n_var = sum(dominoes_of.values())
    dominoes = (ZERO,) * (n_var + len(zero_pairs)) + (ONE,) * n_var
    inst = PipsInstance(dominoes, tuple(regions_var + regions_clause + regions_extra))
    return Construction(inst, tuple(tuple(var_pairs[v]) for v in range(1, f.variables + 1)), tuple(zero_pairs),
                        tuple(cleanup), tuple((r0, start[v]) for v in range(1, f.variables + 1)))


def box_width(lay: Drawing, v: int) -> int:
    """The width of variable v's box in the layout (its base has twice as many cells)."""
    lo, hi = lay.boxes[v - 1]
    return hi - lo + 1


def forward_layout(c: Construction, a: Assignment) -> Layout:
    """The layout of an assignment: variable gadgets show their variable's value, zero pairs 0, and the
    1-1 tiles the true variables leave over fill the first cleanup pairs."""
    value: dict[Cell, int] = {}
    for v, pairs in enumerate(c.variable_pairs):
        for u, w in pairs:
            value[u] = value[w] = int(a[v])
    for u, w in c.zero_pairs:
        value[u] = value[w] = 0
    ones_left = sum(len(p) for v, p in enumerate(c.variable_pairs) if not a[v])
    for k, (u, w) in enumerate(c.cleanup_pairs):
        value[u] = value[w] = int(k < ones_left)
    pairs = [p for ps in c.variable_pairs for p in ps] + list(c.zero_pairs) + list(c.cleanup_pairs)
    return arrange(c.instance, pairs, value)


def backward_assignment(c: Construction, sol: Layout) -> Assignment:
    value = values_of(c.instance, sol)
    return tuple(value[cell] == 1 for cell in c.base)


def count_relation(src: PlanarFormula, assignments: Sequence[Assignment], connected: bool) -> int:
    """The exact target count the module docstring derives: the sum over satisfying assignments of
    C(D, K(a))."""
    c = build(src, connected)
    d = [len(p) for p in c.variable_pairs]
    total = sum(d)
    return sum(math.comb(total, sum(dv for dv, x in zip(d, a) if not x)) for a in assignments)


def local_gadget(name: str, src: PlanarFormula, connected: bool, text: str) -> Gadget:
    """The variable and clause gadgets of ``src`` (cleanup left out) as a gadget: tiles 0-0 and 1-1 in any
    number, every tiling allowed; the ports are the variables' values (their first base cells). The
    relation is the formula's 1-in-3 condition, with exactly one filling (tiling and values) each."""
    c = build(src, connected)
    f = src.formula
    kept = [r for r in c.instance.regions if r.type != "empty"]
    cells = sorted(x for r in kept for x in r.cells)
    ports = tuple(f"x{v}" for v in range(1, f.variables + 1))

    def make() -> tuple[CNF, dict[str, int]]:
        cnf = CNF()
        pair, val = encode_board(cnf, cells, (0, 1))
        encode_tiles(cnf, pair, val, (ZERO, ONE))
        for r in kept:
            encode_region(cnf, r, val, (0, 1))
        return cnf, {p: val[(cell, 1)] for p, cell in zip(ports, c.base)}

    allowed = [a for a in _assignments(f.variables) if all(sum(a[v - 1] for v in cl) == 1 for cl in f.clauses)]
    return Gadget(name, ports, make, allowed, 1, source=f"NYT seed, section 3, Theorem 16 ({text})",
                  meta={"cells": len(cells)})


def _assignments(n: int) -> list[tuple[bool, ...]]:
    return [tuple(bool(k >> i & 1) for i in range(n)) for k in range(2 ** n)]


def gadget_sources() -> list[tuple[str, PlanarFormula, str]]:
    """Small embedded formulas whose gadgets are checked: one clause above (figures 8-10), one below, a
    clause nested in another sharing an end variable (two legs on one variable), and clauses on both
    sides."""
    one = Formula(3, ((1, 2, 3),))
    nested = Formula(5, ((1, 2, 5), (2, 3, 4)))
    sides = Formula(4, ((1, 2, 3), (2, 3, 4)))
    order3, order5, order4 = (1, 2, 3), (1, 2, 3, 4, 5), (1, 2, 3, 4)
    return [("one clause above", PlanarFormula(one, order3, ("above",), (1,)), "figures 8-10"),
            ("one clause below", PlanarFormula(one, order3, ("below",), (1,)), "mirrored clause"),
            ("nested clauses", PlanarFormula(nested, order5, ("above", "above"), (2, 1)), "two levels"),
            ("both sides", PlanarFormula(sides, order4, ("above", "below"), (1, 1)), "legs up and down")]


class PipsFromPlanarOneInThreeSat(Reduction):
    name = "pips-from-planar-positive-1in3sat"
    source = "planar-positive-1in3sat"
    target = "pips"
    paper = "NYT seed"
    section = "section 3"
    theorem = "Theorem 16"
    claim = NO_CLAIM
    connected = False
    verify_params = ({"variables": 3, "clauses": 1}, {"variables": 4, "clauses": 1},
                     {"variables": 4, "clauses": 2})

    def reduce(self, source: PlanarFormula) -> PipsInstance:
        return build(source, self.connected).instance

    def forward(self, source: PlanarFormula, target: PipsInstance, source_solution: Assignment) -> Layout:
        return forward_layout(build(source, self.connected), source_solution)

    def backward(self, source: PlanarFormula, target: PipsInstance, target_solution: Layout) -> Assignment:
        return backward_assignment(build(source, self.connected), target_solution)

    def overhead(self, source: PlanarFormula) -> dict[str, int]:
        """From the layout alone: a variable's gadget has 2 w cells of base plus 4 l - 2 per leg; a clause
        body adds (rightmost - leftmost leg column) cells (runs plus vertical dominoes); cleanup repeats
        the variable area; the connected variant adds one 2-cell connector per variable."""
        _, legs, _ = leg_columns(source)
        lay = layout(source)
        n, m = source.formula.variables, len(source.formula.clauses)
        var_area = sum(2 * (hi - lo + 1) for lo, hi in lay.boxes) + sum(3 * (4 * lv - 2) for lv in source.levels)
        body = sum(c - a for a, _, c in legs)
        connectors = n if self.connected else 0
        cells = 2 * var_area + body + 2 * connectors
        regions = n + m + (connectors + 1 if self.connected else n)
        return {"cells": cells, "dominoes": cells // 2, "regions": regions,
                "constraints": n + m + connectors}

    def example(self) -> tuple[Any, Any]:
        """The seed's Figure 7: (x1, x2, x3)(x1, x3, x5)(x2, x4, x5), x3 and x4 true."""
        f = Formula(5, ((1, 2, 3), (1, 3, 5), (2, 4, 5)))
        return (PlanarFormula(f, (1, 2, 3, 4, 5), ("above", "above", "below"), (1, 2, 1)),
                (False, False, True, True, False))

    def gadgets(self) -> list[Gadget]:
        return [local_gadget(name, src, self.connected, text) for name, src, text in gadget_sources()]


REDUCTIONS = [PipsFromPlanarOneInThreeSat()]
