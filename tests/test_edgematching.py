"""Square-tile edge matching (gadgetry.puzzles.edgematching.square) and its polynomial algorithms
(gadgetry.puzzles.edgematching.square_algorithms): counts of the encoding against brute force and the transfer
matrix, checker rules, generator modes, JSON and e2 formats, and the section 2.1 algorithms against SAT."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gadgetry.core import InputError
from gadgetry.core.registry import problems
from gadgetry.core.sat import count_enumeration, count_ganak, solve_clauses
from gadgetry.puzzles.edgematching.square import (
    EdgeMatchingProblem,
    plant,
    random_instance,
    read_e2,
    write_e2,
)
from gadgetry.puzzles.edgematching.square_model import (
    KINDS,
    EdgeMatching,
    allowed_rotations,
    canonical,
    canonical_rotation,
    rotate,
)
from gadgetry.puzzles.edgematching.square_algorithms import (
    count_transfer,
    solve_le,
    solve_lt_distinct,
    solve_lt_strip,
    solve_transfer,
)

PROB = EdgeMatchingProblem()


def _brute(inst: EdgeMatching) -> int:
    return sum(1 for _ in PROB.brute_force(inst))


def _enum(inst: EdgeMatching) -> int:
    cnf = PROB.encode(inst).cnf
    return count_enumeration(cnf.nvars, cnf.clauses, cnf.projection)


def _ganak(inst: EdgeMatching) -> int:
    cnf = PROB.encode(inst).cnf
    return count_ganak(cnf.nvars, cnf.clauses, cnf.projection)


def _sat(inst: EdgeMatching) -> bool:
    return solve_clauses(PROB.encode(inst).cnf.clauses) is not None


def _draw(seed: int, shapes=((1, 3), (2, 2), (1, 4))) -> EdgeMatching:
    """A random or planted instance of a random kind, shape and rotation setting."""
    rng = random.Random(seed)
    rows, cols = rng.choice(shapes)
    kind = rng.choice(KINDS)
    args = (rows, cols, rng.randint(2, 3), kind, rng.random() < 0.6, rng.randint(0, 2), rng)
    return plant(*args)[0] if rng.random() < 0.5 else random_instance(*args)


# -- conventions -----------------------------------------------------------------------------------

def test_rotation_is_clockwise_and_canonical() -> None:
    tile = (1, 2, 3, 4)  # north, east, south, west
    assert rotate(tile, 1) == (4, 1, 2, 3)  # one clockwise turn: the west label comes to the north
    assert rotate(tile, 2) == (3, 4, 1, 2) and rotate(tile, 3) == (2, 3, 4, 1) and rotate(tile, 4) == tile
    assert allowed_rotations((5, 6, 5, 6)) == (0, 1)
    assert allowed_rotations((5, 5, 5, 5)) == (0,)
    assert allowed_rotations(tile, rotations=False) == (0,)
    assert canonical_rotation((5, 6, 5, 6), 3) == 1


def test_identical_copies_count_separately_symmetric_rotations_once() -> None:
    # Two identical all-1 tiles on a 1x2 unsigned strip: 2 solutions (the copies swap), one rotation each.
    inst = EdgeMatching(1, 2, ((1, 1, 1, 1), (1, 1, 1, 1)), "unsigned")
    sols = sorted(PROB.brute_force(inst))
    assert sols == [((0, 0), (1, 0)), ((1, 0), (0, 0))]
    assert _enum(inst) == _ganak(inst) == count_transfer(inst) == 2
    # (1, 2, 1, 2) shows two distinct orientations; 1x1 board: 2 solutions.
    assert _enum(EdgeMatching(1, 1, ((1, 2, 1, 2),), "unsigned")) == 2


def test_figure_1_contacts_are_lt_compatible() -> None:
    """Fig. 1's 2x3 <-compatible solution (contact labels from its caption; outer labels 0)."""
    top = [(0, 1, 12, 0), (0, 22, 12, 52), (0, 0, 1, 78)]
    bottom = [(54, 3, 0, 0), (14, 7, 0, 7), (45, 0, 0, 21)]
    inst = EdgeMatching(2, 3, tuple(top + bottom), "lt", False)
    assert PROB.check(inst, tuple((k, 0) for k in range(6)))
    assert _enum(inst) >= 1


# -- checker -----------------------------------------------------------------------------------------

def test_checker_names_each_rule() -> None:
    inst = EdgeMatching(1, 2, ((1, 2, 3, 4), (5, 6, 7, 2)), "unsigned", True, (((0, 0, "w"), 4),))
    assert PROB.check(inst, ((0, 0), (1, 0)))
    cases = {
        "wrong-length": ((0, 0),),
        "malformed-placement": ((0, 0), (1,)),
        "tile-range": ((0, 0), (2, 0)),
        "rotation-range": ((0, 0), (1, 4)),
        "tile-reused": ((0, 0), (0, 1)),
        "mismatch-horizontal": ((1, 0), (0, 0)),
    }
    for rule, sol in cases.items():
        assert PROB.check(inst, sol).rule == rule, rule
    assert PROB.check(EdgeMatching(1, 2, inst.tiles, "unsigned", False), ((0, 0), (1, 1))).rule == "rotation-range"
    sym = EdgeMatching(1, 1, ((3, 3, 3, 3),), "unsigned")
    assert PROB.check(sym, ((0, 2),)).rule == "rotation-not-canonical"
    assert canonical(sym, ((0, 2),)) == ((0, 0),)
    bad = EdgeMatching(1, 2, inst.tiles, "unsigned", True, (((0, 0, "w"), 9),))
    assert PROB.check(bad, ((0, 0), (1, 0))).rule == "boundary"
    vert = EdgeMatching(2, 1, ((1, 1, 2, 1), (3, 1, 1, 1)), "signed", False)
    assert PROB.check(vert, ((0, 0), (1, 0))).rule == "mismatch-vertical"
    assert PROB.check(EdgeMatching(2, 1, ((1, 1, 2, 1), (-2, 1, 1, 1)), "signed", False), ((0, 0), (1, 0)))


def test_inequality_direction_and_boundary() -> None:
    lt = EdgeMatching(1, 2, ((0, 1, 0, 0), (0, 0, 0, 2)), "lt", False)
    assert PROB.check(lt, ((0, 0), (1, 0)))  # east 1 < west 2
    assert not PROB.check(lt, ((1, 0), (0, 0)))  # east 0 < west 0 fails
    le = EdgeMatching(1, 2, ((0, 2, 0, 0), (0, 0, 0, 2)), "le", False)
    assert PROB.check(le, ((0, 0), (1, 0))) and not PROB.check(
        EdgeMatching(1, 2, le.tiles, "lt", False), ((0, 0), (1, 0)))
    # lt boundary: the colour is the label beyond the side: colour < west label, east label < colour.
    b = EdgeMatching(1, 1, ((0, 5, 0, 3),), "lt", False, (((0, 0, "e"), 6), ((0, 0, "w"), 2)))
    assert PROB.check(b, ((0, 0),))
    b2 = EdgeMatching(1, 1, ((0, 5, 0, 3),), "lt", False, (((0, 0, "e"), 5),))
    assert PROB.check(b2, ((0, 0),)).rule == "boundary"
    s = EdgeMatching(1, 1, ((1, 1, 1, -4),), "signed", False, (((0, 0, "w"), 4),))
    assert PROB.check(s, ((0, 0),))


def test_validate_rejects_malformed() -> None:
    bad = [EdgeMatching(1, 2, ((1, 1, 1, 1),), "unsigned"),
           EdgeMatching(1, 1, ((1, 1, 1),), "unsigned"),
           EdgeMatching(1, 1, ((1, 1, 1, 0),), "signed"),
           EdgeMatching(1, 1, ((1, 1, 1, 1),), "bogus"),
           EdgeMatching(0, 1, (), "unsigned"),
           EdgeMatching(2, 2, ((1, 1, 1, 1),) * 4, "unsigned", True, (((0, 0, "s"), 1),)),
           EdgeMatching(1, 2, ((1, 1, 1, 1),) * 2, "unsigned", True, (((0, 1, "w"), 1), ((0, 0, "w"), 1))),
           EdgeMatching(1, 1, ((1, 1, 1, 1),), "unsigned", 1)]  # type: ignore[arg-type]
    for inst in bad:
        with pytest.raises(InputError):
            PROB.validate(inst)


# -- counts ------------------------------------------------------------------------------------------

def test_counts_enumeration_transfer_brute_force() -> None:
    nonzero = 0
    for seed in range(150):
        inst = _draw(seed)
        brute = _brute(inst)
        assert _enum(inst) == brute, inst
        assert count_transfer(inst) == brute, inst
        nonzero += brute > 0
    assert 30 < nonzero < 150


def test_counts_ganak() -> None:
    for seed in range(40):
        inst = _draw(seed, shapes=((1, 3), (2, 2)))
        assert _ganak(inst) == _brute(inst), inst


@pytest.mark.slow
def test_counts_many_and_larger() -> None:
    for seed in range(1000):
        inst = _draw(10_000 + seed, shapes=((1, 3), (2, 2), (1, 4), (1, 5), (2, 3), (3, 2)))
        brute = _brute(inst)
        assert count_transfer(inst) == brute, inst
        if len(inst.tiles) <= 5 or brute <= 200:
            assert _enum(inst) == brute, inst
        if seed < 100 and len(inst.tiles) <= 4:
            assert _ganak(inst) == brute, inst


# -- generator -------------------------------------------------------------------------------------

def test_generator_modes() -> None:
    for seed in range(40):
        params = {"rows": 1 + seed % 2, "cols": 2 + seed % 3, "kind": seed % 5}
        gen = PROB.generate_seeded(params, seed, "planted")
        assert PROB.check(gen.instance, gen.planted), (seed, gen)
        assert gen.instance == PROB.generate_seeded(params, seed, "planted").instance
    for seed in range(4):
        for kind in (1, 2, 3):
            inst = PROB.generate_seeded({"kind": kind, "rows": 1, "cols": 3}, seed, "unsat").instance
            assert _brute(inst) == 0
    for seed in range(3):
        for params in ({"kind": 1, "boundary": 2}, {"kind": 3, "cols": 2, "rows": 2, "colours": 8, "boundary": 0},
                       {"kind": 2, "rows": 2, "cols": 2, "colours": 4, "boundary": 3}):
            gen = PROB.generate_seeded(params, seed, "unique")
            assert _brute(gen.instance) == 1 and PROB.check(gen.instance, gen.planted)


def test_unsat_needs_a_reason_for_le() -> None:
    """<= with rotations and no boundary is always solvable (Theorem 2.1): --unsat gives up."""
    with pytest.raises(InputError):
        PROB.generate_seeded({"kind": 4, "rotations": 1, "boundary": 0}, 0, "unsat")


# -- JSON --------------------------------------------------------------------------------------------

def test_json_round_trip() -> None:
    for seed in range(30):
        inst = _draw(seed)
        back = PROB.instance_from_json(json.loads(json.dumps(PROB.instance_to_json(inst))))
        assert back == inst
        for sol in PROB.brute_force(inst):
            assert PROB.solution_from_json(inst, json.loads(json.dumps(PROB.solution_to_json(inst, sol)))) == sol
            break


@pytest.mark.parametrize("body", [
    {}, {"tiles": "x"}, {"rows": 1, "cols": 1, "tiles": [[1, 2, 3]], "kind": "unsigned"},
    {"rows": 1, "cols": 1, "tiles": [[1, 2, 3, 4]], "kind": "unsigned", "boundary": [[0, 0, "q", 1]]},
    {"rows": 1, "cols": 1, "tiles": [[1, 2, 3, 4]], "kind": "unsigned", "boundary": [[0, 0, "w"]]},
    {"rows": 1, "cols": 1, "tiles": [[1, 2, 3, 4]], "kind": "unsigned", "boundary": [[0, "a", "w", 1], [0, 0, "w", 1]]},
    {"rows": 1, "cols": 1, "tiles": [[1, 2, 3, 4]], "kind": "unsigned", "rotations": "yes"},
    {"rows": 1, "cols": 1, "tiles": [[1, 2, 3, True]], "kind": "unsigned"},
    {"rows": "1", "cols": 1, "tiles": [[1, 2, 3, 4]], "kind": "unsigned"},
])
def test_malformed_json_rejected(body) -> None:
    with pytest.raises(InputError):
        PROB.instance_from_json(body)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(["rows", "cols", "tiles", "kind", "rotations", "boundary"]),
                       st.recursive(st.none() | st.booleans() | st.integers(-3, 3) | st.text(max_size=2),
                                    lambda c: st.lists(c, max_size=4), max_leaves=12)))
def test_instance_from_json_fuzz(body) -> None:
    try:
        inst = PROB.instance_from_json(body)
    except InputError:
        return
    PROB.validate(inst)


def test_solution_from_json_rejects_malformed() -> None:
    inst = EdgeMatching(1, 1, ((1, 1, 1, 1),), "unsigned")
    for data in ([[0]], "x", [[0, "a"]], [[0, True]]):
        with pytest.raises(InputError):
            PROB.solution_from_json(inst, data)


def test_out_of_range_params() -> None:
    with pytest.raises(InputError):
        PROB.resolve_params({"kind": "5"})
    with pytest.raises(InputError):
        PROB.resolve_params({"rows": "0"})


# -- e2 format ---------------------------------------------------------------------------------------

def test_e2_round_trip_and_frame() -> None:
    text = "2 2\n0 1 2 0\n0 0 3 1\n2 4 0 0\n3 0 0 4\n"  # a 2x2 Eternity II-style board, frame colour 0
    inst = read_e2(text)
    assert inst.kind == "unsigned" and inst.rotations and len(inst.boundary) == 8
    assert all(colour == 0 for _, colour in inst.boundary)
    assert PROB.check(inst, ((0, 0), (1, 0), (2, 0), (3, 0)))
    assert write_e2(inst) == text
    assert _enum(inst) == _brute(inst) == 4  # the whole board turned by quarter turns
    assert read_e2("2\n" + text.split("\n", 1)[1]) == inst  # rows default to cols
    signed = EdgeMatching(1, 2, ((1, -2, 3, 1), (-1, 2, -3, 2)), "signed")
    assert read_e2(write_e2(signed)) == signed
    plain = EdgeMatching(1, 3, ((1, 2, 3, 4), (4, 4, 4, 4), (1, 1, 2, 2)), "unsigned")
    assert write_e2(plain) == "3 1\n1 2 3 4\n4 4 4 4\n1 1 2 2\n" and read_e2(write_e2(plain)) == plain
    for seed in range(20):
        gen = PROB.generate_seeded({"kind": 1 + seed % 2, "boundary": 0, "rotations": 1}, seed)
        assert read_e2(write_e2(gen.instance)) == gen.instance


@pytest.mark.parametrize("text", ["", "x\n1 1 1 1\n", "1 1\n1 1 1\n", "1 1\n1 1 1 1\n2 2 2 2\n",
                                  "2 1\n+1 -1 +1 -1\n1 1 1 1\n", "1 1\n1 1 1 1 +\n", "0 1\n",
                                  "1 1\n+0 +1 +1 +1\n"])
def test_e2_malformed(text: str) -> None:
    with pytest.raises(InputError):
        read_e2(text)


def test_e2_refuses_what_it_cannot_hold() -> None:
    for inst in (EdgeMatching(1, 1, ((1, 1, 1, 1),), "lt"), EdgeMatching(1, 1, ((1, 1, 1, 1),), "unsigned", False),
                 EdgeMatching(1, 1, ((1, 1, 1, 1),), "unsigned", True, (((0, 0, "w"), 1),)),
                 EdgeMatching(1, 1, ((0, 1, 1, 1),), "unsigned")):
        with pytest.raises(InputError):
            write_e2(inst)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="0123 +-\n#x", max_size=40))
def test_e2_reader_fuzz(text: str) -> None:
    try:
        inst = read_e2(text)
    except InputError:
        return
    PROB.validate(inst)


def test_registered_with_format_and_svg() -> None:
    prob = problems()["edge-matching"]
    assert "e2" in prob.formats() and "transfer-matrix" in prob.extra_counters()
    gen = prob.generate_seeded({"rows": 2, "cols": 2, "boundary": 2}, 3, "planted")
    for sol in (None, gen.planted):
        root = ET.fromstring(prob.render_svg(gen.instance, sol))
        assert root.tag.endswith("svg")


# -- section 2.1 algorithms --------------------------------------------------------------------------

def _random_tiles(rng: random.Random, count: int, labels: int) -> tuple:
    return tuple(tuple(rng.randint(1, labels) for _ in range(4)) for _ in range(count))


def test_theorem_2_1_le_always_solved() -> None:
    rng = random.Random(21)
    for trial in range(300):
        rows, cols = rng.randint(1, 5), rng.randint(1, 6)
        inst = EdgeMatching(rows, cols, _random_tiles(rng, rows * cols, rng.randint(1, 8)), "le")
        assert PROB.check(inst, solve_le(inst)), inst
        if rows * cols <= 6:
            assert _sat(inst)


def test_corollary_2_2_lt_distinct() -> None:
    rng = random.Random(22)
    for trial in range(300):
        rows, cols = rng.randint(1, 5), rng.randint(1, 6)
        labels = rng.sample(range(-100, 1000), 4 * rows * cols)
        inst = EdgeMatching(rows, cols, tuple(tuple(labels[4 * k:4 * k + 4]) for k in range(rows * cols)), "lt")
        assert PROB.check(inst, solve_lt_distinct(inst)), inst
        if rows * cols <= 6:
            assert _sat(inst)
    with pytest.raises(InputError):
        solve_lt_distinct(EdgeMatching(1, 2, ((1, 2, 3, 4), (5, 6, 7, 1)), "lt"))


def test_theorem_2_3_lt_strip() -> None:
    rng = random.Random(23)
    solved = refused = 0
    for trial in range(300):
        n = rng.randint(1, 8)
        shape = (1, n) if trial % 4 else (n, 1)
        inst = EdgeMatching(*shape, _random_tiles(rng, n, rng.randint(1, 4)), "lt")
        if any(t[0] == t[2] and t[1] == t[3] for t in inst.tiles):
            with pytest.raises(InputError):
                solve_lt_strip(inst)
            refused += 1
            continue
        assert PROB.check(inst, solve_lt_strip(inst)), inst
        if n <= 6:
            assert _sat(inst)
        solved += 1
    assert solved > 100 and refused > 20
    # Without the hypothesis a strip can be unsolvable: two (1,1,1,1) tiles never satisfy 1 < 1.
    assert not _sat(EdgeMatching(1, 2, ((1, 1, 1, 1), (1, 1, 1, 1)), "lt"))


def test_algorithms_refuse_other_settings() -> None:
    for fn, inst in ((solve_le, EdgeMatching(1, 1, ((1, 1, 1, 1),), "lt")),
                     (solve_le, EdgeMatching(1, 1, ((1, 1, 1, 1),), "le", False)),
                     (solve_le, EdgeMatching(1, 1, ((1, 1, 1, 1),), "le", True, (((0, 0, "w"), 1),))),
                     (solve_lt_strip, EdgeMatching(2, 2, ((1, 2, 3, 4),) * 4, "lt"))):
        with pytest.raises(InputError):
            fn(inst)


def test_transfer_matrix_agrees_with_sat() -> None:
    """O(1) x n with O(1) colours: decision and count against the SAT encoding on random instances."""
    sat = 0
    for seed in range(250):
        rng = random.Random(seed)
        rows, cols = rng.choice(((1, 3), (1, 5), (2, 3), (3, 2), (1, 7), (2, 2)))
        kind = rng.choice(KINDS)
        inst = random_instance(rows, cols, 2, kind, rng.random() < 0.7, rng.randint(0, 2), rng)
        sol = solve_transfer(inst)
        assert (sol is not None) == _sat(inst), inst
        if sol is not None:
            assert PROB.check(inst, sol), inst
            sat += 1
        if rows * cols <= 4:
            assert count_transfer(inst) == _brute(inst), inst
    assert 40 < sat < 250


@pytest.mark.slow
def test_algorithms_thousands() -> None:
    rng = random.Random(2024)
    for trial in range(3000):
        rows, cols = rng.randint(1, 3), rng.randint(1, 3)
        kind = rng.choice(("le", "lt"))
        tiles = _random_tiles(rng, rows * cols, rng.randint(1, 5))
        inst = EdgeMatching(rows, cols, tiles, kind)
        if kind == "le":
            assert PROB.check(inst, solve_le(inst)) and _sat(inst)
        elif (rows == 1 or cols == 1) and not any(t[0] == t[2] and t[1] == t[3] for t in tiles):
            assert PROB.check(inst, solve_lt_strip(inst)) and _sat(inst)
        sol = solve_transfer(inst)
        assert (sol is not None) == _sat(inst)
        assert sol is None or PROB.check(inst, sol)
        if rows * cols <= 5:
            assert count_transfer(inst) == _brute(inst)
