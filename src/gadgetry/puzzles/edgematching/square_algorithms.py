"""Polynomial algorithms for square-tile edge matching (Edge-matching seed, section 2.1 and Table 1).

- :func:`solve_le`: Theorem 2.1, every m x n ``<=``-compatible instance is solvable: turn each tile so that
  west >= east and north >= south, sort all tiles by south label into the rows, then each row by east label.
- :func:`solve_lt_distinct`: Corollary 2.2, the same for ``<`` when all 4mn labels are distinct.
- :func:`solve_lt_strip`: Theorem 2.3, a 1 x n ``<`` strip where every tile has an unequal opposite pair:
  turn each tile so that west > east, sort by west label (an n x 1 column likewise, north > south).
- :func:`count_transfer` / :func:`solve_transfer`: O(1) x n boards with O(1) colours (Table 1, claimed
  without proof; our construction): a transfer-matrix dynamic programme sweeping the board
  along its long side, one cell at a time, with state (labels facing the next cell of each lane, the label
  facing the next cell of the sweep, how many tiles of each type are used). A *type* is a class of tiles
  equal up to rotation (equal, without rotations); it counts type-level boards and multiplies by
  ``prod(m_j!)`` for the identical copies, which is the count under :mod:`~gadgetry.puzzles.edgematching.square`'s
  solution identity. States: ``O(L^(m+1) * prod(m_j + 1))`` for L labels, polynomial in n for fixed types.

The first three need rotations and no boundary colours (the theorems' setting) and raise
:class:`InputError` otherwise; each returns a solution the checker accepts.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import factorial, prod

from gadgetry.core import InputError
from gadgetry.puzzles.edgematching.square_model import (
    NAME,
    SIDES,
    EdgeMatching,
    Solution,
    Tile,
    allowed_rotations,
    boundary_ok,
    canonical_rotation,
    compatible,
    rotate,
    validate,
)


def _require(inst: EdgeMatching, kind: str, what: str) -> None:
    validate(inst)
    if inst.kind != kind or not inst.rotations or inst.boundary:
        raise InputError(f"{NAME}: {what} applies to {kind}-compatible instances with rotations and no "
                         f"boundary colours")


def _turned(tile: Tile, wanted) -> int:
    """The first rotation of ``tile`` whose shown labels satisfy ``wanted``."""
    return next(r for r in range(4) if wanted(rotate(tile, r)))


def _sort_into_rows(inst: EdgeMatching, turns: list[int]) -> Solution:
    """Theorem 2.1's placement: tiles (turned) sorted by south into rows, each row sorted by east."""
    shown = [rotate(t, r) for t, r in zip(inst.tiles, turns)]
    order = sorted(range(len(shown)), key=lambda k: (shown[k][2], k))
    out: list[tuple[int, int]] = []
    for row in range(inst.rows):
        chunk = sorted(order[row * inst.cols:(row + 1) * inst.cols], key=lambda k: (shown[k][1], k))
        out += [(k, canonical_rotation(inst.tiles[k], turns[k])) for k in chunk]
    return tuple(out)


def solve_le(inst: EdgeMatching) -> Solution:
    """Theorem 2.1: a solution of an m x n ``<=``-compatible instance (one always exists)."""
    _require(inst, "le", "Theorem 2.1")
    turns = [_turned(t, lambda s: s[3] >= s[1] and s[0] >= s[2]) for t in inst.tiles]
    return _sort_into_rows(inst, turns)


def solve_lt_distinct(inst: EdgeMatching) -> Solution:
    """Corollary 2.2: a solution of an m x n ``<``-compatible instance whose labels are all distinct."""
    _require(inst, "lt", "Corollary 2.2")
    labels = [x for t in inst.tiles for x in t]
    if len(set(labels)) != len(labels):
        raise InputError(f"{NAME}: Corollary 2.2 needs all {len(labels)} labels distinct")
    turns = [_turned(t, lambda s: s[3] >= s[1] and s[0] >= s[2]) for t in inst.tiles]
    return _sort_into_rows(inst, turns)


def solve_lt_strip(inst: EdgeMatching) -> Solution:
    """Theorem 2.3: a solution of a 1 x n (or n x 1) ``<``-compatible strip in which every tile has an
    unequal opposite pair."""
    _require(inst, "lt", "Theorem 2.3")
    if inst.rows != 1 and inst.cols != 1:
        raise InputError(f"{NAME}: Theorem 2.3 applies to 1 x n strips, not {inst.rows}x{inst.cols}")
    for k, t in enumerate(inst.tiles):
        if t[0] == t[2] and t[1] == t[3]:
            raise InputError(f"{NAME}: Theorem 2.3 needs an unequal opposite pair; tile {k} is {t}")
    if inst.rows == 1:  # west > east, sorted by west: east(i) < west(i) <= west(i+1)
        turns = [_turned(t, lambda s: s[3] > s[1]) for t in inst.tiles]
        key = 3
    else:  # north > south, sorted by north
        turns = [_turned(t, lambda s: s[0] > s[2]) for t in inst.tiles]
        key = 0
    order = sorted(range(len(inst.tiles)), key=lambda k: (rotate(inst.tiles[k], turns[k])[key], k))
    return tuple((k, canonical_rotation(inst.tiles[k], turns[k])) for k in order)


# -- O(1) x n with O(1) colours: transfer matrix -------------------------------------------------------------

State = tuple[tuple[int | None, ...], int | None, tuple[int, ...]]


class _Sweep:
    """The board swept along its long side: column by column (top to bottom in each column) when
    rows <= cols, else row by row; a *lane* is a row (resp. column) of the board."""

    def __init__(self, inst: EdgeMatching) -> None:
        self.inst = inst
        self.by_columns = inst.rows <= inst.cols
        self.lanes = inst.rows if self.by_columns else inst.cols
        self.cells = ([(r, c) for c in range(inst.cols) for r in range(inst.rows)] if self.by_columns
                      else [(r, c) for r in range(inst.rows) for c in range(inst.cols)])
        keys: dict[Tile, int] = {}
        self.types: list[Tile] = []
        self.count: list[int] = []
        for t in inst.tiles:
            key = min(rotate(t, r) for r in range(4)) if inst.rotations else t
            if key not in keys:
                keys[key] = len(self.types)
                self.types.append(key)
                self.count.append(0)
            self.count[keys[key]] += 1
        self.shows = [tuple(rotate(t, r) for r in allowed_rotations(t, inst.rotations)) for t in self.types]
        self.bmap = inst.boundary_map()

    def start(self) -> State:
        return (None,) * self.lanes, None, (0,) * len(self.types)

    def step(self, k: int, state: State) -> Iterator[tuple[int, Tile, State]]:
        """Every (type, shown labels, next state) placing cell ``k`` of the sweep from ``state``."""
        r, c = self.cells[k]
        lane = r if self.by_columns else c
        profile, carry, used = state
        kind = self.inst.kind
        for j, shows in enumerate(self.shows):
            if used[j] == self.count[j]:
                continue
            nused = used[:j] + (used[j] + 1,) + used[j + 1:]
            for tile in shows:
                west, north = (profile[lane], carry) if self.by_columns else (carry, profile[lane])
                if west is not None and not compatible(kind, west, tile[3]):
                    continue
                if north is not None and not compatible(kind, north, tile[0]):
                    continue
                if not all(boundary_ok(kind, s, tile[SIDES.index(s)], self.bmap[(r, c, s)])
                           for s in SIDES if (r, c, s) in self.bmap):
                    continue
                face, along = (tile[1], tile[2]) if self.by_columns else (tile[2], tile[1])
                nprofile = profile[:lane] + (face,) + profile[lane + 1:]
                last = lane == self.lanes - 1
                yield j, tile, (nprofile, None if last else along, nused)

    def layers(self) -> list[dict[State, int]]:
        """Number of type-level partial boards reaching each state, after each cell of the sweep."""
        out = [{self.start(): 1}]
        for k in range(len(self.cells)):
            nxt: dict[State, int] = {}
            for state, ways in out[-1].items():
                for _j, _tile, new in self.step(k, state):
                    nxt[new] = nxt.get(new, 0) + ways
            out.append(nxt)
        return out


def count_transfer(inst: EdgeMatching) -> int:
    """The number of solutions (module identity of :mod:`~gadgetry.puzzles.edgematching.square`) by the transfer
    matrix: type-level boards times ``prod(m_j!)``."""
    validate(inst)
    sweep = _Sweep(inst)
    boards = sum(sweep.layers()[-1].values())
    return boards * prod(factorial(m) for m in sweep.count)


def solve_transfer(inst: EdgeMatching) -> Solution | None:
    """A solution found by the transfer matrix (walking back through its layers), or None."""
    validate(inst)
    sweep = _Sweep(inst)
    layers = sweep.layers()
    if not layers[-1]:
        return None
    state = next(iter(layers[-1]))
    chosen: list[tuple[int, Tile]] = [(0, (0, 0, 0, 0))] * len(sweep.cells)
    for k in range(len(sweep.cells) - 1, -1, -1):
        state, chosen[k] = next((prev, (j, tile)) for prev in layers[k] for j, tile, new in sweep.step(k, prev)
                                if new == state)
    pool = {j: [t for t in range(len(inst.tiles)) if (min(rotate(inst.tiles[t], r) for r in range(4))
                                                      if inst.rotations else inst.tiles[t]) == key]
            for j, key in enumerate(sweep.types)}
    placed: dict[tuple[int, int], tuple[int, int]] = {}
    for (r, c), (j, tile) in zip(sweep.cells, chosen):
        t = pool[j].pop(0)
        placed[(r, c)] = (t, next(q for q in range(4) if rotate(inst.tiles[t], q) == tile))
    return tuple(placed[cell] for cell in inst.cells)
