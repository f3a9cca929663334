"""Kurodoko: rule checker, eager encoding (Ganak and enumeration) and lazy cut solver against brute force,
generator modes, JSON, Range and puzz.link formats, SVG."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from gadgetry.core import InputError
from gadgetry.core.sat import count_enumeration, count_ganak
from gadgetry.puzzles.kurodoko import (KurodokoProblem, from_grid, make, read_puzzlink, read_range, solve_lazy,
                                       write_puzzlink, write_range)

P = KurodokoProblem()
RANGE_EXAMPLE = "7x7:d7b3e8e5c7a7c13e4e8b4d"
PUZZLINK_EXAMPLE = "https://puzz.link/p?kurodoko/6/5/h2j2h3r5g2j"


def _counts(inst) -> tuple[int, int]:
    cnf = P.encode(inst).cnf
    return count_ganak(cnf.nvars, cnf.clauses, cnf.projection), count_enumeration(cnf.nvars, cnf.clauses,
                                                                                  cnf.projection)


def _random_board(rng: random.Random):
    w, h = rng.randint(1, 4), rng.randint(1, 4)
    clues = []
    for r in range(h):
        for c in range(w):
            roll = rng.random()
            if roll < 0.08:
                clues.append((r, c, None))
            elif roll < 0.4:
                clues.append((r, c, rng.randint(1, w + h - 1)))
    return make(w, h, clues)


def test_eager_and_lazy_agree_with_brute_force_on_random_boards() -> None:
    rng = random.Random(2026)
    yes = no = 0
    for _ in range(250):
        inst = _random_board(rng)
        P.validate(inst)
        brute = sorted(P.brute_force(inst))
        assert _counts(inst) == (len(brute), len(brute)), inst
        lazy = solve_lazy(inst)
        assert (lazy is None) == (not brute), inst
        if lazy is not None:
            assert P.check(inst, lazy) and lazy in brute
        yes += bool(brute)
        no += not brute
    assert yes > 20 and no > 20


def test_encoding_decodes_valid_solutions() -> None:
    from gadgetry.core.sat import enumerate_projected
    inst = read_puzzlink(PUZZLINK_EXAMPLE)
    enc = P.encode(inst)
    for true in enumerate_projected(enc.cnf.nvars, enc.cnf.clauses, enc.cnf.projection):
        assert P.check(inst, enc.decode(true.__contains__))


def test_empty_boards_count_connected_independent_sets() -> None:
    # 1x1: black or white; 1x2: WW, BW, WB; 1x3: WWW, BWW, WWB, BWB (WBW disconnects the whites).
    assert [len(list(P.brute_force(make(w, 1, ())))) for w in (1, 2, 3)] == [2, 3, 4]
    for w, h in ((1, 1), (2, 1), (3, 1), (2, 3), (3, 3)):
        n = len(list(P.brute_force(make(w, h, ()))))
        assert _counts(make(w, h, ())) == (n, n)


def test_checker_names_each_rule() -> None:
    inst = from_grid([[2, None, None], [None, None, None], [None, None, "?"]])
    assert P.check(inst, ((0, 0),)).rule == "clue-black"
    assert P.check(inst, ((2, 2),)).rule == "clue-black"
    assert P.check(inst, ((1, 1), (1, 2))).rule == "adjacent-black"
    assert P.check(inst, ((0, 1), (1, 0))).rule == "white-disconnected"
    assert P.check(inst, ((1, 1),)).rule == "clue-count"
    assert P.check(inst, ((0, 2), (2, 0))).rule == "clue-count"
    assert P.check(inst, ((0, 1), (2, 0))).ok
    assert P.check(inst, ((0, 2), (1, 0))).ok  # 2 sees (0,1) only
    assert P.check(inst, ((5, 5),)).rule == "off-grid"


def test_question_clue_is_white_without_count() -> None:
    q = make(2, 1, ((0, 0, None),))
    assert sorted(P.brute_force(q)) == [(), ((0, 1),)]
    assert _counts(q) == (2, 2)


def test_range_example_round_trips_and_is_unique() -> None:
    inst = read_range(RANGE_EXAMPLE, {})
    assert write_range(inst) == RANGE_EXAMPLE + "\n"
    assert _counts(inst) == (1, 1)
    sol = solve_lazy(inst)
    assert sol is not None and P.check(inst, sol)


def test_puzzlink_example_round_trips() -> None:
    inst = read_puzzlink(PUZZLINK_EXAMPLE, {})
    assert inst.width == 6 and inst.height == 5
    assert inst.clues == ((0, 2, 2), (1, 1, 2), (1, 4, 3), (3, 5, 5), (4, 1, 2))
    assert write_puzzlink(inst) == PUZZLINK_EXAMPLE + "\n"
    assert _counts(inst)[0] >= 1


def test_puzzlink_numbers_and_runs() -> None:
    inst = make(30, 1, ((0, 0, None), (0, 1, 15), (0, 2, 16), (0, 3, 30), (0, 29, 1)))
    text = write_puzzlink(inst)
    assert text.endswith("/30/1/.f-10-1ezk1\n")  # 25 blanks: z (20) + k (5)
    assert read_puzzlink(text) == inst
    with pytest.raises(InputError):
        read_puzzlink("https://puzz.link/p?kurodoko/2/1/-1")
    with pytest.raises(InputError):
        read_puzzlink("https://puzz.link/p?kurodoko/2/1/111")


def test_range_format_details() -> None:
    inst = make(40, 1, ((0, 0, 5), (0, 1, 12), (0, 39, 3)))
    assert write_range(inst) == "40x1:5_12zk3\n"
    assert read_range("40x1:5_12zk3") == inst
    with pytest.raises(InputError, match="Range has no"):
        write_range(make(2, 1, ((0, 0, None),)))
    with pytest.raises(InputError, match=r"127 - \(height - 1\)"):
        write_range(make(126, 3, ()))
    assert write_range(make(125, 3, ())).startswith("125x3:")
    for bad in ("3x3:a", "3x3:aaaaaaaaaa", "2x2:9c", "3x3", "x:"):
        with pytest.raises(InputError):
            read_range(bad)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 8), st.integers(1, 8), st.data())
def test_formats_round_trip(w: int, h: int, data: st.DataObject) -> None:
    cells = data.draw(st.sets(st.tuples(st.integers(0, h - 1), st.integers(0, w - 1))))
    clues = [(r, c, data.draw(st.one_of(st.none(), st.integers(1, w + h - 1)))) for r, c in sorted(cells)]
    inst = make(w, h, clues)
    P.validate(inst)
    assert read_puzzlink(write_puzzlink(inst)) == inst
    assert P.instance_from_json(P.instance_to_json(inst)) == inst
    if all(v is not None for _, _, v in clues):
        assert read_range(write_range(inst)) == inst


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.none(), st.integers(), st.text(), st.lists(st.integers()),
                 st.dictionaries(st.sampled_from(["width", "height", "clues"]),
                                 st.one_of(st.integers(-2, 5), st.text(max_size=2), st.booleans(),
                                           st.lists(st.lists(st.one_of(st.integers(-1, 9), st.none(),
                                                                       st.booleans(), st.text(max_size=1)),
                                                             max_size=4), max_size=4)))))
def test_malformed_json_raises_input_error(data) -> None:
    try:
        inst = P.instance_from_json(data)
    except InputError:
        return
    P.validate(inst)


def test_malformed_solution_json() -> None:
    inst = make(2, 2, ())
    for bad in ({"a": 1}, [[1]], [[1, "x"]], [[True, 0]], 3):
        with pytest.raises(InputError):
            P.solution_from_json(inst, bad)
    assert P.solution_from_json(inst, [[1, 1], [0, 0]]) == ((0, 0), (1, 1))


def test_modes_hold_their_promise() -> None:
    for seed in range(6):
        g = P.generate_seeded({}, seed, "planted")
        assert P.check(g.instance, g.planted)
        u = P.generate_seeded({"width": 4, "height": 4}, seed, "unique")
        assert len(list(P.brute_force(u.instance))) == 1 and P.check(u.instance, u.planted)
        n = P.generate_seeded({"width": 4, "height": 4}, seed, "unsat")
        assert not list(P.brute_force(n.instance))


def test_lazy_solver_decides_a_large_planted_board() -> None:
    g = P.generate_seeded({"width": 30, "height": 30, "density": 30}, 7, "planted")
    sol = solve_lazy(g.instance)
    assert sol is not None and P.check(g.instance, sol)


def test_shrink_yields_smaller_valid_instances() -> None:
    inst = read_range(RANGE_EXAMPLE)
    for small in P.shrink(inst):
        P.validate(small)
        assert len(small.clues) < len(inst.clues) or small.width * small.height < 49


def test_svg_with_and_without_solution() -> None:
    inst = make(3, 2, ((0, 0, None), (1, 2, 4)))
    bare = P.render_svg(inst)
    assert bare.startswith("<svg") and "?" in bare and ">4<" in bare and "#222" not in bare
    solved = P.render_svg(inst, ((0, 1),))
    assert solved.count('fill="#222"') == 1


def test_import_export_names() -> None:
    assert set(P.formats()) == {"range", "puzzlink"}
    assert P.formats()["range"].detect(RANGE_EXAMPLE)
    assert P.formats()["puzzlink"].detect(PUZZLINK_EXAMPLE)
    assert not P.formats()["range"].detect(PUZZLINK_EXAMPLE)
