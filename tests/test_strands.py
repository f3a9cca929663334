"""Strands (NYT seed, section 4): encoding counts against the brute-force oracle, the checker's rules, the
partition identity, formats, JSON and SVG."""

from __future__ import annotations

import json
from collections.abc import Iterator
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings, strategies as st

from gadgetry.core import InputError
from gadgetry.puzzles.strands import Strands, StrandsProblem, embedded, neighbours
from gadgetry.verify.solve import count, solutions

P = StrandsProblem()


@pytest.mark.parametrize("params", [{"diagonal": 1}, {"diagonal": 0}, {"spangram": 1, "cols": 4},
                                    {"rows": 2, "cols": 4, "letters": 2, "length": 2}])
def test_counts_agree_with_brute_force(params: dict[str, int]) -> None:
    nonzero = 0
    for seed in range(40):
        for mode in (None, "planted"):
            gen = P.generate_seeded(params, seed, mode)
            brute = count(P, gen.instance, "brute-force").count
            assert count(P, gen.instance, "enumeration").count == brute, (seed, mode, gen.instance)
            if seed % 4 == 0:
                assert count(P, gen.instance, "ganak").count == brute, (seed, mode, gen.instance)
            if mode == "planted":
                assert P.check(gen.instance, gen.planted)
            nonzero += brute > 0
    assert nonzero > 40


@pytest.mark.parametrize("diagonal", [True, False])
def test_embedded_finds_every_cell_set_of_every_word(diagonal: bool) -> None:
    """The trie search (shared prefixes, bit masks) against a plain depth-first walk of every simple path
    reading each word, its witness path a path reading the word through exactly those cells."""
    def walks(inst: Strands, word: str) -> set[frozenset]:
        def grow(path: list) -> Iterator[frozenset]:
            if len(path) == len(word):
                yield frozenset(path)
                return
            for nb in neighbours(inst, path[-1]):
                if nb not in path and inst.grid[nb[0]][nb[1]] == word[len(path)]:
                    yield from grow(path + [nb])
        return {s for r in range(inst.rows) for c in range(inst.cols) if inst.grid[r][c] == word[0]
                for s in grow([(r, c)])}

    for seed in range(30):
        inst = P.generate_seeded({"rows": 3, "cols": 4, "letters": 2, "length": 6, "decoys": 6,
                                  "diagonal": int(diagonal)}, seed, None).instance
        words = (*inst.words, inst.words[0] + inst.words[-1], inst.words[0][:1])
        found = embedded(inst, words)
        for word in words:
            assert set(found.get(word, {})) == walks(inst, word), (seed, word)
            for cells, path in found.get(word, {}).items():
                assert set(path) == cells and "".join(inst.grid[r][c] for r, c in path) == word
                assert all(b in neighbours(inst, a) for a, b in zip(path, path[1:]))


def test_a_palindrome_read_both_ways_is_one_piece() -> None:
    assert count(P, Strands(("ABA",), ("ABA",)), "ganak").count == 1
    assert count(P, Strands(("ABA",), ("ABA",)), "brute-force").count == 1


def test_one_cell_set_read_along_two_paths_is_one_piece() -> None:
    # F touches both C's (one diagonally): two paths F-C-C, one piece.
    inst = Strands(("FC", "_C"), ("FCC", "_"))
    assert count(P, inst, "brute-force").count == count(P, inst, "ganak").count == 1
    assert count(P, Strands(("FC", "_C"), ("FCC", "_"), diagonal=False), "ganak").count == 1


def test_orthogonal_moves_forbid_diagonals() -> None:
    inst = Strands(("AX", "XB"), ("AB", "X"))
    assert count(P, inst, "ganak").count == 1
    assert count(P, Strands(inst.grid, inst.words, diagonal=False), "ganak").count == 0


def test_checker_names_the_broken_rule() -> None:
    inst = Strands(("AB", "BA"), ("AB", "BA", "A"))
    good = (("AB", ((0, 0), (0, 1)), False), ("BA", ((1, 0), (1, 1)), False))
    assert P.check(inst, good)
    assert P.check(inst, (("AB", ((0, 0), (0, 1)), False),)).rule == "uncovered"
    assert P.check(inst, good + (("A", ((0, 0),), False),)).rule == "overlap"
    assert P.check(inst, (("AB", ((0, 0), (1, 1)), False),)).rule == "wrong-letters"
    assert P.check(Strands(("AXB",), ("AB", "X")), (("AB", ((0, 0), (0, 2)), False),)).rule == "not-adjacent"
    assert P.check(inst, (("BB", ((0, 1), (1, 0)), False),)).rule == "not-a-word"
    assert P.check(inst, (("AB", ((0, 0), (0, 5)), False),)).rule == "off-grid"


def test_spangram_rules() -> None:
    inst = Strands(("ABC", "DEF"), ("DEF",), spangram="ABC")
    sol = (("ABC", ((0, 0), (0, 1), (0, 2)), True), ("DEF", ((1, 0), (1, 1), (1, 2)), False))
    assert P.check(inst, sol)
    assert count(P, inst, "ganak").count == count(P, inst, "brute-force").count == 1
    short = Strands(("ABX", "DEF"), ("DEF", "X"), spangram="AB")
    assert count(P, short, "brute-force").count == 0  # AB touches no opposite sides of a 2 x 3 grid
    assert P.check(inst, (sol[0][:2] + (False,), sol[1])).rule == "not-a-word"
    with pytest.raises(InputError):
        P.validate(Strands(("AB",), ("BA",), spangram="AB"))


def test_json_round_trip_and_format() -> None:
    for seed in range(10):
        inst = P.generate_seeded({"spangram": seed % 2, "diagonal": seed % 3 and 1}, seed, "planted").instance
        assert P.instance_from_json(json.loads(json.dumps(P.instance_to_json(inst)))) == inst
        fmt = P.formats()["strands-json"]
        assert fmt.detect(fmt.write(inst))
        assert fmt.read(fmt.write(inst), {}) == inst
        for sol in solutions(P, inst, cap=3):
            back = P.solution_from_json(inst, json.loads(json.dumps(P.solution_to_json(inst, sol))))
            assert P.check(inst, back) and P.solution_key(inst, back) == P.solution_key(inst, sol)
    text = json.dumps({"theme": "pets", "grid": [["C", "A", "T"], ["D", "O", "G"]]})
    inst = P.formats()["strands-json"].read(text, {"words": "CAT\nDOG\n"})
    assert inst.words == ("CAT", "DOG") and inst.theme == "pets"
    assert count(P, inst, "ganak").count == 1
    with pytest.raises(InputError):
        P.formats()["strands-json"].read(text, {})


@settings(max_examples=150, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=3),
                    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.sampled_from(
                        ["grid", "words", "spangram", "diagonal", "theme"]), kids, max_size=5), max_leaves=12))
def test_malformed_json_raises_input_error(data) -> None:
    try:
        P.validate(P.instance_from_json(data))
    except InputError:
        pass


def test_svg_renders_with_and_without_solution() -> None:
    gen = P.generate_seeded({"spangram": 1, "cols": 4}, 1, "planted")
    for sol in (None, gen.planted):
        svg = P.render_svg(gen.instance, sol)
        ET.fromstring(svg)
    assert "polyline" in P.render_svg(gen.instance, gen.planted)
    assert "&lt;" in P.render_svg(Strands(("<",), ("<",)), None)
