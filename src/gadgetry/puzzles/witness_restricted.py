"""The Restricted Squares Problem (Witness seed, section 4.2, Problem 1): Witness panels with squares of two
colours (red and blue) only, a square in every cell of the outer ring, exactly one of them blue and not in
a corner (the *gate*), and the start circle and end cap on the gate's two outer vertices.

Solutions are the Witness paths (the checker is the Witness rules' own). Closed by the gate's outer edge, a
solution path is a simple closed curve; the cells inside it form one region, which holds the gate, so
every blue square and no red one. Conversely a set of cells ``I`` holding every blue cell and no red one
is the inside of a solution iff it is 4-connected, has no hole (every cell outside reaches the ring
through cells outside) and no *pinch* (a vertex where two inside cells meet only diagonally, which the
boundary would pass twice): its boundary minus the gate's outer edge is then the path
(:func:`boundary_path`). The solutions are thus one-to-one with such sets, fixed by which empty cells
they hold.

The CNF (:func:`encode`) has one variable per empty cell (the projection). Cells of one colour that are
side-adjacent are merged into one node (a blue node is inside, a red node outside); every inside node
reaches the gate's node through inside nodes, and every outside node the ring's node through outside
nodes (parent pointers, strictly decreasing levels in unary), and no vertex pinches. Solving and
enumerating on this graph of nodes take a fraction of a second on the reductions' 35 x 35 boards, where
the general Witness CNF (cell-by-cell reachability layers and region labels, quadratic in the cells) is
too big to build; Ganak counts it slowly (the levels are free), so the default count is the brute force
(:meth:`RestrictedSquares.brute_force`: backtracking over the empty cells, cut at pinches, each complete
choice judged by the Witness checker), independent of the CNF, up to :data:`BRUTE_EMPTY` empty cells,
and enumeration beyond.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, ClassVar

from gadgetry.core import CNF, Encoding, Generated, InputError, Param

from gadgetry.puzzles.witness import WitnessProblem
from gadgetry.puzzles.witness.model import Cell, Panel, Path, Vertex, make_panel, square

NAME = "witness-restricted-squares"
RED, BLUE = "red", "blue"
#: Panels with at most this many empty cells are counted by the brute force (nine vertex gadgets).
BRUTE_EMPTY = 36


def gate_of(panel: Panel) -> Cell:
    """The ring's blue cell; InputError naming the first broken restriction (module docstring)."""
    w, h = panel.width, panel.height
    syms = panel.symbol_map()
    if w < 3 or h < 3:
        raise InputError(f"{NAME}: the panel needs at least 3 x 3 cells")
    if panel.broken or panel.vertex_hexagons or panel.edge_hexagons:
        raise InputError(f"{NAME}: squares only (no broken edges or hexagons)")
    if any(s.kind != "square" or s.colour not in (RED, BLUE) for s in syms.values()):
        raise InputError(f"{NAME}: every symbol must be a red or blue square")
    ring = [(x, y) for x in range(w) for y in range(h) if x in (0, w - 1) or y in (0, h - 1)]
    if any(c not in syms for c in ring):
        raise InputError(f"{NAME}: every cell of the outer ring must hold a square")
    blue = [c for c in ring if syms[c].colour == BLUE]
    if len(blue) != 1:
        raise InputError(f"{NAME}: exactly one ring square must be blue, found {len(blue)}")
    gate = blue[0]
    if gate in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        raise InputError(f"{NAME}: the blue ring square {gate} is in a corner")
    if {*panel.starts, *panel.ends} != set(outer_vertices(panel, gate)) or len(panel.starts) != 1:
        raise InputError(f"{NAME}: the start and end cap must be the blue ring square's two outer vertices")
    return gate


def outer_vertices(panel: Panel, gate: Cell) -> tuple[Vertex, Vertex]:
    """The gate's two vertices on the board's boundary (the ends of its outer side)."""
    x, y = gate
    if y == 0:
        return (x, 0), (x + 1, 0)
    if y == panel.height - 1:
        return (x, y + 1), (x + 1, y + 1)
    if x == 0:
        return (0, y), (0, y + 1)
    return (x + 1, y), (x + 1, y + 1)


def boundary_path(panel: Panel, inside: Iterable[Cell]) -> Path:
    """The boundary of the cell set ``inside`` (holding the gate) from the start to the end cap, without
    the gate's outer side; ValueError when it is no simple path (a pinch, a hole, or several pieces)."""
    inn = set(inside)
    start, end = panel.starts[0], panel.ends[0]
    adj: dict[Vertex, list[Vertex]] = {}
    for x, y in inn:
        for (dx, dy), (u, v) in (((0, -1), ((x, y), (x + 1, y))), ((0, 1), ((x, y + 1), (x + 1, y + 1))),
                                 ((-1, 0), ((x, y), (x, y + 1))), ((1, 0), ((x + 1, y), (x + 1, y + 1)))):
            if (x + dx, y + dy) not in inn and {u, v} != {start, end}:
                adj.setdefault(u, []).append(v)
                adj.setdefault(v, []).append(u)
    if any(len(ns) != (1 if w in (start, end) else 2) for w, ns in adj.items()) or start not in adj:
        raise ValueError("the inside cells pinch: their boundary is no simple path")
    path = [start]
    while path[-1] != end:
        path.append(next(w for w in adj[path[-1]] if len(path) < 2 or w != path[-2]))
    if len(path) != len(adj):
        raise ValueError("the inside cells have a hole or several pieces")
    return tuple(path)


def _nodes(panel: Panel) -> tuple[dict[Cell, Any], dict[Any, set[Any]]]:
    """Each cell's node (a merged same-colour piece, ``("blue"|"red", first cell)``, or ``("empty", cell)``)
    and the nodes' side adjacency."""
    syms = panel.symbol_map()
    node: dict[Cell, Any] = {}
    for c in sorted(itertools.product(range(panel.width), range(panel.height))):
        if c in node:
            continue
        s = syms.get(c)
        if s is None:
            node[c] = ("empty", c)
            continue
        key, stack = (s.colour, c), [c]
        node[c] = key
        while stack:
            x, y = stack.pop()
            for d in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                t = syms.get(d)
                if d not in node and t is not None and t.colour == s.colour:
                    node[d] = key
                    stack.append(d)
    adj: dict[Any, set[Any]] = {k: set() for k in node.values()}
    for (x, y), a in node.items():
        for d in ((x + 1, y), (x, y + 1)):
            b = node.get(d)
            if b is not None and b != a:
                adj[a].add(b)
                adj[b].add(a)
    return node, adj


def encode(panel: Panel) -> Encoding:
    """The CNF of the module docstring; decodes to the boundary path."""
    gate = gate_of(panel)
    node, adj = _nodes(panel)
    cnf = CNF()
    empty = sorted(c for c, k in node.items() if k[0] == "empty")
    var = {c: cnf.var(("in", c)) for c in empty}
    cnf.project([var[c] for c in empty])
    true = cnf.var("true")
    cnf.add([true])

    def inside(k: Any) -> int:
        return var[k[1]] if k[0] == "empty" else (true if k[0] == BLUE else -true)

    for x, y in itertools.product(range(1, panel.width), range(1, panel.height)):
        a, b, c, d = (inside(node[p]) for p in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)))
        cnf.extend([[-a, -d, b, c], [-b, -c, a, d]])
    for side, root, other in (("in", node[gate], RED), ("out", node[(0, 0)], BLUE)):
        sign = 1 if side == "in" else -1
        _reach(cnf, side, sorted((k for k in adj if k[0] != other), key=str), adj, root,
               lambda k, s=sign: s * inside(k))
    return Encoding(cnf, lambda val: boundary_path(panel, [c for c, k in node.items() if k[0] == BLUE
                                                          or (k[0] == "empty" and val(var[c]))]))


def _reach(cnf: CNF, side: str, nodes: list[Any], adj: Mapping[Any, set[Any]], root: Any,
           member: Any) -> None:
    """Every one of ``nodes`` whose literal ``member(node)`` holds reaches ``root`` through such nodes:
    each one but the root picks a neighbour among ``nodes`` holding it with a strictly smaller level
    (``lev[k][i]`` = level > i)."""
    n = len(nodes)
    among = set(nodes)
    lev = {k: [cnf.var((side, "level", k, i)) for i in range(n - 1)] for k in nodes}
    for k in nodes:
        cnf.extend([[-lev[k][i + 1], lev[k][i]] for i in range(n - 2)])
        if k == root:
            continue
        ups = []
        for j in sorted(adj[k] & among, key=str):
            p = cnf.var((side, "up", k, j))
            cnf.add([-p, member(j)])
            cnf.add([-p, lev[k][0]])
            cnf.extend([-p, -lev[j][i], lev[k][i + 1]] for i in range(n - 2))
            cnf.add([-p, -lev[j][n - 2]])
            ups.append(p)
        cnf.add([-member(k), *ups])


class RestrictedSquares(WitnessProblem):
    """Problem 1 of the Witness seed (module docstring); panels and paths as for ``witness``."""

    name = NAME
    title = "The Witness, Restricted Squares Problem (red and blue squares, a red ring with one blue gate)"
    paper = "Witness seed, section 4.2, Problem 1"
    params = (Param("width", 6, 3, 12, "cells per row"), Param("height", 6, 3, 12, "cells per column"),
              Param("empty", 6, 0, 14, "empty cells (the rest hold squares)"))
    exhaustive_params = ()
    modes = ("planted", "unsat", "unique")
    attempts = 400
    mode_params: ClassVar[dict[str, dict[str, int]]] = {"unsat": {"width": 5, "height": 5, "empty": 3}}
    edge_cases = ()

    def validate(self, panel: Panel) -> None:
        super().validate(panel)
        gate_of(panel)

    def encode(self, panel: Panel) -> Encoding:
        return encode(panel)

    def solutions_without_cnf(self, panel: Panel) -> Iterator[Path] | None:
        return None

    def extra_counters(self) -> dict[str, Any]:
        return {}

    def extra_solvers(self) -> dict[str, Any]:
        return {}

    def formats(self) -> dict[str, Any]:
        """None of its own: its panels are ``witness`` panels (``witness-from-witness-restricted-squares``)
        and export as those."""
        return {}

    def counting_method(self, panel: Panel) -> str:
        """The brute force up to :data:`BRUTE_EMPTY` empty cells: independent of the CNF, and quicker than
        Ganak on the reductions' boards (the pinch rule leaves two choices per vertex gadget; Ganak
        struggles with the free levels); beyond, enumeration of the CNF's models."""
        empty = panel.width * panel.height - len(panel.symbols)
        return "brute-force" if empty <= BRUTE_EMPTY else "enumeration"

    def brute_force(self, panel: Panel) -> Iterator[Path]:
        """Every choice of empty cells inside, by backtracking over the empty cells in order (a choice
        making a pinch at a vertex whose four cells are all decided is cut), kept when the boundary of the
        blue and chosen cells is a path the Witness checker accepts (module docstring)."""
        syms = panel.symbol_map()
        fixed = {c: s.colour == BLUE for c, s in syms.items()}
        empty = sorted((c for c in itertools.product(range(panel.width), range(panel.height)) if c not in syms),
                       key=lambda c: (c[1], c[0]))
        state = dict(fixed)

        def pinched(c: Cell) -> bool:
            x, y = c
            for vx, vy in ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)):
                quad = [state.get(q) for q in ((vx - 1, vy - 1), (vx, vy - 1), (vx - 1, vy), (vx, vy))]
                if None not in quad and 0 < vx < panel.width and 0 < vy < panel.height:
                    a, b, cc, d = quad
                    if a == d and b == cc and a != b:
                        return True
            return False

        def search(i: int) -> Iterator[Path]:
            if i == len(empty):
                try:
                    path = boundary_path(panel, [c for c, inn in state.items() if inn])
                except ValueError:
                    return
                if self.check(panel, path):
                    yield path
                return
            for value in (False, True):
                state[empty[i]] = value
                if not pinched(empty[i]):
                    yield from search(i + 1)
                del state[empty[i]]

        return search(0)

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[Panel]:
        return iter(())

    def shrink(self, panel: Panel) -> Iterator[Panel]:
        return iter(())

    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """Random colours inside a red ring with a random gate; ``empty`` random cells left empty."""
        w, h = params["width"], params["height"]
        gate = _random_gate(w, h, rng)
        colour = {c: rng.choice((RED, BLUE)) for c in _interior(w, h)}
        return Generated(_panel(w, h, gate, colour, params["empty"], rng))

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """A random simply connected, pinch-free piece grown from the gate (the planted solution's inside),
        coloured blue, the rest red; then ``empty`` random cells emptied."""
        w, h = params["width"], params["height"]
        gate = _random_gate(w, h, rng)
        inside = {gate}
        probe = _panel(w, h, gate, {}, 0, rng)
        for _ in range(rng.randint(1, (w - 2) * (h - 2))):
            grow = [d for x, y in inside for d in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                    if d in _interior(w, h) and d not in inside]
            if not grow:
                break
            d = rng.choice(grow)
            try:
                boundary_path(probe, inside | {d})
            except ValueError:
                continue
            inside.add(d)
        colour = {c: BLUE if c in inside else RED for c in _interior(w, h)}
        panel = _panel(w, h, gate, colour, params["empty"], rng)
        return Generated(panel, boundary_path(panel, inside))

    def draw_unsat(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        return self.draw(params, rng)

    def draw_unique(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        return self.draw_planted(params, rng)


def _interior(w: int, h: int) -> set[Cell]:
    return {(x, y) for x in range(1, w - 1) for y in range(1, h - 1)}


def _random_gate(w: int, h: int, rng: random.Random) -> Cell:
    ring = [(x, y) for x in range(w) for y in range(h) if (x in (0, w - 1)) != (y in (0, h - 1))]
    return rng.choice(ring)


def _panel(w: int, h: int, gate: Cell, colour: Mapping[Cell, str], empty: int, rng: random.Random) -> Panel:
    """The restricted panel: red ring, blue gate, ``colour`` inside, ``empty`` random interior cells emptied."""
    cells = {(x, y): RED for x in range(w) for y in range(h)}
    cells.update(colour)
    cells[gate] = BLUE
    inner = sorted(_interior(w, h))
    for c in rng.sample(inner, min(empty, len(inner))):
        del cells[c]
    probe = Panel(w, h, ((0, 0),), ((1, 0),))
    a, b = outer_vertices(probe, gate)
    return make_panel(w, h, [a], [b], symbols={c: square(k) for c, k in cells.items()})


PROBLEMS = [RestrictedSquares()]
