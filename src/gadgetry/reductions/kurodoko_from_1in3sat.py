"""1-in-3SAT to Kurodoko (Kolker, "Kurodoko is NP-Complete", JIP 20(3) 2012; the Kurodoko seed, sections 3-6
and Appendix A.1), built from the nine gadgets of :mod:`gadgetry.reductions.gadgets.kurodoko`.

Components (section 4.3), in gadget positions (a gadget at position (r, c) covers board cells
``16 r .. 16 r + 16`` x ``16 c .. 16 c + 16``: neighbours overlap in one row or column, section 4.2):

- clause: ``B W+ C W- Bbar`` over ``W|N . W|N . W|N``, N for a negated literal, W for a positive one and
  for each missing literal of a short clause (that wire is fed by a zero component through the routing);
- variable, for a variable used k times: height k, width 2k - 1; row i from the top (i < k - 1) is
  ``S``, 2i + 1 times ``W+``, ``Bbar+``, then ``. W`` repeated; the bottom row is ``V`` alone (the text's
  "k - i - 1" repetitions of ``. W`` are one too many for width 2k - 1; Appendix A.1's ``add_variables``
  has k - i - 2, as here);
- zero: ``Z``;
- routing: layers of the odd-even transposition sorting network (Appendix A.1's ``make_sorting_network``:
  rounds alternate between pairs (0, 1), (2, 3), ... and (1, 2), (3, 4), ...; it stops once sorted), each
  layer two gadget rows of swaps ``X+ T X- / S X Sbar`` on swapped pairs and wires ``W / W`` elsewhere.

Board (section 4.3): clause components on top, one air column apart; the routing; at the bottom the
variable components of the variables in clauses (increasing, one air column apart, top-aligned as in
A.1's ``add_variables``) and then one zero component per missing literal. Output p of the bottom part
(gadget column 2p) carries the goal label of the clause slot it feeds (clause i, slot j: 3i + j; a
variable's outputs take its occurrences left to right, zeros the short clauses' slots), and the routing
sorts the labels. A formula with no clause gives a 1 x 1 board without clues.

Assembly checks the overlap rule of section 4.2: overlapping cells of two gadgets must agree, and a border
carrying clues must face a gadget with the same border (no dangling port, none on the board's edge).
Post-processing (section 4.4, A.1's ``fix_deferred_work``): each ``?`` becomes 1 plus the cells up to the
nearest ``!`` (ray end) or the edge in each direction; ``!`` cells become plain cells.

Certificates. Forward (section 5.2): the ``!`` squares (the partial solutions' black squares) black, each
variable gadget's x square (the square Zero's clue 7 occupies) black iff the variable is true, and as few
other black squares as possible: the solver's colouring is shrunk while a valid subset exists (section 5.2
makes every remaining square white). Backward (section 5.1): variable v is the colour of its x square
(black = true); a variable in no clause has no gadget and reads false.

Counting (section 6): the reduction is not parsimonious (null-gadget squares are free), so the verifier
checks it on certificates (:meth:`KurodokoFromOneInThreeSat.certificate_view`): the colourings of the x
squares readable from board solutions must be exactly the satisfying assignments restricted to the
variables in clauses. Boards are decided by :class:`gadgetry.puzzles.kurodoko.KurodokoSolver`
(:func:`board_solver`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from gadgetry.core import Claim, Reduction
from gadgetry.core.gadget import Gadget
from gadgetry.core.reduction import CertificateView
from gadgetry.puzzles.kurodoko import Kurodoko, KurodokoSolver
from gadgetry.reductions.gadgets import kurodoko as kurodoko_gadgets
from gadgetry.reductions.gadgets.kurodoko import BASE, GADGET_SIZE, border, gadget, resolve_deferred
from gadgetry.sources.sat import Assignment, Formula

STEP = GADGET_SIZE - 1
Cell = tuple[int, int]
Position = tuple[int, int]


@dataclass(frozen=True)
class Component:
    """Gadget specs (section 4.2's notation) on a grid of gadget positions; None: no gadget."""

    name: str
    rows: tuple[tuple[str | None, ...], ...]

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0])

    def placed(self, row: int, col: int) -> dict[Position, str]:
        """Its gadgets with the component's top-left position at ``(row, col)``."""
        return {(row + r, col + c): g for r, line in enumerate(self.rows) for c, g in enumerate(line)
                if g is not None}


def clause_component(clause: Sequence[int]) -> Component:
    """Section 4.3's clause component for ``clause`` (one to three literals)."""
    bottom: list[str | None] = [None] * 5
    for j in range(3):
        bottom[2 * j] = "N" if j < len(clause) and clause[j] < 0 else "W"
    return Component("clause", (("B", "W+", "C", "W-", "Bbar"), tuple(bottom)))


def variable_component(k: int) -> Component:
    """Section 4.3's component of a variable used ``k`` times: k outputs at even columns of its top row."""
    width = 2 * k - 1
    rows = []
    for i in range(k - 1):
        row: list[str | None] = [None] * width
        row[0] = "S"
        row[1:2 * i + 2] = ["W+"] * (2 * i + 1)
        row[2 * i + 2] = "Bbar+"
        for c in range(2 * i + 4, width, 2):
            row[c] = "W"
        rows.append(tuple(row))
    rows.append(("V",) + (None,) * (width - 1))
    return Component(f"variable{k}", tuple(rows))


ZERO = Component("zero", (("Z",),))
SWAP = Component("swap", (("X+", "T", "X-"), ("S", "X", "Sbar")))
WIRE = Component("wire", (("W",), ("W",)))


def live_variables(f: Formula) -> dict[int, int]:
    """Uses of each variable in a clause, by variable in increasing order."""
    uses: dict[int, int] = {}
    for clause in f.clauses:
        for lit in clause:
            uses[abs(lit)] = uses.get(abs(lit), 0) + 1
    return dict(sorted(uses.items()))


def goal_labels(f: Formula) -> list[int]:
    """Section 4.3's array A: the goal label (3 i + j for clause i, slot j) of each bottom output, the
    variables' outputs first (in variable order), then the zero components'."""
    uses = live_variables(f)
    start, p = {}, 0
    for v, k in uses.items():
        start[v], p = p, p + k
    zero_start = p
    labels: list[int | None] = [None] * (3 * len(f.clauses))
    taken = {v: 0 for v in uses}
    zeros = 0
    for i, clause in enumerate(f.clauses):
        for j in range(3):
            if j < len(clause):
                v = abs(clause[j])
                labels[start[v] + taken[v]] = 3 * i + j
                taken[v] += 1
            else:
                labels[zero_start + zeros] = 3 * i + j
                zeros += 1
    return labels  # type: ignore[return-value]


def sorting_layers(labels: Sequence[int]) -> list[tuple[int, ...]]:
    """Odd-even transposition sort of ``labels`` as A.1's ``make_sorting_network``: round t compares the
    pairs (j, j + 1) with j = t mod 2, 2 + t mod 2, ...; each round lists the left positions it swaps; it
    stops as soon as the labels are sorted."""
    a, layers = list(labels), []
    for t in range(len(a)):
        if a == sorted(a):
            break
        swaps = []
        for j in range(t % 2, len(a) - 1, 2):
            if a[j] > a[j + 1]:
                a[j], a[j + 1] = a[j + 1], a[j]
                swaps.append(j)
        layers.append(tuple(swaps))
    return layers


def routing_component(n: int, layers: Sequence[Sequence[int]]) -> Component:
    """The routing for ``n`` signals: the first layer at the bottom, each two gadget rows high."""
    rows: list[list[str | None]] = [[None] * (2 * n - 1) for _ in range(2 * len(layers))]
    for t, swaps in enumerate(layers):
        top = 2 * (len(layers) - 1 - t)
        right_of_swap = {j + 1 for j in swaps}
        for p in range(n):
            if p in swaps:
                for (r, c), g in SWAP.placed(top, 2 * p).items():
                    rows[r][c] = g
            elif p not in right_of_swap:
                for (r, c), g in WIRE.placed(top, 2 * p).items():
                    rows[r][c] = g
    return Component("routing", tuple(tuple(r) for r in rows))


@dataclass(frozen=True)
class Construction:
    """The board and what the certificate maps need: ``gadgets`` by position, ``marks`` the ``!`` cells,
    ``variable_squares`` the x square of each variable in a clause (by variable), the goal ``labels`` and
    the sorting ``layers``."""

    instance: Kurodoko
    gadgets: tuple[tuple[Position, str], ...]
    marks: tuple[Cell, ...]
    variable_squares: tuple[tuple[int, Cell], ...]
    labels: tuple[int, ...]
    layers: tuple[tuple[int, ...], ...]


@lru_cache(maxsize=1)
def variable_square() -> Cell:
    """The x square of the Variable gadget: the one cell where Zero has a clue and Variable none (A.2.2:
    Zero is Variable with its x square given a clue)."""
    v, z = BASE["variable"].cells, BASE["zero"].cells
    (cell,) = [(r, c) for r in range(GADGET_SIZE) for c in range(GADGET_SIZE)
               if v[r][c] is None and z[r][c] is not None and z[r][c].isdigit()]
    return cell


def place_gadgets(f: Formula) -> tuple[dict[Position, str], int, int, list[int], list[tuple[int, ...]]]:
    """The board of section 4.3 as gadget specs by position; its height and width in gadget positions;
    the goal labels; the sorting layers."""
    uses = live_variables(f)
    labels = goal_labels(f)
    layers = sorting_layers(labels)
    n = len(labels)
    depth = max([1, *uses.values()])
    height, width = 2 + 2 * len(layers) + depth, 2 * n - 1
    board: dict[Position, str] = {}

    def put(comp: Component, row: int, col: int) -> None:
        for pos, g in comp.placed(row, col).items():
            if pos in board:
                raise ValueError(f"kurodoko-from-1in3sat: two gadgets at position {pos}")
            board[pos] = g

    for i, clause in enumerate(f.clauses):
        put(clause_component(clause), 0, 6 * i)
    put(routing_component(n, layers), 2, 0)
    bottom, col = 2 + 2 * len(layers), 0
    for k in uses.values():
        put(variable_component(k), bottom, col)
        col += 2 * k
    while col < width:
        put(ZERO, bottom, col)
        col += 2
    return board, height, width, labels, layers


def assemble(board: dict[Position, str], height: int, width: int) -> dict[Cell, str]:
    """The non-blank cells of the combined board (section 4.2): gadget (r, c) cell (i, j) is board cell
    (16 r + i, 16 c + j). Raises ValueError where two gadgets disagree in an overlap, where a border with
    clues faces no gadget or a different border, or where a gadget puts clues on the board's edge."""
    cells: dict[Cell, str] = {}
    grids = {pos: gadget(spec) for pos, spec in board.items()}
    for (gr, gc), g in grids.items():
        for (i, j), v in g.clue_cells().items():
            x = (STEP * gr + i, STEP * gc + j)
            if cells.setdefault(x, v) != v:
                raise ValueError(f"kurodoko-from-1in3sat: {board[(gr, gc)]} at {(gr, gc)} puts {v!r} on cell "
                                 f"{x}, another gadget {cells[x]!r}")
    for (gr, gc), g in grids.items():
        for side, (dr, dc), facing in (("n", (-1, 0), "s"), ("s", (1, 0), "n"), ("w", (0, -1), "e"),
                                       ("e", (0, 1), "w")):
            other = grids.get((gr + dr, gc + dc))
            edge = border(g, side)
            if other is None and any(edge):
                where = "the board edge" if not (0 <= gr + dr < height and 0 <= gc + dc < width) else "no gadget"
                raise ValueError(f"kurodoko-from-1in3sat: {board[(gr, gc)]} at {(gr, gc)} has a port facing {where}")
            if other is not None and edge != border(other, facing):
                raise ValueError(f"kurodoko-from-1in3sat: {board[(gr, gc)]} at {(gr, gc)} and its neighbour at "
                                 f"{(gr + dr, gc + dc)} disagree on their common border")
    return cells


def post_process(cells: dict[Cell, str], rows: int, cols: int) -> Kurodoko:
    """Section 4.4: every ``?`` valued from its rays (``resolve_deferred``), ``!`` cells made plain."""
    values = resolve_deferred(cells, rows, cols)
    return Kurodoko(cols, rows, tuple(sorted((r, c, values[(r, c)] if v == "?" else int(v))
                                             for (r, c), v in cells.items() if v != "!")))


@lru_cache(maxsize=32)
def construct(f: Formula) -> Construction:
    """The board of ``f`` (cached: the certificate maps rebuild it for every solution)."""
    if not f.clauses:
        return Construction(Kurodoko(1, 1, ()), (), (), (), (), ())
    board, height, width, labels, layers = place_gadgets(f)
    rows, cols = STEP * height + 1, STEP * width + 1
    cells = assemble(board, height, width)
    inst = post_process(cells, rows, cols)
    vr, vc = variable_square()
    left_to_right = sorted((p for p, g in board.items() if g == "V"), key=lambda p: p[1])
    squares = tuple((v, (STEP * r + vr, STEP * c + vc))
                    for v, (r, c) in zip(live_variables(f), left_to_right, strict=True))
    marks = tuple(sorted(x for x, v in cells.items() if v == "!"))
    return Construction(inst, tuple(sorted(board.items())), marks, squares, tuple(labels),
                        tuple(layers))


@lru_cache(maxsize=1)
def board_solver(board: Kurodoko, marks: tuple[Cell, ...]) -> KurodokoSolver:
    """One solver for ``board``, shared by the certificate maps and the certificate enumeration (its cuts
    hold for every colouring; everything else they add is switched off after use): Tatham's deductions,
    clues up to :data:`gadgetry.puzzles.kurodoko.EAGER_CLUES` as clauses, the larger ones (the long rays of
    section 4.4) and connectivity by cuts; the ``!`` squares preferred black and every other square white
    (this only steers the search)."""
    return KurodokoSolver(board, prefer_black=marks)


def forward_solution(c: Construction, board: Kurodoko, a: Assignment) -> tuple[Cell, ...]:
    """Section 5.2's solution of ``board`` (``c.instance``, unless a test swaps a gadget) for assignment
    ``a``: ``!`` squares black, x squares by ``a``, and a subset-minimal set of other black squares
    (raises ValueError when no such solution exists)."""
    s = board_solver(board, c.marks)
    fixed = [s.lit(m, True) for m in c.marks] + [s.lit(x, a[v - 1]) for v, x in c.variable_squares]
    sol = s.solve(fixed)
    if sol is None:
        raise ValueError("kurodoko-from-1in3sat: no board solution extends the assignment (section 5.2)")
    keep = set(c.marks) | {x for _v, x in c.variable_squares}
    while True:
        optional = [x for x in sol if x not in keep]
        if not optional:
            return sol
        act = s.fresh()
        s.add([-act] + [s.lit(x, False) for x in optional])
        inside = set(sol)
        smaller = s.solve(fixed + [act] + [s.lit(x, False) for x in board.cells if x not in inside])
        s.add([-act])
        if smaller is None:
            return sol
        sol = smaller


def board_certificates(c: Construction, board: Kurodoko, cap: int) -> Iterator[tuple[Cell, ...]]:
    """Solutions of ``board`` with pairwise distinct colourings of the x squares, every colouring that
    extends to a solution once (at most ``cap``)."""
    return board_solver(board, c.marks).distinct([x for _v, x in c.variable_squares], cap)


class KurodokoFromOneInThreeSat(Reduction):
    """Kolker's reduction; see the module docstring."""

    name = "kurodoko-from-1in3sat"
    source, target = "1in3sat", "kurodoko"
    paper = "Kolker, Kurodoko is NP-Complete, JIP 20(3) 2012"
    section = "sections 4-5, Appendix A.1"
    theorem = "Theorems 3-5"
    claim = Claim("parsimonious", text="on the variable squares")  # see certificate_view
    verify_params = ({"variables": 3, "clauses": 1}, {"variables": 3, "clauses": 2})
    verify_unsat_params: ClassVar[Mapping[str, int]] = {"variables": 3, "clauses": 2}

    def reduce(self, source: Formula) -> Kurodoko:
        return construct(source).instance

    def forward(self, source: Formula, target: Kurodoko, source_solution: Assignment) -> tuple[Cell, ...]:
        return forward_solution(construct(source), target, source_solution)

    def backward(self, source: Formula, target: Kurodoko, target_solution: Any) -> Assignment:
        squares = dict(construct(source).variable_squares)
        black = set(map(tuple, target_solution))
        return tuple(squares.get(v) in black for v in range(1, source.variables + 1))

    def certificate_view(self, source: Formula, target: Kurodoko) -> CertificateView:
        """Certificates: the colours of the x squares of the variables in clauses (black = true)."""
        c = construct(source)
        live = [v for v, _x in c.variable_squares]
        return CertificateView(
            of_source=lambda a: tuple(a[v - 1] for v in live),
            of_target=lambda sol: tuple(x in set(map(tuple, sol)) for _v, x in c.variable_squares),
            solutions=lambda cap: board_certificates(c, target, cap))

    def overhead(self, source: Formula) -> dict[str, int]:
        if not source.clauses:
            return {"width": 1, "height": 1}
        _board, height, width, _labels, _layers = place_gadgets(source)
        return {"width": STEP * width + 1, "height": STEP * height + 1}

    def gadgets(self) -> list[Gadget]:
        """The nine gadgets of section 4.1 with their relations (:mod:`gadgetry.reductions.gadgets.kurodoko`)."""
        return kurodoko_gadgets.gadgets()

    def example(self) -> tuple[Formula, Assignment]:
        """Section 4.3's worked example, the clause (not v2, v1), with v1 = v2 = true."""
        return Formula(2, ((-2, 1),)), (True, True)


REDUCTIONS = [KurodokoFromOneInThreeSat()]
