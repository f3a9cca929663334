"""Flow Free (NYT seed, section 4): the encoding's and the lazy counter's counts against the brute-force
oracle, stray cycles, the checker, formats, JSON and SVG."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings, strategies as st

from gadgetry.core import InputError
from gadgetry.puzzles.flowfree import (LAZY, LAZY_FROM_CELLS, FlowFree, FlowFreeProblem, checkerboard_excess, count_lazy,
                                      lazy_cnf, solve_lazy)
from gadgetry.verify.solve import count, solutions

P = FlowFreeProblem()


@pytest.mark.parametrize("params", [{"rows": 3, "cols": 3, "colours": 2}, {"rows": 4, "cols": 4, "colours": 3},
                                    {"rows": 3, "cols": 5, "colours": 2}, {"rows": 4, "cols": 5, "colours": 4}])
def test_counts_agree_with_brute_force(params: dict[str, int]) -> None:
    nonzero = 0
    for seed in range(40):
        for mode in (None, "planted"):
            gen = P.generate_seeded(params, seed, mode)
            brute = count(P, gen.instance, "brute-force").count
            assert count(P, gen.instance, "enumeration").count == brute, (seed, mode, gen.instance)
            assert count_lazy(gen.instance) == brute and count_lazy(gen.instance, cap=0) == min(brute, 1)
            found = solve_lazy(gen.instance)
            assert (found is None) == (brute == 0) and (found is None or P.check(gen.instance, found))
            if seed % 4 == 0:
                assert count(P, gen.instance, "ganak").count == brute, (seed, mode, gen.instance)
            if mode == "planted":
                assert P.check(gen.instance, gen.planted)
            nonzero += brute > 0
    assert nonzero >= 40


def test_no_stray_cycles() -> None:
    # Degrees alone also admit A-A directly plus a closed loop round the 2 x 2 below.
    inst = FlowFree(("AA", "..", ".."))
    assert count(P, inst, "ganak").count == count(P, inst, "brute-force").count == 1
    assert count(P, FlowFree(("A..A", "....", "....")), "enumeration").count == \
        count(P, FlowFree(("A..A", "....", "....")), "brute-force").count


def test_lazy_agrees_with_the_encoding_on_larger_boards() -> None:
    for seed in range(3):
        inst = P.generate_seeded({"rows": 6, "cols": 6, "colours": 5}, seed, "planted").instance
        assert count_lazy(inst) == count(P, inst, "ganak").count, inst


def test_lazy_cuts_loops_and_prunes_colours() -> None:
    # Degrees alone admit A-A directly plus a loop round the 2 x 2 below; the cut removes the loop.
    assert count_lazy(FlowFree(("AA", "..", ".."))) == 1
    # The cell between the A's is cut off from the other empty cells; only A's two terminals both touch
    # it, so A is its only colour variable (C touches it from one terminal only, B not at all).
    inst = FlowFree(("A.A", "BCC", "B.."))
    lazy = lazy_cnf(inst)
    assert lazy is not None and {k for cell, k in lazy.colour if cell == (0, 1)} == {"A"}
    assert count_lazy(inst) == count(P, inst, "brute-force").count == 1
    assert lazy_cnf(FlowFree(("AA.", "BB."))) is None and count_lazy(FlowFree(("AA.", "BB."))) == 0
    big = FlowFree(("A" + "." * 9,) + ("." * 10,) * 8 + ("A" + "." * 9,))  # corners of opposite colours
    assert P.counting_method(big) == P.solving_method(big) == LAZY and big.rows * big.cols >= LAZY_FROM_CELLS
    assert count(P, big, LAZY).count == 1


def test_checkerboard_excess_proves_unsat() -> None:
    """Every board up to 2 x 3 and drawn 3 x 4 boards: a nonzero excess has no solution (brute force), and
    the unsat generator's boards have none either."""
    boards = [*P.exhaustive({"rows": 2, "cols": 3, "colours": 2}),
              *(P.generate_seeded({"rows": 3, "cols": 4, "colours": 2}, seed).instance for seed in range(60))]
    excess = [b for b in boards if checkerboard_excess(b)]
    assert len(excess) > 50 and all(P.is_unsat(b) for b in excess)
    assert all(count(P, b, "brute-force").count == 0 for b in excess)
    assert any(count(P, b, "brute-force").count for b in boards if not checkerboard_excess(b))
    assert checkerboard_excess(FlowFree(("A.A", "..."))) == 1 and checkerboard_excess(FlowFree(("A..", "..A"))) == 0
    proved = 0
    for seed in range(10):
        gen = P.generate_seeded({"rows": 4, "cols": 4, "colours": 3}, seed, "unsat")
        assert count(P, gen.instance, "brute-force").count == 0
        assert ("checkerboard count" in gen.meta.get("how", "")) == (checkerboard_excess(gen.instance) != 0)
        proved += "how" in gen.meta
    assert 0 < proved < 10  # some by the count, some by the solver


def test_cover_every_cell_is_required() -> None:
    assert count(P, FlowFree(("A..", "..A")), "ganak").count == 1
    assert count(P, FlowFree(("A.A", "...")), "brute-force").count == 0  # parity
    assert count(P, FlowFree(("AA.",)), "ganak").count == 0


def test_one_colouring_is_one_solution() -> None:
    # A 3 x 3 board with one colour from corner to corner: several pipe layouts, one colouring.
    inst = FlowFree(("A..", "...", "..A"))
    assert count(P, inst, "brute-force").count == count(P, inst, "ganak").count == 1


def test_checker_names_the_broken_rule() -> None:
    inst = FlowFree(("AB", "AB"))
    good = (("A", ((0, 0), (1, 0))), ("B", ((0, 1), (1, 1))))
    assert P.check(inst, good)
    assert P.check(inst, good[:1]).rule == "colours"
    assert P.check(inst, (("A", ((0, 0), (1, 1))), good[1])).rule == "endpoints"
    assert P.check(FlowFree(("A.A",)), (("A", ((0, 0), (0, 2))),)).rule == "not-adjacent"
    assert P.check(FlowFree(("A.A", "...")), (("A", ((0, 0), (0, 1), (0, 2))),)).rule == "uncovered"


def test_ascii_json_round_trip_and_errors() -> None:
    fmt = P.formats()["flowfree-ascii"]
    for seed in range(10):
        inst = P.generate_seeded({}, seed, "planted").instance
        assert fmt.read(fmt.write(inst), {}) == inst and fmt.detect(fmt.write(inst))
        assert P.instance_from_json(json.loads(json.dumps(P.instance_to_json(inst)))) == inst
        for sol in solutions(P, inst, cap=3):
            back = P.solution_from_json(inst, json.loads(json.dumps(P.solution_to_json(inst, sol))))
            assert P.check(inst, back)
    for bad in ("A.\n..", "A.B\nA.", "A#\n#A"):
        with pytest.raises(InputError):
            fmt.read(bad, {})


@settings(max_examples=150, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(alphabet="AB.#", max_size=4),
                    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.just("grid"), kids),
                    max_leaves=10))
def test_malformed_json_raises_input_error(data) -> None:
    try:
        P.validate(P.instance_from_json(data))
    except InputError:
        pass


def test_svg_renders_with_and_without_solution() -> None:
    gen = P.generate_seeded({}, 2, "planted")
    for sol in (None, gen.planted):
        ET.fromstring(P.render_svg(gen.instance, sol))
    assert "polyline" in P.render_svg(gen.instance, gen.planted)
