"""The pieces of Theorem 5.1 of the Witness seed (section 5: stars only, from the Restricted Squares
Problem) rebuilt so far. The reduction is not registered: see the end of this docstring.

What the prose fixes: with R red and B blue squares the panel uses R + B + 10 colours: black, white,
c1..c4 (cyan), o1..o4 (orange), r1..rR, b1..bB. Every square becomes a star of a colour of its own whose
twin lies outside the simulated board, blue twins on one side of a path piece P and red twins on the
other; six black stars (a group of five and an "extragroup" one ringed by c1..c4, whose twins lie far
right), a white star w beside the group and the other white star ringed by o1..o4 (twins far left) pin
P. Figures 16 and 17, the layout and the analysis of the group, are lost.

The boundary model (:func:`boundary_paths`, :func:`legal`, :func:`pins`; a relaxation of every panel
with these boundary stars): the boundary cells form a circle, the gaps between consecutive cells are the
non-corner boundary vertices. A solution path from a start to an end on the boundary visits boundary
vertices, moving along the boundary or through the interior (a *chord*, to any unvisited vertex,
crossing no earlier chord); two boundary cells share a region iff no chord separates them; a ringed star
lies in the region of one of its ring colours' twins. A placement *pins* when every *legal* path (its
regions hold 0 or 2 black and 0 or 2 white stars) leaves the start on a chord with one end on either
side of the blue twins' arc ``AB`` against the red twins' arc ``AR``. Twins are left unconstrained (their
board partners can be anywhere), so a placement that pins does so whatever the source. The search runs
on circles of 14 to 19 cells (arcs of one to three cells, blanks between the parts): evidence for the
panels' longer arcs, not a proof for them.

What ``bench/witness_stars_pinning_search.py`` found (every position is ours):

- with w beside a run of five black stars (the prose's "group of five contiguous black stars", w
  "adjacent to the group") no start and end on the boundary pin (:data:`PROSE_LAYOUT`);
- with w between the first black star and the other four (:data:`LAYOUT`), the start between the last
  two black stars and the end between the two before pin: every legal path leaves the start inwards,
  and that first chord P ends between the cyan and the orange twins. Then each board star shares its
  twin's region, so P separates the board's blue cells from its red ones, and P's side of the blue
  twins, cut to the board, is a Restricted Squares solution's inside (connected, without hole or pinch:
  P is simple and the red ring reaches the other side) (:func:`backward`).

The panel (:func:`layout`): the source turned so that its gate (the blue ring cell) is on top, its
top-left cell at (x0 + 5 - gx, 4), gx the gate's column; the top row from x0: black, white, black x 4,
the blue twins, the far cyan stars; clockwise on from there the far orange stars, the red twins, blank
cells; the extragroup black star ringed by cyan1..4 in the corridor below the cyan twins, the other
white star ringed by orange1..4 right of it. The intended path (:func:`forward`) goes down from the start
to the gate, round the inside, along the board's top to the end of the cyan twins, up, clockwise round
the boundary, and under the second and third black stars to the end.

Not registered: the general Witness CNF decides none of these panels in minutes (the pinning stars alone
on a 17 x 8 panel: no answer from CaDiCaL, Glucose or MiniSat in 100 s each; the frontier counter: none
in 5 min; SAT with lazy cycle and region cuts: none on the smallest source's panel in 5 min; with the
stars' pairing as dual paths, ``bench/witness_stars_lazy.py --pairs``: none in 15 min), so ``verify``
could not check them; the tests check the forward map with the rule checker
and the boundary model exhaustively.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from gadgetry.puzzles.witness.model import Cell, Panel, Path, Symbol, Vertex, edge, make_panel, regions, star
from gadgetry.puzzles.witness_restricted import BLUE, boundary_path, gate_of

#: The top row's pinning stars from x0: black, white, four black.
GROUP = ("black", "white", "black", "black", "black", "black")
#: The start and end cap: the vertices left of the group's last and last-but-one black stars.
START, END = 5, 4
#: The board's top row (the rows above hold the group and the ringed extragroup black star).
BOARD_Y = 4


def _ring(centre: Cell, middle: str, around: str) -> dict[Cell, Symbol]:
    """A star ringed by four stars of colours ``around1..4`` (above, right, below, left)."""
    x, y = centre
    out = {centre: star(middle)}
    for i, c in enumerate(((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))):
        out[c] = star(f"{around}{i + 1}")
    return out


def boundary_cells(width: int, height: int, first: Cell) -> list[Cell]:
    """The panel's boundary cells clockwise from ``first`` (a top-row cell), y growing downwards."""
    ring = ([(x, 0) for x in range(width)] + [(width - 1, y) for y in range(1, height)]
            + [(x, height - 1) for x in range(width - 2, -1, -1)] + [(0, y) for y in range(height - 2, 0, -1)])
    i = ring.index(first)
    return ring[i:] + ring[:i]


@dataclass(frozen=True)
class Turned:
    """The source turned (counter-clockwise quarter turns) so that its gate is on the top row."""

    board: Panel
    cell: dict[Cell, Cell]  # source cell -> board cell
    vertex: dict[Vertex, Vertex]  # source vertex -> board vertex


def turn(source: Panel) -> Turned:
    gate = gate_of(source)
    w, h = source.width, source.height
    cell = {(x, y): (x, y) for x in range(w) for y in range(h)}
    vertex = {(x, y): (x, y) for x in range(w + 1) for y in range(h + 1)}
    while cell[gate][1] != 0:
        cell = {s: (y, w - 1 - x) for s, (x, y) in cell.items()}
        vertex = {s: (y, w - x) for s, (x, y) in vertex.items()}
        w, h = h, w
    syms = source.symbol_map()
    board = make_panel(w, h, [vertex[source.starts[0]]], [vertex[source.ends[0]]],
                       symbols={cell[c]: s for c, s in syms.items()})
    return Turned(board, cell, vertex)


@dataclass(frozen=True)
class Layout:
    """The stars panel and where its parts are (module docstring)."""

    panel: Panel
    turned: Turned
    origin: Cell  # the board's top-left cell in the panel
    x0: int  # the group's first column
    right_leg: int  # the column of P's end between the cyan and orange twins
    blue_arc: tuple[Cell, ...]
    red_arc: tuple[Cell, ...]

    @property
    def start(self) -> Vertex:
        return (self.x0 + START, 0)

    @property
    def end(self) -> Vertex:
        return (self.x0 + END, 0)

    def to_panel(self, c: Cell) -> Cell:
        return (self.origin[0] + c[0], self.origin[1] + c[1])


def frame(board_width: int, board_height: int, gate_x: int, blue: int, red: int) -> tuple[int, int, int, int, int]:
    """(width, height, x0, board_x, right_leg) of a panel for a turned board of that size, gate column and
    counts of blue and red squares."""
    x0 = max(1, gate_x - START + 1)
    bx = x0 + START - gate_x
    right = x0 + len(GROUP) + blue + 4
    width = max(right + 5, bx + board_width + 1)
    height = BOARD_Y + board_height + 1
    while 2 * (width + height) - 4 - (right - x0) < 4 + red:
        height += 1
    return width, height, x0, bx, right


def pinning_symbols(width: int, height: int, x0: int, blue: int, right: int) -> tuple[dict[Cell, Symbol], list[Cell]]:
    """The pinning stars (group, far cyan twins, ringed extragroup black star, far orange twins, ringed
    white star) and the outer boundary arc clockwise after the far orange twins (where the red twins go)."""
    syms: dict[Cell, Symbol] = {(x0 + i, 0): star(c) for i, c in enumerate(GROUP)}
    cyan = x0 + len(GROUP) + blue
    syms.update({(cyan + i, 0): star(f"cyan{i + 1}") for i in range(4)})
    syms.update(_ring((cyan + 2, 2), "black", "cyan"))
    syms.update(_ring((right + 2, 2), "white", "orange"))
    outer = boundary_cells(width, height, (right, 0))
    syms.update({c: star(f"orange{i + 1}") for i, c in enumerate(outer[:4])})
    return syms, outer[4:]


@lru_cache(maxsize=64)
def layout(source: Panel) -> Layout:
    """The stars panel of ``source`` and where its parts are (module docstring)."""
    t = turn(source)
    board = t.board
    syms = board.symbol_map()
    blue = sorted((c for c, s in syms.items() if s.colour == BLUE), key=lambda c: (c[1], c[0]))
    red = sorted((c for c, s in syms.items() if s.colour != BLUE), key=lambda c: (c[1], c[0]))
    gx = gate_of(board)[0]
    width, height, x0, bx, right = frame(board.width, board.height, gx, len(blue), len(red))
    symbols, outer = pinning_symbols(width, height, x0, len(blue), right)
    blue_arc = tuple((x0 + len(GROUP) + i, 0) for i in range(len(blue)))
    red_arc = tuple(outer[:len(red)])
    for i, c in enumerate(blue):
        symbols[(bx + c[0], BOARD_Y + c[1])] = symbols[blue_arc[i]] = star(f"blue{i + 1}")
    for i, c in enumerate(red):
        symbols[(bx + c[0], BOARD_Y + c[1])] = symbols[red_arc[i]] = star(f"red{i + 1}")
    panel = make_panel(width, height, [(x0 + START, 0)], [(x0 + END, 0)], symbols=symbols)
    return Layout(panel, t, (bx, BOARD_Y), x0, right, blue_arc, red_arc)


def intended_path(lay: Layout, board_path: Path) -> Path:
    """Down from the start to the gate, the board path (turned, from the gate's left outer vertex), along
    the board's top to the right leg, up, clockwise round the boundary to the group, under its second
    and third black stars to the end cap."""
    w, h = lay.panel.width, lay.panel.height
    sx, _ = lay.start
    ox, oy = lay.origin
    inner = [(ox + x, oy + y) for x, y in board_path]
    if inner[0][0] > inner[-1][0]:
        inner.reverse()
    walk = ([(x, 0) for x in range(lay.right_leg + 1, w + 1)] + [(w, y) for y in range(1, h + 1)]
            + [(x, h) for x in range(w - 1, -1, -1)] + [(0, y) for y in range(h - 1, -1, -1)]
            + [(x, 0) for x in range(1, lay.x0 + 3)])
    return (*((sx, y) for y in range(oy)), *inner, *((x, oy) for x in range(inner[-1][0] + 1, lay.right_leg + 1)),
            *((lay.right_leg, y) for y in range(oy - 1, -1, -1)), *walk, (lay.x0 + 2, 1), (lay.x0 + 3, 1),
            (lay.x0 + 4, 1), lay.end)


def on_boundary(panel: Panel, v: Vertex) -> bool:
    return v[0] in (0, panel.width) or v[1] in (0, panel.height)


def first_chord(panel: Panel, path: Path) -> Path:
    """The path from the start to the next boundary vertex, when its first edge leaves the boundary;
    ValueError otherwise."""
    if len(path) < 2 or (on_boundary(panel, path[1]) and edge(path[0], path[1]) in _boundary_edges(panel)):
        raise ValueError("the path does not leave the start inwards")
    for i in range(1, len(path)):
        if on_boundary(panel, path[i]):
            return path[: i + 1]
    raise ValueError("the path's first piece does not come back to the boundary")


def _boundary_edges(panel: Panel) -> frozenset:
    w, h = panel.width, panel.height
    return frozenset([edge((x, 0), (x + 1, 0)) for x in range(w)] + [edge((x, h), (x + 1, h)) for x in range(w)]
                     + [edge((0, y), (0, y + 1)) for y in range(h)] + [edge((w, y), (w, y + 1)) for y in range(h)])


def board_inside(lay: Layout, path: Path) -> set[Cell]:
    """The source cells on the blue twins' side of the path's first chord P; ValueError when P does not
    separate the blue twins from the red ones."""
    chord = first_chord(lay.panel, path)
    side = next(r for r in regions(lay.panel, chord) if lay.blue_arc[0] in r)
    if not set(lay.blue_arc) <= side or side & set(lay.red_arc):
        raise ValueError("the first chord does not separate the blue twins from the red twins")
    back = {b: s for s, b in lay.turned.cell.items()}
    return {back[(x - lay.origin[0], y - lay.origin[1])] for x, y in side
            if (x - lay.origin[0], y - lay.origin[1]) in back}


def forward(source: Panel, source_solution: Path) -> Path:
    """The stars panel's intended path for a Restricted Squares solution (module docstring)."""
    lay = layout(source)
    return intended_path(lay, tuple(lay.turned.vertex[v] for v in source_solution))


def backward(source: Panel, path: Path) -> Path:
    """The Restricted Squares solution a stars path shows: the boundary of the board cells on the blue
    twins' side of its first chord."""
    return boundary_path(source, board_inside(layout(source), tuple(map(tuple, path))))


# -- the boundary model ------------------------------------------------------------------------------
#: The chosen boundary, clockwise from the group (``b`` black, ``w`` white, ``AB`` / ``AR`` blue / red
#: twins, ``C`` / ``O`` far cyan / orange twins, ``n`` blank), and the prose's (w beside five black stars).
LAYOUT = "b w b b b b AB AB C C O O AR AR".split()
PROSE_LAYOUT = "w b b b b b AB AB C C O O AR AR".split()


def chosen_ends(tokens: Sequence[str]) -> tuple[int, int]:
    """The chosen start and end gaps (gap g lies before cell g): left of the last and last-but-one black
    stars after the white one."""
    i = list(tokens).index("w")
    return i + 4, i + 3


def faces(n: int, chords: Sequence[tuple[int, int]]) -> list[int]:
    """Each boundary cell's region (a representative cell) for the chords (gap pairs) on a circle of n
    cells."""
    parent = list(range(n))

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    def union(a: int, b: int) -> None:
        parent[find(a % n)] = find(b % n)

    ends = {g for c in chords for g in c}
    for g in range(n):
        if g not in ends:
            union(g - 1, g)
    for a, b in chords:
        union(a - 1, b)
        union(a, b - 1)
    return [find(c) for c in range(n)]


def _crosses(a: int, b: int, c: int, d: int) -> bool:
    lo, hi = min(a, b), max(a, b)
    return (lo < c < hi) != (lo < d < hi)


def boundary_paths(n: int, start: int, end: int) -> Iterator[list[tuple[int, int]]]:
    """Every path's chords, in path order, from gap ``start`` to gap ``end`` on a circle of n cells."""
    chords: list[tuple[int, int]] = []
    seen = {start}
    inward: set[int] = set()

    def go(v: int) -> Iterator[list[tuple[int, int]]]:
        if v == end:
            yield list(chords)
            return
        for u in ((v + 1) % n, (v - 1) % n):
            if u not in seen:
                seen.add(u)
                yield from go(u)
                seen.discard(u)
        if v in inward:
            return
        for u in range(n):
            if u in seen or any(_crosses(v, u, a, b) for a, b in chords):
                continue
            seen.add(u)
            chords.append((v, u))
            inward.update((v, u))
            yield from go(u)
            inward.difference_update((v, u))
            chords.pop()
            seen.discard(u)

    yield from go(start)


def legal(tokens: Sequence[str], chords: Sequence[tuple[int, int]]) -> bool:
    """Every region holds 0 or 2 black and 0 or 2 white stars, the ringed black star in the region of some
    ``C`` cell and the ringed white one in that of some ``O`` cell."""
    f = faces(len(tokens), chords)
    black: dict[int, int] = {}
    white: dict[int, int] = {}
    for c, t in enumerate(tokens):
        if t == "b":
            black[f[c]] = black.get(f[c], 0) + 1
        if t == "w":
            white[f[c]] = white.get(f[c], 0) + 1
    cfaces = {f[c] for c, t in enumerate(tokens) if t == "C"}
    ofaces = {f[c] for c, t in enumerate(tokens) if t == "O"}
    for cb, co in itertools.product(cfaces, ofaces):
        bl, wh = dict(black), dict(white)
        bl[cb] = bl.get(cb, 0) + 1
        wh[co] = wh.get(co, 0) + 1
        if all(v in (0, 2) for v in bl.values()) and all(v in (0, 2) for v in wh.values()):
            return True
    return False


def _gap_arc(n: int, a: int, b: int) -> set[int]:
    """Gaps a, a + 1, ..., b (mod n)."""
    out, g = {a % n}, a % n
    while g != b % n:
        g = (g + 1) % n
        out.add(g)
    return out


def separating(tokens: Sequence[str], chord: tuple[int, int]) -> bool:
    """Whether the chord has one end between the last ``AB`` cell and the first ``AR`` cell (clockwise)
    and the other between the last ``AR`` cell and the first ``AB`` cell."""
    n = len(tokens)
    ab = [c for c, t in enumerate(tokens) if t == "AB"]
    ar = [c for c, t in enumerate(tokens) if t == "AR"]
    s1, s2 = _gap_arc(n, ab[-1] + 1, ar[0]), _gap_arc(n, ar[-1] + 1, ab[0])
    a, b = chord
    return (a in s1 and b in s2) or (a in s2 and b in s1)


def pins(tokens: Sequence[str], start: int, end: int) -> tuple[bool, list[tuple[int, int]] | None, int]:
    """Whether every legal path's first chord leaves the start and separates the twins' arcs: (pins, a
    legal path's chords where it does not, or None; the number of legal paths). No legal path: no pin."""
    count = 0
    for chords in boundary_paths(len(tokens), start, end):
        if legal(tokens, chords):
            count += 1
            if not chords or chords[0][0] != start or not separating(tokens, chords[0]):
                return False, chords, count
    return count > 0, None, count
