"""Kurodoko (Nikoli; Simon Tatham's "Range"): shade cells black so that clue cells are white, no two black
cells are adjacent, the white cells are connected, and each clue equals the number of white cells it sees in
the four directions, itself included (Kolker, "Kurodoko is NP-Complete", JIP 2012, section 2, rules 1-4).

An instance is a ``width x height`` board with clues ``(row, col, value)``; ``value`` None is a ``?`` clue
(the cell must be white, its count is free; puzz.link's ``.``). **Identity**: one counted solution is one
colouring, i.e. the set of black cells. Solution (JSON): sorted ``[[row, col], ...]`` of the black cells.

Encoding: one ``black`` variable per cell (the projection). Visibility: for each clue and direction, prefix
variables ``p_t <-> p_{t-1} and white(cell at distance t)`` (functionally determined), the clue an exact count
of them (:func:`local_clauses`: order-encoded sums for small clues, binary digits under an adder for large
ones). Connectivity (:func:`connected`, in about 5.5 log2(cells / 4) clauses per cell): the black cells,
joined diagonally and to the outside, form a forest, by parent choices and binary labels. The encoding is
exact on the ``black`` variables (every valid colouring extends, no other does): ``encode`` is what
``export`` writes and Ganak counts. The default solve and count
(method ``lazy``, :class:`KurodokoSolver`): Simon Tatham's Range deductions (:func:`deduce`) to a fixpoint,
which decide the puzzles his generator makes without search, then for what they leave open a SAT solver on
the local rules with connectivity and long clues cut lazily, enumerating with blocking clauses to count.
"""

from __future__ import annotations

import itertools
import random
import re
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pysat.solvers import Solver

from gadgetry.core import (CNF, MAX_DECLARED, VALID, Encoding, Format, Generated, InputError, Param, Problem,
                           Verdict, invalid)
from gadgetry.core.render import render_template
from gadgetry.core.sat import DEFAULT_SOLVER

NAME = "kurodoko"
Cell = tuple[int, int]
Clue = tuple[int, int, "int | None"]
Solution = tuple[Cell, ...]  # sorted black cells
DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))
LAZY = "lazy"  # the solve and count method of :class:`KurodokoSolver`
LAZY_FROM_CELLS = 49  # boards this large are counted by it by default
#: A clue's sum is order-encoded (a totalizer) unless that takes more than this many times the clauses of
#: its binary digits under an adder: the order encoding propagates better (CaDiCaL on the eight 30 x 30
#: and 40 x 40 Range puzzles of tests/data: 0.77 s, 2,777 conflicts in all, against 1.16 s, 10,878
#: conflicts taking the smaller encoding of each clue, and 0.71 s, 849 conflicts with 20% more clauses
#: taking the order encoding every time); the reduction's clues of a few hundred take binary digits.
UNARY_FACTOR = 2
#: Clues up to this value are clauses of :class:`KurodokoSolver` by default, larger ones cut lazily (the
#: reduction's long rays reach hundreds of cells, most of them decided by the deductions first).
EAGER_CLUES = 12


@dataclass(frozen=True)
class Kurodoko:
    """A board of ``height`` rows and ``width`` columns; clues sorted by cell, value None for ``?``."""

    width: int
    height: int
    clues: tuple[Clue, ...]

    @property
    def cells(self) -> list[Cell]:
        return [(r, c) for r in range(self.height) for c in range(self.width)]

    def clue_map(self) -> dict[Cell, int | None]:
        return {(r, c): v for r, c, v in self.clues}

    def grid(self) -> list[list[int | None | str]]:
        """Rows of the board: an int clue, ``"?"`` for a ``?`` clue, None for a blank cell."""
        g: list[list[int | None | str]] = [[None] * self.width for _ in range(self.height)]
        for r, c, v in self.clues:
            g[r][c] = "?" if v is None else v
        return g


def make(width: int, height: int, clues: Any) -> Kurodoko:
    """An instance from (row, col, value) triples, value None for a ``?`` clue."""
    return Kurodoko(width, height, tuple(sorted((r, c, v) for r, c, v in clues)))


def from_grid(grid: Any) -> Kurodoko:
    """An instance from rows of int (a clue), ``"?"`` (a ``?`` clue) or None (blank)."""
    rows = [list(row) for row in grid]
    return Kurodoko(len(rows[0]) if rows else 0, len(rows),
                    tuple((r, c, None if v == "?" else v) for r, row in enumerate(rows)
                          for c, v in enumerate(row) if v is not None))


def neighbours(inst: Kurodoko, cell: Cell) -> Iterator[Cell]:
    r, c = cell
    for dr, dc in DIRECTIONS:
        if 0 <= r + dr < inst.height and 0 <= c + dc < inst.width:
            yield r + dr, c + dc


def ray(inst: Kurodoko, cell: Cell, d: tuple[int, int], most: int | None = None) -> list[Cell]:
    """The cells seen from ``cell`` in direction ``d``, nearest first, up to the edge (at most ``most``)."""
    out: list[Cell] = []
    r, c = cell[0] + d[0], cell[1] + d[1]
    while 0 <= r < inst.height and 0 <= c < inst.width and (most is None or len(out) < most):
        out.append((r, c))
        r, c = r + d[0], c + d[1]
    return out


def seen(inst: Kurodoko, black: set[Cell], cell: Cell) -> int:
    """White cells seen from ``cell`` (itself included)."""
    n = 1
    for dr, dc in DIRECTIONS:
        r, c = cell[0] + dr, cell[1] + dc
        while 0 <= r < inst.height and 0 <= c < inst.width and (r, c) not in black:
            n += 1
            r, c = r + dr, c + dc
    return n


def white_components(inst: Kurodoko, black: set[Cell]) -> list[set[Cell]]:
    """The white regions (4-connected), ordered by their smallest cell."""
    unseen = {x for x in inst.cells if x not in black}
    comps = []
    for first in inst.cells:  # row-major: each region is met first at its smallest cell
        if first not in unseen:
            continue
        comp, todo = {first}, deque([first])
        unseen.discard(first)
        while todo:
            for y in neighbours(inst, todo.popleft()):
                if y in unseen:
                    unseen.discard(y)
                    comp.add(y)
                    todo.append(y)
        comps.append(comp)
    return comps


# -- Tatham's deductions ------------------------------------------------------------------------------------

_WHITE, _BLACK = 1, 2


class _Contradiction(Exception):
    """Raised inside :func:`deduce` when the board has no solution."""


def deduce(inst: Kurodoko, fixed: Mapping[Cell, bool] | None = None) -> dict[Cell, bool] | None:
    """The colours every solution gives (cell -> True for black), by the deductions of Simon Tatham's Range
    solver (range.c) repeated until nothing changes; None when they show there is no solution (with the
    ``fixed`` cells black (True) or white). Every rule is implied by the puzzle's rules, so each solution
    agrees with the result:

    1. per clue and direction, the reach (white cells seen that way) takes a value the other three
       directions can complete to the clue, with the cell ending it black (so a reach the clue needs
       whole paints the run white, a single possible reach paints its end black; this is range.c's
       per-direction rule and its "room" rule together, as full arc consistency of the clue's sum);
    2. every neighbour of a black cell is white;
    3. a cell whose removal splits the non-black cells (an articulation point, networkx's Tarjan search) is
       white: were it black, its neighbours on both sides would be white and cut apart; and the non-black
       cells must be connected.
    """
    import networkx as nx  # deferred: the rest of the module does not need it at import

    w, h = inst.width, inst.height
    n = w * h
    state = [0] * n
    nbrs = [[(r + dr) * w + c + dc for dr, dc in DIRECTIONS if 0 <= r + dr < h and 0 <= c + dc < w]
            for r in range(h) for c in range(w)]
    clues, rays, watchers = [], [], [[] for _ in range(n)]
    for r, c, v in inst.clues:
        if v is None:
            continue
        k = len(clues)
        clues.append(v - 1)  # the clue counts itself: its four reaches sum to v - 1
        four = []
        for dr, dc in DIRECTIONS:  # up to v + 1 cells: the furthest end of a reach v - 1, and the next
            line = [(r + t * dr) * w + c + t * dc for t in range(1, v + 2)
                    if 0 <= r + t * dr < h and 0 <= c + t * dc < w]
            four.append(line)
            for j in line:
                watchers[j].append(k)
        rays.append(four)
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from((i, j) for i in range(n) for j in nbrs[i] if j > i)
    queue, queued, done = deque(range(len(clues))), [True] * len(clues), [False] * len(clues)

    def paint(i: int, colour: int) -> None:
        if state[i] == colour:
            return
        if state[i]:
            raise _Contradiction
        state[i] = colour
        for k in watchers[i]:
            if not queued[k] and not done[k]:
                queued[k] = True
                queue.append(k)
        if colour == _BLACK:
            graph.remove_node(i)
            for j in nbrs[i]:
                paint(j, _WHITE)

    def reaches(line: list[int], most: int) -> int:
        """The possible reaches along ``line`` as a bit set: cells before it not black, the cell ending
        it (if any) not white and not next to a black one."""
        out = 0
        for t in range(min(len(line), most) + 1):
            if t and state[line[t - 1]] == _BLACK:
                break
            if t < len(line):
                s = state[line[t]]
                if s == _WHITE or (not s and t + 1 < len(line) and state[line[t + 1]] == _BLACK):
                    continue
            out |= 1 << t
        return out

    def revise(k: int) -> None:
        total, four = clues[k], rays[k]
        sets = [reaches(line, total) for line in four]
        pairs = (_sumset(sets[0], sets[1]), _sumset(sets[2], sets[3]))
        settled = True
        for d, line in enumerate(four):
            others = _sumset(sets[d ^ 1], pairs[1 - d // 2])  # the other three directions together
            kept, todo = 0, sets[d]
            while todo:
                low = todo & -todo
                t = low.bit_length() - 1
                if others >> (total - t) & 1:
                    kept |= low
                todo ^= low
            if not kept:
                raise _Contradiction
            least = (kept & -kept).bit_length() - 1
            for j in line[:least]:
                paint(j, _WHITE)
            if kept & (kept - 1) == 0:
                if least < len(line):
                    paint(line[least], _BLACK)
            else:
                settled = False
        if settled:  # every reach is fixed and painted: nothing can change it
            done[k] = True

    try:
        for r, c, _v in inst.clues:
            paint(r * w + c, _WHITE)
        for (r, c), b in (fixed or {}).items():
            paint(r * w + c, _BLACK if b else _WHITE)
        while True:
            while queue:
                k = queue.popleft()
                queued[k] = False
                revise(k)
            if len(graph) and not nx.is_connected(graph):
                raise _Contradiction
            for i in list(nx.articulation_points(graph)):
                if not state[i]:
                    paint(i, _WHITE)
            if not queue:
                break
    except _Contradiction:
        return None
    return {(i // w, i % w): s == _BLACK for i, s in enumerate(state) if s}


def _sumset(a: int, b: int) -> int:
    """{x + y : x in a, y in b} for sets of small naturals as bit sets."""
    out = 0
    while a:
        low = a & -a
        out |= b * low
        a ^= low
    return out


class KurodokoProblem(Problem):
    """Kurodoko / Range; see the module docstring."""

    name = NAME
    title = "Kurodoko (Range): black cells, no two adjacent, whites connected, clues count seen whites"
    paper = "Kolker, Kurodoko is NP-Complete, JIP 20(3) 2012, section 2"
    solution_is = "a colouring of the board (the set of black cells) satisfying the four rules"
    params = (Param("width", 4, 1, 128, "board columns"), Param("height", 4, 1, 128, "board rows"),
              Param("density", 50, 0, 100, "percent of white cells of the planted colouring given a clue"))
    modes = ("planted", "unsat", "unique")
    attempts_hint = "try other sizes"
    exhaustive_params = (Param("width", 2, 1, 2, "largest number of columns"),
                         Param("height", 2, 1, 2, "largest number of rows"))
    mode_params = {"unique": {"width": 4, "height": 4}, "unsat": {"width": 4, "height": 4}}

    # -- protocol ----------------------------------------------------------------------------------
    def validate(self, inst: Kurodoko) -> None:
        w, h = inst.width, inst.height
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (w, h)) or w < 1 or h < 1:
            raise InputError(f"{NAME}: width and height must be positive integers")
        if w * h > MAX_DECLARED:
            raise InputError(f"{NAME}: {w}x{h} cells, more than the {MAX_DECLARED} gadgetry reads")
        if not isinstance(inst.clues, tuple):
            raise InputError(f"{NAME}: clues must be a tuple of (row, col, value)")
        cells: set[Cell] = set()
        for clue in inst.clues:
            if not isinstance(clue, tuple) or len(clue) != 3:
                raise InputError(f"{NAME}: a clue is (row, col, value), got {clue!r}")
            r, c, v = clue
            if not all(isinstance(x, int) and not isinstance(x, bool) for x in (r, c)) or \
                    not (0 <= r < h and 0 <= c < w):
                raise InputError(f"{NAME}: clue cell {(r, c)!r} is off the {w}x{h} board")
            if v is not None and (not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= w + h - 1):
                raise InputError(f"{NAME}: clue {v!r} at {(r, c)} is not in 1..{w + h - 1}")
            if (r, c) in cells:
                raise InputError(f"{NAME}: two clues at {(r, c)}")
            cells.add((r, c))
        if list(inst.clues) != sorted(inst.clues, key=lambda t: (t[0], t[1])):
            raise InputError(f"{NAME}: clues must be sorted by cell")

    def check(self, inst: Kurodoko, sol: Solution) -> Verdict:
        black = set(sol)
        for cell in sorted(black):
            if not (0 <= cell[0] < inst.height and 0 <= cell[1] < inst.width):
                return invalid("off-grid", f"black cell {cell}")
        clues = inst.clue_map()
        for cell in sorted(black):
            if cell in clues:
                return invalid("clue-black", f"clue cell {cell} is black")
        for cell in sorted(black):
            for nb in neighbours(inst, cell):
                if nb in black:
                    return invalid("adjacent-black", f"cells {cell} and {nb}")
        comps = white_components(inst, black)
        if len(comps) > 1:
            return invalid("white-disconnected", f"{len(comps)} white regions, e.g. {min(comps[1])} "
                                                 f"is cut off from {min(comps[0])}")
        for cell, v in sorted(clues.items()):
            if v is not None and seen(inst, black, cell) != v:
                return invalid("clue-count", f"clue {v} at {cell} sees {seen(inst, black, cell)} white cells")
        return VALID

    def encode(self, inst: Kurodoko) -> Encoding:
        cnf, black = local_clauses(inst)
        connected(cnf, inst, black)
        return Encoding(cnf, lambda val: tuple(x for x in inst.cells if val(black[x])))

    def instance_to_json(self, inst: Kurodoko) -> dict[str, Any]:
        return {"width": inst.width, "height": inst.height, "clues": [list(c) for c in inst.clues]}

    def instance_from_json(self, data: Mapping[str, Any]) -> Kurodoko:
        shape = f"{NAME}: an instance is {{'width': w, 'height': h, 'clues': [[row, col, value or null], ...]}}"
        if not isinstance(data, Mapping) or not isinstance(data.get("clues"), list) or \
                not all(isinstance(c, list) and len(c) == 3 for c in data["clues"]):
            raise InputError(shape)
        try:
            inst = Kurodoko(data.get("width"), data.get("height"),  # type: ignore[arg-type]
                            tuple(sorted((tuple(c) for c in data["clues"]), key=lambda t: (t[0], t[1]))))
        except TypeError:
            raise InputError(shape) from None
        self.validate(inst)
        return inst

    def solution_to_json(self, inst: Kurodoko, sol: Solution) -> list[list[int]]:
        return [list(x) for x in sorted(sol)]

    def solution_from_json(self, inst: Kurodoko, data: Any) -> Solution:
        if not isinstance(data, list) or not all(
                isinstance(x, list) and len(x) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                            for v in x) for x in data):
            raise InputError(f"{NAME}: a solution is a list of black cells [[row, col], ...]")
        return tuple(sorted({(x[0], x[1]) for x in data}))

    def size(self, inst: Kurodoko) -> dict[str, int]:
        return {"width": inst.width, "height": inst.height, "cells": inst.width * inst.height,
                "clues": len(inst.clues)}

    def extra_solvers(self) -> dict[str, Callable[[Any], Any]]:
        return {LAZY: solve_lazy}

    def extra_counters(self) -> dict[str, Callable[[Any], int]]:
        return {LAZY: count_lazy}

    def solving_method(self, inst: Kurodoko) -> str:
        return LAZY

    def counting_method(self, inst: Kurodoko) -> str:
        """The lazy solver's enumeration from 7 x 7 cells up (real puzzles: the deductions decide them);
        Ganak on the eager encoding for smaller boards, where a board with few clues can have thousands of
        solutions and the encoding is small."""
        return LAZY if inst.width * inst.height >= LAZY_FROM_CELLS else "ganak"

    # -- oracle ------------------------------------------------------------------------------------
    def brute_force(self, inst: Kurodoko) -> Iterator[Solution]:
        """Every colouring with clue cells white and no two blacks adjacent (plain backtracking in
        row-major order), kept when :meth:`check` accepts it."""
        clues = inst.clue_map()
        cells = inst.cells

        def rec(i: int, black: list[Cell]) -> Iterator[Solution]:
            if i == len(cells):
                sol = tuple(black)
                if self.check(inst, sol):
                    yield sol
                return
            yield from rec(i + 1, black)
            r, c = cells[i]
            if (r, c) not in clues and (r - 1, c) not in black and (r, c - 1) not in black:
                black.append((r, c))
                yield from rec(i + 1, black)
                black.pop()

        yield from rec(0, [])

    # -- generation --------------------------------------------------------------------------------
    def _colouring(self, params: Mapping[str, int], rng: random.Random) -> tuple[set, dict]:
        """A planted black set and the clue every white cell would show under it."""
        w, h = params["width"], params["height"]
        black = planted_colouring(w, h, rng)
        whites = [x for x in itertools.product(range(h), range(w)) if x not in black]
        probe = Kurodoko(w, h, ())
        return black, {x: seen(probe, black, x) for x in whites}

    def _clued(self, params: Mapping[str, int], rng: random.Random, perturb: int | None) -> Generated:
        """Clues on a random ``density`` per cent of the white cells; each changed to a random value with
        probability 1/``perturb`` (None: the planted values, returned as ``planted``)."""
        w, h = params["width"], params["height"]
        black, full = self._colouring(params, rng)
        chosen = sorted(x for x in full if rng.randrange(100) < params["density"])
        values = {x: full[x] for x in chosen}
        if perturb is not None:  # perturb some clues: YES and NO instances both occur
            for x in chosen:
                if rng.randrange(perturb) == 0:
                    values[x] = rng.randint(1, w + h - 1)
        inst = Kurodoko(w, h, tuple((r, c, v) for (r, c), v in sorted(values.items())))
        return Generated(inst, None if perturb is not None else tuple(sorted(black)))

    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        return self._clued(params, rng, 4)

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        return self._clued(params, rng, None)

    def draw_unsat(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        return self._clued(params, rng, 2)

    def draw_unique(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        """Every clue of a planted colouring, then clues removed while the solution stays unique."""
        black, full = self._colouring(params, rng)
        planted = tuple(sorted(black))
        clues = tuple((r, c, v) for (r, c), v in sorted(full.items()))
        return Generated(_minimise(Kurodoko(params["width"], params["height"], clues), rng),
                         planted)

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[Kurodoko]:
        """Every board up to width x height, each cell blank, ``?`` or a clue 1..w+h-1."""
        for h in range(1, params["height"] + 1):
            for w in range(1, params["width"] + 1):
                options: list[int | None | str] = ["", None, *range(1, w + h)]
                for choice in itertools.product(options, repeat=w * h):
                    yield Kurodoko(w, h, tuple((i // w, i % w, v) for i, v in enumerate(choice)  # type: ignore
                                               if v != ""))

    def shrink(self, inst: Kurodoko) -> Iterator[Kurodoko]:
        """Without one clue, or without the last row or column when every remaining clue stays in range."""
        for i in range(len(inst.clues)):
            yield Kurodoko(inst.width, inst.height, inst.clues[:i] + inst.clues[i + 1:])
        for w, h in ((inst.width - 1, inst.height), (inst.width, inst.height - 1)):
            if w >= 1 and h >= 1:
                cand = Kurodoko(w, h, tuple(t for t in inst.clues if t[0] < h and t[1] < w))
                if self.is_valid(cand):
                    yield cand

    # -- formats and rendering ---------------------------------------------------------------------
    def formats(self) -> dict[str, Format]:
        return {"range": Format("range", read_range, write_range, _looks_like_range,
                                "Simon Tatham's Range game ID WxH:DESC (letters a..z for blank runs, "
                                "decimal clues, '_' between two clues); no '?' clues; w <= 127 - (h - 1)"),
                "puzzlink": Format("puzzlink", read_puzzlink, write_puzzlink, _looks_like_puzzlink,
                                   "puzz.link URL https://puzz.link/p?kurodoko/W/H/BODY (pzprjs hex numbers, "
                                   "g..z blank runs, '.' for '?')")}

    def render_svg(self, inst: Kurodoko, solution: Solution | None = None) -> str:
        size = 40
        black = set(solution or ())
        clues = inst.clue_map()
        cells = [{"x": c * size, "y": r * size, "black": (r, c) in black,
                  "label": "" if (r, c) not in clues else ("?" if clues[(r, c)] is None else str(clues[(r, c)]))}
                 for r, c in inst.cells]
        return render_template("kurodoko.svg.j2", width=inst.width * size, height=inst.height * size,
                               size=size, cells=cells)


def local_clauses(inst: Kurodoko, sums: str = "auto") -> tuple[CNF, dict[Cell, int]]:
    """Rules 1, 2 and 4 as CNF, and the ``black`` variable of each cell (projected).

    Each clue's four runs are prefix chains (``p_t <-> p_{t-1} and white(cell t)``: the run in order
    encoding, t up to the clue's value) and the clue asks north + south + east + west = value - 1, as
    ``sums`` says: ``unary`` merges the order encodings pairwise (a totalizer, about 2 (value + 1)^2 clauses:
    strong propagation), ``binary`` turns each run into binary digits (one clause per block of values
    sharing a digit, about 2 x value in all) under PySAT's adder for the sum (linear in the value),
    ``auto`` the order encoding unless it takes over :data:`UNARY_FACTOR` times the clauses. Every encoding
    is exact on the ``black`` variables."""
    if sums not in ("auto", "unary", "binary"):
        raise ValueError(f"sums is auto, unary or binary, not {sums!r}")
    cnf = CNF()
    black = {x: cnf.var(("black", x)) for x in inst.cells}
    cnf.project(black.values())
    for (r, c), b in black.items():
        for nb in ((r + 1, c), (r, c + 1)):
            if nb in black:
                cnf.add([-b, -black[nb]])
    for (r, c), v in inst.clue_map().items():
        cnf.add([-black[(r, c)]])
        if v is None:
            continue
        chains = []
        for d in DIRECTIONS:
            chain: list[int] = []
            for t, x in enumerate(ray(inst, (r, c), d, v), 1):
                p = cnf.var(("prefix", (r, c), d, t))
                parts = [-black[x]] + chain[-1:]
                cnf.clauses.extend([[-p, q] for q in parts] + [[p] + [-q for q in parts]])
                chain.append(p)
            chains.append(chain)
        # each chain is its direction's count in order encoding (chain[t-1] iff at least t cells seen);
        # the clue asks north + south + east + west = v - 1
        lengths = [len(chain) + 1 for chain in chains]
        unary = 2 * (lengths[0] * lengths[1] + lengths[2] * lengths[3])
        binary = 2 * sum(lengths) + 35 * v.bit_length()  # PySAT's adder: about 33 clauses a digit
        if sums == "unary" or sums == "auto" and unary <= UNARY_FACTOR * binary:
            up_down = _unary_sum(cnf, chains[0], chains[1], v, ("sum", (r, c), "ns"))
            sideways = _unary_sum(cnf, chains[2], chains[3], v, ("sum", (r, c), "ew"))
            _unary_total(cnf, up_down, sideways, v - 1)
        else:
            digits = [(bit, 1 << j) for chain in chains for j, bit in enumerate(_binary_digits(cnf, chain))]
            cnf.weighted_equals([d for d, _w in digits], [w for _d, w in digits], v - 1)
    return cnf, black


def _binary_digits(cnf: CNF, unary: list[int]) -> list[int]:
    """Fresh variables, least significant first, equal to the binary digits of an order-encoded count
    (``unary[t-1]`` iff the count is at least t): digit j is constant on each block of 2^j consecutive
    values, one clause a block ("the count is in the block" implies the digit), so about two clauses per
    value in all; the digits are functions of the count."""
    top = len(unary)
    digits = [cnf.fresh() for _ in range(top.bit_length())]
    for j, d in enumerate(digits):
        for lo in range(0, top + 1, 1 << j):
            hi = min(top, lo + (1 << j) - 1)
            clause = ([-unary[lo - 1]] if lo else []) + ([unary[hi]] if hi < top else [])
            cnf.clauses.append(clause + [d if lo >> j & 1 else -d])
    return digits


def connected(cnf: CNF, inst: Kurodoko, black: Mapping[Cell, int]) -> None:
    """Rule 3 (the white cells are connected) as clauses over ``black``, exact when projected on it
    (every valid colouring has an extension, no other colouring has one), in about 5.5 log2(cells / 4)
    clauses per cell.

    With no two black cells adjacent, the white cells are connected exactly when the graph of the black
    cells, joined diagonally, and the outside, joined to the border cells, has no cycle (planar duality of
    4- and 8-connectivity: a white region's boundary is a black cycle or a black path from border to
    border, and such a cycle or path has white cells on both sides). On a board one cell wide that is: no
    black cell but at the ends. Otherwise the black graph is a forest rooted at the outside and elsewhere:
    each black cell off the border has at most one parent among its diagonal neighbours (the border cells'
    parent is the outside), and each pair of diagonal black cells is a parent edge one way or the other.
    A black path from border to border then gives a cell two parents; a cycle off the border has to be
    oriented all one way round, which labels exclude: a black cell in an even row has a label larger than
    its grandparent's (passed on by its parent, in an odd row, as an upper bound: one clause per bit and
    choice, three per bit for the lexicographic comparison). Conversely a forest gives each cell its
    parent, and labels 1 + depth / 2. The black cells are few and their trees small on real puzzles, so
    a SAT solver finds the labels at once; a spanning tree of the white cells with labels (about as many
    clauses) made CaDiCaL search 1.3 million conflicts for a 40 x 40 puzzle, 0.4 million with the colours
    given (measured once; README, "Hard benchmark instances")."""
    w, h = inst.width, inst.height
    cells, clues = inst.cells, inst.clue_map()
    if w == 1 or h == 1:
        cnf.extend([-black[x]] for x in cells[1:-1])
        return
    can_be_black = [x for x in cells if x not in clues]
    nodes = [x for x in can_be_black if 0 < x[0] < h - 1 and 0 < x[1] < w - 1]
    bits = (1 + (w * h + 1) // 4).bit_length()
    out = cnf.clauses  # clauses of variable ids appended directly: CNF.add's checks cost a third of the time
    parent = {}
    for a in nodes:
        choices = [b for b in ((a[0] + dr, a[1] + dc) for dr in (-1, 1) for dc in (-1, 1)) if b not in clues]
        parent[a] = {b: cnf.fresh() for b in choices}
        cnf.at_most_one(list(parent[a].values()))
    for a in can_be_black:
        for b in ((a[0] + 1, a[1] - 1), (a[0] + 1, a[1] + 1)):
            if b in black and b not in clues:
                out.append([-black[a], -black[b]]
                           + [parent[x][y] for x, y in ((a, b), (b, a)) if x in parent])
    label = {a: [cnf.fresh() for _ in range(bits)] for a in nodes if a[0] % 2 == 0}
    upper = {b: [cnf.fresh() for _ in range(bits)] for b in nodes if b[0] % 2}
    for b, bound in upper.items():  # at least the label of the parent (or 0)
        for c, q in parent[b].items():
            if c in label:
                out.extend([-q, -x, u] for x, u in zip(label[c], bound))
    for a, mine in label.items():
        bound = [cnf.fresh() for _ in range(bits)]  # at least the label of the grandparent (or 0)
        for b, q in parent[a].items():
            if b in upper:
                out.extend([-q, -x, u] for x, u in zip(upper[b], bound))
        # bound < mine, most significant bit first: below[k] says bound < mine on bits k..0
        below = [cnf.fresh() for _ in range(bits)]
        out.append([-black[a], below[-1]])
        for k in range(bits - 1, 0, -1):
            out.extend([[-below[k], -bound[k], mine[k]], [-below[k], -bound[k], below[k - 1]],
                        [-below[k], mine[k], below[k - 1]]])
        out.extend([[-below[0], -bound[0]], [-below[0], mine[0]]])


def _at(unary: list[int], k: int) -> int | bool:
    """``unary >= k`` as a literal, or a constant beyond the ends of the order encoding."""
    return True if k <= 0 else False if k > len(unary) else unary[k - 1]


def _unary_sum(cnf: CNF, a: list[int], b: list[int], cap: int, name: Any) -> list[int]:
    """The order encoding of ``a + b`` (cut at ``cap``) for two order-encoded counts; each output is
    defined by the inputs (both directions of the merge are clauses), so projected counts stay exact."""
    out = [cnf.var((name, k)) for k in range(1, min(len(a) + len(b), cap) + 1)]
    for i in range(len(a) + 1):
        for j in range(len(b) + 1):
            if 1 <= i + j <= len(out):  # a >= i and b >= j give a + b >= i + j
                cnf.add([-lit for lit in (_at(a, i), _at(b, j)) if lit is not True] + [out[i + j - 1]])
            if i + j + 1 <= len(out):  # a <= i and b <= j give a + b <= i + j
                cnf.add([lit for lit in (_at(a, i + 1), _at(b, j + 1)) if lit is not False]
                        + [-out[i + j]])
    return out


def _unary_total(cnf: CNF, a: list[int], b: list[int], total: int) -> None:
    """``a + b == total`` for two order-encoded counts."""
    for i in range(len(a) + 1):  # a == i forces b == total - i: not above, not below
        hi = [lit for lit in (_at(a, i), _at(b, total - i + 1)) if lit is not True]
        if all(lit is not False for lit in hi):  # identity: a variable id 1 equals True
            cnf.add([-lit for lit in hi])
        lo = [lit for lit in (_at(a, i + 1), _at(b, total - i)) if lit is not False]
        if all(lit is not True for lit in lo):
            cnf.add(lo)


class KurodokoSolver:
    """The Kurodoko solver: Tatham's deductions (:func:`deduce`), then an incremental SAT solver for
    what they leave open, under assumptions (connectivity cut lazily rather than encoded as in
    :meth:`KurodokoProblem.encode`).

    The deductions run first; when they colour every cell, the board has that one solution (or none) and
    no SAT solver is built. Otherwise their colours are unit clauses (every solution has them), rules 1
    and 2 and rule 4 for clues up to ``eager_clues`` (:data:`EAGER_CLUES`; every clue when None) are the
    clauses of :func:`local_clauses`, and rule 3 and the larger clues are cut lazily: each model is checked, and a
    violated rule adds a clause every valid colouring satisfies, so the cuts (kept in :attr:`cuts`) hold
    across calls:

    - white cells disconnected: for each white region K but the largest, a white cell u in K and v outside
      (clue cells where there are some): any valid colouring with u and v white has a white path between
      them crossing K's black border, so ``black(u) or black(v) or some black cell bordering K white``;
    - a clue seeing fewer cells than its value: one of the black cells ending its four runs is white (while
      they are black it sees at most what it sees now);
    - a clue seeing more: one of the ``value`` cells of its runs nearest to it is black (while they are
      white it sees more than its value).

    ``prefer_black``, when given, sets the preferred phases (those cells black, every other white): it only
    steers the search. Hooks for callers: :meth:`add` extra clauses (switched off later through an
    activation literal from :meth:`fresh`), assumptions and ``fixed`` cells in :meth:`solve` (the
    deductions run again under the fixed cells), :meth:`distinct` enumerates with blocking clauses and
    :meth:`count` counts.
    """

    def __init__(self, inst: Kurodoko, eager_clues: int | None = EAGER_CLUES,
                 prefer_black: Sequence[Cell] | None = None, solver: str = DEFAULT_SOLVER) -> None:
        self.inst = inst
        self.clues = inst.clue_map()
        self.known = deduce(inst)
        self.cuts: list[list[int]] = []
        self._eager_clues, self._prefer_black, self._name = eager_clues, prefer_black, solver
        self._solver: Solver | None = None

    def _build(self) -> Solver:
        """The SAT solver, built on first use: local clauses, the deduced colours as units."""
        if self._solver is None:
            limit = self._eager_clues
            lazy = {x: v for x, v in self.clues.items() if v is not None and limit is not None and v > limit}
            inst = self.inst
            eager = Kurodoko(inst.width, inst.height,
                             tuple((r, c, None if (r, c) in lazy else v) for r, c, v in inst.clues))
            self.cnf, self.black = local_clauses(eager, "unary")  # small clues: the order encoding
            self.lazy = sorted(lazy.items())
            self._solver = Solver(name=self._name, bootstrap_with=self.cnf.clauses)
            if self.known is None:
                self._solver.add_clause([self.black[inst.cells[0]]])
                self._solver.add_clause([-self.black[inst.cells[0]]])
            else:
                for x, b in self.known.items():
                    self._solver.add_clause([self.lit(x, b)])
            if self._prefer_black is not None:
                preferred = set(self._prefer_black)
                self._solver.set_phases([b if x in preferred else -b for x, b in self.black.items()])
        return self._solver

    def __enter__(self) -> KurodokoSolver:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._solver is not None:
            self._solver.delete()

    def lit(self, cell: Cell, black: bool) -> int:
        """The literal "``cell`` is black" (or white)."""
        self._build()
        return self.black[cell] if black else -self.black[cell]

    def add(self, clause: list[int]) -> None:
        self._build().add_clause(clause)

    def fresh(self) -> int:
        """A new variable (an activation literal for clauses added by :meth:`add`)."""
        self._build()
        return self.cnf.fresh()

    def solve(self, assumptions: Sequence[int] = (),
              fixed: Mapping[Cell, bool] | None = None) -> Solution | None:
        """A valid colouring (sorted black cells) under ``assumptions`` with the ``fixed`` cells black
        (True) or white, or None if there is none."""
        known = self.known if not fixed else deduce(self.inst, fixed)
        if known is None:
            return None
        if not assumptions and len(known) == self.inst.width * self.inst.height:
            sol = tuple(sorted(x for x, b in known.items() if b))
            return sol if KurodokoProblem().check(self.inst, sol) else None
        solver = self._build()
        assume = list(assumptions) + ([self.lit(x, b) for x, b in known.items()] if fixed else [])
        while solver.solve(assumptions=assume):
            model = solver.get_model() or []
            blacks = {x for x, b in self.black.items() if b <= len(model) and model[b - 1] > 0}
            cuts = self._cuts(blacks)
            if not cuts:
                return tuple(sorted(blacks))
            for cut in cuts:
                solver.add_clause(cut)
            self.cuts += cuts
        return None

    def distinct(self, cells: Sequence[Cell], cap: int | None,
                 assumptions: Sequence[int] = ()) -> Iterator[Solution]:
        """Valid colourings with pairwise distinct colourings of ``cells``, every colouring of them that
        extends to a valid one once (at most ``cap``; None: all): solve, block the colouring of ``cells``,
        repeat. The blocking clauses are switched off by an activation literal afterwards."""
        act = self.fresh()
        try:
            for _ in itertools.repeat(None) if cap is None else range(cap):
                sol = self.solve([act, *assumptions])
                if sol is None:
                    return
                yield sol
                black = set(sol)
                self.add([-act] + [self.lit(x, x not in black) for x in cells])
        finally:
            self.add([-act])

    def count(self, cap: int | None = None) -> int:
        """The number of solutions, or ``cap + 1`` when there are more than ``cap``. Cells the deductions
        colour have that colour in every solution, so blocking the colouring of the others is enough."""
        if self.known is None:
            return 0
        cells = [x for x in self.inst.cells if x not in self.known]
        if not cells:
            return int(self.solve() is not None)
        return sum(1 for _ in self.distinct(cells, None if cap is None else cap + 1))

    def _cuts(self, blacks: set[Cell]) -> list[list[int]]:
        inst, black = self.inst, self.black
        cuts = []
        for x, v in self.lazy:
            runs, ends = [], []
            for d in DIRECTIONS:
                line = ray(inst, x, d)
                run = list(itertools.takewhile(lambda y: y not in blacks, line))
                runs += [(y, t) for t, y in enumerate(run, 1)]
                ends += line[len(run):len(run) + 1]
            if len(runs) + 1 < v:
                cuts.append([-black[e] for e in ends])
            elif len(runs) + 1 > v:
                nearest = sorted(runs, key=lambda t: t[1])[:v]
                cuts.append([black[y] for y, _t in nearest])
        comps = white_components(inst, blacks)
        if len(comps) > 1:
            largest = max(comps, key=len)
            anchor = {id(k): min((x for x in k if x in self.clues), default=min(k)) for k in comps}
            for k in comps:
                if k is largest:
                    continue
                border = sorted({y for x in k for y in neighbours(inst, x) if y in blacks})
                cuts.append([black[anchor[id(k)]], black[anchor[id(largest)]]] + [-black[y] for y in border])
        return cuts


def solve_lazy(inst: Kurodoko, solver: str = DEFAULT_SOLVER) -> Solution | None:
    """A solution or None, by :class:`KurodokoSolver` (the ``deduce`` method of solve)."""
    KurodokoProblem().validate(inst)
    with KurodokoSolver(inst, solver=solver) as s:
        return s.solve()


def count_lazy(inst: Kurodoko, cap: int | None = None) -> int:
    """The number of solutions (``cap + 1`` when more than ``cap``), by :class:`KurodokoSolver` (the
    ``deduce`` method of count)."""
    KurodokoProblem().validate(inst)
    with KurodokoSolver(inst) as s:
        return s.count(cap)


def planted_colouring(w: int, h: int, rng: random.Random) -> set[Cell]:
    """A random valid colouring: cells tried in random order, each made black with probability 1/2 when
    no neighbour is black and the whites stay connected.

    Connectivity is decided locally in near-constant time: a new black cell x (no black 4-neighbour)
    disconnects the whites exactly when it closes a loop of 8-connected black cells (the board's outside
    counting as one black cell), that is when two separate black stretches of x's 8-neighbour ring are
    already joined. Black cells and the outside are kept in a union-find structure.
    """
    from networkx.utils import UnionFind
    outside = (-1, -1)
    joined = UnionFind([outside])
    black: set[Cell] = set()
    order = [(r, c) for r in range(h) for c in range(w)]
    rng.shuffle(order)
    ring = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))
    for r, c in order:
        if rng.random() >= 0.5 or w * h == 1:
            continue
        around = []
        for dr, dc in ring:
            y = (r + dr, c + dc)
            around.append(outside if not (0 <= y[0] < h and 0 <= y[1] < w) else y if y in black else None)
        if any(around[i] is not None and around[i] != outside for i in (1, 3, 5, 7)):
            continue  # a black 4-neighbour
        start = next((i for i, y in enumerate(around) if y is None), None)
        if start is None:
            continue
        stretches: list[set[Cell]] = []
        for i in range(1, 9):
            y = around[(start + i) % 8]
            if y is None:
                continue
            if around[(start + i - 1) % 8] is None:
                stretches.append(set())
            stretches[-1].add(joined[y])
        roots = [root for s in stretches for root in s]
        if len(roots) != len(set(roots)):
            continue  # two stretches already joined: x would close a black loop
        black.add((r, c))
        for y in around:
            if y is not None:
                joined.union((r, c), y)
        joined.union((r, c))
    return black


def _minimise(inst: Kurodoko, rng: random.Random) -> Kurodoko:
    """Drop clues in random order while the board keeps one solution (the planted colouring: every clue
    starts from it), counted by :class:`KurodokoSolver` up to two."""
    clues = list(inst.clues)
    rng.shuffle(clues)
    kept = list(clues)
    for clue in clues:
        trial = Kurodoko(inst.width, inst.height, tuple(sorted(t for t in kept if t != clue)))
        with KurodokoSolver(trial) as s:
            if s.count(cap=1) == 1:
                kept.remove(clue)
    return Kurodoko(inst.width, inst.height, tuple(sorted(kept)))


# -- interchange formats (docs/formats.md) -----------------------------------------------------------------

_RANGE = re.compile(r"^\s*(\d+)x(\d+):([a-z0-9_]*)\s*$")


def read_range(text: str, options: Mapping[str, str] | None = None) -> Kurodoko:
    m = _RANGE.match(text)
    if not m:
        raise InputError(f"{NAME}: a Range game ID is WxH:DESC, got {text.strip()[:40]!r}")
    w, h, desc = int(m.group(1)), int(m.group(2)), m.group(3)
    clues, i = [], 0
    for tok in re.findall(r"[a-z]|\d+|_", desc):
        if tok == "_":
            continue
        if tok.isdigit():
            clues.append((i // max(w, 1), i % max(w, 1), int(tok)))
            i += 1
        else:
            i += ord(tok) - ord("a") + 1
    if i != w * h:
        raise InputError(f"{NAME}: Range description covers {i} cells, the {w}x{h} board has {w * h}")
    inst = Kurodoko(w, h, tuple(t for t in clues if t[0] < h))
    KurodokoProblem().validate(inst)
    return inst


def write_range(inst: Kurodoko) -> str:
    w, h = inst.width, inst.height
    if w > 127 - (h - 1):
        raise InputError(f"{NAME}: Range rejects boards with width > 127 - (height - 1) = {127 - (h - 1)}; "
                         f"this board is {w}x{h}")
    clues = inst.clue_map()
    if any(v is None for v in clues.values()):
        raise InputError(f"{NAME}: Range has no '?' clues; this board has one")
    out, run, last_number = [], 0, False
    for x in inst.cells:
        if x in clues:
            if run:
                out.append(_letters(run))
                run = 0
            elif last_number:
                out.append("_")
            out.append(str(clues[x]))
            last_number = True
        else:
            run += 1
            last_number = False
    if run:
        out.append(_letters(run))
    return f"{w}x{h}:{''.join(out)}\n"


def _letters(run: int) -> str:
    return "z" * (run // 26) + (chr(ord("a") + run % 26 - 1) if run % 26 else "")


def _looks_like_range(text: str) -> bool:
    return bool(_RANGE.match(text))


_PUZZLINK = re.compile(r"^\s*(?:https?://)?(?:puzz\.link|pzv\.jp|pzprxs\.vercel\.app)/p(?:\.html)?\?"
                       r"kurodoko/(\d+)/(\d+)/([0-9a-z.+\-=%]*)\s*$")


def read_puzzlink(text: str, options: Mapping[str, str] | None = None) -> Kurodoko:
    m = _PUZZLINK.match(text)
    if not m:
        raise InputError(f"{NAME}: a puzz.link URL is https://puzz.link/p?kurodoko/W/H/BODY")
    w, h, body = int(m.group(1)), int(m.group(2)), m.group(3)
    clues: list[Clue] = []
    i = j = 0
    widths = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "%": (3, 8192)}
    while j < len(body) and i < w * h:
        ch = body[j]
        value: int | None | str = ""
        if ch in "0123456789abcdef":
            value = int(ch, 16)
        elif ch in widths:
            n, base = widths[ch]
            digits = body[j + 1:j + 1 + n]
            if len(digits) != n or not all(d in "0123456789abcdef" for d in digits):
                raise InputError(f"{NAME}: puzz.link number {body[j:j + 1 + n]!r} is malformed")
            value, j = int(digits, 16) + base, j + n
        elif ch == ".":
            value = None
        else:
            i += int(ch, 36) - 16
        if value != "":
            clues.append((i // w, i % w, value))  # type: ignore[arg-type]
        i += 1
        j += 1
    if j != len(body):
        raise InputError(f"{NAME}: puzz.link body has {len(body) - j} characters past the {w}x{h} board")
    inst = Kurodoko(w, h, tuple(t for t in clues if t[0] < h))
    KurodokoProblem().validate(inst)
    if len(inst.clues) != len(clues):
        raise InputError(f"{NAME}: puzz.link body runs past the {w}x{h} board")
    return inst


def write_puzzlink(inst: Kurodoko) -> str:
    clues = inst.clue_map()
    out, run = [], 0
    for x in inst.cells:
        if x not in clues:
            run += 1
            if run == 20:
                out.append("z")
                run = 0
            continue
        if run:
            out.append(chr(ord("f") + run))
            run = 0
        v = clues[x]
        if v is None:
            out.append(".")
        elif v < 16:
            out.append(f"{v:x}")
        elif v < 256:
            out.append(f"-{v:02x}")
        elif v < 4096:
            out.append(f"+{v:03x}")
        else:
            raise InputError(f"{NAME}: clue {v} is too large for puzz.link")
    if run:
        out.append(chr(ord("f") + run))
    return f"https://puzz.link/p?kurodoko/{inst.width}/{inst.height}/{''.join(out)}\n"


def _looks_like_puzzlink(text: str) -> bool:
    return bool(_PUZZLINK.match(text))


PROBLEMS = [KurodokoProblem()]
