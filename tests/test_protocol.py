"""The verification protocol passes correct reductions and reports broken ones as FAIL with a shrunk
counterexample, and a limit as UNKNOWN, never PASS."""

from __future__ import annotations

import json

import pytest

from gadgetry.core import InputError, compose
from gadgetry.core.registry import problem
from gadgetry.verify.protocol import FAIL, PASS, UNKNOWN, Limits, check_instance, verify_reduction

from toy_reductions import (
    DropLastClause,
    Identity,
    PadClaimedParsimonious,
    PadOneVariable,
    PadSat,
    Slow,
    SlowWhenGrown,
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
    chain = compose([PadOneVariable(), PadSat()])
    assert chain.claim.kind == "c-monious"
    x = problem("3sat").generate_seeded({}, 5).instance
    assert chain.claim.expected(x, 3) == 12
    rep = verify_reduction(chain, instances=6, seed=5, limits=QUICK)
    assert rep.verdict == PASS, [r.detail for r in rep.instances]
    assert all(r.target_count == 4 * r.source_count for r in rep.instances)
    assert compose([Identity(), PadSat()]).claim.kind == "c-monious"
    assert compose([Identity()]).claim.kind == "parsimonious"


def test_report_is_json_serialisable() -> None:
    rep = verify_reduction(DropLastClause(), instances=4, seed=3, limits=QUICK)
    text = json.dumps(rep.as_json())
    assert json.loads(text)["verdict"] == rep.verdict


def test_unknown_reduction_name_is_input_error() -> None:
    from gadgetry.core.registry import reduction

    with pytest.raises(InputError):
        reduction("no-such-reduction")


def test_shrinker_follows_any_failure_kind() -> None:
    """A crash on three clauses or more, a wrong target below: the shrinker goes on through the change of
    kind down to the smallest failing source."""
    from gadgetry.sources.sat import Formula
    from gadgetry.verify.protocol import shrink

    class CrashesThenDrops(Identity):
        name = "toy-crash-then-drop"

        def reduce(self, x):
            if len(x.clauses) >= 3:
                raise ValueError("too many clauses")
            return Formula(x.variables, x.clauses[:-1])

        def overhead(self, x):
            return None

    x = Formula(3, ((1, 2, 3), (-1, 2), (2, -3), (1,)))
    assert check_instance(CrashesThenDrops(), x, QUICK).failure == "reduce-crash"
    best = shrink(CrashesThenDrops(), x, "reduce-crash", QUICK)
    assert best is not None and best.failure != "reduce-crash"
    assert best.size == 3 and len(best.source["clauses"]) == 1  # one unit clause on one variable


def test_shrinker_takes_two_steps_where_one_loses_the_failure() -> None:
    """Broken only on an even number of clauses: deleting one clause of two passes, deleting both fails
    again."""
    from gadgetry.sources.sat import Formula
    from gadgetry.verify.protocol import shrink

    class EvenClauses(Identity):
        name = "toy-even-clauses"

        def reduce(self, x):
            return Formula(x.variables + (len(x.clauses) % 2 == 0), x.clauses)

        def overhead(self, x):
            return None

    x = Formula(3, ((1, 2, 3), (-1, 2, 3)))
    assert all(check_instance(EvenClauses(), c, QUICK).verdict == PASS
               for c in problem("3sat").shrink(x) if len(c.clauses) == 1)
    best = shrink(EvenClauses(), x, "count", QUICK)
    assert best is not None and best.source == {"variables": 0, "clauses": []}


def test_the_domain_of_small_sources_is_tested_in_chunks_grown_from_the_quota() -> None:
    """A reduction whose ``reduce`` is costly and which needs few small sources is not run on 256 of them
    (a Witness reduction spent 20 s so): the first chunk is twice the quota, the next twice that."""
    from gadgetry.verify.sample import DOMAIN_CHUNK, Sampler

    chunks: list[int] = []

    def every_third(xs: list) -> list[bool]:
        start = sum(chunks)
        chunks.append(len(xs))
        return [(start + i) % 3 == 0 for i in range(len(xs))]

    sampler = Sampler(Identity(), 12, 1, in_domain=every_third)
    draws = [d for d in sampler if d.phase == "exhaustive"]
    quota = 12 // 3
    assert chunks[0] == 2 * quota and all(b == min(2 * a, DOMAIN_CHUNK) for a, b in zip(chunks, chunks[1:]))
    assert sum(chunks) <= 6 * quota  # 8 tested give 3 of the 4 wanted, 16 more the last
    assert len(draws) == quota and sampler.exhaustive_outside == sum(chunks) - sum(
        1 for i in range(sum(chunks)) if i % 3 == 0)


def test_a_grown_sweep_instance_gets_a_multiple_of_the_slowest_time_not_the_whole_sweep_limit() -> None:
    """A count that is fast at the declared sizes and explodes one sweep step up is cut after
    SWEEP_LIMIT_RATIO times the slowest instance so far (at least SWEEP_LIMIT_FLOOR s), not after the
    whole ``sweep_limit``; the sweep ends, is noted, and the seed is checked at the base size."""
    import time

    from gadgetry.verify.sample import SWEEP_LIMIT_FLOOR, SWEEP_LIMIT_RATIO, Sampler

    sampler = Sampler(Identity(), 12, 1)
    assert sampler.sweep_seconds_allowed(10.0) == SWEEP_LIMIT_FLOOR
    sampler.seconds_taken(0.3)
    assert sampler.sweep_seconds_allowed(10.0) == pytest.approx(0.3 * SWEEP_LIMIT_RATIO)
    assert sampler.sweep_seconds_allowed(1.0) == 1.0

    start = time.monotonic()
    rep = verify_reduction(SlowWhenGrown(), instances=12, seed=1, limits=Limits(seconds=60, sweep_limit=50))
    assert rep.verdict == PASS, [(r.label, r.detail) for r in rep.instances if r.verdict != PASS]
    assert any("size sweep ended" in note for note in rep.notes), rep.notes
    assert time.monotonic() - start < SWEEP_LIMIT_FLOOR + 15


def test_a_capped_target_the_claim_expects_few_solutions_of_is_counted_by_brute_force(monkeypatch) -> None:
    """Past the enumeration's cap, a target whose claim expects at most BRUTE_FORCE_EXPECTED solutions is
    counted by the problem's brute force (Pips: 3,360 layouts in a fraction of a second, where Ganak takes
    seconds); past that bound Ganak counts it."""
    from gadgetry.core.registry import reduction
    from gadgetry.verify import protocol

    red = reduction("pips-from-subset-sum")
    x = red.source_problem.generate_seeded({"items": 5, "max": 10}, 1000131, "carry").instance
    real_count = protocol.count

    def no_ganak(prob, inst, method, **kw):
        if method == "ganak" and prob.name == "pips":
            raise AssertionError("Ganak was called on the target")
        return real_count(prob, inst, method, **kw)

    monkeypatch.setattr(protocol, "count", no_ganak)
    rep = check_instance(red, x, Limits(seconds=60, cap=50))
    assert rep.verdict == PASS and rep.target_count == 3360, (rep.failure, rep.detail)
    monkeypatch.setattr(protocol, "BRUTE_FORCE_EXPECTED", 3359)
    with pytest.raises(AssertionError, match="Ganak was called on the target"):
        check_instance(red, x, Limits(seconds=60, cap=50))
