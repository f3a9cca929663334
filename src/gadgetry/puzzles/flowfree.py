"""Flow Free (Zig-zag Numberlink): join each pair of same-colour terminals by an orthogonal path, the paths
disjoint and together covering every cell (NYT seed, section 4, the definition used for the reduction to
Strands; NP-hard by Adcock et al. 2015).

"Cover every cell" is required, as in the seed's definition. An instance is a grid of rows: a letter marks
a terminal (each letter exactly twice), ``.`` an empty cell. **Identity**: one counted solution is the
colouring of the cells (which colour fills each cell), every colour class being a path between its two
terminals; the paths are witnesses. (Two pipe layouts filling the same cells count once, as in Strands.)

Solution (JSON): ``{"A": [[row, col], ...], ...}``, each path from the terminal first in row-major order.
The encoding has one colour per cell (the projection) and oriented arcs: each first terminal has one
outgoing arc and no incoming, each second terminal one incoming and no outgoing, every other cell one of
each, arcs join cells of one colour. Degrees alone admit extra closed loops, so each cell also carries its
distance from its path's first terminal (one-hot, increasing by one along every arc): no cycle survives,
and the arcs and distances are functions of the colouring, so the projected count is exact.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from gadgetry.core import CNF, VALID, Encoding, Format, Generated, InputError, Param, Problem, Verdict, invalid
from gadgetry.core.graphs import components
from gadgetry.core.render import render_template
from gadgetry.core.sat import enumerate_with_cuts

NAME = "flowfree"
LAZY = "lazy"  # the solve and count method of :func:`lazy_cnf`
LAZY_FROM_CELLS = 64  # boards this large are counted and solved by it by default
Cell = tuple[int, int]
Solution = tuple[tuple[str, tuple[Cell, ...]], ...]  # (colour, path from its first terminal), by colour
EMPTY = "."


@dataclass(frozen=True)
class FlowFree:
    """Rows of the grid: a letter per terminal, ``.`` for an empty cell."""

    grid: tuple[str, ...]

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def cols(self) -> int:
        return len(self.grid[0]) if self.grid else 0


def terminals(inst: FlowFree) -> dict[str, tuple[Cell, Cell]]:
    """Each colour's two terminals in row-major order, colours sorted."""
    found: dict[str, list[Cell]] = {}
    for r, row in enumerate(inst.grid):
        for c, ch in enumerate(row):
            if ch != EMPTY:
                found.setdefault(ch, []).append((r, c))
    return {k: (v[0], v[1]) for k, v in sorted(found.items())}


def orthogonal(inst: FlowFree, cell: Cell) -> Iterator[Cell]:
    r, c = cell
    for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if 0 <= rr < inst.rows and 0 <= cc < inst.cols:
            yield rr, cc


def checkerboard_excess(inst: FlowFree) -> int:
    """How many more white cells than black (a checkerboard: (row + col) even is white) the paths cover,
    minus how many more the grid has. A path alternates shades, so it covers one white cell more than black
    when both its terminals are white, one fewer when both are black, as many otherwise; paths covering
    every cell need this to be 0 (the mutilated chessboard's counting argument)."""
    ends = sum(((a[0] + a[1]) % 2 == 0) + ((b[0] + b[1]) % 2 == 0) - 1 for a, b in terminals(inst).values())
    grid = sum(1 if (r + c) % 2 == 0 else -1 for r in range(inst.rows) for c in range(inst.cols))
    return ends - grid


def colouring(sol: Solution) -> tuple[tuple[str, tuple[Cell, ...]], ...]:
    return tuple((k, tuple(sorted(path))) for k, path in sol)


class FlowFreeProblem(Problem):
    """Flow Free / Numberlink with every cell covered; see the module docstring."""

    name = NAME
    title = "Flow Free (Numberlink): disjoint terminal-to-terminal paths covering the grid"
    paper = "NYT seed, section 4 (reduction to Strands); Adcock et al. 2015"
    solution_is = ("a colouring of the cells whose colour classes are paths joining the two terminals of their "
                   "colour (pipe layouts filling the same cells count once)")
    params = (Param("rows", 4, 1, 30, "grid rows"), Param("cols", 4, 1, 30, "grid columns"),
              Param("colours", 3, 1, 26, "number of terminal pairs"))
    modes = ("planted", "unsat", "unique")
    attempts = 500
    attempts_hint = "try other sizes"
    exhaustive_params = (Param("rows", 2, 1, 2, "grid rows"), Param("cols", 3, 1, 3, "grid columns"),
                         Param("colours", 2, 1, 2, "largest number of terminal pairs"))
    mode_params = {"unique": {"rows": 4, "cols": 4, "colours": 4}}

    # -- protocol ----------------------------------------------------------------------------------
    def validate(self, inst: FlowFree) -> None:
        g = inst.grid
        if not isinstance(g, tuple) or not g or not all(isinstance(r, str) and r for r in g):
            raise InputError(f"{NAME}: the grid must be a non-empty list of non-empty rows")
        if any(len(r) != len(g[0]) for r in g):
            raise InputError(f"{NAME}: grid rows must have equal length")
        counts: dict[str, int] = {}
        for row in g:
            for ch in row:
                if ch != EMPTY:
                    if not ch.isalnum():
                        raise InputError(f"{NAME}: cell {ch!r} is neither a terminal letter nor '.'")
                    counts[ch] = counts.get(ch, 0) + 1
        for ch, n in sorted(counts.items()):
            if n != 2:
                raise InputError(f"{NAME}: colour {ch!r} has {n} terminals, expected 2")

    def check(self, inst: FlowFree, sol: Solution) -> Verdict:
        terms = terminals(inst)
        if sorted(k for k, _ in sol) != sorted(terms):
            return invalid("colours", f"paths for {sorted(k for k, _ in sol)}, terminals {sorted(terms)}")
        used: dict[Cell, str] = {}
        for k, path in sol:
            if {path[0], path[-1]} != set(terms[k]) or len(path) < 2:
                return invalid("endpoints", f"colour {k}")
            for a, b in zip(path, path[1:]):
                if b not in set(orthogonal(inst, a)):
                    return invalid("not-adjacent", f"colour {k} cells {a} {b}")
            for cell in path:
                if not (0 <= cell[0] < inst.rows and 0 <= cell[1] < inst.cols):
                    return invalid("off-grid", f"colour {k} cell {cell}")
                if cell in used:
                    return invalid("overlap", f"cell {cell} in colours {used[cell]} and {k}")
                if inst.grid[cell[0]][cell[1]] not in (EMPTY, k):
                    return invalid("crosses-terminal", f"colour {k} cell {cell}")
                used[cell] = k
        for r in range(inst.rows):
            for c in range(inst.cols):
                if (r, c) not in used:
                    return invalid("uncovered", f"cell {(r, c)}")
        return VALID

    def encode(self, inst: FlowFree) -> Encoding:
        cnf = CNF()
        terms = terminals(inst)
        colours = list(terms)
        cells = [(r, c) for r in range(inst.rows) for c in range(inst.cols)]
        n = len(cells)
        col = {(cell, k): cnf.var(("colour", cell, k)) for cell in cells for k in colours}
        cnf.project(col.values())
        arc = {(u, v): cnf.var(("arc", u, v)) for u in cells for v in orthogonal(inst, u)}
        dist = {(cell, t): cnf.var(("dist", cell, t)) for cell in cells for t in range(n)}
        first = {a: k for k, (a, _) in terms.items()}
        second = {b: k for k, (_, b) in terms.items()}
        for cell in cells:
            cnf.exactly_one([col[(cell, k)] for k in colours])
            cnf.exactly_one([dist[(cell, t)] for t in range(n)])
            ins = [arc[(u, cell)] for u in orthogonal(inst, cell)]
            outs = [arc[(cell, v)] for v in orthogonal(inst, cell)]
            for lits, wanted in ((ins, cell not in first), (outs, cell not in second)):
                if wanted:
                    cnf.exactly_one(lits)
                else:
                    cnf.extend([-x] for x in lits)
            if cell in first:
                cnf.add([col[(cell, first[cell])]])
                cnf.add([dist[(cell, 0)]])
            else:
                cnf.add([-dist[(cell, 0)]])
            if cell in second:
                cnf.add([col[(cell, second[cell])]])
        for (u, v), a in arc.items():
            cnf.add([-a, -arc[(v, u)]])
            for k in colours:
                cnf.add([-a, -col[(u, k)], col[(v, k)]])
            for t in range(1, n):
                cnf.add([-a, -dist[(u, t - 1)], dist[(v, t)]])
            cnf.add([-a, -dist[(u, n - 1)]])

        def decode(val: Any) -> Solution:
            out = []
            for k, (a, b) in terms.items():
                path = [a]
                while path[-1] != b:
                    path.append(next(v for v in orthogonal(inst, path[-1]) if val(arc[(path[-1], v)])))
                out.append((k, tuple(path)))
            return tuple(out)

        return Encoding(cnf, decode)

    def instance_to_json(self, inst: FlowFree) -> dict[str, Any]:
        return {"grid": list(inst.grid)}

    def instance_from_json(self, data: Mapping[str, Any]) -> FlowFree:
        if not isinstance(data, Mapping) or not isinstance(data.get("grid"), list) or \
                not all(isinstance(r, str) for r in data["grid"]):
            raise InputError(f"{NAME}: an instance is {{'grid': [row strings]}}")
        return FlowFree(tuple(data["grid"]))

    def solution_to_json(self, inst: FlowFree, sol: Solution) -> dict[str, list[list[int]]]:
        return {k: [list(c) for c in path] for k, path in sol}

    def solution_from_json(self, inst: FlowFree, data: Any) -> Solution:
        if not isinstance(data, Mapping):
            raise InputError(f"{NAME}: a solution is {{colour: [[row, col], ...]}}")
        out = []
        for k, path in sorted(data.items()):
            if not isinstance(path, list) or not all(
                    isinstance(c, list) and len(c) == 2 and all(isinstance(x, int) and not isinstance(x, bool)
                                                                for x in c) for c in path) or not path:
                raise InputError(f"{NAME}: colour {k!r}: a path is a non-empty list of [row, col]")
            cells = tuple((c[0], c[1]) for c in path)
            terms = terminals(inst)
            if k in terms and cells[0] == terms[k][1]:
                cells = cells[::-1]
            out.append((k, cells))
        return tuple(out)

    def solution_key(self, inst: FlowFree, sol: Solution) -> Any:
        return colouring(sol)

    def is_unsat(self, inst: FlowFree) -> bool:
        """Unsolvable by the checkerboard count (:func:`checkerboard_excess`), else by the solver."""
        return checkerboard_excess(inst) != 0 or super().is_unsat(inst)

    def extra_solvers(self) -> dict[str, Any]:
        return {LAZY: solve_lazy}

    def extra_counters(self) -> dict[str, Any]:
        return {LAZY: count_lazy}

    def solving_method(self, inst: FlowFree) -> str:
        return LAZY if inst.rows * inst.cols >= LAZY_FROM_CELLS else super().solving_method(inst)

    def counting_method(self, inst: FlowFree) -> str:
        return LAZY if inst.rows * inst.cols >= LAZY_FROM_CELLS else "ganak"

    def size(self, inst: FlowFree) -> dict[str, int]:
        return {"rows": inst.rows, "cols": inst.cols, "cells": inst.rows * inst.cols,
                "colours": len(terminals(inst))}

    # -- oracle ------------------------------------------------------------------------------------
    def brute_force(self, inst: FlowFree) -> Iterator[Solution]:
        """Colour by colour, every path from the first terminal through empty cells to the second; keep the
        layouts covering every cell, one per colouring."""
        terms = terminals(inst)
        colours = list(terms)
        total = inst.rows * inst.cols
        seen: set[Any] = set()

        def walk(path: list[Cell], goal: Cell, used: set[Cell]) -> Iterator[tuple[Cell, ...]]:
            for nb in orthogonal(inst, path[-1]):
                if nb == goal:
                    yield tuple(path) + (nb,)
                elif nb not in used and inst.grid[nb[0]][nb[1]] == EMPTY:
                    used.add(nb)
                    path.append(nb)
                    yield from walk(path, goal, used)
                    path.pop()
                    used.discard(nb)

        def search(i: int, used: set[Cell], chosen: list[tuple[str, tuple[Cell, ...]]]) -> Iterator[Solution]:
            if i == len(colours):
                sol = tuple(chosen)
                if len(used) == total and colouring(sol) not in seen:
                    seen.add(colouring(sol))
                    yield sol
                return
            k = colours[i]
            a, b = terms[k]
            for path in walk([a], b, used | {a}):
                yield from search(i + 1, used | set(path), chosen + [(k, path)])

        terminal_cells = {c for pair in terms.values() for c in pair}
        yield from search(0, set(terminal_cells), [])

    # -- generation --------------------------------------------------------------------------------
    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        rows, cols, k = self._sizes(params)
        cells = rng.sample([(r, c) for r in range(rows) for c in range(cols)], 2 * k)
        grid = [["."] * cols for _ in range(rows)]
        for i, (r, c) in enumerate(cells):
            grid[r][c] = chr(ord("A") + i // 2)
        return Generated(FlowFree(tuple("".join(row) for row in grid)))

    def draw_unsat(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """A random board (:meth:`draw`), with the checkerboard count's proof when it has one."""
        inst = self.draw(params, rng).instance
        excess = checkerboard_excess(inst)
        return Generated(inst, meta={"how": "proved by the checkerboard count (flowfree.checkerboard_excess): each "
                                            "path alternates shades, so the paths' white cells minus black ones "
                                            f"differ from the grid's by {excess:+d}, where covering every cell needs 0"}
                         if excess else {})

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        planted = planted_paths(*self._sizes(params), rng)
        return None if planted is None else Generated(*planted)

    @staticmethod
    def _sizes(params: Mapping[str, int]) -> tuple[int, int, int]:
        rows, cols, k = params["rows"], params["cols"], params["colours"]
        if 2 * k > rows * cols:
            raise InputError(f"{NAME}: {k} colours need {2 * k} cells, the grid has {rows * cols}")
        return rows, cols, k

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[FlowFree]:
        """Every grid up to rows x cols with 1..colours terminal pairs (colours named in row-major order of
        their first terminals)."""
        for rows in range(1, params["rows"] + 1):
            for cols in range(1, params["cols"] + 1):
                cells = rows * cols
                for k in range(1, params["colours"] + 1):
                    if 2 * k <= cells:
                        yield from (FlowFree(g) for g in _placements(rows, cols, k))

    def shrink(self, inst: FlowFree) -> Iterator[FlowFree]:
        """Without one colour, or without the last row or column when no terminal is lost."""
        for k in terminals(inst):
            yield FlowFree(tuple(row.replace(k, EMPTY) for row in inst.grid))
        smaller = []
        if inst.rows > 1:
            smaller.append(FlowFree(inst.grid[:-1]))
        if inst.cols > 1:
            smaller.append(FlowFree(tuple(r[:-1] for r in inst.grid)))
        yield from filter(self.is_valid, smaller)

    # -- formats and rendering ---------------------------------------------------------------------
    def formats(self) -> dict[str, Format]:
        return {"flowfree-ascii": Format("flowfree-ascii", read_ascii, write_ascii, _looks_like_ascii,
                                         "one row per line, a letter per terminal, '.' for an empty cell")}

    def render_svg(self, inst: FlowFree, solution: Solution | None = None) -> str:
        size = 40
        palette = ["#e23b3b", "#3b6fe2", "#2fa84f", "#e2c93b", "#e2873b", "#2fc4c4", "#a03be2", "#8b5a2b",
                   "#e23ba0", "#7f7f7f"]
        colours = list(terminals(inst))
        colour_of = {k: palette[i % len(palette)] for i, k in enumerate(colours)}
        pipes = [{"points": " ".join(f"{c * size + size // 2},{r * size + size // 2}" for r, c in path),
                  "colour": colour_of[k]} for k, path in (solution or ())]
        cells = [{"x": c * size, "y": r * size, "letter": inst.grid[r][c],
                  "colour": colour_of.get(inst.grid[r][c], "")}
                 for r in range(inst.rows) for c in range(inst.cols)]
        return render_template("flowfree.svg.j2", width=inst.cols * size, height=inst.rows * size, size=size,
                               cells=cells, pipes=pipes)


@dataclass(frozen=True)
class LazyCNF:
    """The clauses of :func:`lazy_cnf`, its colour variables (the projection) and link variables."""

    clauses: list[list[int]]
    colour: dict[tuple[Cell, str], int]
    link: dict[tuple[Cell, Cell], int]


def lazy_cnf(inst: FlowFree) -> LazyCNF | None:
    """Colours, links and degrees without the loop rule (module docstring); None when some empty cell can
    take no colour."""
    import networkx as nx  # imported where used: a start-up cost

    FlowFreeProblem().validate(inst)
    cells = [(r, c) for r in range(inst.rows) for c in range(inst.cols)]
    term = {x: inst.grid[x[0]][x[1]] for x in cells if inst.grid[x[0]][x[1]] != EMPTY}
    g = nx.Graph()
    g.add_nodes_from(x for x in cells if x not in term)
    g.add_edges_from((x, y) for x in g for y in orthogonal(inst, x) if y not in term)
    region = {x: i for i, part in enumerate(nx.connected_components(g)) for x in part}
    touched = {k: [{region[y] for y in orthogonal(inst, t) if y in region} for t in pair]
               for k, pair in terminals(inst).items()}
    domain = {x: [k for k, (ra, rb) in touched.items() if region[x] in ra and region[x] in rb] for x in region}
    if any(not ks for ks in domain.values()):
        return None
    cnf = CNF()
    colour = {(x, k): cnf.var(("colour", x, k)) for x, ks in domain.items() for k in ks}
    allowed = {**{x: set(ks) for x, ks in domain.items()}, **{x: {k} for x, k in term.items()}}
    link = {(x, y): cnf.var(("link", x, y)) for x in cells for y in orthogonal(inst, x)
            if x < y and allowed[x] & allowed[y]}
    at: dict[Cell, list[int]] = {x: [] for x in cells}
    for (x, y), v in link.items():
        at[x].append(v)
        at[y].append(v)
    for x in cells:
        if x in term:
            cnf.exactly_one(at[x])
        else:
            cnf.exactly_one([colour[(x, k)] for k in domain[x]])
            cnf.exactly(at[x], 2)
    for (x, y), v in link.items():  # a link joins cells of one colour
        for a, b in ((x, y), (y, x)):
            for k in domain.get(a, ()):
                if b in region:
                    cnf.add([-v, -colour[(a, k)]] + ([colour[(b, k)]] if (b, k) in colour else []))
                elif k != term[b]:
                    cnf.add([-v, -colour[(a, k)]])
    return LazyCNF(cnf.clauses, colour, link)


def _lazy_models(inst: FlowFree, cap: int | None) -> Iterator[tuple[LazyCNF, set[int]]]:
    """The models of :func:`lazy_cnf`, one per colouring, with every closed loop cut away."""
    lazy = lazy_cnf(inst)
    if lazy is None:
        return
    ends = {c for pair in terminals(inst).values() for c in pair}
    around: dict[Cell, list[tuple[Cell, int]]] = {}
    for (x, y), v in lazy.link.items():
        around.setdefault(x, []).append((y, v))
        around.setdefault(y, []).append((x, v))

    def cuts(true: set[int]) -> list[list[int]]:
        return [[v for x in part for y, v in around[x] if y not in part]
                for part in components(e for e, v in lazy.link.items() if v in true) if not part & ends]

    for true in enumerate_with_cuts(lazy.clauses, list(lazy.colour.values()), cuts, cap):
        yield lazy, true


def count_lazy(inst: FlowFree, cap: int | None = None) -> int:
    """The number of colourings (``cap + 1`` when more than ``cap``), by :func:`lazy_cnf` with loop cuts."""
    return sum(1 for _ in _lazy_models(inst, None if cap is None else cap + 1))


def solve_lazy(inst: FlowFree) -> Solution | None:
    """One solution or None, by :func:`lazy_cnf` with loop cuts."""
    for lazy, true in _lazy_models(inst, 1):
        nbrs: dict[Cell, list[Cell]] = {}
        for (x, y), v in lazy.link.items():
            if v in true:
                nbrs.setdefault(x, []).append(y)
                nbrs.setdefault(y, []).append(x)
        out = []
        for k, (a, b) in terminals(inst).items():
            path = [a]
            while path[-1] != b:
                path.append(next(y for y in nbrs[path[-1]] if len(path) < 2 or y != path[-2]))
            out.append((k, tuple(path)))
        return tuple(out)
    return None


def planted_paths(rows: int, cols: int, k: int, rng: random.Random) -> tuple[FlowFree, Solution] | None:
    """Random disjoint paths of at least two cells covering the grid, cut into exactly k paths, or None."""
    free = {(r, c) for r in range(rows) for c in range(cols)}
    probe = FlowFree(("." * cols,) * rows)
    paths: list[list[Cell]] = []
    order = sorted(free)
    rng.shuffle(order)
    for start in order:
        if start not in free:
            continue
        path = [start]
        free.discard(start)
        while True:
            options = [nb for nb in orthogonal(probe, path[-1]) if nb in free]
            if not options:
                break
            nb = rng.choice(options)
            path.append(nb)
            free.discard(nb)
        paths.append(path)
    # A single cell joins a path ending next to it; then paths are cut until there are k of them.
    for path in [p for p in paths if len(p) == 1]:
        host = next((p for p in paths if p is not path and len(p) > 1 and
                     path[0] in set(orthogonal(probe, p[-1]))), None)
        if host is None:
            host = next((p for p in paths if p is not path and len(p) > 1 and
                         path[0] in set(orthogonal(probe, p[0]))), None)
            if host is None:
                return None
            host.reverse()
        host.append(path[0])
        paths.remove(path)
    while len(paths) < k:
        long = [p for p in paths if len(p) >= 4]
        if not long:
            return None
        p = rng.choice(long)
        cut = rng.randint(2, len(p) - 2)
        paths.remove(p)
        paths += [p[:cut], p[cut:]]
    if len(paths) != k:
        return None
    rng.shuffle(paths)
    grid = [["."] * cols for _ in range(rows)]
    for i, p in enumerate(paths):
        for r, c in (p[0], p[-1]):
            grid[r][c] = chr(ord("A") + i)
    inst = FlowFree(tuple("".join(row) for row in grid))
    terms = terminals(inst)
    sol = tuple((chr(ord("A") + i), tuple(p) if p[0] == terms[chr(ord("A") + i)][0] else tuple(p[::-1]))
                for i, p in enumerate(paths))
    return inst, sol


def _placements(rows: int, cols: int, k: int) -> Iterator[tuple[str, ...]]:
    """Every placement of k terminal pairs, colours named A, B, ... in row-major order of first terminals."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]

    def pairings(rest: list[Cell]) -> Iterator[list[tuple[Cell, Cell]]]:
        if not rest:
            yield []
            return
        for j in range(1, len(rest)):
            for more in pairings(rest[1:j] + rest[j + 1:]):
                yield [(rest[0], rest[j])] + more

    for chosen in itertools.combinations(cells, 2 * k):
        for pairs in pairings(list(chosen)):
            grid = [[EMPTY] * cols for _ in range(rows)]
            for i, (x, y) in enumerate(pairs):
                grid[x[0]][x[1]] = grid[y[0]][y[1]] = chr(ord("A") + i)
            yield tuple("".join(row) for row in grid)


def read_ascii(text: str, options: Mapping[str, str]) -> FlowFree:
    rows = tuple(line.strip() for line in text.splitlines() if line.strip())
    inst = FlowFree(rows)
    FlowFreeProblem().validate(inst)
    return inst


def write_ascii(inst: FlowFree) -> str:
    return "\n".join(inst.grid) + "\n"


def _looks_like_ascii(text: str) -> bool:
    rows = [line.strip() for line in text.splitlines() if line.strip()]
    return bool(rows) and all(len(r) == len(rows[0]) and all(ch == EMPTY or ch.isalnum() for ch in r) for r in rows)


PROBLEMS = [FlowFreeProblem()]
