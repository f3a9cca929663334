"""Geography and partizan geography (Edge-matching seed, section 6.1, Table 2 and Theorem 6.2;
vertex geography: Lichtenstein & Sipser 1980, edge geography: Schaefer 1978,
undirected: Fraenkel, Scheinerman & Ullman 1993).

An instance (:class:`Geography`) is a graph on vertices 0..n-1 (``directed``: arcs (u, v); undirected:
edges (u, v) with u < v; sorted, no loops or repeats), a start vertex and the rules: ``rule`` says what may
not repeat (``vertex``: no vertex is visited twice, the start counts as visited; ``edge``: no edge is used
twice) and ``partizan`` what is coloured (``none``: impartial; ``vertex``: a player may move only onto a
vertex of their colour; ``edge``: only along an edge of their colour); ``colours`` gives 0 (first player)
or 1 (second player) per vertex or per edge, in order. Players alternate extending one path from the
start, the first player first; a player with no legal move loses (normal play).

**Identity**: the decision question is whether the first player has a winning strategy. A solution is the
verdict ``"first"``, present exactly when the first player wins: a winning instance has one solution, a
losing one none (so a reduction is parsimonious iff it keeps the winner). A game is PSPACE-complete, so
:meth:`encode` decides it by memoised game-tree search (positions: current vertex and what is used) and
emits the verdict as a one-variable CNF; :meth:`brute_force` is an independent plain minimax without
memory. Solution JSON: ``"first"``.

Polynomial cases (Theorem 6.2; counter ``matching``): undirected vertex geography, impartial or
vertex-partizan. The first player wins undirected vertex geography from s iff every maximum matching
covers s (Fraenkel, Scheinerman & Ullman 1993). Vertex-partizan: after the first move a player always
stands on a vertex the other player entered, so only edges between vertices of different colours (and,
from s, edges to the first player's vertices) are playable; recolouring s as the second player's makes
that the bipartite graph of the bichromatic edges, played impartially. Bipartite undirected edge geography
(hence undirected vertex-partizan edge geography) is also polynomial (ibid.) but is left to game-tree
search here.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from gadgetry.core import Generated, InputError, Param
from gadgetry.core.game import FIRST, GameProblem
from gadgetry.core.values import is_int
from gadgetry.sources.structures import GRAPH_EDGE_CASES, edge_case_graph, graph_structures

NAME = "geography"
RULES = ("vertex", "edge")
PARTIZAN = ("none", "vertex", "edge")


@dataclass(frozen=True)
class Geography:
    """A geography game; see the module docstring."""

    n: int
    edges: tuple[tuple[int, int], ...]
    start: int
    directed: bool
    rule: str  # 'vertex' | 'edge'
    partizan: str = "none"  # 'none' | 'vertex' | 'edge'
    colours: tuple[int, ...] = ()  # per vertex ('vertex') or per edge ('edge'): 0 first, 1 second player


def moves(g: Geography, here: int, used: int, mover: int) -> Iterator[tuple[int, int]]:
    """Legal moves ``(next vertex, new used mask)`` from ``here``; ``used`` is a bit mask of visited
    vertices (rule ``vertex``) or used edges (rule ``edge``)."""
    for k, (u, v) in enumerate(g.edges):
        if u == here:
            there = v
        elif v == here and not g.directed:
            there = u
        else:
            continue
        if g.partizan == "edge" and g.colours[k] != mover or g.partizan == "vertex" and g.colours[there] != mover:
            continue
        bit = 1 << (there if g.rule == "vertex" else k)
        if not used & bit:
            yield there, used | bit


def start_mask(g: Geography) -> int:
    return 1 << g.start if g.rule == "vertex" else 0


def first_wins(g: Geography) -> bool:
    """Memoised game-tree search: whether the player to move from the start wins."""

    @cache
    def wins(here: int, used: int, mover: int) -> bool:
        return any(not wins(there, mask, 1 - mover) for there, mask in moves(g, here, used, mover))

    return wins(g.start, start_mask(g), 0)


def first_wins_minimax(g: Geography) -> bool:
    """Plain minimax without memory (the oracle)."""

    def wins(here: int, used: int, mover: int) -> bool:
        for there, mask in moves(g, here, used, mover):
            if not wins(there, mask, 1 - mover):
                return True
        return False

    return wins(g.start, start_mask(g), 0)


def first_wins_matching(g: Geography) -> bool:
    """Theorem 6.2's polynomial case (undirected vertex geography, impartial or vertex-partizan): the first
    player wins iff every maximum matching covers the start (see the module docstring)."""
    import networkx as nx

    if g.directed or g.rule != "vertex" or g.partizan == "edge":
        raise InputError(f"{NAME}: the matching criterion decides undirected vertex geography (impartial or "
                         f"vertex-partizan) only")
    graph = nx.Graph()
    graph.add_nodes_from(range(g.n))
    if g.partizan == "vertex":
        colour = [1 if v == g.start else c for v, c in enumerate(g.colours)]
        graph.add_edges_from((u, v) for u, v in g.edges if colour[u] != colour[v])
    else:
        graph.add_edges_from(g.edges)
    whole = len(nx.max_weight_matching(graph, maxcardinality=True))
    graph.remove_node(g.start)
    return len(nx.max_weight_matching(graph, maxcardinality=True)) < whole



class GeographyProblem(GameProblem):
    """Geography and partizan geography; see the module docstring."""

    name = NAME
    title = "Geography: vertex or edge, directed or undirected, impartial or vertex/edge-partizan"
    paper = "Bosboom et al., Edge Matching with Inequalities, Triangles, Unknown Shape, and Two Players, " \
            "section 6.1, Table 2"
    solution_is = "the verdict 'first': the first player has a winning strategy (one solution iff so)"
    params = (Param("vertices", 5, 1, 10, "number of vertices"),
              Param("edges", 6, 0, 14, "number of edges (at most the number of vertex pairs)"),
              Param("directed", 0, 0, 2, "0 = drawn at random, 1 directed, 2 undirected"),
              Param("rule", 0, 0, 2, "what may not repeat: 0 = drawn at random, 1 vertex, 2 edge"),
              Param("partizan", 0, 0, 3, "what is coloured: 0 = drawn at random, 1 none, 2 vertex, 3 edge"))
    modes = ("planted", "unsat")
    #: Simple graphs: no parallel edges (a digraph may hold both arcs u->v and v->u).
    edge_cases = GRAPH_EDGE_CASES
    exhaustive_params = (Param("vertices", 3, 1, 3, "largest number of vertices"),)

    def validate(self, g: Geography) -> None:
        if not isinstance(g, Geography):
            raise InputError(f"{NAME}: not a geography instance")
        if not is_int(g.n) or g.n < 1:
            raise InputError(f"{NAME}: n must be a positive integer")
        if not isinstance(g.directed, bool):
            raise InputError(f"{NAME}: directed must be true or false")
        if g.rule not in RULES or g.partizan not in PARTIZAN:
            raise InputError(f"{NAME}: rule must be one of {', '.join(RULES)} and partizan one of "
                             f"{', '.join(PARTIZAN)}")
        if not is_int(g.start) or not 0 <= g.start < g.n:
            raise InputError(f"{NAME}: start {g.start!r} is not a vertex")
        if not isinstance(g.edges, tuple) or not all(
                isinstance(e, tuple) and len(e) == 2 and all(is_int(x) and 0 <= x < g.n for x in e) and e[0] != e[1]
                for e in g.edges):
            raise InputError(f"{NAME}: edges must be pairs of distinct vertices in 0..{g.n - 1}")
        if not g.directed and any(u > v for u, v in g.edges):
            raise InputError(f"{NAME}: an undirected edge is written (u, v) with u < v")
        if list(g.edges) != sorted(set(g.edges)):
            raise InputError(f"{NAME}: edges must be sorted and distinct")
        want = {"none": 0, "vertex": g.n, "edge": len(g.edges)}[g.partizan]
        if not isinstance(g.colours, tuple) or len(g.colours) != want or any(c not in (0, 1) for c in g.colours) \
                or not all(is_int(c) for c in g.colours):
            raise InputError(f"{NAME}: {g.partizan}-partizan geography needs {want} colours, each 0 or 1")

    def first_wins(self, g: Geography) -> bool:
        return first_wins(g)

    def instance_to_json(self, g: Geography) -> dict[str, Any]:
        return {"n": g.n, "edges": [list(e) for e in g.edges], "start": g.start, "directed": g.directed,
                "rule": g.rule, "partizan": g.partizan, "colours": list(g.colours)}

    def instance_from_json(self, data: Mapping[str, Any]) -> Geography:
        if not isinstance(data, Mapping) or not isinstance(data.get("edges"), list) or \
                not all(isinstance(e, list) for e in data["edges"]) or not isinstance(data.get("colours", []), list):
            raise InputError(f"{NAME}: an instance is {{'n', 'edges': [[u, v], ...], 'start', 'directed', "
                             f"'rule', 'partizan', 'colours'}}")
        g = Geography(data.get("n"), tuple(tuple(e) for e in data["edges"]), data.get("start"),  # type: ignore
                      data.get("directed"), data.get("rule"), data.get("partizan", "none"),  # type: ignore
                      tuple(data.get("colours", [])))
        self.validate(g)
        return g

    def size(self, g: Geography) -> dict[str, int]:
        return {"vertices": g.n, "edges": len(g.edges)}

    def brute_force(self, g: Geography) -> Iterator[str]:
        if first_wins_minimax(g):
            yield FIRST

    def extra_counters(self) -> dict[str, Callable[[Any], int]]:
        return {"matching": lambda g: int(first_wins_matching(g))}

    def counting_method(self, g: Geography) -> str:
        """Theorem 6.2's matching criterion (polynomial) where it applies: undirected vertex geography,
        impartial or vertex-partizan; Ganak otherwise."""
        return "matching" if not g.directed and g.rule == "vertex" and g.partizan != "edge" else "ganak"

    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        """A random graph (orientation, rule and colouring drawn unless fixed); ``planted`` is the verdict
        ``first`` when the first player wins."""
        n = params["vertices"]
        directed, rule, partizan = self._kind(params, rng)
        pairs = list(itertools.permutations(range(n), 2) if directed else itertools.combinations(range(n), 2))
        edges = tuple(sorted(rng.sample(pairs, min(params["edges"], len(pairs)))))
        return self._game(n, edges, directed, rule, partizan, rng)

    def draw_edge(self, name: str, params: Mapping[str, int], rng: random.Random) -> Generated:
        """A random graph made to show ``name`` (antiparallel arcs: a digraph)."""
        directed, rule, partizan = self._kind(params, rng)
        directed = directed or name == "antiparallel-arcs"
        n, edges = edge_case_graph(name, params["vertices"], params["edges"], directed, rng)
        return self._game(n, tuple(edges), directed, rule, partizan, rng)

    @staticmethod
    def _kind(params: Mapping[str, int], rng: random.Random) -> tuple[bool, str, str]:
        directed = params["directed"] == 1 if params["directed"] else rng.random() < 0.5
        rule = RULES[params["rule"] - 1] if params["rule"] else rng.choice(RULES)
        partizan = PARTIZAN[params["partizan"] - 1] if params["partizan"] else rng.choice(PARTIZAN)
        return directed, rule, partizan

    @staticmethod
    def _game(n: int, edges: tuple[tuple[int, int], ...], directed: bool, rule: str, partizan: str,
              rng: random.Random) -> Generated:
        """The game with a random start and colouring; ``planted`` the verdict when the first player wins."""
        count = {"none": 0, "vertex": n, "edge": len(edges)}[partizan]
        g = Geography(n, edges, rng.randrange(n), directed, rule, partizan,
                      tuple(rng.randrange(2) for _ in range(count)))
        return Generated(g, FIRST if first_wins(g) else None)

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[Geography]:
        """Every graph on at most ``vertices`` vertices, started at 0, every rule, partizan kind and
        colouring."""
        for n in range(1, params["vertices"] + 1):
            for directed in (False, True):
                pairs = list(itertools.permutations(range(n), 2) if directed else itertools.combinations(range(n), 2))
                for k in range(len(pairs) + 1):
                    for edges in itertools.combinations(pairs, k):
                        for rule in RULES:
                            for partizan in PARTIZAN:
                                count = {"none": 0, "vertex": n, "edge": k}[partizan]
                                for colours in itertools.product((0, 1), repeat=count):
                                    yield Geography(n, edges, 0, directed, rule, partizan, colours)

    def shrink(self, g: Geography) -> Iterator[Geography]:
        """Delete one vertex other than the start with its edges (and colours), renumbering the rest; or
        drop one edge (and its colour)."""
        for v in range(g.n - 1, -1, -1):
            if v == g.start:
                continue
            keep = [k for k, e in enumerate(g.edges) if v not in e]
            edges = tuple((a - (a > v), b - (b > v)) for a, b in (g.edges[k] for k in keep))
            colours = (g.colours[:v] + g.colours[v + 1:] if g.partizan == "vertex"
                       else tuple(g.colours[k] for k in keep) if g.partizan == "edge" else ())
            yield Geography(g.n - 1, edges, g.start - (g.start > v), g.directed, g.rule, g.partizan, colours)
        for k in range(len(g.edges)):
            colours = g.colours[:k] + g.colours[k + 1:] if g.partizan == "edge" else g.colours
            yield Geography(g.n, g.edges[:k] + g.edges[k + 1:], g.start, g.directed, g.rule, g.partizan, colours)

    def structures(self, g: Geography) -> frozenset[str]:
        return graph_structures(g.n, g.edges, g.directed)


PROBLEMS = [GeographyProblem()]
