"""Adversarial-boundary edge matching (Witness seed, section 8.2, Problem 2 and Lemma 8.5): a one-round
two-player game, Sigma2-complete.

An instance is a signed square edge-matching board (:class:`EdgeMatching` of
:mod:`gadgetry.puzzles.edgematching.square`, kind ``signed``) with an even number ``cols`` of columns, a
boundary colour on every perimeter side and ``rows * cols`` tiles, translated only or also rotated
(``rotations``). Name the top boundary sides ``e_0 .. e_{cols-1}`` from the left. The first player, for
each even i, leaves alone or swaps the colours of ``e_i`` and ``e_{i+1}``; the second player then tiles
the resulting board (every tile used once; contacts and boundary sides matching, ``+a`` against ``-a``)
and wins iff a tiling exists. The question: does the first player have a winning strategy, i.e. some
choice of swaps after which no tiling exists? The text says both an n x (2m) and a 2n x m board and names
the top sides e_0 .. e_{2n} (2n + 1 names for 2n sides); the consistent reading, taken here, is a board
2n wide with top sides e_0 .. e_{2n-1} and swap pairs (e_{2i}, e_{2i+1}).

**Identity**: as for the other games, a solution is the verdict ``"first"``, present exactly when the
first player wins. :meth:`AdversarialProblem.first_wins` is :func:`cegar`: an exists-solver over the swap
bits proposes swaps, a tiling SAT call (tiles grouped into types with multiplicities: cardinality
constraints, one placement variable per cell and tile type) refutes them with a tiling, and the swaps
that tiling also fits (the pairs its top row accepts either way) are blocked. :meth:`brute_force` tries
every swap choice with a plain backtracking tiler. :func:`swapped` is the board after a swap choice, so a
tiling is checked by the square edge-matching checker.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import lru_cache
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from pysat.solvers import Solver

from gadgetry.core import CNF, Generated, InputError, Param
from gadgetry.core.game import FIRST, GameProblem
from gadgetry.puzzles.edgematching.square import EdgeMatchingProblem, plant
from gadgetry.puzzles.edgematching.square_model import (
    SIDES,
    EdgeMatching,
    Solution,
    Tile,
    allowed_rotations,
    rotate,
    validate,
)

NAME = "adversarial-boundary-edge-matching"
SQUARE = EdgeMatchingProblem()
Swaps = tuple[bool, ...]


def pairs(board: EdgeMatching) -> int:
    """The number of top-boundary swap pairs."""
    return board.cols // 2


def swapped(board: EdgeMatching, swaps: Sequence[bool]) -> EdgeMatching:
    """The board after the first player's move: top sides 2i and 2i+1 exchange colours where swaps[i]."""
    bmap = board.boundary_map()
    for i, s in enumerate(swaps):
        if s:
            a, b = (0, 2 * i, "n"), (0, 2 * i + 1, "n")
            bmap[a], bmap[b] = bmap[b], bmap[a]
    return EdgeMatching(board.rows, board.cols, board.tiles, board.kind, board.rotations, tuple(sorted(bmap.items())))


class Tiler:
    """The tiling SAT problem of a board with the top-boundary swaps as assumption literals ``swap[i]``:
    one variable per cell and tile orientation left by arc consistency (boundary colours, then every side
    needing a matching option next door), one colour variable per contact (at most one), each tile type
    used exactly as often as it occurs (the most frequent type is left free: the cell count fixes it)."""

    def __init__(self, board: EdgeMatching) -> None:
        self.board = board
        cnf = self.cnf = CNF()
        bmap = board.boundary_map()
        counts = Counter(board.tiles)
        self.swap = [cnf.var(("swap", i)) for i in range(pairs(board))]
        shows = {(t, r): rotate(t, r) for t in sorted(counts) for r in allowed_rotations(t, board.rotations)}
        needs: dict[tuple[int, int, tuple[Tile, int]], int] = {}  # option -> swap literal it forbids
        domain: dict[tuple[int, int], set[tuple[Tile, int]]] = {}
        for r, c in board.cells:
            opts = set()
            for key, shown in shows.items():
                ok = True
                for s, side in enumerate(SIDES):
                    if (r, c, side) not in bmap:
                        continue
                    if side == "n":
                        fit_plain, fit_swap = shown[0] == -bmap[(0, c, "n")], shown[0] == -bmap[(0, c ^ 1, "n")]
                        ok = ok and (fit_plain or fit_swap)
                        if ok and not (fit_plain and fit_swap):
                            needs[(r, c, key)] = self.swap[c // 2] if fit_plain else -self.swap[c // 2]
                    elif shown[s] != -bmap[(r, c, side)]:
                        ok = False
                if ok:
                    opts.add(key)
            domain[(r, c)] = opts
        step = {0: (-1, 0), 1: (0, 1), 2: (1, 0), 3: (0, -1)}
        shown_by = {(cell, s): Counter(shows[k][s] for k in opts) for cell, opts in domain.items() for s in range(4)}
        work = set(domain)
        while work:  # arc consistency: an option needs a matching option across each side
            r, c = work.pop()
            drop = [k for k in domain[(r, c)]
                    if any((r + dr, c + dc) in domain and not shown_by[((r + dr, c + dc), (s + 2) % 4)][-shows[k][s]]
                           for s, (dr, dc) in step.items())]
            for k in drop:
                domain[(r, c)].discard(k)
                for s in range(4):
                    shown_by[((r, c), s)][shows[k][s]] -= 1
            if drop:
                work |= {(r + dr, c + dc) for dr, dc in step.values() if (r + dr, c + dc) in domain}
        self.at: dict[tuple[int, int], list[tuple[tuple[Tile, int], int]]] = {}
        colour: dict[tuple[int, int, int, int], int] = {}  # (cell, side e/s, label) -> variable
        for (r, c), opts in domain.items():
            self.at[(r, c)] = [(k, cnf.var(("at", r, c, *k))) for k in sorted(opts)]
            cnf.exactly_one([v for _k, v in self.at[(r, c)]])
            clauses = cnf.clauses  # literals are non-zero: appended directly (the hot loop)
            for k, v in self.at[(r, c)]:
                if (r, c, k) in needs:
                    clauses.append([-v, -needs[(r, c, k)]])
                for s in range(4):
                    dr, dc = step[s]
                    if (r + dr, c + dc) not in domain:
                        continue
                    owner, label = ((r, c), shows[k][s]) if s in (1, 2) else ((r + dr, c + dc), -shows[k][s])
                    side = s if s in (1, 2) else (s + 2) % 4
                    key = (*owner, side, label)
                    if key not in colour:
                        colour[key] = cnf.var(("colour", *key))
                    clauses.append([-v, colour[key]])
        by_edge: dict[tuple[int, int, int], list[int]] = {}
        for (r, c, side, _label), v in colour.items():
            by_edge.setdefault((r, c, side), []).append(v)
        for lits in by_edge.values():
            cnf.at_most_one(lits)
        free = max(counts, key=lambda t: (counts[t], t))
        for t in counts:
            if t != free:
                cnf.exactly([v for opts in self.at.values() for (t2, _q), v in opts if t2 == t], counts[t])
        self.solver = Solver(name="minisat22", bootstrap_with=cnf.clauses)  # far ahead of CaDiCaL here

    def tile(self, swaps: Sequence[bool]) -> Solution | None:
        """A tiling of the board after ``swaps`` ((tile index, rotation) per cell, row-major), or None."""
        if not self.solver.solve(assumptions=[v if s else -v for v, s in zip(self.swap, swaps)]):
            return None
        true = set(lit for lit in self.solver.get_model() if lit > 0)
        free: dict[Tile, list[int]] = {}
        for i, t in enumerate(self.board.tiles):
            free.setdefault(t, []).append(i)
        out = []
        for cell in self.board.cells:
            (t, q) = next(k for k, v in self.at[cell] if v in true)
            out.append((free[t].pop(), q))
        return tuple(out)

    def close(self) -> None:
        self.solver.delete()


def fits_either(board: EdgeMatching, sol: Solution) -> list[tuple[bool, ...]]:
    """For each swap pair, the swap choices under which the tiling's top row matches the top boundary."""
    bmap = board.boundary_map()
    top = [rotate(board.tiles[t], q)[0] for t, q in sol[:board.cols]]
    out = []
    for i in range(pairs(board)):
        a, b = bmap[(0, 2 * i, "n")], bmap[(0, 2 * i + 1, "n")]
        out.append(tuple(s for s in (False, True)
                         if (top[2 * i], top[2 * i + 1]) == ((-b, -a) if s else (-a, -b))))
    return out


@lru_cache(maxsize=16)
def cegar(board: EdgeMatching) -> Swaps | None:
    """A winning move of the first player (swap bits), or None when the second player tiles after every
    move; see the module docstring."""
    k = pairs(board)
    tiler = Tiler(board)
    try:
        with Solver(name="cadical153") as ex:
            ex.add_clause([v for i in range(k) for v in (i + 1, -(i + 1))] or [k + 1, -(k + 1)])
            while ex.solve():
                model = set(ex.get_model())
                swaps = tuple(i + 1 in model for i in range(k))
                sol = tiler.tile(swaps)
                if sol is None:
                    return swaps
                assert SQUARE.check(swapped(board, swaps), sol), "the tiler's tiling fails the checker"
                fits = fits_either(board, sol)
                # every move this tiling also answers is refuted: some pair must leave the tiling's set
                ex.add_clause([(i + 1) if not s[0] else -(i + 1) for i, s in enumerate(fits) if len(s) == 1])
            return None
    finally:
        tiler.close()


def backtrack_tiling(board: EdgeMatching) -> Solution | None:
    """A tiling by plain backtracking over the cells in row-major order (an oracle for tiny boards)."""
    return next(SQUARE.brute_force(board), None)


class AdversarialProblem(GameProblem):
    """Adversarial-boundary edge matching; see the module docstring."""

    name = NAME
    title = "adversarial-boundary edge matching: swap top-boundary pairs, then tile (a Sigma2 game)"
    paper = "Abel et al., Who witnesses The Witness?, section 8.2, Problem 2 and Lemma 8.5"
    solution_is = "the verdict 'first': some top-boundary swap choice leaves the board untileable"
    params = (Param("rows", 1, 1, 4, "board rows"), Param("cols", 2, 2, 6, "board columns (even)"),
              Param("colours", 2, 1, 20, "labels +-1..+-colours"),
              Param("rotations", 0, 0, 1, "1 = tiles may be rotated"))
    modes = ("planted", "unsat")

    def validate(self, board: EdgeMatching) -> None:
        validate(board)
        if board.kind != "signed" or board.cols % 2:
            raise InputError(f"{NAME}: the board is signed with an even number of columns")
        perimeter = {(0, c, "n") for c in range(board.cols)} | {(board.rows - 1, c, "s") for c in range(board.cols)}
        perimeter |= {(r, 0, "w") for r in range(board.rows)} | {(r, board.cols - 1, "e") for r in range(board.rows)}
        if {side for side, _colour in board.boundary} != perimeter:
            raise InputError(f"{NAME}: every perimeter side needs a boundary colour")

    def first_wins(self, board: EdgeMatching) -> bool:
        return cegar(board) is not None

    def brute_force(self, board: EdgeMatching) -> Iterator[str]:
        """Every swap choice, each board tiled by backtracking."""
        if any(backtrack_tiling(swapped(board, s)) is None
               for s in itertools.product((False, True), repeat=pairs(board))):
            yield FIRST

    def instance_to_json(self, board: EdgeMatching) -> dict[str, Any]:
        return SQUARE.instance_to_json(board)

    def instance_from_json(self, data: Mapping[str, Any]) -> EdgeMatching:
        board = SQUARE.instance_from_json(data)
        self.validate(board)
        return board

    def size(self, board: EdgeMatching) -> dict[str, int]:
        return {**SQUARE.size(board), "pairs": pairs(board)}

    def render_svg(self, board: EdgeMatching, solution: Any = None) -> str:
        """The board and its boundary colours before any swap (a game's solution is only its verdict)."""
        return SQUARE.render_svg(board)

    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        """A planted tiling's tiles and its full boundary (so not swapping is answered), then each top pair
        swapped with probability 1/2; ``planted`` is the verdict when the first player wins."""
        rows, cols = params["rows"], params["cols"] + params["cols"] % 2
        perimeter = [(0, c, "n") for c in range(cols)] + [(rows - 1, c, "s") for c in range(cols)]
        perimeter += [(r, 0, "w") for r in range(rows)] + [(r, cols - 1, "e") for r in range(rows)]
        board, _sol = plant(rows, cols, params["colours"], "signed", bool(params["rotations"]), 0, rng,
                            sides=sorted(set(perimeter)))
        board = swapped(board, [rng.random() < 0.5 for _ in range(cols // 2)])
        return Generated(board, FIRST if self.first_wins(board) else None)


PROBLEMS = [AdversarialProblem()]
