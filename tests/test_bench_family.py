"""Benchmark families: sizes, the files written and what their metadata claims (checked independently:
the DIMACS file re-parsed and counted, the planted solution re-checked, the formats read back)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gadgetry.campaign.bench_family import build_family, reduction_named, size_params
from gadgetry.cli import main
from gadgetry.core import InputError, parse_dimacs, registry
from gadgetry.core.envelope import open_envelope, read_instance, read_solution
from gadgetry.core.sat import count_ganak, solve_clauses
from gadgetry.sources.families import family as source_family

RED = "1in3sat-from-3sat"


def test_size_params_scale_fix_and_ratio() -> None:
    red = registry.reduction(RED)  # verify sizes: variables 4, clauses 5
    param, sets = size_params(red, [8, 12])
    assert param == "variables"
    assert sets == [{"variables": 8, "clauses": 10}, {"variables": 12, "clauses": 15}]
    assert size_params(red, [8], given={"clauses": "3"})[1] == [{"variables": 8, "clauses": 3}]
    assert size_params(red, [10], per={"clauses": 4.26})[1] == [{"variables": 10, "clauses": 43}]
    assert size_params(red, [7], param="clauses")[1] == [{"variables": 6, "clauses": 7}]


@pytest.mark.parametrize("kwargs", [{"sizes": []}, {"sizes": [0]}, {"sizes": [10 ** 6]}, {"param": "colours"},
                                    {"given": {"variables": "3"}}, {"per": {"nope": 1.0}},
                                    {"given": {"clauses": "3"}, "per": {"clauses": 2.0}}])
def test_size_params_errors(kwargs: dict) -> None:
    kwargs = {"sizes": [5], **kwargs}
    with pytest.raises(InputError):
        size_params(registry.reduction(RED), kwargs.pop("sizes"), **kwargs)


@pytest.fixture(scope="module")
def family(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list]:
    out = tmp_path_factory.mktemp("fam") / "f"
    return out, build_family(registry.reduction(RED), [4, 6], 7, out)


def test_files_and_index(family: tuple[Path, list]) -> None:
    out, members = family
    index = json.loads((out / "family.json").read_text())
    assert [m["stem"] for m in index["members"]] == [f"{RED}-variables4", f"{RED}-variables6"]
    for m in members:
        assert set(m.files) == {f"{m.stem}.{ext}" for ext in ("json", "cnf", "meta.json", "dimacs", "solution.json")}
        for name in m.files:
            assert (out / name).is_file()


def test_metadata_is_true(family: tuple[Path, list]) -> None:
    out, members = family
    src, tgt = registry.problem("3sat"), registry.problem("1in3sat")
    for m in members:
        meta = json.loads((out / f"{m.stem}.meta.json").read_text())
        name, body = open_envelope(json.loads((out / f"{m.stem}.json").read_text()))
        assert name == "1in3sat"
        y = read_instance(tgt, body)
        x = read_instance(src, meta["source"])
        assert registry.reduction(RED).reduce(x) == y
        # the planted solutions solve their instances, and the puzzle's is the forward image
        assert src.check(x, read_solution(src, x, meta["planted_source_solution"]))
        assert tgt.check(y, read_solution(tgt, y, meta["planted_target_solution"]))
        assert meta["expected_answer"] == "sat" and meta["mode"] == "planted"
        # the DIMACS file: the encoding, with its projection, counted independently
        nvars, clauses, comments, projection = parse_dimacs((out / f"{m.stem}.cnf").read_text())
        assert projection is not None and len(projection) == meta["cnf"]["projection"]
        assert nvars == meta["cnf"]["variables"] and len(clauses) == meta["cnf"]["clauses"]
        assert count_ganak(nvars, clauses, projection) == meta["target_count"] == meta["source_count"]
        assert meta["target_count_predicted"] == meta["target_count"]  # parsimonious
        assert any(c.strip() == "expected sat" for c in comments)
        # the puzzle's own format reads back to the same instance
        assert tgt.formats()["dimacs"].read((out / f"{m.stem}.dimacs").read_text(), {}) == y


def test_same_seed_same_bytes(family: tuple[Path, list], tmp_path: Path) -> None:
    out, _ = family
    build_family(registry.reduction(RED), [4, 6], 7, tmp_path / "again")
    for f in sorted(out.iterdir()):
        if f.name.endswith(".meta.json"):  # holds the build time
            a, b = (json.loads(p.read_text()) for p in (f, tmp_path / "again" / f.name))
            a.pop("seconds"), b.pop("seconds")
            assert a == b
        else:
            assert f.read_bytes() == (tmp_path / "again" / f.name).read_bytes(), f.name


def test_unsat_family(tmp_path: Path) -> None:
    (m,) = build_family(registry.reduction("x3c-from-3dm"), [3], 1, tmp_path / "u", mode="unsat")
    assert m.meta["expected_answer"] == "unsat" and m.meta["source_count"] == 0 == m.meta["target_count"]
    _, clauses, _, _ = parse_dimacs((tmp_path / "u" / f"{m.stem}.cnf").read_text())
    assert solve_clauses(clauses) is None


def test_random_mode_and_puzzle_format(tmp_path: Path) -> None:
    (m,) = build_family(registry.reduction("pips-from-subset-sum"), [3], 2, tmp_path / "p", mode="random")
    pips = registry.problem("pips")
    text = (tmp_path / "p" / f"{m.stem}.nyt-pips").read_text()
    _, body = open_envelope(json.loads((tmp_path / "p" / f"{m.stem}.json").read_text()))
    assert pips.formats()["nyt-pips"].read(text, {}) == read_instance(pips, body)
    assert m.meta["planted_source_solution"] is None
    assert m.meta["expected_answer"] == ("sat" if m.meta["source_count"] else "unsat")
    assert m.meta["target_count_predicted"] == m.meta["target_count"]  # c-monious: factor times the source's
    assert "solution" not in json.loads(text)  # no planted solution: none is written, none is solved for


def test_format_carries_the_planted_image_unsolved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A format that carries a solution (NYT Pips') gets the planted solution's image; the puzzle is never
    solved (the worker is forked: a solve there would raise)."""
    pips = registry.problem("pips")

    def refuse(*_: object) -> None:
        raise AssertionError("bench-family solved the puzzle")

    monkeypatch.setattr(type(pips), "solve", refuse)
    (m,) = build_family(registry.reduction("pips-from-subset-sum"), [4], 3, tmp_path / "p", mode="planted")
    obj = json.loads((tmp_path / "p" / f"{m.stem}.nyt-pips").read_text())
    assert obj["solution"] == m.meta["planted_target_solution"]
    inst = pips.formats()["nyt-pips"].read(json.dumps(obj), {})
    assert pips.check(inst, pips.solution_from_json(inst, obj["solution"]))


def test_bad_mode(tmp_path: Path) -> None:
    with pytest.raises(InputError):
        build_family(registry.reduction(RED), [4], 0, tmp_path / "x", mode="sideways")
    with pytest.raises(InputError):
        build_family(registry.reduction(RED), [4], 0, tmp_path / "no" / "such" / "dir")


def test_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cli"
    assert main(["bench-family", "x3c-from-3dm", "--sizes", "3,6", "--seed", "1", "-o", str(out)]) == 0
    assert "x3c-from-3dm-n6" in capsys.readouterr().out
    assert len(json.loads((out / "family.json").read_text())["members"]) == 2
    assert main(["bench-family", RED, "--sizes", "6", "--per", "clauses=2", "-o", str(tmp_path / "r")]) == 0
    assert json.loads((tmp_path / "r" / "family.json").read_text())["members"][0]["params"]["clauses"] == 12


@pytest.mark.parametrize("argv", [["--sizes", "4,x"], ["--sizes", "4", "--per", "clauses=abc"],
                                  ["--sizes", "4", "--count-timeout", "0"], ["--sizes", "4", "--mode", "odd"],
                                  ["--sizes", "4", "colours=3"]])
def test_cli_errors(argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench-family", RED, *argv, "-o", str(tmp_path / "o")]) == 2
    assert capsys.readouterr().err.startswith("gadgetry: error:")


def test_source_family_through_a_chain(tmp_path: Path) -> None:
    """A planted hard family pushed to a puzzle: the planted solution's image is a puzzle solution that
    ``gadgetry check`` accepts; an unsatisfiable family's puzzle CNF is unsatisfiable."""
    fam = source_family("quiet-nae")
    red = registry.reduction("letterboxed-from-positive-nae3sat")
    (m,) = build_family(red, [6], 3, tmp_path / "q", fam=fam)
    assert m.stem == "quiet-nae-to-letterboxed-variables6"
    assert m.meta["expected_answer"] == "sat" and m.meta["family"]["name"] == "quiet-nae"
    src = registry.problem("positive-nae3sat")
    x = read_instance(src, m.meta["source"])
    assert x == fam.generate(m.params, m.meta["seed"]).instance
    assert src.check(x, read_solution(src, x, m.meta["planted_source_solution"]))
    files = [str(tmp_path / "q" / f"{m.stem}.{ext}") for ext in ("json", "solution.json")]
    assert main(["check", *files]) == 0
    (u,) = build_family(registry.reduction("1in3sat-from-3sat"), [4], 0, tmp_path / "t", fam=source_family("tseitin"))
    assert u.meta["expected_answer"] == "unsat" and u.meta["source_count"] == 0
    assert "sum of the charges" in u.meta["answer_known_by"] and "1in3sat-from-3sat" in u.meta["answer_known_by"]
    _, clauses, _, _ = parse_dimacs((tmp_path / "t" / f"{u.stem}.cnf").read_text())
    assert solve_clauses(clauses) is None
    with pytest.raises(InputError, match="draws 3sat"):
        build_family(red, [6], 0, tmp_path / "x", fam=source_family("tseitin"))


def test_cli_source_to(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "s"
    assert main(["bench-family", "--source", "pigeonhole", "--to", "1in3sat", "--sizes", "3,4", "-o", str(out)]) == 0
    assert "pigeonhole-to-1in3sat-pigeons4" in capsys.readouterr().out
    index = json.loads((out / "family.json").read_text())
    assert index["family"] == "pigeonhole" and index["reduction"] == "3sat-from-sat,1in3sat-from-3sat"
    assert [m["expected_answer"] for m in index["members"]] == ["unsat", "unsat"]
    assert main(["bench-family", "density=300", "--source", "q-hidden", "--to", "1in3sat", "--sizes", "5",
                 "-o", str(tmp_path / "d")]) == 0
    assert json.loads((tmp_path / "d" / "family.json").read_text())["members"][0]["params"]["density"] == 300


def test_a_problem_is_its_own_family(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``bench-family PROBLEM``: the generator's planted instances as they are, the planted solution written
    for ``gadgetry check``, the CNF the problem's own encoding (its count the brute force's)."""
    ff = registry.problem("flowfree")
    out = tmp_path / "ff"
    assert main(["bench-family", "flowfree", "cols=4", "colours=3", "--param", "rows", "--sizes", "3,4",
                 "--seed", "2", "-o", str(out)]) == 0
    assert "flowfree-rows4" in capsys.readouterr().out
    index = json.loads((out / "family.json").read_text())
    assert index["reduction"] == index["source_problem"] == index["target_problem"] == "flowfree"
    for m in index["members"]:
        meta = json.loads((out / f"{m['stem']}.meta.json").read_text())
        _, body = open_envelope(json.loads((out / f"{m['stem']}.json").read_text()))
        y = read_instance(ff, body)
        assert y == read_instance(ff, meta["source"]) == ff.generate_seeded(m["params"], meta["seed"], "planted").instance
        assert main(["check", *(str(out / f"{m['stem']}.{ext}") for ext in ("json", "solution.json"))]) == 0
        nvars, clauses, _, projection = parse_dimacs((out / f"{m['stem']}.cnf").read_text())
        brute = sum(1 for _ in ff.brute_force(y))
        assert meta["expected_answer"] == "sat" and count_ganak(nvars, clauses, projection) == brute >= 1
        assert meta["answer_known_by"].endswith("its image checked by the rule checker)")
    (u,) = build_family(reduction_named("flowfree"), [4], 1, tmp_path / "u", given={"cols": "5", "colours": "3"},
                        mode="unsat")
    x = read_instance(ff, u.meta["source"])
    assert u.meta["expected_answer"] == "unsat" and sum(1 for _ in ff.brute_force(x)) == 0
    assert "checkerboard count" in u.meta["answer_known_by"]
    assert reduction_named("x3c-from-3dm").target == "x3c"
    with pytest.raises(InputError, match="unknown reduction"):
        reduction_named("no-such-puzzle")


@pytest.mark.parametrize("argv", [["--source", "nope", "--to", "kurodoko"], ["--source", "tseitin"],
                                  ["--source", "tseitin", "--to", "3sat"], ["--source", "tseitin", "--to", "geography"],
                                  ["--source", "tseitin", "--to", "1in3sat", "--mode", "unsat"],
                                  [RED, "--to", "kurodoko"]])
def test_cli_source_errors(argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench-family", *argv, "--sizes", "4", "-o", str(tmp_path / "o")]) == 2
    assert capsys.readouterr().err.startswith("gadgetry: error:")
