"""Hypothesis fuzzing of the parsers: any text or JSON either parses or raises InputError, never another
exception; DIMACS and the JSON envelope round-trip."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from gadgetry.core import CNF, InputError, parse_dimacs
from gadgetry.core.envelope import dumps, instance_document, open_envelope, parse_json, read_any, read_instance
from gadgetry.core.registry import problems
from gadgetry.sources.sat import Formula

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=25,
)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_dimacs_parser_never_crashes(text: str) -> None:
    try:
        parse_dimacs(text)
    except InputError:
        pass


dimacs_lines = st.lists(
    st.one_of(st.just("p cnf 3 2"), st.just("c problem 3sat"), st.just("c p show 1 2 0"),
              st.lists(st.integers(-4, 4), max_size=4).map(lambda c: " ".join(map(str, c)) + " 0"),
              st.text(alphabet="0123456789- pcn%", max_size=12)),
    max_size=8)


@settings(max_examples=300, deadline=None)
@given(dimacs_lines, st.sampled_from([None, "sat", "3sat", "1in3sat", "positive-nae3sat"]))
def test_dimacs_reader_never_crashes(lines: list[str], name: str | None) -> None:
    try:
        read_any("\n".join(lines), "input", name, format_name="dimacs")
    except InputError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 6).flatmap(lambda n: st.tuples(
    st.just(n),
    st.lists(st.lists(st.integers(1, max(n, 1)).flatmap(lambda v: st.sampled_from([v, -v])), min_size=1,
                      max_size=5), max_size=6))))
def test_dimacs_round_trip(nc: tuple[int, list[list[int]]]) -> None:
    n, clauses = nc
    if n == 0:
        clauses = []
    prob = problems()["sat"]
    f = Formula(n, tuple(tuple(c) for c in clauses))
    assert prob.from_dimacs(prob.to_dimacs(f)) == f
    cnf = CNF()
    xs = [cnf.var(("x", i)) for i in range(1, n + 1)]
    cnf.extend(clauses)
    cnf.project(xs)
    nvars, back, _comments, proj = parse_dimacs(cnf.to_dimacs())
    assert nvars == cnf.nvars and back == [list(c) for c in clauses] and (proj or []) == xs


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(sorted(problems())), json_values)
def test_instance_reader_never_crashes(name: str, body) -> None:
    prob = problems()[name]
    try:
        read_instance(prob, body if isinstance(body, dict) else {"clauses": body})
    except InputError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_json_and_envelope_never_crash(text: str) -> None:
    try:
        open_envelope(parse_json(text))
    except InputError:
        pass


def test_envelope_round_trip_for_every_problem() -> None:
    for name, prob in problems().items():
        inst = prob.generate_seeded({}, 1).instance
        text = dumps(instance_document(prob, inst, {"seed": 1}))
        pname, body = open_envelope(json.loads(text))
        assert pname == name and read_instance(prob, body) == inst
