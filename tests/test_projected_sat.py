"""``projected-sat``: DIMACS with ``c p show`` counted as projected model counting (the model counting
competition's projected track), as Ganak, d4 and sharpSAT-TD count it.

The oracle is independent of the CNF: each puzzle's own brute force. A puzzle's encoding written as DIMACS
(auxiliary variables and all, the projection in ``c p show``) must count, read back through the command
line, exactly the puzzle's solutions; read as a plain formula (``--problem sat``) it counts models, at
least as many.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from gadgetry.cli import main
from gadgetry.core import registry
from gadgetry.sources.sat import ProjectedSat, ShownFormula


def call(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


PUZZLES = [("flowfree", {"rows": 3, "cols": 4, "colours": 2}), ("kurodoko", {"width": 3, "height": 3}),
           ("x3c", {"elements": 6, "sets": 5}), ("hamiltonian-cycle", {"n": 6, "edges": 9}),
           ("pips", {"dominoes": 3, "max": 2}), ("strands", {})]


@pytest.mark.parametrize("name,params", PUZZLES, ids=[n for n, _ in PUZZLES])
def test_a_puzzle_encoding_counts_its_solutions_when_read_back(tmp_path: Path, name: str,
                                                               params: dict) -> None:
    prob = registry.problem(name)
    for seed in range(3):
        inst = prob.generate_seeded(params, seed, "planted").instance
        expected = prob.count_brute_force(inst)
        assert expected is not None and expected >= 1
        cnf = prob.encode(inst).cnf
        f = tmp_path / f"{name}-{seed}.cnf"
        f.write_text(cnf.to_dimacs())
        code, out, err = call("count", str(f), "--json")
        assert code == 0, err
        assert json.loads(out)["count"] == expected, (name, seed)
        code, out, err = call("count", str(f), "--json", "--problem", "sat")
        assert code == 0 and json.loads(out)["count"] >= expected, (name, seed, err)


def test_projected_counts_agree_with_brute_force_on_exhaustive_formulas() -> None:
    """Every formula of up to 3 variables and 2 clauses with every set of shown variables: Ganak, the
    projected enumeration and brute force (a model per shown assignment) agree, and the count is the
    number of distinct shown assignments among all models."""
    from gadgetry.verify.solve import count

    prob, plain = ProjectedSat(), registry.problem("sat")
    seen = 0
    for f in prob.exhaustive(prob.resolve_params({"variables": 3, "clauses": 2}, exhaustive=True)):
        expected = len({tuple(a[v - 1] for v in f.shown) for a in plain.brute_force(f)})
        got = [count(prob, f, method).count for method in ("ganak", "enumeration", "brute-force")]
        assert got == [expected] * 3, (f, got)
        seen += 1
    assert seen > 1000


def test_nothing_shown_counts_one_when_satisfiable(tmp_path: Path) -> None:
    for text, expected in (("c p show 0\np cnf 3 1\n1 -2 0\n", 1), ("c p show 0\np cnf 1 2\n1 0\n-1 0\n", 0)):
        f = tmp_path / "in.cnf"
        f.write_text(text)
        code, out, _ = call("count", str(f), "--json")
        assert code == 0 and json.loads(out)["count"] == expected


def test_json_and_dimacs_keep_the_shown_variables(tmp_path: Path) -> None:
    inst = ShownFormula(4, ((1, -2), (3, 4, -1)), (2, 4))
    prob = ProjectedSat()
    assert prob.instance_from_json(prob.instance_to_json(inst)) == inst
    assert prob.instance_from_json({**prob.instance_to_json(inst), "shown": [4, 2, 4]}) == inst  # as DIMACS
    text = prob.to_dimacs(inst)
    assert "c p show 2 4 0" in text.splitlines()
    assert prob.from_dimacs(text) == inst


@pytest.mark.parametrize("shown, fragment", [((5,), "shown variable 5 is outside 1..4"),
                                             ((2, 1), "each variable once, in increasing order"),
                                             ((1, 1), "each variable once")])
def test_bad_shown_variables_are_refused(shown: tuple, fragment: str) -> None:
    with pytest.raises(Exception, match=fragment):
        ProjectedSat().validate(ShownFormula(4, ((1, 2),), shown))


def test_reducing_a_projected_file_says_how(tmp_path: Path) -> None:
    f = tmp_path / "in.cnf"
    f.write_text("c p show 1 0\np cnf 2 1\n1 2 0\n")
    code, _, err = call("reduce", "--to", "3sat", str(f), "-o", str(tmp_path / "out.json"))
    assert code == 2 and "--problem sat" in err and not (tmp_path / "out.json").exists()
    code, _, err = call("reduce", "--problem", "sat", "--to", "3sat", str(f),
                        "-o", str(tmp_path / "out.json"))
    assert code == 0, err
