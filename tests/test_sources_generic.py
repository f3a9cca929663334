"""Properties every registered source problem must have, checked against independent oracles:
same seed same bytes, JSON round trips, counts of the encoding (enumeration on hundreds of seeded
instances, Ganak on a quarter of them and on the rest in the slow run) equal to the problem's brute-force
enumerator (and any extra counter), generator modes
that hold what they promise, and an exhaustive NO-instance sweep of the smallest sizes."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from gadgetry.core import Generated, InputError, Problem
from gadgetry.core.envelope import dumps, instance_document, open_envelope, read_instance
from gadgetry.core.registry import problems
from gadgetry.verify.solve import count, solutions

SOURCES = sorted(problems())
SEEDS_PER_PROBLEM = 100  # x 2 modes (random, planted) = 200 instances per problem in the quick run
#: Ganak is compared with brute force on every GANAK_EVERY-th seed in the quick run (50 instances per
#: problem), on the rest in the slow run.
GANAK_EVERY = 4


def _small_params(prob) -> dict[str, int]:
    """The generator's defaults: small by design."""
    return prob.resolve_params({})


@pytest.mark.parametrize("name", SOURCES)
def test_same_seed_same_bytes(name: str) -> None:
    prob = problems()[name]
    for seed in range(5):
        a = prob.generate_seeded({}, seed).instance
        b = prob.generate_seeded({}, seed).instance
        assert dumps(instance_document(prob, a)) == dumps(instance_document(prob, b))


MODES = [(name, mode) for name in SOURCES for mode in ("unsat", "unique") if mode in problems()[name].modes]


@pytest.mark.parametrize("name,mode", MODES, ids=[f"{n}-{m}" for n, m in MODES])
def test_each_mode_works_with_no_parameters_given(name: str, mode: str) -> None:
    """``generate NAME --unsat`` (or ``--unique``) with nothing else finds an instance: the mode's own
    parameters fill in what is not given; the instance is what the mode promises, by the brute-force
    enumerator (independent of the encoding the generator's proof used)."""
    prob = problems()[name]
    inst = prob.generate_seeded({}, 0, mode).instance
    found = prob.count_brute_force(inst, stop=2)
    assert found == (0 if mode == "unsat" else 1), (name, mode, inst)


@pytest.mark.parametrize("name", SOURCES)
def test_json_round_trip(name: str) -> None:
    prob = problems()[name]
    for seed in range(10):
        inst = prob.generate_seeded({}, seed).instance
        doc = json.loads(dumps(instance_document(prob, inst)))
        pname, body = open_envelope(doc)
        assert pname == name
        assert read_instance(prob, body) == inst
        for sol in solutions(prob, inst, cap=5):
            back = prob.solution_from_json(inst, json.loads(json.dumps(prob.solution_to_json(inst, sol))))
            assert prob.check(inst, back)


def _counts_agree(name: str, ganak_seed: Callable[[int], bool], others: bool) -> None:
    """On the seeded instances, Ganak (on the seeds ``ganak_seed`` picks) and, with ``others``, the
    enumeration and every extra counter agree with the brute-force enumerator."""
    prob = problems()[name]
    modes = [None] + (["planted"] if "planted" in prob.modes else [])
    nonzero = 0
    for mode in modes:
        for seed in range(SEEDS_PER_PROBLEM):
            if not others and not ganak_seed(seed):
                continue
            gen = prob.generate_seeded({}, seed, mode)
            inst = gen.instance
            brute = count(prob, inst, "brute-force").count
            if ganak_seed(seed):
                assert count(prob, inst, "ganak").count == brute, (name, seed, mode)
            if others:
                assert count(prob, inst, "enumeration").count == brute, (name, seed, mode)
                for method in prob.extra_counters():
                    try:
                        assert count(prob, inst, method).count == brute, (name, method, seed, mode)
                    except InputError:
                        pass  # the extra counter declines this instance (e.g. directed graphs)
                if mode == "planted":
                    assert gen.planted is not None and prob.check(inst, gen.planted), (name, seed)
            nonzero += brute > 0
    assert nonzero > 0, f"{name}: no generated instance had a solution; the sample proves little"


@pytest.mark.parametrize("name", SOURCES)
def test_counts_agree_with_brute_force(name: str) -> None:
    """Every counter on every seed; Ganak (three quarters of this test's time when run on all) on every
    GANAK_EVERY-th seed, the others in the slow run."""
    _counts_agree(name, lambda seed: seed % GANAK_EVERY == 0, others=True)


@pytest.mark.slow
@pytest.mark.parametrize("name", SOURCES)
def test_ganak_agrees_with_brute_force_on_the_other_seeds(name: str) -> None:
    _counts_agree(name, lambda seed: seed % GANAK_EVERY != 0, others=False)


@pytest.mark.parametrize("name", [n for n in SOURCES if problems()[n].extra_solvers()])
def test_extra_solvers_decide_as_brute_force(name: str) -> None:
    """Every decision procedure besides SAT (the defaults of some problems) finds a solution the checker
    accepts exactly when the brute-force enumerator finds one (an InputError: outside its class)."""
    prob = problems()[name]
    modes = [None] + (["planted"] if "planted" in prob.modes else [])
    decided = 0
    for mode in modes:
        for seed in range(20):
            inst = prob.generate_seeded({}, seed, mode).instance
            every = prob.brute_force(inst)
            if every is None:  # no brute force for this instance: no oracle
                continue
            solvable = next(iter(every), None) is not None
            for method, solver in prob.extra_solvers().items():
                try:
                    found = solver(inst)
                except InputError:
                    continue
                decided += 1
                assert (found is not None) == solvable, (name, method, seed, mode)
                assert found is None or prob.check(inst, found), (name, method, seed, mode)
    assert decided, f"{name}: no extra solver took any generated instance"


@pytest.mark.parametrize("name", SOURCES)
def test_unsat_and_unique_modes(name: str) -> None:
    prob = problems()[name]
    for seed in range(3):
        if "unsat" in prob.modes:
            inst = prob.generate_seeded(prob.mode_params.get("unsat", {}), seed, "unsat").instance
            assert count(prob, inst, "brute-force").count == 0
        if "unique" in prob.modes:
            inst = prob.generate_seeded(prob.mode_params.get("unique", {}), seed, "unique").instance
            assert count(prob, inst, "brute-force").count == 1


def _exhaustive_sweep(name: str, limit: int | None) -> None:
    prob = problems()[name]
    if not prob.exhaustive_params:
        pytest.skip(f"{name} has no exhaustive mode")
    params = prob.resolve_params({}, exhaustive=True)
    seen = no = 0
    for inst in prob.exhaustive(params):
        prob.validate(inst)
        brute = count(prob, inst, "brute-force").count
        assert count(prob, inst, "ganak").count == brute, (name, inst)
        seen += 1
        no += brute == 0
        if limit is not None and seen >= limit:
            break
    assert no > 0, f"{name}: the exhaustive sweep ({seen} instances) met no NO instance"


@pytest.mark.parametrize("name", SOURCES)
def test_exhaustive_first_instances(name: str) -> None:
    """The first instances of the exhaustive sweep: Ganak equals brute force, NO instances included."""
    _exhaustive_sweep(name, 300)


@pytest.mark.slow
@pytest.mark.parametrize("name", SOURCES)
def test_exhaustive_whole_sweep(name: str) -> None:
    _exhaustive_sweep(name, None)


@pytest.mark.parametrize("name", SOURCES)
def test_out_of_range_parameters_rejected(name: str) -> None:
    prob = problems()[name]
    for p in prob.params:
        with pytest.raises(InputError):
            prob.resolve_params({p.name: str(p.high + 1)})
        with pytest.raises(InputError):
            prob.resolve_params({p.name: "not-a-number"})
    with pytest.raises(InputError):
        prob.resolve_params({"no-such-parameter": "1"})


# -- the generator mode loop, edge cases, structures, shrinking ---------------------------------------------
EDGE_SOURCES = [name for name in SOURCES if problems()[name].edge_cases]
SAT_FAMILY = ["sat", "3sat", "exact-3sat", "1in3sat", "positive-1in3sat", "positive-nae3sat",
              "planar-positive-1in3sat", "n3p-3sat-3-1n", "n3p-3sat-2p-e1n", "literal-matching-n3p-3sat-2p-e1n"]


def _weight(prob, inst) -> int:
    """JSON nodes plus the sum of the absolute values of the integers: every shrink move lowers it."""
    def walk(x) -> int:
        if isinstance(x, dict):
            return 1 + sum(walk(v) for v in x.values())
        if isinstance(x, list):
            return 1 + sum(walk(v) for v in x)
        return 1 + (abs(x) if isinstance(x, int) and not isinstance(x, bool) else 0)
    return walk(prob.instance_to_json(inst))


def test_every_source_family_has_edge_cases() -> None:
    from gadgetry.sources.sat import SAT_EDGE_CASES
    from gadgetry.sources.structures import GRAPH_EDGE_CASES, SET_EDGE_CASES
    for name in SAT_FAMILY:
        assert {"empty-formula", "one-variable", "two-variables", "single-occurrence"} <= set(
            problems()[name].edge_cases), name
    # CNF allows every structure: sat and 3sat must produce tautologies, repeated literals, short clauses;
    # sat also the empty clause.
    assert problems()["3sat"].edge_cases == SAT_EDGE_CASES
    assert problems()["sat"].edge_cases == (*SAT_EDGE_CASES, "empty-clause")
    assert {"unit-clause", "binary-clause", "negative-only"} <= set(problems()["1in3sat"].edge_cases)
    for name in ("x3c", "interval-pair-cover"):
        assert problems()[name].edge_cases == SET_EDGE_CASES
    assert set(problems()["3dm"].edge_cases) == set(SET_EDGE_CASES) - {"repeated-set"}  # triples form a set
    for name in ("hamiltonian-cycle", "hamiltonian-path", "geography"):
        assert problems()[name].edge_cases == GRAPH_EDGE_CASES
    assert {"two-vertices", "pendant-vertex", "bridge", "disconnected"} <= set(problems()["euler-circuit"].edge_cases)
    assert {"repeated-values", "target-equals-sum", "half-sum", "carry"} <= set(problems()["subset-sum"].edge_cases)


@pytest.mark.parametrize("name", EDGE_SOURCES)
def test_edge_cases_validate_and_show_their_structure(name: str) -> None:
    prob = problems()[name]
    for edge in prob.edge_cases:
        seen = set()
        for seed in range(6):
            gen = prob.generate_seeded({}, seed, edge)
            prob.validate(gen.instance)
            assert edge in prob.structures(gen.instance), (name, edge, seed, gen.instance)
            seen.add(dumps(instance_document(prob, gen.instance)))
        assert len(seen) > 1 or edge in ("one-vertex", "empty-formula", "no-sets", "smallest-universe",
                                         "one-variable", "two-variables", "two-vertices"), (name, edge)


def test_structures_against_hand_made_instances() -> None:
    from gadgetry.sources.sat import Formula
    from gadgetry.sources.subsetsum import SubsetSumInstance
    from gadgetry.sources.x3c import X3CInstance
    sat = problems()["sat"]
    assert sat.structures(Formula(3, ((1, 1, 2), (1, -1, 3)))) == {"repeated-literal", "tautology",
                                                                   "single-occurrence"}
    assert sat.structures(Formula(2, ((-1,), (-1, 2), (2,)))) == {"unit-clause", "binary-clause",
                                                                "negative-only", "two-variables"}
    assert sat.structures(Formula(1, ())) == {"empty-formula", "unused-variable", "one-variable"}
    ss = problems()["subset-sum"]
    assert ss.structures(SubsetSumInstance((3, 5, 2), 5)) == {"half-sum"}
    assert ss.structures(SubsetSumInstance((1, 1), 2)) == {"repeated-values", "target-equals-sum", "carry"}
    assert problems()["x3c"].structures(X3CInstance(6, ((0, 1, 2), (0, 1, 2), (0, 3, 4)))) == {
        "repeated-set", "uncovered-element", "popular-element"}
    ham = problems()["hamiltonian-cycle"]
    from gadgetry.sources.hamiltonicity import make_instance
    assert ham.structures(make_instance(4, [(0, 1), (1, 2), (2, 0), (2, 3)])) == {"pendant-vertex", "bridge"}
    assert ham.structures(make_instance(4, [(0, 1), (2, 3)])) == {"pendant-vertex", "bridge", "disconnected"}
    assert ham.structures(make_instance(3, [(0, 1), (1, 0), (1, 2), (2, 0)], directed=True)) == {
        "antiparallel-arcs"}


@pytest.mark.parametrize("name", EDGE_SOURCES)
def test_exhaustive_sets_cover_every_edge_case(name: str) -> None:
    """The default exhaustive enumeration shows every edge case (Hamiltonicity's antiparallel arcs need
    its digraph sweep, directed=1)."""
    prob = problems()[name]
    seen: set[str] = set()
    for given in ({}, {"directed": 1}) if "antiparallel-arcs" in prob.edge_cases and name != "geography" else ({},):
        for inst in prob.exhaustive(prob.resolve_params(given, exhaustive=True)):
            seen |= prob.structures(inst)
    assert set(prob.edge_cases) <= seen, (name, set(prob.edge_cases) - seen)


@pytest.mark.parametrize("name", EDGE_SOURCES)
def test_shrink_candidates_validate_and_are_smaller(name: str) -> None:
    prob = problems()[name]
    insts = [prob.generate_seeded({}, seed).instance for seed in range(6)]
    insts += [prob.generate_seeded({}, 0, edge).instance for edge in prob.edge_cases]
    for inst in insts:
        before = _weight(prob, inst)
        cands = list(prob.shrink(inst))
        assert cands or before < 12, (name, inst)
        for cand in cands:
            prob.validate(cand)
            assert _weight(prob, cand) < before, (name, inst, cand)


def _reaches(prob, start, goal, depth: int) -> bool:
    frontier, seen = [start], {start}
    for _ in range(depth):
        frontier = [c for x in frontier for c in prob.shrink(x) if c not in seen and not seen.add(c)]
        if goal in frontier:
            return True
    return False


def test_shrink_reaches_minimal_counterexamples() -> None:
    from gadgetry.sources.hamiltonicity import make_instance
    from gadgetry.sources.sat import Formula
    from gadgetry.sources.subsetsum import SubsetSumInstance
    assert _reaches(problems()["subset-sum"], SubsetSumInstance((3, 5, 2), 5), SubsetSumInstance((1, 1), 1), 4)
    k4 = [(u, v) for u in range(4) for v in range(u + 1, 4)]
    big = make_instance(7, k4 + [(3, 4), (4, 5), (5, 6), (6, 0), (1, 5)])
    assert _reaches(problems()["hamiltonian-cycle"], big, make_instance(4, k4), 3)
    # SAT: a literal deleted, an unused variable dropped and the variables above it renumbered
    sat = problems()["sat"]
    cands = set(sat.shrink(Formula(3, ((1, 3, -3), (-3,)))))
    assert Formula(2, ((1, 2, -2), (-2,))) in cands
    assert Formula(3, ((1, 3), (-3,))) in cands


class _Coin(Problem):
    """A toy problem for the mode loop: an instance is a number k in 0..3 with k solutions."""

    name = "coin"
    modes = ("planted", "unsat", "unique")
    draws = 0

    def validate(self, k): ...
    def check(self, k, s): ...
    def encode(self, k): ...
    def instance_to_json(self, k): return {"k": k}
    def instance_from_json(self, d): return d["k"]
    def is_unsat(self, k): return k == 0
    def is_unique(self, k): return k == 1

    def draw(self, params, rng):
        self.draws += 1
        return None if rng.random() < 0.5 else Generated(rng.randrange(params["low"], 4))

    def draw_planted(self, params, rng):
        self.draws += 1
        return Generated(1 + rng.randrange(params["top"]), planted="a")


def test_generate_mode_loop() -> None:
    import random
    coin = _Coin()
    params = {"low": 0, "top": 3}
    for seed in range(20):
        assert coin.generate(params, random.Random(seed), "unsat").instance == 0
        assert coin.generate(params, random.Random(seed), "unique").instance == 1
        assert coin.generate(params, random.Random(seed), "planted").planted == "a"
        assert coin.generate(params, random.Random(seed)).instance in range(4)  # None draws are redrawn
    coin.draws = 0
    with pytest.raises(InputError, match=r"^coin: no unsatisfiable instance found in 300 draws; try other"):
        coin.generate({"low": 1, "top": 3}, random.Random(0), "unsat")
    assert coin.draws == coin.attempts == 300
    with pytest.raises(InputError, match="not offered"):
        coin.generate(params, random.Random(0), "sideways")


@pytest.mark.parametrize("name", [n for n in SOURCES if {"unsat", "unique"} & set(problems()[n].modes)])
def test_unsat_and_unique_modes_against_brute_force_small(name: str) -> None:
    """The loop's proofs (SAT refutation, capped enumeration) agree with brute force on small sizes."""
    prob = problems()[name]
    if prob.brute_force(prob.generate_seeded({}, 0).instance) is None:
        pytest.skip(f"{name} has no brute-force oracle")
    for mode in ("unsat", "unique"):
        if mode not in prob.modes:
            continue
        for seed in range(3, 8):
            inst = prob.generate_seeded(prob.mode_params.get(mode, {}), seed, mode).instance
            assert sum(1 for _ in prob.brute_force(inst)) == (0 if mode == "unsat" else 1), (name, mode, seed)


def test_cli_generate_edge(capsys) -> None:
    from gadgetry.cli import main
    assert main(["generate", "3sat", "--edge", "tautology", "--seed", "2"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["meta"]["mode"] == "tautology"
    assert any(-lit in c for c in doc["clauses"] for lit in c)
    assert main(["generate", "1in3sat", "--edge", "tautology"]) == 2
    assert "not offered" in capsys.readouterr().err
