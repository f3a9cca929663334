"""The Strands reductions of the NYT seed, section 4: Flow Free (checkerboard), positive planar 1-in-3SAT
(Theorem 3, with the reconstructed variable gadget of Figure 13, and Corollary 19) and the 3 x 3
enlargement (Theorem 20); the quick run verifies 200 instances of each in tests/test_verify_all.py, the
slow run 200 more here."""

from __future__ import annotations

import pytest

from gadgetry.core.registry import problem, reduction
from gadgetry.puzzles.flowfree import FlowFree
from gadgetry.puzzles.strands import Strands, StrandsProblem
from gadgetry.reductions.strands_from_flowfree import shade
from gadgetry.verify.gadget import check_gadget
from gadgetry.verify.protocol import PASS, Limits, verify_reduction
from gadgetry.verify.sample import sample_sources
from gadgetry.verify.solve import count

STRANDS = StrandsProblem()
NAMES = ["strands-from-flowfree", "strands-from-planar-positive-1in3sat", "strands-enlarged-from-strands"]


def _verify(name: str, instances: int) -> None:
    rep = verify_reduction(reduction(name), instances=instances, seed=11, limits=Limits(seconds=120))
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS][:3]
    assert sum(r.source_count == 0 for r in rep.instances) >= instances // 10
    assert sum(r.source_count > 0 for r in rep.instances) >= instances // 10
    assert all(r.target_count == r.source_count for r in rep.instances)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_verify_200_instances(name: str) -> None:
    """A second sample (seed 11) beside tests/test_verify_all.py's 200 instances (seed 1) of each, which
    the quick run has; about 80 s for the three."""
    _verify(name, 200)


def test_reconstructed_variable_gadget_has_exactly_two_coverings() -> None:
    gadgets = reduction("strands-from-planar-positive-1in3sat").gadgets()
    assert len(gadgets) >= 30
    for g in gadgets:
        rep = check_gadget(g)
        assert rep.ok, (g.name, rep.problems)


def test_corollary_19_no_diagonal_moves_needed() -> None:
    """Theorem 3's targets have as many solutions with orthogonal moves as with king moves."""
    red = reduction("strands-from-planar-positive-1in3sat")
    for label, x in sample_sources(red, 24, seed=5):
        y = red.reduce(x)
        rook = Strands(y.grid, y.words, diagonal=False)
        assert count(STRANDS, y, "ganak").count == count(STRANDS, rook, "ganak").count, label


def test_paper_example_figure_12() -> None:
    red = reduction("strands-from-planar-positive-1in3sat")
    x, a = red.example()
    y = red.reduce(x)
    assert STRANDS.check(y, red.forward(x, y, a))
    assert count(STRANDS, y, "ganak").count == 2  # (1,0,0,1,0) and (0,0,1,1,0)
    assert set(y.words) == {"_", "A", "A*", "*#BE", "#B*", "EF", "FCC"}


def test_the_seeds_literal_flowfree_dictionary_admits_diagonal_cheats() -> None:
    """C (B W)^l C for terminals of different shades reads from the black terminal with diagonal first and
    last moves: this board has no Flow Free solution, its literal Strands image has one. The repaired
    dictionary counts right."""
    source = FlowFree(("...B", "AB.A", "...."))
    red = reduction("strands-from-flowfree")
    repaired = red.reduce(source)
    literal = Strands(tuple(r.replace("c", "C") for r in repaired.grid),
                      tuple(w.replace("c", "C") for w in repaired.words))
    assert shade(0, 3) != shade(1, 1)
    flow = count(problem("flowfree"), source, "brute-force").count
    assert flow == count(STRANDS, repaired, "ganak").count == 0
    assert count(STRANDS, literal, "ganak").count == 1


@pytest.mark.slow
def test_enlargement_of_a_theorem_3_target() -> None:
    """Theorem 20 applied to Theorem 3's output (which satisfies its hypothesis by Corollary 19); ~15 s."""
    from gadgetry.sources.planar_sat import PlanarFormula
    from gadgetry.sources.sat import Formula

    x = PlanarFormula(Formula(3, ((1, 2, 3),)), (1, 2, 3), ("below",), (1,))
    y = reduction("strands-from-planar-positive-1in3sat").reduce(x)
    big = reduction("strands-enlarged-from-strands").reduce(y)
    assert min(len(w) for w in big.words) == 9 and max(len(w) for w in big.words) == 36
    assert count(STRANDS, big, "ganak").count == count(STRANDS, y, "ganak").count == 3
