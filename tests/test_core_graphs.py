"""core.graphs.components against networkx's connected components on random edge sets."""

from __future__ import annotations

import random

import networkx as nx

from gadgetry.core.graphs import components


def test_components_match_networkx() -> None:
    rng = random.Random(3)
    for _ in range(200):
        n = rng.randint(1, 12)
        edges = [(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(0, 14))]
        got = components(edges)
        want = [set(c) for c in nx.connected_components(nx.Graph(edges))]
        assert sorted(map(sorted, got)) == sorted(map(sorted, want))
        seen = [p for a, b in edges for p in (a, b)]
        assert [min(c, key=seen.index) for c in got] == sorted({min(c, key=seen.index) for c in got}, key=seen.index)
    assert components([]) == []
