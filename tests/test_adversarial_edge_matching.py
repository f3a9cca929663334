"""Adversarial-boundary edge matching (Witness seed, Problem 2) and QSAT2 to it (appendix A, Lemma 8.5):
the CEGAR decision against brute force, the reduction's circuit layout, the per-move equivalence (the
board after the move for x tiles iff some y falsifies f, the tiling's y INPUT tiles naming such a y),
the losing-strategy variant, and the garbage-count slip of appendix A."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from gadgetry.core import InputError
from gadgetry.core.registry import problem, reduction
from gadgetry.puzzles.edgematching.adversarial import SQUARE, Tiler, cegar, swapped
from gadgetry.reductions import adversarial_boundary_edge_matching_from_qsat2 as R
from gadgetry.sources.qsat2 import QSAT2, brute_force_value, value
from gadgetry.verify.protocol import PASS, Limits, verify_reduction
from test_qsat2 import formulas

ABEM = problem("adversarial-boundary-edge-matching")
OPEN = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}


def test_cegar_agrees_with_brute_force() -> None:
    seen = set()
    for seed in range(80):
        rng = random.Random(seed)
        params = {"rows": rng.randint(1, 2), "cols": rng.choice([2, 4]), "colours": rng.randint(1, 3),
                  "rotations": rng.randint(0, 1)}
        board = ABEM.generate_seeded(params, seed).instance
        wins = ABEM.first_wins(board)
        assert wins == bool(list(ABEM.brute_force(board))), board
        move = cegar(board)
        if move is not None:  # a winning move: the board after it has no tiling
            assert next(SQUARE.brute_force(swapped(board, move)), None) is None
        seen.add((wins, board.rotations))
    assert seen == {(True, False), (True, True), (False, False), (False, True)}


def test_validation_and_json() -> None:
    board = ABEM.generate_seeded({"rows": 1, "cols": 2, "colours": 2, "rotations": 0}, 0).instance
    assert ABEM.instance_from_json(ABEM.instance_to_json(board)) == board
    data = ABEM.instance_to_json(board)
    with pytest.raises(InputError, match="every perimeter side"):
        ABEM.instance_from_json({**data, "boundary": data["boundary"][1:]})
    odd = SQUARE.instance_to_json(SQUARE.generate_seeded({"rows": 1, "cols": 3, "kind": 1}, 0).instance)
    with pytest.raises(InputError, match="even number of columns"):
        ABEM.instance_from_json(odd)


def test_layout_is_a_consistent_circuit() -> None:
    """Every connected side faces a connected side; x INPUTs sit in the top row at even columns with their
    NULL partner; the circuit tiles number t, and the board's tiles its area."""
    constants = [QSAT2(2, (1,), (2,), "dnf", ((1,), ())), QSAT2(2, (1,), (2,), "cnf", ((1,), ())),
                 QSAT2(2, (1,), (2,), "dnf", ()), QSAT2(0, (), (), "cnf", ()), QSAT2(1, (), (1,), "dnf", ((1,), (1,)))]
    for q in constants + list(formulas(60, most=3)):
        built = R.build(q)
        lay = built.layout
        assert lay.width % 6 == 0
        for (x, y), cell in lay.cells.items():
            sides = set(cell.ins) | set(cell.outs) | ({"n", "e", "s", "w"} if cell.kind == "CROSS" else set())
            for d in sides:
                dx, dy = OPEN[d]
                other = lay.cells.get((x + dx, y + dy))
                assert other is not None, (q, x, y, d)
                back = R.OPPOSITE[d]
                assert back in set(other.ins) | set(other.outs) or other.kind == "CROSS", (q, x, y, d)
        for v, c in lay.xcols.items():
            assert c % 2 == 0 and lay.cells[(c, 0)].kind == "XIN" and lay.cells[(c + 1, 0)].kind == "XNULL"
        assert len(built.board.tiles) == built.board.rows * built.board.cols
        ABEM.validate(built.board)


def per_move(q: QSAT2, rotations: bool = False) -> None:
    """For every x: the board after x's move tiles iff some y makes f false, and the tiling's y INPUT tiles
    give such a y (the rule checker accepts the tiling); with ``rotations`` the same board with turnable
    tiles."""
    built = R.build(q)
    if rotations:
        built = dataclasses.replace(built, board=dataclasses.replace(built.board, rotations=True))
    tiler = Tiler(built.board)
    try:
        for bits in itertools.product((False, True), repeat=len(q.xs)):
            x = {v for v, b in zip(q.xs, bits) if b}
            move = R.swaps_of(q, built, x)
            sol = tiler.tile(move)
            falsified = [y for ybits in itertools.product((False, True), repeat=len(q.forall))
                         for y in [{v for v, b in zip(q.forall, ybits) if b}] if not value(q, x | y)]
            assert (sol is not None) == bool(falsified), (q, x)
            if sol is not None:
                assert SQUARE.check(swapped(built.board, move), sol)
                y = R.universal_choice(built, sol)
                assert not value(q, x | y)
    finally:
        tiler.close()


def test_per_move_equivalence_on_x_or_y() -> None:
    per_move(QSAT2(2, (1,), (2,), "dnf", ((1,), (2,))))  # x or y: x true wins; x false loses to y false


@pytest.mark.slow
def test_per_move_equivalence_with_rotation() -> None:
    """Lemma 8.5 with rotation: the same board (turned tiles never fit: north and west sides show negative
    colours, south and east positive ones)."""
    per_move(QSAT2(2, (1,), (2,), "dnf", ((1,), (2,))), rotations=True)


@pytest.mark.slow
@pytest.mark.parametrize("q", [QSAT2(2, (1,), (2,), "dnf", ((1, 2),)), QSAT2(2, (1,), (2,), "cnf", ((1, -2),)),
                               R.with_losing_move(QSAT2(1, (1,), (), "dnf", ((1,),)))])
def test_per_move_equivalence_slow(q: QSAT2) -> None:
    per_move(q)


def test_losing_variant_keeps_the_verdict_and_has_a_losing_move() -> None:
    for q in formulas(40, seed=3, most=3):
        q2 = R.with_losing_move(q)
        assert brute_force_value(q2) == brute_force_value(q)
        x = q2.variables
        assert all(not value(q2, {v for v, b in zip(range(1, x + 1), bits) if b} - {x})
                   for bits in itertools.product((False, True), repeat=x))


def test_garbage_count_slip() -> None:
    """Appendix A's counts: at the text's h_g the garbage tiles (blocks, domino halves, the used tiles'
    all-g tiles) overflow the garbage region, and with the text's all-g filler the tiles exceed the
    region by 2(w + h_c) (the dominoes' tiles counted twice, the used tiles' all-g tiles not at all)."""
    built = R.build(QSAT2(2, (1,), (2,), "dnf", ((1, 2),)))
    w, hc, t = built.layout.width, built.layout.height, len(built.circuit_tiles)
    assert (w, hc, t) == (6, 4, 37)
    hg = R.garbage_height(w, hc, t)
    assert hg == 47 and R.garbage_tiles(w, hc, t) == 289 > w * hg == 282
    assert R.garbage_tiles(w, hc, t) + R.paper_filler(w, hc, t) - w * hg == 2 * (w + hc)
    assert built.garbage_height == R.garbage_rows(w, hc, t) == 49


@pytest.mark.slow
@pytest.mark.parametrize("name", ["adversarial-boundary-edge-matching-from-qsat2",
                                  "adversarial-boundary-edge-matching-losing-from-qsat2"])
def test_verify(name: str) -> None:
    report = verify_reduction(reduction(name), instances=2, seed=0, limits=Limits(seconds=600))
    assert report.verdict == PASS, report
