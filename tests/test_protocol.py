"""The verification protocol passes correct reductions and reports broken ones as FAIL with a shrunk
counterexample, and a limit as UNKNOWN, never PASS."""

from __future__ import annotations

import json

import pytest

from gadgetry.core import Chain, InputError
from gadgetry.core.registry import problem
from gadgetry.verify.protocol import FAIL, PASS, UNKNOWN, Limits, check_instance, verify_reduction

from toy_reductions import (
    DropLastClause,
    Identity,
    PadClaimedParsimonious,
    PadOneVariable,
    PadSat,
    Slow,
    WrongOverhead,
)

QUICK = Limits(seconds=30, shrink_seconds=20)


def test_identity_passes() -> None:
    rep = verify_reduction(Identity(), instances=12, seed=1, limits=QUICK)
    assert rep.verdict == PASS, [r.detail for r in rep.instances]
    assert all(r.source_count == r.target_count for r in rep.instances)
    assert any(r.source_count == 0 for r in rep.instances), "the sample should mix in unsatisfiable sources"
    assert any(r.source_count > 0 for r in rep.instances)


def test_c_monious_claim_passes_and_wrong_claim_fails() -> None:
    assert verify_reduction(PadOneVariable(), instances=8, seed=2, limits=QUICK).verdict == PASS
    rep = verify_reduction(PadClaimedParsimonious(), instances=8, seed=2, limits=QUICK)
    assert rep.verdict == FAIL
    assert rep.counterexample is not None and rep.counterexample.failure == "count"


def test_dropped_clause_is_caught_and_shrunk() -> None:
    rep = verify_reduction(DropLastClause(), instances=12, seed=3, limits=QUICK)
    assert rep.verdict == FAIL
    ce = rep.counterexample
    assert ce is not None and ce.failure in ("decision", "backward", "count")
    # The shrunk counterexample is no larger than the first failing instance.
    first = next(r for r in rep.instances if r.verdict == FAIL)
    assert len(ce.source["clauses"]) <= len(first.source["clauses"])
    # Shrinking went all the way: removing any clause of it makes the failure go away or change.
    src = problem("3sat")
    x = src.instance_from_json(ce.source)
    for smaller in src.shrink(x):
        r = check_instance(DropLastClause(), smaller, QUICK)
        assert not (r.verdict == FAIL and r.failure == ce.failure)


def test_wrong_overhead_is_caught() -> None:
    rep = verify_reduction(WrongOverhead(), instances=3, seed=4, limits=QUICK)
    assert rep.verdict == FAIL and rep.counterexample.failure == "overhead"


def test_time_limit_is_unknown_never_pass() -> None:
    x = problem("3sat").generate_seeded({}, 0).instance
    rep = check_instance(Slow(), x, Limits(seconds=1.0))
    assert rep.verdict == UNKNOWN
    assert "time limit" in rep.detail


def test_chains_compose_claims_and_maps() -> None:
    chain = Chain([PadOneVariable(), PadSat()])
    assert chain.claim.kind == "c-monious"
    x = problem("3sat").generate_seeded({}, 5).instance
    assert chain.claim.expected(x, 3) == 12
    rep = verify_reduction(chain, instances=6, seed=5, limits=QUICK)
    assert rep.verdict == PASS, [r.detail for r in rep.instances]
    assert all(r.target_count == 4 * r.source_count for r in rep.instances)
    assert Chain([Identity(), PadSat()]).claim.kind == "c-monious"
    assert Chain([Identity()]).claim.kind == "parsimonious"


def test_report_is_json_serialisable() -> None:
    rep = verify_reduction(DropLastClause(), instances=4, seed=3, limits=QUICK)
    text = json.dumps(rep.as_json())
    assert json.loads(text)["verdict"] == rep.verdict


def test_unknown_reduction_name_is_input_error() -> None:
    from gadgetry.core.registry import reduction

    with pytest.raises(InputError):
        reduction("no-such-reduction")
