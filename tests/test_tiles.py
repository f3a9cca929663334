"""NYT Tiles (NYT seed, section 5): the simulator's rules, Theorem 4's decision and greedy player and
Theorem 24's Eulerian-trail player against breadth-first search over game states, the CNF encoding's counts
(Ganak and enumeration) against the depth-first brute force, generator modes, JSON, tiles-text and SVG."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gadgetry.core import InputError
from gadgetry.core.envelope import read_instance
from gadgetry.core.sat import count_enumeration, count_ganak, enumerate_projected, solve_clauses
from gadgetry.puzzles.tiles import (
    FORCED,
    PROBLEMS,
    STANDARD,
    START,
    TELEPORT,
    Tiles,
    TilesInstance,
    feature_counts,
    greedy_play,
    looks_like_text,
    make_instance,
    search_solvable,
    sharing_number,
    simulate,
    solvable,
    structure_graph,
    teleport_free_play,
    theorem_24,
    write_text,
)

(PROB,) = PROBLEMS
assert isinstance(PROB, Tiles)
SVG = "{http://www.w3.org/2000/svg}"


def random_instance(rng: random.Random, sharing: int = 1000, most_tiles: int = 6, most_features: int = 4,
                    planted: bool | None = None) -> TilesInstance:
    params = {"tiles": rng.randint(1, most_tiles), "features": rng.randint(0, most_features),
              "density": rng.choice((30, 50, 70)), "sharing": sharing}
    mode = "planted" if (rng.random() < 0.5 if planted is None else planted) else None
    inst = PROB.generate(params, rng, mode).instance
    PROB.validate(inst)
    return inst


def kinds(inst: TilesInstance, play) -> list[str]:
    return [m.kind for m in simulate(inst, play).moves]


# -- the simulator and the checker ---------------------------------------------------------------------
def test_standard_move_deletes_every_shared_feature() -> None:
    inst = make_instance([["a", "b", "c"], ["a", "b"], ["c"]])
    r = simulate(inst, [0, 1])
    assert [m.kind for m in r.moves] == [START, STANDARD]
    assert r.moves[1].deleted == (0, 1) and r.moves[1].combo == 1
    assert r.remaining == ((2,), (), (2,)) and not r.solved
    r = simulate(inst, [0, 1, 2])
    assert r.moves[2].kind == FORCED and r.moves[2].combo == 1
    assert simulate(inst, [0, 1, 2, 0]).solved


def test_combo_rules() -> None:
    inst = make_instance([["a"], ["a", "b"], ["b", "c"], ["c"], ["d"], ["d"]])
    # an unforced teleport from tile 0 (still showing a) resets the combo to zero
    r = simulate(inst, [0, 4, 5, 1, 0, 1, 2, 3])
    assert [m.kind for m in r.moves] == [START, TELEPORT, STANDARD, FORCED, STANDARD, FORCED, STANDARD, STANDARD]
    assert [m.combo for m in r.moves] == [0, 0, 1, 1, 2, 2, 3, 4]
    assert r.solved and PROB.check(inst, (0, 4, 5, 1, 0, 1, 2, 3)).rule == "combo-broken"
    r = simulate(inst, [0, 4, 1, 5])  # unforced teleports only
    assert [m.kind for m in r.moves] == [START, TELEPORT, TELEPORT, TELEPORT] and r.moves[-1].combo == 0
    r = simulate(inst, [1, 2, 4, 5])
    assert [m.combo for m in r.moves] == [0, 1, 0, 1]
    # one unbroken combo: forced teleports keep the count
    r = simulate(inst, [0, 1, 2, 3, 4, 5])
    assert [m.kind for m in r.moves] == [START, STANDARD, STANDARD, STANDARD, FORCED, STANDARD]
    assert [m.combo for m in r.moves] == [0, 1, 2, 3, 3, 4]
    assert PROB.check(inst, (0, 1, 2, 3, 4, 5))


@pytest.mark.parametrize("play, rule", [
    ((0, 0), "same-tile"),
    ((0, 7), "tile-out-of-range"),
    ((0, -1), "tile-out-of-range"),
    ((0, True), "tile-out-of-range"),
    ((4, 0), "empty-start"),
    ((0, 2), "combo-broken"),
    ((0, 1, 4), "teleport-to-empty"),
    ((0, 1), "features-left"),
    ((), "features-left"),
    ((0, 1, 2, 3, 2), "game-over"),
])
def test_check_names_the_broken_rule(play, rule) -> None:
    inst = make_instance([["a"], ["a"], ["b"], ["b"], []])
    assert PROB.check(inst, (0, 1, 2, 3))
    verdict = PROB.check(inst, play)
    assert not verdict and verdict.rule == rule, verdict


def test_instance_without_features_has_the_empty_play() -> None:
    inst = make_instance([[], []], ["a"])
    assert list(PROB.brute_force(inst)) == [()]
    assert PROB.check(inst, ()) and PROB.check(inst, (0,)).rule == "game-over"
    cnf = PROB.encode(inst).cnf
    assert count_ganak(cnf.nvars, cnf.clauses, cnf.projection) == 1
    assert count_enumeration(cnf.nvars, cnf.clauses, cnf.projection) == 1


# -- Theorem 4 ---------------------------------------------------------------------------------------
def test_theorem4_against_search_and_brute_force() -> None:
    """Statements 1 (search with any teleports), 2 (single-combo plays) and 3 (parity) agree."""
    rng = random.Random(4)
    yes = no = 0
    for _ in range(400):
        inst = random_instance(rng)
        decided = solvable(inst)
        assert decided == search_solvable(inst), inst
        assert decided == (next(iter(PROB.brute_force(inst)), None) is not None), inst
        play = greedy_play(inst)
        assert (play is not None) == decided
        if play is not None:
            assert PROB.check(inst, play), (inst, play)
            r = simulate(inst, play)
            assert r.solved and all(m.combo == sum(k.kind == STANDARD for k in r.moves[:i + 1])
                                    for i, m in enumerate(r.moves))
            yes += inst.size > 0
        else:
            assert any(c % 2 for c in feature_counts(inst))
            no += 1
    assert yes > 100 and no > 100


def test_greedy_play_on_a_large_instance() -> None:
    inst = PROB.generate_seeded({"tiles": 40, "features": 40, "density": 40}, 11, "planted").instance
    assert inst.size > 500
    play = greedy_play(inst)
    assert play is not None and PROB.check(inst, play)
    odd = PROB.generate_seeded({"tiles": 40, "features": 40}, 11, "unsat").instance
    assert greedy_play(odd) is None and not solvable(odd)


# -- Theorem 24 --------------------------------------------------------------------------------------
def test_theorem24_against_search_and_brute_force() -> None:
    rng = random.Random(24)
    yes = no = 0
    for _ in range(400):
        inst = random_instance(rng, sharing=1, most_tiles=6, most_features=6)
        assert sharing_number(inst) <= 1
        play = teleport_free_play(inst)
        assert (play is not None) == search_solvable(inst, teleports=False), inst
        brute = any(all(k in (START, STANDARD) for k in kinds(inst, p)) for p in PROB.brute_force(inst))
        assert (play is not None) == brute, inst
        if play is not None:
            assert PROB.check(inst, play), (inst, play)
            assert all(k in (START, STANDARD) for k in kinds(inst, play))
            yes += inst.size > 0
        else:
            no += 1
    assert yes > 60 and no > 60


def test_theorem24_solver_never_contradicts_brute_force() -> None:
    """``solve --solver theorem-24``: a valid play, None only when no play exists, and a refusal (not a
    wrong "unsat") when every play needs a teleport; ``theorem-4`` decides every instance."""
    rng = random.Random(2024)
    refused = 0
    for _ in range(300):
        inst = random_instance(rng, sharing=1, most_tiles=6, most_features=6)
        some = next(iter(PROB.brute_force(inst)), None) is not None
        try:
            play = PROB.extra_solvers()["theorem-24"](inst)
        except InputError:
            assert some and not search_solvable(inst, teleports=False)
            refused += 1
        else:
            assert (play is not None) == some and (play is None or PROB.check(inst, play)), inst
        greedy = PROB.extra_solvers()["theorem-4"](inst)
        assert (greedy is not None) == some and (greedy is None or PROB.check(inst, greedy))
    assert refused > 10
    assert PROB.extra_solvers()["theorem-24"] is theorem_24


def test_theorem24_needs_sharing_number_one() -> None:
    """Four tiles {a, b}: the structure graph is Eulerian, yet every move empties two tiles at once."""
    inst = make_instance([["a", "b"]] * 4)
    assert sharing_number(inst) == 2 and nx.is_eulerian(structure_graph(inst))
    assert not search_solvable(inst, teleports=False) and solvable(inst)
    with pytest.raises(InputError):
        teleport_free_play(inst)


def test_theorem24_examples() -> None:
    path = make_instance([["a"], ["a", "b"], ["b", "c"], ["c"]])
    assert teleport_free_play(path) == (0, 1, 2, 3)
    two_parts = make_instance([["a"], ["a"], ["b"], ["b"]])
    assert teleport_free_play(two_parts) is None and solvable(two_parts)
    triangle = make_instance([["a", "c"], ["a", "b"], ["b", "c"]])
    play = teleport_free_play(triangle)
    assert play is not None and len(play) == 4 and PROB.check(triangle, play)
    three_odd = make_instance([["a", "b", "c"], ["a"], ["b"], ["c"]])  # tile 0 odd and three odd leaves
    assert teleport_free_play(three_odd) is None and not search_solvable(three_odd, teleports=False)


def test_structure_graph_and_sharing() -> None:
    rng = random.Random(22)
    for sharing in (1, 2, 3):
        for _ in range(30):
            inst = random_instance(rng, sharing=sharing, most_tiles=8, most_features=8)
            assert sharing_number(inst) <= sharing
            g = structure_graph(inst)
            assert nx.is_bipartite(g) and g.number_of_edges() == inst.size
            assert g.number_of_nodes() == len(inst.tiles) + len(inst.features)


# -- the encoding ------------------------------------------------------------------------------------
def test_encoding_counts_equal_brute_force() -> None:
    rng = random.Random(7)
    positive = 0
    for k in range(200):
        inst = random_instance(rng, sharing=rng.choice((1, 1000)), most_tiles=5, most_features=3)
        brute = sum(1 for _ in PROB.brute_force(inst))
        cnf = PROB.encode(inst).cnf
        assert count_ganak(cnf.nvars, cnf.clauses, cnf.projection) == brute, inst
        if k % 2 == 0:
            assert count_enumeration(cnf.nvars, cnf.clauses, cnf.projection) == brute, inst
        positive += brute > 0 and inst.size > 0
    assert positive > 60


def test_decoded_plays_are_the_brute_force_plays() -> None:
    rng = random.Random(8)
    for _ in range(60):
        inst = random_instance(rng, most_tiles=5, most_features=3)
        enc = PROB.encode(inst)
        cnf = enc.cnf
        decoded = [enc.decode(lambda v, t=true: v in t)
                   for true in enumerate_projected(cnf.nvars, cnf.clauses, cnf.projection)]
        assert len(set(decoded)) == len(decoded)
        assert set(decoded) == set(PROB.brute_force(inst)), inst


def test_known_count_at_the_horizon() -> None:
    """{a}, {a}, {b}, {b}: each play is a pair, a forced teleport, the other pair (4 selections, the
    horizon 2 * (1 + 1) exactly): 4 starts x 2 orders of the second pair = 8 plays."""
    inst = make_instance([["a"], ["a"], ["b"], ["b"]])
    cnf = PROB.encode(inst).cnf
    assert count_ganak(cnf.nvars, cnf.clauses, cnf.projection) == 8 == len(list(PROB.brute_force(inst)))


# -- generator, JSON, formats, pictures --------------------------------------------------------------
def test_modes() -> None:
    for seed in range(30):
        params = {"sharing": 1 + seed % 3, "tiles": 2 + seed % 5, "features": 1 + seed % 4}
        gen = PROB.generate_seeded(params, seed, "planted")
        assert solvable(gen.instance) and PROB.check(gen.instance, gen.planted)
        assert sharing_number(gen.instance) <= params["sharing"]
        bad = PROB.generate_seeded(params, seed, "unsat").instance
        assert not solvable(bad) and sharing_number(bad) <= params["sharing"]
        assert solve_clauses(PROB.encode(bad).cnf.clauses) is None
        assert next(iter(PROB.brute_force(bad)), None) is None
    with pytest.raises(InputError):
        PROB.generate_seeded({"features": 0}, 1, "unsat")


def test_exhaustive_and_shrink() -> None:
    insts = list(PROB.exhaustive({"tiles": 2, "features": 1}))
    assert len(insts) == 2 + 4 and len(set(insts)) == 6
    inst = make_instance([["a", "b"], ["b"], []])
    smaller = list(PROB.shrink(inst))
    assert smaller and all((len(s.tiles), len(s.features), s.size) != (3, 2, 3) for s in smaller)
    for s in smaller:
        PROB.validate(s)
        assert len(s.tiles) <= 3 and len(s.features) <= 2 and s.size <= 3


def test_json_round_trip() -> None:
    rng = random.Random(3)
    for _ in range(30):
        inst = random_instance(rng)
        body = json.loads(json.dumps(PROB.instance_to_json(inst)))
        assert read_instance(PROB, body) == inst
        play = greedy_play(inst)
        if play is not None:
            assert PROB.solution_from_json(inst, json.loads(json.dumps(PROB.solution_to_json(inst, play)))) == play


@pytest.mark.parametrize("body", [
    {"features": ["a"], "tiles": [["b"]]},
    {"features": ["a", "a"], "tiles": []},
    {"features": ["a"], "tiles": [["a", "a"]]},
    {"features": ["a b"], "tiles": []},
    {"features": ["#a"], "tiles": []},
    {"features": [""], "tiles": []},
    {"features": "a", "tiles": []},
    {"features": ["a"], "tiles": ["a"]},
    {"features": ["a"], "tiles": [[1]]},
    {"tiles": [["a"]]},
])
def test_malformed_json_rejected(body) -> None:
    with pytest.raises(InputError):
        read_instance(PROB, body)


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=4),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(
                        ["features", "tiles", "x"]), inner, max_size=3), max_leaves=12))
def test_fuzzed_json_is_an_instance_or_an_input_error(body) -> None:
    if not isinstance(body, dict):
        body = {"features": body, "tiles": body}
    try:
        inst = read_instance(PROB, body)
    except InputError:
        return
    assert read_instance(PROB, PROB.instance_to_json(inst)) == inst


def test_solution_json_rejects_non_lists() -> None:
    inst = make_instance([["a"], ["a"]])
    for bad in ({"x": 1}, [0, "1"], [True, 1], 3):
        with pytest.raises(InputError):
            PROB.solution_from_json(inst, bad)


def test_tiles_text_round_trip() -> None:
    fmt = PROB.formats()["tiles-text"]
    rng = random.Random(5)
    insts = [random_instance(rng) for _ in range(40)] + list(PROB.exhaustive({"tiles": 2, "features": 2}))
    for inst in insts:
        text = fmt.write(inst)
        assert fmt.detect is not None and fmt.detect(text)
        assert fmt.read(text, {}) == inst
    text = "# a puzzle\n\nfeatures sun moon  # two features\ntile sun moon\ntile\ntile moon\n"
    assert fmt.read(text, {}) == TilesInstance(("sun", "moon"), ((0, 1), (), (1,)))
    assert write_text(fmt.read(text, {})).endswith("tile sun moon\ntile\ntile moon\n")
    assert not looks_like_text("p cnf 1 1\n")


@pytest.mark.parametrize("text", [
    "tile a\nfeatures a\n",
    "features a\nfeatures b\n",
    "features a\ntile b\n",
    "features a\ntile a a\n",
    "features a a\n",
    "tile a\n",
    "",
    "features a\nblob a\n",
])
def test_malformed_tiles_text_rejected(text: str) -> None:
    with pytest.raises(InputError):
        PROB.formats()["tiles-text"].read(text, {})


def test_render_without_and_with_a_play() -> None:
    rng = random.Random(9)
    for _ in range(20):
        inst = random_instance(rng, planted=True)
        root = ET.fromstring(PROB.render_svg(inst))
        groups = root.iter(f"{SVG}g")
        classes = [g.get("class") for g in groups]
        assert classes.count("tile") == len(inst.tiles) and classes.count("feature") == inst.size
        assert "move" not in classes
        play = greedy_play(inst)
        assert play is not None
        root = ET.fromstring(PROB.render_svg(inst, play))
        moves = [g for g in root.iter(f"{SVG}g") if g.get("class") == "move"]
        assert len(moves) == max(0, len(play) - 1)
        dashed = sum(1 for g in moves for line in g.iter(f"{SVG}line") if line.get("stroke-dasharray"))
        assert dashed == kinds(inst, play).count(FORCED)
        titles = [t.text or "" for t in root.iter(f"{SVG}title")]
        assert len(titles) == inst.size and all("deleted at selection" in t for t in titles)
