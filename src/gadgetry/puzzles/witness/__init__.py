"""The Witness (Abel et al., "Who witnesses The Witness?", FUN 2018 / journal version: Table 2, sections 1
and 8; Overv's browser solver TheWitnessSolver for the ``solver`` rule set): draw a simple path from a
start circle to an end cap that satisfies every clue of the panel.

The model is in :mod:`.model`, the checker for both rule sets (and every difference between them) in
:mod:`.rules`, the brute-force oracle in :mod:`.brute`, the ``witness-web`` format in :mod:`.formats`, the
SAT encoding in :mod:`.encoding` and the ZDD counter in :mod:`.zdd`. One problem, ``witness``: the rule set
travels in the panel. **Identity**: one counted solution is one path, i.e. its set of edges (starts and ends
are disjoint, so the edge set fixes the direction). Solution (JSON): the path's vertices in order,
``[[x, y], ...]``.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any, ClassVar

from gadgetry.core import Encoding, Format, Generated, InputError, Param, Problem, Verdict
from gadgetry.core.render import render_template
from gadgetry.core.sat import solve_clauses
from gadgetry.core.values import is_int

from . import formats
from .brute import brute_force
from .model import (
    KINDS,
    NAME,
    OPTIONS,
    RULES,
    SOLVER_COLOURS,
    Cell,
    Edge,
    Panel,
    Path,
    Symbol,
    Vertex,
    all_edges,
    cell_sides,
    cells,
    edge,
    local_clues_only,
    make_panel,
    neighbours,
    normalise_shape,
    path_edges,
    regions,
    validate,
    vertices,
)
from .rules import check

SQUARE_COLOURS = ("black", "white")
STAR_COLOURS = ("magenta", "green", "red")
ANTIBODY_COLOUR = "cyan"
GAME_SIDE = 8  # the largest panel side counted by the ZDD or the frontier programme by default
#: The widest panel whose only region clues are squares and stars the frontier programme counts by
#: default at any height (the reductions' chamber boards: Ganak took 138 s on an 11 x 11 one the frontier
#: counts in 0.03 s).
FRONTIER_WIDTH = 16


class WitnessProblem(Problem):
    """Witness panels under the ``paper`` or ``solver`` rule set; see the module docstring."""

    name = NAME
    title = "The Witness: a start-to-end path satisfying hexagons, squares, stars, triangles, (anti)polyominoes"
    paper = ("Abel et al., Who witnesses The Witness?, Table 2 and section 8 (paper rules); "
             "Overv's Witness solver README (solver rules)")
    solution_is = "a simple path from a start circle to an end cap satisfying every clue (its set of edges)"
    params = (Param("width", 3, 1, 16, "cells per row"), Param("height", 3, 1, 16, "cells per column"),
              Param("symbols", 3, 0, 256, "cell symbols to place (stars come in pairs)"),
              Param("hexagons", 1, 0, 100, "vertex and edge hexagons"),
              Param("broken", 1, 0, 100, "broken edges"),
              Param("antibodies", 0, 0, 4, "antibodies (encode refuses them: count/solve by refinement)"),
              Param("hollow", 0, 0, 1, "1: allow solver hollow pieces (encode refuses them: refinement)"),
              Param("starts", 1, 1, 4, "start circles"), Param("ends", 1, 1, 4, "end caps"),
              Param("rules", 2, 0, 2, "0 paper, 1 solver, 2 either at random"),
              Param("stars", 0, 0, 1, "1: every symbol a star, pairs in the game's nine colours (over a minute "
                    "of CaDiCaL from 13 x 13: bench/hard)"))
    modes = ("planted", "unsat", "unique")
    attempts = 200
    exhaustive_params = (Param("width", 2, 1, 2, "largest number of columns"),
                         Param("height", 1, 1, 2, "largest number of rows"),
                         Param("rules", 0, 0, 1, "0 paper, 1 solver"))
    mode_params: ClassVar[dict[str, dict[str, int]]] = {"unsat": {"width": 3, "height": 3, "symbols": 4}, "unique": {"width": 3, "height": 3}}

    # -- protocol ----------------------------------------------------------------------------------
    def validate(self, panel: Panel) -> None:
        validate(panel)

    def check(self, panel: Panel, path: Any) -> Verdict:
        return check(panel, path)

    def encode(self, panel: Panel) -> Encoding:
        from .encoding import encode

        return encode(panel)

    def instance_to_json(self, panel: Panel) -> dict[str, Any]:
        return panel_to_json(panel)

    def instance_from_json(self, data: Mapping[str, Any]) -> Panel:
        return panel_from_json(data)

    def solution_to_json(self, panel: Panel, path: Path) -> list[list[int]]:
        return [list(v) for v in path]

    def solution_from_json(self, panel: Panel, data: Any) -> Path:
        if not isinstance(data, list) or not all(isinstance(v, list) and len(v) == 2 and all(is_int(t) for t in v)
                                                 for v in data):
            raise InputError(f"{NAME}: a solution is the path's vertices in order, [[x, y], ...]")
        return tuple((v[0], v[1]) for v in data)

    def solution_key(self, panel: Panel, path: Path) -> Any:
        return path_edges(path)

    def size(self, panel: Panel) -> dict[str, int]:
        return {"width": panel.width, "height": panel.height, "cells": panel.width * panel.height,
                "vertices": (panel.width + 1) * (panel.height + 1), "edges": len(all_edges(panel)),
                "symbols": len(panel.symbols), "hexagons": len(panel.vertex_hexagons) + len(panel.edge_hexagons),
                "broken": len(panel.broken), "starts": len(panel.starts), "ends": len(panel.ends)}

    # -- oracle ------------------------------------------------------------------------------------
    def brute_force(self, panel: Panel) -> Iterator[Path]:
        """Every path from a start, depth first, kept when it ends at an end cap and the checker accepts it."""
        return brute_force(panel)

    def solutions_without_cnf(self, panel: Panel) -> Iterator[Path] | None:
        """Panels with antibodies (or ``solver`` hollow pieces) are Sigma2: their solutions come from the
        refinement loop of :mod:`.encoding` (relaxed CNF, each candidate path checked, then blocked)."""
        from .encoding import needs_refinement, solutions

        return solutions(panel) if needs_refinement(panel) else None

    def extra_solvers(self) -> dict[str, Callable[[Any], Any]]:
        """Witness seed Observation 3.1 (broken edges only), Theorem 3.6 (boundary hexagons), Theorem 7.1
        (monominoes), the verifiers of Theorems 8.2 and 8.3 over the refinement candidates
        (:mod:`.verifiers`), and ``lazy-cuts`` (:mod:`.lazy`: local clues, one start and one end), each
        refusing panels outside its class."""
        from . import lazy, poly, verifiers

        return {"observation-3.1": poly.broken_edges_only, "theorem-3.6": poly.boundary_hexagons,
                "theorem-7.1": poly.monominoes, "theorem-8.2": verifiers.solve_theorem_8_2,
                "theorem-8.3": verifiers.solve_theorem_8_3, "lazy-cuts": lazy.first_solution}

    def solving_method(self, panel: Panel) -> str:
        """``lazy-cuts`` for panels of local clues with one start and one end (no region labels, no
        acyclicity layers: the reductions' boards of thousands of cells in seconds), else SAT on the
        general encoding."""
        from .lazy import is_local

        return "lazy-cuts" if is_local(panel) else super().solving_method(panel)

    def extra_counters(self) -> dict[str, Callable[[Any], int]]:
        """``frontier``: the frontier dynamic programme with region partitions (:mod:`.frontier`), every
        panel; ``dfs``: depth-first search with incremental region checks (:mod:`.dfs`), every panel;
        ``cegar``: the refinement counter (relaxed CNF + checker); ``zdd``: graphillion, for panels with
        only broken edges, hexagons and triangles."""
        from .dfs import count_dfs
        from .encoding import count
        from .frontier import count_frontier

        return {"cegar": lambda panel: count(panel, "enumeration"), "dfs": count_dfs, "frontier": count_frontier,
                "zdd": _zdd_count}

    def counting_method(self, panel: Panel) -> str:
        """On panels up to the game's sizes (sides of at most 8 cells, where frontier sweeps stay small):
        ``zdd`` when every clue is local (start, end, broken edges, hexagons, triangles), else ``frontier``
        (exact for every clue; far ahead of Ganak and of enumeration on region clues). Larger panels (the
        reductions' boards, whose frontiers grow with their width: on Theorem 7.2's 9 x 9 domino boards
        neither method finished within 12 s of CPU) keep Ganak, or refinement where the rules are Sigma2,
        except ``frontier`` again for panels at most :data:`FRONTIER_WIDTH` wide whose
        region clues are squares and stars only."""
        from .encoding import needs_refinement

        kinds = {s.kind for _, s in panel.symbols}
        if panel.width <= FRONTIER_WIDTH and kinds & {"square", "star"} and kinds <= {"square", "star", "triangle"}:
            return "frontier"
        if max(panel.width, panel.height) > GAME_SIDE:
            return "cegar" if needs_refinement(panel) else "ganak"
        return "zdd" if local_clues_only(panel) else "frontier"

    # -- generation --------------------------------------------------------------------------------
    def _panel(self, params: Mapping[str, int], rng: random.Random, mode: str | None) -> tuple[Panel, Path]:
        if mode in ("unsat", "unique") and (params["antibodies"] or params["hollow"]):
            raise InputError(f"{NAME}: --{mode} needs antibodies=0 and hollow=0 (such panels have no CNF)")
        rules = RULES[params["rules"]] if params["rules"] < 2 else rng.choice(RULES)
        return planted_panel(params, rules, rng)

    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        """A planted panel with zero to two symbols or hexagons perturbed (:func:`perturb`)."""
        panel, _path = self._panel(params, rng, None)
        return Generated(perturb(panel, rng, rng.randrange(3)))

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        return Generated(*self._panel(params, rng, "planted"))

    def draw_unsat(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        """A planted panel with one or two symbols or hexagons perturbed (:func:`perturb`)."""
        panel, _path = self._panel(params, rng, "unsat")
        return Generated(perturb(panel, rng, 1 + rng.randrange(2)))

    def draw_unique(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        panel, path = self._panel(params, rng, "unique")
        unique = _unique(self, panel, path, rng)
        return None if unique is None else Generated(unique, path)

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[Panel]:
        """Every panel up to width x height with one start, one end, and each cell empty or holding a
        triangle, a square (2 colours), a star or a monomino."""
        rules = RULES[params["rules"]]
        options: list[Symbol | None] = [None, Symbol("triangle", "orange", 1), Symbol("triangle", "orange", 2),
                                        Symbol("triangle", "orange", 3), Symbol("square", "black"),
                                        Symbol("square", "white"), Symbol("star", "black"),
                                        Symbol("poly", "yellow", 0, ((0, 0),))]
        for h in range(1, params["height"] + 1):
            for w in range(1, params["width"] + 1):
                probe = Panel(w, h, ((0, 0),), ((w, h),))
                vs = vertices(probe)
                cs = cells(probe)
                for s, e in itertools.permutations(vs, 2):
                    for choice in itertools.product(options, repeat=len(cs)):
                        yield make_panel(w, h, [s], [e], rules=rules,
                                         symbols=[(c, x) for c, x in zip(cs, choice) if x is not None])

    def shrink(self, panel: Panel) -> Iterator[Panel]:
        """Without one symbol, hexagon, broken edge, extra start or extra end."""
        p = panel
        for i in range(len(p.symbols)):
            yield _replace(p, symbols=p.symbols[:i] + p.symbols[i + 1:])
        for v in sorted(p.vertex_hexagons):
            yield _replace(p, vertex_hexagons=p.vertex_hexagons - {v})
        for e in sorted(p.edge_hexagons):
            yield _replace(p, edge_hexagons=p.edge_hexagons - {e})
        for e in sorted(p.broken):
            yield _replace(p, broken=p.broken - {e})
        for name in ("starts", "ends"):
            vs = getattr(p, name)
            if len(vs) > 1:
                for i in range(len(vs)):
                    yield _replace(p, **{name: vs[:i] + vs[i + 1:]})

    # -- formats and rendering ---------------------------------------------------------------------
    def formats(self) -> dict[str, Format]:
        return {formats.FORMAT: Format(formats.FORMAT, formats.read_web, formats.write_web, formats.looks_like_web,
                                       "the browser Witness solver's JSON (gridWidth, nodeTypes, ...), its base64, "
                                       "or its URL; solver rule set; no triangles")}

    def render_svg(self, panel: Panel, solution: Path | None = None) -> str:
        return render_panel(panel, solution)


# -- JSON ------------------------------------------------------------------------------------------------

def _vertex(v: Any, what: str) -> Vertex:
    if not (isinstance(v, list) and len(v) == 2 and all(is_int(t) for t in v)):
        raise InputError(f"{NAME}: {what} must be [x, y], got {v!r}")
    return (v[0], v[1])


def _edge(e: Any, what: str) -> Edge:
    if not (isinstance(e, list) and len(e) == 2):
        raise InputError(f"{NAME}: {what} must be [[x, y], [x, y]], got {e!r}")
    u, v = _vertex(e[0], what), _vertex(e[1], what)
    if abs(u[0] - v[0]) + abs(u[1] - v[1]) != 1:
        raise InputError(f"{NAME}: {what} {e!r} does not join adjacent vertices")
    return edge(u, v)


def panel_to_json(panel: Panel) -> dict[str, Any]:
    """Fields: width, height, rules, options, starts, ends, broken, vertex_hexagons, edge_hexagons,
    symbols (``{"cell", "kind", "colour"}`` plus ``count`` for triangles, ``shape`` and ``rotatable`` for
    pieces)."""
    def sym(c: Cell, s: Symbol) -> dict[str, Any]:
        out: dict[str, Any] = {"cell": list(c), "kind": s.kind, "colour": s.colour}
        if s.kind == "triangle":
            out["count"] = s.count
        if s.kind in ("poly", "antipoly"):
            out["shape"] = [list(p) for p in s.shape]
            out["rotatable"] = s.rotatable
        return out

    return {"width": panel.width, "height": panel.height, "rules": panel.rules, "options": dict(panel.options),
            "starts": [list(v) for v in panel.starts], "ends": [list(v) for v in panel.ends],
            "broken": [[list(u), list(v)] for u, v in sorted(panel.broken)],
            "vertex_hexagons": [list(v) for v in sorted(panel.vertex_hexagons)],
            "edge_hexagons": [[list(u), list(v)] for u, v in sorted(panel.edge_hexagons)],
            "symbols": [sym(c, s) for c, s in panel.symbols]}


def panel_from_json(data: Mapping[str, Any]) -> Panel:
    """Inverse of :func:`panel_to_json`; missing lists are empty, missing options take their defaults."""
    if not isinstance(data, Mapping):
        raise InputError(f"{NAME}: an instance is a JSON object (width, height, starts, ends, ...)")
    lists = {}
    for key in ("starts", "ends", "broken", "vertex_hexagons", "edge_hexagons", "symbols"):
        value = data.get(key, [])
        if not isinstance(value, list):
            raise InputError(f"{NAME}: {key} must be a list")
        lists[key] = value
    opts = data.get("options", {})
    if not isinstance(opts, Mapping) or not all(isinstance(v, bool) for v in opts.values()):
        raise InputError(f"{NAME}: options must map option names ({', '.join(OPTIONS)}) to booleans")
    symbols = []
    for item in lists["symbols"]:
        if not isinstance(item, Mapping) or item.get("kind") not in KINDS:
            raise InputError(f"{NAME}: a symbol is {{'cell': [x, y], 'kind': one of {', '.join(KINDS)}, ...}}")
        kind = item["kind"]
        shape = item.get("shape", [])
        if not isinstance(shape, list):
            raise InputError(f"{NAME}: a shape is a list of [x, y] pixels")
        count = item.get("count", 0)
        symbols.append((_vertex(item.get("cell"), "a symbol's cell"),
                        Symbol(kind, item.get("colour", "black"), count,
                               tuple(sorted(_vertex(p, "a pixel") for p in shape)),
                               item.get("rotatable", False))))
    width, height, rules = data.get("width"), data.get("height"), data.get("rules", "paper")
    if not is_int(width) or not is_int(height):
        raise InputError(f"{NAME}: width and height must be integers")
    cells_seen = [c for c, _ in symbols]
    if len(set(cells_seen)) != len(cells_seen):
        raise InputError(f"{NAME}: two symbols on one cell")
    return make_panel(width, height, [_vertex(v, "a start") for v in lists["starts"]],
                      [_vertex(v, "an end") for v in lists["ends"]],
                      broken=[_edge(e, "a broken edge") for e in lists["broken"]],
                      vertex_hexagons=[_vertex(v, "a vertex hexagon") for v in lists["vertex_hexagons"]],
                      edge_hexagons=[_edge(e, "an edge hexagon") for e in lists["edge_hexagons"]],
                      symbols=symbols, rules=rules, options=dict(opts))


def _replace(panel: Panel, **changes: Any) -> Panel:
    fields = {"width": panel.width, "height": panel.height, "starts": panel.starts, "ends": panel.ends,
              "broken": panel.broken, "vertex_hexagons": panel.vertex_hexagons,
              "edge_hexagons": panel.edge_hexagons, "symbols": panel.symbols, "rules": panel.rules,
              "options": panel.options, **changes}
    return Panel(**fields)


# -- generation ------------------------------------------------------------------------------------------
def random_path(probe: Panel, rng: random.Random) -> Path:
    """A random self-avoiding walk of at least one edge from a random vertex, stopping with probability
    1/|V| per step or when stuck."""
    vs = vertices(probe)
    stop = 1 / len(vs)
    path = [rng.choice(vs)]
    while True:
        free = [u for u in neighbours(probe, path[-1]) if u not in path]
        if not free or (len(path) > 1 and rng.random() < stop):
            if len(path) > 1:
                return tuple(path)
            path = [rng.choice(vs)]
            continue
        path.append(rng.choice(free))


def _random_piece(cells_left: list[Cell], size: int, rng: random.Random) -> list[Cell]:
    """A random connected piece of at most ``size`` cells grown inside ``cells_left`` from its first cell."""
    piece = [cells_left[0]]
    left = set(cells_left[1:])
    while len(piece) < size:
        grow = sorted({(x + dx, y + dy) for x, y in piece for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))} & left)
        if not grow:
            break
        c = rng.choice(grow)
        piece.append(c)
        left.discard(c)
    return piece


def planted_panel(params: Mapping[str, int], rules: str, rng: random.Random) -> tuple[Panel, Path]:
    """A panel the planted path solves: clues read off the path (hexagons on it, triangles counting it,
    one square colour per region, star pairs of a fresh colour, a region tiled by its pieces, a cancelling
    polyomino/antipolyomino pair of at most 2 pixels in a tiled region or one of more than 2 cells (under
    ``solver`` the hollow blocks are then exactly the blocks to remove), each antibody with a wrong
    triangle to erase). With ``stars=1`` every symbol is a star, in pairs of the game's nine colours:
    the path must keep each pair on one side, a family CaDiCaL and the frontier programme find hard."""
    w, h = params["width"], params["height"]
    probe = Panel(w, h, ((0, 0),), ((w, h),))
    path = random_path(probe, rng)
    used = path_edges(path)
    vs = vertices(probe)
    boundary = [v for v in vs if v[0] in (0, w) or v[1] in (0, h)]
    starts = {path[0]} | set(rng.sample(vs, min(params["starts"] - 1, len(vs))))
    starts.discard(path[-1])
    ends = {path[-1]}
    for _ in range(params["ends"] - 1):
        v = rng.choice(boundary if rng.random() < 0.75 else vs)
        if v not in starts:
            ends.add(v)
    free_edges = [e for e in all_edges(probe) if e not in used]
    broken = rng.sample(free_edges, min(params["broken"], len(free_edges)))
    vhex, ehex = set(), set()
    for _ in range(params["hexagons"]):
        if rng.random() < 0.5:
            vhex.add(rng.choice(path))
        else:
            ehex.add(rng.choice(sorted(used)))
    regs = regions(probe, path)
    region_of = {c: i for i, r in enumerate(regs) for c in r}
    square_colour = [rng.choice(SQUARE_COLOURS) for _ in regs]
    free = sorted(cells(probe), key=lambda c: rng.random())
    symbols: dict[Cell, Symbol] = {}
    tiled: set[int] = set()

    def take(region: int, n: int) -> list[Cell] | None:
        got = [c for c in free if region_of[c] == region][:n]
        if len(got) < n:
            return None
        for c in got:
            free.remove(c)
        return got

    for _ in range(params["antibodies"]):
        got = take(rng.randrange(len(regs)), 2)
        if got:
            actual = sum(e in used for e in cell_sides(got[1]))
            symbols[got[0]] = Symbol("antibody", ANTIBODY_COLOUR)
            symbols[got[1]] = Symbol("triangle", "orange", rng.choice([n for n in (1, 2, 3) if n != actual]))
    budget = params["symbols"]
    kinds = ("star",) if params["stars"] else ("triangle", "square", "star", "poly", "antipoly")
    star_colours = SOLVER_COLOURS if params["stars"] else STAR_COLOURS
    for _ in range(4 * budget):
        if budget <= 0 or not free:
            break
        kind = rng.choice(kinds)
        c = free[0]
        reg = region_of[c]
        if kind == "triangle":
            n = sum(e in used for e in cell_sides(c))
            if 1 <= n <= 3:
                symbols[c] = Symbol("triangle", "orange", n)
                free.remove(c)
                budget -= 1
        elif kind == "square":
            symbols[c] = Symbol("square", square_colour[reg])
            free.remove(c)
            budget -= 1
        elif kind == "star" and budget >= 2:
            taken = {s.colour for d, s in symbols.items() if region_of[d] == reg and s.kind == "star"}
            colours = [k for k in star_colours if k not in taken]
            got = take(reg, 2) if colours else None
            if got:
                colour = rng.choice(colours)
                for d in got:
                    symbols[d] = Symbol("star", colour)
                budget -= 2
        elif kind == "poly" and reg not in tiled and len(regs[reg]) <= 8:
            left = sorted(regs[reg], key=lambda d: (d[1], d[0]))
            pieces = []
            while left:
                piece = _random_piece(left, rng.randint(1, 4), rng)
                pieces.append(piece)
                left = [d for d in left if d not in piece]
            got = take(reg, len(pieces)) if len(pieces) <= budget else None
            if got:
                for d, piece in zip(got, pieces):
                    symbols[d] = Symbol("poly", "yellow", 0, normalise_shape(piece), rng.random() < 0.5)
                tiled.add(reg)
                budget -= len(pieces)
        elif kind == "antipoly" and budget >= 2 and (reg in tiled or len(regs[reg]) > 2) and \
                (rules == "paper" or params["hollow"]):
            got = take(reg, 2)
            if got:
                shape = normalise_shape(_random_piece(sorted(cells(probe)), rng.randint(1, 2), rng))
                rot = rules == "paper" and rng.random() < 0.5
                symbols[got[0]] = Symbol("poly", "yellow", 0, shape, rot)
                symbols[got[1]] = Symbol("antipoly", "blue", 0, shape, rot)
                budget -= 2
    options = {"reflect": rng.random() < 0.25,
               "eliminate_visited_hexagons": rules == "paper" and rng.random() < 0.25}
    panel = make_panel(w, h, starts, ends, broken=broken, vertex_hexagons=vhex, edge_hexagons=ehex,
                       symbols=symbols, rules=rules, options=options)
    return panel, path


def perturb(panel: Panel, rng: random.Random, times: int) -> Panel:
    """``times`` random changes that keep every clue count the generator's parameters set: a symbol's
    colour or triangle count redrawn, or a hexagon moved to a spot without one (a panel without symbols
    or hexagons stays as it is)."""
    for _ in range(times):
        hexes = [("vertex_hexagons", v) for v in sorted(panel.vertex_hexagons)] + \
                [("edge_hexagons", e) for e in sorted(panel.edge_hexagons)]
        if panel.symbols and (not hexes or rng.random() < 0.7):
            i = rng.randrange(len(panel.symbols))
            c, s = panel.symbols[i]
            if s.kind == "triangle":
                s = Symbol("triangle", s.colour, rng.choice([n for n in (1, 2, 3) if n != s.count]))
            else:
                s = Symbol(s.kind, rng.choice(SQUARE_COLOURS + STAR_COLOURS), s.count, s.shape, s.rotatable)
            panel = _replace(panel, symbols=panel.symbols[:i] + ((c, s),) + panel.symbols[i + 1:])
        elif hexes:
            field, old = rng.choice(hexes)
            spots = [v for v in vertices(panel) if v not in panel.vertex_hexagons] if field == "vertex_hexagons" \
                else [e for e in all_edges(panel) if e not in panel.broken and e not in panel.edge_hexagons]
            if spots:
                panel = _replace(panel, **{field: getattr(panel, field) - {old} | {rng.choice(spots)}})
    validate(panel)
    return panel


def _unique(prob: WitnessProblem, panel: Panel, path: Path, rng: random.Random) -> Panel | None:
    """Hexagons on every path edge (then the path is the only one when it is the only start-to-end path
    through them), then drop hexagons in random order while SAT finds no other path (the encoding's edge
    variables ``("e", edge)`` with the planted path blocked); the result's count is proved 1 by Ganak,
    else None."""
    used = path_edges(path)

    def alone(trial: Panel) -> bool:
        enc = prob.encode(trial)
        other = [[-enc.cnf.var(("e", e)) if e in used else enc.cnf.var(("e", e))
                  for e in all_edges(trial) if enc.cnf.has(("e", e))]]
        return solve_clauses(enc.cnf.clauses + other) is None

    panel = _replace(panel, edge_hexagons=panel.edge_hexagons | used)
    if not alone(panel):
        return None
    hexes = [("edge_hexagons", e) for e in sorted(panel.edge_hexagons)] + \
            [("vertex_hexagons", v) for v in sorted(panel.vertex_hexagons)]
    rng.shuffle(hexes)
    for field, x in hexes:
        trial = _replace(panel, **{field: getattr(panel, field) - {x}})
        if alone(trial):
            panel = trial
    return panel if prob.count(panel) == 1 else None


def _zdd_count(panel: Panel) -> int:
    from .zdd import count_paths

    n = count_paths(panel)
    if n is None:
        raise InputError(f"{NAME}: the ZDD counter takes only broken edges, hexagons and triangles")
    return n


# -- SVG -------------------------------------------------------------------------------------------------
def _end_stub(panel: Panel, v: Vertex, unit: float, pad: float) -> dict[str, float]:
    x, y = v
    dx, dy = (-1, 0) if x == 0 else (1, 0) if x == panel.width else (0, -1) if y == 0 else \
        (0, 1) if y == panel.height else (0.7, -0.7)
    px, py = pad + x * unit, pad + y * unit
    return {"x": px, "y": py, "x2": px + dx * unit * 0.3, "y2": py + dy * unit * 0.3}


def render_panel(panel: Panel, path: Path | None = None) -> str:
    """The panel in the game's look (dark board, grooves, start circles, end caps), the path drawn thick
    from its start circle to its end cap when given."""
    unit, pad = 60.0, 45.0
    line = unit * 0.18

    def at(v: Vertex) -> tuple[float, float]:
        return pad + v[0] * unit, pad + v[1] * unit

    def hexagon(x: float, y: float, r: float) -> str:
        return " ".join(f"{x + r * math.cos(math.pi / 3 * k):.2f},{y + r * math.sin(math.pi / 3 * k):.2f}"
                        for k in range(6))

    edges_out = [{"x1": at(u)[0], "y1": at(u)[1], "x2": at(v)[0], "y2": at(v)[1]} for u, v in all_edges(panel)]
    breaks = [{"x": (at(u)[0] + at(v)[0]) / 2, "y": (at(u)[1] + at(v)[1]) / 2} for u, v in sorted(panel.broken)]
    hexes = [hexagon(*at(v), line * 0.45) for v in sorted(panel.vertex_hexagons)] + \
            [hexagon((at(u)[0] + at(v)[0]) / 2, (at(u)[1] + at(v)[1]) / 2, line * 0.45)
             for u, v in sorted(panel.edge_hexagons)]
    palette = {"black": "#111", "white": "#f4f4f4", "cyan": "#1ec8d8", "magenta": "#d83ad0", "yellow": "#f3d23b",
               "red": "#e23b2e", "green": "#3ebc4a", "blue": "#3b6be2", "orange": "#f39a1e"}
    symbols = []
    for (cx, cy), s in panel.symbols:
        x, y = pad + (cx + 0.5) * unit, pad + (cy + 0.5) * unit
        item: dict[str, Any] = {"kind": s.kind, "x": x, "y": y, "fill": palette.get(s.colour.rstrip("0123456789"), "#bbb"),
                                "rotatable": s.rotatable}
        if s.kind == "star":
            item["points"] = " ".join(
                f"{x + r * math.cos(math.pi / 8 * k):.2f},{y + r * math.sin(math.pi / 8 * k):.2f}"
                for k, r in zip(range(16), itertools.cycle((unit * 0.2, unit * 0.14))))
        elif s.kind == "antibody":
            r = unit * 0.15
            item["points"] = f"M {x} {y} L {x} {y + r} M {x} {y} L {x - r * 0.87} {y - r / 2} M {x} {y} " \
                             f"L {x + r * 0.87} {y - r / 2}"
        elif s.kind == "triangle":
            t = unit * 0.12
            item["triangles"] = [f"{x + (k - (s.count - 1) / 2) * t * 1.3:.2f},{y - t / 2:.2f} "
                                 f"{x + (k - (s.count - 1) / 2) * t * 1.3 - t / 2:.2f},{y + t / 2:.2f} "
                                 f"{x + (k - (s.count - 1) / 2) * t * 1.3 + t / 2:.2f},{y + t / 2:.2f}"
                                 for k in range(s.count)]
        elif s.kind in ("poly", "antipoly"):
            bw, bh = max(p[0] for p in s.shape) + 1, max(p[1] for p in s.shape) + 1
            pixel = unit * 0.6 / max(bw, bh, 3)
            item["pixel"] = pixel
            item["pixels"] = [{"x": x + (p[0] - bw / 2) * pixel, "y": y + (p[1] - bh / 2) * pixel} for p in s.shape]
        symbols.append(item)
    ctx: dict[str, Any] = {"path": "", "path_start": None, "path_end": None}
    if path:
        ctx = {"path": " ".join(f"{at(v)[0]},{at(v)[1]}" for v in path), "path_start": dict(zip("xy", at(path[0]))),
               "path_end": _end_stub(panel, path[-1], unit, pad)}
    return render_template("witness.svg.j2", width=2 * pad + panel.width * unit, height=2 * pad + panel.height * unit,
                           unit=unit, line=line, gap=line * 1.6, rules=panel.rules, edges=edges_out, breaks=breaks,
                           starts=[dict(zip("xy", at(v))) for v in panel.starts],
                           ends=[_end_stub(panel, v, unit, pad) for v in panel.ends], hexagons=hexes,
                           symbols=symbols, **ctx)


PROBLEMS = [WitnessProblem()]
