"""The nine 17 x 17 Kurodoko gadgets of Kolker, "Kurodoko is NP-Complete" (JIP 2012; the Kurodoko seed),
section 4.1, recovered from the run-length strings of Appendix A.1, with the rotations and mirror of
section 4.2, the port squares of section 4.1, and a gadget check per gadget.

Run-length format (Kurodoko seed, Appendix A.1, ``unpack``): ``a``..``q`` skip 1..17 cells, a digit is a
clue, ``?`` a deferred clue, ``!`` a ray end (a plain cell, black in the intended solution, that stops the
count of a ``?``), ``_`` separates two numbers, spaces are ignored; the string must cover 17 x 17 cells.

Ports (section 4.1 and section 4.2, read together): on each side with the centred border sequence
``? . 2 . ?`` the input square ``d_i`` is the centre-line square just inside the border clue 2 and the
output square ``d_o`` the next one inwards; on the north side ``n_i = (1, 8)``, ``n_o = (2, 8)``. This is
the only placement meeting the three statements of the text: ``x_i`` is adjacent to the clue 2, ``x_o`` is
adjacent to ``x_i`` and of the opposite colour (two blacks break rule 2, two whites break rule 4 at the 2),
and the square just outside the gadget on the centre line (across the 2 from ``d_i``) has the colour of
``d_o``; the Zero gadget's forced black square "in the next-to-top row" (section 5.2) is ``n_i``, so
``n_o`` is white, as ``n_o = 0`` says. Black is 1, white is 0.

Gadget check (section 4.1's relations): the gadget is framed by a free margin of :data:`MARGIN` cells
(the squares of the neighbouring gadgets, whose clues are left out, so the ports are as free as the board
can make them), each ``?`` gets the value section 4.4's post-processing gives it (the count of cells up to
the nearest ``!`` or the frame's edge in each direction, as Appendix A.1's ``fix_deferred_work``), and the
port colourings that extend to a valid colouring of the framed board are computed: rules 1, 2 and 4 by
:mod:`gadgetry.puzzles.kurodoko`'s clauses, rule 3 by that module's connectivity cuts, added under each port
assignment until it is refuted or has a connected model. The CNF of rules 1, 2, 4 plus the collected cuts
(every cut is implied by rule 3) therefore has, projected onto the ports, exactly the feasible port
colourings; :func:`gadgets` wraps it as :class:`~gadgetry.core.gadget.Gadget` objects for ``check_gadget``.

Findings: all nine gadgets come from the appendix strings: six verbatim, Variable and Zero each missing
one empty row in the extraction, Bend with the letter ``l`` extracted as ``1``. All nine, and the variants
in :data:`VARIANT_SPECS`, pass: their feasible port colourings are exactly section 4.1's relations. Appendix
A.1 builds its Sidesplit as ``rotate(flip(ltee))``; the checker shows that grid has its east output
inverted, and the unflipped string turned counterclockwise is the Sidesplit of section 4.1.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gadgetry.core import CNF, InputError
from gadgetry.core.gadget import Gadget
from gadgetry.core.render import render_template
from gadgetry.puzzles.kurodoko import Kurodoko, KurodokoSolver

if TYPE_CHECKING:  # sympy is imported where relations are built (it is slow to import)
    import sympy

GADGET_SIZE = 17
MID = GADGET_SIZE // 2
#: Free cells framing a gadget in its check.
MARGIN = 2
Cell = tuple[int, int]
Rows = tuple[tuple["str | None", ...], ...]

# -- the recovered strings (Kurodoko seed, Appendix A.1, in the appendix's own orientation) ---------------

#: Verbatim (A.1 lines 53-54). Parses to 17 x 17 as printed.
WIRE = ("e!?!2!?!e qq e!?!2!?!e qq e!?!2!?!e qqq "
        "d!2?!3!?2!d qq e!?!2!?!e qq e!?!2!?!e")
#: Verbatim (A.1 lines 56-57; the "# neg" comment line is lost in the extraction, the string is intact):
#: the wire with its row-10 clue 3 replaced by a plain ``? . 2 . ?``, so the chain of 2s in column 8 has
#: one gap of three cells, which flips the signal.
NEGATION = ("e!?!2!?!e qq e!?!2!?!e qq e!?!2!?!e qqq "
            "e!?!2!?!e qq e!?!2!?!e qq e!?!2!?!e")
#: Repaired (A.1 lines 59-60): the printed string ends in 11 ``q`` and covers only 16 rows; one empty row
#: is restored at the bottom (12 ``q``). The lost row is an empty one at the bottom, not one of the first
#: rows: the border chain keeps the two-cell gaps of every other gadget, and the Zero gadget, printed with
#: the same loss, then has its black square "in the next-to-top row" (section 5.2) as the checker confirms.
VARIABLE = "e!?!2!?!e qq d3!?!2!?!3d d3a!c!a3d qqqqqqqqqqqq"
#: Repaired (A.1 lines 62-63): as Variable, one empty bottom row restored (11 ``q`` instead of 10). The 7
#: is Variable's ``x`` square given a clue ("we simply force x to be white", A.2.2).
ZERO = "e!?!2!?!e qq d3!?!2!?!3d d3a!c!a3d h7h qqqqqqqqqqq"
#: Verbatim (A.1 lines 65-67), stored as printed: the appendix keeps the Xor rotated 180 degrees (``X2``:
#: output south, ``xor_d = rotate(rotate(unpack(xor)))`` is the X of the routing swap, section 4.3).
XOR2 = ("qqqq c!d!d!c !b2d2d2b! ?b?d?d?b? !b!d!d!b! "
        "2b4d3d4b2 !b!i!b! ?b?!g!?b? !b4_4a!c!a4_4b! c!i!c "
        "d!2?!3!?2!d qq e!?!2!?!e")
#: Verbatim (A.1 lines 69-71).
CHOICE = ("qqqq c!i!c !b2d!d2b! ?b?d?d?b? !b!d!d!b! "
          "2b4d2d4b2 !b!i!b! ?b?!g!?b? !b4_4a!c!a4_4b! "
          "c!i!c d!2?!4!?2!d qq e!?!2!?!e")
#: Verbatim (A.1 lines 73-75).
SPLIT = ("qqqqq !b!b!c!b!b! ?b?b?c?b?b? "
         "!b!b!c!b!b! 2b2b2c2b2b2 !b!d4d!b! ?b?!g!?b? "
         "!b4_4a!c!a4_4b! c!i!c d!2?!3!?2!d qq e!?!2!?!e")
#: Verbatim (A.1 lines 77-79), stored as printed: the Sidesplit turned clockwise (``S+``: input west,
#: outputs east and south), the orientation in which A.2.6 presents it "to make comparison with the Split
#: gadget easier". S is this string turned counterclockwise. Finding: A.1's code builds the Sidesplit of
#: the swap and of the variable component as ``tee_l = rotate(flip(unpack(ltee)))``; the checker shows
#: that grid (``Sbar2``) has ``n_o = s_i`` but ``e_o = 1 - s_i``. In the swap the two inverted branches
#: cancel in the Xor, but a variable used twice would hand out x and not-x; without the flip the relation
#: ``n_o = e_o = s_i`` of section 4.1 holds.
SIDESPLIT_CW = ("qqqq c!f!f !b2b4c3b!b! ?b?a!2!b?b?b? "
                "!b!b!c!b!b! 2b2b3c2b2b2 !b!d4d!b! ?b?!g!?b? "
                "!b4_4a!c!a4_4b! c!i!c d!2?!2!?2!d qq e!?!2!?!e")
#: Repaired (A.1 lines 81-83, interleaved with the code column beside it): the printed ``1!?b?`` is read
#: as ``l!?b?`` (skip 12: the letter l extracted as the digit 1; a clue 1 is impossible on a board with
#: both sides >= 2 by Theorem 1, and with it the string covers 17 x 17 cells, its row 10 matching the
#: right half of Split's row 10 as "similar to the Split gadget in the lower and right hand parts" says).
BEND = ("qqqq j!f j2b!b! e2!c?b?b? j!b!b! j2b2b2 "
        "e4b4a!b!b! l!?b? d3a!c!a4_4b! m!c d!2?!3!?2!d "
        "qq e!?!2!?!e")

#: Name -> (recovered string, the paper's letter, how the base gadget is obtained from the string).
SOURCES: dict[str, tuple[str, str, str]] = {
    "wire": (WIRE, "W", ""), "negation": (NEGATION, "N", ""), "variable": (VARIABLE, "V", ""),
    "zero": (ZERO, "Z", ""), "xor": (XOR2, "X", "2"), "choice": (CHOICE, "C", ""),
    "split": (SPLIT, "T", ""), "sidesplit": (SIDESPLIT_CW, "S", "+"), "bend": (BEND, "B", ""),
}
#: How each string was recovered (for reports and docs).
PROVENANCE = {"wire": "verbatim", "negation": "verbatim", "variable": "repaired (one empty row restored)",
              "zero": "repaired (one empty row restored)", "xor": "verbatim (printed as X2)",
              "choice": "verbatim", "split": "verbatim", "sidesplit": "verbatim (printed as S+)",
              "bend": "repaired (1 read as l)"}
LETTERS = {letter: name for name, (_s, letter, _o) in SOURCES.items()} | {"L": "sidesplit"}


def unpack(text: str) -> Rows:
    """17 rows of 17 cells from a run-length string (with or without the ``17x17:`` prefix); InputError
    unless it covers exactly 17 x 17 cells (Appendix A.1's ``assert ptr == len(gadget)``)."""
    k = GADGET_SIZE
    body = text.split(":", 1)[1] if ":" in text else text
    if ":" in text and text.split(":", 1)[0].strip() != f"{k}x{k}":
        raise InputError(f"kurodoko gadget: the size prefix must be {k}x{k}")
    cells: list[str | None] = [None] * (k * k)
    ptr = 0
    stream = body.replace(" ", "")
    for i, ch in enumerate(stream):
        if ch == "_":
            continue
        if "a" <= ch <= "q":
            ptr += 1 + ord(ch) - ord("a")
            continue
        if not (ch.isdigit() or ch in "?!"):
            raise InputError(f"kurodoko gadget: bad character {ch!r} in a gadget string")
        if ch.isdigit() and i + 1 < len(stream) and stream[i + 1].isdigit():
            raise InputError("kurodoko gadget: two digits in a row (write 4_4 for two clues)")
        if ptr >= k * k:
            raise InputError(f"kurodoko gadget: the string runs past {k} x {k} cells")
        cells[ptr] = ch
        ptr += 1
    if ptr != k * k:
        raise InputError(f"kurodoko gadget: the string covers {ptr} cells, not {k * k}")
    return tuple(tuple(cells[r * k:(r + 1) * k]) for r in range(k))


def pack(rows: Rows) -> str:
    """The run-length string of a grid (runs of at most 17 blanks, ``_`` between adjacent clues)."""
    out, run, number = [], 0, False
    for ch in itertools.chain.from_iterable(rows):
        if ch is None:
            run += 1
            if run == GADGET_SIZE:
                out.append(chr(ord("a") + run - 1))
                run = 0
            number = False
            continue
        if run:
            out.append(chr(ord("a") + run - 1))
            run = 0
        elif number and ch.isdigit():
            out.append("_")
        out.append(ch)
        number = ch.isdigit()
    if run:
        out.append(chr(ord("a") + run - 1))
    return "".join(out)


# -- grids, rotations, mirror ------------------------------------------------------------------------------

@dataclass(frozen=True)
class GadgetGrid:
    """A 17 x 17 gadget: ``cells[r][c]`` is None (blank), ``"?"``, ``"!"`` (ray end, no clue) or a clue's
    digits. ``name`` is its spec in the paper's notation (``"X+"``, ``"Bbar"``)."""

    name: str
    cells: Rows

    def rotated_ccw(self) -> GadgetGrid:
        """A quarter turn counterclockwise (``G-``): A.1's ``rotate``, ``new[k-1-c][r] = old[r][c]``."""
        k = GADGET_SIZE
        return GadgetGrid(self.name + "-", tuple(tuple(self.cells[c][k - 1 - r] for c in range(k))
                                                 for r in range(k)))

    def rotated_cw(self) -> GadgetGrid:
        """A quarter turn clockwise (``G+``)."""
        k = GADGET_SIZE
        return GadgetGrid(self.name + "+", tuple(tuple(self.cells[k - 1 - c][r] for c in range(k))
                                                 for r in range(k)))

    def rotated_180(self) -> GadgetGrid:
        """A half turn (``G2``)."""
        return GadgetGrid(self.name + "2", tuple(tuple(reversed(row)) for row in reversed(self.cells)))

    def mirrored(self) -> GadgetGrid:
        """Mirrored through a vertical line (``Gbar``): A.1's ``flip``, ``new[r][k-1-c] = old[r][c]``."""
        return GadgetGrid(self.name + "bar", tuple(tuple(reversed(row)) for row in self.cells))

    def clue_cells(self) -> dict[Cell, str]:
        """Every non-blank cell (clues, ``?`` and ``!``) by (row, col)."""
        return {(r, c): v for r, row in enumerate(self.cells) for c, v in enumerate(row) if v is not None}

    def ports(self) -> dict[str, Cell]:
        """The port squares of the sides whose border is ``? . 2 . ?``, by name (``"n_i"``, ``"n_o"``)."""
        out: dict[str, Cell] = {}
        for side in "nwes":
            if border(self, side) == BORDER_PORT:
                out.update({f"{side}_{io}": PORTS[side][io] for io in "io"})
        return out

    def text(self) -> str:
        """The grid as 17 lines (``.`` blank)."""
        return "\n".join("".join(v or "." for v in row) for row in self.cells)


#: The border row or column of a port side, read along the border: the centred ``? . 2 . ?`` of
#: section 4.1, whose two blanks (and the squares flanking the ``?``) are marked ``!`` (black, ray ends).
BORDER_PORT = (None,) * 5 + ("!", "?", "!", "2", "!", "?", "!") + (None,) * 5
BORDER_EMPTY = (None,) * GADGET_SIZE

#: Port squares per side: ``i`` just inside the border clue 2 on the centre line, ``o`` the next square in.
PORTS: dict[str, dict[str, Cell]] = {
    "n": {"i": (1, MID), "o": (2, MID)},
    "s": {"i": (GADGET_SIZE - 2, MID), "o": (GADGET_SIZE - 3, MID)},
    "w": {"i": (MID, 1), "o": (MID, 2)},
    "e": {"i": (MID, GADGET_SIZE - 2), "o": (MID, GADGET_SIZE - 3)},
}
#: The square just outside each side on the centre line (the "true output square", colour of ``d_o``).
OUTSIDE: dict[str, Cell] = {"n": (-1, MID), "s": (GADGET_SIZE, MID), "w": (MID, -1), "e": (MID, GADGET_SIZE)}
#: Where a side goes under a clockwise quarter turn and under the mirror.
CW = {"n": "e", "e": "s", "s": "w", "w": "n"}
MIRROR = {"n": "n", "s": "s", "w": "e", "e": "w"}


def border(g: GadgetGrid, side: str) -> tuple[str | None, ...]:
    """The outermost row or column of ``side``, read left to right or top to bottom."""
    k = GADGET_SIZE
    if side == "n":
        return g.cells[0]
    if side == "s":
        return g.cells[k - 1]
    col = 0 if side == "w" else k - 1
    return tuple(g.cells[r][col] for r in range(k))


def _apply(g: GadgetGrid, ops: str) -> GadgetGrid:
    """``ops``: optional ``bar`` then one of ``+``, ``-``, ``2`` (mirror first, then rotate)."""
    if ops.startswith("bar"):
        g, ops = g.mirrored(), ops[3:]
    turn = {"": lambda x: x, "+": GadgetGrid.rotated_cw, "-": GadgetGrid.rotated_ccw,
            "2": GadgetGrid.rotated_180}
    return turn[ops](g)


def _base(name: str) -> GadgetGrid:
    text, letter, recipe = SOURCES[name]
    raw = GadgetGrid(letter, unpack(text))
    if recipe == "2":  # stored as X2: a half turn gives X
        raw = raw.rotated_180()
    elif recipe == "+":  # stored as S+: a counterclockwise quarter turn gives S
        raw = raw.rotated_ccw()
    return GadgetGrid(letter, raw.cells)


#: The nine gadgets in the orientation of section 4.1 (outputs north, or as the relations say).
BASE: dict[str, GadgetGrid] = {name: _base(name) for name in SOURCES}

_SPEC = re.compile(r"^([A-Za-z])(bar|\u0304)?([+\-2]?)$")


def parse_spec(spec: str) -> tuple[str, bool, str]:
    """(gadget name, mirrored, rotation) of a spec in the paper's notation: a letter W N V Z X C T S B
    (L is accepted for S, Sidesplit), then ``bar`` for the mirror, then ``+``, ``-`` or ``2``."""
    m = _SPEC.match(spec.strip())
    if not m or m.group(1).upper() not in LETTERS:
        raise InputError(f"kurodoko gadget: bad spec {spec!r}; use a letter of {''.join(sorted(LETTERS))} "
                         f"with optional 'bar' and one of + - 2")
    return LETTERS[m.group(1).upper()], bool(m.group(2)), m.group(3)


def gadget(spec: str) -> GadgetGrid:
    """The gadget named ``spec`` in section 4.2's notation: ``"W"``, ``"W+"`` (clockwise), ``"W-"``,
    ``"X2"``, ``"Bbar"``, ``"Bbar+"`` (mirror first, then rotate), ``"T"`` (Split), ``"S"`` (Sidesplit)."""
    name, bar, turn = parse_spec(spec)
    g = _apply(BASE[name], ("bar" if bar else "") + turn)
    letter = SOURCES[name][1]
    return GadgetGrid(letter + ("bar" if bar else "") + turn, g.cells)


def side_map(spec: str) -> dict[str, str]:
    """Where each side of the base gadget lands in ``spec`` (``{"n": "e", ...}`` for a ``+``)."""
    _name, bar, turn = parse_spec(spec)
    out = {}
    for s in "nwes":
        t = MIRROR[s] if bar else s
        for _ in range({"": 0, "+": 1, "2": 2, "-": 3}[turn]):
            t = CW[t]
        out[s] = t
    return out


# -- the check frame ---------------------------------------------------------------------------------------

def resolve_deferred(cells: Mapping[Cell, str], height: int, width: int) -> dict[Cell, int]:
    """The value of every ``?`` (section 4.4; Appendix A.1's ``fix_deferred_work``): the cell itself plus,
    in each direction, the cells before the nearest ``!`` or the board's edge."""
    out = {}
    for (r, c), v in cells.items():
        if v != "?":
            continue
        n = 1
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            y, x = r + dr, c + dc
            while 0 <= y < height and 0 <= x < width and cells.get((y, x)) != "!":
                n += 1
                y, x = y + dr, x + dc
        out[(r, c)] = n
    return out


def framed(g: GadgetGrid, margin: int = MARGIN) -> Kurodoko:
    """``g`` in a free frame of ``margin`` cells, its ``?`` resolved in the frame; gadget cell (r, c) is
    board cell (r + margin, c + margin)."""
    size = GADGET_SIZE + 2 * margin
    cells = {(r + margin, c + margin): v for (r, c), v in g.clue_cells().items()}
    values = resolve_deferred(cells, size, size)
    clues = sorted((r, c, values[(r, c)] if v == "?" else int(v)) for (r, c), v in cells.items() if v != "!")
    return Kurodoko(size, size, tuple(clues))


def _frame(g: GadgetGrid, margin: int = MARGIN) -> KurodokoSolver:
    """The solver of ``g`` :func:`framed`: rules 1, 2, 4 as clauses, rule 3 by connectivity cuts."""
    return KurodokoSolver(framed(g, margin))


def _on_board(colours: Mapping[Cell, bool], margin: int = MARGIN) -> dict[Cell, bool]:
    """Colours of gadget cells as colours of the board cells of :func:`framed`."""
    return {(r + margin, c + margin): b for (r, c), b in colours.items()}


def _port_colourings(g: GadgetGrid) -> list[tuple[tuple[bool, ...], dict[Cell, bool]]]:
    """Every colouring of ``g``'s ports (sorted port names, True black), and it as colours of cells."""
    ports = g.ports()
    names = sorted(ports)
    return [(a, {ports[p]: b for p, b in zip(names, a)}) for a in itertools.product((False, True), repeat=len(names))]


def port_cnf(g: GadgetGrid, margin: int = MARGIN) -> tuple[CNF, dict[str, int]]:
    """The framed gadget's CNF (rules 1, 2, 4 and every connectivity cut needed to decide each port
    colouring), projected onto its port squares, and the variable of each port."""
    with _frame(g, margin) as s:
        for _a, colours in _port_colourings(g):
            s.solve(fixed=_on_board(colours, margin))
    cnf = CNF()
    for i in range(1, s.cnf.nvars + 1):
        name = s.cnf.name_of(i)
        cnf.var(name if name is not None else ("aux", i))
    cnf.extend(s.cnf.clauses + s.cuts)
    port_ids = {p: s.black[(r + margin, c + margin)] for p, (r, c) in sorted(g.ports().items())}
    cnf.project(port_ids.values())
    return cnf, port_ids


def feasible_ports(g: GadgetGrid, margin: int = MARGIN) -> set[tuple[bool, ...]]:
    """The colourings of ``g``'s ports (sorted port names, True black) that extend to a valid colouring of
    the framed board."""
    with _frame(g, margin) as s:
        return {a for a, colours in _port_colourings(g) if s.solve(fixed=_on_board(colours, margin)) is not None}


def opposite_across_border(g: GadgetGrid, margin: int = MARGIN) -> dict[str, bool]:
    """Per port side: whether the square just outside (across the border clue 2) always has the colour
    opposite to ``d_i`` and the same as ``d_o`` (section 4.1, 4.2), over all valid colourings of the frame."""
    out = {}
    with _frame(g, margin) as s:
        for side in sorted({p[0] for p in g.ports()}):
            i, o, x = PORTS[side]["i"], PORTS[side]["o"], OUTSIDE[side]
            out[side] = all(s.solve(fixed=_on_board({x: b, i: b}, margin)) is None
                            and s.solve(fixed=_on_board({x: b, o: not b}, margin)) is None for b in (False, True))
    return out


# -- the stated relations (section 4.1) and the Gadget objects ---------------------------------------------

def _relation(name: str) -> sympy.Basic:
    """Section 4.1's relation of the base gadget ``name`` over its port symbols (black = True)."""
    import sympy

    s = {p: sympy.Symbol(p) for p in ("n_i", "n_o", "w_i", "w_o", "e_i", "e_o", "s_i", "s_o")}
    rel = {
        "wire": sympy.Equivalent(s["n_o"], s["s_i"]),
        "negation": sympy.Equivalent(s["n_o"], sympy.Not(s["s_i"])),
        "variable": sympy.true,
        "zero": sympy.Not(s["n_o"]),
        "xor": sympy.Equivalent(s["n_o"], sympy.Xor(s["e_i"], s["w_i"])),
        "choice": sympy.And(sympy.Or(s["w_i"], s["s_i"], s["e_i"]),
                            *(sympy.Not(sympy.And(a, b)) for a, b in itertools.combinations(
                                (s["w_i"], s["s_i"], s["e_i"]), 2))),
        "split": sympy.And(sympy.Equivalent(s["w_o"], s["s_i"]), sympy.Equivalent(s["e_o"], s["s_i"])),
        "sidesplit": sympy.And(sympy.Equivalent(s["n_o"], s["s_i"]), sympy.Equivalent(s["e_o"], s["s_i"])),
        "bend": sympy.Equivalent(s["e_o"], s["s_i"]),
    }[name]
    return rel


def relation(spec: str) -> sympy.Basic:
    """The relation of the gadget ``spec`` over its port symbols: section 4.1's relation of the base
    gadget carried through the mirror and rotation (section 4.2: ``X+`` has ``n_o = s_i xor e_i``), and
    ``d_i != d_o`` on every port side (section 4.2: the two squares beside a border clue 2)."""
    import sympy

    name, _bar, _turn = parse_spec(spec)
    moved = side_map(spec)
    rename = {sympy.Symbol(f"{d}_{io}"): sympy.Symbol(f"{moved[d]}_{io}") for d in "nwes" for io in "io"}
    rel = _relation(name).xreplace(rename)
    sides = sorted({p[0] for p in gadget(spec).ports()})
    return sympy.And(rel, *(sympy.Xor(sympy.Symbol(f"{d}_i"), sympy.Symbol(f"{d}_o")) for d in sides))


def make_gadget(spec: str, grid: GadgetGrid | None = None) -> Gadget:
    """The gadget check of ``spec`` as a :class:`~gadgetry.core.gadget.Gadget`: ports are the port squares
    (sorted names), the relation is :func:`relation`, one filling per allowed port colouring (the CNF is
    projected onto the ports). ``grid`` replaces the grid (to check a damaged copy)."""
    g = grid or gadget(spec)
    name, _bar, _turn = parse_spec(spec)
    return Gadget(f"kurodoko {spec} ({name})", tuple(sorted(g.ports())), functools.partial(port_cnf, g),
                  relation(spec), 1, source=f"Kurodoko seed, section 4.1 and Appendix A ({PROVENANCE[name]})",
                  meta={"spec": spec, "provenance": PROVENANCE[name]})


#: The base gadgets, in section 4.1's order, by the paper's letter.
SPECS = ("W", "N", "V", "Z", "X", "C", "T", "S", "B")
#: Rotated and mirrored variants checked too (section 4.2's examples and the ones the components use).
VARIANT_SPECS = ("W+", "W-", "X+", "X-", "X2", "Bbar", "Bbar+", "B2", "Sbar", "S+", "T2")


def gadgets(variants: bool = False) -> list[Gadget]:
    """The nine gadgets as Gadget objects (and the rotated/mirrored variants when ``variants``)."""
    return [make_gadget(s) for s in SPECS + (VARIANT_SPECS if variants else ())]



# -- rendering ---------------------------------------------------------------------------------------------

def witness(spec: str, colours: Mapping[str, bool]) -> set[Cell] | None:
    """The black gadget cells of one valid colouring of the framed gadget ``spec`` whose ports take
    ``colours`` (port name -> True for black), or None when none exists."""
    g = gadget(spec)
    ports = g.ports()
    unknown = sorted(set(colours) - set(ports))
    if unknown:
        raise InputError(f"kurodoko gadget: {spec} has no port {unknown[0]!r}; its ports are {sorted(ports)}")
    with _frame(g) as s:
        blacks = s.solve(fixed=_on_board({ports[p]: b for p, b in colours.items()}))
    if blacks is None:
        return None
    k = GADGET_SIZE
    return {(r - MARGIN, c - MARGIN) for r, c in blacks if 0 <= r - MARGIN < k and 0 <= c - MARGIN < k}


def render_gadget_svg(spec: str, colours: Mapping[str, bool] | None = None) -> str:
    """SVG of the gadget ``spec`` (a name of :data:`BASE` or a spec such as ``"X+"``) with its port
    squares circled (inputs blue, outputs orange) and labelled outside the grid; ``!`` squares get a small
    red mark. With ``colours`` (port name -> black), a valid colouring with those port colours is shaded."""
    g = BASE[spec] if spec in BASE else gadget(spec)
    label = g.name
    g_spec = SOURCES[spec][1] if spec in BASE else spec
    black = (witness(g_spec, colours) or set()) if colours is not None else set()
    size, pad = 24, 40
    cells = [{"x": c * size, "y": r * size, "black": (r, c) in black, "ray_end": v == "!",
              "label": v if v not in (None, "!") else ""}
             for r, row in enumerate(g.cells) for c, v in enumerate(row)]
    ports = []
    for name, (r, c) in sorted(g.ports().items()):
        side, io = name.split("_")
        centre = (MID + 0.5) * size
        along = (-0.75 if io == "i" else 0.75) * size  # i and o labels side by side along the border
        far = GADGET_SIZE * size + pad / 2
        away = {"n": -pad / 2, "w": -pad / 2, "s": far, "e": far}
        lx, ly = (centre + along, away[side]) if side in "ns" else (away[side], centre + along)
        ports.append({"name": name, "x": c * size, "y": r * size, "input": io == "i", "lx": lx, "ly": ly})
    return render_template("kurodoko_gadget.svg.j2", width=GADGET_SIZE * size, height=GADGET_SIZE * size,
                           size=size, pad=pad, cells=cells, ports=ports, title=label)
