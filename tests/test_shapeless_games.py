"""Shapeless edge matching (section 5) with its spiral-frame reductions, and the two-player games of
section 6: geography (game-tree search against minimax and the matching criterion of Theorem 6.2) and the
edge-matching game with Theorem 6.5's reduction from edge geography."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gadgetry.core import InputError
from gadgetry.core.registry import problems, reduction
from gadgetry.puzzles.edgematching.square import plant
from gadgetry.puzzles.edgematching.square_model import EdgeMatching, rotate
from gadgetry.puzzles.edgematching.games import EdgeMatchingGame
from gadgetry.puzzles.edgematching.games import first_wins as game_wins
from gadgetry.puzzles.edgematching.games import moves as game_moves
from gadgetry.puzzles.edgematching.shapeless import ShapelessEdgeMatching, candidates, window
from gadgetry.sources.geography import Geography, first_wins, first_wins_matching, first_wins_minimax, moves
from gadgetry.verify.protocol import PASS, Limits, verify_reduction
from gadgetry.verify.solve import count

SHAPELESS = problems()["shapeless-edge-matching"]
GEO = problems()["geography"]
GAME = problems()["edge-matching-game"]


# -- shapeless edge matching ---------------------------------------------------------------------------

def test_shapeless_counts_agree_with_redelmeier_enumeration() -> None:
    nonzero = 0
    for mode in (None, "planted"):
        for seed in range(40):
            gen = SHAPELESS.generate_seeded({"tiles": 2 + seed % 2, "colours": 3 + seed % 3}, seed, mode)
            brute = count(SHAPELESS, gen.instance, "brute-force").count
            assert count(SHAPELESS, gen.instance, "ganak").count == brute, (seed, mode)
            assert count(SHAPELESS, gen.instance, "enumeration").count == brute, (seed, mode)
            if mode == "planted":
                assert SHAPELESS.check(gen.instance, gen.planted)
            nonzero += brute > 0
    assert nonzero > 40


def test_shapeless_pruning_keeps_every_brute_force_solution() -> None:
    for seed in range(60):
        inst = SHAPELESS.generate_seeded({"tiles": 4, "colours": 4}, seed, "planted").instance
        where = candidates(inst)
        for sol in SHAPELESS.brute_force(inst):
            assert all((r, c) in where[t] for t, (r, c, _q) in enumerate(sol))


def test_shapeless_window_is_the_diamond() -> None:
    assert len(window(1)) == 1 and len(window(3)) == 13 and len(window(5)) == 41


def test_shapeless_checker_rules() -> None:
    tiles = ((1, 2, 1, 1), (1, 1, 1, -2), (3, 3, 3, 3))
    inst = ShapelessEdgeMatching(tiles, "signed", 0)
    good = ((0, 0, 0), (0, 1, 0), (1, 1, 0))  # tile 2 shows 3 north against south 1: mismatch
    assert SHAPELESS.check(inst, good).rule == "mismatch"
    inst2 = ShapelessEdgeMatching(tiles[:2], "signed", 0)
    assert SHAPELESS.check(inst2, ((0, 0, 0), (0, 1, 0)))
    assert SHAPELESS.check(inst2, ((0, 0, 0), (0, 2, 0))).rule == "disconnected"
    assert SHAPELESS.check(inst2, ((0, 1, 0), (0, 2, 0))).rule == "root"
    assert SHAPELESS.check(inst2, ((0, 0, 0), (0, 0, 0))).rule == "cell-reused"
    sym = ShapelessEdgeMatching(((1, 1, 1, 1), (-1, -1, -1, -1)), "signed", 0)
    assert SHAPELESS.check(sym, ((0, 0, 0), (0, 1, 1))).rule == "rotation-not-canonical"
    assert count(SHAPELESS, sym, "brute-force").count == 4 == count(SHAPELESS, sym, "ganak").count


def test_shapeless_modes_and_round_trip() -> None:
    for seed in range(3):
        unsat = SHAPELESS.generate_seeded(SHAPELESS.mode_params["unsat"], seed, "unsat").instance
        assert count(SHAPELESS, unsat, "brute-force").count == 0
        unique = SHAPELESS.generate_seeded(SHAPELESS.mode_params["unique"], seed, "unique").instance
        assert count(SHAPELESS, unique, "brute-force").count == 1
        inst = SHAPELESS.generate_seeded({}, seed).instance
        assert SHAPELESS.instance_from_json(json.loads(json.dumps(SHAPELESS.instance_to_json(inst)))) == inst
        assert "<svg" in SHAPELESS.render_svg(inst)
    planted = SHAPELESS.generate_seeded({}, 7, "planted")
    assert "<svg" in SHAPELESS.render_svg(planted.instance, planted.planted)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(["tiles", "kind", "root", "x"]),
                       st.one_of(st.integers(-3, 3), st.text(max_size=3), st.lists(st.integers(-2, 2), max_size=5),
                                 st.lists(st.lists(st.integers(-2, 2), max_size=5), max_size=3))))
def test_malformed_json_raises_input_error(data: dict) -> None:
    for prob in (SHAPELESS, GEO, GAME):
        try:
            prob.validate(prob.instance_from_json(data))
        except InputError:
            pass


def _strips(rng: random.Random, count: int) -> list[tuple[str, EdgeMatching]]:
    """1 x n boards (n <= 3) with only the left boundary colour: planted ones (L agreeing with the
    planted first tile) and ones with a random L (some unsolvable)."""
    out = []
    for i in range(count):
        n, kind = 1 + i % 3, ("signed", "unsigned")[i // 3 % 2]
        inst, sol = plant(1, n, 2, kind, True, 0, rng)
        west = rotate(inst.tiles[sol[0][0]], sol[0][1])[3]
        left = (-west if kind == "signed" else west) if i % 2 else rng.choice([1, 2, -1, -2][:4 if kind == "signed" else 2])
        out.append((f"strip {i}", EdgeMatching(1, n, inst.tiles, kind, True, (((0, 0, "w"), left),))))
    return out


def test_spiral_frame_reduction_verifies() -> None:
    red = reduction("shapeless-from-edgematching")
    sources = _strips(random.Random(5), 24)
    report = verify_reduction(red, sources=sources, limits=Limits(seconds=60, cap=300))
    assert report.verdict == PASS, report.counterexample
    counts = {(r.source_count, r.target_count) for r in report.instances}
    assert any(c == 0 for c, _ in counts) and any(c >= 2 for c, _ in counts)


def test_spiral_frame_rejects_other_boards() -> None:
    red = reduction("shapeless-from-edgematching")
    with pytest.raises(InputError):
        red.reduce(EdgeMatching(1, 2, ((1, 2, 3, 4), (5, 6, 7, 8)), "unsigned"))
    with pytest.raises(InputError):
        red.reduce(EdgeMatching(2, 1, ((1, 2, 3, 4), (5, 6, 7, 8)), "signed", True, (((0, 0, "w"), 1),)))


# -- geography -----------------------------------------------------------------------------------------

def test_geography_search_agrees_with_minimax_and_matching() -> None:
    rng = random.Random(3)
    matched = 0
    for seed in range(600):
        g = GEO.generate_seeded({"vertices": rng.randint(1, 7), "edges": rng.randint(0, 10)}, seed).instance
        wins = first_wins(g)
        assert wins == first_wins_minimax(g), g
        if not g.directed and g.rule == "vertex" and g.partizan != "edge":
            assert first_wins_matching(g) == wins, g
            matched += 1
    assert matched > 50


def test_geography_small_cases() -> None:
    path = Geography(3, ((0, 1), (1, 2)), 0, False, "vertex")
    assert not first_wins(path)  # first moves to 1, second to 2, first is stuck
    assert first_wins(Geography(2, ((0, 1),), 0, False, "vertex"))
    # vertex-partizan: the first player may only move onto vertices coloured 0
    assert not first_wins(Geography(2, ((0, 1),), 0, False, "vertex", "vertex", (0, 1)))
    # edge geography revisits vertices: a triangle is three moves, the first player makes the last one
    assert first_wins(Geography(3, ((0, 1), (0, 2), (1, 2)), 0, False, "edge"))
    assert not first_wins(Geography(3, ((0, 1), (0, 2), (1, 2)), 0, False, "vertex"))
    with pytest.raises(InputError):
        GEO.validate(Geography(2, ((1, 0),), 0, False, "vertex"))
    with pytest.raises(InputError):
        first_wins_matching(Geography(2, ((0, 1),), 0, True, "vertex"))


# -- the edge-matching game and Theorem 6.5 --------------------------------------------------------------

def test_game_search_agrees_with_minimax() -> None:
    for seed in range(300):
        game = GAME.generate_seeded({"tiles": 3 + seed % 4}, seed).instance
        assert GAME.check(game, "first").ok == bool(list(GAME.brute_force(game))), game


def test_game_small_cases() -> None:
    one = EdgeMatchingGame(((9, 2, 9, -1),), "signed", 1)
    assert game_wins(one)  # the only tile fits: the first player moves, the second cannot
    assert not game_wins(EdgeMatchingGame(((9, 2, 9, -1),), "signed", 1, (1,)))  # but it is not theirs
    assert not game_wins(EdgeMatchingGame(((9, 2, 9, 3), (9, 9, 9, 9)), "signed", 1))


@pytest.mark.slow
def test_geography_to_game_verifies() -> None:
    """Another seed than tests/test_verify_all.py's quick run."""
    red = reduction("edgematching-game-from-geography")
    report = verify_reduction(red, instances=120, seed=2, limits=Limits(seconds=None))
    assert report.verdict == PASS, report.counterexample
    assert {r.source_count for r in report.instances} == {0, 1}


def test_geography_to_game_trees_are_isomorphic() -> None:
    """Stronger than the winner: along random plays, both games offer the same number of moves and the
    exposed label is the current vertex."""
    red = reduction("edgematching-game-from-geography")
    rng = random.Random(11)
    for params in red.verify_params:
        for seed in range(25):
            g = GEO.generate_seeded(params, seed).instance
            game = red.reduce(g)
            here, used, mask, exposed, mover = g.start, 0, 0, game.left, 0
            while True:
                geo_moves = sorted(moves(g, here, used, mover), key=lambda m: (m[1], m[0]))
                tile_moves = sorted(game_moves(game, mask, exposed, mover))
                assert [(m, there + 1) for there, m in geo_moves] == tile_moves
                if not geo_moves:
                    break
                k = rng.randrange(len(geo_moves))
                (here, used), (mask, exposed) = geo_moves[k], tile_moves[k]
                assert used == mask
                mover = 1 - mover


def test_geography_to_game_rejects_vertex_geography() -> None:
    with pytest.raises(InputError):
        reduction("edgematching-game-from-geography").reduce(Geography(2, ((0, 1),), 0, True, "vertex"))
