"""Structure classes shared by the set and graph sources: the shapes where reductions break (an element no
set covers, a set given twice, a bridge, a pendant vertex, ...), named as in each problem's ``edge_cases``
so that ``verify`` can count how many instances of each class it covered."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence

#: Edge cases of set systems (x3c, 3dm, interval-pair-cover).
SET_EDGE_CASES = ("uncovered-element", "repeated-set", "popular-element", "smallest-universe", "no-sets")
#: Edge cases of graphs (Hamiltonicity, Euler circuits, Geography).
GRAPH_EDGE_CASES = ("one-vertex", "two-vertices", "pendant-vertex", "bridge", "antiparallel-arcs",
                    "disconnected")


def set_structures(universe: Iterable[Hashable], sets: Sequence[Iterable[Hashable]],
                   given: Sequence[Hashable], smallest: bool) -> frozenset[str]:
    """The :data:`SET_EDGE_CASES` a set system shows: ``sets`` as element collections, ``given`` the sets
    as written (compared for repeats), ``smallest`` whether the universe has the least legal size. An
    element is popular when it lies in at least three sets and at least half of them."""
    out = set()
    load = Counter(e for s in sets for e in set(s))
    if any(load[e] == 0 for e in universe):
        out.add("uncovered-element")
    if len(set(given)) < len(given):
        out.add("repeated-set")
    if load and max(load.values()) >= max(3, (len(sets) + 1) // 2):
        out.add("popular-element")
    if smallest:
        out.add("smallest-universe")
    if not sets:
        out.add("no-sets")
    return frozenset(out)


def graph_structures(n: int, edges: Sequence[tuple[int, int]], directed: bool) -> frozenset[str]:
    """The :data:`GRAPH_EDGE_CASES` a simple graph or digraph on vertices 0..n-1 shows (degrees, bridges
    and components of the underlying undirected graph; antiparallel arcs only in digraphs)."""
    import networkx as nx
    out = set()
    if n in (1, 2):
        out.add("one-vertex" if n == 1 else "two-vertices")
    under = nx.Graph()
    under.add_nodes_from(range(n))
    under.add_edges_from(edges)
    if any(d == 1 for _v, d in under.degree()):
        out.add("pendant-vertex")
    arcs = set(edges)
    antiparallel = directed and any((v, u) in arcs for u, v in arcs)
    if antiparallel:
        out.add("antiparallel-arcs")
    doubled = {frozenset(e) for e in arcs if (e[1], e[0]) in arcs} if directed else set()
    if any(frozenset(e) not in doubled for e in nx.bridges(under)):
        out.add("bridge")
    if n > 1 and not nx.is_connected(under):
        out.add("disconnected")
    return frozenset(out)


def edge_case_graph(name: str, n: int, m: int, directed: bool,
                    rng: random.Random) -> tuple[int, list[tuple[int, int]]]:
    """A random simple graph (undirected pairs written u < v) made to show ``name``, one of
    :data:`GRAPH_EDGE_CASES`: ``n`` and about ``m`` edges unless the case fixes them. ``bridge`` and
    ``disconnected`` split the vertices in two random parts with random edges inside each, joined by one
    edge (bridge) or none; ``pendant-vertex`` leaves one vertex a single edge."""
    n = {"one-vertex": 1, "two-vertices": 2}.get(name, max(n, 3))
    pairs = list(itertools.permutations(range(n), 2) if directed else itertools.combinations(range(n), 2))
    edges = rng.sample(pairs, min(m, len(pairs)))
    if name in ("bridge", "disconnected"):
        side = rng.sample(range(n), rng.randint(1, n - 1))
        edges = [e for e in edges if (e[0] in side) == (e[1] in side)]
        if name == "bridge":
            u, v = rng.choice(side), rng.choice([x for x in range(n) if x not in side])
            edges.append((min(u, v), max(u, v)) if not directed else (u, v))
    elif name == "pendant-vertex":
        v = rng.randrange(n)
        edges = [e for e in edges if v not in e]
        u = rng.choice([x for x in range(n) if x != v])
        edges.append((min(u, v), max(u, v)) if not directed else rng.choice([(u, v), (v, u)]))
    elif name == "antiparallel-arcs" and edges:
        u, v = rng.choice(edges)
        edges.append((v, u))
    return n, sorted(set(edges))
