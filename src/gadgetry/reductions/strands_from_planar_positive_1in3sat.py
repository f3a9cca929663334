"""Positive planar 1-in-3SAT to Strands with the constant dictionary {_, A, A*, *#BE, #B*, EF, FCC}
(NYT seed, section 4, Theorem 3; ``_`` stands for the seed's blank character).

Figure 13 (the variable gadget) is missing from the seed; this is the reconstruction from its prose, and
:meth:`StrandsFromPlanarOneInThreeSat.gadgets` proves it has exactly the two coverings the proof uses. A
variable of degree k is a 3 x (3k + 3) rectangle whose middle row is ``A * (# B *)^k A`` (first column
``A``, second ``*``, k modules ``# B *``, last column equal to the first); module j's ``E`` sits directly
above or below its ``B`` (top or bottom row) when the j-th leg, in left-to-right order, leaves upwards or
downwards; every other cell is blank. Covering the first ``A`` alone forces ``*#BE`` on every module and
``*A`` at the end (all E's used: *true*); covering ``A*`` forces ``#B*`` on every module and the last ``A``
alone (no E used: *false*). A clause is two vertically stacked ``C`` cells on the column of its middle leg,
4 * level rows from the variable row; each leg is an even-length alternating path ``E F ... E F`` from its
variable's ``E`` (vertical, then horizontal into the side of the clause, on the ``C`` row giving even length).

Count relation: parsimonious. A solution of Strands is a partition into cell sets (see the Strands module):
each variable gadget has exactly two coverings, every leg's covering is forced by its variable, and the
clause's ``FCC`` piece is one cell set even where its ``F`` touches both ``C``'s (two paths, one piece).
Every piece is read with orthogonal moves only (Corollary 19: the instance is unsolvable or solvable
without diagonal moves), which ``tests/test_strands_reductions.py`` checks by counting both move rules.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass

from gadgetry.core import CNF, PARSIMONIOUS, Reduction
from gadgetry.core.gadget import Gadget
from gadgetry.puzzles.strands import Solution, Strands, canonical, pieces
from gadgetry.sources.planar_sat import PlanarFormula, layout
from gadgetry.sources.sat import Assignment, Formula

BLANK = "_"
DICTIONARY = (BLANK, "A", "A*", "*#BE", "#B*", "EF", "FCC")
Cell = tuple[int, int]


@dataclass(frozen=True)
class Construction:
    """The grid and where things are: each variable's first column, modules' B/E cells, legs' paths."""

    grid: tuple[str, ...]
    row: int  # the variables' middle row
    starts: tuple[int, ...]  # first column of variable v's gadget, index v - 1
    modules: tuple[tuple[tuple[int, int], ...], ...]  # per variable: (column of '#', E row) per module
    legs: tuple[tuple[tuple[Cell, ...], ...], ...]  # per clause: (left, middle, right) paths E..F
    clause_cells: tuple[tuple[Cell, Cell], ...]  # per clause: (C next to the middle leg, other C)


def legs_by_variable(inst: PlanarFormula) -> dict[int, list[tuple[int, int]]]:
    """Each variable's legs, left to right: (clause index, leg index 0/1/2), merged from both sides."""
    lay = layout(inst)
    out: dict[int, list[tuple[int, int, int, int]]] = {}
    pos = {v: p for p, v in enumerate(inst.order)}
    for i, clause in enumerate(inst.formula.clauses):
        ordered = sorted(clause, key=pos.__getitem__)
        for leg, v in enumerate(ordered):
            side = 0 if inst.sides[i] == "above" else 1
            out.setdefault(v, []).append((lay.legs[i][leg], side, i, leg))
    return {v: [(i, leg) for _, _, i, leg in sorted(out.get(v, []))] for v in inst.order}


def construct(inst: PlanarFormula) -> Construction:
    """The Strands grid of Theorem 3 (module docstring)."""
    f = inst.formula
    above = max((lv for lv, s in zip(inst.levels, inst.sides) if s == "above"), default=0)
    below = max((lv for lv, s in zip(inst.levels, inst.sides) if s == "below"), default=0)
    y0 = 4 * above + 2  # the gadgets' top row
    rows = 4 * (above + below) + 7
    by_var = legs_by_variable(inst)
    cols = sum(3 * len(by_var[v]) + 3 for v in inst.order) + f.variables + 1
    grid = [[BLANK] * cols for _ in range(rows)]
    starts = [0] * f.variables
    modules: list[tuple[tuple[int, int], ...]] = [()] * f.variables
    e_cell: dict[tuple[int, int], Cell] = {}
    x = 1
    for v in inst.order:
        starts[v - 1] = x
        mid = y0 + 1
        grid[mid][x], grid[mid][x + 1] = "A", "*"
        mods = []
        for j, (i, leg) in enumerate(by_var[v]):
            c = x + 2 + 3 * j
            grid[mid][c:c + 3] = ["#", "B", "*"]
            erow = y0 if inst.sides[i] == "above" else y0 + 2
            grid[erow][c + 1] = "E"
            e_cell[(i, leg)] = (erow, c + 1)
            mods.append((c, erow))
        modules[v - 1] = tuple(mods)
        end = x + 2 + 3 * len(by_var[v])
        grid[mid][end] = "A"
        x = end + 2
    legs, clause_cells = [], []
    for i in range(len(f.clauses)):
        up = inst.sides[i] == "above"
        step = -1 if up else 1
        base = y0 if up else y0 + 2
        near = base + step * 4 * inst.levels[i]  # the C next to the middle leg
        far = near + step
        (rl, cl), (_, cm), (rr, cr) = (e_cell[(i, leg)] for leg in range(3))
        for r in (near, far):
            grid[r][cm] = "C"
        middle = tuple((r, cm) for r in range(base, near, step))
        paths = []
        for (r0, c0), side in (((rl, cl), 1), ((rr, cr), -1)):
            # cells from E to the F beside the clause: even length, so pick the C row by parity
            target = near if (abs(near - r0) + abs(cm - c0)) % 2 == 0 else far
            vertical = [(r, c0) for r in range(r0, target, step)]
            horizontal = [(target, c) for c in range(c0, cm, side)]
            paths.append(tuple(vertical + horizontal))
        leg_paths = (paths[0], middle, paths[1])
        for path in leg_paths:
            assert len(path) % 2 == 0
            for k, (r, c) in enumerate(path):
                if k:
                    grid[r][c] = "F" if k % 2 else "E"
        legs.append(leg_paths)
        clause_cells.append(((near, cm), (far, cm)))
    return Construction(tuple("".join(r) for r in grid), y0 + 1, tuple(starts), tuple(modules), tuple(legs),
                        tuple(clause_cells))


class StrandsFromPlanarOneInThreeSat(Reduction):
    """Variable, clause and edge gadgets on the rectilinear embedding; see the module docstring."""

    name = "strands-from-planar-positive-1in3sat"
    source = "planar-positive-1in3sat"
    target = "strands"
    paper = "NYT seed"
    section = "section 4"
    theorem = "Theorem 3 (and Corollary 19)"
    claim = PARSIMONIOUS
    verify_params = ({"variables": 4, "clauses": 2}, {"variables": 5, "clauses": 3}, {"variables": 6, "clauses": 4})

    def reduce(self, source: PlanarFormula) -> Strands:
        self.source_problem.validate(source)
        return Strands(construct(source).grid, DICTIONARY)

    def forward(self, source: PlanarFormula, target: Strands, a: Assignment) -> Solution:
        con = construct(source)
        out: list[tuple[str, tuple[Cell, ...], bool]] = []
        mid = con.row
        covered: set[Cell] = set()

        def add(word: str, path: tuple[Cell, ...]) -> None:
            out.append((word, path, False))
            covered.update(path)

        for v in range(1, source.formula.variables + 1):
            x, mods = con.starts[v - 1], con.modules[v - 1]
            end = x + 2 + 3 * len(mods)
            if a[v - 1]:
                add("A", ((mid, x),))
                star = (mid, x + 1)
                for c, erow in mods:
                    add("*#BE", (star, (mid, c), (mid, c + 1), (erow, c + 1)))
                    star = (mid, c + 2)
                add("A*", ((mid, end), star))
            else:
                add("A*", ((mid, x), (mid, x + 1)))
                for c, _ in mods:
                    add("#B*", ((mid, c), (mid, c + 1), (mid, c + 2)))
                add("A", ((mid, end),))
        for i, clause in enumerate(source.formula.clauses):
            for leg in con.legs[i]:
                v = _variable_at(con, leg[0])
                if a[v - 1]:  # E taken by the variable: F E pairs, then F C C
                    for k in range(1, len(leg) - 1, 2):
                        add("EF", (leg[k + 1], leg[k]))
                    add("FCC", (leg[-1], *con.clause_cells[i]) if _adjacent(leg[-1], con.clause_cells[i][0])
                        else (leg[-1], con.clause_cells[i][1], con.clause_cells[i][0]))
                else:
                    for k in range(0, len(leg), 2):
                        add("EF", (leg[k], leg[k + 1]))
        for r, row in enumerate(target.grid):
            for c, ch in enumerate(row):
                if ch == BLANK:
                    add(BLANK, ((r, c),))
        return canonical(out)

    def backward(self, source: PlanarFormula, target: Strands, sol: Solution) -> Assignment:
        con = construct(source)
        alone = {path[0] for _, path, _ in sol if len(path) == 1}
        return tuple((con.row, con.starts[v - 1]) in alone for v in range(1, source.formula.variables + 1))

    def overhead(self, source: PlanarFormula) -> dict[str, int]:
        n, m = source.formula.variables, len(source.formula.clauses)
        above = max((lv for lv, s in zip(source.levels, source.sides) if s == "above"), default=0)
        below = max((lv for lv, s in zip(source.levels, source.sides) if s == "below"), default=0)
        rows, cols = 4 * (above + below) + 7, 9 * m + 4 * n + 1
        return {"rows": rows, "cols": cols, "cells": rows * cols, "words": len(DICTIONARY), "longest": 4}

    def example(self) -> tuple[PlanarFormula, Assignment]:
        """Figure 12: (x1, x2, x3)(x1, x3, x5)(x2, x4, x5) with the embedding of Figure 7."""
        f = Formula(5, ((1, 2, 3), (1, 3, 5), (2, 4, 5)))
        return PlanarFormula(f, (1, 2, 3, 4, 5), ("above", "above", "below"), (1, 2, 1)), \
            (True, False, False, True, False)

    def gadgets(self) -> list[Gadget]:
        """The reconstructed variable gadget (Figure 13) alone, its E's as ports (a port is true when the
        gadget covers that E): exactly two coverings, all E's or none, for up to three modules in every
        up/down arrangement and both move rules; and the whole construction on one clause, above and below
        the line, its ports the variables: exactly one true, one covering each."""
        out = [variable_gadget(ups, diagonal) for k in (0, 1, 2, 3)
               for ups in itertools.product((True, False), repeat=k) for diagonal in (True, False)]
        for side in ("above", "below"):
            source = PlanarFormula(Formula(3, ((1, 2, 3),)), (1, 2, 3), (side,), (1,))
            out.append(self._clause_gadget(source, side))
        return out

    def _clause_gadget(self, source: PlanarFormula, side: str) -> Gadget:
        target = self.reduce(source)
        con = construct(source)
        ports = ("x1", "x2", "x3")

        def build() -> tuple[CNF, Mapping[str, int]]:
            cnf, piece_ids, cands = _cover_cnf(target, set())
            port_ids = {}
            for v, name in enumerate(ports, 1):
                cell = (con.row, con.starts[v - 1])
                alone = [p for p, (_, path, _) in zip(piece_ids, cands) if path == (cell,)]
                port_ids[name] = cnf.var(("port", name))
                cnf.define_or(port_ids[name], alone)
            return cnf, port_ids

        allowed = [a for a in itertools.product((False, True), repeat=3) if sum(a) == 1]
        return Gadget(f"one clause {side} the line", ports, build, allowed, 1, source=self.name)


def _adjacent(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def _variable_at(con: Construction, e: Cell) -> int:
    for v, mods in enumerate(con.modules, 1):
        if any((erow, c + 1) == e for c, erow in mods):
            return v
    raise ValueError(f"no module has an E at {e}")


def _cover_cnf(inst: Strands, optional: set[Cell]) -> tuple[CNF, list[int], list]:
    """Exact cover of ``inst`` by its pieces, the ``optional`` cells covered at most once."""
    cnf = CNF()
    cands = pieces(inst)
    ids = [cnf.var(("piece", i)) for i in range(len(cands))]
    cnf.project(ids)
    cover: dict[Cell, list[int]] = {(r, c): [] for r in range(inst.rows) for c in range(inst.cols)}
    for v, (_, path, _) in zip(ids, cands):
        for cell in path:
            cover[cell].append(v)
    for cell in sorted(cover):
        (cnf.at_most_one if cell in optional else cnf.exactly_one)(cover[cell])
    return cnf, ids, cands


def variable_gadget(ups: tuple[bool, ...], diagonal: bool) -> Gadget:
    """The variable gadget with one module per entry of ``ups`` (True: E above its B), blank-bordered."""
    k = len(ups)
    top = BLANK * 2 + "".join(BLANK + ("E" if u else BLANK) + BLANK for u in ups) + BLANK
    mid = "A*" + "#B*" * k + "A"
    bottom = BLANK * 2 + "".join(BLANK + (BLANK if u else "E") + BLANK for u in ups) + BLANK
    width = len(mid) + 2
    grid = (BLANK * width, *(BLANK + r + BLANK for r in (top, mid, bottom)), BLANK * width)
    inst = Strands(grid, DICTIONARY, "", diagonal)
    es = [(r, c) for r in range(inst.rows) for c in range(inst.cols) if grid[r][c] == "E"]
    ports = tuple(f"E{j}" for j in range(k))

    def build() -> tuple[CNF, Mapping[str, int]]:
        cnf, ids, cands = _cover_cnf(inst, set(es))
        port_ids = {}
        for name, e in zip(ports, es):
            port_ids[name] = cnf.var(("port", name))
            cnf.define_or(port_ids[name], [v for v, (_, path, _) in zip(ids, cands) if e in path])
        return cnf, port_ids

    allowed = [(False,) * k, (True,) * k]
    shape = "".join("u" if u else "d" for u in ups) or "no module"
    return Gadget(f"variable gadget {shape} ({'king' if diagonal else 'orthogonal'} moves)", ports, build,
                  allowed, 1 if k else 2, source="NYT seed, section 4, Figure 13 (reconstructed)")


REDUCTIONS = [StrandsFromPlanarOneInThreeSat()]
