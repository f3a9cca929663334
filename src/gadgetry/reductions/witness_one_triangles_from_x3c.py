"""X3C to Witness panels with 1-triangle clues only, parsimoniously (Witness seed, section 6.1, Theorem 6.1;
section 12 calls the reduction parsimonious).

What the prose fixes, and is built as stated:

- every cell holds a 1-triangle except in the leftmost and rightmost columns; the rightmost column is
  (1-triangle, empty, empty, 1-triangle)^k from the top, the leftmost the same except its top four rows,
  which are 1-triangles (the argument of Figure 20 needs them in rows 1 and 2; rows 3 and 4 are our
  reading), with the start circle at the bottom-left vertex of row 1 and the end cap at the bottom-left
  vertex of row 3;
- 4k = 2 + 28m + 8n + 2 rows (m sets, n elements): two top rows, 28 rows per 3-set (4 "support" rows,
  then 8 rows per element slot), 8 rows per element, two bottom rows;
- relaxed to several paths and cycles, this panel has a unique "solution": 2k horizontal lines along
  the bottoms of the odd rows, joined in pairs through the empty boundary cells into one start-to-end
  path (top four rows) and one cycle per later four rows (:func:`relaxed_solutions` checks it);
- a solution path must join every even line (the first excepted) to the line below it exactly once;
- gadgets (cells whose clue is removed) sit in the interior, off the top two and bottom two rows and
  the three outer columns on each side; they do not share columns;
- the free-join gadget, a "4 x 4 circle" of empty cells, joins a pair of lines optionally: the one
  found (:data:`FREE_JOIN`) is the 4 x 4 ring without its corners, two local solutions;
- each 3-set gadget joins the six non-support pairs of its 3-set's rows, all or none; each
  set-element connection gadget joins the two pairs of one of the set's 8-row slots and the two pairs
  of the element's 8 rows, all or none, leaving the lines in between topologically unchanged.

What the prose leaves open (Figures 19 to 24 are lost) and is chosen here: the 3-set and set-element
gadgets themselves. Both are stacks of 4-row *units*, one unit per pair of lines (rows Y - 1 .. Y + 2 around
lines Y and Y + 2), in the same five columns: a top unit ``T``, middle units ``M`` and a bottom unit ``B``
join their pairs (in the joined state each unit's left U-turn dips into the unit below and its right
U-turn bumps into the unit above, which chains the units: all join or none), and pass units ``P`` carry
the choice past a pair without joining it (their lines detour under the dip from above and over the bump
from below, and re-emit both); the ``M`` units next to a run of ``P`` lose one pair of empty cells each
(``X`` above, ``Y`` below), which leaves one local solution per state. The 3-set gadget is ``TMMMMB`` on
the six non-support pairs; the set-element gadget from slot g of set s to element e is ``TMMB`` when the
element's rows follow the slot's, else ``T X P^j Y B`` with j the pairs in between. So our set-element
gadget keeps a constant width, where the paper's (Figure 24's "four diagonals") widens with its height.
``T``, ``M``, ``B`` were found by a counterexample-guided SAT search over deletion patterns
(``bench/witness_one_triangles_search.py``), ``P``, ``X``, ``Y`` derived by hand from the chain's interface
and checked the same way. The free join, the 3-set gadget and the set-element gadgets with up to
:data:`GADGET_CHECK_MAX_BETWEEN` pairs between (every interface between units) are proved by gadget checks:
on its own test panel (the boundary columns, the gadget, full 1-triangles elsewhere) each has exactly two
relaxed solutions, the straight lines and the intended joins (one local solution per state, none other);
the tests check longer ones (up to 21 pairs between), and ``verify`` every one an instance uses.

Verification: the boards (34 x 56 cells for one set over three elements) are far beyond the Witness CNF,
whose order-encoded acyclicity depths grow as the square of the cells, so the reduction offers a certificate view (which
3-set gadgets stay straight) whose ``solutions`` enumerate *every* solution path by refinement over the
relaxed CNF (:func:`~gadgetry.puzzles.witness.lazy.local_solutions`): two paths for one cover would show one certificate twice and fail, so
``verify`` checks full parsimony; the tests cross-check the enumeration with the frontier counter. The
browser solver's ``witness-web`` format has no triangles: panels render to SVG only.

Equivalence, as in the paper's last paragraph: a set is chosen exactly when its 3-set gadget leaves its
lines unjoined, then its three set-element gadgets must join them, and each element's pairs are joined
by exactly one chosen set: a solution path is an exact cover, and each cover has exactly one path (every
gadget has exactly one local solution per state). The paper says "the remaining ten lines" of a 3-set;
its own row count gives 24 rows below the support rows, twelve lines (six pairs): a slip, shown in the
tests.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from gadgetry.core import CNF, PARSIMONIOUS, InputError, Reduction
from gadgetry.core.reduction import CertificateView
from gadgetry.core.gadget import Gadget
from gadgetry.puzzles.witness.model import (
    MAX_SIDE,
    Cell,
    Edge,
    Panel,
    Path,
    Vertex,
    edge,
    make_panel,
    triangle,
)
from gadgetry.reductions.gadgets.witness_local import cover_view, edges_to_path, relaxed_cnf, relaxed_solutions, shift
from gadgetry.sources.x3c import X3CInstance

SOURCE = "Witness seed, section 6.1, Theorem 6.1"
TOP_ROWS = BOTTOM_ROWS = 2
SET_ROWS, SUPPORT_ROWS, SLOT_ROWS, ELEMENT_ROWS = 28, 4, 8, 8
BORDER = 3  # columns on each side that no gadget touches
SPACER = 1  # full-triangle columns between two gadgets

#: The free-join gadget (Figure 22), rows Y - 1 .. Y + 2 around a pair of lines Y, Y + 2: a 4 x 4 ring of
#: empty cells without its corners (found by the search as the smallest pattern with exactly the two
#: local solutions).
FREE_JOIN: tuple[Cell, ...] = ((0, 1), (0, 2), (1, 0), (1, 3), (2, 0), (2, 3), (3, 1), (3, 2))
FREE_JOIN_WIDTH = 4

#: Coupler units: empty cells (column, row) of a 4-row unit, rows Y - 1 .. Y + 2 around its pair.
UNITS: dict[str, tuple[Cell, ...]] = {
    "T": ((0, 3), (1, 1), (1, 3), (2, 0), (3, 0), (4, 1), (4, 2)),
    "M": ((0, 1), (0, 3), (1, 1), (1, 2), (1, 3), (3, 0), (3, 1), (3, 2), (4, 0), (4, 2)),
    "B": ((0, 1), (0, 2), (1, 2), (1, 3), (2, 1), (2, 2), (3, 0), (4, 0)),
    # M without its bottom-left pair of empty cells, above the first P
    "X": ((0, 1), (1, 1), (1, 2), (3, 0), (3, 1), (3, 2), (4, 0), (4, 2)),
    # M without its top-right pair of empty cells, below the last P
    "Y": ((0, 1), (0, 3), (1, 1), (1, 2), (1, 3), (3, 1), (3, 2), (4, 2)),
    "P": ((0, 1), (0, 3), (1, 1), (1, 3), (2, 0), (2, 1), (2, 2), (2, 3), (3, 0), (3, 2), (4, 0), (4, 2)),
}
UNIT_WIDTH = 5
UNIT_SHIFT = 0


# -- geometry ---------------------------------------------------------------------------------------------
def base_triangles(width: int, k: int) -> set[Cell]:
    """The cells holding 1-triangles before gadgets are placed, on a ``width`` x ``4k`` panel."""
    tri = {(x, y) for y in range(4 * k) for x in range(1, width - 1)}
    for y in range(4 * k):
        if y % 4 in (0, 3) or y < 4:
            tri.add((0, y))
        if y % 4 in (0, 3):
            tri.add((width - 1, y))
    return tri


def standard_edges(width: int, k: int) -> frozenset[Edge]:
    """The relaxed base solution: the 2k lines y = 1, 3, ..., joined through the empty boundary cells."""
    out = {((x, y), (x + 1, y)) for y in range(1, 4 * k, 2) for x in range(width)}
    for c in range(k):
        out |= {((width, 4 * c + 1), (width, 4 * c + 2)), ((width, 4 * c + 2), (width, 4 * c + 3))}
        if c:
            out |= {((0, 4 * c + 1), (0, 4 * c + 2)), ((0, 4 * c + 2), (0, 4 * c + 3))}
    return frozenset(out)


@dataclass(frozen=True)
class Placed:
    """One gadget on the panel: its kind (``free-join``, ``3-set`` or ``set-element``), its unit word,
    its top-left cell and which set (and element) it serves."""

    kind: str
    word: str
    x: int
    y: int
    set_index: int
    element: int = -1

    @property
    def empties(self) -> frozenset[Cell]:
        return frozenset((self.x + cx, self.y + cy) for cx, cy in word_empties(self.word))

    @property
    def width(self) -> int:
        return word_width(self.word)


def word_empties(word: str) -> tuple[Cell, ...]:
    """The empty cells of a gadget, relative to its top-left cell: the free join (word ``J``) or a stack
    of units, each shifted :data:`UNIT_SHIFT` columns from the one above."""
    if word == "J":
        return FREE_JOIN
    return tuple((UNIT_SHIFT * i + x, 4 * i + y) for i, u in enumerate(word) for x, y in UNITS[u])


def word_width(word: str) -> int:
    return FREE_JOIN_WIDTH if word == "J" else UNIT_WIDTH + UNIT_SHIFT * (len(word) - 1)


def set_element_word(pairs_between: int) -> str:
    """T and M on the set's slot, M and B on the element; between them, X P^j Y (the pass units need the
    M units next to them to lose one pair of empty cells each)."""
    return "TMMB" if pairs_between == 0 else "TX" + "P" * pairs_between + "YB"


THREE_SET_WORD = "TMMMMB"


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    gadgets: tuple[Placed, ...]

    @property
    def k(self) -> int:
        return self.height // 4


def layout(source: X3CInstance) -> Layout:
    """The panel's gadgets, left to right: per set, its free join, its 3-set gadget, then its set-element
    gadgets in the order of its elements."""
    m, n = len(source.sets), source.elements
    height = TOP_ROWS + SET_ROWS * m + ELEMENT_ROWS * n + BOTTOM_ROWS
    x, placed = BORDER, []
    for s, triple in enumerate(source.sets):
        band = TOP_ROWS + SET_ROWS * s
        for kind, word, y, e in [("free-join", "J", band, -1), ("3-set", THREE_SET_WORD, band + SUPPORT_ROWS, -1)] + [
                ("set-element", set_element_word(_between(m, s, g, e)), band + SUPPORT_ROWS + SLOT_ROWS * g, e)
                for g, e in enumerate(triple)]:
            g = Placed(kind, word, x, y, s, e)
            placed.append(g)
            x += g.width + SPACER
    return Layout(x - SPACER + BORDER if placed else 2 * BORDER, height, tuple(placed))


def _between(m: int, s: int, g: int, e: int) -> int:
    """Pairs of lines strictly between set s's slot g and element e (4 rows each)."""
    slot_end = TOP_ROWS + SET_ROWS * s + SUPPORT_ROWS + SLOT_ROWS * (g + 1)
    element_top = TOP_ROWS + SET_ROWS * m + ELEMENT_ROWS * e
    return (element_top - slot_end) // 4


def panel_of(width: int, height: int, empties: Iterable[Cell]) -> Panel:
    tri = base_triangles(width, height // 4) - set(empties)
    return make_panel(width, height, [(0, 1)], [(0, 3)], symbols={c: triangle(1) for c in tri})


# -- local solutions --------------------------------------------------------------------------------------
def gadget_panel(word: str) -> tuple[Panel, int]:
    """A gadget alone: the boundary columns, the gadget at column 3 below the two top rows, one pair of
    lines per unit (or the free join's pair), full 1-triangles elsewhere; and the gadget's top row."""
    pairs = 1 if word == "J" else len(word)
    k = 1 + pairs
    width = 2 * BORDER + word_width(word)
    return panel_of(width, 4 * k, ((BORDER + x, TOP_ROWS + y) for x, y in word_empties(word))), TOP_ROWS


def joined_pairs(word: str) -> tuple[int, ...]:
    """The pairs (by index from the top of the gadget) a gadget's joined state joins: all but the P units'."""
    return (0,) if word == "J" else tuple(i for i, u in enumerate(word) if u != "P")


@functools.lru_cache(maxsize=None)
def local_states(word: str) -> tuple[frozenset[Edge], frozenset[Edge]]:
    """The gadget's joined state as a change of the straight lines, relative to its top-left cell: (edges
    removed, edges added). Raises if the gadget does not have exactly two local solutions (the gadget
    check proves it; this guards the maps)."""
    panel, top = gadget_panel(word)
    std = standard_edges(panel.width, panel.height // 4)
    sols = relaxed_solutions(panel, cap=3)
    other = [s for s in sols if s != std]
    if len(sols) != 2 or len(other) != 1:
        raise InputError(f"witness-one-triangles: gadget {word} has {len(sols)} local solutions, not 2")

    def rel(es: Iterable[Edge]) -> frozenset[Edge]:
        return frozenset(((a[0] - BORDER, a[1] - top), (b[0] - BORDER, b[1] - top)) for a, b in es)

    return rel(std - other[0]), rel(other[0] - std)


def _joined(g: Placed, chosen: set[int]) -> bool:
    """Whether gadget g is in its joined state for the chosen sets."""
    if g.kind == "free-join":
        return True
    return (g.set_index in chosen) == (g.kind == "set-element")


def forward_edges(source: X3CInstance, chosen: Sequence[int]) -> frozenset[Edge]:
    lay = layout(source)
    used = set(standard_edges(lay.width, lay.k))
    for g in lay.gadgets:
        if _joined(g, set(chosen)):
            gone, new = local_states(g.word)
            used -= shift(gone, g.x, g.y)
            used |= shift(new, g.x, g.y)
    return frozenset(used)


def read_cover(source: X3CInstance, path: Sequence[Vertex]) -> tuple[int, ...]:
    """The sets whose 3-set gadget leaves its lines straight (an edge its joined state removes is used)."""
    used = {edge(a, b) for a, b in zip(path, path[1:])}
    chosen = []
    for g in layout(source).gadgets:
        if g.kind == "3-set":
            gone, _ = local_states(g.word)
            mark = min(shift(gone, g.x, g.y))
            if mark in used:
                chosen.append(g.set_index)
    return tuple(chosen)


class WitnessOneTrianglesFromX3C(Reduction):
    name = "witness-one-triangles-from-x3c"
    verify_budget = 4  # boards of 34 x 56 cells and more, enumerated by cuts
    source = "x3c"
    target = "witness"
    paper = "Abel et al., Who witnesses The Witness? (Witness seed)"
    section = "6.1"
    theorem = "Theorem 6.1: Witness puzzles with only 1-triangle clues are NP-complete (parsimonious, section 12)"
    claim = PARSIMONIOUS
    #: Panels are 4 + 28m + 8n rows: one set over three elements is 34 x 56 cells, two sets over six 63 x 108.
    verify_params = ({"elements": 3, "sets": 1}, {"elements": 3, "sets": 2}, {"elements": 6, "sets": 2})
    verify_unsat_params = {"elements": 6, "sets": 2}

    def reduce(self, source: X3CInstance) -> Panel:
        lay = layout(source)
        if max(lay.width, lay.height) > MAX_SIDE:
            raise InputError(f"{self.name}: {len(source.sets)} sets over {source.elements} elements need a "
                             f"{lay.width} x {lay.height} panel; Witness panels have at most {MAX_SIDE} cells a side")
        return panel_of(lay.width, lay.height, (c for g in lay.gadgets for c in g.empties))

    def forward(self, source: X3CInstance, target: Panel, source_solution: Any) -> Path:
        return edges_to_path(forward_edges(source, tuple(source_solution)), (0, 1), (0, 3))

    def backward(self, source: X3CInstance, target: Panel, target_solution: Any) -> tuple[int, ...]:
        return read_cover(source, tuple(map(tuple, target_solution)))

    def certificate_view(self, source: X3CInstance, target: Panel) -> CertificateView:
        """The target is too big for the Witness CNF (its acyclicity depths grow as the square of the
        cells), so ``verify`` reads certificates: which sets' 3-set gadgets leave their lines straight.
        ``solutions`` yields *every* solution path (refinement over the relaxed CNF, not one per
        certificate), so a certificate shown twice, i.e. two paths for one cover, fails the check: with
        the readable certificates equal to the covers, this checks full parsimony."""
        return cover_view(len(source.sets), lambda path: read_cover(source, path), target)

    def gadgets(self) -> list[Gadget]:
        words = ["J", THREE_SET_WORD] + [set_element_word(j) for j in range(GADGET_CHECK_MAX_BETWEEN + 1)]
        return [gadget_check(w) for w in words]


#: Set-element gadgets are checked on their own for up to this many pairs between slot and element: every
#: interface (T-X, X-P, P-P, P-Y, Y-B) occurs, and a longer run of P repeats the P-P one; every length an
#: instance uses is checked within the instance by ``verify``.
GADGET_CHECK_MAX_BETWEEN = 3


def gadget_check(word: str) -> Gadget:
    """The gadget on its test panel: port ``straight`` (an edge its joined state removes is used); both
    values allowed, each with exactly one relaxed solution (so no other local solution exists)."""
    panel, top = gadget_panel(word)

    def build() -> tuple[CNF, dict[str, int]]:
        cnf, var = relaxed_cnf(panel)
        gone, _ = local_states(word)
        return cnf, {"straight": var[min(shift(gone, BORDER, top))]}

    name = {"J": "free join (Figure 22)", THREE_SET_WORD: "3-set gadget (Figure 23)"}.get(
        word, f"set-element connection, {word.count('P')} pairs between (Figure 24)")
    return Gadget(name, ("straight",), build, [(False,), (True,)], 1, source=f"{SOURCE}, rebuilt",
                  meta={"panel": panel, "joins": joined_pairs(word)})


REDUCTIONS = [WitnessOneTrianglesFromX3C()]
