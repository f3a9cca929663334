"""Rooted shapeless edge matching (Edge-matching seed, section 5, Definition 5.1).

An instance (:class:`ShapelessEdgeMatching`) is n square tiles ``(north, east, south, west)`` (clockwise
from the top, as in :mod:`gadgetry.puzzles.edgematching.square`), a compatibility ``kind`` (``signed``: touching
sides carry ``+a`` and ``-a``; ``unsigned``: equal labels) and a ``root`` tile. Every tile is placed on a
cell of the unbounded grid, turned by ``r`` clockwise quarter turns (side ``s`` shows ``tile[(s - r) % 4]``),
so that the occupied cells are edge-connected and every side touching another tile is compatible; sides
touching no tile are unconstrained. The root tile is fixed at cell (0, 0), unturned: this is the paper's
*rooted* variant, whose solutions are finite in number (no translations or global turns; section 5.2).

**Identity**: a solution is a tuple over the tiles (by index) of ``(row, col, rotation)``, rows growing
southwards. Tiles are distinguishable by index (identical copies swapped give distinct solutions);
rotations of one tile showing identical labels on every side are counted once (the smallest, as in
edge-matching; the checker rejects others, rule ``rotation-not-canonical``). Solution JSON:
``[[row, col, rotation], ...]`` by tile.

Encoding: connected placements of n tiles containing (0, 0) lie in the window of cells at Manhattan
distance at most n - 1 from it. Placement variables ``pos[t, cell]`` and rotation variables ``rot[t, r]``
are the projection; one cell and one canonical rotation per tile, one tile per cell; ``occ[cell]`` is the
disjunction of the placements; a side label that some tile can match gets a label variable implied by the
placements (at most one per side, none on an empty cell), a label no tile can match (the paper's unique
colours U) forbids the neighbouring cell outright; ``reach[cell, k]`` (occupied and joined to (0, 0) by
occupied cells within k steps) is defined by an equivalence and required at k = n - 1 for every occupied
cell. Every auxiliary is a function of the placement, so counts are exact. :meth:`brute_force` grows the
placements from the root cell by Redelmeier's enumeration of connected cell sets, which meets each set
once.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from gadgetry.core import CNF, VALID, Encoding, Generated, InputError, Param, Problem, Verdict, invalid
from gadgetry.core.render import render_template
from gadgetry.core.values import is_int
from gadgetry.puzzles.edgematching.square_model import allowed_rotations, canonical_rotation, rotate

NAME = "shapeless-edge-matching"
KINDS = ("signed", "unsigned")
Tile = tuple[int, int, int, int]
Cell = tuple[int, int]
Solution = tuple[tuple[int, int, int], ...]
#: (row, col) offset of the neighbour beyond side s (0 north, 1 east, 2 south, 3 west).
STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))


@dataclass(frozen=True)
class ShapelessEdgeMatching:
    """n tiles ``(north, east, south, west)``; tile ``root`` is fixed unturned at (0, 0)."""

    tiles: tuple[Tile, ...]
    kind: str  # 'signed' | 'unsigned'
    root: int = 0


def compatible(kind: str, a: int, b: int) -> bool:
    return a == -b if kind == "signed" else a == b


def partner(kind: str, a: int) -> int:
    """The label that matches ``a``."""
    return -a if kind == "signed" else a


def window(n: int) -> list[Cell]:
    """The cells at Manhattan distance at most n - 1 from (0, 0), sorted."""
    k = n - 1
    return [(r, c) for r in range(-k, k + 1) for c in range(-k + abs(r), k - abs(r) + 1)]


def neighbour(cell: Cell, s: int) -> Cell:
    return cell[0] + STEP[s][0], cell[1] + STEP[s][1]


def candidates(inst: ShapelessEdgeMatching) -> list[list[Cell]]:
    """Per tile, the cells it may occupy in some solution (a sound over-approximation, so that the encoding
    stays small; every pruned placement is absent from every solution).

    P is the graph of possible contacts (t, u joined when some label of t matches some label of u). A
    solution's contact graph is a connected spanning subgraph of P, so (1) every bridge of P is a contact
    in every solution: a bridge from a tile of known cell and turn to a tile u that can touch it in only
    one way fixes u's cell and turn (repeated from the root); (2) a simple path of P between tiles t and u
    crosses the blocks on the block-cut tree's path from t to u, inside each block B using at most |B| - 1
    edges, which bounds the Manhattan distance between their cells; (3) a cell beside a fixed tile's side
    that no label matches stays empty."""
    import networkx as nx

    n, kind = len(inst.tiles), inst.kind
    rots = [allowed_rotations(t) for t in inst.tiles]
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from((t, u) for t in range(n) for u in range(t + 1, n)
                         if any(compatible(kind, a, b) for a in inst.tiles[t] for b in inst.tiles[u]))
    fixed: dict[int, tuple[Cell, int]] = {inst.root: ((0, 0), 0)}
    bridges = [tuple(e) for e in nx.bridges(graph)]
    grew = True
    while grew:
        grew = False
        for a, b in bridges + [(b, a) for a, b in bridges]:
            if a not in fixed or b in fixed:
                continue
            shown = rotate(inst.tiles[a], fixed[a][1])
            ways = [(neighbour(fixed[a][0], s), q) for s in range(4) for q in rots[b]
                    if compatible(kind, shown[s], rotate(inst.tiles[b], q)[(s + 2) % 4])]
            if len(ways) == 1:
                fixed[b], grew = ways[0], True
    blocks = [frozenset(c) for c in nx.biconnected_components(graph)]
    tree = nx.Graph()
    tree.add_nodes_from(("tile", t) for t in range(n))
    for block in blocks:
        tree.add_node(block)
        tree.add_edges_from((block, ("tile", t)) for t in block)

    def bound(t: int, u: int) -> int:
        """At least the number of edges of any simple path of P from t to u (n when there is none)."""
        if t == u:
            return 0
        try:
            route = nx.shortest_path(tree, ("tile", t), ("tile", u))
        except nx.NetworkXNoPath:
            return n
        return sum(len(node) - 1 for node in route if isinstance(node, frozenset))

    matchable = {partner(kind, v) for tile in inst.tiles for v in tile}
    taken = {cell for cell, _q in fixed.values()}
    empty = {neighbour(cell, s) for f, (cell, q) in fixed.items() for s in range(4)
             if rotate(inst.tiles[f], q)[s] not in matchable}
    out = []
    for t in range(n):
        if t in fixed:
            out.append([fixed[t][0]])
            continue
        limits = [(cell, bound(f, t)) for f, (cell, _q) in fixed.items()]
        out.append([x for x in window(n) if x not in taken and x not in empty
                    and all(abs(x[0] - c[0]) + abs(x[1] - c[1]) <= d for c, d in limits)])
    return out



class ShapelessEdgeMatchingProblem(Problem):
    """Rooted shapeless edge matching; see the module docstring."""

    name = NAME
    title = "Rooted shapeless edge matching: all tiles in one connected shape, one tile fixed"
    paper = "Bosboom et al., Edge Matching with Inequalities, Triangles, Unknown Shape, and Two Players, " \
            "section 5, Definition 5.1"
    solution_is = ("a placement of every tile (distinguishable by index) on its own grid cell with one "
                   "rotation, rotations showing identical labels counted once, the root tile unturned at (0, 0), "
                   "the cells edge-connected and every contact compatible")
    params = (Param("tiles", 3, 1, 12, "number of tiles"),
              Param("colours", 3, 1, 20, "labels 1..colours (signed: +-1..+-colours)"),
              Param("kind", 0, 0, 2, "0 = drawn at random, 1 signed, 2 unsigned"))
    modes = ("planted", "unsat", "unique")
    exhaustive_params = (Param("tiles", 2, 1, 2, "largest number of tiles"),
                         Param("colours", 1, 1, 2, "labels 1..colours (signed: +-1..+-colours)"))
    mode_params: ClassVar[dict[str, dict[str, int]]] = {"unsat": {"tiles": 3, "colours": 3}, "unique": {"tiles": 3, "colours": 12, "kind": 1}}

    # -- protocol ----------------------------------------------------------------------------------
    def validate(self, inst: ShapelessEdgeMatching) -> None:
        if not isinstance(inst, ShapelessEdgeMatching):
            raise InputError(f"{NAME}: not a shapeless edge-matching instance")
        if inst.kind not in KINDS:
            raise InputError(f"{NAME}: kind must be one of {', '.join(KINDS)}, got {inst.kind!r}")
        if not isinstance(inst.tiles, tuple) or not inst.tiles:
            raise InputError(f"{NAME}: at least one tile is needed")
        for i, tile in enumerate(inst.tiles):
            if not isinstance(tile, tuple) or len(tile) != 4 or not all(is_int(x) for x in tile):
                raise InputError(f"{NAME}: tile {i} is not four integer labels (north, east, south, west)")
            if inst.kind == "signed" and 0 in tile:
                raise InputError(f"{NAME}: tile {i} has label 0; signed labels are non-zero")
        if not is_int(inst.root) or not 0 <= inst.root < len(inst.tiles):
            raise InputError(f"{NAME}: root {inst.root!r} is not a tile index")

    def check(self, inst: ShapelessEdgeMatching, sol: Solution) -> Verdict:
        n = len(inst.tiles)
        if not isinstance(sol, tuple) or len(sol) != n:
            return invalid("wrong-length", f"{n} tiles need {n} placements")
        where: dict[Cell, int] = {}
        for t, place in enumerate(sol):
            if not (isinstance(place, tuple) and len(place) == 3 and all(is_int(x) for x in place)):
                return invalid("malformed-placement", f"tile {t}: {place!r}")
            r, c, q = place
            if not 0 <= q < 4:
                return invalid("rotation-range", f"tile {t}: rotation {q}")
            if canonical_rotation(inst.tiles[t], q) != q:
                return invalid("rotation-not-canonical", f"tile {t} shows the same labels at rotation "
                                                         f"{canonical_rotation(inst.tiles[t], q)}")
            if (r, c) in where:
                return invalid("cell-reused", f"tiles {where[(r, c)]} and {t} on cell {(r, c)}")
            where[(r, c)] = t
        if sol[inst.root] != (0, 0, 0):
            return invalid("root", f"the root tile {inst.root} is at {sol[inst.root]}, not (0, 0) unturned")
        shown = {cell: rotate(inst.tiles[t], sol[t][2]) for cell, t in where.items()}
        for cell, labels in shown.items():
            for s in (1, 2):  # east and south: every contact once
                other = shown.get(neighbour(cell, s))
                if other is not None and not compatible(inst.kind, labels[s], other[(s + 2) % 4]):
                    return invalid("mismatch", f"cells {cell} and {neighbour(cell, s)}: {labels[s]} against "
                                               f"{other[(s + 2) % 4]}")
        seen, todo = {(0, 0)}, [(0, 0)]
        while todo:
            cell = todo.pop()
            for s in range(4):
                nb = neighbour(cell, s)
                if nb in shown and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        if len(seen) != n:
            lost = min(set(shown) - seen)
            return invalid("disconnected", f"cell {lost} (tile {where[lost]}) is not joined to the root")
        return VALID

    def encode(self, inst: ShapelessEdgeMatching) -> Encoding:
        cnf = CNF()
        n, kind = len(inst.tiles), inst.kind
        rots = [allowed_rotations(t) for t in inst.tiles]
        where = candidates(inst)
        cells = sorted({x for t in range(n) for x in where[t]})
        inside = set(cells)
        pos = {(t, x): cnf.var(("pos", t, x)) for t in range(n) for x in where[t]}
        rot = {(t, q): cnf.var(("rot", t, q)) for t in range(n) for q in rots[t] if len(rots[t]) > 1}
        occ = {x: cnf.var(("occ", x)) for x in cells}
        cnf.project([*pos.values(), *rot.values()])
        for t in range(n):
            cnf.exactly_one([pos[(t, x)] for x in where[t]])
            if len(rots[t]) > 1:
                cnf.exactly_one([rot[(t, q)] for q in rots[t]])
        if len(rots[inst.root]) > 1:
            cnf.add([rot[(inst.root, 0)]])
        for x in cells:
            here = [pos[(t, x)] for t in range(n) if (t, x) in pos]
            cnf.at_most_one(here)
            cnf.add([-occ[x], *here])
            cnf.extend([-p, occ[x]] for p in here)

        def placed(t: int, x: Cell, q: int) -> list[int]:
            """The clause 'tile t is not on cell x turned q'."""
            return [-pos[(t, x)]] + ([-rot[(t, q)]] if len(rots[t]) > 1 else [])

        matchable = {partner(kind, v) for tile in inst.tiles for v in tile}
        labels: dict[tuple[Cell, int], dict[int, int]] = {}
        for x in cells:
            for s in range(4):
                nb = neighbour(x, s)
                if nb not in inside:
                    continue
                lab = labels[(x, s)] = {}
                for t in range(n):
                    for q in rots[t] if (t, x) in pos else ():
                        v = rotate(inst.tiles[t], q)[s]
                        if v not in matchable:  # nothing can touch this side: the neighbour stays empty
                            cnf.add(placed(t, x, q) + [-occ[nb]])
                            continue
                        if v not in lab:
                            lab[v] = cnf.var(("label", x, s, v))
                            cnf.add([-lab[v], occ[x]])
                        cnf.add(placed(t, x, q) + [lab[v]])
                cnf.at_most_one(list(lab.values()))
        for (x, s), lab in labels.items():
            if s in (1, 2):  # each contact once, from its west / north cell
                nb = neighbour(x, s)
                theirs = labels[(nb, (s + 2) % 4)]
                for v, var in lab.items():
                    w = partner(kind, v)
                    cnf.add([-var, -occ[nb]] + ([theirs[w]] if w in theirs else []))
        # reach[x, k]: x occupied and joined to (0, 0) through occupied cells within k steps.
        dist = {(0, 0): 0}
        todo = [(0, 0)]
        for x in todo:
            for nb in (neighbour(x, s) for s in range(4)):
                if nb in inside and nb not in dist:
                    dist[nb] = dist[x] + 1
                    todo.append(nb)
        reach: dict[tuple[Cell, int], int] = {}

        def reached(x: Cell, k: int) -> int | None:
            """The literal of reach[x, k]; None when constantly false."""
            if dist.get(x, n) > k:
                return None
            if x == (0, 0):
                return pos[(inst.root, (0, 0))]
            return reach[(x, k)]

        for k in range(1, n):
            for x in cells:
                if x != (0, 0) and dist.get(x, n) <= k:
                    reach[(x, k)] = cnf.var(("reach", x, k))
            for x in cells:
                if x == (0, 0) or dist.get(x, n) > k:
                    continue
                me = reach[(x, k)]
                before = [lit for lit in [reached(x, k - 1)] + [reached(neighbour(x, s), k - 1) for s in range(4)]
                          if lit is not None]
                cnf.add([-me, occ[x]])
                cnf.add([-me, *before])
                cnf.extend([-occ[x], -b, me] for b in before)
        for x in cells:
            if x != (0, 0):
                cnf.add([-occ[x]] + ([reach[(x, n - 1)]] if (x, n - 1) in reach else []))

        def decode(val: Callable[[int], bool]) -> Solution:
            out = []
            for t in range(n):
                x = next(x for x in where[t] if val(pos[(t, x)]))
                q = next(q for q in rots[t] if val(rot[(t, q)])) if len(rots[t]) > 1 else 0
                out.append((x[0], x[1], q))
            return tuple(out)
        return Encoding(cnf, decode)

    def instance_to_json(self, inst: ShapelessEdgeMatching) -> dict[str, Any]:
        return {"kind": inst.kind, "root": inst.root, "tiles": [list(t) for t in inst.tiles]}

    def instance_from_json(self, data: Mapping[str, Any]) -> ShapelessEdgeMatching:
        if not isinstance(data, Mapping) or not isinstance(data.get("tiles"), list) or \
                not all(isinstance(t, list) for t in data["tiles"]):
            raise InputError(f"{NAME}: an instance is {{'kind': 'signed'|'unsigned', 'root': i, "
                             f"'tiles': [[N, E, S, W], ...]}}")
        inst = ShapelessEdgeMatching(tuple(tuple(t) for t in data["tiles"]), data.get("kind"),  # type: ignore
                                     data.get("root", 0))
        self.validate(inst)
        return inst

    def solution_to_json(self, inst: ShapelessEdgeMatching, sol: Solution) -> list[list[int]]:
        return [list(p) for p in sol]

    def solution_from_json(self, inst: ShapelessEdgeMatching, data: Any) -> Solution:
        if not isinstance(data, list) or not all(
                isinstance(p, list) and len(p) == 3 and all(is_int(x) for x in p) for p in data):
            raise InputError(f"{NAME}: a solution is [[row, col, rotation], ...] by tile")
        return tuple((p[0], p[1], p[2]) for p in data)

    def size(self, inst: ShapelessEdgeMatching) -> dict[str, int]:
        return {"tiles": len(inst.tiles),
                "colours": len({abs(x) if inst.kind == "signed" else x for t in inst.tiles for x in t})}

    # -- oracle ------------------------------------------------------------------------------------
    def brute_force(self, inst: ShapelessEdgeMatching) -> Iterator[Solution]:
        """Redelmeier's growth from (0, 0): pop an untried cell, either leave it empty for good or put a
        free tile on it (every canonical rotation compatible with its placed neighbours) and add its new
        neighbours to the untried cells. Each connected set of cells containing (0, 0) is met once, so each
        placement once; every full placement is kept when :meth:`check` accepts it."""
        n, kind = len(inst.tiles), inst.kind
        rots = [allowed_rotations(t) for t in inst.tiles]
        shown: dict[Cell, Tile] = {(0, 0): inst.tiles[inst.root]}
        place: dict[int, tuple[int, int, int]] = {inst.root: (0, 0, 0)}
        seen = {(0, 0), *(neighbour((0, 0), s) for s in range(4))}

        def fits(x: Cell, tile: Tile) -> bool:
            for s in range(4):
                other = shown.get(neighbour(x, s))
                if other is not None and not compatible(kind, tile[s], other[(s + 2) % 4]):
                    return False
            return True

        def grow(untried: list[Cell]) -> Iterator[Solution]:
            if len(place) == n:
                out = tuple(place[t] for t in range(n))
                if self.check(inst, out):
                    yield out
                return
            untried = list(untried)
            while untried:
                x = untried.pop()
                new = [nb for nb in (neighbour(x, s) for s in range(4)) if nb not in seen]
                seen.update(new)
                for t in range(n):
                    if t in place:
                        continue
                    for q in rots[t]:
                        tile = rotate(inst.tiles[t], q)
                        if fits(x, tile):
                            shown[x], place[t] = tile, (x[0], x[1], q)
                            yield from grow(untried + new)
                            del shown[x], place[t]
                seen.difference_update(new)

        yield from grow([neighbour((0, 0), s) for s in range(4)])

    # -- generation --------------------------------------------------------------------------------
    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        n = params["tiles"]
        kind = KINDS[params["kind"] - 1] if params["kind"] else rng.choice(KINDS)
        alphabet = _alphabet(kind, params["colours"])
        tiles = tuple(tuple(rng.choice(alphabet) for _ in range(4)) for _ in range(n))
        return Generated(ShapelessEdgeMatching(tiles, kind, rng.randrange(n)))  # type: ignore[arg-type]

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        kind = KINDS[params["kind"] - 1] if params["kind"] else rng.choice(KINDS)
        return Generated(*plant(params["tiles"], params["colours"], kind, rng))

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[ShapelessEdgeMatching]:
        """Every multiset of at most ``tiles`` tiles over the label alphabet, both kinds, rooted at tile 0."""
        for n in range(1, params["tiles"] + 1):
            for kind in KINDS:
                tiles = list(itertools.product(_alphabet(kind, params["colours"]), repeat=4))
                for chosen in itertools.combinations_with_replacement(tiles, n):
                    yield ShapelessEdgeMatching(chosen, kind)

    def shrink(self, inst: ShapelessEdgeMatching) -> Iterator[ShapelessEdgeMatching]:
        """Without one non-root tile."""
        for k in range(len(inst.tiles)):
            if k != inst.root:
                yield ShapelessEdgeMatching(inst.tiles[:k] + inst.tiles[k + 1:], inst.kind,
                                            inst.root - (k < inst.root))

    # -- rendering ---------------------------------------------------------------------------------
    def render_svg(self, inst: ShapelessEdgeMatching, solution: Solution | None = None) -> str:
        size = 60
        palette = ["#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#46f0f0", "#f032e6",
                   "#bcf60c", "#fabebe", "#008080", "#e6beff", "#9a6324", "#fffac8", "#800000", "#aaffc3"]
        if solution is not None:
            top = min(p[0] for p in solution)
            left = min(p[1] for p in solution)
            boxes = [((c - left) * size, (r - top) * size, rotate(inst.tiles[t], q), str(t))
                     for t, (r, c, q) in enumerate(solution)]
            width = (max(p[1] for p in solution) - left + 1) * size
            height = (max(p[0] for p in solution) - top + 1) * size
        else:
            per_row = min(len(inst.tiles), 8)
            boxes = [((k % per_row) * (size + 8), (k // per_row) * (size + 8), tile, str(k))
                     for k, tile in enumerate(inst.tiles)]
            width = per_row * (size + 8)
            height = ((len(inst.tiles) + per_row - 1) // per_row) * (size + 8)
        half = size / 2
        corners = {0: ((0, 0), (size, 0)), 1: ((size, 0), (size, size)), 2: ((size, size), (0, size)),
                   3: ((0, size), (0, 0))}
        offsets = {0: (0, -0.3), 1: (0.3, 0), 2: (0, 0.3), 3: (-0.3, 0)}
        tiles = []
        for x, y, labels, name in boxes:
            sides = []
            for s in range(4):
                (ax, ay), (bx, by) = corners[s]
                dx, dy = offsets[s]
                key = abs(labels[s]) if inst.kind == "signed" else labels[s]
                sides.append({"points": f"{x + ax},{y + ay} {x + bx},{y + by} {x + half},{y + half}",
                              "fill": palette[key % len(palette)],
                              "label": f"{labels[s]:+d}" if inst.kind == "signed" else str(labels[s]),
                              "tx": x + half + dx * size, "ty": y + half + dy * size})
            tiles.append({"x": x, "y": y, "sides": sides, "name": name})
        return render_template("edgematching.svg.j2", width=width, height=height, size=size, tiles=tiles,
                               boundary=[], placed=solution is not None, kind=f"shapeless, {inst.kind}")


def _alphabet(kind: str, colours: int) -> list[int]:
    if kind == "signed":
        return [s * v for v in range(1, colours + 1) for s in (1, -1)]
    return list(range(1, colours + 1))


def plant(n: int, colours: int, kind: str, rng: random.Random) -> tuple[ShapelessEdgeMatching, Solution]:
    """A random connected shape of n cells grown from (0, 0), compatible labels on its contacts, random
    labels elsewhere; the tiles shuffled and turned at random except the root (the tile on (0, 0)).
    Returns the instance and the planted solution."""
    alphabet = _alphabet(kind, colours)
    shape = [(0, 0)]
    while len(shape) < n:
        x = neighbour(rng.choice(shape), rng.randrange(4))
        if x not in shape:
            shape.append(x)
    labels = {x: [rng.choice(alphabet) for _ in range(4)] for x in shape}
    for x in shape:
        for s in (1, 2):
            nb = neighbour(x, s)
            if nb in labels:
                a = rng.choice(alphabet)
                labels[x][s], labels[nb][(s + 2) % 4] = a, partner(kind, a)
    order = list(range(n))
    rng.shuffle(order)  # order[k] = the cell (index into shape) whose tile becomes tile k
    turns = [rng.randrange(4) if shape[order[k]] != (0, 0) else 0 for k in range(n)]
    tiles = tuple(rotate(tuple(labels[shape[order[k]]]), -turns[k]) for k in range(n))  # type: ignore[arg-type]
    root = order.index(0)
    sol = tuple((shape[order[k]][0], shape[order[k]][1], canonical_rotation(tiles[k], turns[k])) for k in range(n))
    return ShapelessEdgeMatching(tiles, kind, root), sol  # type: ignore[arg-type]


PROBLEMS = [ShapelessEdgeMatchingProblem()]
