"""The project's own documentation cannot rot: every example of docs/formats.md is read by gadgetry (and
written back and read again to the same instance, its stated count checked); every format a problem
offers has an example; the plugin example of docs/plugins.md loads and verifies; every test the docs name
exists; and nothing cites documents that are not in the repository."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gadgetry.core import registry
from gadgetry.core.cnf import CNF, parse_dimacs
from gadgetry.sources.qbf import qdimacs_problem
from gadgetry.sources.sat import dimacs_problem

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PLUGIN = DOCS / "examples" / "exact_cover_plugin.py"
ENVELOPE_KEYS = ("problem", "version", "meta")

_EXAMPLE = re.compile(r"<!-- example ([^>]*?) -->\n```[a-z]*\n(.*?)```", re.S)


def examples() -> list[tuple[dict[str, str], str]]:
    """``(options, text)`` of each example in docs/formats.md, in order."""
    text = (DOCS / "formats.md").read_text()
    out = [(dict(kv.split("=", 1) for kv in head.split()), body) for head, body in _EXAMPLE.findall(text)]
    assert len(out) == text.count("<!-- example "), "an example marker is not followed by a fenced block"
    return out


def _owner(fmt: str, text: str, options: dict[str, str]):
    if "problem" in options:
        return registry.problem(options["problem"])
    if fmt in ("dimacs", "qdimacs"):  # the 'c problem NAME' comment names it, as gadgetry reads it
        return registry.problem(dimacs_problem(text) if fmt == "dimacs" else qdimacs_problem(text))
    owners = [p for p in registry.problems().values() if fmt in p.formats()]
    assert len(owners) == 1, f"format {fmt}: owners {[p.name for p in owners]}"
    return owners[0]


def _read(options: dict[str, str], text: str):
    """The problem and instance an example describes (envelope or interchange format), round-tripped."""
    fmt = options["format"]
    if fmt == "envelope":
        doc = json.loads(text)
        prob = registry.problem(doc["problem"])
        inst = prob.instance_from_json({k: v for k, v in doc.items() if k not in ENVELOPE_KEYS})
        prob.validate(inst)
        again = prob.instance_from_json(json.loads(json.dumps(prob.instance_to_json(inst))))
        return prob, inst, again
    prob = _owner(fmt, text, options)
    f = prob.formats()[fmt]
    opts = {k: v for k, v in options.items() if k == "difficulty"}
    inst = f.read(text, opts)
    prob.validate(inst)
    return prob, inst, f.read(f.write(inst), opts)


INSTANCES = [(o, t) for o, t in examples() if o["format"] != "solution"]  # solutions: the test after


@pytest.mark.parametrize("options,text", INSTANCES, ids=[f"{i}-{o['format']}" for i, (o, _) in enumerate(INSTANCES)])
def test_every_format_example_round_trips(options: dict[str, str], text: str) -> None:
    fmt = options["format"]
    if fmt == "cnf":
        nvars, clauses, comments, projection = parse_dimacs(text)
        cnf = CNF()
        for line in comments:
            if line.startswith("varname "):
                _, vid, name = line.split()
                assert cnf.var(name) == int(vid)
        while cnf.nvars < nvars:
            cnf.fresh()
        cnf.extend(clauses)
        cnf.project(projection or [])
        assert cnf.to_dimacs() == text
        prob = registry.problem(dimacs_problem(text))  # and it reads as an instance, projected by its lines
        formula = prob.formats()["dimacs"].read(text, {})
        assert (formula.variables, [list(c) for c in formula.clauses]) == (nvars, clauses)
        assert getattr(formula, "shown", None) == (None if projection is None else tuple(sorted(set(projection))))
        if "count" in options:
            assert prob.count(formula) == int(options["count"])
        return
    prob, inst, again = _read(options, text)
    assert prob.instance_to_json(again) == prob.instance_to_json(inst)
    if "count" in options:
        assert prob.count(inst) == int(options["count"])


def test_solution_example_solves_the_envelope_example() -> None:
    found = examples()
    kinds = [o["format"] for o, _ in found]
    i = kinds.index("solution")
    prob, inst, _ = _read(*found[kinds.index("envelope")])
    doc = json.loads(found[i][1])
    assert doc["problem"] == prob.name
    sol = prob.solution_from_json(inst, doc["solution"])
    assert prob.check(inst, sol)
    assert not prob.check(inst, prob.solution_from_json(inst, [-1, 2, -3]))  # falsifies the first clause


def test_every_format_has_an_example() -> None:
    offered = {name for p in registry.problems().values() for name in p.formats()}
    shown = {o["format"] for o, _ in examples()}
    assert offered <= shown, f"docs/formats.md has no example of {sorted(offered - shown)}"
    assert offered, "no formats found"


def _gadgetry() -> list[str]:
    exe = Path(sys.executable).with_name("gadgetry")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "gadgetry.cli"]


def _verify(plugin: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*_gadgetry(), "--plugin", str(plugin), "verify",
                           "example-exact-cover-from-positive-1in3sat", *args],
                          capture_output=True, text=True, env={**os.environ}, timeout=300)


def test_plugin_example_verifies() -> None:
    proc = _verify(PLUGIN, "--instances", "30", "--json")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)[0]
    assert report["verdict"] == "PASS" and report["tally"]["PASS"] == 30
    assert any(r["source_count"] and r["source_count"] > 1 for r in report["instances"])


def test_plugin_example_broken_fails(tmp_path: Path) -> None:
    """The same plugin with its backward map negated: the protocol must catch it."""
    text = PLUGIN.read_text()
    right = "return tuple(i in chosen for i in range(f.variables))"
    assert right in text
    broken = tmp_path / "broken_plugin.py"
    broken.write_text(text.replace(right, "return tuple(i not in chosen for i in range(f.variables))"))
    proc = _verify(broken, "--instances", "6")
    assert proc.returncode == 1 and "FAIL" in proc.stdout


_TEST_REF = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")


def test_every_test_the_docs_name_exists() -> None:
    refs = [m for path in [ROOT / "README.md", *sorted(DOCS.glob("*.md"))] for m in _TEST_REF.findall(path.read_text())]
    assert len(refs) >= 10
    for path, name in refs:
        source = (ROOT / path).read_text()
        assert re.search(rf"^def {name}\(", source, re.M), f"{path}::{name} does not exist"


# Written in pieces so that this file does not match its own patterns.
_OUTSIDE = re.compile("|".join([
    r"FORMATS" r"\.md", r"DESIGN" r"\.md", r"(?i:\bgui" r"de\b)", r"/work/" r"shared",
    r"\berrat(?:um|a) E" r"\d", r"\(R" r"\d+\)", r"\bE" r"\d+-E\d+\b", r"\bseed 0" r"0\d\b",
]))


def test_nothing_cites_documents_outside_the_repository() -> None:
    files = [ROOT / "README.md", *DOCS.rglob("*.md"), *DOCS.rglob("*.py")]
    for folder in ("src", "tests", "bench"):
        files += [p for p in (ROOT / folder).rglob("*") if p.suffix in (".py", ".j2", ".md", ".txt")]
    cited = [f"{p.relative_to(ROOT)}:{i}: {line.strip()[:80]}"
             for p in files for i, line in enumerate(p.read_text().splitlines(), 1) if _OUTSIDE.search(line)]
    assert not cited, "cites a document users do not have:\n" + "\n".join(cited)
