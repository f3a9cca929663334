"""3-Dimensional Matching: checker, encoding counts against brute force, generators, JSON, shrinking."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gadgetry.core import InputError
from gadgetry.core.envelope import dumps, instance_document, read_instance, read_solution
from gadgetry.core.sat import count_enumeration, count_ganak, enumerate_projected, solve_clauses
from gadgetry.sources.matching3d import Matching3D, Matching3DInstance

P = Matching3D()


def counts(inst: Matching3DInstance) -> tuple[int, int, int]:
    """(Ganak, enumeration, brute force) solution counts."""
    f = P.encode(inst).cnf
    return (count_ganak(f.nvars, f.clauses, f.projection),
            count_enumeration(f.nvars, f.clauses, f.projection),
            len(list(P.brute_force(inst))))


def decoded_solutions(inst: Matching3DInstance) -> set[tuple[int, ...]]:
    enc = P.encode(inst)
    return {enc.decode(lambda v, t=true: v in t)
            for true in enumerate_projected(enc.cnf.nvars, enc.cnf.clauses, enc.cnf.projection)}


def test_checker_names_each_rule() -> None:
    inst = Matching3DInstance(2, ((0, 0, 0), (1, 1, 1), (0, 1, 1), (1, 0, 1), (1, 1, 0)))
    assert P.check(inst, (0, 1))
    assert P.check(inst, (0, 5)).rule == "index-out-of-range"
    assert P.check(inst, (-1, 1)).rule == "index-out-of-range"
    assert P.check(inst, (1, 1)).rule == "index-repeated"
    assert P.check(inst, (1, 3)).rule == "w-covered-twice"
    assert P.check(inst, (2,)).rule == "w-uncovered"
    assert P.check(inst, (0, 3)).rule == "x-covered-twice"
    assert P.check(inst, (0, 4)).rule == "y-covered-twice"
    assert P.check(inst, (2, 3)).rule == "y-covered-twice"
    assert P.check(inst, ()).rule == "w-uncovered"
    assert P.check(Matching3DInstance(1, ((0, 0, 0),)), (0,))


@pytest.mark.parametrize("mode", [None, "planted"])
@pytest.mark.parametrize("n,triples", [(2, 5), (3, 9), (4, 12)])
def test_counts_agree_on_generated_instances(mode: str | None, n: int, triples: int) -> None:
    seen = set()
    for seed in range(60):
        g = P.generate({"n": n, "triples": triples}, random.Random(seed), mode)
        P.validate(g.instance)
        ganak, enum, brute = counts(g.instance)
        assert ganak == enum == brute, g.instance
        seen.add(brute)
        if mode == "planted":
            assert P.check(g.instance, g.planted)
            assert g.planted in decoded_solutions(g.instance)
    assert len(seen) > 1


def test_decode_gives_exactly_the_brute_force_solutions() -> None:
    for seed in range(100):
        inst = P.generate({"n": 3, "triples": 10}, random.Random(seed), "planted").instance
        sols = decoded_solutions(inst)
        assert sols == set(P.brute_force(inst))
        assert all(P.check(inst, s) for s in sols)


def test_exhaustive_matches_brute_force() -> None:
    n = 0
    for inst in P.exhaustive({"n": 2, "triples": 4}):
        P.validate(inst)
        f = P.encode(inst).cnf
        brute = list(P.brute_force(inst))
        assert (solve_clauses(f.clauses) is not None) == bool(brute), inst
        assert count_enumeration(f.nvars, f.clauses, f.projection) == len(brute), inst
        every = [c for k in range(len(inst.triples) + 1)
                 for c in itertools.combinations(range(len(inst.triples)), k) if P.check(inst, c)]
        assert every == brute
        n += 1
    assert n == sum(len(list(itertools.combinations(range(k), m))) for k in (1, 8) for m in range(5)
                    if m <= k)


def test_exhaustive_n3_matches_brute_force() -> None:
    for inst in P.exhaustive({"n": 3, "triples": 4}):
        f = P.encode(inst).cnf
        assert count_enumeration(f.nvars, f.clauses, f.projection) == len(list(P.brute_force(inst)))


def test_unsat_mode_is_unsatisfiable() -> None:
    for seed in range(40):
        inst = P.generate({"n": 4, "triples": 8}, random.Random(seed), "unsat").instance
        assert counts(inst) == (0, 0, 0)
        assert len(set(inst.triples)) == 8


def test_unique_mode_has_one_solution_the_planted_one() -> None:
    for seed in range(40):
        g = P.generate({"n": 4, "triples": 10}, random.Random(seed), "unique")
        assert list(P.brute_force(g.instance)) == [g.planted]


def test_same_seed_same_bytes() -> None:
    for mode in (None, "planted", "unsat", "unique"):
        a = P.generate({"n": 4, "triples": 8}, random.Random(11), mode)
        b = P.generate({"n": 4, "triples": 8}, random.Random(11), mode)
        assert dumps(instance_document(P, a.instance)) == dumps(instance_document(P, b.instance))
        assert a.planted == b.planted


def test_every_triple_fits() -> None:
    g = P.generate({"n": 2, "triples": 8}, random.Random(0), "planted")
    assert sorted(g.instance.triples) == sorted(itertools.product(range(2), repeat=3))
    assert counts(g.instance) == (4, 4, 4)  # 2! * 2! perfect matchings


def test_params_out_of_range() -> None:
    with pytest.raises(InputError, match="n\\^3"):
        P.generate({"n": 2, "triples": 9}, random.Random(0), None)
    with pytest.raises(InputError, match="triples >= n"):
        P.generate({"n": 4, "triples": 3}, random.Random(0), "planted")
    with pytest.raises(InputError, match="out of range"):
        P.resolve_params({"n": "0"})
    with pytest.raises(InputError, match="not an integer"):
        P.resolve_params({"n": "two"})
    with pytest.raises(InputError, match="perfect matching"):
        P.generate({"n": 1, "triples": 1}, random.Random(0), "unsat")


def test_json_round_trip() -> None:
    for seed in range(20):
        g = P.generate({"n": 4, "triples": 9}, random.Random(seed), "planted")
        doc = json.loads(dumps(instance_document(P, g.instance)))
        body = {k: v for k, v in doc.items() if k not in ("problem", "version")}
        assert read_instance(P, body) == g.instance
        sol = json.loads(json.dumps({"solution": P.solution_to_json(g.instance, g.planted)}))
        assert read_solution(P, g.instance, sol) == g.planted


@pytest.mark.parametrize("body", [
    {"n": 0, "triples": []},
    {"n": 2, "triples": [[0, 0, 2]]},
    {"n": 2, "triples": [[0, -1, 0]]},
    {"n": 2, "triples": [[0, 0]]},
    {"n": 2, "triples": [[0, 0, 0], [0, 0, 0]]},
    {"n": 2, "triples": [[0, 0, False]]},
    {"n": 2.0, "triples": []},
    {"n": 2, "triples": "000"},
    {"n": 2},
    {"triples": []},
    {"n": 2, "triples": [], "w": [0, 1]},
])
def test_malformed_instances_raise_input_error(body: dict) -> None:
    with pytest.raises(InputError):
        read_instance(P, body)


@pytest.mark.parametrize("sol", [{"a": 1}, [1.0], [None], "0", [False]])
def test_malformed_solutions_raise_input_error(sol: object) -> None:
    with pytest.raises(InputError):
        read_solution(P, Matching3DInstance(1, ((0, 0, 0),)), sol)


_json = st.recursive(st.none() | st.booleans() | st.integers(-2, 4) | st.text(max_size=3),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                  max_size=3),
                     max_leaves=16)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["n", "triples", "x"]), _json, max_size=3)
       | st.fixed_dictionaries({"n": st.integers(-1, 3),
                                "triples": st.lists(st.lists(st.integers(-1, 3), min_size=2, max_size=4),
                                                    max_size=5)}))
def test_fuzzed_bodies_are_read_or_rejected_with_input_error(body: dict) -> None:
    try:
        inst = read_instance(P, body)
    except InputError:
        return
    ganak, enum, brute = counts(inst)
    assert ganak == enum == brute


def test_shrink_yields_smaller_valid_instances() -> None:
    inst = P.generate({"n": 4, "triples": 9}, random.Random(2), "planted").instance
    smaller = list(P.shrink(inst))
    # one value of each coordinate deleted (those of a triple, or the least unused ones), then each triple
    unused = tuple(min(set(range(4)) - {t[c] for t in inst.triples}, default=0) for c in range(3))
    assert len(smaller) == len({*inst.triples, unused}) + len(inst.triples)
    for s in smaller:
        P.validate(s)
        assert (s.n, len(s.triples)) < (inst.n, len(inst.triples))
    first = inst.triples[0]
    assert smaller[0].n == 3 and smaller[0].triples == tuple(
        tuple(x - (x > g) for x, g in zip(t, first)) for t in inst.triples if all(x != g for x, g in zip(t, first)))
    assert list(P.shrink(Matching3DInstance(1, ()))) == []
