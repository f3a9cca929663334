"""Mutation testing of the verifier: the mutation operators, the sampling of well-formed mutants, and the
classification killed / equivalent / survived on reductions whose outcome is known."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gadgetry.campaign.mutate import (
    EQUIVALENT,
    KILLED,
    OPERATORS,
    SURVIVED,
    UNTESTED,
    MutantResult,
    MutateSettings,
    Mutation,
    NotApplicable,
    Mutated,
    campaign_cases,
    small_cases,
    candidates,
    markdown,
    mutate_json,
    mutate_reduction,
    run_mutant,
    sample,
    table,
)
from gadgetry.cli import main
from gadgetry.core import NO_CLAIM, PARSIMONIOUS, InputError, Reduction, registry
from gadgetry.sources.sat import Formula
from gadgetry.verify.protocol import Limits, verify_reduction
from gadgetry.verify.sample import sample_sources

FAST = MutateSettings(mutants=4, instances=2, seconds=20, cap=50, budget=60)
DATA = {"n": 3, "flag": True, "rows": ["ab", "ba"], "tiles": [[1, 2], [3, 4], [5, 6]], "name": "x"}


class PinnedPad(Reduction):
    """3SAT to SAT adding a variable forced true by a unit clause; claims nothing about counts."""

    name = "test-pinned-pad"
    source, target = "3sat", "sat"
    claim = NO_CLAIM
    verify_params = ({"variables": 3, "clauses": 4},)

    def reduce(self, x):
        return Formula(x.variables + 1, (*x.clauses, (x.variables + 1,)))

    def forward(self, x, y, sx):
        return (*sx, True)

    def backward(self, x, y, sy):
        return sy[:-1]


class PinnedPadParsimonious(PinnedPad):
    name = "test-pinned-pad-parsimonious"
    claim = PARSIMONIOUS

    def overhead(self, x):
        return {"variables": x.variables + 1, "clauses": len(x.clauses) + 1}


# -- operators -------------------------------------------------------------------------------------
@pytest.mark.parametrize("mutation, expected", [
    (Mutation("drop", ("tiles", 1)), {"tiles": [[1, 2], [5, 6]]}),
    (Mutation("duplicate", ("tiles", 0)), {"tiles": [[1, 2], [1, 2], [3, 4], [5, 6]]}),
    (Mutation("swap", ("tiles", 2)), {"tiles": [[5, 6], [3, 4], [1, 2]]}),  # the last swaps with the first
    (Mutation("inc", ("tiles", 1, 0)), {"tiles": [[1, 2], [4, 4], [5, 6]]}),
    (Mutation("dec", ("n",)), {"n": 2}),
    (Mutation("negate", ("tiles", 0, 1)), {"tiles": [[1, -2], [3, 4], [5, 6]]}),
    (Mutation("flip", ("flag",)), {"flag": False}),
    (Mutation("replace", ("name",), "y"), {"name": "y"}),
    (Mutation("replace", ("rows", 0, 1), "a"), {"rows": ["aa", "ba"]}),
    (Mutation("drop", ("rows", 1, 0)), {"rows": ["ab", "a"]}),
    (Mutation("swap", ("rows", 0, 0)), {"rows": ["ba", "ba"]}),
    (Mutation("drop", ("tiles", 7)), {"tiles": [[1, 2], [5, 6]]}),  # indices modulo the length met
])
def test_operators(mutation: Mutation, expected: dict) -> None:
    before = json.dumps(DATA, sort_keys=True)
    assert mutation.apply(DATA) == {**DATA, **expected}
    assert json.dumps(DATA, sort_keys=True) == before  # the original is never modified
    assert mutation.describe(DATA) != mutation.key() or mutation.operator == "replace"


@pytest.mark.parametrize("mutation", [
    Mutation("drop", ("missing", 0)),  # no such key
    Mutation("inc", ("name",)),  # not a number
    Mutation("inc", ("flag",)),  # booleans are flipped, not incremented
    Mutation("flip", ("n",)),
    Mutation("negate", ("tiles", 0, 0, 0)),  # a number has no elements
    Mutation("replace", ("name",), "x"),  # no change
    Mutation("replace", ("n",), "3"),  # another type
    Mutation("replace", ("rows", 0, 0), "ab"),  # a character is replaced by one character
    Mutation("duplicate", ("rows", 0, 0)),
    Mutation("drop", ("n",)),  # the root object's keys are fixed
    Mutation("swap", ("rows", 1, 1)),
    Mutation("drop", ()),
])
def test_not_applicable(mutation: Mutation) -> None:
    with pytest.raises(NotApplicable):
        mutation.apply(DATA if mutation.path[:2] != ("rows", 1) else {**DATA, "rows": ["ab", "aa"]})


def test_negate_zero_and_swap_equal_are_not_applicable() -> None:
    with pytest.raises(NotApplicable):
        Mutation("negate", ("v",)).apply({"v": 0})
    with pytest.raises(NotApplicable):
        Mutation("swap", ("v", 0)).apply({"v": [1, 1]})


def test_candidates_cover_every_operator_and_each_applies() -> None:
    found = candidates(DATA, random.Random(0))
    assert {m.operator for m in found} == set(OPERATORS)
    for m in found:
        assert m.apply(DATA) != DATA, m.key()


@given(st.recursive(st.integers(-3, 3) | st.booleans() | st.text("ab", max_size=3),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from("pq"), inner,
                                                                                  max_size=2), max_leaves=12))
@settings(max_examples=150, deadline=None)
def test_every_candidate_changes_the_json(body) -> None:
    data = {"body": body}
    for m in candidates(data, random.Random(1)):
        assert m.apply(data) != data, m.key()
        assert Mutation.from_json(json.loads(json.dumps(m.as_json()))) == m


def test_sample_is_well_formed_distinct_and_seeded() -> None:
    red = registry.reduction("3sat-from-sat")
    x = registry.problem("sat").generate_seeded({"variables": 4, "clauses": 5}, 0).instance
    tgt = registry.problem("3sat")
    data = tgt.instance_to_json(red.reduce(x))
    chosen = sample(tgt, data, 25, random.Random(5))
    assert len(chosen) == 25 and len(set(chosen)) == 25
    assert chosen == sample(tgt, data, 25, random.Random(5))
    for m in chosen:
        z = mutate_json(tgt, data, m)  # raises if malformed or the same instance
        assert tgt.instance_to_json(z) != data
    assert len({m.operator for m in chosen}) >= 4  # round robin over operators and fields
    with pytest.raises(InputError):  # literal 0: rejected by the target's reader
        mutate_json(tgt, data, Mutation("replace", ("clauses", 0, 0), 0))
    with pytest.raises(NotApplicable):  # no change
        mutate_json(tgt, data, Mutation("replace", ("variables",), data["variables"]))


# -- classification --------------------------------------------------------------------------------
def _result(red: Reduction, mutation: Mutation, s: MutateSettings = FAST) -> MutantResult:
    cases = campaign_cases(red, s)
    assert any(c.baseline == "PASS" for c in cases)
    m = MutantResult(mutation, mutation.key())
    run_mutant(red, m, cases, s)
    return m


def test_a_wrong_literal_is_killed() -> None:
    m = _result(registry.reduction("3sat-from-sat"), Mutation("negate", ("clauses", 0, 0)))
    assert m.status == m.semantic == KILLED
    assert m.failure in ("forward", "backward", "decision", "count")


def test_reordering_literals_is_equivalent() -> None:
    m = _result(registry.reduction("3sat-from-sat"), Mutation("swap", ("clauses", 0, 0)))
    assert m.status == m.semantic == EQUIVALENT
    assert m.tried == FAST.instances


def test_reordering_sets_is_killed_by_the_index_based_forward_map() -> None:
    """Solutions of X3C are sets of indices: a swap moves them, and the forward map notices."""
    m = _result(registry.reduction("x3c-from-3dm"), Mutation("swap", ("sets", 0)))
    assert m.status == KILLED and m.failure in ("forward", "backward")


def test_dropping_the_pin_survives_a_reduction_claiming_nothing() -> None:
    """Without a count claim, a doubled solution set goes unnoticed: the verifier's gap is reported."""
    m = _result(PinnedPad(), Mutation("drop", ("clauses", -1)))
    assert m.status == m.semantic == SURVIVED
    assert "does not solve the original" in m.detail


def test_dropping_the_pin_is_killed_by_the_count_claim() -> None:
    m = _result(PinnedPadParsimonious(), Mutation("drop", ("clauses", -1)))
    assert m.status == KILLED and m.semantic == KILLED and m.failure == "count"


def test_overhead_alone_kills_a_harmless_duplicate() -> None:
    m = _result(PinnedPadParsimonious(), Mutation("duplicate", ("clauses", 0)))
    assert m.status == KILLED and m.failure == "overhead"
    assert m.semantic == EQUIVALENT and "equivalent without the overhead check" in m.detail


def test_small_sources_kill_what_the_campaign_lets_survive() -> None:
    """A colour of one tile of Theorem 2.6's target raised by one survives the campaign's instances (the
    claim is none: the solutions change, the decision does not) and is killed on the smallest source of the
    exhaustive set, an unsolvable pair cover whose mutated target is solvable."""
    red, mutation = registry.reduction("edge-matching-lt-from-interval-pair-cover"), Mutation("inc", ("tiles", 2, 2))
    m = _result(red, mutation, replace(FAST, instances=2))
    assert m.semantic == SURVIVED
    small = small_cases(red, FAST, 2)
    assert [c.label for c in small] == ["exhaustive #0", "exhaustive #1"] and all(c.baseline == "PASS" for c in small)
    m = MutantResult(mutation, mutation.key())
    run_mutant(red, m, small, FAST)
    assert m.status == KILLED and m.failure == "decision" and m.instance == "exhaustive #0"


def test_a_mutant_as_a_reduction_of_its_own() -> None:
    """``Mutated`` applies the change to every target, so ``verify``'s whole sample runs on a mutant: a
    negated literal fails, a swap of two literals in a clause passes."""
    red = registry.reduction("3sat-from-sat")
    wrong = Mutated(red, Mutation("negate", ("clauses", 0, 0)))
    assert wrong.name == "3sat-from-sat [negate clauses[0][0]]" and wrong.overhead(None) is None
    assert verify_reduction(wrong, 6, limits=Limits(shrink_seconds=5)).verdict == "FAIL"
    assert verify_reduction(Mutated(red, Mutation("swap", ("clauses", 0, 0))), 6).verdict == "PASS"


@pytest.mark.parametrize(("name", "mutation"), [
    ("triangle-edge-matching-unsigned-from-hamiltonian-cycle", Mutation("swap", ("tiles", 12, 0))),
    ("triangle-edge-matching-unsigned-from-hamiltonian-cycle", Mutation("swap", ("tiles", 11, 2))),
    ("triangle-edge-matching-unsigned-no-boundary-from-hamiltonian-cycle", Mutation("swap", ("tiles", 1, 2))),
    ("triangle-edge-matching-unsigned-no-boundary-from-hamiltonian-cycle", Mutation("swap", ("tiles", 11, 0))),
])
def test_the_triangle_colour_swap_survivors_are_rotations(name: str, mutation: Mutation) -> None:
    """The survivors of Theorem 4.3's unsigned reductions (README's mutation table: two colours of one tile
    swapped) pass ``verify``: on its sources the tile has two equal colours, so the swap turns it into one
    of its own rotations, and the mutant target is the original puzzle with that tile given in another
    rotation (the same tiles up to rotation; unsigned tiles may be rotated)."""
    red = registry.reduction(name)
    tgt = red.target_problem

    def turns(tile: list[int]) -> set[tuple[int, ...]]:
        return {tuple(tile[i:] + tile[:i]) for i in range(len(tile))}

    checked = 0
    for _label, x in sample_sources(red, 8, 1):
        try:
            y = red.reduce(x)
        except InputError:
            continue
        data = tgt.instance_to_json(y)
        mutated = tgt.instance_to_json(mutate_json(tgt, data, mutation))["tiles"]
        assert mutated != data["tiles"] and all(tuple(b) in turns(a) for a, b in zip(data["tiles"], mutated))
        checked += 1
    assert checked >= 4


def test_mutate_reduction_report_and_budget() -> None:
    rep = mutate_reduction(registry.reduction("x3c-from-3dm"), FAST)
    t = rep.tally()
    assert sum(t.values()) == len(rep.mutants) == FAST.mutants and t[UNTESTED] == 0
    assert rep.score() is not None and 0 <= rep.score() <= 1
    assert "x3c-from-3dm" in table([rep]) and "| x3c-from-3dm |" in markdown([rep])
    data = rep.as_json()
    assert data["tally"] == t and len(data["mutants"]) == FAST.mutants
    short = mutate_reduction(registry.reduction("x3c-from-3dm"), MutateSettings(mutants=4, instances=2, budget=1e-6))
    assert short.tally()[UNTESTED] == 4 and "budget" in short.note and short.score() is None


def test_settings_are_range_checked() -> None:
    with pytest.raises(InputError):
        MutateSettings(mutants=0)
    with pytest.raises(InputError):
        MutateSettings(budget=0)
    with pytest.raises(InputError):
        MutateSettings(small=-1)


# -- command line ----------------------------------------------------------------------------------
def test_cli_mutate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, md = tmp_path / "m.json", tmp_path / "m.md"
    assert main(["mutate", "x3c-from-3dm", "--mutants", "3", "--instances", "2", "-o", str(out),
                 "--markdown", str(md)]) == 0
    doc = json.loads(out.read_text())
    assert doc["settings"]["mutants"] == 3 and doc["reductions"][0]["reduction"] == "x3c-from-3dm"
    assert "detection rate" in md.read_text()
    assert "x3c-from-3dm" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["mutate"], ["mutate", "x3c-from-3dm", "--all"],
                                  ["mutate", "x3c-from-3dm", "--mutants", "0"], ["mutate", "no-such-reduction"],
                                  ["mutate", "x3c-from-3dm", "--timeout", "0"]])
def test_cli_mutate_usage_errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith("gadgetry: error:")
