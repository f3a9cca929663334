"""The square-tile edge-matching instance and its rules (Edge-matching seed, section 1 and Definition 2.1):
tiles, rotations, compatibility kinds and boundary colours as described in
:mod:`gadgetry.puzzles.edgematching.square`, shared by the problem there and the algorithms of
:mod:`gadgetry.puzzles.edgematching.square_algorithms`."""

from __future__ import annotations

from dataclasses import dataclass

from gadgetry.core import InputError
from gadgetry.core.values import is_int

NAME = "edge-matching"
KINDS = ("signed", "unsigned", "lt", "le")
SIDES = "nesw"
Tile = tuple[int, int, int, int]
Side = tuple[int, int, str]  # (row, col, 'n'|'e'|'s'|'w')
Boundary = tuple[tuple[Side, int], ...]
Solution = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class EdgeMatching:
    """``rows x cols`` square tiles ``(north, east, south, west)``; see the module docstring."""

    rows: int
    cols: int
    tiles: tuple[Tile, ...]
    kind: str  # 'signed' | 'unsigned' | 'lt' | 'le'
    rotations: bool = True
    boundary: Boundary = ()  # ((row, col, side 'n'|'e'|'s'|'w'), colour), sorted

    @property
    def cells(self) -> list[tuple[int, int]]:
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def boundary_map(self) -> dict[tuple[int, int, str], int]:
        return dict(self.boundary)


def rotate(tile: Tile, r: int) -> Tile:
    """``tile`` turned ``r`` clockwise quarter turns: side ``s`` shows ``tile[(s - r) % 4]``."""
    r %= 4
    return tile[4 - r:] + tile[:4 - r] if r else tile  # type: ignore[return-value]


def allowed_rotations(tile: Tile, rotations: bool = True) -> tuple[int, ...]:
    """The canonical rotations of ``tile``: for each distinct rotated label tuple, the smallest ``r``."""
    if not rotations:
        return (0,)
    seen: set[Tile] = set()
    out = []
    for r in range(4):
        t = rotate(tile, r)
        if t not in seen:
            seen.add(t)
            out.append(r)
    return tuple(out)


def canonical_rotation(tile: Tile, r: int) -> int:
    """The smallest rotation showing the same labels as ``tile`` rotated by ``r``."""
    target = rotate(tile, r)
    return next(q for q in range(4) if rotate(tile, q) == target)


def canonical(inst: EdgeMatching, sol: Solution) -> Solution:
    """``sol`` with every rotation replaced by its canonical one."""
    return tuple((t, canonical_rotation(inst.tiles[t], r)) for t, r in sol)


def compatible(kind: str, a: int, b: int) -> bool:
    """Whether ``a`` (east of the left tile / south of the upper tile) may touch ``b`` (west of the right
    tile / north of the lower tile)."""
    if kind == "signed":
        return a == -b
    if kind == "unsigned":
        return a == b
    if kind == "lt":
        return a < b
    return a <= b


def boundary_ok(kind: str, side: str, label: int, colour: int) -> bool:
    """Whether a tile side showing ``label`` on ``side`` of the board agrees with a boundary ``colour``
    (the colour is the label of a virtual neighbour beyond that side)."""
    return compatible(kind, colour, label) if side in "nw" else compatible(kind, label, colour)


def on_perimeter(inst: EdgeMatching, r: int, c: int, side: str) -> bool:
    return {"n": r == 0, "s": r == inst.rows - 1, "w": c == 0, "e": c == inst.cols - 1}[side]


def validate(inst: EdgeMatching) -> None:
    """Raise :class:`InputError` naming the first thing wrong with ``inst``."""
    if not isinstance(inst, EdgeMatching):
        raise InputError(f"{NAME}: not an edge-matching instance")
    if not (is_int(inst.rows) and is_int(inst.cols)) or inst.rows < 1 or inst.cols < 1:
        raise InputError(f"{NAME}: rows and cols must be positive integers")
    if inst.kind not in KINDS:
        raise InputError(f"{NAME}: kind must be one of {', '.join(KINDS)}, got {inst.kind!r}")
    if not isinstance(inst.rotations, bool):
        raise InputError(f"{NAME}: rotations must be true or false")
    if not isinstance(inst.tiles, tuple) or len(inst.tiles) != inst.rows * inst.cols:
        raise InputError(f"{NAME}: a {inst.rows}x{inst.cols} board needs {inst.rows * inst.cols} tiles")
    for i, tile in enumerate(inst.tiles):
        if not isinstance(tile, tuple) or len(tile) != 4 or not all(is_int(x) for x in tile):
            raise InputError(f"{NAME}: tile {i} is not four integer labels (north, east, south, west)")
        if inst.kind == "signed" and 0 in tile:
            raise InputError(f"{NAME}: tile {i} has label 0; signed labels are non-zero")
    if not isinstance(inst.boundary, tuple):
        raise InputError(f"{NAME}: boundary must be a tuple of ((row, col, side), colour)")
    for item in inst.boundary:
        if not (isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], tuple)
                and len(item[0]) == 3 and is_int(item[1])):
            raise InputError(f"{NAME}: a boundary colour is ((row, col, side), colour), got {item!r}")
        (r, c, side), colour = item
        if not (is_int(r) and is_int(c) and side in tuple(SIDES)) or \
                not (0 <= r < inst.rows and 0 <= c < inst.cols) or not on_perimeter(inst, r, c, side):
            raise InputError(f"{NAME}: boundary side {item[0]!r} is not a perimeter side of the board")
        if inst.kind == "signed" and colour == 0:
            raise InputError(f"{NAME}: boundary colour 0 at {item[0]!r}; signed colours are non-zero")
    keys = [item[0] for item in inst.boundary]
    if keys != sorted(set(keys)):
        raise InputError(f"{NAME}: boundary colours must be sorted by (row, col, side), one per side")
