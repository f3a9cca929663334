"""Witness seed, section 7.4, Theorem 7.4: Witness panels whose only clues are nonrotatable vertical
dominoes are NP-complete, by a reduction from planar rectilinear monotone 3SAT.

What the prose fixes. Properties 1-3 (no two clues vertically adjacent; one clue S in the leftmost column
and none in the rightmost column or the top or bottom two rows; start at S's bottom-left vertex, end cap
at its top-left). The domino tiling reformulation: a solution is a choice, per clue, of the domino over
it ("up") or under it ("down") whose union is one region bounded by a simple cycle; the path is that
cycle minus S's left edge. Variable gadget: 4k clues on a rising diagonal for k occurrences, in blocks of
four, the negative clauses' blocks first (left), then the positive ones'; up = true. Consecutive gadgets:
the next one's first clue two cells right of the previous one's last, a clue in the cell between. Clause
gadget: a row of clues from the left end of its leftmost block to the right end of its rightmost, clause
rows ordered as in the drawing, positive above and negative below the diagonal, any two at least five
rows apart. Leg: of the block's two centre clues, the column of the one whose row parity differs from the
clause row's; clues at every cell of the clause row's parity strictly between, except the one next to the
variable clue. Board: left edge just left of S, three empty cells beyond the extreme clues elsewhere.

What is chosen here. Blocks at a variable follow the x-order of legs the drawing fixes (``layout``).
Clause rows (the prose only asks for five rows between clauses): positive clauses in order of level, then
of right end, each row at least :data:`GAP` rows above the diagonal at its right end and :data:`SPACING`
above the previous positive row; negative clauses mirrored (below the diagonal at their left end). A
variable in no clause gets one block. A clause of the monotone source has distinct variables, so the
Figure 41 formula's clause (not x or not y or not y) is given as (not x or not y).

Reading the assignment. The proof reads each variable from the *first* domino of its gadget, arguing that
switching from up to down mid-gadget never helps. But a switch inside the negative blocks leaves the first
domino up while a negative clause is served through a later, down domino of the same variable: the first
domino then shows a value that falsifies that clause (a slip, docs/slips.md; the test finds such a target
solution). Here a variable is read from the first clue of its first positive block (its last clue when it
has none): up there means every earlier clue is up (down -> up is impossible), so no negative leg is
served; down means every later clue is down, so no positive leg is. That reading is the certificate view.

Counts. Not parsimonious, and the paper claims nothing: which satisfied literal connects each clause, the
legs hanging off the clause, the fillers and the switch point all vary. The certificate view (the readings
above against the source's assignments) is checked for parsimony; ``count_tilings`` counts whole targets.

Solving. The generic Witness encoding is far too big for these panels (thousands of cells with a region
label each), so the view decides the reformulated problem: one up/down variable per clue; overlaps,
pinch vertices and one-cell holes excluded by clauses; a part not joined to S (a minimum vertex cut of
uncovered cells, one of which must be covered) and larger holes refuted lazily by cuts.
Every path it yields is checked by the Witness rule checker. That no panel solution escapes the
reformulation rests on section 7.4's argument (Properties 1-3): the generic encoding could not cross-check
it, its CNF for the smallest panel here (8 x 16 cells) has 115,689 variables and Ganak did not finish.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from pysat.solvers import Solver

from gadgetry.core import CNF, NO_CLAIM, LimitReached, Reduction
from gadgetry.core.gadget import Gadget
from gadgetry.core.reduction import CertificateView
from gadgetry.puzzles.witness.model import MAX_SIDE, Panel, Path, make_panel, poly, regions
from gadgetry.sources.planar_sat import PlanarFormula, layout
from gadgetry.sources.sat import Assignment, Formula

#: Clause rows stand at least this many rows beyond the diagonal at the end of their span (chosen).
GAP = 6
#: Rows between two clause rows on one side (the prose: "at least five cells").
SPACING = 5
#: Empty cells between the extreme clues and the top, bottom and right edges of the board.
MARGIN = 3
DOMINO = poly(((0, 0), (0, 1)))

Cell = tuple[int, int]  # (x, y), y growing upwards, until :func:`panel` turns it into panel cells


@dataclass(frozen=True)
class Layout:
    """The clue cells (y upwards) of the construction and what each is: ``roles[c]`` is ("S",),
    ("var", v, t) (clue t of variable v's diagonal), ("fill", v) (between v and the next gadget),
    ("leg", i, v) or ("clause", i). ``reading[v - 1]`` is the clue variable v is read from."""

    clues: tuple[Cell, ...]
    roles: dict[Cell, tuple]
    reading: tuple[Cell, ...]
    first: tuple[Cell, ...]
    bottom: int
    top: int
    right: int

    @property
    def s(self) -> Cell:
        return self.clues[0]


def blocks(inst: PlanarFormula) -> dict[int, list[int]]:
    """Per variable, the clauses its blocks serve, left to right: negative ones, then positive ones, each
    in the drawing's x-order of legs at that variable."""
    legs = layout(inst).legs
    at: dict[int, list[tuple[int, int, int]]] = {v: [] for v in inst.order}
    pos = {v: p for p, v in enumerate(inst.order)}
    for i, clause in enumerate(inst.formula.clauses):
        ordered = sorted((abs(lit) for lit in clause), key=pos.__getitem__)
        for v, col in zip(ordered, legs[i]):
            at[v].append((inst.sides[i] == "above", col, i))
    return {v: [i for _, _, i in sorted(found)] for v, found in at.items()}


def build(inst: PlanarFormula) -> Layout:
    """The clue layout of Theorem 7.4 (module docstring)."""
    served = blocks(inst)
    roles: dict[Cell, tuple] = {}
    cell_of: dict[tuple[int, int], Cell] = {}  # (variable, clue index) -> cell
    block_at: dict[tuple[int, int], int] = {}  # (clause, variable) -> block index
    x, y = 1, 0
    roles[(0, 0)] = ("S",)
    reading, first = [], []
    for k, v in enumerate(inst.order):
        if k:
            roles[(x, y)] = ("fill", inst.order[k - 1])
            x += 1
        n = max(1, len(served[v]))
        for t in range(4 * n):
            cell_of[(v, t)] = (x + t, y + t)
            roles[(x + t, y + t)] = ("var", v, t)
        for b, i in enumerate(served[v]):
            block_at[(i, v)] = b
        negatives = sum(inst.sides[i] == "below" for i in served[v])
        reading.append((v, cell_of[(v, 4 * negatives if negatives < len(served[v]) else 4 * n - 1)]))
        first.append((v, cell_of[(v, 0)]))
        x, y = x + 4 * n, y + 4 * n - 1
    rows: dict[int, int] = {}
    span: dict[int, tuple[Cell, Cell]] = {}
    for i, clause in enumerate(inst.formula.clauses):
        ends = [cell_of[(abs(lit), 4 * block_at[(i, abs(lit))] + d)] for lit in clause for d in (0, 3)]
        span[i] = (min(ends), max(ends))
    for side, sign in (("above", 1), ("below", -1)):
        mine = [i for i in range(len(inst.formula.clauses)) if inst.sides[i] == side]
        mine.sort(key=lambda i: (inst.levels[i], sign * span[i][sign > 0][0]))
        last = None
        for i in mine:
            row = span[i][sign > 0][1] + sign * GAP
            if last is not None:
                row = sign * max(sign * row, sign * last + SPACING)
            rows[i] = last = row
    for i, clause in enumerate(inst.formula.clauses):
        row, sign = rows[i], 1 if inst.sides[i] == "above" else -1
        (x0, _), (x1, _) = span[i]
        for cx in range(x0, x1 + 1):
            roles[(cx, row)] = ("clause", i)
        for lit in clause:
            v = abs(lit)
            centre = [cell_of[(v, 4 * block_at[(i, v)] + d)] for d in (1, 2)]
            lx, ly = next(c for c in centre if (c[1] - row) % 2)
            for ry in range(ly + 3 * sign, row, 2 * sign):
                roles[(lx, ry)] = ("leg", i, v)
    clues = sorted(roles, key=lambda c: (c != (0, 0), c))
    ys = [c[1] for c in clues]
    return Layout(tuple(clues), roles, tuple(c for _, c in sorted(reading)), tuple(c for _, c in sorted(first)),
                  min(ys) - MARGIN, max(ys) + MARGIN, max(c[0] for c in clues) + MARGIN)


def panel(lay: Layout) -> Panel:
    """The Witness panel: a domino clue on every clue cell, start and end cap on S's left corners."""
    width, height = lay.right + 1, lay.top - lay.bottom + 1
    if max(width, height) > MAX_SIDE:
        raise LimitReached(f"witness-vertical-dominoes-from-planar-monotone-3sat: the panel would be {width} x "
                           f"{height} cells, more than the Witness model's {MAX_SIDE} a side")
    sy = lay.top - lay.s[1]
    return make_panel(width, height, [(0, sy + 1)], [(0, sy)],
                      symbols={(x, lay.top - y): DOMINO for x, y in lay.clues})


# -- the reformulation: up/down per clue, one simply connected union -------------------------------------
def domino(c: Cell, up: bool) -> tuple[Cell, Cell]:
    return (c, (c[0], c[1] + (1 if up else -1)))


def _near(c: Cell) -> list[Cell]:
    x, y = c
    return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]


class Tilings:
    """Up/down choices whose union of dominoes is one region bounded by a simple cycle, found by a SAT
    solver over one variable per clue (True = up). Static clauses: no two dominoes overlap, no pinch (two
    covered cells meeting at a corner only: a 2 x 2 window at a time), no one-cell hole, every domino
    touching another. Lazy cuts: a part not joined to the rest, a hole, each with the clue flips that
    could repair it (module docstring)."""

    def __init__(self, lay: Layout) -> None:
        self.lay = lay
        self.var = {c: k + 1 for k, c in enumerate(lay.clues)}
        #: The clauses known before any cut (over clue variables 1.. and cell variables after them).
        self.static: list[list[int]] = []
        add = self.static.append
        #: For every cell, the (clue, orientation) choices whose domino covers it.
        self.cover: dict[Cell, list[tuple[Cell, bool]]] = {}
        for c in lay.clues:
            for up in (True, False):
                for d in domino(c, up):
                    self.cover.setdefault(d, []).append((c, up))
        for d, ways in self.cover.items():  # at most one domino on a cell
            for (a, ua), (b, ub) in itertools.combinations(ways, 2):
                add([-self.lit(a, ua), -self.lit(b, ub)])
        top = len(self.var)
        self.cov: dict[Cell, int] = {}
        for k, (d, ways) in enumerate(sorted(self.cover.items()), top + 1):  # cov[d] <-> some domino on d
            self.cov[d] = k
            add([-k, *(self.lit(c, up) for c, up in ways)])
            for c, up in ways:
                add([k, -self.lit(c, up)])

        def covered(d: Cell) -> int | None:
            return self.cov.get(d)

        for (x, y) in {(x + dx, y + dy) for x, y in self.cover for dx in (-1, 0) for dy in (-1, 0)}:
            a, b, c, d = (x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)
            for p, q, r, t in ((a, d, b, c), (b, c, a, d)):  # p, q diagonal in, r, t out: a pinch
                if covered(p) and covered(q):
                    add([-self.cov[p], -self.cov[q], *(self.cov[e] for e in (r, t) if covered(e))])
        for h in self.cover:  # a one-cell hole
            ring = [covered(n) for n in _near(h)]
            if all(ring):
                add([self.cov[h], *(-k for k in ring)])
        if len(lay.clues) > 1:
            for c in lay.clues:
                for up in (True, False):
                    cells = domino(c, up)
                    rim = {n for d in cells for n in _near(d)} - set(cells)
                    add([-self.lit(c, up), *(self.lit(o, u) for n in rim for o, u in self.cover.get(n, ()) if o != c)])

        self.solver = Solver("minisat22", bootstrap_with=self.static)

    def lit(self, c: Cell, up: bool) -> int:
        return self.var[c] if up else -self.var[c]

    def separator(self, union: set[Cell], part: set[Cell]) -> list[int]:
        """A clause: some cell of a least set of uncovered cells separating S from the clue cells of
        ``part`` (a minimum vertex cut: augmenting paths, each uncovered cell of capacity one) is covered.
        Any valid choice joins them, through it."""
        sinks = part & set(self.var)
        used: set[Cell] = set()  # uncovered cells carrying flow
        flow: dict[tuple[Cell, Cell], int] = {}  # flow between neighbouring cells (skew-symmetric)

        def search() -> tuple[dict, set[tuple[Cell, int]]]:
            """BFS in the residual graph over (cell, 0 = entering / 1 = leaving)."""
            start = (self.lay.s, 1)
            back: dict = {start: None}
            todo = [start]
            while todo:
                node = todo.pop(0)
                c, side = node
                steps = []
                if side == 0 and (c in union or c not in used):
                    steps.append((c, 1))
                if side == 1 and c not in union and c in used:
                    steps.append((c, 0))  # undo a unit through c
                if side == 1:
                    steps += [(n, 0) for n in _near(c) if n in self.cov]
                if side == 0:
                    steps += [(n, 1) for n in _near(c) if flow.get((n, c), 0) > 0]
                for nxt in steps:
                    if nxt not in back:
                        back[nxt] = node
                        if nxt[1] == 1 and nxt[0] in sinks:
                            return back, {nxt}
                        todo.append(nxt)
            return back, set()

        while True:
            back, found = search()
            if not found:
                break
            node = found.pop()
            while back[node] is not None:
                prev = back[node]
                if prev[0] == node[0]:
                    if node[1] == 1:
                        used.add(node[0])
                    else:
                        used.discard(node[0])
                else:
                    flow[(prev[0], node[0])] = flow.get((prev[0], node[0]), 0) + 1
                    flow[(node[0], prev[0])] = flow.get((node[0], prev[0]), 0) - 1
                node = prev
        near = set(back)
        return [self.cov[c] for c in self.cov if (c, 0) in near and (c, 1) not in near]

    def cuts(self, choice: dict[Cell, bool]) -> list[list[int]]:
        """Clauses excluding this choice and only invalid ones; none when the choice is valid: for a part
        not joined to S, a separator (:meth:`separator`); for a hole, one of its cells is covered or one
        of the covered cells around it is not."""
        union = {d for c, up in choice.items() for d in domino(c, up)}
        parts = components(union, union)
        if len(parts) > 1:
            return [self.separator(union, part) for part in parts if self.lay.s not in part]
        xs, ys = [x for x, _ in union], [y for _, y in union]
        box = {(x, y) for x in range(min(xs) - 1, max(xs) + 2) for y in range(min(ys) - 1, max(ys) + 2)}
        return [[*(self.cov[d] for d in hole if d in self.cov),
                 *(-self.cov[n] for n in {n for d in hole for n in _near(d)} & union)]
                for hole in components(box - union, box - union) if (min(xs) - 1, min(ys) - 1) not in hole]

    def solve(self, assumptions: Sequence[int] = ()) -> dict[Cell, bool] | None:
        """A valid choice under ``assumptions``, or None."""
        while self.solver.solve(assumptions=list(assumptions)):
            model = set(self.solver.get_model())
            choice = {c: v in model for c, v in self.var.items()}
            clauses = self.cuts(choice)
            if not clauses:
                return choice
            for clause in clauses:
                self.solver.add_clause(clause)
        return None

    def distinct(self, cap: int, cells: Sequence[Cell]) -> Iterator[dict[Cell, bool]]:
        """Valid choices differing on ``cells`` (all of them: one per readable certificate for the reading
        clues, every target solution for all clues), at most ``cap``."""
        for _ in range(cap):
            choice = self.solve()
            if choice is None:
                return
            yield choice
            self.solver.add_clause([-self.lit(c, choice[c]) for c in cells])


def components(cells: set[Cell], within: set[Cell]) -> list[set[Cell]]:
    """The side-connected components of ``cells`` (moving inside ``within``)."""
    left, out = set(cells), []
    while left:
        first = left.pop()
        part, todo = {first}, [first]
        while todo:
            for n in _near(todo.pop()):
                if n in left and n in within:
                    left.discard(n)
                    part.add(n)
                    todo.append(n)
        out.append(part)
    return out


def path_of(lay: Layout, choice: dict[Cell, bool]) -> Path:
    """The boundary of the union of dominoes minus S's left edge, from S's bottom-left corner to its
    top-left corner, in panel vertices (y downwards)."""
    union = {d for c, up in choice.items() for d in domino(c, up)}
    nxt: dict[tuple[int, int], tuple[int, int]] = {}
    for x, y in union:  # the boundary counter-clockwise: the union on the left of each edge
        if (x, y - 1) not in union:
            nxt[(x, y)] = (x + 1, y)
        if (x + 1, y) not in union:
            nxt[(x + 1, y)] = (x + 1, y + 1)
        if (x, y + 1) not in union:
            nxt[(x + 1, y + 1)] = (x, y + 1)
        if (x - 1, y) not in union:
            nxt[(x, y + 1)] = (x, y)
    sx, sy = lay.s
    start, end = (sx, sy), (sx, sy + 1)  # S's bottom-left and top-left corners (y upwards)
    out, v = [start], start
    while v != end:
        v = nxt[v]
        out.append(v)
    return tuple((x, lay.top + 1 - y) for x, y in out)


def read(lay: Layout, cells: Sequence[Cell], path: Path) -> tuple[bool, ...]:
    """Whether the cell above each of ``cells`` lies in S's region (its domino is up)."""
    region = next(r for r in regions(panel(lay), path) if (lay.s[0], lay.top - lay.s[1]) in r)
    return tuple((x, lay.top - y - 1) in region for x, y in cells)


class WitnessVerticalDominoesFromPlanarMonotoneThreeSat(Reduction):
    """Theorem 7.4 (module docstring)."""

    name = "witness-vertical-dominoes-from-planar-monotone-3sat"
    source = "planar-monotone-3sat"
    target = "witness"
    paper = "Abel et al., Who witnesses The Witness?"
    section = "7.4"
    theorem = "Theorem 7.4: Witness puzzles with only nonrotatable vertical dominoes are NP-complete"
    claim = NO_CLAIM
    verify_params = ({"variables": 2, "clauses": 2}, {"variables": 3, "clauses": 2})
    verify_unsat_params = {"variables": 3, "clauses": 4}

    def reduce(self, source: PlanarFormula) -> Panel:
        return panel(build(source))

    def forward(self, source: PlanarFormula, target: Panel, source_solution: Assignment) -> Path:
        """The proof's "if" direction: every variable gadget shows its value (all up or all down); the
        rest (which literal connects each clause, the legs and fillers) is completed by the solver."""
        lay = build(source)
        t = Tilings(lay)
        fixed = [t.lit(c, source_solution[r[1] - 1]) for c, r in lay.roles.items() if r[0] == "var"]
        choice = t.solve(fixed)
        if choice is None:
            raise ValueError("no tiling shows this assignment")
        return path_of(lay, choice)

    def backward(self, source: PlanarFormula, target: Panel, target_solution: Path) -> Assignment:
        return read(build(source), build(source).reading, target_solution)

    def certificate_view(self, source: PlanarFormula, target: Panel) -> CertificateView:
        """Certificates: each variable's reading clue up (true) or down."""
        lay = build(source)
        return CertificateView(
            of_source=tuple,
            of_target=lambda path: read(lay, lay.reading, path),
            solutions=lambda cap: (path_of(lay, ch) for ch in Tilings(lay).distinct(cap, lay.reading)))

    def gadgets(self) -> list[Gadget]:
        return [diagonal_gadget()]

    def example(self) -> tuple[PlanarFormula, Assignment]:
        """Figure 41: (x or y or z) and (not x or not y or not z) and (not x or not y), x = y = false,
        z = true (the repeated literal of the third clause merged; module docstring)."""
        return FIGURE_41, (False, False, True)


#: The formula of Figure 41, drawn with x, y, z on the line: the first clause above, the second below
#: around the third (the merged (not x or not y)).
FIGURE_41 = PlanarFormula(Formula(3, ((1, 2, 3), (-1, -2, -3), (-1, -2))), (1, 2, 3),
                          ("above", "below", "below"), (1, 2, 1))


def count_tilings(source: PlanarFormula, cap: int) -> int:
    """The number of target solutions (valid up/down choices), counted up to ``cap``."""
    lay = build(source)
    return sum(1 for _ in Tilings(lay).distinct(cap, lay.clues))


def diagonal_gadget(blocks: int = 2) -> Gadget:
    """Figure 38: S and a variable gadget of ``blocks`` blocks alone. Its clues' dominoes may switch from
    up to down along the diagonal but never from down to up (a pinch); S's domino is free. Checked on the
    reformulation's clauses (no clause or leg: those clauses are all its constraints here)."""
    clues = ((0, 0), *((1 + t, t) for t in range(4 * blocks)))
    lay = Layout(clues, {c: ("var", 1, t - 1) for t, c in enumerate(clues)}, clues[1:2], clues[1:2], -MARGIN,
                 4 * blocks + MARGIN, 4 * blocks + MARGIN)
    ports = tuple(f"u{t}" for t in range(4 * blocks))

    def make() -> tuple[CNF, dict[str, int]]:
        t = Tilings(lay)
        cnf = CNF()
        ids = [cnf.var(("v", k)) for k in range(1, max(t.cov.values()) + 1)]
        for clause in t.static:
            cnf.add([ids[abs(k) - 1] if k > 0 else -ids[abs(k) - 1] for k in clause])
        cnf.project([ids[t.var[lay.s] - 1]])
        return cnf, {p: ids[t.var[c] - 1] for p, c in zip(ports, clues[1:])}

    allowed = [tuple(t < k for t in range(4 * blocks)) for k in range(4 * blocks + 1)]
    return Gadget("variable-diagonal", ports, make, allowed, 2, source="Witness seed, section 7.4, Figure 38")


REDUCTIONS = [WitnessVerticalDominoesFromPlanarMonotoneThreeSat()]
