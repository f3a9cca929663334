"""Planar connected vertex cover (Garey & Johnson 1977, Lemma 2) and their rectilinear Steiner tree
construction from it.

Decisions are checked against the source's brute force (vertex subsets) on every small drawing, the maps
both ways by the two rule checkers, and the counts (not parsimonious) measured; the scale-2 drawing that
breaks the construction is kept; verify passes on the smallest sources and is UNKNOWN, never PASS, out of
its time budget.
"""

from __future__ import annotations

import pytest

from gadgetry.core import InputError
from gadgetry.core.registry import problem, reduction
from gadgetry.reductions import rectilinear_steiner_tree_from_planar_connected_vertex_cover as gj
from gadgetry.sources.connected_vertex_cover import (
    DrawnGraph,
    PlanarConnectedVertexCover,
    bent_path,
    make_graph,
)
from gadgetry.sources.steiner import RectilinearSteinerTree
from gadgetry.verify.protocol import PASS, UNKNOWN, Limits, verify_reduction
from gadgetry.verify.solve import count

RED = reduction("rectilinear-steiner-tree-from-planar-connected-vertex-cover")
CVC, STEINER = PlanarConnectedVertexCover(), RectilinearSteinerTree()
#: The path round three sides of the unit square (0, 0) - (0, 1) - (1, 1) - (1, 0): its smallest connected
#: cover has two vertices.
THREE_SIDES = make_graph([(0, 0), (0, 1), (1, 1), (1, 0)],
                         [[(0, 0), (0, 1)], [(0, 1), (1, 1)], [(1, 1), (1, 0)]], 1)


def small_sources() -> list[DrawnGraph]:
    """Every drawing of at most four unit edges in the 3 x 2 box, k up to 3, and the bent path."""
    out = [g for g in CVC.exhaustive({"width": 3, "height": 2, "k": 3}) if len(g.edges) <= 4]
    return out


def test_source_problem_rejects_bad_drawings() -> None:
    cvc = problem("planar-connected-vertex-cover")
    good = {"points": [[0, 0], [1, 0], [2, 0]], "edges": [[[0, 0], [1, 0]], [[1, 0], [2, 0]]], "k": 1}
    assert cvc.instance_from_json(good).k == 1
    for bad in ({**good, "edges": [[[0, 0], [2, 0]]]},  # no lattice path
                {**good, "edges": [[[0, 0], [1, 0], [2, 0]]]},  # through a vertex
                {**good, "edges": [[[0, 0], [1, 0]], [[1, 0], [0, 0]]]},  # parallel edges
                {**good, "edges": [[[0, 0], [0, 1], [1, 1], [1, 0]], [[0, 0], [0, -1], [1, -1], [1, 0]],
                                   [[1, 0], [1, 1], [2, 1], [2, 0]]]},  # two paths share a point
                {**good, "k": -1}, {**good, "colour": 1}):
        with pytest.raises(InputError):
            cvc.instance_from_json(bad)


def test_decisions_and_maps_on_every_small_drawing() -> None:
    """Both sides solvable together (the source by brute force); the SAT solver's target tree maps back to
    a cover the checker accepts; every cover the brute force finds maps forward to a tree the checker
    accepts."""
    seen = {True: 0, False: 0}
    for src in small_sources():
        covers = list(CVC.brute_force(src))
        tgt = RED.reduce(src)
        tree = STEINER.solve(tgt)
        assert (tree is not None) == bool(covers), src
        seen[bool(covers)] += 1
        if tree is not None:
            assert CVC.check(src, RED.backward(src, tgt, tree)), src
        for cover in covers:
            assert STEINER.check(tgt, RED.forward(src, tgt, cover)), (src, cover)
    assert seen[True] > 20 and seen[False] > 20


def test_bent_edges_and_their_bounds() -> None:
    """A bent edge of length 2 is a chain of 5 terminals; the path's one inner vertex is its cover."""
    src = bent_path(1)
    tgt = RED.reduce(src)
    assert len(tgt.points) == 2 + 5 and tgt.k == (1 + 4) + 1 + 1
    assert list(CVC.brute_force(src)) == [((1, 0),)]
    assert STEINER.solve(RED.reduce(bent_path(0))) is None


def test_counts_are_not_parsimonious() -> None:
    """The measured relation: the path a - u - b has one cover of size 1 and two trees (through u's point or
    its corner); the unit square with k = 3 has four covers and 116 trees (each cover's joins at vertices or
    corners, and joins across the face)."""
    path = make_graph([(0, 0), (1, 0), (1, 1)], [[(0, 0), (1, 0)], [(1, 0), (1, 1)]], 1)
    assert count(CVC, path, "enumeration").count == 1
    assert count(STEINER, RED.reduce(path), "enumeration").count == 2
    straight = make_graph([(0, 0), (1, 0), (2, 0)], [[(0, 0), (1, 0)], [(1, 0), (2, 0)]], 1)
    assert count(STEINER, RED.reduce(straight), "enumeration").count == 1
    square = make_graph([(0, 0), (1, 0), (0, 1), (1, 1)],
                        [[(0, 0), (1, 0)], [(0, 0), (0, 1)], [(1, 0), (1, 1)], [(0, 1), (1, 1)]], 3)
    assert count(CVC, square, "enumeration").count == 4
    assert count(STEINER, RED.reduce(square), "enumeration").count == 116


def test_scale_two_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """Why the scale is 3: at scale 2 the centre of the square's face is one unit from all three chains
    and joins them without a cover vertex, so k = 1 (no connected cover: one vertex meets at most two of
    the three edges) gets a tree."""
    assert not list(CVC.brute_force(THREE_SIDES))
    assert STEINER.solve(RED.reduce(THREE_SIDES)) is None
    monkeypatch.setattr(gj, "SCALE", 2)
    assert STEINER.solve(RED.reduce(THREE_SIDES)) is not None


def test_degenerate_sources_get_fixed_instances() -> None:
    empty = make_graph([(0, 0)], [], 0)
    assert RED.reduce(empty) == gj.YES_INSTANCE and RED.forward(empty, gj.YES_INSTANCE, ()) == ()
    apart = make_graph([(0, 0), (1, 0), (0, 2), (1, 2)], [[(0, 0), (1, 0)], [(0, 2), (1, 2)]], 4)
    assert RED.reduce(apart) == gj.NO_INSTANCE and STEINER.solve(gj.NO_INSTANCE) is None


@pytest.mark.slow
def test_verify_passes_on_small_sources() -> None:
    """Another seed than tests/test_verify_all.py's quick run."""
    rep = verify_reduction(RED, instances=14, seed=3, limits=Limits(seconds=60))
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]
    assert any(r.source_count for r in rep.instances) and any(r.source_count == 0 for r in rep.instances)


def test_verify_is_unknown_out_of_budget() -> None:
    """Sources too big to count the target's trees in a second are UNKNOWN, never PASS."""
    rep = verify_reduction(RED, instances=2, seed=1, params={"n": "9", "width": "3", "height": "3", "slack": "3"},
                           limits=Limits(seconds=1, exhaustive_seconds=0))
    assert rep.verdict == UNKNOWN, [(r.label, r.verdict) for r in rep.instances]
