"""Square-tile edge matching on an m x n board (Edge-matching seed, section 1 and Definition 2.1).

An instance (:class:`EdgeMatching`) is ``rows x cols`` tiles, each ``(north, east, south, west)`` (clockwise
from the top), a compatibility ``kind`` and optional boundary colours:

- ``signed``: labels are non-zero ints; touching sides carry ``+a`` and ``-a`` (a == -b);
- ``unsigned``: labels are ints; touching sides carry equal labels (a == b);
- ``lt`` / ``le``: labels are ints; across a vertical contact the left tile's east label is ``<`` (``<=``)
  the right tile's west label, across a horizontal contact the upper tile's south label is ``<`` (``<=``)
  the lower tile's north label (Definition 2.1: directional, smaller on the left / on top).

Placement: each tile goes to one cell, rotated by ``r`` clockwise quarter turns (``r`` in 0..3, only 0 when
``rotations`` is False). Rotated by ``r``, side ``s`` (0 = north, 1 = east, 2 = south, 3 = west) shows
``tile[(s - r) % 4]``: one clockwise turn brings the west label to the north (:func:`rotate`).

Boundary colours ``((row, col, side), colour)`` (sorted, each on the board's perimeter) act as the label of
a virtual neighbour beyond that side: signed, the tile shows ``-colour``; unsigned, ``colour``; ``lt``/``le``,
``colour < label`` on a north or west side and ``label < colour`` on a south or east side (``<=`` for
``le``). Perimeter sides without a colour are unconstrained, as in the paper. The paper's only coloured
boundary is the left side of cell (0, 0) of a 1 x n strip: ``(((0, 0, "w"), c),)``.

**Identity** (what one counted solution is): a tuple over the cells in row-major order of
``(tile index, rotation)``. Tiles are distinguishable by index: identical copies of a tile swapped give
distinct solutions. Rotations of one tile that show identical labels on every side are counted once: the
only rotation allowed is the smallest one showing those labels (:func:`canonical_rotation`; e.g. a tile
``(a, b, a, b)`` takes rotations 0 and 1 only, ``(a, a, a, a)`` rotation 0 only). The checker rejects
non-canonical rotations (rule ``rotation-not-canonical``); :func:`canonical` normalises a solution.
Solution JSON: ``[[tile, rotation], ...]`` in row-major cell order.

Encoding: placement variables ``at[cell, tile]`` and rotation variables ``turn[cell, r]`` (the
projection), exactly one tile and one rotation per cell and one cell per tile, non-canonical (tile,
rotation) pairs excluded; label variables per (cell, side, label) implied by the placements, at most one
per side; for ``lt``/``le`` order variables ``label >= v`` on the receiving side. Every auxiliary is a
function of the placement, so counts are exact (this split form counts about ten times faster with Ganak
than one variable per (cell, tile, rotation)). Format ``e2`` (docs/formats.md): Eternity II text, see
:func:`read_e2`. The polynomial algorithms of section 2 and a transfer-matrix counter are in
:mod:`gadgetry.puzzles.edgematching.square_algorithms`.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from gadgetry.core import (
    CNF,
    VALID,
    Encoding,
    Format,
    Generated,
    InputError,
    Param,
    Problem,
    Verdict,
    invalid,
)
from gadgetry.core.render import render_template
from gadgetry.core.values import int_pairs, is_int
from gadgetry.puzzles.edgematching import square_algorithms as alg
from gadgetry.puzzles.edgematching.square_model import (
    KINDS,
    NAME,
    SIDES,
    EdgeMatching,
    Side,
    Solution,
    Tile,
    allowed_rotations,
    boundary_ok,
    canonical_rotation,
    compatible,
    on_perimeter,
    rotate,
    validate,
)



class EdgeMatchingProblem(Problem):
    """Square-tile edge matching; see the module docstring."""

    name = NAME
    title = "Square-tile edge matching: signed, unsigned, < and <= compatibility, rotations, boundary colours"
    paper = "Bosboom et al., Edge Matching with Inequalities, Triangles, Unknown Shape, and Two Players, " \
            "sections 1-3, Definition 2.1"
    solution_is = ("a placement of every tile (distinguishable by index, identical copies included) on one "
                   "cell with one rotation, rotations showing identical labels counted once, "
                   "every contact and boundary colour compatible")
    params = (Param("rows", 1, 1, 8, "board rows"),
              Param("cols", 3, 1, 40, "board columns"),
              Param("colours", 3, 1, 50, "labels 1..colours (signed: +-1..+-colours)"),
              Param("kind", 0, 0, 4, "0 = drawn at random, 1 signed, 2 unsigned, 3 lt (<), 4 le (<=)"),
              Param("rotations", 2, 0, 2, "0 = fixed orientation, 1 = rotations allowed, 2 = drawn at random"),
              Param("boundary", 1, 0, 20, "at most this many perimeter sides get a boundary colour"),
              Param("left", 0, 0, 1, "1 = exactly one boundary colour, on the west side of cell (0, 0) (the "
                                     "strips of sections 3 and 5); 'boundary' is then ignored"))
    modes = ("planted", "unsat", "unique")
    #: the row-major backtracking (:meth:`brute_force`) counts the reductions' boards of few solutions
    #: in milliseconds where Ganak takes seconds
    independent_counter = "brute-force"
    exhaustive_params = (Param("cells", 2, 1, 2, "largest number of cells"),
                         Param("colours", 2, 1, 2, "labels 1..colours (signed: +-1..+-colours)"))
    mode_params = {"unsat": {"kind": 2, "rows": 1, "cols": 3},
                   "unique": {"kind": 2, "colours": 4, "rows": 2, "cols": 2, "boundary": 3}}

    # -- protocol ----------------------------------------------------------------------------------
    def validate(self, inst: EdgeMatching) -> None:
        validate(inst)

    def check(self, inst: EdgeMatching, sol: Solution) -> Verdict:
        n = inst.rows * inst.cols
        if not isinstance(sol, tuple) or len(sol) != n:
            return invalid("wrong-length", f"a {inst.rows}x{inst.cols} board needs {n} placements")
        used: dict[int, int] = {}
        for i, place in enumerate(sol):
            if not (isinstance(place, tuple) and len(place) == 2 and all(is_int(x) for x in place)):
                return invalid("malformed-placement", f"cell {divmod(i, inst.cols)}: {place!r}")
            t, r = place
            if not 0 <= t < n:
                return invalid("tile-range", f"cell {divmod(i, inst.cols)}: tile {t}")
            if not 0 <= r < 4 or (r and not inst.rotations):
                return invalid("rotation-range", f"cell {divmod(i, inst.cols)}: rotation {r}")
            if canonical_rotation(inst.tiles[t], r) != r:
                return invalid("rotation-not-canonical",
                               f"cell {divmod(i, inst.cols)}: tile {t} shows the same labels at rotation "
                               f"{canonical_rotation(inst.tiles[t], r)}")
            if t in used:
                return invalid("tile-reused", f"tile {t} at cells {divmod(used[t], inst.cols)} and "
                                              f"{divmod(i, inst.cols)}")
            used[t] = i
        shown = [rotate(inst.tiles[t], r) for t, r in sol]
        for r, c in inst.cells:
            here = shown[r * inst.cols + c]
            if c + 1 < inst.cols and not compatible(inst.kind, here[1], shown[r * inst.cols + c + 1][3]):
                return invalid("mismatch-horizontal", f"cells {(r, c)} and {(r, c + 1)}: east {here[1]} "
                                                      f"against west {shown[r * inst.cols + c + 1][3]}")
            if r + 1 < inst.rows and not compatible(inst.kind, here[2], shown[(r + 1) * inst.cols + c][0]):
                return invalid("mismatch-vertical", f"cells {(r, c)} and {(r + 1, c)}: south {here[2]} "
                                                    f"against north {shown[(r + 1) * inst.cols + c][0]}")
        for (r, c, side), colour in inst.boundary:
            label = shown[r * inst.cols + c][SIDES.index(side)]
            if not boundary_ok(inst.kind, side, label, colour):
                return invalid("boundary", f"cell {(r, c)} side {side} shows {label} against boundary colour "
                                           f"{colour}")
        return VALID

    def encode(self, inst: EdgeMatching) -> Encoding:
        cnf = CNF()
        n, width = len(inst.tiles), inst.cols
        rots = [allowed_rotations(t, inst.rotations) for t in inst.tiles]
        turns = range(4) if inst.rotations else range(1)
        at = {(i, t): cnf.var(("at", i, t)) for i in range(n) for t in range(n)}
        turn = {(i, r): cnf.var(("turn", i, r)) for i in range(n) for r in turns} if inst.rotations else {}
        cnf.project([*at.values(), *turn.values()])
        for i in range(n):
            cnf.exactly_one([at[(i, t)] for t in range(n)])
            if turn:
                cnf.exactly_one([turn[(i, r)] for r in turns])
        for t in range(n):
            cnf.exactly_one([at[(i, t)] for i in range(n)])

        def not_placed(i: int, t: int, r: int) -> list[int]:
            """The clause 'tile t is not at cell i turned r'."""
            return [-at[(i, t)]] + ([-turn[(i, r)]] if turn else [])

        for i in range(n):
            for t in range(n):
                cnf.extend(not_placed(i, t, r) for r in turns if r not in rots[t])

        def labels(i: int, s: int) -> dict[int, int]:
            """Label variables of side ``s`` of cell ``i``: each placement implies its label, at most one
            label holds, so exactly the shown label is true."""
            out: dict[int, int] = {}
            for t in range(n):
                for r in rots[t]:
                    v = rotate(inst.tiles[t], r)[s]
                    if v not in out:
                        out[v] = cnf.var(("label", i, s, v))
                    cnf.add(not_placed(i, t, r) + [out[v]])
            cnf.at_most_one(list(out.values()))
            return out

        def exceeding(i: int, s: int, lab: dict[int, int]) -> Callable[[int, bool], int | None]:
            """For ``lt``/``le``: order variables ``ge[k] <-> label(i, s) >= vals[k]``; the returned function
            gives the literal of 'label > a' (strict) or 'label >= a': None when always true, 0 when never."""
            vals = sorted(lab)
            ge = {k: cnf.var(("ge", i, s, vals[k])) for k in range(1, len(vals))}
            for k in range(1, len(vals)):
                cnf.add([-lab[vals[k]], ge[k]])
                cnf.add([-lab[vals[k - 1]], -ge[k]])
                cnf.add([-ge[k], lab[vals[k]]] + ([ge[k + 1]] if k + 1 < len(vals) else []))
                if k + 1 < len(vals):
                    cnf.add([-ge[k + 1], ge[k]])

            def lit(a: int, strict: bool) -> int | None:
                k = next((k for k, v in enumerate(vals) if (v > a if strict else v >= a)), None)
                return 0 if k is None else None if k == 0 else ge[k]
            return lit

        for i in range(n):
            r, c = divmod(i, width)
            for j, s, s2, inside in ((i + 1, 1, 3, c + 1 < width), (i + width, 2, 0, r + 1 < inst.rows)):
                if not inside:
                    continue
                mine, theirs = labels(i, s), labels(j, s2)
                if inst.kind in ("signed", "unsigned"):
                    for a, lab in mine.items():
                        b = -a if inst.kind == "signed" else a
                        cnf.add([-lab] + ([theirs[b]] if b in theirs else []))
                    continue
                above = exceeding(j, s2, theirs)
                for a, lab in mine.items():
                    lit = above(a, inst.kind == "lt")
                    if lit is not None:
                        cnf.add([-lab] + ([lit] if lit else []))
        for (r, c, side), colour in inst.boundary:
            i, s = r * width + c, SIDES.index(side)
            for t in range(n):
                cnf.extend(not_placed(i, t, q) for q in rots[t]
                           if not boundary_ok(inst.kind, side, rotate(inst.tiles[t], q)[s], colour))

        def decode(val: Callable[[int], bool]) -> Solution:
            return tuple((next(t for t in range(n) if val(at[(i, t)])),
                          next((r for r in turns if val(turn[(i, r)])), 0) if turn else 0) for i in range(n))
        return Encoding(cnf, decode)

    def instance_to_json(self, inst: EdgeMatching) -> dict[str, Any]:
        return {"rows": inst.rows, "cols": inst.cols, "kind": inst.kind, "rotations": inst.rotations,
                "tiles": [list(t) for t in inst.tiles],
                "boundary": [[r, c, side, colour] for (r, c, side), colour in inst.boundary]}

    def instance_from_json(self, data: Mapping[str, Any]) -> EdgeMatching:
        shape = (f"{NAME}: an instance is {{'rows': m, 'cols': n, 'kind': 'signed'|'unsigned'|'lt'|'le', "
                 f"'rotations': bool, 'tiles': [[N, E, S, W], ...], 'boundary': [[row, col, side, colour], ...]}}")
        if not isinstance(data, Mapping) or not isinstance(data.get("tiles"), list) or \
                not all(isinstance(t, list) for t in data["tiles"]) or \
                not isinstance(data.get("boundary", []), list) or \
                not all(isinstance(b, list) and len(b) == 4 for b in data.get("boundary", [])):
            raise InputError(shape)
        try:
            bound = tuple(sorted(((b[0], b[1], b[2]), b[3]) for b in data.get("boundary", [])))
        except TypeError:
            raise InputError(shape) from None
        inst = EdgeMatching(data.get("rows"), data.get("cols"),  # type: ignore[arg-type]
                            tuple(tuple(t) for t in data["tiles"]), data.get("kind"),  # type: ignore[arg-type]
                            data.get("rotations", True), bound)
        self.validate(inst)
        return inst

    def solution_to_json(self, inst: EdgeMatching, sol: Solution) -> list[list[int]]:
        return [list(p) for p in sol]

    def solution_from_json(self, inst: EdgeMatching, data: Any) -> Solution:
        pairs = int_pairs(data)
        if pairs is None:
            raise InputError(f"{NAME}: a solution is [[tile, rotation], ...] in row-major cell order")
        return pairs

    def size(self, inst: EdgeMatching) -> dict[str, int]:
        return {"rows": inst.rows, "cols": inst.cols, "tiles": len(inst.tiles),
                "colours": len({abs(x) if inst.kind == "signed" else x for t in inst.tiles for x in t}),
                "boundary": len(inst.boundary)}

    def extra_counters(self) -> dict[str, Callable[[Any], int]]:
        return {"transfer-matrix": alg.count_transfer}

    def counting_method(self, inst: EdgeMatching) -> str:
        """The transfer matrix on boards at most three cells across (1 x 12 with 864,000 solutions in
        0.4 s, where Ganak and enumeration take over 20 s); the portfolio on wider boards."""
        return "transfer-matrix" if min(inst.rows, inst.cols) <= 3 else "portfolio"

    def extra_solvers(self) -> dict[str, Callable[[Any], Any]]:
        """Edge-matching seed Theorem 2.1, Corollary 2.2, Theorem 2.3 and the O(1) x n transfer matrix."""
        return {"theorem-2.1": alg.solve_le, "corollary-2.2": alg.solve_lt_distinct,
                "theorem-2.3": alg.solve_lt_strip, "transfer-matrix": alg.solve_transfer}

    # -- oracle ------------------------------------------------------------------------------------
    def brute_force(self, inst: EdgeMatching) -> Iterator[Solution]:
        """Every assignment of distinct tiles and canonical rotations to the cells in row-major order,
        pruned as soon as a placed tile clashes with its west or north neighbour or a boundary colour;
        each full assignment is kept when :meth:`check` accepts it."""
        n, width = len(inst.tiles), inst.cols
        rots = [allowed_rotations(t, inst.rotations) for t in inst.tiles]
        bmap = inst.boundary_map()
        shown: list[Tile] = []
        sol: list[tuple[int, int]] = []
        free = [True] * n

        def fits(i: int, tile: Tile) -> bool:
            r, c = divmod(i, width)
            if c and not compatible(inst.kind, shown[i - 1][1], tile[3]):
                return False
            if r and not compatible(inst.kind, shown[i - width][2], tile[0]):
                return False
            return all(boundary_ok(inst.kind, s, tile[SIDES.index(s)], bmap[(r, c, s)])
                       for s in SIDES if (r, c, s) in bmap)

        def rec(i: int) -> Iterator[Solution]:
            if i == n:
                out = tuple(sol)
                if self.check(inst, out):
                    yield out
                return
            for t in range(n):
                if not free[t]:
                    continue
                for q in rots[t]:
                    tile = rotate(inst.tiles[t], q)
                    if fits(i, tile):
                        free[t] = False
                        shown.append(tile)
                        sol.append((t, q))
                        yield from rec(i + 1)
                        sol.pop()
                        shown.pop()
                        free[t] = True

        yield from rec(0)

    # -- generation --------------------------------------------------------------------------------
    def _shape(self, params: Mapping[str, int], rng: random.Random) -> tuple[int, int, int, str, bool, int]:
        """Rows, columns, colours, kind, rotations and boundary colours of one draw (drawn unless fixed)."""
        kind = KINDS[params["kind"] - 1] if params["kind"] else rng.choice(KINDS)
        rotations = bool(params["rotations"]) if params["rotations"] < 2 else rng.random() < 0.5
        nbound = rng.randint(0, params["boundary"])
        return params["rows"], params["cols"], params["colours"], kind, rotations, nbound

    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        shape = self._shape(params, rng)
        return Generated(random_instance(*shape, rng, [(0, 0, "w")] if params["left"] else None))

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        shape = self._shape(params, rng)
        return Generated(*plant(*shape, rng, [(0, 0, "w")] if params["left"] else None))

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[EdgeMatching]:
        """Every board of at most ``cells`` cells, every kind, with and without rotations, every multiset
        of tiles over the label alphabet, without a boundary colour or with one on the west side of cell
        (0, 0)."""
        for cells in range(1, params["cells"] + 1):
            shapes = [(r, cells // r) for r in range(1, cells + 1) if cells % r == 0]
            for kind in KINDS:
                alphabet = _alphabet(kind, params["colours"])
                tiles = list(itertools.product(alphabet, repeat=4))
                for rotations in (True, False):
                    for rows, cols in shapes:
                        for chosen in itertools.combinations_with_replacement(tiles, cells):
                            yield EdgeMatching(rows, cols, chosen, kind, rotations)
                            for colour in alphabet:
                                yield EdgeMatching(rows, cols, chosen, kind, rotations, (((0, 0, "w"), colour),))

    def shrink(self, inst: EdgeMatching) -> Iterator[EdgeMatching]:
        """Without one boundary colour; one row or column smaller, keeping the first few subsets of the
        tiles of the new size (and the boundary colours still on the perimeter); without rotations."""
        for k in range(len(inst.boundary)):
            yield EdgeMatching(inst.rows, inst.cols, inst.tiles, inst.kind, inst.rotations,
                               inst.boundary[:k] + inst.boundary[k + 1:])
        for rows, cols in ((inst.rows - 1, inst.cols), (inst.rows, inst.cols - 1)):
            if rows >= 1 and cols >= 1:
                bound = tuple(b for b in inst.boundary if b[0][0] < rows and b[0][1] < cols
                              and on_perimeter(EdgeMatching(rows, cols, (), inst.kind), *b[0]))
                for keep in itertools.islice(itertools.combinations(inst.tiles, rows * cols), 8):
                    yield EdgeMatching(rows, cols, keep, inst.kind, inst.rotations, bound)
        if inst.rotations:
            yield EdgeMatching(inst.rows, inst.cols, inst.tiles, inst.kind, False, inst.boundary)

    # -- formats and rendering ---------------------------------------------------------------------
    def formats(self) -> dict[str, Format]:
        return {"e2": Format("e2", read_e2, write_e2, _looks_like_e2,
                             "Eternity II text: '<cols> [rows]', then one tile per line '<N> <E> <S> <W>'; "
                             "colour 0 = frame (every perimeter side shows 0); signed labels written +a/-a")}

    def render_svg(self, inst: EdgeMatching, solution: Solution | None = None) -> str:
        size = 60
        palette = ["#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#46f0f0", "#f032e6",
                   "#bcf60c", "#fabebe", "#008080", "#e6beff", "#9a6324", "#fffac8", "#800000", "#aaffc3"]

        def fill(label: int) -> str:
            key = abs(label) if inst.kind == "signed" else label
            return "#cccccc" if key == 0 and inst.kind != "signed" else palette[key % len(palette)]

        def text(label: int) -> str:
            return f"{label:+d}" if inst.kind == "signed" else str(label)

        half = size / 2
        triangles = {0: ((0, 0), (size, 0)), 1: ((size, 0), (size, size)), 2: ((size, size), (0, size)),
                     3: ((0, size), (0, 0))}
        offsets = {0: (0, -0.3), 1: (0.3, 0), 2: (0, 0.3), 3: (-0.3, 0)}
        if solution is not None:
            boxes = [((i % inst.cols) * size, (i // inst.cols) * size, rotate(inst.tiles[t], r), str(t))
                     for i, (t, r) in enumerate(solution)]
            width, height = inst.cols * size, inst.rows * size
        else:  # the tiles in a tray, unplaced
            per_row = max(inst.cols, 1)
            boxes = [((k % per_row) * (size + 8), (k // per_row) * (size + 8), tile, str(k))
                     for k, tile in enumerate(inst.tiles)]
            width = per_row * (size + 8)
            height = ((len(inst.tiles) + per_row - 1) // per_row) * (size + 8)
        tiles = []
        for x, y, labels, name in boxes:
            sides = []
            for s in range(4):
                (ax, ay), (bx, by) = triangles[s]
                dx, dy = offsets[s]
                sides.append({"points": f"{x + ax},{y + ay} {x + bx},{y + by} {x + half},{y + half}",
                              "fill": fill(labels[s]), "label": text(labels[s]),
                              "tx": x + half + dx * size, "ty": y + half + dy * size})
            tiles.append({"x": x, "y": y, "sides": sides, "name": name})
        bounds = []
        for (r, c, side), colour in inst.boundary if solution is not None else ():
            x, y = c * size, r * size
            pos = {"n": (x + half, y - 8), "s": (x + half, y + size + 12), "w": (x - 12, y + half),
                   "e": (x + size + 12, y + half)}[side]
            bounds.append({"x": pos[0], "y": pos[1], "label": text(colour)})
        return render_template("edgematching.svg.j2", width=width, height=height, size=size, tiles=tiles,
                               boundary=bounds, placed=solution is not None, kind=inst.kind)


def _alphabet(kind: str, colours: int) -> list[int]:
    if kind == "signed":
        return [s * v for v in range(1, colours + 1) for s in (1, -1)]
    return list(range(1, colours + 1))


def _perimeter(rows: int, cols: int) -> list[Side]:
    out = [(0, c, "n") for c in range(cols)] + [(rows - 1, c, "s") for c in range(cols)]
    out += [(r, 0, "w") for r in range(rows)] + [(r, cols - 1, "e") for r in range(rows)]
    return sorted(out)


def random_instance(rows: int, cols: int, colours: int, kind: str, rotations: bool, nbound: int,
                    rng: random.Random, sides: list[Side] | None = None) -> EdgeMatching:
    """Tiles with labels drawn uniformly from the alphabet, ``nbound`` random perimeter sides coloured
    (or the given ``sides``)."""
    alphabet = _alphabet(kind, colours)
    tiles = tuple(tuple(rng.choice(alphabet) for _ in range(4)) for _ in range(rows * cols))
    if sides is None:
        sides = rng.sample(_perimeter(rows, cols), min(nbound, 2 * (rows + cols)))
    bound = tuple(sorted((s, rng.choice(alphabet)) for s in sides))
    return EdgeMatching(rows, cols, tiles, kind, rotations, bound)  # type: ignore[arg-type]


def plant(rows: int, cols: int, colours: int, kind: str, rotations: bool, nbound: int,
          rng: random.Random, sides: list[Side] | None = None) -> tuple[EdgeMatching, Solution]:
    """A solved board cut into tiles, shuffled and (with rotations) turned at random: the instance and
    the planted solution. Contacts get a compatible pair of labels, perimeter sides random labels, and
    ``nbound`` perimeter sides (or the given ``sides``) a boundary colour agreeing with the planted board."""
    alphabet = _alphabet(kind, colours)
    if kind == "lt" and colours < 2:
        raise InputError(f"{NAME}: a planted < board needs colours >= 2")
    board = [[[rng.choice(alphabet) for _ in range(4)] for _ in range(cols)] for _ in range(rows)]

    def pair() -> tuple[int, int]:
        a = rng.choice(alphabet)
        if kind == "signed":
            return a, -a
        if kind == "unsigned":
            return a, a
        lo, hi = sorted(rng.sample(alphabet, 2)) if kind == "lt" else sorted((a, rng.choice(alphabet)))
        return lo, hi

    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                board[r][c][1], board[r][c + 1][3] = pair()
            if r + 1 < rows:
                board[r][c][2], board[r + 1][c][0] = pair()
    bound = []
    if sides is None:
        sides = rng.sample(_perimeter(rows, cols), min(nbound, 2 * (rows + cols)))
    for r, c, side in sorted(sides):
        label = board[r][c][SIDES.index(side)]
        if kind == "signed":
            colour = -label
        elif kind == "unsigned" or kind == "le":
            colour = label
        else:
            colour = label - 1 if side in "nw" else label + 1
        bound.append(((r, c, side), colour))
    order = list(range(rows * cols))
    rng.shuffle(order)  # order[k] = the cell whose tile becomes tile k
    turns = [rng.randrange(4) if rotations else 0 for _ in order]
    tiles = tuple(rotate(tuple(board[order[k] // cols][order[k] % cols]), -turns[k])  # type: ignore[arg-type]
                  for k in range(len(order)))
    where = {cell: k for k, cell in enumerate(order)}
    sol = tuple((where[i], canonical_rotation(tiles[where[i]], turns[where[i]])) for i in range(rows * cols))
    return EdgeMatching(rows, cols, tiles, kind, rotations, tuple(bound)), sol


# -- Eternity II text (docs/formats.md) -------------------------------------------------------------------

_LABEL = re.compile(r"^[+-]?\d+$")


def read_e2(text: str, options: Mapping[str, str] | None = None) -> EdgeMatching:
    """Eternity II text: a header ``<cols> [rows]`` (rows defaults to cols: Eternity II boards are square),
    then ``cols * rows`` lines ``<N> <E> <S> <W>``; blank lines and ``#`` comments are skipped.

    Colour 0 is the frame colour: when some tile shows 0, every perimeter side must show 0 (boundary
    colour 0 on each), as in Eternity II. Labels written with an explicit sign (``+3``, ``-3``) make the
    instance signed (then there is no frame); otherwise it is unsigned. Rotations are always allowed.
    """
    lines = [ln.split("#", 1)[0].split() for ln in text.splitlines()]
    lines = [ln for ln in lines if ln]
    if not lines or not 1 <= len(lines[0]) <= 2 or not all(x.isdigit() for x in lines[0]):
        raise InputError(f"{NAME}: e2 text starts with a header '<cols> [rows]'")
    cols = int(lines[0][0])
    rows = int(lines[0][1]) if len(lines[0]) == 2 else cols
    if rows < 1 or cols < 1:
        raise InputError(f"{NAME}: e2 board {cols}x{rows} is empty")
    body = lines[1:]
    if len(body) != rows * cols:
        raise InputError(f"{NAME}: e2 board {cols}x{rows} needs {rows * cols} tile lines, found {len(body)}")
    signed = False
    tiles = []
    for k, toks in enumerate(body):
        if len(toks) != 4 or not all(_LABEL.match(x) for x in toks):
            raise InputError(f"{NAME}: e2 tile line {k + 1} is not four integer labels '<N> <E> <S> <W>': "
                             f"{' '.join(toks)[:40]!r}")
        signed |= any(x[0] in "+-" for x in toks)
        tiles.append(tuple(int(x) for x in toks))
    if signed and not all(x[0] in "+-" for toks in body for x in toks):
        raise InputError(f"{NAME}: e2 text mixes signed (+a/-a) and unsigned labels")
    frame = not signed and any(0 in t for t in tiles)
    bound = tuple(((r, c, s), 0) for r, c, s in _perimeter(rows, cols)) if frame else ()
    inst = EdgeMatching(rows, cols, tuple(tiles), "signed" if signed else "unsigned", True,  # type: ignore
                        bound)
    validate(inst)
    return inst


def write_e2(inst: EdgeMatching) -> str:
    if inst.kind not in ("signed", "unsigned") or not inst.rotations:
        raise InputError(f"{NAME}: e2 text holds signed or unsigned puzzles with rotations; this one is "
                         f"{inst.kind}{'' if inst.rotations else ' without rotations'}")
    frame = tuple(((r, c, s), 0) for r, c, s in _perimeter(inst.rows, inst.cols))
    zero = any(0 in t for t in inst.tiles)
    if inst.kind == "unsigned" and not (inst.boundary == () and not zero or inst.boundary == frame and zero):
        raise InputError(f"{NAME}: e2 text has no boundary colours but the frame colour 0 (shown by some "
                         f"tile, on every perimeter side); this instance's boundary does not fit")
    if inst.kind == "signed" and inst.boundary:
        raise InputError(f"{NAME}: e2 text has no boundary colours for signed puzzles")
    fmt = (lambda x: f"{x:+d}") if inst.kind == "signed" else str
    head = f"{inst.cols} {inst.rows}"
    return "\n".join([head] + [" ".join(fmt(x) for x in t) for t in inst.tiles]) + "\n"


def _looks_like_e2(text: str) -> bool:
    """A header of one or two integers, then exactly that many lines of four integer labels."""
    lines = [ln.split("#", 1)[0].split() for ln in text.splitlines()]
    lines = [ln for ln in lines if ln]
    if not lines or not 1 <= len(lines[0]) <= 2 or not all(x.isdigit() for x in lines[0]):
        return False
    cols = int(lines[0][0])
    rows = int(lines[0][1]) if len(lines[0]) == 2 else cols
    return len(lines) == rows * cols + 1 and all(len(ln) == 4 and all(_LABEL.match(x) for x in ln)
                                                 for ln in lines[1:])


PROBLEMS = [EdgeMatchingProblem()]
