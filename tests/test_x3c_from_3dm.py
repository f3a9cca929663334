"""3DM to X3C by restriction: counts on both sides, certificate maps, overhead, the worked example."""

from __future__ import annotations

import random

import pytest

from gadgetry.core import PARSIMONIOUS
from gadgetry.core.sat import count_ganak, enumerate_projected
from gadgetry.reductions.x3c_from_3dm import REDUCTIONS, X3CFrom3DM
from gadgetry.sources.matching3d import Matching3D, Matching3DInstance
from gadgetry.sources.x3c import X3C

R = X3CFrom3DM()
SRC, TGT = Matching3D(), X3C()


def ganak(prob: Matching3D | X3C, inst: object) -> int:
    f = prob.encode(inst).cnf
    return count_ganak(f.nvars, f.clauses, f.projection)


def decoded(prob: Matching3D | X3C, inst: object) -> set[tuple[int, ...]]:
    enc = prob.encode(inst)
    return {enc.decode(lambda v, t=true: v in t)
            for true in enumerate_projected(enc.cnf.nvars, enc.cnf.clauses, enc.cnf.projection)}


def check_instance(src: Matching3DInstance, with_ganak: bool = True) -> int:
    """Run the whole protocol on one source instance; returns its solution count."""
    tgt = R.reduce(src)
    TGT.validate(tgt)
    assert R.reduce(src) == tgt
    assert R.overhead(src) == TGT.size(tgt)
    src_sols = set(SRC.brute_force(src))
    tgt_sols = set(TGT.brute_force(tgt))
    assert len(tgt_sols) == len(src_sols), src
    if with_ganak:
        assert ganak(SRC, src) == ganak(TGT, tgt) == len(src_sols), src
    forward = {R.forward(src, tgt, s) for s in src_sols}
    assert all(TGT.check(tgt, t) for t in forward)
    assert forward == tgt_sols
    # every target solution the encoding has maps back to a source solution, and all of them are hit
    back = {R.backward(src, tgt, t) for t in decoded(TGT, tgt)}
    assert all(SRC.check(src, s) for s in back)
    assert back == src_sols
    return len(src_sols)


def test_declaration() -> None:
    assert REDUCTIONS and isinstance(REDUCTIONS[0], X3CFrom3DM)
    assert (R.name, R.source, R.target) == ("x3c-from-3dm", "3dm", "x3c")
    assert R.claim == PARSIMONIOUS
    for params in R.verify_params:
        resolved = SRC.resolve_params({k: str(v) for k, v in params.items()})
        check_instance(SRC.generate(resolved, random.Random(0), "planted").instance)


def test_element_numbering() -> None:
    src = Matching3DInstance(3, ((0, 1, 2), (2, 0, 1)))
    assert R.reduce(src).sets == ((0, 4, 8), (2, 3, 7))
    assert R.reduce(src).elements == 9


def test_worked_example() -> None:
    src, sol = R.example()
    SRC.validate(src)
    assert SRC.check(src, sol)
    tgt = R.reduce(src)
    assert TGT.check(tgt, R.forward(src, tgt, sol))
    assert check_instance(src) == 2


@pytest.mark.parametrize("mode", [None, "planted", "unsat", "unique"])
@pytest.mark.parametrize("n,triples", [(2, 4), (3, 8), (4, 10)])
def test_parsimonious_on_generated_instances(mode: str | None, n: int, triples: int) -> None:
    total = 0
    for seed in range(30):
        gen = SRC.generate({"n": n, "triples": triples}, random.Random(seed), mode)
        total += check_instance(gen.instance)
    if mode in ("planted", "unique"):
        assert total >= 30


def test_parsimonious_on_every_small_instance() -> None:
    counts = {check_instance(src, with_ganak=False) for src in SRC.exhaustive({"n": 2, "triples": 4})}
    assert counts == {0, 1, 2}


def test_counts_with_ganak_on_dense_instances() -> None:
    # n = 3 with 15 of the 27 triples: several perfect matchings per instance
    seen = set()
    for seed in range(30):
        seen.add(check_instance(SRC.generate({"n": 3, "triples": 15}, random.Random(seed), None).instance))
    assert max(seen) > 2
