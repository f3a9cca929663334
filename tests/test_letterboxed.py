"""Letter Boxed (NYT seed, section 2): the rule checker of Definition 6, the CNF encoding against brute
force (Ganak and enumeration), Theorem 7's dynamic program against both, generator modes, JSON and the
NYT notation, a real NYT puzzle with Debian's word list, and the SVG renderer."""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gadgetry.core import InputError
from gadgetry.core.envelope import read_instance
from gadgetry.puzzles.letterboxed import (
    LetterBoxed,
    LetterBoxedInstance,
    letters_used,
    looks_like_nyt,
    minimum_letters,
    minimum_words,
    nyt_words,
    read_nyt,
    shortest,
    theorem_7,
    write_nyt,
)
from gadgetry.verify.solve import count, solutions, solve

P = LetterBoxed()
WORDS = Path("/usr/share/dict/words")
needs_words = pytest.mark.skipif(not WORDS.exists(), reason="no /usr/share/dict/words (Debian's wamerican; "
                                                            "`make test` installs it)")
#: A real NYT puzzle (solved by LIMBO OUTWARDLY).
NYT = "tia-uwl-ybd-omr"


def w(text: str) -> tuple[str, ...]:
    return tuple(text)


BOX = LetterBoxedInstance((w("ab"), w("cd"), w("ef")), (w("ace"), w("ebdf"), w("ca")), 2)
GOOD = ((w("ace"), (0, 1, 2)), (w("ebdf"), (2, 0, 1, 2)))


def random_params(rng: random.Random) -> dict[str, int]:
    sides, n = rng.randint(2, 4), rng.randint(1, 3)
    return {"sides": sides, "n": n, "alphabet": rng.randint(2, 4), "words": rng.randint(1, 6),
            "length": rng.randint(2, 5), "k": rng.randint(1, 3 if sides * n <= 6 else 2)}


def random_instances(count_: int, seed: int) -> list[LetterBoxedInstance]:
    rng = random.Random(seed)
    out = []
    while len(out) < count_:
        params = random_params(rng)
        mode = rng.choice([None, "planted"])
        try:
            out.append(P.generate(params, random.Random(rng.random()), mode).instance)
        except InputError:
            continue
    return out


# -- Definition 6 --------------------------------------------------------------------------------
def test_checker_accepts_a_solution_and_names_each_broken_rule() -> None:
    assert P.check(BOX, GOOD)
    cases = {
        "no-words": (),
        "too-many-words": GOOD + ((w("ca"), (1, 0)),),
        "word-not-in-dictionary": ((w("acf"), (0, 1, 2)),),
        "sides-length": ((w("ace"), (0, 1)),),
        "side-out-of-range": ((w("ace"), (0, 1, 3)),),
        "letter-not-on-side": ((w("ace"), (0, 2, 2)),),
        "chain-letter": ((w("ca"), (1, 0)), (w("ebdf"), (2, 0, 1, 2))),
        "letter-uncovered": ((w("ace"), (0, 1, 2)),),
    }
    for rule, sol in cases.items():
        verdict = P.check(BOX, sol)
        assert not verdict and verdict.rule == rule, (rule, verdict)
    same = LetterBoxedInstance((w("ab"), w("cd")), (w("ab"),), 1)
    assert P.check(same, ((w("ab"), (0, 0)),)).rule == "same-side-consecutive"
    twice = LetterBoxedInstance((w("ab"), w("ba")), (w("ab"), w("ba")), 2)
    assert P.check(twice, ((w("ab"), (0, 1)), (w("ba"), (0, 1)))).rule == "chain-side"


def test_the_shared_letter_is_counted_once() -> None:
    """Side 0 holds 'a' twice: 'ab' + 'ba' covers it only once (the shared 'b' is one position), while
    'aba' covers it twice; with two copies of 'b' the chain 'ab', 'ba' covers one 'b' only."""
    two_b = LetterBoxedInstance((w("aa"), w("bb")), (w("ab"), w("ba"), w("aba"), w("bab")), 2)
    assert P.check(two_b, ((w("ab"), (0, 1)), (w("ba"), (1, 0)))).rule == "letter-uncovered"
    # 'aba' then 'ab': a, b, a, then b after the shared a: two of each
    assert P.check(two_b, ((w("aba"), (0, 1, 0)), (w("ab"), (0, 1))))
    assert P.check(two_b, ((w("bab"), (1, 0, 1)), (w("ba"), (1, 0))))
    assert letters_used(((w("aba"), (0, 1, 0)), (w("ab"), (0, 1)))) == 4


def test_copies_on_one_side_are_not_told_apart() -> None:
    """Two copies of 'a' on side 0: the word 'aba' on sides (0, 1, 0) is one solution, not two."""
    inst = LetterBoxedInstance((w("aa"), w("bc")), (w("abac"),), 1)
    assert count(P, inst, "brute-force").count == count(P, inst, "ganak").count == 1


# -- the encoding against brute force ------------------------------------------------------------
def test_encoding_counts_equal_brute_force_on_random_instances() -> None:
    solvable = compared = 0
    for inst in random_instances(180, seed=11):
        brute = sorted(P.brute_force(inst))
        if len(brute) > 600:  # keep the quick run quick; counts this large are left to the slow sweep
            continue
        compared += 1
        enc = sorted(solutions(P, inst))
        assert enc == brute, inst
        assert count(P, inst, "ganak").count == len(brute), inst
        solvable += bool(brute)
    assert compared > 150 and 40 < solvable < compared - 20


def test_repeated_letters_and_multiplicities() -> None:
    """Multisets with a letter of multiplicity 3 and a letter on several sides (kmtotalizer bounds)."""
    for seed in range(40):
        params = {"sides": 2, "n": 4, "alphabet": 2, "words": 5, "length": 6, "k": 2}
        inst = P.generate_seeded(params, seed, "planted").instance
        brute = len(list(P.brute_force(inst)))
        assert count(P, inst, "ganak").count == count(P, inst, "enumeration").count == brute, inst


# -- Theorem 7 -----------------------------------------------------------------------------------
def test_dynamic_program_decides_like_the_encoding() -> None:
    agree = 0
    for inst in random_instances(200, seed=12):
        m = minimum_words(inst)
        sat = solve(P, inst).status == "sat"
        assert sat == (m is not None and m <= inst.k), inst
        if m is not None:
            # exactly m words are needed: the encoding with budget m - 1 fails, with budget m succeeds
            assert solve(P, dataclasses.replace(inst, k=m)).status == "sat"
            if m > 1:
                assert solve(P, dataclasses.replace(inst, k=m - 1)).status == "unsat"
            agree += 1
    assert agree > 50


def test_minimum_letters_equals_brute_force() -> None:
    checked = 0
    for inst in random_instances(150, seed=13):
        best = minimum_letters(inst)
        if best is None:
            assert minimum_words(inst) is None
            continue
        if best - 1 > 4:
            continue
        # a solution of l letters has at most l - 1 words: brute force with that budget finds it
        wide = dataclasses.replace(inst, k=best - 1)
        assert min(letters_used(s) for s in P.brute_force(wide)) == best, inst
        checked += 1
    assert checked > 40


def test_theorem_7_solutions_pass_the_checker_at_the_least_cost() -> None:
    """The solutions read off the dynamic program's parent pointers are valid and cost what it says;
    the ``theorem-7`` solver answers like the encoding."""
    found = 0
    for inst in random_instances(150, seed=14):
        for letters in (False, True):
            best = shortest(dataclasses.replace(inst, k=10**6), letters)
            if best is None:
                continue
            cost, sol = best
            assert P.check(dataclasses.replace(inst, k=len(sol)), sol), (inst, sol)
            assert (letters_used(sol) if letters else len(sol)) == cost
        sol = theorem_7(inst)
        assert (sol is not None) == (solve(P, inst).status == "sat"), inst
        if sol is not None:
            assert P.check(inst, sol)
            found += 1
    assert found > 30
    assert "theorem-7" in P.extra_solvers()


# -- generator modes -----------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["planted", "unsat", "unique"])
def test_generator_modes_hold_their_promise(mode: str) -> None:
    for seed in range(15):
        gen = P.generate_seeded(P.mode_params.get(mode, {}), seed, mode)
        n = count(P, gen.instance, "brute-force").count
        if mode == "planted":
            assert P.check(gen.instance, gen.planted)
            assert n >= 1
        elif mode == "unsat":
            m = minimum_words(gen.instance)
            assert n == 0 and (m is None or m > gen.instance.k)
        else:
            assert n == 1 and P.check(gen.instance, gen.planted)


def test_generator_is_deterministic_and_rejects_impossible_plants() -> None:
    assert P.generate_seeded({}, 3).instance == P.generate_seeded({}, 3).instance
    with pytest.raises(InputError):
        P.generate_seeded({"sides": 4, "n": 8, "length": 2, "k": 1}, 0, "planted")
    with pytest.raises(InputError):
        P.generate_seeded({"alphabet": 1, "words": 5}, 0)


# -- JSON ------------------------------------------------------------------------------------------
def test_json_round_trip_with_multi_character_tokens() -> None:
    inst = LetterBoxedInstance((("#", "*1"), ("x1", "x1")), (("#", "x1", "*1"), ("*1", "x1", "#")), 2)
    P.validate(inst)
    data = json.loads(json.dumps(P.instance_to_json(inst)))
    assert data["words"][0] == ["#", "x1", "*1"]
    assert P.instance_from_json(data) == inst
    sol = next(iter(solutions(P, inst)))
    assert P.solution_from_json(inst, json.loads(json.dumps(P.solution_to_json(inst, sol)))) == sol


@pytest.mark.parametrize("body", [
    {"sides": ["ab"], "words": ["ab"], "k": 1},
    {"sides": ["ab", "c"], "words": ["ab"], "k": 1},
    {"sides": ["ab", "cd"], "words": ["a"], "k": 1},
    {"sides": ["ab", "cd"], "words": ["ab", "ab"], "k": 1},
    {"sides": ["ab", "cd"], "words": ["ab"], "k": 0},
    {"sides": ["ab", "cd"], "words": ["ab"], "k": True},
    {"sides": ["ab", "cd"], "words": [["a", ""]], "k": 1},
    {"sides": ["", ""], "words": [], "k": 1},
    {"sides": ["ab", "cd"], "words": [3], "k": 1},
    {"sides": ["ab", "cd"], "words": ["ab"], "k": 1, "extra": 1},
    {"sides": "abcd", "words": ["ab"], "k": 1},
    {"words": ["ab"], "k": 1},
])
def test_malformed_instances_are_input_errors(body: dict) -> None:
    with pytest.raises(InputError):
        read_instance(P, body)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(["sides", "words", "k", "x"]),
                       st.one_of(st.integers(), st.text(max_size=3),
                                 st.lists(st.one_of(st.text(max_size=3), st.lists(st.text(max_size=2))),
                                          max_size=3))))
def test_fuzzed_instance_bodies_raise_only_input_errors(body: dict) -> None:
    try:
        inst = read_instance(P, body)
    except InputError:
        return
    P.validate(inst)


@pytest.mark.parametrize("data", [[], {"words": ["ab"]}, {"words": ["ab"], "sides": [[0, "x"]]},
                                  {"words": ["ab", "ba"], "sides": [[0, 1]]}, {"words": [1], "sides": [[0]]}])
def test_malformed_solutions_are_input_errors(data: object) -> None:
    with pytest.raises(InputError):
        P.solution_from_json(BOX, data)


# -- the NYT notation --------------------------------------------------------------------------
def test_nyt_notation_round_trips_generated_instances() -> None:
    for inst in random_instances(60, seed=14):
        text = write_nyt(inst)
        assert looks_like_nyt(text)
        assert read_nyt(text, {}) == inst


def test_nyt_notation_reads_a_word_list_by_nyt_rules() -> None:
    words = "Limbo\noutwardly\nab\nO'Neil\ncafé\nlimbs\nTIT\nmuddy\n"
    inst = read_nyt(f"{NYT.upper()}\n", {"words": words})
    assert inst.sides == (w("tia"), w("uwl"), w("ybd"), w("omr")) and inst.k == 5
    # lower-cased; 'ab' too short; apostrophes and accents dropped; 'limbs' has an s (not on the box);
    # 'tit' repeats side 0 (t, i); 'muddy' has dd on one side
    assert inst.words == (w("limbo"), w("outwardly"))
    with pytest.raises(InputError):
        read_nyt(NYT, {})
    with pytest.raises(InputError):
        read_nyt("abc-", {"words": "abc"})
    with pytest.raises(InputError):
        write_nyt(LetterBoxedInstance((("#", "x1"), ("x1", "a")), (("#", "x1"),), 1))
    assert nyt_words("Abc\n", (w("a"), w("bc"))) == []


@needs_words
def test_real_nyt_puzzle_with_wamerican() -> None:
    text = WORDS.read_text(encoding="utf-8", errors="replace")
    inst = read_nyt(f"{NYT} 2", {"words": text})
    assert w("limbo") in inst.words and w("outwardly") in inst.words
    assert P.check(inst, ((w("limbo"), (1, 0, 3, 2, 3)), (w("outwardly"), (3, 1, 0, 1, 0, 3, 2, 1, 2))))
    res = solve(P, inst)
    assert res.status == "sat" and P.check(inst, res.solution)
    assert solve(P, dataclasses.replace(inst, k=1)).status == "unsat"


@needs_words
@pytest.mark.slow
def test_real_nyt_puzzle_minimum_by_dynamic_program() -> None:
    inst = read_nyt(NYT, {"words": WORDS.read_text(encoding="utf-8", errors="replace")})
    assert minimum_words(inst) == 2


@needs_words
def test_cli_imports_solves_exports_and_renders(tmp_path: Path) -> None:
    puzzle = tmp_path / "nyt.txt"
    puzzle.write_text(f"{NYT} 2\n")
    gadgetry = str(Path(sys.executable).parent / "gadgetry")

    def run(*args: str) -> str:
        out = subprocess.run([gadgetry, *args], capture_output=True, text=True, check=True)
        return out.stdout

    doc = json.loads(run("solve", str(puzzle), "--words", str(WORDS), "--json"))
    assert doc["status"] == "sat"
    inst_file, sol_file = tmp_path / "nyt.json", tmp_path / "sol.json"
    run("import", "letterboxed", str(puzzle), "--words", str(WORDS), "-o", str(inst_file))
    sol_file.write_text(json.dumps(doc))
    assert run("check", str(inst_file), str(sol_file)).strip() == "valid"
    exported = run("export", str(inst_file), "--to", "letterboxed")
    assert exported.splitlines()[0] == f"{NYT} 2"
    svg = run("render", str(inst_file), str(sol_file), "-o", "-")
    assert ET.fromstring(svg).tag.endswith("svg")


# -- SVG -------------------------------------------------------------------------------------------
def test_svg_with_and_without_solution() -> None:
    plain = P.render_svg(BOX)
    solved = P.render_svg(BOX, GOOD)
    for svg in (plain, solved):
        ET.fromstring(svg)
    assert "polyline" not in plain and solved.count("<polyline") == 2
    tokens = LetterBoxedInstance((("<#>", "&"), ("x1", "y")), (("<#>", "x1"),), 1)
    ET.fromstring(P.render_svg(tokens, ((("<#>", "x1"), (0, 1)),)))  # escaped
    for sides in (2, 5, 8):
        inst = P.generate_seeded({"sides": sides, "n": 1, "length": 9, "k": 3}, 1, "planted")
        ET.fromstring(P.render_svg(inst.instance, inst.planted))
