"""Guard: generated bad inputs and bad flag values thrown at every command.

Whatever the input, a command exits 0, 1, 2 or 3, prints no traceback, and on exit 2 writes exactly one
line to stderr. Inputs are random mutations of valid files of every problem and every format, and the
hostile shapes of issue 18 (huge and Unicode digits, deep nesting, byte-order marks, tiny files declaring
huge sizes, a directory). Flags get non-finite, out-of-range and malformed values; the expected refusal
is decided independently of the parser (``_flag_is_valid``). Commands run in-process through
``main(argv)``; the pipe cases run as subprocesses. The quick run keeps to a few hundred examples; the
``slow`` versions run many more.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from gadgetry.cli import main
from gadgetry.core import InputError
from gadgetry.core.bundle import bundle_document, bundle_of
from gadgetry.core.envelope import dumps, instance_document, solution_document
from gadgetry.core.registry import problems, reduction, reductions

TESTS = Path(__file__).parent
EXITS = {0, 1, 2, 3}


def call(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def assert_contract(argv: list[str], code: int, err: str) -> None:
    assert code in EXITS, (argv, code, err)
    assert "Traceback" not in err, (argv, err)
    if code == 2:
        assert len(err.strip().splitlines()) == 1, (argv, err)


# -- valid files of every problem and format --------------------------------------------------------
@functools.cache
def samples() -> list[tuple[str, str, str, str | None]]:
    """``(problem, label, text, solution text)``: each problem's JSON instance and its text in every format
    that can hold it, with a solution document when the instance has one."""
    out = []
    for name, prob in sorted(problems().items()):
        inst = prob.generate_seeded({}, 1).instance
        sol = next(iter(prob.brute_force(inst) or ()), None) if name != "witness" else None
        sol_text = dumps(solution_document(prob, inst, sol)) if sol is not None else None
        out.append((name, "json", dumps(instance_document(prob, inst)), sol_text))
        for fname, fmt in sorted(prob.formats().items()):
            try:
                out.append((name, fname, fmt.write(inst), sol_text))
            except InputError:
                continue
    out.append(("pips", "nyt-pips-daily", (TESTS / "data" / "pips" / "daily.json").read_text(), None))
    return out


#: Pieces a mutation inserts: the shapes issue 18 lists, and the characters formats are made of.
HOSTILE = ["\u00b2", "\u0663", "-", "0", "\x00", "\ufeff", "NaN", "Infinity", "1e999", "[", "]", "{", "}", '"',
           ",", ":", "\n", " ", "p cnf 3 1\n", "p cnf 1000000000000 1\n", "c problem 3sat\n", "-1", "99",
           "null", "true", "\u00e9", "9" * 5000, "[" * 3000, "#", ".", "=", "%"]


#: Values a structured mutation puts in place of a JSON value.
JSON_VALUES = st.one_of(st.integers(-3, 40), st.sampled_from([-1, 0, 10**12, 10**30, None, True, False, "", "x",
                                                             [], {}, [[1]], [0, 0], 1.5, -0.0]))


@st.composite
def json_mutated(draw: st.DrawFn, text: str) -> str | None:
    """A JSON text with one value replaced or one key or item removed (None for a text that is not JSON)."""
    try:
        doc = json.loads(text)
    except ValueError:
        return None
    parent, key = None, None
    node = doc
    for _ in range(draw(st.integers(0, 6))):
        keys = (sorted(k for k in node if k not in ("problem", "version")) if isinstance(node, dict)
                else range(len(node)) if isinstance(node, list) else [])
        if not keys:
            break
        parent, key = node, draw(st.sampled_from(list(keys)))
        node = parent[key]
    if parent is None:
        return None
    if draw(st.booleans()):
        parent[key] = draw(JSON_VALUES)
    elif isinstance(parent, dict):
        del parent[key]
    else:
        parent.pop(key)
    return json.dumps(doc)


@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    if draw(st.booleans()):
        structured = draw(json_mutated(text))
        if structured is not None:
            return structured
    for _ in range(draw(st.integers(1, 3))):
        n = len(text)
        i = draw(st.integers(0, n))
        op = draw(st.sampled_from(["delete", "insert", "replace", "duplicate", "truncate", "swap-lines"]))
        if op == "delete":
            text = text[:i] + text[i + draw(st.integers(1, 12)):]
        elif op == "insert":
            text = text[:i] + draw(st.sampled_from(HOSTILE) | st.text(max_size=3)) + text[i:]
        elif op == "replace" and i < n:
            text = text[:i] + draw(st.characters()) + text[i + 1:]
        elif op == "duplicate":
            text = text[:i] + text[i:i + draw(st.integers(1, 3))] + text[i:]
        elif op == "truncate":
            text = text[:i]
        elif op == "swap-lines":
            lines = text.splitlines(keepends=True)
            if len(lines) > 1:
                j, k = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
                lines[j], lines[k] = lines[k], lines[j]
                text = "".join(lines)
    return text


#: Whole files of the shapes issue 18 found crashing or misread.
HOSTILE_FILES = [
    "", "\ufeff", "p cnf \u00b2 1\n1 0\n", "p cnf 1000000000000 1\n1 0\n", "p cnf 1 1\n" + "1" * 5000 + " 0\n",
    "[" * 100_000 + "]" * 100_000, '{"problem": "sat", "version": 1, "variables": ' + "1" * 5000 + ', "clauses": []}',
    '{"problem": "sat", "version": 1, "variables": 1000000000000, "clauses": []}',
    '{"problem": "3sat", "version": 1, "variables": 1e999, "clauses": []}', "pfl-aeu-cdt-sni 2\n",
    "clv-dki-jta-ero 2\n", "{}", "[]", "null", '{"problem": null}', '{"problem": "pips", "version": true}',
    "\x00\x01\x02", "c\n", "p\n", "%\n", "1 0\n",
]


def commands_for(problem: str, path: str, solution: str | None, data: st.DataObject) -> list[list[str]]:
    """The commands that read an instance file, with arguments drawn to fit the instance's problem."""
    fmts = sorted(problems()[problem].formats()) or ["dimacs"]
    reds = sorted(r.name for r in reductions().values() if r.source == problem) or ["1in3sat-from-3sat"]
    extra = data.draw(st.sampled_from([[], ["--difficulty", "easy"], ["--problem", problem]]))
    names = sorted(problems())
    solvers = sorted(problems()[problem].extra_solvers()) or ["theorem-7"]
    via = data.draw(st.lists(st.sampled_from([*names, *reds, "", "x"]), min_size=1, max_size=3))
    cmds = [["solve", path, "--timeout", "5", *extra], ["count", path, "--timeout", "5", *extra],
            ["export", path, "--to", data.draw(st.sampled_from(fmts)), *extra], ["render", path, *extra],
            ["reduce", data.draw(st.sampled_from(reds)), path, *extra],
            ["reduce", "--to", data.draw(st.sampled_from(names)), path, "--timeout", "5", *extra],
            ["reduce", "--via", ",".join(via), path, "--timeout", "5", *extra],
            ["path", problem, data.draw(st.sampled_from(names)), "--all", "--for", path, "--timeout", "5", *extra],
            ["solve", path, "--solver", data.draw(st.sampled_from(solvers)), "--timeout", "5", *extra],
            ["lift", path, solution or path],
            ["import", data.draw(st.sampled_from(fmts)), path, *extra]]
    if solution is not None:
        cmds.append(["check", path, solution])
    return cmds


def exercise(tmp: Path, problem: str, text: str, solution: str | None, data: st.DataObject) -> None:
    path = tmp / "input"
    path.write_bytes(text.encode("utf-8", errors="surrogatepass"))
    sol_path = None
    if solution is not None:
        sol_path = tmp / "solution.json"
        sol_path.write_text(solution)
    cmd = data.draw(st.sampled_from(commands_for(problem, str(path), sol_path and str(sol_path), data)))
    out, bundle = tmp / "out", tmp / "bundle"
    if cmd[0] in ("export", "render", "reduce", "import", "lift") and data.draw(st.booleans()):
        cmd = [*cmd, "-o", str(out)]
    if cmd[0] == "reduce" and data.draw(st.booleans()):
        cmd = [*cmd, "--bundle", str(bundle)]
    code, _, err = call(cmd)
    assert_contract(cmd, code, err)
    if code != 0:
        assert not out.exists() and not bundle.exists(), (cmd, "a failed command left its output")
    assert sorted(p.name for p in tmp.iterdir() if p.name.startswith(".")) == [], "a temporary file was left"


def _mutation_test(examples: int):
    @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.data())
    def check(tmp_path_factory, data: st.DataObject) -> None:
        problem, _label, text, solution = data.draw(st.sampled_from(samples()), label="sample")
        text = data.draw(mutated(text), label="mutated")
        if data.draw(st.booleans()) and solution is not None:  # the solution mutated instead
            solution = data.draw(mutated(solution), label="mutated solution")
        exercise(tmp_path_factory.mktemp("m"), problem, text, solution, data)
    return check


test_mutated_files_of_every_format = _mutation_test(150)
test_mutated_files_of_every_format_slow = pytest.mark.slow(_mutation_test(3000))


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_hostile_files_at_every_command(tmp_path_factory, data: st.DataObject) -> None:
    problem = data.draw(st.sampled_from(sorted(problems())))
    text = data.draw(st.sampled_from(HOSTILE_FILES))
    exercise(tmp_path_factory.mktemp("h"), problem, text, None, data)


def test_the_unmutated_samples_are_read() -> None:
    """The samples themselves are valid: every one is solved (so the mutations start from real files)."""
    for problem, label, text, _sol in samples():
        argv = ["solve", "-", "--timeout", "60"] + (["--difficulty", "easy"] if label == "nyt-pips-daily" else [])
        stdin = sys.stdin
        sys.stdin = io.TextIOWrapper(io.BytesIO(text.encode()))
        try:
            code, out, err = call(argv)
        finally:
            sys.stdin = stdin
        assert code == 0 and out.split()[0] in ("sat", "unsat"), (problem, label, err)


@functools.cache
def bundle_sample() -> tuple[str, str]:
    """A chain bundle (3SAT to positive 1-in-3SAT) and a solution of its target, as texts."""
    src = problems()["3sat"].generate_seeded({"variables": 3, "clauses": 2}, 1, "planted").instance
    bundle = bundle_of(reduction("1in3sat-from-3sat,positive-1in3sat-from-1in3sat"), src)
    target = problems()["positive-1in3sat"]
    sol = next(iter(target.brute_force(bundle.instances[-1])))
    return dumps(bundle_document(bundle)), dumps(solution_document(target, bundle.instances[-1], sol))


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_lift_with_mutated_bundles_and_solutions(tmp_path_factory, data: st.DataObject) -> None:
    tmp = tmp_path_factory.mktemp("l")
    bundle, solution = bundle_sample()
    if data.draw(st.booleans()):
        bundle = data.draw(mutated(bundle), label="bundle")
    else:
        solution = data.draw(mutated(solution), label="solution")
    (tmp / "b").write_text(bundle, errors="surrogatepass")
    (tmp / "s").write_text(solution, errors="surrogatepass")
    argv = ["lift", str(tmp / "b"), str(tmp / "s"), "-o", str(tmp / "out")]
    code, _, err = call(argv)
    assert_contract(argv, code, err)
    assert (tmp / "out").exists() == (code == 0), (argv, err)


# -- parameters, names and databases ----------------------------------------------------------------
param_values = st.one_of(st.integers(-5, 40).map(str), st.sampled_from(["", "x", "\u00b2", "1e3", "nan", "9" * 5000,
                                                                        "1.5", "-0", " 3 "]), st.text(max_size=4))


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(sorted(problems())), st.lists(st.tuples(st.sampled_from(["variables", "clauses", "rows",
                                                                                 "cols", "n", "size", "x"])
                                                               | st.text(max_size=4), param_values), max_size=3))
def test_generate_with_bad_parameters(problem: str, params: list[tuple[str, str]]) -> None:
    argv = ["generate", problem, *(f"{k}={v}" for k, v in params), "-o", "/dev/null"]
    code, _, err = call(argv)
    assert_contract(argv, code, err)


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=12), st.text(max_size=12))
def test_path_with_any_names(source: str, target: str) -> None:
    argv = ["path", source, target]
    code, _, err = call(argv)
    assert_contract(argv, code, err)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.binary(max_size=200) | st.sampled_from([b"SQLite format 3\x00" + bytes(100), b""]))
def test_report_of_a_file_that_is_no_campaign(tmp_path_factory, data: bytes) -> None:
    db = tmp_path_factory.mktemp("r") / "db.sqlite"
    db.write_bytes(data)
    argv = ["report", str(db), "-o", str(db.with_suffix(".html"))]
    code, _, err = call(argv)
    assert_contract(argv, code, err)
    if code != 0:
        assert not db.with_suffix(".html").exists()


# -- flags -------------------------------------------------------------------------------------------
#: (argv before the flag, flag, kind, low, high, low excluded): each argv fails after parsing (exit 2,
#: no flag named) when the value is valid, so no real work is started.
FLAGS = [
    (["solve", "/no/such/file"], "--timeout", float, 0, 1e7, True),
    (["count", "/no/such/file"], "--timeout", float, 0, 1e7, True),
    (["generate", "no-such-problem"], "--seed", int, 0, 2**63 - 1, False),
    (["verify"], "--timeout", float, 0, 1e7, True),
    (["reduce", "--to", "x", "y", "/no/such/file"], "--timeout", float, 0, 1e7, True),
    (["lift", "/no/such/file", "/no/such/file"], "--timeout", float, 0, 1e7, True),
    (["path", "sat", "3sat", "--all", "--for", "/no/such/file"], "--seed", int, 0, 2**63 - 1, False),
    (["path", "sat", "3sat", "--all", "--for", "/no/such/file"], "--timeout", float, 0, 1e7, True),
    (["verify"], "--cap", int, 1, 10**9, False),
    (["verify"], "--instances", int, 0, 10**9, False),
    (["verify"], "--seed", int, 0, 2**63 - 1, False),
    (["campaign"], "--timeout", float, 0, 1e7, True),
    (["campaign"], "--budget", float, 0, 1e7, True),
    (["campaign"], "--growth", float, 1, 100, True),
    (["campaign"], "--memory", int, 16, 2**30, False),
    (["campaign"], "--workers", int, 1, 10**9, False),
    (["campaign"], "--per-level", int, 1, 10**9, False),
    (["campaign"], "--cap", int, 1, 10**9, False),
    (["campaign"], "--instances", int, 0, 10**9, False),
    (["mutate"], "--timeout", float, 0, 1e7, True),
    (["mutate"], "--budget", float, 0, 1e7, True),
    (["mutate"], "--mutants", int, 1, 10**9, False),
    (["mutate"], "--small", int, 0, 10**9, False),
    (["mutate"], "--cap", int, 1, 10**9, False),
    (["mutate"], "--memory", int, 16, 2**30, False),
    (["bench-family", "no-such-reduction", "-o", "/nonexistent/d", "--sizes", "3"], "--timeout", float, 0, 1e7, True),
    (["bench-family", "no-such-reduction", "-o", "/nonexistent/d", "--sizes", "3"], "--count-timeout", float, 0,
     1e7, True),
    (["bench-family", "no-such-reduction", "-o", "/nonexistent/d"], "--sizes", int, 1, 10**9, False),
]

flag_values = st.one_of(
    st.sampled_from(["nan", "NaN", "inf", "-inf", "Infinity", "1e400", "-1", "0", "0.0", "1", "2", "1.5", "",
                     " ", "x", "\u00b2", "\u0663", "1_0", "0x10", "9" * 5000, "1e-400", "-0", "+3", "2**8"]),
    st.integers(-10**12, 10**12).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.text(max_size=6),
)


def _flag_is_valid(text: str, kind: type, low: float, high: float, above: bool) -> bool:
    """An independent statement of the flags' rule: a Python literal of the kind, finite, in range."""
    try:
        value = kind(text)
    except (ValueError, OverflowError):
        return False
    if not math.isfinite(value):
        return False
    return (value > low if above else value >= low) and value <= high


def _flag_test(examples: int):
    @settings(max_examples=examples, deadline=None)
    @given(st.sampled_from(FLAGS), flag_values)
    def check(spec, value: str) -> None:
        prefix, flag, kind, low, high, above = spec
        assume(flag != "--sizes" or ("," not in value and value.strip()))
        argv = [*prefix, f"{flag}={value}"] if flag != "--sizes" else [*prefix, f"{flag}={value},4"]
        code, _, err = call(argv)
        assert_contract(argv, code, err)
        assert code == 2
        refused = f"argument {flag}" in err
        assert refused == (not _flag_is_valid(value, kind, low, high, above)), (argv, err)
    return check


test_bad_flag_values_are_refused = _flag_test(300)
test_bad_flag_values_are_refused_slow = pytest.mark.slow(_flag_test(5000))


# -- pipes -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["", "{not json", "p cnf \u00b2 1\n", "[" * 100_000, "\ufeffp cnf 1 1\n1 0\n"])
@pytest.mark.parametrize("source", ["-", "/dev/stdin", "substitution"])
def test_bad_input_through_pipes(tmp_path: Path, text: str, source: str) -> None:
    exe = Path(sys.executable).with_name("gadgetry")
    program = str(exe) if exe.exists() else f"{sys.executable} -m gadgetry.cli"
    (tmp_path / "in").write_text(text)
    if source == "substitution":
        proc = subprocess.run(["bash", "-c", f"{program} solve <(cat {tmp_path / 'in'})"], capture_output=True,
                              text=True, timeout=120)
    else:
        proc = subprocess.run([*program.split(), "solve", source], input=text, capture_output=True, text=True,
                              timeout=120)
    assert proc.returncode in EXITS and "Traceback" not in proc.stderr
    if text.startswith("\ufeff"):
        assert proc.returncode == 0 and proc.stdout.startswith("sat")
    else:
        assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
