"""Positive planar 1-in-3SAT with a rectilinear embedding: both embedding checks (against a brute-force
drawing oracle), the layout, counts against brute force, generator modes, exhaustive, JSON, shrinking."""

from __future__ import annotations

import doctest
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gadgetry.sources.planar_sat as planar_sat
from gadgetry.core import InputError
from gadgetry.core.envelope import dumps, instance_document, read_instance, read_solution
from gadgetry.core.sat import count_enumeration, count_ganak
from gadgetry.sources.planar_sat import (
    PlanarFormula,
    PlanarPositiveOneInThreeSat,
    check_planar,
    check_rectilinear,
    heights,
    layout,
    left_to_right,
    positions,
    render,
)
from gadgetry.sources.sat import Formula, PositiveOneInThreeSat

P = PlanarPositiveOneInThreeSat()
BASE = PositiveOneInThreeSat()


def inst(n: int, clauses: list[tuple[int, int, int]], sides: str, levels: list[int] | None = None,
         order: tuple[int, ...] | None = None) -> PlanarFormula:
    """An instance; ``sides`` is a string of 'a'/'b' per clause; levels default to the least ones."""
    order = order or tuple(range(1, n + 1))
    side_names = tuple("above" if s == "a" else "below" for s in sides)
    lv = tuple(levels) if levels is not None else heights(order, clauses, side_names)
    return PlanarFormula(Formula(n, tuple(clauses)), order, side_names, lv)


FIGURE7 = inst(5, [(1, 2, 3), (1, 3, 5), (2, 4, 5)], "aab")


def counts(p: PlanarFormula) -> tuple[int, int, int]:
    """(Ganak, enumeration, brute force) solution counts."""
    f = P.encode(p).cnf
    return (count_ganak(f.nvars, f.clauses, f.projection),
            count_enumeration(f.nvars, f.clauses, f.projection), len(list(P.brute_force(p))))


def generated(sizes: list[tuple[int, int]], seeds: range, mode: str | None = None) -> list:
    return [P.generate_seeded({"variables": n, "clauses": m}, seed, mode) for n, m in sizes for seed in seeds]


# -- drawing oracle ------------------------------------------------------------------------------------
def meets(s: tuple[float, float, float, float], t: tuple[float, float, float, float]) -> bool:
    """Whether two axis-parallel segments (x0, y0, x1, y1), x0 <= x1 and y0 <= y1, share a point."""
    return s[0] <= t[2] and t[0] <= s[2] and s[1] <= t[3] and t[1] <= s[3]


def segments(cols: tuple[int, int, int], level: int, sign: int) -> list[tuple[float, float, float, float]]:
    """A comb's three legs (from just off the line) and its bar, as axis-parallel segments."""
    lo, hi = sorted((0.5 * sign, level * sign))
    return [(c, lo, c, hi) for c in cols] + [(cols[0], level * sign, cols[2], level * sign)]


def drawable(a: tuple[int, int, int], b: tuple[int, int, int], la: int, lb: int) -> bool:
    """Whether two combs with leg positions ``a``, ``b`` (sorted) and levels la, lb can be drawn on one side
    without meeting, trying every order of the two legs on each shared variable box."""
    shared = sorted(set(a) & set(b))
    for a_first in itertools.product((True, False), repeat=len(shared)):
        first = dict(zip(shared, a_first))
        col, x = {}, 0
        for p in range(max(a + b) + 1):
            here = [w for w, legs in (("a", a), ("b", b)) if p in legs]
            if len(here) == 2 and not first[p]:
                here.reverse()
            for k, w in enumerate(here):
                col[(w, p)] = x + k
            x += len(here) + 1
        sa = segments(tuple(col[("a", p)] for p in a), la, 1)  # type: ignore[arg-type]
        sb = segments(tuple(col[("b", p)] for p in b), lb, 1)  # type: ignore[arg-type]
        if not any(meets(s, t) for s in sa for t in sb):
            return True
    return False


def zero(t: tuple[int, ...]) -> tuple[int, int, int]:
    """Variables 1..n in identity order as 0-based positions."""
    a, b, c = (v - 1 for v in t)
    return a, b, c


def assert_layout_sound(p: PlanarFormula) -> None:
    """The layout of a valid embedding: boxes left to right in order, each leg on its variable's box, and
    no two clauses' segments meeting."""
    lay = layout(p)
    boxes = [lay.boxes[v - 1] for v in p.order]
    assert all(lo <= hi < nxt for (lo, hi), (nxt, _) in zip(boxes, boxes[1:]))
    drawn = []
    for i, cols in enumerate(lay.legs):
        for v, c in zip(left_to_right(p, i), cols):
            assert lay.boxes[v - 1][0] <= c <= lay.boxes[v - 1][1]
        drawn.append(segments(cols, p.levels[i], 1 if p.sides[i] == "above" else -1))
    for i, j in itertools.combinations(range(len(drawn)), 2):
        assert not any(meets(s, t) for s in drawn[i] for t in drawn[j]), (i, j, p)


# -- the embedding checks ------------------------------------------------------------------------------
def test_doctests() -> None:
    assert doctest.testmod(planar_sat).failed == 0


def test_figure7_is_valid_and_drawn() -> None:
    P.validate(FIGURE7)
    assert FIGURE7.levels == (1, 2, 1)
    assert render(FIGURE7).splitlines()[2] == "1  2 3  4 5"
    assert counts(FIGURE7) == (2, 2, 2)
    assert set(P.brute_force(FIGURE7)) == {(True, False, False, True, False),
                                           (False, False, True, True, False)}


def test_geometric_check_names_crossings_and_bad_levels() -> None:
    with pytest.raises(InputError, match="clauses 1 and 2 cross above the line"):
        check_rectilinear(inst(5, [(1, 3, 5), (2, 3, 4)], "aa"))
    with pytest.raises(InputError, match="clauses 1 and 2 cross below the line"):
        check_rectilinear(inst(5, [(1, 2, 4), (3, 4, 5)], "bb"))
    with pytest.raises(InputError, match="clauses 1 and 2 cross above"):  # identical spans
        check_rectilinear(inst(4, [(1, 2, 4), (1, 3, 4)], "aa"))
    with pytest.raises(InputError, match="clause 2 is nested inside clause 1 above the line but its level 2"):
        check_rectilinear(inst(5, [(1, 3, 5), (1, 2, 3)], "aa", [2, 2]))
    with pytest.raises(InputError, match="clause 1 is nested inside clause 2"):
        check_rectilinear(inst(5, [(3, 4, 5), (1, 3, 5)], "bb", [3, 1]))
    # On opposite sides, or touching at an end variable, or nested touching a gap's ends: all fine.
    for p in (inst(5, [(1, 3, 5), (2, 3, 4)], "ab"), inst(5, [(1, 2, 3), (3, 4, 5)], "aa", [1, 1]),
              inst(5, [(1, 3, 5), (1, 2, 3), (3, 4, 5)], "aaa"), inst(4, [(1, 2, 4), (2, 3, 4)], "aa")):
        P.validate(p)
    with pytest.raises(InputError, match="cross"):
        P.validate(inst(5, [(1, 3, 5), (2, 3, 4)], "aa"))


def test_geometric_check_uses_the_order() -> None:
    p = inst(5, [(1, 3, 5), (2, 3, 4)], "aa", order=(1, 5, 3, 2, 4))
    assert positions(p)[5] == 1 and left_to_right(p, 0) == (1, 5, 3)
    P.validate(p)  # positions (0, 2, 1) and (3, 2, 4): touching at variable 3
    with pytest.raises(InputError, match="cross"):
        P.validate(inst(5, [(1, 3, 5), (2, 3, 4)], "aa", order=(1, 2, 3, 5, 4)))


def test_checks_are_independent() -> None:
    # Three clauses on the same three variables: K_{3,3}, which networkx rejects; identical spans too.
    k33 = inst(3, [(1, 2, 3)] * 3, "aba", [1, 1, 2])
    with pytest.raises(InputError, match="not planar"):
        check_planar(k33)
    with pytest.raises(InputError, match="cross"):
        check_rectilinear(k33)
    # A crossing on one side is planar as a graph (the second clause could go below).
    crossing = inst(5, [(1, 3, 5), (2, 3, 4)], "aa")
    check_planar(crossing)
    with pytest.raises(InputError, match="cross"):
        check_rectilinear(crossing)


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_geometric_check_agrees_with_drawing_oracle_on_pairs(n: int) -> None:
    triples = list(itertools.combinations(range(1, n + 1), 3))
    for a, b in itertools.combinations_with_replacement(triples, 2):
        for la, lb in ((1, 1), (1, 2), (2, 1)):
            p = inst(n, [a, b], "aa", [la, lb])
            try:
                check_rectilinear(p)
                ok = True
            except InputError:
                ok = False
            assert ok == drawable(zero(a), zero(b), la, lb), (a, b, la, lb)


def test_exhaustive_is_every_pairwise_drawable_family() -> None:
    every = list(P.exhaustive({"variables": 5, "clauses": 3}))
    assert [p.formula.variables for p in every] == sorted(p.formula.variables for p in every)  # smallest first
    for n in range(1, 6):
        pool = [(t, s) for t in itertools.combinations(range(1, n + 1), 3) for s in ("above", "below")]
        expected = set()
        for m in range(4):
            for chosen in itertools.combinations(pool, m):
                ok = all(s != t or drawable(zero(a), zero(b), 1, 2) or drawable(zero(a), zero(b), 2, 1)
                         for (a, s), (b, t) in itertools.combinations(chosen, 2))
                if ok:
                    expected.add(tuple(chosen))
        got = [tuple(zip(p.formula.clauses, p.sides)) for p in every if p.formula.variables == n]
        assert len(got) == len(set(got)) and set(got) == expected, n


def test_exhaustive_instances_validate_draw_and_include_no_instances() -> None:
    for p in P.exhaustive({"variables": 5, "clauses": 3}):
        P.validate(p)
        assert_layout_sound(p)
        assert next(P.brute_force(p), None) is not None  # three clauses never suffice for a NO instance
    no = [p for p in P.exhaustive({"variables": 4, "clauses": 4}) if next(P.brute_force(p), None) is None]
    # Only the four triples of 1..4, two on each side (two mirror embeddings): 3 * (true variables) = 4.
    assert len(no) == 2 and {p.sides[0] for p in no} == {"above", "below"}
    assert all(sorted(p.formula.clauses) == list(itertools.combinations(range(1, 5), 3)) for p in no)


@pytest.mark.parametrize("mode", [None, "planted", "unsat", "unique"])
def test_generated_instances_validate_and_draw(mode: str | None) -> None:
    sizes = {None: [(3, 2), (4, 4), (6, 4), (8, 12), (12, 20)],
             "planted": [(3, 2), (6, 4), (8, 12), (12, 14)], "unsat": [(8, 8), (8, 12), (12, 14)],
             "unique": [(7, 6), (9, 10)]}[mode]
    for g in generated(sizes, range(60 if mode != "unique" else 20), mode):
        p = g.instance
        P.validate(p)
        check_planar(p)  # the independent oracle: every valid drawing is planar
        assert_layout_sound(p)
        assert P.instance_to_json(p)["levels"] == list(heights(p.order, p.formula.clauses, p.sides))
        assert all(left_to_right(p, i) == c for i, c in enumerate(p.formula.clauses))


def test_full_sides_and_large_instances() -> None:
    for seed in range(20):
        p = P.generate_seeded({"variables": 7, "clauses": 10}, seed).instance  # both sides full
        P.validate(p)
        assert sum(s == "above" for s in p.sides) == 5
    big = P.generate_seeded({"variables": 300, "clauses": 500}, 1).instance
    P.validate(big)
    assert_layout_sound(big)


# -- counts and modes ------------------------------------------------------------------------------------
def test_counts_agree_with_brute_force_and_the_base_problem() -> None:
    seen = set()
    for g in generated([(3, 1), (4, 2), (5, 3), (6, 4), (7, 5), (8, 6)], range(40)):
        p = g.instance
        c = counts(p)
        assert c[0] == c[1] == c[2] == len(list(BASE.brute_force(p.formula))), p
        assert set(P.brute_force(p)) == set(BASE.brute_force(p.formula))
        seen.add(c[0])
    assert 0 in seen and 1 in seen and max(seen) > 4


def test_decoded_solutions_check() -> None:
    from gadgetry.core.sat import enumerate_projected

    for g in generated([(6, 4), (8, 6)], range(20)):
        enc = P.encode(g.instance)
        sols = {enc.decode(lambda v, t=true: v in t)
                for true in enumerate_projected(enc.cnf.nvars, enc.cnf.clauses, enc.cnf.projection)}
        assert sols == set(P.brute_force(g.instance))
        assert all(P.check(g.instance, s) for s in sols)


def test_checker_rules() -> None:
    assert P.check(FIGURE7, (True, False, False, True, False))
    assert P.check(FIGURE7, (True, False, False, False, False)).detail == "clause 3 [2, 4, 5]"
    assert P.check(FIGURE7, (True, True, False, True, False)).rule == "clause-violated"
    assert P.check(FIGURE7, (True,)).rule == "wrong-length"


def test_modes_hold() -> None:
    for g in generated([(5, 3), (6, 4), (9, 8)], range(30), "planted"):
        assert P.check(g.instance, g.planted)
        assert all(sum(g.planted[v - 1] for v in c) == 1 for c in g.instance.formula.clauses)
    for g in generated([(6, 4), (8, 8)], range(20), "unsat"):
        assert next(P.brute_force(g.instance), None) is None
    for g in generated([(6, 4), (7, 6), (9, 10)], range(8), "unique"):
        assert list(P.brute_force(g.instance)) == [g.planted]
    for mode, params in P.mode_params.items():
        for seed in range(20):
            g = P.generate_seeded(params, seed, mode)
            assert len(list(P.brute_force(g.instance))) == (0 if mode == "unsat" else 1)


def test_generator_params_and_failures(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(planar_sat.PlanarPositiveOneInThreeSat, "attempts", 50)
    with pytest.raises(InputError, match="at most 2 \\* \\(variables - 2\\) = 4"):
        P.generate_seeded({"variables": 4, "clauses": 5}, 0)
    with pytest.raises(InputError, match="out of range"):
        P.generate_seeded({"variables": 2}, 0)
    with pytest.raises(InputError, match="unknown parameter"):
        P.generate_seeded({"vars": 5}, 0)
    with pytest.raises(InputError, match="no unsatisfiable instance"):
        P.generate_seeded({"variables": 5, "clauses": 0}, 0, "unsat")
    with pytest.raises(InputError, match="unique"):
        P.generate_seeded({"variables": 5, "clauses": 1}, 0, "unique")


def test_determinism() -> None:
    for mode in (None, "planted", "unsat", "unique"):
        a = [dumps(instance_document(P, g.instance)) for g in generated([(8, 8)], range(5), mode)]
        b = [dumps(instance_document(P, g.instance)) for g in generated([(8, 8)], range(5), mode)]
        assert a == b and len(set(a)) == 5


# -- JSON, shrinking, formats ---------------------------------------------------------------------------
def test_json_round_trip() -> None:
    for g in generated([(6, 4), (10, 12)], range(20), "planted"):
        doc = instance_document(P, g.instance)
        assert set(doc) == {"problem", "version", "variables", "clauses", "order", "sides", "levels"}
        back = read_instance(P, {k: v for k, v in doc.items() if k not in ("problem", "version")})
        assert back == g.instance
        sol = P.solution_to_json(back, g.planted)
        assert read_solution(P, back, {"problem": P.name, "solution": sol}) == g.planted
        assert sol == BASE.solution_to_json(back.formula, g.planted)


def test_order_defaults_to_identity() -> None:
    body = {"variables": 5, "clauses": [[1, 2, 3], [1, 3, 5], [2, 4, 5]],
            "sides": ["above", "above", "below"], "levels": [1, 2, 1]}
    assert read_instance(P, body) == FIGURE7


@pytest.mark.parametrize("body,message", [
    ({"variables": 3, "clauses": [[1, 2, 3]], "sides": ["above"]}, "missing field 'levels'"),
    ({"variables": 3, "clauses": [[1, 2]], "sides": ["above"], "levels": [1]}, "clause 1 has 2 variables"),
    ({"variables": 3, "clauses": [[1, -2, 3]], "sides": ["above"], "levels": [1]}, "negative literal"),
    ({"variables": 3, "clauses": [[1, 1, 3]], "sides": ["above"], "levels": [1]}, "repeats"),
    ({"variables": 3, "clauses": [[1, 2, 3]], "sides": ["up"], "levels": [1]}, "side 'up'"),
    ({"variables": 3, "clauses": [[1, 2, 3]], "sides": ["above"], "levels": [0]}, "level 0"),
    ({"variables": 3, "clauses": [[1, 2, 3]], "sides": ["above"], "levels": [True]}, "level True"),
    ({"variables": 3, "clauses": [[1, 2, 3]], "sides": [], "levels": [1]}, "'sides' has 0 entries"),
    ({"variables": 3, "clauses": [[1, 2, 3]], "sides": "above", "levels": [1]}, "'sides' must be a list"),
    ({"variables": 3, "clauses": [[1, 2, 3]], "order": [1, 3, 3], "sides": ["above"], "levels": [1]},
     "order"),
    ({"variables": 3, "clauses": [[1, 2, 3]], "order": [1, 2], "sides": ["above"], "levels": [1]}, "order"),
    ({"variables": 10**9, "clauses": [], "sides": [], "levels": []}, "give 'order' explicitly"),
])
def test_malformed_bodies(body: dict, message: str) -> None:
    with pytest.raises(InputError, match=message):
        read_instance(P, body)


JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 8) | st.text(max_size=3),
                    lambda inner: st.lists(inner, max_size=4), max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["variables", "clauses", "order", "sides", "levels"]),
                       JSON | st.lists(st.lists(st.integers(-1, 6), max_size=4), max_size=4)
                       | st.lists(st.sampled_from(["above", "below", "left"]), max_size=4)
                       | st.lists(st.integers(0, 4), max_size=4)))
def test_fuzzed_bodies_raise_input_error_only(body: dict) -> None:
    try:
        p = P.instance_from_json(body)
        P.validate(p)
    except InputError:
        return
    assert_layout_sound(p)


@settings(max_examples=100, deadline=None)
@given(JSON)
def test_fuzzed_non_objects_raise_input_error(data: object) -> None:
    with pytest.raises(InputError):
        P.instance_from_json(data)  # type: ignore[arg-type]


def test_shrink_yields_smaller_valid_instances() -> None:
    p = inst(6, [(1, 3, 5), (1, 2, 3), (2, 4, 5)], "aab")
    smaller = list(P.shrink(p))
    assert len(smaller) == 3 + 6  # three clause drops, then each variable with its clauses
    assert smaller[3 + 5] == inst(5, [(1, 3, 5), (1, 2, 3), (2, 4, 5)], "aab")  # the unused variable 6
    assert smaller[3 + 2].formula.clauses == ((2, 3, 4),)  # variable 3 and its clauses; 4, 5 renumbered
    for q in smaller:
        P.validate(q)
        assert P.size(q)["clauses"] + q.formula.variables < 3 + 6
    for g in generated([(8, 8)], range(10)):
        for q in P.shrink(g.instance):
            P.validate(q)


def test_no_formats_and_description() -> None:
    assert P.formats() == {}
    d = P.describe()
    assert d["modes"] == ["planted", "unsat", "unique"] and d["solution"] == BASE.solution_is
    assert P.size(FIGURE7) == {"variables": 5, "clauses": 3, "literals": 9}


def test_random_order_is_used() -> None:
    orders = {g.instance.order for g in generated([(6, 4)], range(20))}
    assert len(orders) > 10
    rng = random.Random(3)
    assert P.generate({"variables": 6, "clauses": 4}, rng).instance.order != (1, 2, 3, 4, 5, 6)
