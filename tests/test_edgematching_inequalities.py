"""Section 2.2 of the edge-matching seed: N3P-3SAT-3-1N -> N3P-3SAT-2P-E1N -> literal-matching
N3P-3SAT-2P-E1N -> Interval-Pair Cover -> 1 x n <-compatible edge matching.

The source problems' class rules and generators; each step's verification (on 40 instances here, 200 in
tests/test_verify_all.py, 1000 in the slow run); and the exact count relation each step actually has (none is
c-monious): R1 keeps the source solutions with the eliminated variables true, R2's target solutions project
onto exactly the source solutions, R3 gives 2^k times the solutions with the k pure-negative variables false
(and the seed's literal backward map fails), R4's counts are multiples of 2^n."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gadgetry.core import InputError
from gadgetry.core.envelope import read_instance
from gadgetry.core.registry import problem, reduction, reductions
from gadgetry.reductions.interval_pair_cover_from_literal_matching_n3p_3sat_2p_e1n import expected_count
from gadgetry.reductions.n3p_3sat_2p_e1n_from_n3p_3sat_3_1n import eliminate
from gadgetry.sources.interval_pair_cover import IntervalPairCover
from gadgetry.sources.n3p_sat import is_literal_matching, shared_literal_graph
from gadgetry.sources.sat import Formula
from gadgetry.verify.protocol import PASS, Limits, check_instance, verify_reduction
from gadgetry.verify.solve import count, solve

SAT31 = problem("n3p-3sat-3-1n")
E1N = problem("n3p-3sat-2p-e1n")
LM = problem("literal-matching-n3p-3sat-2p-e1n")
IPC = problem("interval-pair-cover")
EM = problem("edge-matching")
R1 = reductions()["n3p-3sat-2p-e1n-from-n3p-3sat-3-1n"]
R2 = reductions()["literal-matching-n3p-3sat-2p-e1n-from-n3p-3sat-2p-e1n"]
R3 = reductions()["interval-pair-cover-from-literal-matching-n3p-3sat-2p-e1n"]
R4 = reductions()["edge-matching-lt-from-interval-pair-cover"]
STEPS = [R1, R2, R3, R4]
MINE = [SAT31, E1N, LM, IPC]


def _brute(prob, inst) -> set:
    return set(prob.brute_force(inst))


def _sample(prob, params: list[dict[str, int]], n: int) -> list:
    modes = [None, "planted", "unsat"]
    out = []
    for seed in range(n):
        p = params[seed % len(params)]
        mode = modes[seed % 3]
        if mode == "unsat":
            p = {**p, **prob.mode_params["unsat"]}
        out.append(prob.generate_seeded(p, seed, mode).instance)
    return out


# -- source problems ---------------------------------------------------------------------------------
@pytest.mark.parametrize("prob, formula, rule", [
    (E1N, Formula(3, ((1, 2, 3), (-1,), (-2,), (-3,))), "three positive"),
    (E1N, Formula(2, ((1, -2), (-1, -2))), "negatively 2 times"),
    (E1N, Formula(2, ((1, -2),)), "negatively 0 times"),
    (E1N, Formula(1, ((1,), (1,), (1,), (-1,))), "positively 3 times"),
    (E1N, Formula(2, ((1, -1, 2), (-2,))), "repeats a variable"),
    (LM, Formula(3, ((1, 2, -3), (1, 2), (-1, -2, 3))), "not a matching"),
    (SAT31, Formula(2, ((1, 2), (1, -2), (1,), (-1,))), "occurs 4 times"),
    (SAT31, Formula(1, ((-1,), (-1,))), "at most 1"),
])
def test_class_rules_rejected(prob, formula, rule) -> None:
    with pytest.raises(InputError, match=rule):
        prob.validate(formula)


def test_positive_short_clauses_are_allowed_and_make_instances_hard() -> None:
    """N3P read as "no all-positive 3-clause" (not as worded: docs/slips.md): positive 1- and 2-clauses
    occur, the all-false assignment fails on some instances, and unsatisfiable instances exist at the
    default size."""
    insts = [E1N.generate_seeded({}, s).instance for s in range(200)]
    assert sum(any(all(lit > 0 for lit in c) for c in f.clauses) for f in insts) > 150
    assert sum(not E1N.check(f, (False,) * f.variables) for f in insts) > 100
    counts = [count(E1N, f, "brute-force").count for f in insts]
    assert 0 in counts and max(counts) > 1


def test_shared_literal_graph_is_a_multigraph() -> None:
    example = R2.example()[0]
    assert shared_literal_graph(example) == [(0, 1, 1), (1, 2, 2), (3, 4, 4), (3, 4, 5)]
    assert not is_literal_matching(example)
    assert is_literal_matching(R2.reduce(example))


@pytest.mark.parametrize("prob", MINE, ids=lambda p: p.name)
def test_generators_stay_in_the_class_and_shrink_stays_valid(prob) -> None:
    for seed in range(60):
        mode = (None, "planted", "unique")[seed % 3]
        p = prob.mode_params["unique"] if mode == "unique" else {}
        gen = prob.generate_seeded(p, seed, mode)
        prob.validate(gen.instance)
        if mode:
            assert prob.check(gen.instance, gen.planted)
        for smaller in prob.shrink(gen.instance):
            prob.validate(smaller)
            assert smaller != gen.instance


@pytest.mark.parametrize("prob", MINE, ids=lambda p: p.name)
def test_encoding_counts_equal_brute_force(prob) -> None:
    params = ([{"variables": 4, "clauses": 4}, {"variables": 7, "clauses": 7}] if prob is not IPC
              else [{"universe": 4, "pairs": 4, "length": 1}, {"universe": 6, "pairs": 5, "length": 3}])
    counts = []
    for inst in _sample(prob, params, 60):
        brute = len(_brute(prob, inst))
        assert count(prob, inst, "ganak").count == brute
        assert count(prob, inst, "enumeration").count == brute
        counts.append(brute)
    assert 0 in counts and max(counts) > 1


@settings(max_examples=150, deadline=None)
@given(st.fixed_dictionaries({}, optional={
    "universe": st.one_of(st.integers(-2, 4), st.text(max_size=2), st.none()),
    "pairs": st.lists(st.lists(st.lists(st.integers(-1, 5), max_size=3), max_size=3), max_size=3),
    "variables": st.integers(-1, 4),
    "clauses": st.lists(st.lists(st.integers(-4, 4), max_size=4), max_size=4)}),
    st.sampled_from(MINE))
def test_malformed_json_raises_input_error(body, prob) -> None:
    try:
        inst = read_instance(prob, body)
    except InputError:
        return
    prob.validate(inst)


def test_out_of_range_params_raise_input_error() -> None:
    with pytest.raises(InputError):
        E1N.generate_seeded({"variables": 1, "clauses": 9}, 0)  # 1 variable fills at most 3 clauses
    with pytest.raises(InputError):
        IPC.generate_seeded({"universe": 9, "pairs": 2, "length": 2}, 0, "planted")
    with pytest.raises(InputError):
        IPC.resolve_params({"length": "0"})


# -- the reductions ------------------------------------------------------------------------------------
@pytest.mark.parametrize("red", STEPS, ids=lambda r: r.name)
def test_each_step_claims_no_relation_and_its_counts_vary(red) -> None:
    """No step is c-monious: its counts vary from source to source (each step's 200-instance verify is
    tests/test_verify_all.py's)."""
    rep = verify_reduction(red, instances=40, seed=5, limits=Limits(seconds=None))
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]
    assert any(r.source_count for r in rep.instances) and any(r.source_count == 0 for r in rep.instances)
    assert red.claim.kind == "none"
    # No constant ratio: the counts are not related by any c (hence no c-monious claim).
    assert len({r.relation for r in rep.instances if r.source_count}) > 1


def test_r1_keeps_the_solutions_with_eliminated_variables_true() -> None:
    seen = 0
    for src in itertools.islice(SAT31.exhaustive(SAT31.resolve_params({}, exhaustive=True)), 0, 2425, 5):
        tgt = R1.reduce(src)
        survivors, _ = eliminate(src)
        gone = set(range(1, src.variables + 1)) - set(survivors)
        want = {tuple(a[v - 1] for v in survivors) for a in _brute(SAT31, src) if all(a[v - 1] for v in gone)}
        assert _brute(E1N, tgt) == want
        seen += 1
    assert seen > 400


def test_r2_target_solutions_project_onto_the_source_solutions() -> None:
    for src in [R2.example()[0], *_sample(E1N, [{"variables": 6, "clauses": 6}, {"variables": 5, "clauses": 4}], 90)]:
        tgt = R2.reduce(src)
        LM.validate(tgt)
        n = src.variables
        sols = _brute(LM, tgt)
        assert {a[:n] for a in sols} == _brute(E1N, src)
        for a in sols:  # every helper clause is h -> x
            assert all(not a[-neg_h - 1] or a[x - 1] for neg_h, x in tgt.clauses[len(src.clauses):])


def test_r3_count_is_2_to_the_pure_negatives_times_restricted_solutions() -> None:
    srcs = [R3.example()[0], *_sample(LM, [{"variables": 6, "clauses": 6}, {"variables": 5, "clauses": 4}], 120)]
    srcs += list(itertools.islice(LM.exhaustive(LM.resolve_params({}, exhaustive=True)), 0, 563, 3))
    ratios = set()
    for src in srcs:
        tgt = R3.reduce(src)
        assert all(a == b and d - c in (0, 1) for (a, b), (c, d) in tgt.pairs)  # Theorem 2.5's restriction
        sat = _brute(LM, src)
        n_ipc = len(_brute(IPC, tgt))
        assert n_ipc == expected_count(src, sat)
        if sat:
            ratios.add(n_ipc / len(sat))
    assert len(ratios) > 3  # not parsimonious, not c-monious


def test_r3_literal_backward_map_of_the_seed_fails() -> None:
    """The seed sets x true whenever the second interval is chosen: wrong for (not x1) alone."""
    src = Formula(1, ((-1,),))
    tgt = R3.reduce(src)
    assert tgt == IntervalPairCover(1, (((1, 1), (1, 1)),))
    assert not LM.check(src, (True,))
    assert R3.backward(src, tgt, (1,)) == (False,)


def test_r4_decision_on_an_exhaustive_sweep_and_counts_divisible_by_copies() -> None:
    seen = no = 0
    for src in itertools.islice(IPC.exhaustive({"universe": 3, "pairs": 2}), 0, None, 3):
        tgt = R4.reduce(src)
        EM.validate(tgt)
        yes = solve(IPC, src).status == "sat"
        assert yes == (solve(EM, tgt).status == "sat"), src
        seen += 1
        no += not yes
    assert seen > 200 and no > 20
    for src in _sample(IPC, [{"universe": 2, "pairs": 2, "length": 2}, {"universe": 3, "pairs": 1, "length": 3}], 30):
        n_em = count(EM, R4.reduce(src), "transfer-matrix").count
        assert n_em % 2 ** src.universe == 0
        assert (n_em == 0) == (count(IPC, src, "brute-force").count == 0)


def test_everything_eliminated_gives_the_one_cell_board() -> None:
    """No variable occurs negatively: R1 empties the formula, R3 gives the empty universe, R4 the 1 x 1
    board (a board has a cell); one solution at every step."""
    chain = reduction(",".join(r.name for r in STEPS))
    src = Formula(2, ((1, 2),))
    assert [problem(r.target).size(y) for r, y in zip(STEPS, chain.intermediates(src)[1:])][2:] == [
        {"universe": 0, "pairs": 0}, {"rows": 1, "cols": 1, "tiles": 1, "colours": 1, "boundary": 0}]
    rep = check_instance(chain, src, Limits(seconds=None))
    assert rep.verdict == PASS and rep.source_count == 3 and rep.target_count == 1, rep


@pytest.mark.slow
@pytest.mark.parametrize("red", STEPS, ids=lambda r: r.name)
def test_verification_1000_instances(red) -> None:
    rep = verify_reduction(red, instances=1000, seed=11, limits=Limits(seconds=120))
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]


@pytest.mark.slow
def test_whole_chain_from_n3p_3sat_3_1n() -> None:
    """R1..R4 composed: the protocol on tiny formulas (Ganak slows down on 1 x n targets with many
    solutions), then decisions alone (SAT solver both sides) on larger ones, unsatisfiable included."""
    chain = reduction(",".join(r.name for r in STEPS))
    rep = verify_reduction(chain, instances=30, seed=2, params={"variables": "2", "clauses": "2"},
                           limits=Limits(seconds=300))
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]
    answers = []
    for src in _sample(SAT31, [{"variables": 4, "clauses": 4}, {"variables": 5, "clauses": 5}], 150):
        yes = solve(SAT31, src).status == "sat"
        assert yes == (solve(EM, chain.reduce(src)).status == "sat"), src
        answers.append(yes)
    assert any(answers) and not all(answers)
