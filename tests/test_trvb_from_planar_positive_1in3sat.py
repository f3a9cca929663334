"""Planar positive 1-in-3SAT -> planar tree-residue vertex breaking, drawn: the gadget checks, drawn planar
targets (every vertex of degree at most 4, breakable ones 3 or 4) whose breaking sets are exactly the
forward images of the source's solutions (against both brute forces and Ganak), ``verify`` PASS, a copy
without the up-not edges caught, a CNF carried to a breaking set and back, and the chain on into the
Restricted Squares Problem (Theorem 4.3) parsimonious."""

from __future__ import annotations

import random

import pytest
from test_planar_3sat import ganak

from gadgetry.core import compose, registry
from gadgetry.puzzles.witness_restricted import RestrictedSquares
from gadgetry.reductions.tree_residue_vertex_breaking_from_planar_positive_1in3sat import (
    VARIABLE_GADGET_SOURCE,
    TRVBFromPlanarOneInThreeSat,
    build,
)
from gadgetry.sources.planar_sat import PlanarFormula, PlanarPositiveOneInThreeSat
from gadgetry.sources.sat import Formula, Sat
from gadgetry.sources.vertex_breaking import (
    DRAWN_DEGREE_3_4,
    TreeResidueVertexBreaking,
    TRVBInstance,
    residue_failure,
)
from gadgetry.verify.gadget import check_gadget
from gadgetry.verify.protocol import FAIL, PASS, Limits, verify_reduction
from gadgetry.verify.solve import count

SOURCE = PlanarPositiveOneInThreeSat()
TARGET = TreeResidueVertexBreaking()
RED = TRVBFromPlanarOneInThreeSat()
THM43 = "witness-restricted-squares-from-tree-residue-vertex-breaking"


def sources():
    rng = random.Random(5)
    for params, mode in [({"variables": 3, "clauses": 1}, None), ({"variables": 4, "clauses": 2}, "planted"),
                         ({"variables": 4, "clauses": 4}, "unsat"), ({"variables": 3, "clauses": 0}, None)]:
        for _ in range(2):
            yield SOURCE.generate(SOURCE.resolve_params(params), rng, mode).instance


@pytest.mark.parametrize("index", range(3))
def test_gadgets_pass_their_checks(index: int) -> None:
    report = check_gadget(RED.gadgets()[index])
    assert report.ok, report.problems


def test_breaking_sets_are_the_images_of_the_solutions() -> None:
    """The target's breaking sets are exactly the forward images (its brute force where it has at most 16
    breakable vertices, else Ganak on its encoding counting them), the backward map inverts them, and the
    drawn targets are planar with every vertex of degree at most 4 and the breakable ones of degree 3 or 4."""
    counts = set()
    for src in sources():
        t = RED.reduce(src)
        TARGET.validate(t)  # connected, planar (networkx) and the drawing planar and orthogonal
        degrees = [t.degree(v) for v in range(t.vertices)]
        assert max(degrees) <= 4 and all(degrees[v] in (3, 4) for v in range(t.vertices) if t.breakable[v])
        sols = list(SOURCE.brute_force(src))
        images = sorted(RED.forward(src, t, s) for s in sols)
        assert all(TARGET.check(t, b).ok for b in images)
        if sum(t.breakable) <= 16:
            assert sorted(TARGET.brute_force(t)) == images
        else:
            assert ganak(TARGET, t) == len(sols)
        assert all(RED.backward(src, t, RED.forward(src, t, s)) == s for s in sols)
        assert t.vertices == RED.overhead(src)["vertices"] and len(t.edges) == RED.overhead(src)["edges"]
        counts.add(len(sols))
    assert 0 in counts and max(counts) > 1


def test_the_gadget_shapes() -> None:
    """Junctions, rails and hubs are unbreakable; the chains alternate, so a variable with two legs above
    and three below has 1 + 2 + 3 vertices equal to x and 1 + 2 + 2 equal to not x, of degree 3 or 4."""
    con = build(VARIABLE_GADGET_SOURCE)
    t = con.instance
    SOURCE.validate(VARIABLE_GADGET_SOURCE)
    assert len(con.same[1]) == 6 and len(con.negated[1]) == 5
    assert [t.degree(w) for w in con.same[1]] == [4, 4, 3, 4, 4, 3]  # up, the legs above, the legs below
    assert sorted(w for v in con.same for w in (*con.same[v], *con.negated[v])) == \
        [w for w in range(t.vertices) if t.breakable[w]]
    assert all(t.degree(h) == 3 and not t.breakable[h] for h in con.hubs)
    assert t.positions[con.same[1][0]][1] == -1 and t.positions[con.negated[1][0]][1] == 1  # up above, not below


def _without_up_not_edges(source: PlanarFormula) -> TRVBInstance:
    con = build(source)
    t = con.instance
    pairs = {tuple(sorted((con.same[v][0], con.negated[v][0]))) for v in source.order}
    return TRVBInstance(t.vertices, t.breakable, tuple(e for e in t.edges if e not in pairs))


def test_a_copy_without_the_up_not_edges_has_extra_breaking_sets() -> None:
    """Without the edge, ``up`` and ``not`` may both break when a hub with two true variables joins the
    two halves of the spine: breaking sets that are the image of no solution."""
    src = PlanarFormula(Formula(3, ((1, 2, 3),)), (1, 2, 3), ("above",), (1,))
    images = sorted(RED.forward(src, RED.reduce(src), s) for s in SOURCE.brute_force(src))
    assert sorted(TARGET.brute_force(RED.reduce(src))) == images
    assert len(list(TARGET.brute_force(_without_up_not_edges(src)))) > len(images)


@pytest.mark.slow
def test_verify_passes_and_fails_on_the_copy_without_the_up_not_edges() -> None:
    rep = verify_reduction(RED, instances=6, seed=3, limits=Limits(seconds=120))
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]
    assert any(r.source_count for r in rep.instances)

    class NoUpNotEdge(TRVBFromPlanarOneInThreeSat):
        name = "broken-tree-residue-vertex-breaking-from-planar-positive-1in3sat"

        def reduce(self, source: PlanarFormula) -> TRVBInstance:
            return _without_up_not_edges(source)

        def overhead(self, source):
            return None

        def gadgets(self):
            return []

    rep = verify_reduction(NoUpNotEdge(), instances=20, seed=3, limits=Limits(seconds=120))
    assert rep.verdict == FAIL


def test_a_cnf_is_carried_to_a_breaking_set_and_back() -> None:
    """SAT -> 3SAT -> planar 3SAT -> planar positive 1-in-3SAT -> TRVB on a 3-variable CNF: every solution's
    image passes the TRVB checker and lifts back to itself."""
    f = Formula(3, ((1, -2, 3), (-1, -3, 2)))
    chain = registry.reduction("3sat-from-sat,planar-3sat-from-3sat,planar-positive-1in3sat-from-planar-3sat,"
                               "tree-residue-vertex-breaking-from-planar-positive-1in3sat")
    t = chain.reduce(f)
    for s in list(Sat().brute_force(f))[:3]:
        broken = chain.forward(f, t, s)
        assert residue_failure(t, set(broken)) is None and TARGET.check(t, broken).ok
        assert chain.backward(f, t, broken) == s


def test_sat_reaches_the_restricted_squares_through_trvb() -> None:
    names = [r.name for r in registry.path("sat", "witness-restricted-squares")]
    assert names[-2:] == [RED.name, THM43] and RED.target_variant == DRAWN_DEGREE_3_4
    assert DRAWN_DEGREE_3_4 in registry.reduction(THM43).source_variants


def test_planar_formulas_reach_restricted_squares_parsimoniously() -> None:
    """Planar positive 1-in-3SAT -> TRVB -> Restricted Squares (Theorem 4.3) on small formulas: the panel's
    solutions (counted by its own brute force) are the images of the formula's, one each, and lift back."""
    chain = compose([RED, registry.reduction(THM43)])
    rsq = RestrictedSquares()
    rng = random.Random(1)
    empty = PlanarFormula(Formula(0, ()), (), (), ())  # one junction: a blue box under the gate
    for src in [empty, *(SOURCE.generate(SOURCE.resolve_params(params), rng, "planted").instance
                         for params in ({"variables": 3, "clauses": 1}, {"variables": 4, "clauses": 2}))]:
        panel = chain.reduce(src)
        rsq.validate(panel)
        sols = list(SOURCE.brute_force(src))
        for s in sols:
            path = chain.forward(src, panel, s)
            assert rsq.check(panel, path).ok and chain.backward(src, panel, path) == s
        assert count(rsq, panel).count == len(sols) > 0


def test_degree_4_variable_gadgets_have_a_multiple_of_3_hub_edges() -> None:
    """Why the chains end in degree-3 vertices: ``bench/trvb_degree4_variable_search.py`` on gadgets of up to
    3 vertices, unbreakable ones of any degree (its docstring proves it for every size)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "bench" / "trvb_degree4_variable_search.py"
    spec = importlib.util.spec_from_file_location("trvb_degree4_variable_search", path)
    search = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(search)
    found = [k for _, k in search.variable_gadgets(3, any_unbreakable_degree=True)]
    assert len(found) == 218 and all(k % 3 == 0 for k in found)
