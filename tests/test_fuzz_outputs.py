"""``-o`` of every command that writes a file: into a missing folder, onto a folder, an empty name, and a
command that fails or runs out of time mid-way. Each is one line and exit 2 (3 for a limit), before any
work is done where the name alone shows it, and never leaves a file behind."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from gadgetry.cli import main

TESTS = Path(__file__).parent


def call(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    assert "Traceback" not in err.getvalue()
    return code, out.getvalue(), err.getvalue()


def commands(cnf: str) -> list[list[str]]:
    return [["solve", cnf], ["export", cnf, "--to", "dimacs"], ["import", "dimacs", cnf], ["generate", "3sat"],
            ["reduce", "1in3sat-from-3sat", cnf, "--problem", "3sat"], ["render", cnf, "--problem", "3sat"],
            ["mutate", "1in3sat-from-3sat"]]


@pytest.mark.parametrize("where, fragment", [("missing/out.json", "No such file or directory"),
                                             (".", "it is a directory"), ("", "an empty file name")])
@pytest.mark.parametrize("index", range(7))
def test_a_bad_output_name_is_refused_before_any_work(tmp_path: Path, where: str, fragment: str,
                                                      index: int) -> None:
    """The input is malformed too: the output's refusal coming first shows it was checked before reading
    (``solve -o MISSING/x`` solved first and then failed; ``solve -o ''`` printed to standard output)."""
    cnf = tmp_path / "in.cnf"
    cnf.write_text("p cnf 2 1\n1 3 0\n")
    out = "" if where == "" else str(tmp_path / where)
    code, stdout, err = call(*commands(str(cnf))[index], "-o", out)
    assert code == 2 and fragment in err and len(err.strip().splitlines()) == 1, err
    assert stdout == "" and not (tmp_path / "missing").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.cnf"]


def test_a_command_failing_mid_way_leaves_no_file(tmp_path: Path) -> None:
    wide = tmp_path / "wide.json"
    wide.write_text(json.dumps({"problem": "kurodoko", "version": 1, "width": 130, "height": 2, "clues": []}))
    out = tmp_path / "out.txt"
    code, _, err = call("export", str(wide), "--to", "range", "-o", str(out))
    assert code == 2 and "Range rejects" in err and not out.exists()
    code, _, err = call("reduce", "1in3sat-from-3sat", str(wide), "-o", str(out))
    assert code == 2 and not out.exists()
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["wide.json"], names


def test_a_time_limit_mid_way_is_unknown_and_leaves_no_file(tmp_path: Path) -> None:
    """A solve that reaches --timeout is exit 3 (unknown), writes the unknown document to standard output
    only, and leaves no -o file."""
    holes = 10  # the pigeonhole principle, 11 pigeons into 10 holes: CaDiCaL needs minutes to refute it
    var = {(i, j): 1 + i * holes + j for i in range(holes + 1) for j in range(holes)}
    clauses = [[var[i, j] for j in range(holes)] for i in range(holes + 1)]
    clauses += [[-var[i, j], -var[k, j]] for j in range(holes) for i in range(holes + 1) for k in range(i)]
    cnf = tmp_path / "hard.cnf"
    cnf.write_text(f"p cnf {len(var)} {len(clauses)}\n" + "".join(" ".join(map(str, c)) + " 0\n" for c in clauses))
    out = tmp_path / "sol.json"
    code, _, err = call("solve", str(cnf), "--timeout", "0.5", "-o", str(out))
    assert code == 3 and "unknown" in err and not out.exists(), err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hard.cnf"]


@pytest.mark.parametrize("command", ["check", "render"])
def test_the_document_of_an_unsat_solve_is_no_solution(tmp_path: Path, command: str) -> None:
    """``solve -o`` of an unsatisfiable instance writes ``"solution": null``; given back to ``check`` or
    ``render`` it was each problem's "a solution is a list of ..." (for Tiles, whose writer names a list)."""
    f = tmp_path / "tiles.txt"
    f.write_text("features red\ntile red\n")
    sol = tmp_path / "sol.json"
    assert call("solve", str(f), "-o", str(sol))[0] == 0 and json.loads(sol.read_text())["status"] == "unsat"
    code, _, err = call(command, str(f), str(sol), *(["-o", str(tmp_path / "o.svg")] if command == "render" else []))
    assert code == 2 and "holds no solution (status unsat)" in err, err


def test_an_empty_word_list_name_is_refused_not_ignored(tmp_path: Path) -> None:
    box = tmp_path / "box.txt"
    box.write_text("ab-cd 1\nacbd\n")
    code, _, err = call("count", str(box), "--words", "")
    assert code == 2 and "--words: an empty file name" in err, err
