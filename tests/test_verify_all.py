"""``verify --all`` passes on every registered reduction (200 instances each in the quick run, 1000 in the
slow one; reductions whose instances take seconds each run fewer, listed in :data:`COSTLY`), each
reduction's gadgets pass their gadget checks (run once, by the same verify), and a deliberately broken
copy of a real reduction is reported FAIL with a counterexample."""

from __future__ import annotations

import pytest

from gadgetry.core.registry import reduction, reductions
from gadgetry.verify.protocol import FAIL, PASS, Limits, verify_reduction

NAMES = sorted(reductions())

#: Quick-run and slow-run instance counts of reductions whose single instances take a fraction of a second
#: or more (Ganak's start-up on edge-matching encodings, targets of hundreds of vertices or thousands of
#: cells), sized from a measured per-instance time so that each takes about 10-20 s in the quick run and
#: still mixes random, planted and unsatisfiable sources; the slow run verifies 200 of each. Every other
#: reduction runs 200 quick and 1000 slow.
COSTLY = {
    # the smallest sources only (7 x 7 to 9 x 9 panels): beyond, see UNDECIDED_TARGETS
    "witness-dominoes-from-rectilinear-steiner-tree": (4, 0),
    "witness-monominoes-from-rectilinear-steiner-tree": (4, 0),
    "kurodoko-from-1in3sat": (9, 200),
    "adversarial-boundary-edge-matching-from-qsat2": (3, 12),  # boards of hundreds of tiles, a SAT call per move
    "adversarial-boundary-edge-matching-losing-from-qsat2": (3, 12),  # boards of 81 x 81 cells and more, decided under assumptions
    "witness-one-triangles-from-x3c": (4, 20),  # boards of 34 x 56 to 63 x 108 cells, every path enumerated
    "witness-two-antibodies-from-adversarial-boundary-edge-matching": (3, 12),  # 17 x 430 to 19 x 700 panels, seconds each
    "witness-one-antibody-from-adversarial-boundary-edge-matching": (3, 12),  # 27 x 600 panels, seconds each
    "3dm-from-3sat": (10, 200),  # garbage collection: Ganak takes up to seconds on the (nM - m)! matchings
    "hamiltonian-cycle-from-planar-positive-1in3sat": (12, 200),  # graphs of hundreds of vertices
    "grid-hamiltonian-cycle-from-hamiltonian-cycle": (30, 200),  # planarity, a layout and graphillion per source
    "planar-3sat-from-3sat": (15, 200),  # embedded formulas of hundreds to thousands of variables
    "planar-positive-1in3sat-from-planar-3sat": (60, 200),  # embedded formulas of hundreds of variables
    # boards of hundreds of cells with 10^2 to 10^5 layouts, each enumerated, decoded, checked and mapped back
    "pips-connected-from-planar-positive-1in3sat": (80, 200),  # 0.25 CPU s per instance
    "pips-from-planar-positive-1in3sat": (100, 200),  # 0.2 CPU s per instance
    "witness-vertical-dominoes-from-planar-monotone-3sat": (12, 60),  # panels of 30-60 cells a side, lazy cuts
    "edge-matching-signed-from-hamiltonian-path": (40, 200),
    "edge-matching-unsigned-from-hamiltonian-path": (30, 200),
    "edge-matching-signed-no-boundary-from-hamiltonian-path": (18, 200),
    "edge-matching-unsigned-no-boundary-from-hamiltonian-path": (18, 200),
    "shapeless-from-edgematching": (100, 200),
    "triangle-edge-matching-hypotenuse-from-edge-matching": (24, 200),
    "triangle-edge-matching-leg-signed-from-euler-circuit": (30, 200),
    "triangle-edge-matching-leg-unsigned-from-euler-circuit": (60, 200),
    "triangle-edge-matching-signed-from-hamiltonian-cycle": (18, 200),
    "triangle-edge-matching-unsigned-from-hamiltonian-cycle": (18, 200),
    "triangle-edge-matching-signed-no-boundary-from-hamiltonian-cycle": (18, 200),
    "triangle-edge-matching-unsigned-no-boundary-from-hamiltonian-cycle": (18, 200),
    # Witness chamber boards: SAT on the region encoding takes seconds (squares: 10 gadget checks of ~10 s)
    "witness-broken-triangles-k1-from-grid-hamiltonian-cycle": (8, 100),
    "witness-broken-triangles-k2-from-grid-hamiltonian-cycle": (8, 100),
    "witness-broken-triangles-k3-from-grid-hamiltonian-cycle": (8, 100),
    "witness-broken-stars-from-grid-hamiltonian-cycle": (8, 60),
    "witness-broken-squares-from-grid-hamiltonian-cycle": (3, 12),
    "witness-edge-hexagons-broken-from-grid-hamiltonian-cycle": (8, 200),  # panels of 12 x 12 cells, SAT
    "witness-edge-hexagons-from-grid-hamiltonian-cycle": (6, 100),  # unbroken panels of 22 x 22, lazy cuts
    "witness-three-triangles-from-grid-hamiltonian-cycle": (8, 100),  # panels up to 59 x 23 cells, lazy cuts; 12 gadget checks ~6 s
    "witness-vertex-hexagons-broken-from-grid-hamiltonian-path": (40, 200),
    "witness-vertex-hexagons-broken-from-grid-hamiltonian-cycle": (8, 200),  # as Theorem 3.3's
    "witness-restricted-squares-from-tree-residue-vertex-breaking": (8, 100),  # boards of 23 x 23 to 35 x 35 cells
    "tree-residue-vertex-breaking-from-planar-positive-1in3sat": (40, 200),  # targets of 60-300 vertices, SAT enumeration
    "witness-from-witness-restricted-squares": (12, 200),  # the general Witness CNF on 4 x 4 and 5 x 4 panels
    "rectilinear-steiner-tree-from-planar-connected-vertex-cover": (40, 200),  # every minimal tree counted (up to 500)
    "planar-connected-vertex-cover-from-planar-3sat": (6, 30),  # Ganak on 100-200 vertex covers, 10-30 s each
}

#: Reductions whose target panels ``verify`` cannot count within the CI budget beyond their smallest
#: sources (the Witness CNF solves Theorem 7.2's 9 x 9 panels in about a second, but their exact count, by
#: Ganak, takes minutes), with the test file that checks their maps and decisions against an independent
#: oracle instead. The quick run verifies their smallest sources (COSTLY); the slow run's 1000 are UNKNOWN until
#: the Witness counters handle region clues on such boards.
UNDECIDED_TARGETS = {
    "witness-dominoes-from-rectilinear-steiner-tree": "tests/test_witness_steiner.py",
    "witness-monominoes-from-rectilinear-steiner-tree": "tests/test_witness_steiner.py",
}


@pytest.mark.parametrize("name", NAMES)
def test_every_reduction_passes(name: str) -> None:
    red = reductions()[name]
    quick = COSTLY.get(name, (200,))[0]
    rep = verify_reduction(red, instances=min(quick, red.verify_budget or quick), seed=1,
                           limits=Limits(seconds=120))
    assert len(rep.gadgets) == len(red.gadgets()), "verify checks every gadget of the reduction"
    assert all(g.ok for g in rep.gadgets), [(g.gadget, g.problems) for g in rep.gadgets if not g.ok]
    bad = [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]
    assert rep.verdict == PASS, bad
    assert any(r.source_count for r in rep.instances), "no solvable source in the sample"
    assert any(r.source_count == 0 for r in rep.instances), "no unsolvable source in the sample"


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_every_reduction_passes_many_instances(name: str) -> None:
    if name in UNDECIDED_TARGETS:
        pytest.skip(f"the Witness CNF does not decide these panels in CI time; see {UNDECIDED_TARGETS[name]}")
    rep = verify_reduction(reductions()[name], instances=COSTLY.get(name, (0, 1000))[1], seed=7,
                           limits=Limits(seconds=600))
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]


def test_chain_from_any_cnf_to_positive_1in3sat_passes() -> None:
    chain = reduction("3sat-from-sat,1in3sat-from-3sat,positive-1in3sat-from-1in3sat")
    rep = verify_reduction(chain, instances=6, seed=2, params={"variables": "4", "clauses": "6"},
                           limits=Limits(seconds=120))
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]


def test_broken_copy_of_a_real_reduction_fails_with_a_counterexample() -> None:
    """1-in-3SAT from 3SAT with one gadget clause forgotten for every source clause."""
    base = type(reductions()["1in3sat-from-3sat"])

    class ForgetsAGadgetClause(base):
        name = "broken-1in3sat-from-3sat"

        def reduce(self, x):
            y = super().reduce(x)
            # Drop the last target clause: one gadget loses a constraint.
            return type(y)(y.variables, y.clauses[:-1])

        def overhead(self, x):
            return None

    rep = verify_reduction(ForgetsAGadgetClause(), instances=10, seed=1, limits=Limits(seconds=60))
    assert rep.verdict == FAIL
    ce = rep.counterexample
    assert ce is not None and ce.failure in ("decision", "backward", "count", "forward")
    assert ce.source["clauses"], "the counterexample is a real source instance"
