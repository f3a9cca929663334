"""Formulas of every shape through the command line, against a brute-force enumerator written here.

Random small formulas (duplicate literals, tautologies, repeated clauses, variables in no clause) are
written as DIMACS in the shapes other tools write (comments anywhere, a ``0`` split over lines, several
clauses on a line, ``%`` endings, CRLF, tabs, a byte-order mark, projection lines) and counted by every
``--method``, solved by every PySAT solver, checked, imported and exported; projected counts are compared
with projected enumeration. Shapes DIMACS refuses are one line and exit 2 naming the problem.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gadgetry.cli import main
from gadgetry.core import CNF, parse_dimacs
from gadgetry.core.envelope import read_any
from gadgetry.core.sat import count_enumeration, count_ganak, solver_names
from gadgetry.verify.solve import count

METHODS = ["auto", "ganak", "enumeration", "brute-force", "portfolio"]


def call(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    err_text = err.getvalue()
    assert "Traceback" not in err_text, err_text
    if code == 2:
        assert len(err_text.strip().splitlines()) == 1, err_text
    return code, out.getvalue(), err_text


# -- the oracle ---------------------------------------------------------------------------------------
def models(n: int, clauses: list[list[int]]) -> list[tuple[bool, ...]]:
    """Every assignment of variables 1..n satisfying every clause, by trying all 2^n."""
    return [bits for bits in itertools.product((False, True), repeat=n)
            if all(any(bits[abs(lit) - 1] == (lit > 0) for lit in c) for c in clauses)]


def shown_in(text: str) -> set[int] | None:
    """The variables a count of ``text`` is projected onto, read independently of gadgetry's parser: those
    of its ``c p show`` lines (else of its ``c ind`` lines), None without them or with ``c problem sat``
    (a plain formula)."""
    lines = [ln.strip() for ln in text.replace("\ufeff", "").splitlines()]
    if "c problem sat" in lines:
        return None
    for key in ("c p show", "c ind"):
        found = [ln[len(key):].split()[:-1] for ln in lines if ln.startswith(key + " ")]
        if found:
            return {int(v) for part in found for v in part}
    return None


def solutions(n: int, clauses: list[list[int]], shown: set[int] | None) -> int:
    """The models, or with ``shown`` the distinct assignments of the shown variables among them."""
    found = models(n, clauses)
    return len(found) if shown is None else len({tuple(b[v - 1] for v in sorted(shown)) for b in found})


def satisfies(solution: list[int], n: int, clauses: list[list[int]]) -> bool:
    """Whether a DIMACS-style model line (every variable once, signed) satisfies the clauses."""
    if sorted(abs(lit) for lit in solution) != list(range(1, n + 1)):
        return False
    true = {lit for lit in solution if lit > 0}
    return all(any((lit in true) if lit > 0 else (-lit not in true) for lit in c) for c in clauses)


# -- formulas and the shapes they are written in ------------------------------------------------------
@st.composite
def formulas(draw: st.DrawFn, max_vars: int = 5) -> tuple[int, list[list[int]]]:
    n = draw(st.integers(0, max_vars))
    if n == 0:
        return 0, []
    literal = st.integers(1, n).flatmap(lambda v: st.sampled_from([v, -v]))
    clauses = draw(st.lists(st.lists(literal, min_size=1, max_size=4), max_size=7))
    if clauses and draw(st.booleans()):  # a repeated clause
        clauses.append(list(draw(st.sampled_from(clauses))))
    return n, clauses


@st.composite
def dimacs_text(draw: st.DrawFn, n: int, clauses: list[list[int]]) -> str:
    """``clauses`` as DIMACS, in a random mix of the shapes found in the wild."""
    comment = st.sampled_from(["c", "c a comment", "c\tp cnf 9 9 in a comment", "c problem sat"])
    sep = st.sampled_from([" ", "  ", "\t", " \t "])
    lines = [draw(comment) for _ in range(draw(st.integers(0, 2)))]
    if n and draw(st.booleans()):  # a projection line: the count is projected (unless 'c problem sat')
        shown = draw(st.lists(st.integers(1, n), min_size=1, max_size=n))
        lines.append(draw(st.sampled_from(["c p show", "c ind"])) + " " + " ".join(map(str, shown)) + " 0")
    lines.append(draw(sep).join(["p", "cnf", str(n), str(len(clauses))]))
    tokens = [str(lit) for c in clauses for lit in [*c, 0]]
    i = 0
    while i < len(tokens):  # cut the token stream anywhere: a 0 split off, several clauses on a line
        k = draw(st.integers(1, max(1, len(tokens) - i)))
        lines.append(draw(sep).join(tokens[i:i + k]))
        if draw(st.integers(0, 4)) == 0:
            lines.append(draw(comment | st.just("")))
        i += k
    if draw(st.booleans()):
        lines += ["%", "0", ""]  # SATLIB's ending
    eol = draw(st.sampled_from(["\n", "\r\n"]))
    bom = draw(st.sampled_from(["", "\ufeff"]))
    return bom + eol.join(lines) + eol


SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))


def drawn_file(tmp_path_factory, data: st.DataObject) -> tuple[int, list[list[int]], Path]:
    """A random formula written in a random shape to ``in.cnf`` of a fresh folder."""
    n, clauses = data.draw(formulas())
    f = tmp_path_factory.mktemp("f") / "in.cnf"
    f.write_text(data.draw(dimacs_text(n, clauses)), newline="")
    return n, clauses, f


@SETTINGS
@given(st.data())
def test_counts_of_every_method_match_brute_force(tmp_path_factory, data: st.DataObject) -> None:
    n, clauses, f = drawn_file(tmp_path_factory, data)
    expected = solutions(n, clauses, shown_in(f.read_text()))
    method = data.draw(st.sampled_from(METHODS))
    code, out, err = call("count", str(f), "--json", "--method", method)
    assert code == 0, err
    assert json.loads(out)["count"] == expected, (method, n, clauses)
    k = data.draw(st.integers(0, 3))
    code, out, err = call("count", str(f), "--json", "--method", method, "--at-most", str(k))
    doc = json.loads(out)
    assert code == 0 and doc["more"] == (expected > k) and doc["count"] == (None if expected > k else expected)


@SETTINGS
@given(st.data())
def test_solve_and_check_match_brute_force(tmp_path_factory, data: st.DataObject) -> None:
    n, clauses, f = drawn_file(tmp_path_factory, data)
    tmp = f.parent
    solver = data.draw(st.sampled_from(["auto", *solver_names()]))
    code, out, err = call("solve", str(f), "--json", "--solver", solver, "-o", str(tmp / "sol.json"))
    assert code == 0, err
    doc = json.loads((tmp / "sol.json").read_text())
    if models(n, clauses):
        assert doc["status"] == "sat" and satisfies(doc["solution"], n, clauses), (solver, doc)
        assert call("check", str(f), str(tmp / "sol.json"))[0] == 0
    else:
        assert doc["status"] == "unsat", (solver, doc)


@SETTINGS
@given(st.data())
def test_import_and_export_keep_the_formula(tmp_path_factory, data: st.DataObject) -> None:
    n, clauses, f = drawn_file(tmp_path_factory, data)
    tmp = f.parent
    assert call("import", "dimacs", str(f), "-o", str(tmp / "in.json"))[0] == 0
    env = json.loads((tmp / "in.json").read_text())
    shown = shown_in(f.read_text())
    assert (env["problem"], env["variables"], env["clauses"]) == ("sat" if shown is None else "projected-sat",
                                                                 n, clauses)
    assert env.get("shown") == (None if shown is None else sorted(shown))
    assert call("export", str(tmp / "in.json"), "--to", "dimacs", "-o", str(tmp / "out.cnf"))[0] == 0
    nvars, back, _, _ = parse_dimacs((tmp / "out.cnf").read_text())
    assert (nvars, back) == (n, clauses)


@settings(max_examples=80, deadline=None)
@given(formulas(6), st.data())
def test_projected_counts_match_projected_enumeration(formula, data: st.DataObject) -> None:
    n, clauses = formula
    proj = data.draw(st.lists(st.integers(1, max(n, 1)), max_size=n)) if n else []
    expected = len({tuple(bits[v - 1] for v in proj) for bits in models(n, clauses)})
    assert count_ganak(n, clauses, proj) == expected
    assert count_enumeration(n, clauses, proj) == expected
    cnf = CNF()
    for i in range(1, n + 1):
        cnf.var(i)
    cnf.extend(clauses)
    cnf.project(proj)
    nvars, back, _, shown = parse_dimacs(cnf.to_dimacs())
    assert count_ganak(nvars, back, shown or []) == expected


# -- shapes with a known answer ------------------------------------------------------------------------
@pytest.mark.parametrize("text, expected", [
    ("p cnf 0 0\n", 1),
    ("p cnf 3 0\n", 8),
    ("p cnf 3 1\n1 1 -2 0\n", 6),
    ("p cnf 3 2\n1 -1 0\n2 3 0\n", 6),
    ("c p show 1 0\nc p show 2 0\nc ind 3 0\np cnf 3 1\n1 3 0\n", 4),  # projected onto 1, 2 (not 3)
    ("c ind 3 0\np cnf 3 1\n1 3 0\n", 2),  # 'c ind' alone projects
    ("c p show 0\np cnf 3 1\n1 3 0\n", 1),  # nothing shown: satisfiable, one solution
    ("c p show 0\np cnf 1 2\n1 0\n-1 0\n", 0),
    ("c problem sat\nc p show 1 0\np cnf 3 1\n1 3 0\n", 6),  # named a plain formula: every variable
    ("c p show 2 0\np cnf 2 1\n1 0\n", 2),  # a shown variable in no clause doubles the count
    ("p cnf 3 1\ne 1 0\na 2 3 0\n1 3 0\n", 1),  # QDIMACS where CNF is expected: read as qbf, and true
    ("c p weight 1 0.5 0\np cnf 2 1\n1 2 0\n", 3),  # a weight in a comment is a comment
    ("p cnf 2 1\n1 2 0\n%\n0\n\n", 3),
    ("p cnf 2 2\n1 2 0\n0\n", 0),  # an empty clause: no assignment satisfies it
    ("p cnf 0 1\n0\n", 0),
])
def test_shapes_with_known_counts(tmp_path: Path, text: str, expected: int) -> None:
    f = tmp_path / "in.cnf"
    f.write_text(text)
    for method in METHODS:
        code, out, err = call("count", str(f), "--json", "--method", method)
        assert code == 0 and json.loads(out)["count"] == expected, (method, err)


@pytest.mark.parametrize("text, fragment", [
    ("c problem 3sat\np cnf 2 2\n1 2 0\n0\n", "3sat: clause 2 has 0 literals"),  # sat reads it, 3sat does not
    ("p cnf 2 1\n1 3 0\n", "literal 3 exceeds"),
    ("p cnf 2 3\n1 2 0\n", "declares 3 clauses, found 1"),
    ("p cnf 2 1\n1 0\n2 0\n", "declares 1 clauses, found 2"),
    ("p cnf 2 1\n1 2", "not terminated"),
    ("c p show 1 2\np cnf 2 1\n1 2 0\n", "malformed projection"),
    ("c p show 3 0\np cnf 2 1\n1 2 0\n", "projection variable is out of range"),
    ("c ind 0 0\np cnf 2 1\n1 2 0\n", "projection variable is out of range"),
    ("p wcnf 2 1 9\n9 1 2 0\n", "header must be"),
    ("p cnf 2 1\nw 1 0.5\n1 2 0\n", "'w' is not an integer literal"),
    ("c problem 3sat\np cnf 4 1\n1 2 3 4 0\n", "3sat: clause 1 has 4 literals"),
    ("p cnf 2 1\n1 2 0\np cnf 2 1\n", "second 'p' header"),
    ("p cnf 2 2\n1 -0 2 0\n", "'-0' is not a literal"),  # was read as the two clauses 1 and 2
])
@pytest.mark.parametrize("command", [["count"], ["solve"], ["export", "--to", "dimacs"], ["import", "dimacs"]])
def test_refused_shapes_are_one_line(tmp_path: Path, text: str, fragment: str, command: list[str]) -> None:
    f = tmp_path / "in.cnf"
    f.write_text(text)
    out = tmp_path / "out"
    argv = [*command, str(f)] if command[0] == "import" else [command[0], str(f), *command[1:]]
    # --problem: without it a text no format claims is "neither a JSON instance nor a format any problem reads"
    code, _, err = call(*argv, "--problem", "3sat" if "problem 3sat" in text else "sat",
                        *(["-o", str(out)] if command[0] in ("export", "import") else []))
    assert code == 2 and fragment in err, err
    assert not out.exists()


@pytest.mark.parametrize("name", ["3-sat", "kurodoko"])
def test_a_problem_comment_naming_no_dimacs_problem_is_named(tmp_path: Path, name: str) -> None:
    """'c problem 3-sat' (a typo) was "neither a JSON instance nor a format any problem reads"."""
    f = tmp_path / "in.cnf"
    f.write_text(f"c problem {name}\np cnf 2 1\n1 2 0\n")
    code, _, err = call("count", str(f))
    assert code == 2 and f"names the problem '{name}', which does not read dimacs" in err, err


def test_gzip_files_are_refused_in_one_line(tmp_path: Path) -> None:
    import gzip

    f = tmp_path / "in.cnf.gz"
    f.write_bytes(gzip.compress(b"p cnf 2 1\n1 2 0\n"))
    code, _, err = call("count", str(f))
    assert code == 2 and "UTF-8" in err


# -- sizes ---------------------------------------------------------------------------------------------
def test_a_count_of_more_digits_than_python_prints_by_default(tmp_path: Path) -> None:
    """20000 declared variables, 3 used: 3 * 2^19997 models, 6021 digits (Python's default limit on
    turning an int into text is 4300 digits; pyganak and ``count`` crossed it)."""
    f = tmp_path / "wide.cnf"
    f.write_text("p cnf 20000 2\n1 2 0\n-3 0\n")
    code, out, err = call("count", str(f), "--json")
    assert code == 0, err
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        assert json.loads(out)["count"] == 3 * 2 ** 19997
    finally:
        sys.set_int_max_str_digits(limit)
    assert sys.get_int_max_str_digits() == limit


def test_a_million_declared_variables_are_counted_at_once() -> None:
    start = time.perf_counter()
    assert count_ganak(10 ** 6, [[1, 2], [-3]], None) == 3 * 2 ** 999997
    assert count_ganak(10 ** 6, [[1, 2], [-3]], [1, 3, 999_999]) == 2 * 2
    assert time.perf_counter() - start < 10  # Ganak given a million variables took 40 s


def test_a_hundred_thousand_clauses_are_read_and_solved_quickly(tmp_path: Path) -> None:
    import random

    rng = random.Random(1)
    n, m = 50_000, 100_000
    lines = [f"p cnf {n} {m}"] + [" ".join(str(v if rng.random() < 0.5 else -v) for v in rng.sample(range(1, n + 1), 3))
                                  + " 0" for _ in range(m)]
    f = tmp_path / "big.cnf"
    f.write_text("\n".join(lines) + "\n")
    start = time.perf_counter()
    code, out, err = call("solve", str(f), "-o", str(tmp_path / "sol.json"))
    assert code == 0 and json.loads((tmp_path / "sol.json").read_text())["status"] == "sat", err
    assert time.perf_counter() - start < 20  # 3 s here


def test_at_most_under_auto_enumerates_rather_than_counting_everything() -> None:
    """``count --at-most K`` decides past K in K + 1 SAT calls; Ganak counted all first (minutes on a
    random formula of 50000 variables whose count is astronomic)."""
    prob, inst = read_any("p cnf 40 1\n1 2 0\n")
    res = count(prob, inst, cap=1)
    assert (res.method, res.more, res.count) == ("enumeration", True, 2)
    assert count(prob, inst).method == "ganak"


# -- solvers ---------------------------------------------------------------------------------------------
def test_every_listed_solver_solves_formulas_without_clauses(tmp_path: Path) -> None:
    """PySAT names solvers it was built without (``cryptosat``, ``minisatgh``: an internal error), and
    MapleSAT crashes on an empty clause set: the list offers only solvers that run, and each decides
    a formula with no clauses."""
    f = tmp_path / "none.cnf"
    f.write_text("p cnf 2 0\n")
    names = solver_names()
    assert "cadical195" in names and "maplesat" in names
    for name in names:
        proc = subprocess.run([sys.executable, "-m", "gadgetry.cli", "solve", str(f), "--json", "--solver", name],
                              capture_output=True, text=True, timeout=120) if name == "maplesat" else None
        if proc is not None:  # a crash here would take pytest with it
            assert proc.returncode == 0 and json.loads(proc.stdout)["status"] == "sat", proc.stderr
            continue
        code, out, err = call("solve", str(f), "--json", "--solver", name)
        assert code == 0 and json.loads(out)["solution"] in ([-1, -2], [1, -2], [-1, 2], [1, 2]), (name, err)
    for name in ("cryptosat", "minisatgh", "nosuchsolver"):
        if name not in names:
            code, _, err = call("solve", str(f), "--solver", name)
            assert code == 2 and "unknown SAT solver" in err, err


def test_standard_input_reads_what_a_decompressor_writes(tmp_path: Path) -> None:
    """Compressed files are not read (one line, exit 2); piped through a decompressor into ``-`` they are."""
    import lzma

    packed = tmp_path / "in.cnf.xz"
    packed.write_bytes(lzma.compress(b"c problem 3sat\r\np cnf 3 1\r\n1 -2 0\r\n"))
    code, _, err = call("count", str(packed))
    assert code == 2 and "UTF-8" in err
    proc = subprocess.run([sys.executable, "-m", "gadgetry.cli", "count", "-", "--json"],
                          input=lzma.decompress(packed.read_bytes()), capture_output=True, timeout=120)
    assert proc.returncode == 0 and json.loads(proc.stdout)["count"] == 6, proc.stderr


# -- QDIMACS -------------------------------------------------------------------------------------------------
def qbf_true(blocks: list[tuple[str, list[int]]], n: int, clauses: list[list[int]]) -> bool:
    """The prenex formula evaluated by expanding every quantifier (free variables existential, outermost)."""
    bound = {v for _, vs in blocks for v in vs}
    order = [("e", v) for v in range(1, n + 1) if v not in bound] + [(q, v) for q, vs in blocks for v in vs]

    def value(i: int, true: frozenset) -> bool:
        if i == len(order):
            return all(any((lit > 0) == (abs(lit) in true) for lit in c) for c in clauses)
        q, v = order[i]
        branches = (value(i + 1, true), value(i + 1, true | {v}))
        return any(branches) if q == "e" else all(branches)
    return value(0, frozenset())


@SETTINGS
@given(formulas(4), st.data())
def test_qdimacs_counts_match_expansion(tmp_path_factory, formula, data: st.DataObject) -> None:
    n, clauses = formula
    order = data.draw(st.permutations(range(1, n + 1)))
    blocks: list[tuple[str, list[int]]] = []
    for v in order[:data.draw(st.integers(0, n))]:
        q = data.draw(st.sampled_from("ea"))
        if blocks and blocks[-1][0] == q and data.draw(st.booleans()):
            blocks[-1][1].append(v)
        else:
            blocks.append((q, [v]))  # two neighbouring lines of one quantifier are one block
    lines = ["c problem qbf", f"p cnf {n} {len(clauses)}", *(f"{q} {' '.join(map(str, vs))} 0" for q, vs in blocks),
             *(" ".join(map(str, c)) + " 0" for c in clauses)]
    f = tmp_path_factory.mktemp("q") / "in.qdimacs"
    f.write_text("\n".join(lines) + "\n")
    method = data.draw(st.sampled_from(METHODS))
    code, out, err = call("count", str(f), "--json", "--method", method)
    assert code == 0 and json.loads(out)["count"] == int(qbf_true(blocks, n, clauses)), (method, err, lines)
