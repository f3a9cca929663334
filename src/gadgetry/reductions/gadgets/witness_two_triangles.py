"""The pieces of Theorem 6.2 of the Witness seed (section 6.2: 2-triangle clues only, from X3C) rebuilt
and proved so far. The reduction itself is not built: its X3C gadget (the lost Figures 28-29) is not
found yet (see the end of this docstring), so nothing here is registered.

What the prose fixes and is built here as stated:

- a square panel filled with 2-triangles, whose relaxed "solutions" (several paths and cycles allowed)
  are the concentric squares (:func:`concentric_squares`); the main diagonals are where they turn;
- a gadget is a set of cells whose 2-triangle is removed; a used gadget turns the lines inside a polygon
  with diagonal sides (the rays of Figure 25) whose corners are the empty cells;
- the diamond gadget (Figure 30), "the simplest gadget that can connect adjacent cycles": here the four
  cells around one cell (:data:`DIAMOND`), a polygon with four corners, each sharing a diagonal with
  exactly two others. Between two adjacent squares it has exactly two local solutions, the squares as
  they are and the two squares joined into one cycle (:func:`diamond_check`, a gadget check);
- a pair of adjacent squares joined twice falls apart into two cycles again (the argument that an element
  covered twice leaves a disconnected cycle, end of section 6.2's proof); the tests show it.

What the prose leaves open and is chosen here: the start circle and end cap (the paper's are in a lost
figure) sit on the two middle vertices of the top side, the cell between them left empty, so that the
outermost square, opened there, is the path from start to end (:func:`base_panel`).

Not built: the X3C gadget (Figures 28-29: "each empty cell in an X3C gadget shares a diagonal with exactly
two other empty cells"; one nontrivial solution joining the pairs p_i, p_j, p_k and nothing else) and the
bulk connector (Figure 31). A polygon with diagonal sides is a polyomino in the rotated frame
u = x + y, v = x - y, and its used state can be computed without SAT (lines turned inside it);
``bench/witness_two_triangles_search.py`` searches polyominoes that way: couplers joining two element pairs
exist (8 squares), but the ones found have corners sharing a diagonal with more than two others and
more than two local solutions on their test panel, and no 3-pair coupler was found in the time given.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from gadgetry.core import CNF, InputError
from gadgetry.core.gadget import Gadget
from gadgetry.puzzles.witness.model import Cell, Edge, Panel, make_panel, triangle
from gadgetry.reductions.gadgets.witness_local import pieces, relaxed_cnf, relaxed_solutions

SOURCE = "Witness seed, section 6.2, Theorem 6.2"

#: The diamond gadget (Figure 30): the empty cells around its centre cell, (dx, dy) from the centre.
DIAMOND: tuple[Cell, ...] = ((-1, 0), (0, -1), (1, 0), (0, 1))


def start_end(width: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The start circle and end cap: the two middle vertices of the top side."""
    return (width // 2 - 1, 0), (width // 2, 0)


def base_panel(width: int, empties: Iterable[Cell] = ()) -> Panel:
    """A ``width`` x ``width`` panel (``width`` even) with a 2-triangle in every cell but ``empties`` and
    the cell between the start circle and the end cap."""
    if width < 4 or width % 2:
        raise InputError(f"witness-two-triangles: the panel side must be even and at least 4, got {width}")
    start, end = start_end(width)
    clues = {(x, y) for x in range(width) for y in range(width)} - set(empties) - {start}
    return make_panel(width, width, [start], [end], symbols={c: triangle(2) for c in clues})


def concentric_squares(width: int) -> frozenset[Edge]:
    """The relaxed base solution: the squares at depth 0 .. width/2 - 1 from the boundary, the outermost
    opened between the start circle and the end cap."""
    out = set()
    for d in range(width // 2):
        lo, hi = d, width - d
        for t in range(lo, hi):
            out |= {((t, lo), (t + 1, lo)), ((t, hi), (t + 1, hi)), ((lo, t), (lo, t + 1)), ((hi, t), (hi, t + 1))}
    return frozenset(out - {start_end(width)})


def radius_of(width: int, used: Iterable[Edge]) -> list[tuple[int, ...]]:
    """The connected pieces of an edge set as the radii (1 innermost .. width/2 outermost) of the squares
    whose top-left corner they pass (no gadget touches a corner), sorted; a piece passing none is ``()``."""
    half = width // 2
    return sorted(tuple(r for r in range(1, half + 1) if (half - r, half - r) in piece) for piece in pieces(used))


def diamond_cells(cx: int, cy: int) -> tuple[Cell, ...]:
    return tuple((cx + dx, cy + dy) for dx, dy in DIAMOND)


def side_diamond(width: int, radius: int, side: str, at: int) -> tuple[Cell, ...]:
    """The diamond joining the squares of radii ``radius`` and ``radius + 1`` on their ``side`` (``"right"``,
    ``"left"``, ``"top"``, ``"bottom"``), its centre cell in row (right, left) or column (top, bottom)
    ``at``, from ``width/2 - radius`` to ``width/2 + radius - 1``."""
    half = width // 2
    across = {"right": half + radius, "left": half - radius - 1, "bottom": half + radius, "top": half - radius - 1}[side]
    return diamond_cells(across, at) if side in ("right", "left") else diamond_cells(at, across)


def right_diamond(width: int, radius: int, row: int) -> tuple[Cell, ...]:
    """The diamond on the right sides (the right quadrant, where the paper puts the filler diamonds)."""
    return side_diamond(width, radius, "right", row)


def diamond_check(width: int, radius: int, row: int) -> Gadget:
    """The diamond on its test panel (every other cell a 2-triangle): port ``joined`` (the inner square's
    right-side edge through the centre row is unused); both values allowed, each with exactly one relaxed
    solution, so the diamond has no local solution but the two intended ones."""
    panel = base_panel(width, right_diamond(width, radius, row))
    x = width // 2 + radius
    port = ((x, row), (x, row + 1))

    def build() -> tuple[CNF, dict[str, int]]:
        cnf, var = relaxed_cnf(panel)
        joined = cnf.var(("joined",))
        cnf.add([joined, var[port]])
        cnf.add([-joined, -var[port]])
        return cnf, {"joined": joined}

    return Gadget(f"diamond (Figure 30), radii {radius} and {radius + 1}", ("joined",), build,
                  [(False,), (True,)], 1, source=f"{SOURCE}, rebuilt", meta={"panel": panel})


def joined_state(width: int, cells: Iterable[Cell]) -> frozenset[Edge]:
    """The one relaxed solution of ``base_panel(width, cells)`` other than the concentric squares; raises
    if there is not exactly one (the gadget check proves it for the diamonds used)."""
    sols = relaxed_solutions(base_panel(width, cells), cap=3)
    other = [s for s in sols if s != concentric_squares(width)]
    if len(sols) != 2 or len(other) != 1:
        raise InputError(f"witness-two-triangles: {len(sols)} local solutions, not 2")
    return other[0]


def diagonals(cells: Iterable[Cell]) -> set[tuple[str, int]]:
    """The diagonals (``"+"``: x + y constant, ``"-"``: x - y constant) through some of the cells."""
    return {d for x, y in cells for d in (("+", x + y), ("-", x - y))}


def filler_diamonds(width: int, radii: Iterable[int], sides: Sequence[str] = ("right",)) -> list[tuple[Cell, ...]]:
    """Diamonds joining each square of ``radii`` to the next one out, on one of ``sides`` (the paper puts
    the filler diamonds in the right quadrant), no two sharing a diagonal or a cell: the placement rule
    of Figure 27. Placed by backtracking, topmost first."""
    half, radii = width // 2, list(radii)
    out: list[tuple[Cell, ...]] = []

    def place(i: int, taken: frozenset[tuple[str, int]], cells: frozenset[Cell]) -> bool:
        if i == len(radii):
            return True
        for side, b in itertools.product(sides, range(half - radii[i], half + radii[i])):
            d = side_diamond(width, radii[i], side, b)
            body = set(d) | {(sum(x for x, _ in d) // 4, sum(y for _, y in d) // 4)}
            if not diagonals(d) & taken and not body & cells:
                out.append(d)
                if place(i + 1, taken | diagonals(d), cells | body):
                    return True
                out.pop()
        return False

    if not place(0, frozenset(), frozenset()):
        raise InputError(f"witness-two-triangles: no placement of diamonds for radii {radii} on a {width} panel")
    return out
