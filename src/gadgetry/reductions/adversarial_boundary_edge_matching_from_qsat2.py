"""QSAT2 to adversarial-boundary edge matching (Witness seed, appendix A, proof of Lemma 8.5).

The formula becomes a circuit of AND, OR, NOT, FAN-OUT, WIRE, INPUT and OUTPUT cells on a grid; each cell
becomes a set of tiles, one of which sits in the cell's slot. Every circuit tile edge carries a signal T, F
or N (null); top and bottom edges also carry the position (x, y) of the lower cell, the top row's top
edges the column pair x // 2 instead. The first player's swap of top pair i sets x_i (not swapped: the
INPUT tile conducting T fits under the colour (i, T); swapped: F); the second player picks the y INPUT
tiles, the rest of the circuit is forced, and the OUTPUT cell has only a tile taking F: the circuit
region tiles iff f(x, y) is false. Below it a **wasteline** row (unique left/right colours per column,
top colours at the row's positions, bottom the garbage colour g) and a **garbage region** of height
``h_g = 3 ceil(3(t - w h_c) / w) + 4(h_c - 1) + ceil(4 h_c (w - 1) / w)`` (the text's formula, kept):
every circuit tile gets four garbage-collection tiles (one of its colours facing it, g on the other three
sides) and four all-g tiles, so an unused tile closes into a 3 x 3 block; the collection tiles of the used
tiles pair up across the used tiles' contacts into dominoes, less one for each side on the circuit
region's boundary. The first player wins iff exists x forall y f(x, y): the same verdict, so the claim
is parsimonious on the verdict (``first`` or nothing).

What the text fixes and what is chosen here:

- The layout ("an orthogonal layout [PT94]", crossings replaced by a NAND crossover gadget) is chosen:
  a straight-line program (a NOT per variable occurring negated, in line under the INPUT when the variable
  never occurs positively; AND/OR chains over the terms or clauses) laid out one
  gate per band of rows, each signal on its own column: a gate's operands are tapped off their columns
  (FAN-OUT, or a corner at the operand's last use) and run east along a row to the gate's new column.
  Where a tapped signal's row crosses a live column, the cell is a **CROSS** cell: four tiles carrying the
  horizontal and the vertical signal independently. Edge-matching tiles need no crossover gadget: the
  3-XOR / NAND crossover is needed only when cells are limited to three neighbours, which nothing here
  requires. The x INPUT cells are in the top row at columns 2i with their special NULL neighbour at
  2i + 1 (as the text requires); y INPUT cells are in the top row too, further right. Variables in no
  clause get no INPUT cell (f does not depend on them); a constant f is built from a dummy y input
  (v or not v, v and not v). The width is padded with NULL columns to a multiple of 6 (even for the
  swap pairs, a multiple of 3 so that the garbage blocks pack w / 3 to a row as the height formula
  assumes).
- Signed colours: every tile shows ``-id`` on its north and west sides and ``+id`` on its south and east
  sides, so two sides match iff they carry the same colour name.
- **The all-g filler count.** The text's ``w h_g - 9(t - w h_c) - 2(4 w h_c - 2w - 2h_c)`` leaves the
  tile count 2(w + h_c) above the board's area (it counts the collection tiles of the dominoes twice and
  omits the four all-g tiles of each used tile), so no board built by it can be tiled at all; here the
  filler is the area left over, ``w h_g - 9(t - w h_c) - (4 w h_c - 2w - 2h_c) - 4 w h_c`` (see
  :func:`paper_filler`; the test shows the difference).

Rotation (the lemma's second case): the boards here are translation-only; the same board with turnable
tiles behaves the same (a turned tile shows a positive colour north or west, which nothing matches), as
a slow test checks on one formula.

``adversarial-boundary-edge-matching-losing-from-qsat2`` adds the text's losing-strategy guarantee: a
fresh existential variable conjoined with f (in every term of a DNF, as a unit clause of a CNF), so
the move setting it false always loses for the first player (the guarantee Theorems 8.6 and 8.7 start
from); the verdict is unchanged.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from gadgetry.core import Claim, Reduction
from gadgetry.puzzles.edgematching.square_model import EdgeMatching, Tile
from gadgetry.sources.qsat2 import QSAT2

N, T, F = "N", "T", "F"
OPPOSITE = {"n": "s", "e": "w", "s": "n", "w": "e"}
SIDE_INDEX = {"n": 0, "e": 1, "s": 2, "w": 3}
Signal = str
Op = tuple[str, int, int | None]  # (AND | OR | NOT, operand signal, second operand or None)


@dataclass(frozen=True)
class Cell:
    """A circuit cell: its kind, the sides its inputs arrive on and its outputs leave from."""

    kind: str  # NULL WIRE NOT AND OR FANOUT CROSS XIN XNULL YIN OUTPUT
    ins: tuple[str, ...] = ()
    outs: tuple[str, ...] = ()

    def signal_sets(self) -> list[dict[str, Signal]]:
        """One signal per connected side for each tile of the cell (unconnected sides carry N)."""
        k = self.kind
        if k == "NULL":
            return [{}]
        if k == "YIN":
            return [{self.outs[0]: b} for b in (T, F)]
        if k == "XIN":
            return [{"n": b, "s": b} for b in (T, F)]
        if k == "XNULL":
            return [{"n": b} for b in (T, F)]
        if k == "OUTPUT":
            return [{self.ins[0]: F}]
        if k == "CROSS":
            return [{"w": h, "e": h, "n": v, "s": v} for h in (T, F) for v in (T, F)]
        out = []
        for vals in _product(len(self.ins)):
            bits = [b == T for b in vals]
            res = {"WIRE": bits[0], "FANOUT": bits[0], "NOT": not bits[0] if bits else False,
                   "AND": all(bits), "OR": any(bits)}[k]
            sig = {d: b for d, b in zip(self.ins, vals)}
            sig.update({d: T if res else F for d in self.outs})
            out.append(sig)
        return out


def _product(n: int) -> list[tuple[Signal, ...]]:
    if n == 0:
        return [()]
    return [(b, *rest) for b in (T, F) for rest in _product(n - 1)]


@dataclass(frozen=True)
class Layout:
    """The circuit on its grid: ``cells[(x, y)]``, the x INPUT column of each used existential variable,
    the y INPUT column of each used universal variable."""

    width: int
    height: int
    cells: Mapping[tuple[int, int], Cell]
    xcols: Mapping[int, int]
    ycols: Mapping[int, int]


def program(q: QSAT2) -> tuple[list[int], list[int], set[int], list[Op], int]:
    """The straight-line program of f: existential inputs, universal inputs (signal numbers 0.. in that
    order), the inputs negated in line (variables only negative in f: a NOT cell right under the INPUT,
    no column of its own), the gates (each a new signal) and the output signal. Only variables in some
    clause are inputs; a constant f uses a dummy universal input."""
    used = sorted({abs(lit) for c in q.clauses for lit in c})
    negative_only = {abs(lit) for c in q.clauses for lit in c} - {lit for c in q.clauses for lit in c if lit > 0}
    ys = set(q.forall)
    xin, yin = [v for v in used if v not in ys], [v for v in used if v in ys]
    signal = {v: i for i, v in enumerate(xin + yin)}
    ops: list[Op] = []
    negated: dict[int, int] = {}
    n_inputs = len(signal)

    def new(op: Op) -> int:
        ops.append(op)
        return n_inputs + len(ops) - 1

    def lit_signal(lit: int) -> int:
        s = signal[abs(lit)]
        if lit > 0 or abs(lit) in negative_only:
            return s
        if s not in negated:
            negated[s] = new(("NOT", s, None))
        return negated[s]

    inner, outer = ("AND", "OR") if q.matrix == "dnf" else ("OR", "AND")
    parts: list[int | bool] = []
    for c in dict.fromkeys(tuple(dict.fromkeys(c)) for c in q.clauses):  # repeated literals and parts once
        if not c:
            parts.append(inner == "AND")  # the empty term is true, the empty clause false
            continue
        acc = lit_signal(c[0])
        for lit in c[1:]:
            acc = new((inner, acc, lit_signal(lit)))
        parts.append(acc)
    constant = None
    if not parts:
        constant = outer == "AND"
    elif any(p is (outer == "OR") for p in parts if isinstance(p, bool)):
        constant = outer == "OR"  # a true part of a disjunction, a false part of a conjunction
    parts = list(dict.fromkeys(p for p in parts if not isinstance(p, bool)))
    if constant is not None or not parts:  # a constant: v or not v, v and not v, on one input
        value = bool(constant) if constant is not None else outer == "AND"
        xin, yin = (xin[:1], []) if xin else ([], yin[:1] or [0])  # 0: a dummy universal input
        return xin, yin, set(), [("NOT", 0, None), ("OR" if value else "AND", 0, 1)], 2
    acc = parts[0]
    for p in parts[1:]:
        acc = new((outer, acc, p))
    return xin, yin, {signal[v] for v in negative_only}, ops, acc


def layout(q: QSAT2) -> Layout:
    """The grid layout of :func:`program`; see the module docstring."""
    xin, yin, inverted, ops, out = program(q)
    n_inputs = len(xin) + len(yin)
    col: dict[int, int] = {}
    cells: dict[tuple[int, int], Cell] = {}
    for i in range(len(xin)):
        col[i] = 2 * i
        cells[(2 * i, 0)] = Cell("XIN", outs=("s",))
        cells[(2 * i + 1, 0)] = Cell("XNULL")
    for j in range(len(yin)):
        col[len(xin) + j] = 2 * len(xin) + j
        cells[(col[len(xin) + j], 0)] = Cell("YIN", outs=("s",))
    last: dict[int, int] = {}
    for g, (_op, a, b) in enumerate(ops):
        last[a] = g
        if b is not None:
            last[b] = g
    alive = set(range(n_inputs))  # signals whose column carries them down through the next row
    row = 1
    if inverted:
        for s in alive:
            cells[(col[s], row)] = Cell("NOT" if s in inverted else "WIRE", ins=("n",), outs=("s",))
        row += 1
    next_col = max(col.values(), default=-1) + 1

    def tap(s: int, g: int, gate_col: int, gate: Cell) -> None:
        """One row: signal s leaves its column eastwards to ``gate_col``, where ``gate`` sits."""
        nonlocal row
        c = col[s]
        if last[s] == g and s in alive:
            alive.discard(s)
            cells[(c, row)] = Cell("WIRE", ins=("n",), outs=("e",))
        else:
            cells[(c, row)] = Cell("FANOUT", ins=("n",), outs=("s", "e"))
        live_cols = {col[t] for t in alive}
        for x in range(c + 1, gate_col):
            cells[(x, row)] = Cell("CROSS") if x in live_cols else Cell("WIRE", ins=("w",), outs=("e",))
        cells[(gate_col, row)] = gate
        for t in alive:
            if col[t] < c:
                cells[(col[t], row)] = Cell("WIRE", ins=("n",), outs=("s",))
        row += 1

    for g, (op, a, b) in enumerate(ops):
        s, c = n_inputs + g, next_col
        next_col += 1
        col[s] = c
        if b is None:
            tap(a, g, c, Cell("NOT", ins=("w",), outs=("s",)))
        else:
            tap(a, g, c, Cell("WIRE", ins=("w",), outs=("s",)))
            tap(b, g, c, Cell(op, ins=("n", "w"), outs=("s",)))
        alive.add(s)
    cells[(col[out], row)] = Cell("OUTPUT", ins=("n",))
    for t in alive - {out}:
        raise AssertionError(f"signal {t} is never used")
    width = max(6, 6 * math.ceil(next_col / 6))
    height = row + 1
    return Layout(width, height, cells, {v: col[i] for i, v in enumerate(xin)},
                  {v: col[len(xin) + j] for j, v in enumerate(yin)})


@dataclass(frozen=True)
class Built:
    """The board with its parts named: colour names by id, the circuit tiles, the garbage height."""

    board: EdgeMatching
    layout: Layout
    circuit_tiles: tuple[Tile, ...]
    names: tuple[Any, ...]  # names[id - 1] is the colour of id
    garbage_height: int


def garbage_height(w: int, hc: int, t: int) -> int:
    """The text's h_g."""
    return 3 * math.ceil(3 * (t - w * hc) / w) + 4 * (hc - 1) + math.ceil(4 * hc * (w - 1) / w)


def paper_filler(w: int, hc: int, t: int) -> int:
    """The text's count of extra all-g tiles (appendix A), at the text's h_g."""
    return w * garbage_height(w, hc, t) - 9 * (t - w * hc) - 2 * (4 * w * hc - 2 * w - 2 * hc)


def garbage_tiles(w: int, hc: int, t: int) -> int:
    """The garbage region's tiles before the filler: the unused tiles' blocks (9 each), the used tiles'
    collection tiles less the boundary ones, and the used tiles' four all-g tiles."""
    return 9 * (t - w * hc) + (4 * w * hc - 2 * w - 2 * hc) + 4 * w * hc


def garbage_rows(w: int, hc: int, t: int) -> int:
    """The garbage height used: the text's h_g, raised to hold every garbage tile when it falls short."""
    return max(garbage_height(w, hc, t), math.ceil(garbage_tiles(w, hc, t) / w))


def build(q: QSAT2) -> Built:
    """The adversarial-boundary edge-matching board of ``q``; see the module docstring."""
    lay = layout(q)
    w, hc = lay.width, lay.height
    ids: dict[Any, int] = {}

    def cid(name: Any) -> int:
        return ids.setdefault(name, len(ids) + 1)

    g = cid(("g",))

    def tile_of(x: int, y: int, sig: Mapping[str, Signal]) -> Tile:
        """North/west show -id, south/east +id."""
        def s(d: str) -> Signal:
            return sig.get(d, N)
        north = ("top", x // 2, s("n")) if y == 0 else ("pos", x, y, s("n"))
        return (-cid(north), cid(("sig", s("e"))), cid(("pos", x, y + 1, s("s"))), -cid(("sig", s("w"))))

    circuit: list[Tile] = []
    for y in range(hc):
        for x in range(w):
            cell = lay.cells.get((x, y), Cell("NULL"))
            circuit += [tile_of(x, y, sig) for sig in cell.signal_sets()]
    t = len(circuit)
    waste = [(-cid(("pos", x, hc, N)), cid(("waste", x + 1)), g, -cid(("waste", x))) for x in range(w)]
    plain = (-g, g, g, -g)

    def collector(tile: Tile, side: int) -> Tile:
        """The garbage-collection tile facing ``side`` of ``tile``."""
        out = list(plain)
        out[(side + 2) % 4] = -tile[side]
        return tuple(out)  # type: ignore[return-value]

    garbage = Counter()
    for tile in circuit:
        for side in range(4):
            garbage[collector(tile, side)] += 1
        garbage[plain] += 4
    # the circuit region's boundary sides: the used tile there has that colour; one collector goes
    top_colours = {x: ("top", x // 2, N) for x in range(w)}
    for x, c in lay.xcols.items():
        top_colours[c], top_colours[c + 1] = ("top", c // 2, T), ("top", c // 2, F)
    removed = [(0, -cid(name)) for name in top_colours.values()]
    removed += [(3, -cid(("sig", N)))] * hc + [(1, cid(("sig", N)))] * hc
    removed += [(2, cid(("pos", x, hc, N))) for x in range(w)]
    for side, label in removed:
        probe = list(plain)
        probe[side] = label
        key = collector(tuple(probe), side)  # type: ignore[arg-type]
        assert garbage[key] > 0, "a boundary side without its collection tile"
        garbage[key] -= 1
    hg = garbage_rows(w, hc, t)
    garbage[plain] += w * hg - garbage_tiles(w, hc, t)
    tiles = tuple(circuit + waste + sorted(garbage.elements()))
    rows = hc + 1 + hg
    assert len(tiles) == rows * w
    bound: list[tuple[tuple[int, int, str], int]] = []
    for x in range(w):
        bound.append(((0, x, "n"), cid(top_colours[x])))
        bound.append(((rows - 1, x, "s"), -g))
    for y in range(rows):
        left = ("sig", N) if y < hc else ("waste", 0) if y == hc else ("g",)
        right = ("sig", N) if y < hc else ("waste", w) if y == hc else ("g",)
        bound.append(((y, 0, "w"), cid(left)))
        bound.append(((y, w - 1, "e"), -cid(right)))
    names = tuple(sorted(ids, key=ids.__getitem__))
    board = EdgeMatching(rows, w, tiles, "signed", False, tuple(sorted(bound)))
    return Built(board, lay, tuple(circuit), names, hg)


def swaps_of(source: QSAT2, built: Built, x_true: set[int]) -> tuple[bool, ...]:
    """The first player's move for the existential assignment making ``x_true`` true: pair i is swapped
    iff its variable is false (pairs without an x INPUT: not swapped)."""
    out = [False] * (built.board.cols // 2)
    for v, c in built.layout.xcols.items():
        out[c // 2] = v not in x_true
    return tuple(out)


def universal_choice(built: Built, sol: Any) -> set[int]:
    """The universal variables a tiling makes true: the y INPUT tiles in their slots (tiles placed in
    row-major order, ``sol`` as the edge-matching solutions are)."""
    board = built.board
    out = set()
    for v, c in built.layout.ycols.items():
        tile = board.tiles[sol[c][0]]
        if tile[2] == _id(built, ("pos", c, 1, T)):
            out.add(v)
    return out


def _id(built: Built, name: Any) -> int:
    return built.names.index(name) + 1


class AdversarialBoundaryEdgeMatchingFromQsat2(Reduction):
    """Appendix A of the Witness seed; see the module docstring."""

    name = "adversarial-boundary-edge-matching-from-qsat2"
    verify_budget = 3  # boards of hundreds of tiles, a SAT call per move
    source, target = "qsat2", "adversarial-boundary-edge-matching"
    paper = "Abel et al., Who witnesses The Witness?"
    section = "Appendix A"
    theorem = "Lemma 8.5 (adversarial-boundary edge matching is Sigma2-hard), without rotation"
    claim = Claim("parsimonious", text="the same winner")
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = (
        {"exists": 1, "forall": 1, "clauses": 1, "width": 2, "matrix": 1},
        {"exists": 1, "forall": 1, "clauses": 2, "width": 1, "matrix": 1})

    def reduce(self, source: QSAT2) -> EdgeMatching:
        return build(source).board

    def forward(self, source: QSAT2, target: EdgeMatching, source_solution: Any) -> Any:
        return source_solution

    def backward(self, source: QSAT2, target: EdgeMatching, target_solution: Any) -> Any:
        return target_solution

    def example(self) -> tuple[QSAT2, Any]:
        """exists x forall y: x or y: true with x true (x false loses to y false)."""
        return QSAT2(2, (1,), (2,), "dnf", ((1,), (2,))), "first"


def with_losing_move(q: QSAT2) -> QSAT2:
    """exists x, x' forall y: f and x' (x' fresh): the same verdict, and x' false loses."""
    fresh = q.variables + 1
    clauses = tuple((*t, fresh) for t in q.clauses) if q.matrix == "dnf" else q.clauses + ((fresh,),)
    return QSAT2(fresh, (*q.exists, fresh), q.forall, q.matrix, clauses)


class AdversarialBoundaryEdgeMatchingLosingFromQsat2(AdversarialBoundaryEdgeMatchingFromQsat2):
    """Appendix A with the losing-strategy guarantee; see the module docstring."""

    name = "adversarial-boundary-edge-matching-losing-from-qsat2"
    theorem = "Lemma 8.5, even when the first player has a losing strategy (x_{n+1} conjoined)"
    #: one variable before x_{n+1} keeps the boards 6 columns wide (seconds per move)
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = (
        {"exists": 1, "forall": 0, "clauses": 1, "width": 1, "matrix": 1},
        {"exists": 0, "forall": 1, "clauses": 1, "width": 1, "matrix": 1})

    def example(self) -> tuple[QSAT2, Any]:
        """exists x: x, with x_2 conjoined: true with both true (x_2 false loses)."""
        return QSAT2(1, (1,), (), "dnf", ((1,),)), "first"

    def reduce(self, source: QSAT2) -> EdgeMatching:
        return build(with_losing_move(source)).board


REDUCTIONS = [AdversarialBoundaryEdgeMatchingFromQsat2(), AdversarialBoundaryEdgeMatchingLosingFromQsat2()]
