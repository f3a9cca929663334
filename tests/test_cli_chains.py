"""Chains on the command line: reduce --to/--via with --bundle, lift back (checked by the source's checker),
path --all, verify A,B,C, and the papers' algorithms by solve --solver (listed by list --json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gadgetry.cli import main
from gadgetry.core import InputError
from gadgetry.core.chain import chains, route
from gadgetry.core.registry import problem, reductions
from gadgetry.verify.solve import count


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def generated(capsys, tmp_path: Path, name: str, *args: str) -> Path:
    path = tmp_path / f"{name}.json"
    assert run(capsys, "generate", name, *args, "-o", str(path))[0] == 0
    return path


@pytest.mark.parametrize("mode", ["--planted", "--unsat"])
def test_reduce_to_solve_lift_and_counts(capsys, tmp_path: Path, mode: str) -> None:
    """A 3SAT formula to positive 1-in-3SAT by the chain found; the target's solution lifts back to a
    solution the 3SAT checker accepts; the counts relate as the composed claim says."""
    size = ["variables=5", "clauses=12"] if mode == "--planted" else ["variables=4", "clauses=20"]
    src = generated(capsys, tmp_path, "3sat", *size, "--seed", "3", mode)
    out, bundle = tmp_path / "t.json", tmp_path / "b.json"
    code, _, err = run(capsys, "reduce", "--to", "positive-1in3sat", str(src), "-o", str(out), "--bundle", str(bundle))
    assert code == 0 and "chain 1in3sat-from-3sat,positive-1in3sat-from-1in3sat" in err
    doc = json.loads(bundle.read_text())
    assert doc["chain"] == ["1in3sat-from-3sat", "positive-1in3sat-from-1in3sat"]
    assert [d["problem"] for d in doc["instances"]] == ["3sat", "1in3sat", "positive-1in3sat"]
    assert json.loads(out.read_text())["clauses"] == doc["instances"][-1]["clauses"]
    code, solved, _ = run(capsys, "solve", str(out), "--json")
    status = json.loads(solved)["status"]
    assert status == ("sat" if mode == "--planted" else "unsat")
    three, target = problem("3sat"), problem("positive-1in3sat")
    x = three.instance_from_json({k: v for k, v in json.loads(src.read_text()).items() if k not in ("problem", "version", "meta")})
    y = target.instance_from_json({k: v for k, v in doc["instances"][-1].items() if k not in ("problem", "version")})
    assert count(target, y, "ganak").count == count(three, x, "brute-force").count  # parsimonious o parsimonious
    if status == "unsat":
        return
    (tmp_path / "s.json").write_text(solved)
    code, _, err = run(capsys, "lift", str(bundle), str(tmp_path / "s.json"), "-o", str(tmp_path / "back.json"))
    assert code == 0 and "valid" in err
    assert run(capsys, "check", str(src), str(tmp_path / "back.json"))[0] == 0


def test_lift_names_the_failed_check(capsys, tmp_path: Path) -> None:
    src = generated(capsys, tmp_path, "3sat", "variables=4", "clauses=6", "--seed", "1", "--planted")
    bundle, out = tmp_path / "b.json", tmp_path / "t.json"
    assert run(capsys, "reduce", "--via", "1in3sat-from-3sat", str(src), "-o", str(out), "--bundle", str(bundle))[0] == 0
    code, solved, _ = run(capsys, "solve", str(out), "--json")
    sol = json.loads(solved)
    # a target "solution" the target checker rejects: exit 1, the rule named, no output written
    bad = dict(sol, solution=[-lit for lit in sol["solution"]])
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    code, _, err = run(capsys, "lift", str(bundle), str(tmp_path / "bad.json"), "-o", str(tmp_path / "x.json"))
    assert code == 1 and "1in3sat target" in err and "clause" in err and not (tmp_path / "x.json").exists()
    # a bundle whose source was changed after the reduction: the lifted solution fails the source checker
    doc = json.loads(bundle.read_text())
    lifted = [lit for lit in sol["solution"] if abs(lit) <= doc["instances"][0]["variables"]]
    doc["instances"][0]["clauses"].append([-lit for lit in lifted[:3]])
    (tmp_path / "tampered.json").write_text(json.dumps(doc))
    (tmp_path / "s.json").write_text(solved)
    code, _, err = run(capsys, "lift", str(tmp_path / "tampered.json"), str(tmp_path / "s.json"))
    assert code == 1 and "3sat source" in err and "clause-violated" in err
    # a bundle of the wrong shape: one line, exit 2
    for broken in ({**doc, "chain": ["no-such-reduction"]}, {**doc, "instances": doc["instances"][:1]},
                   {**doc, "chain": ["positive-1in3sat-from-1in3sat"], "instances": doc["instances"]}, [], {"bundle": 1}):
        (tmp_path / "broken.json").write_text(json.dumps(broken))
        code, _, err = run(capsys, "lift", str(tmp_path / "broken.json"), str(tmp_path / "s.json"))
        assert code == 2 and len(err.strip().splitlines()) == 1, err


def test_reduce_to_picks_the_fewest_steps_and_names_bad_requests(capsys, tmp_path: Path) -> None:
    src = generated(capsys, tmp_path, "qbf", "--seed", "2")
    code, out, err = run(capsys, "reduce", "--to", "edge-matching-game", str(src))
    assert code == 0 and json.loads(out)["problem"] == "edge-matching-game"
    assert "chain geography-from-qbf,edgematching-game-from-geography" in err
    assert run(capsys, "reduce", "--via", "geography", "--to", "edge-matching-game", str(src))[0] == 0
    for argv, fragment in ((["--to", "pips"], "no chain"), (["--to", "qbf"], "already"),
                           (["--to", "no-such"], "unknown problem"), (["--via", "nothing"], "neither"),
                           (["--via", "x3c-from-3dm"], "no chain"), (["--to", "geography", "geography-from-qbf"], "not both"),
                           (["--via", ","], "empty name")):
        code, _, err = run(capsys, "reduce", *argv, str(src))
        assert code == 2 and fragment in err and len(err.strip().splitlines()) == 1, (argv, err)
    code, _, err = run(capsys, "reduce", "--to", "geography", str(src), "-o", str(tmp_path / "o"), "--bundle",
                       str(tmp_path / "o"))
    assert code == 2 and "different" in err and not (tmp_path / "o").exists()


def test_ties_are_broken_by_the_predicted_size() -> None:
    """Every candidate of the fewest steps is ranked by the size its overheads predict, smallest first."""
    from gadgetry.core.chain import by_predicted_size

    found = chains(reductions().values(), "hamiltonian-cycle", "edge-matching")
    assert len(found) > 1 and len({len(c.steps) for c in found}) == 1
    x = problem("hamiltonian-cycle").generate_seeded({"directed": 1, "family": 3}, 0).instance
    ranked = by_predicted_size(found, x)
    fits = [r for r in ranked if not r.refused]
    assert fits and ranked[:len(fits)] == fits, "the chains refusing the instance come last"
    assert [r.size for r in fits] == sorted(r.size for r in fits) and len({r.size for r in fits}) > 1
    reducible = []
    for r in fits:
        try:
            y = r.chain.reduce(x)
        except InputError:  # a domain check the overhead does not make
            continue
        assert r.size == sum(r.chain.target_problem.size(y).values())
        reducible.append(r)
    assert len(reducible) >= 2
    chosen, marked = route(reductions().values(), "hamiltonian-cycle", x, "edge-matching")
    assert chosen.name == reducible[0].chain.name and chosen.name.startswith("hamiltonian-path-from-hamiltonian-cycle,")
    assert all(m.refused for m in marked[:marked.index(next(m for m in marked if m.chain is chosen))])
    for r in ranked[len(fits):]:
        with pytest.raises(InputError):
            r.chain.reduce(x)
    undirected = problem("hamiltonian-cycle").generate_seeded({}, 0).instance
    assert all(r.refused for r in by_predicted_size(found, undirected))


def test_path_all_lists_every_chain_with_its_size(capsys) -> None:
    code, out, _ = run(capsys, "path", "3sat", "kurodoko", "--all")
    assert code == 0 and "1in3sat-from-3sat,kurodoko-from-1in3sat" in out
    code, out, _ = run(capsys, "path", "hamiltonian-cycle", "edge-matching", "--all")
    rows = [line.split() for line in out.splitlines()[2:]]
    assert len(rows) >= 4 and [int(r[0]) for r in rows] == sorted(int(r[0]) for r in rows)
    assert run(capsys, "path", "qbf", "edge-matching-game")[1].strip() == \
        "geography-from-qbf,edgematching-game-from-geography"
    assert run(capsys, "path", "sat", "kurodoko", "--for", "x")[0] == 2


def test_verify_a_chain_as_one_reduction(capsys) -> None:
    code, out, _ = run(capsys, "verify", "3sat-from-sat,1in3sat-from-3sat", "--instances", "4", "--timeout", "60")
    assert code == 0 and "parsimonious" in out and "PASS" in out


@pytest.mark.parametrize("name,solver,args", [
    ("letterboxed", "theorem-7", ["--planted"]),
    ("tiles", "theorem-4", ["--planted"]),
    ("tiles", "theorem-24", ["--planted", "sharing=1", "--seed", "3"]),
    ("triangle-edge-matching", "theorem-4.9", ["--planted", "layout=3"]),
])
def test_paper_algorithms_by_solve_solver(capsys, tmp_path: Path, name: str, solver: str, args: list[str]) -> None:
    inst = generated(capsys, tmp_path, name, *args)
    code, out, err = run(capsys, "solve", str(inst), "--solver", solver, "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["solver"] == solver and doc["status"] == "sat"
    (tmp_path / "s.json").write_text(out)
    assert run(capsys, "check", str(inst), str(tmp_path / "s.json"))[0] == 0
    listed = {d["name"]: d for d in json.loads(run(capsys, "list", "--json")[1])}
    assert solver in listed[name]["solvers"]
