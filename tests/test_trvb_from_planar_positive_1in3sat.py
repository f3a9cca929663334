"""Planar positive 1-in-3SAT -> planar tree-residue vertex breaking: the gadget checks, planar targets whose
breaking sets are exactly the forward images of the source's solutions (against both brute forces and
Ganak), ``verify`` PASS, a copy without the up-not edge caught, a CNF carried through the whole chain and
lifted back, and no chain from SAT to the Restricted Squares Problem (the targets are not drawn 4-regular
multigraphs)."""

from __future__ import annotations

import random

import pytest

from gadgetry.core import InputError, compose, registry
from gadgetry.reductions.tree_residue_vertex_breaking_from_planar_positive_1in3sat import (
    TRVBFromPlanarOneInThreeSat,
    build,
    literal_vertices,
)
from gadgetry.sources.planar_sat import PlanarFormula, PlanarPositiveOneInThreeSat
from gadgetry.sources.sat import Formula, Sat
from gadgetry.sources.vertex_breaking import TreeResidueVertexBreaking, TRVBInstance, residue_failure
from gadgetry.verify.gadget import check_gadget
from gadgetry.verify.protocol import FAIL, PASS, Limits, verify_reduction
from test_planar_3sat import ganak

SOURCE = PlanarPositiveOneInThreeSat()
TARGET = TreeResidueVertexBreaking()
RED = TRVBFromPlanarOneInThreeSat()


def sources():
    rng = random.Random(5)
    for params, mode in [({"variables": 3, "clauses": 1}, None), ({"variables": 4, "clauses": 2}, "planted"),
                         ({"variables": 5, "clauses": 3}, None), ({"variables": 5, "clauses": 5}, "unsat"),
                         ({"variables": 5, "clauses": 4}, "unique"), ({"variables": 3, "clauses": 0}, None)]:
        for _ in range(2):
            yield SOURCE.generate(SOURCE.resolve_params(params), rng, mode).instance


@pytest.mark.parametrize("index", range(3))
def test_gadgets_pass_their_checks(index: int) -> None:
    report = check_gadget(RED.gadgets()[index])
    assert report.ok, report.problems


def test_breaking_sets_are_the_images_of_the_solutions() -> None:
    """Brute force on both sides: the target's breaking sets are exactly the forward images, the backward
    map inverts them, and Ganak counts the target's encoding the same."""
    counts = set()
    for src in sources():
        t = RED.reduce(src)
        TARGET.validate(t)  # connected and planar (networkx)
        sols = list(SOURCE.brute_force(src))
        images = sorted(RED.forward(src, t, s) for s in sols)
        assert sorted(TARGET.brute_force(t)) == images
        assert all(RED.backward(src, t, b) == s for s, b in zip(sols, (RED.forward(src, t, s) for s in sols)))
        assert ganak(TARGET, t) == len(sols)
        assert t.vertices == RED.overhead(src)["vertices"] and len(t.edges) == RED.overhead(src)["edges"]
        counts.add(len(sols))
    assert 0 in counts and max(counts) > 1


def test_the_gadget_shapes() -> None:
    """Junctions and hubs are unbreakable, the three vertices of a variable breakable; ``up`` and ``down``
    carry the variable's occurrences above and below the line."""
    src = PlanarFormula(Formula(4, ((1, 2, 3), (2, 3, 4))), (1, 2, 3, 4), ("above", "below"), (1, 1))
    t = build(src)
    lits = literal_vertices(src)
    assert [v for v in range(t.vertices) if t.breakable[v]] == sorted(x for trio in lits.values() for x in trio)
    assert [t.degree(x) for x in lits[2]] == [4, 4, 3] and [t.degree(x) for x in lits[1]] == [4, 4, 2]
    assert t.degree(0) == 3 and t.degree(2) == 5 and t.degree(t.vertices - 1) == 3


def test_verify_passes_and_a_copy_without_the_up_not_edge_fails() -> None:
    """Without the edge, ``up`` and ``not`` may both break when a hub with two true variables joins the
    two halves of the spine: extra breaking sets that map back to no solution."""
    rep = verify_reduction(RED, instances=6, seed=3, limits=Limits(seconds=120))
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]
    assert any(r.source_count for r in rep.instances) and any(r.source_count == 0 for r in rep.instances)

    class NoUpNotEdge(TRVBFromPlanarOneInThreeSat):
        name = "broken-tree-residue-vertex-breaking-from-planar-positive-1in3sat"

        def reduce(self, source: PlanarFormula) -> TRVBInstance:
            t = build(source)
            pairs = {tuple(sorted(trio[:2])) for trio in literal_vertices(source).values()}
            return TRVBInstance(t.vertices, t.breakable, tuple(e for e in t.edges if e not in pairs))

        def overhead(self, source):
            return None

        def gadgets(self):
            return []

    rep = verify_reduction(NoUpNotEdge(), instances=20, seed=3, limits=Limits(seconds=120))
    assert rep.verdict == FAIL


def test_a_cnf_is_carried_to_a_breaking_set_and_back() -> None:
    """SAT -> 3SAT -> planar 3SAT -> planar positive 1-in-3SAT -> TRVB on a 4-variable CNF: every solution's
    image passes the TRVB checker and lifts back to itself (the target has about 28,000 vertices)."""
    f = Formula(4, ((1, -2, 3), (-1, -3, 4), (2, 3, -4)))
    chain = registry.reduction("3sat-from-sat,planar-3sat-from-3sat,planar-positive-1in3sat-from-planar-3sat,"
                               "tree-residue-vertex-breaking-from-planar-positive-1in3sat")
    t = chain.reduce(f)
    for s in list(Sat().brute_force(f))[:3]:
        broken = chain.forward(f, t, s)
        assert residue_failure(t, set(broken)) is None and TARGET.check(t, broken).ok
        assert chain.backward(f, t, broken) == s


def test_sat_reaches_trvb_but_not_the_restricted_squares() -> None:
    """The targets have vertices of degree other than 4 and no drawing: Theorem 4.3 refuses them."""
    names = [r.name for r in registry.path("sat", "tree-residue-vertex-breaking")]
    assert names[-2:] == ["planar-positive-1in3sat-from-planar-3sat", RED.name]
    with pytest.raises(InputError, match="no chain"):
        registry.path("sat", "witness-restricted-squares")
    with pytest.raises(InputError, match="mixed-degree"):
        compose([RED, registry.reduction("witness-restricted-squares-from-tree-residue-vertex-breaking")])
