"""Exact Cover by 3-Sets: checker, encoding counts against brute force, generators, JSON, shrinking."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gadgetry.core import InputError
from gadgetry.core.envelope import dumps, instance_document, read_instance, read_solution
from gadgetry.core.sat import count_enumeration, count_ganak, solve_clauses
from gadgetry.sources.x3c import X3C, X3CInstance

P = X3C()


def counts(inst: X3CInstance) -> tuple[int, int, int]:
    """(Ganak, enumeration, brute force) solution counts."""
    enc = P.encode(inst)
    f = enc.cnf
    return (count_ganak(f.nvars, f.clauses, f.projection),
            count_enumeration(f.nvars, f.clauses, f.projection),
            len(list(P.brute_force(inst))))


def decoded_solutions(inst: X3CInstance) -> set[tuple[int, ...]]:
    """Every solution the encoding has, decoded through ``Encoding.decode``."""
    from gadgetry.core.sat import enumerate_projected

    enc = P.encode(inst)
    return {enc.decode(lambda v, t=true: v in t)
            for true in enumerate_projected(enc.cnf.nvars, enc.cnf.clauses, enc.cnf.projection)}


def test_checker_names_each_rule() -> None:
    inst = X3CInstance(6, ((0, 1, 2), (3, 4, 5), (2, 3, 4), (0, 1, 2)))
    assert P.check(inst, (0, 1))
    assert P.check(inst, (1, 3))
    assert P.check(inst, (0, 7)).rule == "index-out-of-range"
    assert P.check(inst, (0, 0)).rule == "index-repeated"
    assert P.check(inst, (0, 2)).rule == "element-covered-twice"
    assert P.check(inst, (0, 3)).rule == "element-covered-twice"
    assert P.check(inst, (1,)).rule == "element-uncovered"
    assert P.check(inst, ()).rule == "element-uncovered"


def test_repeated_sets_are_different_solutions() -> None:
    inst = X3CInstance(6, ((0, 1, 2), (3, 4, 5), (0, 1, 2)))
    assert set(P.brute_force(inst)) == {(0, 1), (1, 2)}
    assert decoded_solutions(inst) == {(0, 1), (1, 2)}
    assert counts(inst) == (2, 2, 2)


@pytest.mark.parametrize("mode", [None, "planted"])
@pytest.mark.parametrize("elements,sets", [(6, 5), (9, 9), (12, 12)])
def test_counts_agree_on_generated_instances(mode: str | None, elements: int, sets: int) -> None:
    seen = set()
    for seed in range(60):
        g = P.generate({"elements": elements, "sets": sets}, random.Random(seed), mode)
        P.validate(g.instance)
        ganak, enum, brute = counts(g.instance)
        assert ganak == enum == brute, g.instance
        seen.add(brute)
        if mode == "planted":
            assert P.check(g.instance, g.planted)
            assert g.planted in decoded_solutions(g.instance)
    assert len(seen) > 1, "the generator only ever produced one count: the test would not notice much"


def test_decode_gives_exactly_the_brute_force_solutions() -> None:
    for seed in range(100):
        inst = P.generate({"elements": 9, "sets": 10}, random.Random(seed), "planted").instance
        sols = decoded_solutions(inst)
        assert sols == set(P.brute_force(inst))
        assert all(P.check(inst, s) for s in sols)


def test_exhaustive_sat_matches_brute_force() -> None:
    n = 0
    for inst in P.exhaustive(P.resolve_params({}, exhaustive=True)):
        P.validate(inst)
        enc = P.encode(inst)
        brute = list(P.brute_force(inst))
        assert (solve_clauses(enc.cnf.clauses) is not None) == bool(brute), inst
        assert count_enumeration(enc.cnf.nvars, enc.cnf.clauses, enc.cnf.projection) == len(brute), inst
        n += 1
    # universes 3 and 6, 0..3 sets chosen with repetition from 1 and 20 triples
    assert n == sum(len(list(itertools.combinations_with_replacement(range(k), m)))
                    for k in (1, 20) for m in range(4))


def test_brute_force_agrees_with_checker_on_every_selection() -> None:
    for inst in itertools.islice(P.exhaustive({"elements": 6, "sets": 4}), 0, None, 37):
        every = {c for k in range(len(inst.sets) + 1)
                 for c in itertools.combinations(range(len(inst.sets)), k)
                 if P.check(inst, c)}
        assert every == set(P.brute_force(inst))


def test_unsat_mode_is_unsatisfiable_and_covers_every_element() -> None:
    for seed in range(40):
        inst = P.generate({"elements": 9, "sets": 7}, random.Random(seed), "unsat").instance
        assert counts(inst) == (0, 0, 0)
        assert {e for s in inst.sets for e in s} == set(range(9))


def test_unique_mode_has_one_solution_the_planted_one() -> None:
    for seed in range(40):
        g = P.generate({"elements": 12, "sets": 14}, random.Random(seed), "unique")
        assert list(P.brute_force(g.instance)) == [g.planted]


def test_same_seed_same_bytes() -> None:
    for mode in (None, "planted", "unsat", "unique"):
        a = P.generate({"elements": 9, "sets": 9}, random.Random(5), mode)
        b = P.generate({"elements": 9, "sets": 9}, random.Random(5), mode)
        assert dumps(instance_document(P, a.instance)) == dumps(instance_document(P, b.instance))
        assert a.planted == b.planted


def test_params_out_of_range() -> None:
    with pytest.raises(InputError, match="multiple of 3"):
        P.generate(P.resolve_params({"elements": "10"}), random.Random(0), "planted")
    with pytest.raises(InputError, match="sets >= elements/3"):
        P.generate(P.resolve_params({"elements": "12", "sets": "3"}), random.Random(0), "planted")
    with pytest.raises(InputError, match="out of range"):
        P.resolve_params({"elements": "0"})
    with pytest.raises(InputError, match="unknown parameter"):
        P.resolve_params({"n": "3"})
    with pytest.raises(InputError, match="unsatisfiable|exact cover"):
        P.generate({"elements": 3, "sets": 1}, random.Random(0), "unsat")


def test_json_round_trip() -> None:
    for seed in range(20):
        g = P.generate({"elements": 9, "sets": 8}, random.Random(seed), "planted")
        doc = json.loads(dumps(instance_document(P, g.instance)))
        assert doc["problem"] == "x3c"
        body = {k: v for k, v in doc.items() if k not in ("problem", "version")}
        assert read_instance(P, body) == g.instance
        sol = json.loads(json.dumps({"solution": P.solution_to_json(g.instance, g.planted)}))
        assert read_solution(P, g.instance, sol) == g.planted


def test_unsorted_sets_are_sorted_on_reading() -> None:
    assert read_instance(P, {"elements": 3, "sets": [[2, 0, 1]]}) == X3CInstance(3, ((0, 1, 2),))


@pytest.mark.parametrize("body", [
    {"elements": 4, "sets": []},
    {"elements": 3, "sets": [[0, 1, 3]]},
    {"elements": 3, "sets": [[0, 1, 1]]},
    {"elements": 3, "sets": [[0, 1]]},
    {"elements": 3, "sets": [[0, 1, True]]},
    {"elements": 3, "sets": [[0, 1, "2"]]},
    {"elements": "3", "sets": [[0, 1, 2]]},
    {"elements": -3, "sets": []},
    {"elements": 3, "sets": {"0": [0, 1, 2]}},
    {"elements": 3},
    {"sets": []},
    {"elements": 3, "sets": [], "extra": 1},
])
def test_malformed_instances_raise_input_error(body: dict) -> None:
    with pytest.raises(InputError):
        read_instance(P, body)


@pytest.mark.parametrize("sol", [{"a": 1}, [0.5], ["0"], [True], 3])
def test_malformed_solutions_raise_input_error(sol: object) -> None:
    with pytest.raises(InputError):
        read_solution(P, X3CInstance(3, ((0, 1, 2),)), sol)


_json = st.recursive(st.none() | st.booleans() | st.integers(-3, 12) | st.text(max_size=3),
                     lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner,
                                                                                  max_size=3),
                     max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["elements", "sets", "x"]), _json, max_size=3)
       | st.fixed_dictionaries({"elements": st.integers(-3, 9),
                                "sets": st.lists(st.lists(st.integers(-1, 9), min_size=2, max_size=4),
                                                 max_size=4)}))
def test_fuzzed_bodies_are_read_or_rejected_with_input_error(body: dict) -> None:
    try:
        inst = read_instance(P, body)
    except InputError:
        return
    assert counts(inst)[0] == counts(inst)[2]


def test_shrink_yields_smaller_valid_instances() -> None:
    inst = P.generate({"elements": 9, "sets": 8}, random.Random(3), "planted").instance
    smaller = list(P.shrink(inst))
    # the three elements of each distinct set deleted (elements renumbered), then each set deleted
    assert len(smaller) == len(set(inst.sets)) + len(inst.sets)
    for s in smaller:
        P.validate(s)
        assert (s.elements, len(s.sets)) < (inst.elements, len(inst.sets))
    assert smaller[0].elements == 6
    gone = inst.sets[0]
    assert smaller[0].sets == tuple(tuple(e - sum(g < e for g in gone) for e in s)
                                    for s in inst.sets if not set(s) & set(gone))
    # three elements no set covers are deleted too; the empty universe is the end
    assert list(P.shrink(X3CInstance(3, ()))) == [X3CInstance(0, ())]
    assert list(P.shrink(X3CInstance(6, ((3, 4, 5),)))) == [X3CInstance(3, ()), X3CInstance(3, ((0, 1, 2),)),
                                                          X3CInstance(6, ())]
    assert list(P.shrink(X3CInstance(0, ()))) == []
