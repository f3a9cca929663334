"""Witness model, checker (both rule sets and every difference between them), brute force, witness-web
format, SVG, JSON and the generator (W1's part of issue 6)."""

from __future__ import annotations

import base64
import dataclasses
import json
import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gadgetry.core import InputError
from gadgetry.puzzles.witness import WitnessProblem, formats
from gadgetry.puzzles.witness.brute import brute_force, simple_paths
from gadgetry.puzzles.witness.model import (
    Panel,
    Symbol,
    antibody,
    antipoly,
    make_panel,
    normalise_shape,
    orientations,
    path_edges,
    poly,
    regions,
    square,
    star,
    triangle,
)
from gadgetry.puzzles.witness.rules import check, paper_packing, rule_sets_agree, solver_packing

PROB = WitnessProblem()
EXAMPLE = ('{"gridWidth":3,"gridHeight":3,"horEdges":[[0,0,0],[0,0,0]],"verEdges":[[0,0],[0,0],[0,0]],'
           '"nodeTypes":[[0,0,1],[0,2,0],[3,0,0]],"cellTypes":[[{"type":0,"color":0},{"type":0,"color":0}],'
           '[{"type":0,"color":0},{"type":0,"color":0}]]}')


def top(w: int) -> tuple:
    """The path along the top border from (0, 0) to (w, 0): one region, every cell's top side used."""
    return tuple((x, 0) for x in range(w + 1))


def verdicts(w: int, h: int, symbols: dict, **kw) -> dict[str, str]:
    """The checker's verdict on the top-border path under each rule set."""
    out = {}
    for rules in ("paper", "solver"):
        panel = make_panel(w, h, [(0, 0)], [(w, 0)], symbols=symbols, rules=rules, **kw)
        out[rules] = check(panel, top(w)).rule or "valid"
    return out


# -- counts ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", ["paper", "solver"])
def test_formats_example_has_ten_paths(rules: str) -> None:
    panel = make_panel(2, 2, [(0, 2)], [(2, 0)], vertex_hexagons=[(1, 1)], rules=rules)
    assert sum(1 for _ in brute_force(panel)) == 10


def test_empty_3x3_corner_to_corner() -> None:
    assert sum(1 for _ in brute_force(make_panel(3, 3, [(0, 3)], [(3, 0)]))) == 184  # OEIS A007764(4)


@pytest.mark.slow
def test_empty_5x5_known_value() -> None:
    assert sum(1 for _ in simple_paths(make_panel(5, 5, [(0, 5)], [(5, 0)]))) == 1_262_816


def test_paths_may_pass_over_other_ends_and_are_identified_by_edges() -> None:
    panel = make_panel(2, 1, [(0, 0)], [(1, 0), (2, 0)])
    sols = list(brute_force(panel))
    assert ((0, 0), (1, 0), (2, 0)) in sols
    assert len({path_edges(p) for p in sols}) == len(sols)


# -- regions and local rules ----------------------------------------------------------------------------
def test_regions_cut_by_path_not_by_broken_edges() -> None:
    panel = make_panel(2, 1, [(1, 0)], [(1, 1)], broken=[((0, 0), (1, 0))])
    assert regions(panel, ((1, 0), (1, 1))) == [frozenset({(0, 0)}), frozenset({(1, 0)})]
    assert regions(panel, ((1, 0), (2, 0))) == [frozenset({(0, 0), (1, 0)})]


@pytest.mark.parametrize("path, rule", [
    (((0, 0),), "path-shape"), (((1, 0), (2, 0)), "start"), (((0, 0), (1, 0)), "end"),
    (((0, 0), (1, 1), (2, 0)), "path-step"), (((0, 0), (1, 0), (0, 0), (1, 0), (2, 0)), "path-simple"),
])
def test_path_rules_are_named(path: tuple, rule: str) -> None:
    assert check(make_panel(2, 1, [(0, 0)], [(2, 0)]), path).rule == rule


def test_each_clue_rule_is_named() -> None:
    p = make_panel(2, 1, [(0, 0)], [(2, 0)], broken=[((0, 0), (1, 0))])
    assert check(p, top(2)).rule == "broken-edge"
    assert verdicts(2, 1, {}, vertex_hexagons=[(1, 1)]) == {"paper": "hexagon", "solver": "hexagon"}
    assert verdicts(2, 1, {}, edge_hexagons=[((0, 1), (1, 1))]) == {"paper": "hexagon", "solver": "hexagon"}
    assert verdicts(2, 1, {(0, 0): triangle(2)}) == {"paper": "triangle", "solver": "triangle"}
    assert verdicts(2, 1, {(0, 0): triangle(1)}) == {"paper": "valid", "solver": "valid"}
    assert verdicts(2, 1, {(0, 0): square("black"), (1, 0): square("white")})["paper"] == "square"
    assert verdicts(2, 1, {(0, 0): star("red")}) == {"paper": "star", "solver": "star"}
    assert verdicts(2, 1, {(0, 0): star("red"), (1, 0): star("red")}) == {"paper": "valid", "solver": "valid"}
    assert verdicts(2, 1, {(0, 0): poly([(0, 0)])}) == {"paper": "polyomino", "solver": "polyomino"}
    assert verdicts(2, 1, {(0, 0): antibody()}) == {"paper": "antibody", "solver": "antibody"}


def test_triangles_count_path_edges_around_their_cell() -> None:
    panel = make_panel(1, 1, [(0, 0)], [(1, 1)], symbols={(0, 0): triangle(2)})
    assert check(panel, ((0, 0), (1, 0), (1, 1)))
    assert check(panel, ((0, 0), (0, 1), (1, 1)))
    assert sum(1 for _ in brute_force(panel)) == 2


def test_polyomino_rotation_flag() -> None:
    vertical = [(0, 0), (0, 1)]
    assert verdicts(2, 1, {(0, 0): poly(vertical, rotatable=False)})["paper"] == "polyomino"
    assert verdicts(2, 1, {(0, 0): poly(vertical, rotatable=True)}) == {"paper": "valid", "solver": "valid"}


def test_orientations() -> None:
    ell = ((0, 0), (0, 1), (0, 2), (1, 2))
    assert len(orientations(ell, False)) == 1
    assert len(orientations(ell, True)) == 4
    assert len(orientations(ell, True, reflect=True)) == 8
    assert len(orientations(((0, 0), (1, 0)), True)) == 2


# -- every difference between the rule sets -------------------------------------------------------------
def test_difference_star_counts_every_symbol_under_solver() -> None:
    # a red piece is a red symbol for a sun (solver) but not a clue of the star's colour (paper)
    got = verdicts(2, 1, {(0, 0): star("red"), (1, 0): poly([(0, 0), (1, 0)], colour="red")})
    assert got == {"paper": "star", "solver": "valid"}


def test_difference_antipolyomino_shape_matters_only_under_paper() -> None:
    # a fixed I-tetromino over a 2-cell row: paper needs the vertical antidomino covered by the pieces
    # (impossible); solver only removes 2 of the tetromino's blocks
    got = verdicts(2, 1, {(0, 0): poly([(0, 0), (1, 0), (2, 0), (3, 0)]), (1, 0): antipoly([(0, 0), (0, 1)])})
    assert got == {"paper": "polyomino", "solver": "valid"}


def test_difference_zero_layer_cancellation() -> None:
    # paper: i = 0, the antidomino cancels the domino anywhere; solver: removing 0 blocks already tiles
    got = verdicts(2, 1, {(0, 0): poly([(0, 0), (1, 0)]), (1, 0): antipoly([(0, 0), (1, 0)])})
    assert got == {"paper": "valid", "solver": "polyomino"}


def test_difference_antibody_is_erased_with_its_clue_only_under_paper() -> None:
    # paper: erasing a square also erases the red antibody, so the red star is alone; solver: the
    # cancellation symbol stays and pairs the sun
    got = verdicts(2, 2, {(0, 0): star("red"), (1, 0): antibody("red"), (0, 1): square("blue"),
                          (1, 1): square("white")})
    assert got == {"paper": "antibody", "solver": "valid"}


def test_difference_antibody_erases_unvisited_hexagon_only_under_paper() -> None:
    assert verdicts(2, 1, {(0, 0): antibody()}, vertex_hexagons=[(1, 1)]) == {"paper": "valid", "solver": "hexagon"}
    assert verdicts(2, 1, {(0, 0): antibody()}, edge_hexagons=[((1, 1), (2, 1))]) == \
        {"paper": "valid", "solver": "hexagon"}


def test_option_eliminate_visited_hexagons() -> None:
    symbols = {(0, 0): star("red"), (1, 0): star("red"), (2, 0): antibody("red")}
    off = verdicts(3, 1, symbols, vertex_hexagons=[(1, 0)])
    on = verdicts(3, 1, symbols, vertex_hexagons=[(1, 0)], options={"eliminate_visited_hexagons": True})
    assert off == {"paper": "antibody", "solver": "valid"}
    assert on == {"paper": "valid", "solver": "valid"}


def test_option_reflect() -> None:
    a = ((0, 0), (1, 0), (2, 0), (0, 1))
    b = normalise_shape((-x, -y) for x, y in a)
    mirrored = normalise_shape((-x, y) for x, y in b)
    for reflect in (False, True):
        assert verdicts(4, 2, {(0, 0): poly(a), (1, 0): poly(b)}, options={"reflect": reflect}) == \
            {"paper": "valid", "solver": "valid"}
    assert verdicts(4, 2, {(0, 0): poly(a), (1, 0): poly(mirrored)}) == {"paper": "polyomino", "solver": "polyomino"}
    assert verdicts(4, 2, {(0, 0): poly(a), (1, 0): poly(mirrored)}, options={"reflect": True}) == \
        {"paper": "valid", "solver": "valid"}


def test_antibody_footnote_7_and_three_stars() -> None:
    # Witness seed, footnote 7: a star and a same-colour antibody alone are unsatisfied (under both)
    assert verdicts(2, 1, {(0, 0): star("red"), (1, 0): antibody("red")}) == \
        {"paper": "antibody", "solver": "antibody"}
    # section 8: three white stars and one antibody are satisfied (paper)
    assert verdicts(4, 1, {(0, 0): star("white"), (1, 0): star("white"), (2, 0): star("white"),
                           (3, 0): antibody("black")})["paper"] == "valid"


def test_antibody_padding_counterexample_to_the_greedy_verifier() -> None:
    # Theorem 8.2's greedy marking misses eliminations padded with satisfied clues: red star, red square,
    # satisfied triangle, red antibody is satisfied (Definition 1)
    got = verdicts(4, 1, {(0, 0): star("red"), (1, 0): square("red"), (2, 0): triangle(1),
                          (3, 0): antibody("red")})
    assert got["paper"] == "valid"


def test_two_antibodies_need_two_wrong_clues() -> None:
    two_wrong = {(0, 0): triangle(2), (1, 0): triangle(3), (2, 0): antibody(), (3, 0): antibody()}
    assert verdicts(4, 1, two_wrong) == {"paper": "valid", "solver": "valid"}
    one_wrong = {(0, 0): triangle(2), (1, 0): triangle(1), (2, 0): antibody(), (3, 0): antibody()}
    assert verdicts(4, 1, one_wrong) == {"paper": "antibody", "solver": "antibody"}


# -- packing ----------------------------------------------------------------------------------------------
def test_paper_packing_spills_outside_and_cancels() -> None:
    row = frozenset({(0, 0), (1, 0), (2, 0)})
    i4, mono, vdom = ((0, 0), (1, 0), (2, 0), (3, 0)), ((0, 0),), ((0, 0), (0, 1))
    assert paper_packing(row, ((i4, False), (mono, False)), ((vdom, False),), False)
    assert not paper_packing(row, ((i4, False),), ((vdom, False),), False)
    assert paper_packing(row, ((mono, False),) * 4, ((mono, False),), False)  # Thm 7.3: #mono - #anti
    assert not paper_packing(row, (), ((mono, False),), False)  # antipolyominoes alone never pack


def test_solver_hollow_blocks() -> None:
    row = frozenset({(0, 0), (1, 0)})
    dom = ((0, 0), (1, 0))
    assert solver_packing(row, ((dom, False), (dom, False)), 2, False)
    assert not solver_packing(row, ((dom, False),), 3, False)  # more hollow blocks than blocks
    assert not solver_packing(row, ((dom, False),), 2, False)  # removing none already tiles
    assert solver_packing(frozenset({(0, 0), (1, 0), (2, 0)}), ((dom, False),), 2, False)  # all removed


# -- JSON, formats, SVG -----------------------------------------------------------------------------------
def test_web_example_round_trip_and_forms() -> None:
    panel = formats.read_web(EXAMPLE)
    assert panel.rules == "solver" and panel.starts == ((0, 2),) and panel.ends == ((2, 0),)
    assert sum(1 for _ in brute_force(panel)) == 10
    assert json.loads(formats.write_web(panel)) == json.loads(EXAMPLE)
    b64 = base64.b64encode(EXAMPLE.encode()).decode()
    assert formats.read_web(b64) == panel
    assert formats.read_web(formats.web_url(panel)) == panel
    assert formats.read_web("https://example.org/x#" + b64.rstrip("=")) == panel
    assert formats.looks_like_web(EXAMPLE) and formats.looks_like_web(formats.web_url(panel))


def test_rule_sets_agree_means_same_verdict_on_every_path() -> None:
    """Where :func:`rule_sets_agree` says so, the two rule sets accept exactly the same paths (every simple
    path of generated 3 x 2 panels with every clue kind); where it does not, some panel shows why."""
    agreeing = differing = 0
    for seed in range(100):
        params = PROB.resolve_params({"width": 3, "height": 2, "symbols": 4, "antibodies": seed % 3 == 0,
                                      "hollow": 1, "rules": 0})
        paper = PROB.generate(params, random.Random(seed)).instance
        solver = dataclasses.replace(paper, rules="solver")
        same = all(bool(check(paper, p)) == bool(check(solver, p)) for p in simple_paths(paper))
        if rule_sets_agree(paper):
            assert same, seed
            agreeing += 1
        differing += not same
    assert agreeing >= 30 and differing


def _solver_expressible(panel: Panel) -> Panel:
    symbols = tuple((c, s) for c, s in panel.symbols if s.kind != "triangle")
    clash = set(panel.starts) | set(panel.ends)
    return Panel(panel.width, panel.height, panel.starts, panel.ends, panel.broken,
                 panel.vertex_hexagons - clash, panel.edge_hexagons, symbols, "solver")


def test_web_round_trip_is_lossless_on_generated_panels() -> None:
    pieces = 0
    for seed in range(60):
        params = PROB.resolve_params({"symbols": 6, "antibodies": seed % 2, "starts": 2, "ends": 2, "rules": 1, "hollow": 1})
        panel = _solver_expressible(PROB.generate(params, random.Random(seed)).instance)
        assert formats.read_web(formats.write_web(panel)) == panel
        pieces += any(s.kind in ("poly", "antipoly") for _, s in panel.symbols)
    assert pieces


@pytest.mark.parametrize("change, feature", [
    ({"rules": "paper", "symbols": {(0, 0): antibody()}}, "rule set"), ({"options": {"reflect": True}}, "reflect"),
    ({"symbols": {(0, 0): triangle(1)}}, "triangles"), ({"symbols": {(0, 0): star("pink")}}, "pink"),
    ({"symbols": {(0, 0): poly([(x, 0) for x in range(5)])}}, "4 x 4"),
    ({"symbols": {(0, 0): antipoly([(0, 0)], rotatable=True)}}, "rotatable hollow"),
    ({"vertex_hexagons": [(0, 0)]}, "node"),
])
def test_web_export_names_what_it_cannot_express(change: dict, feature: str) -> None:
    kw = {"rules": "solver", **change}
    panel = make_panel(2, 2, [(0, 0)], [(2, 2)], **kw)
    with pytest.raises(InputError, match=feature):
        formats.write_web(panel)


@pytest.mark.parametrize("text", ["", "{", "[]", '{"gridWidth": 1, "gridHeight": 3}', "not base64!!",
                                  EXAMPLE.replace('"type":0,"color":0}]]', '"type":9,"color":0}]]'),
                                  EXAMPLE.replace("[[0,0,1],[0,2,0],[3,0,0]]", "[[0,0,0],[0,2,0],[3,0,0]]"),
                                  EXAMPLE.replace('"type":0,"color":0}]]', '"type":2,"color":0}]]')])
def test_web_bad_input(text: str) -> None:
    with pytest.raises(InputError):
        formats.read_web(text)


def test_json_round_trip_and_solution_json() -> None:
    for seed in range(30):
        gen = PROB.generate_seeded({"antibodies": 1, "symbols": 6}, seed, "planted")
        data = json.loads(json.dumps(PROB.instance_to_json(gen.instance)))
        assert PROB.instance_from_json(data) == gen.instance
        sol = PROB.solution_from_json(gen.instance, json.loads(json.dumps(
            PROB.solution_to_json(gen.instance, gen.planted))))
        assert sol == gen.planted and PROB.check(gen.instance, sol)


@pytest.mark.parametrize("data", [
    [], {"width": 2}, {"width": 2, "height": 2, "starts": [[0, 0]], "ends": [[0, 0]]},
    {"width": 2, "height": 2, "starts": [[0, 0]], "ends": [[2, 2]], "symbols": [{"cell": [0, 0], "kind": "blob"}]},
    {"width": 2, "height": 2, "starts": [[0, 0]], "ends": [[2, 2]], "broken": [[[0, 0], [2, 0]]]},
    {"width": 2, "height": 2, "starts": [[0, 0]], "ends": [[2, 2]], "options": {"fly": True}},
    {"width": 2, "height": 2, "starts": [[0, 0]], "ends": [[2, 2]],
     "symbols": [{"cell": [0, 0], "kind": "triangle", "count": 4}]},
    {"width": 2, "height": 2, "starts": [[0, 0]], "ends": [[2, 2]],
     "symbols": [{"cell": [0, 0], "kind": "square"}, {"cell": [0, 0], "kind": "star"}]},
])
def test_malformed_json_raises_input_error(data: object) -> None:
    with pytest.raises(InputError):
        PROB.instance_from_json(data)  # type: ignore[arg-type]


json_values = st.recursive(st.none() | st.booleans() | st.integers(-3, 5) | st.text(max_size=5),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                               st.sampled_from(["width", "height", "starts", "ends", "broken", "symbols", "cell",
                                                "kind", "shape", "options", "rules", "count", "colour"]),
                               inner, max_size=6), max_leaves=20)


@settings(max_examples=150, deadline=None)
@given(json_values)
def test_fuzz_instance_from_json(data: object) -> None:
    try:
        PROB.instance_from_json(data)  # type: ignore[arg-type]
    except InputError:
        pass


def test_svg_renders_panel_and_solution() -> None:
    gen = PROB.generate_seeded({"symbols": 8, "antibodies": 1, "hexagons": 2}, 3, "planted")
    bare = PROB.render_svg(gen.instance)
    drawn = PROB.render_svg(gen.instance, gen.planted)
    ET.fromstring(bare)
    root = ET.fromstring(drawn)
    lines = [e for e in root.iter() if e.tag.endswith("polyline")]
    assert len(lines) == 1 and "polyline" not in bare
    first = lines[0].get("points").split()[0]
    assert first == f"{45 + gen.planted[0][0] * 60.0},{45 + gen.planted[0][1] * 60.0}"


# -- generator ---------------------------------------------------------------------------------------------
def test_planted_paths_solve_their_panels_under_both_rule_sets() -> None:
    kinds: set[str] = set()
    for seed in range(120):
        params = PROB.resolve_params({"symbols": 6, "antibodies": seed % 3, "rules": seed % 2, "hollow": 1})
        gen = PROB.generate(params, random.Random(seed), "planted")
        verdict = check(gen.instance, gen.planted)
        assert verdict, (seed, str(verdict))
        kinds |= {s.kind for _, s in gen.instance.symbols}
    assert kinds == {"square", "star", "triangle", "poly", "antipoly", "antibody"}


def test_random_mode_gives_yes_and_no_panels_and_same_seed_same_panel() -> None:
    counts = [sum(1 for _ in brute_force(PROB.generate_seeded({}, seed).instance)) for seed in range(40)]
    assert any(counts) and not all(counts)
    assert PROB.generate_seeded({}, 7).instance == PROB.generate_seeded({}, 7).instance


def test_shrink_yields_smaller_valid_panels() -> None:
    panel = PROB.generate_seeded({"symbols": 4, "starts": 2}, 1).instance
    smaller = list(PROB.shrink(panel))
    assert smaller
    for p in smaller:
        PROB.validate(p)
        assert sum(PROB.size(p).values()) < sum(PROB.size(panel).values())


def test_exhaustive_small() -> None:
    panels = list(PROB.exhaustive(PROB.resolve_params({"width": 1, "height": 1}, exhaustive=True)))
    assert len(panels) == 12 * 8 and len(set(panels)) == len(panels)
    assert any(not any(True for _ in brute_force(p)) for p in panels)


def test_unique_and_unsat_modes_refuse_antibodies() -> None:
    with pytest.raises(InputError, match="antibodies"):
        PROB.generate_seeded({"antibodies": 1}, 0, "unique")


def test_symbol_validation() -> None:
    with pytest.raises(InputError):
        make_panel(1, 1, [(0, 0)], [(1, 1)], symbols={(0, 0): Symbol("triangle", "orange", 0)})
    with pytest.raises(InputError):
        make_panel(1, 1, [(0, 0)], [(1, 1)], symbols={(0, 0): Symbol("poly", "yellow", 0, ((1, 1),))})
    with pytest.raises(InputError):
        make_panel(1, 1, [(0, 0)], [(0, 0)])
    with pytest.raises(InputError):
        make_panel(1, 1, [(0, 0)], [(1, 1)], broken=[((0, 0), (1, 0))], edge_hexagons=[((0, 0), (1, 0))])


# -- packing against plain enumeration of placements --------------------------------------------------
def _naive_paper(region: frozenset, polys: tuple, antis: tuple) -> bool:
    """Every placement of every piece with offsets in a window around the region (enough: a group of
    pieces cancelling away from the region may as well touch it)."""
    import itertools
    from collections import Counter

    from gadgetry.puzzles.witness.model import orientations

    if not polys and not antis:
        return True
    span = sum(max(max(x, y) for x, y in s) + 1 for s, _ in polys + antis)
    xs, ys = [c[0] for c in region], [c[1] for c in region]
    offsets = [(x, y) for x in range(min(xs) - span, max(xs) + 2) for y in range(min(ys) - span, max(ys) + 2)]
    choices = [[(sign, f, o) for f in orientations(s, r) for o in offsets]
               for sign, pieces in ((1, polys), (-1, antis)) for s, r in pieces]
    for combo in itertools.product(*choices):
        net: Counter = Counter()
        for sign, f, (ox, oy) in combo:
            for x, y in f:
                net[(x + ox, y + oy)] += sign
        cover = {c: v for c, v in net.items() if v}
        if cover == {c: 1 for c in region} or not cover:
            return True
    return False


def _random_shape(rng: random.Random, n: int) -> tuple:
    cells = {(0, 0)}
    while len(cells) < n:
        x, y = rng.choice(sorted(cells))
        cells.add(rng.choice([(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]))
    return normalise_shape(cells)


@pytest.mark.parametrize("cases, most", [(40, 2), pytest.param(400, 2, marks=pytest.mark.slow)])
def test_paper_packing_against_enumeration(cases: int, most: int) -> None:
    rng = random.Random(5)
    agree = {True: 0, False: 0}
    for _ in range(cases):
        region = frozenset(_random_shape(rng, rng.randint(1, 3)))
        n = rng.randint(0, most)
        antis = tuple((_random_shape(rng, rng.randint(1, 2)), False) for _ in range(rng.randint(0, min(1, n))))
        polys = tuple((_random_shape(rng, rng.randint(1, 3)), rng.random() < 0.5) for _ in range(n - len(antis)))
        want = _naive_paper(region, polys, antis)
        assert paper_packing(region, tuple(sorted(polys)), tuple(sorted(antis)), False) == want, (region, polys, antis)
        agree[want] += 1
    assert agree[True] and agree[False]


def test_solver_packing_against_enumeration() -> None:
    import itertools

    from gadgetry.puzzles.witness.model import orientations

    rng = random.Random(6)
    seen = set()
    for _ in range(60):
        region = frozenset(_random_shape(rng, rng.randint(1, 4)))
        solids = tuple((_random_shape(rng, rng.randint(1, 3)), rng.random() < 0.5) for _ in range(rng.randint(1, 2)))
        hollow = rng.randint(0, 4)
        xs, ys = [c[0] for c in region], [c[1] for c in region]
        offsets = [(x, y) for x in range(min(xs) - 3, max(xs) + 1) for y in range(min(ys) - 3, max(ys) + 1)]

        def covers(removed: int, region: frozenset = region, solids: tuple = solids,
                   offsets: list = offsets) -> bool:
            """Some placement whose blocks cover the region, keeping exactly |region| of them."""
            total = sum(len(s) for s, _ in solids)
            if total - removed == 0:
                return True
            if total - removed != len(region):
                return False
            for combo in itertools.product(*[[None] + [(f, o) for f in orientations(s, r) for o in offsets]
                                             for s, r in solids]):
                image = {(x + o[0], y + o[1]) for c in combo if c for f, o in [c] for x, y in f}
                if region <= image:
                    return True
            return False

        total = sum(len(s) for s, _ in solids)
        want = hollow <= total and covers(hollow) and not any(covers(j) for j in range(hollow))
        assert solver_packing(region, tuple(sorted(solids)), hollow, False) == want, (region, solids, hollow)
        seen.add(want)
    assert seen == {True, False}
