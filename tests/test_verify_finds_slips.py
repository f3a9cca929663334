"""``verify`` with default settings finds the slips papers' reductions make (tests/broken_reductions.py):
each broken reduction is a FAIL of the expected kind with a counterexample no larger than the smallest
that exists, found here by a brute-force search over every source of smaller size; the correct controls
pass. Also: the report holds the gadget verdicts, a cap below 1 is never PASS, the approximate path is
never PASS, a rare FAIL says so, and an internal error has its own exit status."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from sympy.utilities.iterables import partitions
from broken_reductions import BROKEN, CONTROLS, SLIPS, SameFormula
from toy_reductions import PadOneVariable

from gadgetry.cli import main
from gadgetry.core import Reduction, c_monious
from gadgetry.sources.hamiltonicity import make_instance
from gadgetry.sources.sat import Formula
from gadgetry.sources.subsetsum import SubsetSumInstance
from gadgetry.sources.x3c import X3CInstance
from gadgetry.verify.protocol import (
    ERROR,
    FAIL,
    PASS,
    UNKNOWN,
    Limits,
    check_instance,
    combine,
    verify_reduction,
)
from gadgetry.verify.sample import measure

PLUGIN = str(Path(__file__).with_name("broken_reductions.py"))
IN_PROCESS = Limits(seconds=None, shrink_seconds=0)
#: Slips only the sources helper's edge-case generators reach (3SAT generators and exhaustive sets
#: without repeated literals or tautologies): they may fail until those generators are merged.
NEEDS_EDGE_CASES = {"broken-repeated-literal", "broken-tautology"}


# -- brute force: every source of a given size ----------------------------------------------------
def _formulas(m: int, min_vars: int = 0) -> Iterator[Formula]:
    """Every 3SAT formula (clauses of 1-3 literals, repeats and complements allowed, clause order
    ignored) of measure variables + clauses + literals = m."""
    for v in range(min_vars, m + 1):
        lits = [s * i for i in range(1, v + 1) for s in (1, -1)]
        pool = [c for w in (1, 2, 3) for c in itertools.combinations_with_replacement(lits, w)]
        left = m - v
        for k in range(left + 1):
            for clauses in itertools.combinations_with_replacement(pool, k):
                if k + sum(len(c) for c in clauses) == left:
                    yield Formula(v, clauses)


def _subset_sums(m: int, min_target: int = 1) -> Iterator[SubsetSumInstance]:
    """Every subset-sum instance (sorted items, a partition of their total) of measure items + target +
    total = m, with a target of at least ``min_target``."""
    for t in range(min_target, m):
        for total in range(1, m - t):
            for parts in partitions(total, m=m - t - total):
                items = tuple(sorted(w for w, k in parts.items() for _ in range(k)))
                if len(items) + t + total == m:
                    yield SubsetSumInstance(items, t)


def _x3cs(m: int) -> Iterator[X3CInstance]:
    """Every X3C instance of measure elements + sets = m (elements 3 or 6)."""
    for e in (3, 6):
        triples = list(itertools.combinations(range(e), 3))
        if m - e >= 0:
            for sets in itertools.combinations_with_replacement(triples, m - e):
                yield X3CInstance(e, sets)


def _graphs(m: int) -> Iterator[Any]:
    """Every undirected graph of measure vertices + edges = m, up to isomorphism (networkx's atlas of all
    graphs on up to seven vertices, complete for m <= 7)."""
    assert m <= 7, "the graph atlas stops at seven vertices"
    for g in nx.graph_atlas_g():
        if g.number_of_nodes() + g.number_of_edges() == m:
            yield make_instance(g.number_of_nodes(), list(g.edges))


def smaller_counterexample(red: Reduction, size: int) -> Any:
    """A failing source of measure below ``size``, or None (brute force, in this process)."""
    family = {"3sat": _formulas, "subset-sum": _subset_sums, "x3c": _x3cs, "hamiltonian-cycle": _graphs}[red.source]
    for m in range(size):
        # the name sort is the identity below ten variables, the base-11 reading below a target of ten
        # (a sum of values below it carries nowhere; a larger value is too large on both sides): start there
        cands = (_formulas(m, 10) if red.name == "broken-name-sort" else _subset_sums(m, 10)
                 if red.name == "broken-carry" else family(m))
        for x in cands:
            try:
                red.source_problem.validate(x)
            except Exception:  # noqa: BLE001 - not a source of the problem
                continue
            if check_instance(red, x, IN_PROCESS).verdict == FAIL:
                return x
    return None


def _deletes_literals() -> bool:
    src = SameFormula().source_problem
    return Formula(2, ((1,),)) in set(src.shrink(Formula(2, ((1, 2),))))


@pytest.mark.parametrize("red", BROKEN, ids=lambda r: r.name)
def test_default_verify_finds_each_slip_with_a_minimal_counterexample(red: Reduction) -> None:
    if red.name in NEEDS_EDGE_CASES and not red.source_problem.edge_cases:
        pytest.xfail("needs the 3SAT edge-case generators (repeated literals, tautologies)")
    rep = verify_reduction(red)
    assert rep.verdict == FAIL, [(r.label, r.verdict, r.detail) for r in rep.instances]
    ce = rep.counterexample
    assert ce is not None and ce.failure in SLIPS[red.name], (ce.failure, ce.detail)
    x = red.source_problem.instance_from_json(ce.source)
    assert ce.size == measure(red.source_problem, x)
    assert check_instance(red, x, IN_PROCESS).verdict == FAIL  # the counterexample is real
    smaller = smaller_counterexample(red, ce.size)
    if smaller is not None and red.name == "broken-name-sort" and not _deletes_literals():
        pytest.xfail("a minimal n >= 10 counterexample needs the 3SAT shrink moves deleting literals")
    assert smaller is None, f"{smaller} (size {measure(red.source_problem, smaller)}) is smaller than {ce.source}"


@pytest.mark.parametrize("red", [*CONTROLS, PadOneVariable()], ids=lambda r: r.name)
def test_correct_controls_pass(red: Reduction) -> None:
    rep = verify_reduction(red)
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]
    assert rep.exhaustive > 0, "the exhaustive phase ran"
    assert {r.phase for r in rep.instances} >= {"exhaustive", "random", "sweep"}


def test_sweep_reaches_ten_variables_and_instances_stay_the_total() -> None:
    rep = verify_reduction(SameFormula(), instances=40, seed=3, limits=Limits(sweep_seconds=30))
    assert len(rep.instances) == 40
    assert max(r.source_size["variables"] for r in rep.instances) >= 10
    assert rep.sweep_factor >= 2.5
    assert rep.coverage()["phase:exhaustive"] == rep.exhaustive > 0


def test_gadget_verdicts_are_in_the_report() -> None:
    from gadgetry.core.registry import reduction

    rep = verify_reduction(reduction("1in3sat-from-3sat"), instances=2)
    assert rep.gadgets and all(g.ok for g in rep.gadgets)
    assert rep.as_json()["gadgets"]


def test_combine() -> None:
    assert combine([]) == UNKNOWN
    assert combine([PASS, PASS]) == PASS
    assert combine([PASS, UNKNOWN]) == UNKNOWN
    assert combine([UNKNOWN, FAIL, PASS]) == FAIL
    assert combine([FAIL, ERROR]) == ERROR


def test_cap_below_one_is_never_pass() -> None:
    x = Formula(2, ((1, 2),))
    assert check_instance(SameFormula(), x, Limits(seconds=None, cap=0)).verdict == UNKNOWN
    assert verify_reduction(SameFormula(), instances=5, limits=Limits(cap=0)).verdict == UNKNOWN


def test_approximate_count_is_never_pass() -> None:
    """Ganak given no time on a capped target: ApproxMC and UniGen decide, UNKNOWN at best."""
    x = Formula(8, ((1, 2, 3),))
    rep = check_instance(SameFormula(), x, Limits(seconds=30, cap=5, exact_share=0.0))
    assert rep.verdict == UNKNOWN and "ApproxMC" in rep.detail and "approximate" in rep.approximate
    class ClaimsEightFold(PadOneVariable):
        name = "broken-claims-8-fold"
        claim = c_monious(8)

    rep = check_instance(ClaimsEightFold(), Formula(12, ()), Limits(seconds=30, cap=5, exact_share=0.0))
    assert rep.verdict == FAIL and rep.failure == "count-approximate", rep.detail


def test_rare_failure_says_so() -> None:
    class FailsOnOneSource(SameFormula):
        name = "broken-one-source"

        def reduce(self, x):
            return Formula(x.variables, ()) if x.clauses == ((1, 2, 3), (-1, -2, -3), (1, -2)) else x

    sources = [(f"s{i}", Formula(3, ((1, 2, 3),))) for i in range(24)]
    sources.append(("odd", Formula(3, ((1, 2, 3), (-1, -2, -3), (1, -2)))))
    rep = verify_reduction(FailsOnOneSource(), sources=sources, limits=Limits(shrink_seconds=5))
    assert rep.verdict == FAIL
    assert any("1 of 25" in n and "seeds" in n for n in rep.notes)


def test_cli_reports_crashes_as_fail_and_goes_on(capsys) -> None:
    assert main(["--plugin", PLUGIN, "verify", "broken-forward-none", "--instances", "4"]) == 1
    out = capsys.readouterr().out
    assert "FAIL forward-malformed" in out and "counterexample" in out


def test_internal_error_has_its_own_exit_status(capsys, monkeypatch) -> None:
    from gadgetry.verify import protocol

    def broken(*_a, **_k):
        raise RuntimeError("a bug of gadgetry")

    monkeypatch.setattr(protocol, "_check_draw", broken)
    assert main(["--plugin", PLUGIN, "verify", "control-identity", "--instances", "2"]) == 4
    assert "internal error" in capsys.readouterr().out
