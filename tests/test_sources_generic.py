"""Properties every registered source problem must have, checked against independent oracles:
same seed same bytes, JSON round trips, counts of the encoding (Ganak and enumeration) equal to the
problem's brute-force enumerator (and any extra counter) on hundreds of seeded instances, generator modes
that hold what they promise, and an exhaustive NO-instance sweep of the smallest sizes."""

from __future__ import annotations

import json

import pytest

from gadgetry.core import InputError
from gadgetry.core.envelope import dumps, instance_document, open_envelope, read_instance
from gadgetry.core.registry import problems
from gadgetry.verify.solve import count, solutions

SOURCES = sorted(problems())
SEEDS_PER_PROBLEM = 100  # x 2 modes (random, planted) = 200 instances per problem in the quick run


def _small_params(prob) -> dict[str, int]:
    """The generator's defaults: small by design."""
    return prob.resolve_params({})


@pytest.mark.parametrize("name", SOURCES)
def test_same_seed_same_bytes(name: str) -> None:
    prob = problems()[name]
    for seed in range(5):
        a = prob.generate_seeded({}, seed).instance
        b = prob.generate_seeded({}, seed).instance
        assert dumps(instance_document(prob, a)) == dumps(instance_document(prob, b))


@pytest.mark.parametrize("name", SOURCES)
def test_json_round_trip(name: str) -> None:
    prob = problems()[name]
    for seed in range(10):
        inst = prob.generate_seeded({}, seed).instance
        doc = json.loads(dumps(instance_document(prob, inst)))
        pname, body = open_envelope(doc)
        assert pname == name
        assert read_instance(prob, body) == inst
        for sol in solutions(prob, inst, cap=5):
            back = prob.solution_from_json(inst, json.loads(json.dumps(prob.solution_to_json(inst, sol))))
            assert prob.check(inst, back)


@pytest.mark.parametrize("name", SOURCES)
def test_counts_agree_with_brute_force(name: str) -> None:
    prob = problems()[name]
    modes = [None] + (["planted"] if "planted" in prob.modes else [])
    nonzero = 0
    for mode in modes:
        for seed in range(SEEDS_PER_PROBLEM):
            gen = prob.generate_seeded({}, seed, mode)
            inst = gen.instance
            brute = count(prob, inst, "brute-force").count
            assert count(prob, inst, "ganak").count == brute, (name, seed, mode)
            assert count(prob, inst, "enumeration").count == brute, (name, seed, mode)
            for method in prob.extra_counters():
                try:
                    assert count(prob, inst, method).count == brute, (name, method, seed, mode)
                except InputError:
                    pass  # the extra counter declines this instance (e.g. directed graphs)
            if mode == "planted":
                assert gen.planted is not None and prob.check(inst, gen.planted), (name, seed)
            nonzero += brute > 0
    assert nonzero > 0, f"{name}: no generated instance had a solution; the sample proves little"


@pytest.mark.parametrize("name", SOURCES)
def test_unsat_and_unique_modes(name: str) -> None:
    prob = problems()[name]
    for seed in range(3):
        if "unsat" in prob.modes:
            inst = prob.generate_seeded(prob.mode_params.get("unsat", {}), seed, "unsat").instance
            assert count(prob, inst, "brute-force").count == 0
        if "unique" in prob.modes:
            inst = prob.generate_seeded(prob.mode_params.get("unique", {}), seed, "unique").instance
            assert count(prob, inst, "brute-force").count == 1


def _exhaustive_sweep(name: str, limit: int | None) -> None:
    prob = problems()[name]
    if not prob.exhaustive_params:
        pytest.skip(f"{name} has no exhaustive mode")
    params = prob.resolve_params({}, exhaustive=True)
    seen = no = 0
    for inst in prob.exhaustive(params):
        prob.validate(inst)
        brute = count(prob, inst, "brute-force").count
        assert count(prob, inst, "ganak").count == brute, (name, inst)
        seen += 1
        no += brute == 0
        if limit is not None and seen >= limit:
            break
    assert no > 0, f"{name}: the exhaustive sweep ({seen} instances) met no NO instance"


@pytest.mark.parametrize("name", SOURCES)
def test_exhaustive_first_instances(name: str) -> None:
    """The first instances of the exhaustive sweep: Ganak equals brute force, NO instances included."""
    _exhaustive_sweep(name, 300)


@pytest.mark.slow
@pytest.mark.parametrize("name", SOURCES)
def test_exhaustive_whole_sweep(name: str) -> None:
    _exhaustive_sweep(name, None)


@pytest.mark.parametrize("name", SOURCES)
def test_out_of_range_parameters_rejected(name: str) -> None:
    prob = problems()[name]
    for p in prob.params:
        with pytest.raises(InputError):
            prob.resolve_params({p.name: str(p.high + 1)})
        with pytest.raises(InputError):
            prob.resolve_params({p.name: "not-a-number"})
    with pytest.raises(InputError):
        prob.resolve_params({"no-such-parameter": "1"})
