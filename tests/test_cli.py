"""The command-line contract: outputs, exit statuses, one-line errors, atomic files, plugins."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gadgetry.cli import main

TESTS = Path(__file__).parent


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_generate_solve_check_count_round_trip(capsys, tmp_path: Path) -> None:
    inst = tmp_path / "f.json"
    code, _, _ = run(capsys, "generate", "3sat", "variables=6", "clauses=10", "--seed", "7", "--planted",
                     "-o", str(inst))
    assert code == 0
    doc = json.loads(inst.read_text())
    assert doc["problem"] == "3sat" and doc["version"] == 1 and doc["meta"]["planted"]
    code, out, _ = run(capsys, "solve", str(inst), "--json")
    assert code == 0
    sol = json.loads(out)
    assert sol["status"] == "sat"
    (tmp_path / "s.json").write_text(out)
    assert run(capsys, "check", str(inst), str(tmp_path / "s.json"))[0] == 0
    # The planted solution checks too; a flipped one names the broken rule and exits 1.
    (tmp_path / "p.json").write_text(json.dumps({"solution": doc["meta"]["planted"]}))
    assert run(capsys, "check", str(inst), str(tmp_path / "p.json"))[0] == 0
    code, out, _ = run(capsys, "count", str(inst), "--json")
    counted = json.loads(out)
    assert code == 0 and counted["method"] == "ganak" and counted["count"] >= 1
    code, out, _ = run(capsys, "count", str(inst), "--json", "--method", "brute-force")
    assert json.loads(out)["count"] == counted["count"]


def test_check_names_the_broken_rule(capsys, tmp_path: Path) -> None:
    inst = tmp_path / "f.json"
    inst.write_text(json.dumps({"problem": "3sat", "version": 1, "variables": 2, "clauses": [[1, 2], [-1]]}))
    (tmp_path / "bad.json").write_text(json.dumps({"solution": [1, -2]}))
    code, out, _ = run(capsys, "check", str(inst), str(tmp_path / "bad.json"))
    assert code == 1 and "clause-violated" in out and "clause 2" in out


def test_same_seed_same_bytes(capsys) -> None:
    outs = {run(capsys, "generate", "1in3sat", "--seed", "11")[1] for _ in range(3)}
    assert len(outs) == 1
    assert run(capsys, "generate", "1in3sat", "--seed", "12")[1] not in outs


def test_dimacs_in_and_out(capsys, tmp_path: Path) -> None:
    cnf = tmp_path / "f.cnf"
    # Variable 3 occurs in no clause: it doubles the count.
    cnf.write_text("c a plain CNF\np cnf 3 2\n1 2 0\n-1 -2 0\n")
    code, out, _ = run(capsys, "count", str(cnf), "--json")
    assert code == 0 and json.loads(out)["count"] == 4 and json.loads(out)["problem"] == "sat"
    code, out, _ = run(capsys, "count", str(cnf), "--json", "--problem", "1in3sat")
    assert json.loads(out)["count"] == 4
    cnf.write_text("c problem 1in3sat\np cnf 3 1\n1 2 3 0\n")
    assert json.loads(run(capsys, "count", str(cnf), "--json")[1])["count"] == 3
    inst = tmp_path / "i.json"
    assert run(capsys, "import", "dimacs", str(cnf), "-o", str(inst))[0] == 0
    assert json.loads(inst.read_text())["problem"] == "1in3sat"
    code, out, _ = run(capsys, "export", str(inst), "--to", "dimacs")
    assert code == 0 and "c problem 1in3sat" in out and "p cnf 3 1" in out


@pytest.mark.parametrize("argv, fragment", [
    (["generate", "3sat", "variables=0"], "out of range"),
    (["generate", "3sat", "variables=x"], "not an integer"),
    (["generate", "3sat", "colour=3"], "unknown parameter"),
    (["generate", "no-such-problem"], "unknown problem"),
    (["generate", "positive-nae3sat", "--unique"], "not offered"),
    (["reduce", "no-such-reduction", "-"], "unknown reduction"),
    (["verify"], "REDUCTION or --all"),
    (["solve", "/no/such/file"], "no such file"),
    (["frobnicate"], "invalid choice"),
    (["solve", str(Path(__file__).parent / "data" / "tiny.cnf"), "--solver", "nosuchsolver"], "unknown SAT solver"),
])
def test_bad_usage_is_one_line_exit_2(capsys, argv: list[str], fragment: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert fragment in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize("text, fragment", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "JSON object"),
    ('{"version": 1}', "missing 'problem'"),
    ('{"problem": "3sat", "version": 9, "variables": 1, "clauses": []}', "unsupported version"),
    ('{"problem": "nope", "version": 1}', "unknown problem"),
    ('{"problem": "3sat", "version": 1, "variables": 2}', "malformed"),
    ('{"problem": "3sat", "version": 1, "variables": 2, "clauses": [[3]]}', "outside"),
    ('{"problem": "exact-3sat", "version": 1, "variables": 3, "clauses": [[1, 2]]}', "expected 3"),
    ('{"problem": "positive-1in3sat", "version": 1, "variables": 3, "clauses": [[1, -2, 3]]}', "negative"),
    ("p cnf 2 1\n1 3 0\n", "exceeds"),
    ("p cnf 2 2\n1 2 0\n", "declares 2 clauses"),
    ("p cnf x y\n", "header"),
    ("1 2 0\n", "neither"),
    ("c only a comment\n", "no 'p cnf"),
    ("", "empty input"),
])
def test_malformed_input_is_one_line_exit_2(capsys, tmp_path: Path, text: str, fragment: str) -> None:
    f = tmp_path / "in.txt"
    f.write_text(text)
    code, _, err = run(capsys, "solve", str(f))
    assert code == 2, err
    assert fragment in err, err
    assert len(err.strip().splitlines()) == 1


def test_output_is_atomic_and_no_partial_file(capsys, tmp_path: Path) -> None:
    out = tmp_path / "never.json"
    code, _, _ = run(capsys, "generate", "3sat", "variables=9999", "-o", str(out))
    assert code == 2 and not out.exists()
    assert run(capsys, "generate", "3sat", "-o", str(tmp_path / "nofolder" / "x.json"))[0] == 2
    assert [p.name for p in tmp_path.iterdir()] == []


def test_timeout_reports_unknown_exit_3(capsys, tmp_path: Path) -> None:
    plugin = str(TESTS / "toy_reductions.py")
    code, out, _ = run(capsys, "--plugin", plugin, "verify", "toy-slow", "--instances", "1", "--timeout", "1")
    assert code == 3 and "UNKNOWN" in out


def test_plugin_reductions_are_verified_like_builtins(capsys) -> None:
    plugin = str(TESTS / "toy_reductions.py")
    code, out, _ = run(capsys, "--plugin", plugin, "list", "--json")
    names = {item["name"]: item for item in json.loads(out)}
    assert names["toy-identity"]["kind"] == "reduction" and names["toy-identity"]["source"] == "3sat"
    assert {"name", "kind", "source", "target", "paper", "section", "claim"} <= set(names["toy-identity"])
    code, out, _ = run(capsys, "--plugin", plugin, "verify", "toy-identity", "--instances", "4")
    assert code == 0 and "PASS" in out
    code, out, _ = run(capsys, "--plugin", plugin, "verify", "toy-drop-clause", "--instances", "8", "--seed", "3")
    assert code == 1 and "FAIL" in out and "counterexample" in out
    code, out, _ = run(capsys, "--plugin", plugin, "path", "3sat", "sat")
    assert code == 0 and out.strip()
    assert run(capsys, "--plugin", "/no/such/plugin.py", "list")[0] == 2


def test_reduce_accepts_a_chain(capsys, tmp_path: Path) -> None:
    plugin = str(TESTS / "toy_reductions.py")
    src = tmp_path / "x.json"
    run(capsys, "generate", "3sat", "variables=3", "clauses=2", "--seed", "1", "-o", str(src))
    code, out, _ = run(capsys, "--plugin", plugin, "reduce", "toy-pad,toy-pad-sat", str(src))
    assert code == 0 and json.loads(out)["variables"] == 5
    code, _, err = run(capsys, "--plugin", plugin, "reduce", "toy-pad-sat,toy-pad", str(src))
    assert code == 2 and "chain breaks" in err


def test_entry_point_runs_as_a_program(tmp_path: Path) -> None:
    exe = Path(sys.executable).with_name("gadgetry")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "gadgetry.cli"]
    proc = subprocess.run([*cmd, "generate", "3sat", "--seed", "1"], capture_output=True, text=True,
                          env={**os.environ}, timeout=120)
    assert proc.returncode == 0 and json.loads(proc.stdout)["problem"] == "3sat"
    proc = subprocess.run([*cmd, "generate", "3sat", "variables=-1"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1


def test_solve_with_a_problems_own_algorithm(tmp_path) -> None:
    """``solve --solver NAME`` runs a problem's extra solver (here Theorem 2.1 of the edge-matching seed),
    whose answer passes the checker; an instance outside its class is a one-line error, exit 2."""
    from gadgetry.core.registry import problem

    prob = problem("edge-matching")
    le = tmp_path / "le.json"
    assert main(["generate", "edge-matching", "kind=4", "rotations=1", "boundary=0", "cols=5", "--seed", "2",
                 "-o", str(le)]) == 0
    sol = tmp_path / "sol.json"
    assert main(["solve", str(le), "--solver", "theorem-2.1", "-o", str(sol)]) == 0
    assert main(["check", str(le), str(sol)]) == 0
    signed = tmp_path / "signed.json"
    assert main(["generate", "edge-matching", "kind=1", "--seed", "2", "-o", str(signed)]) == 0
    assert main(["solve", str(signed), "--solver", "theorem-2.1"]) == 2
    assert "theorem-2.1" in prob.describe()["solvers"]


def test_count_at_most_stops_past_k(capsys, tmp_path: Path) -> None:
    """``count --at-most K`` prints "more than K" (JSON: count null, more true) past K solutions, the exact
    count otherwise; a negative K is bad usage."""
    inst = tmp_path / "k.json"
    inst.write_text(json.dumps({"problem": "kurodoko", "version": 1, "width": 4, "height": 4,
                                "clues": [[0, 0, 4]]}))
    code, out, _ = run(capsys, "count", str(inst), "--json", "--method", "brute-force")
    total = json.loads(out)["count"]
    assert code == 0 and total > 2
    for method in ("brute-force", "enumeration", "ganak", "portfolio", "lazy"):
        code, out, _ = run(capsys, "count", str(inst), "--json", "--method", method, "--at-most", "2")
        doc = json.loads(out)
        assert code == 0 and (doc["count"], doc["at_most"], doc["more"]) == (None, 2, True), method
        code, out, _ = run(capsys, "count", str(inst), "--method", method, "--at-most", str(total))
        assert code == 0 and out.startswith(f"{total} "), method
    code, out, _ = run(capsys, "count", str(inst), "--at-most", "2")
    assert out.startswith("more than 2 ")
    code, _, err = run(capsys, "count", str(inst), "--at-most", "-1")
    assert code == 2 and "--at-most" in err and len(err.strip().splitlines()) == 1
