"""Hamiltonian cycle and path: the CNF encoding's projected counts (Ganak and enumeration) against the
depth-first brute force and graphillion's ZDD counter, known values, the checker's rules, the
generator families and modes, exhaustive NO instances, JSON and validation."""

from __future__ import annotations

import itertools
import json
import math
import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gadgetry.core import InputError
from gadgetry.core.sat import count_enumeration, count_ganak, enumerate_projected, solve_clauses
from gadgetry.sources.hamiltonicity import (
    PROBLEMS,
    HamiltonianCycle,
    HamiltonianPath,
    HamInstance,
    Hamiltonicity,
    make_instance,
)

CYCLE, PATH = PROBLEMS
assert isinstance(CYCLE, HamiltonianCycle) and isinstance(PATH, HamiltonianPath)


# -- helpers ---------------------------------------------------------------------------------------
def complete(n: int, directed: bool = False) -> HamInstance:
    pairs = itertools.permutations(range(n), 2) if directed else itertools.combinations(range(n), 2)
    return make_instance(n, list(pairs), directed)


def grid(w: int, h: int) -> HamInstance:
    edges = [(y * w + x, y * w + x + 1) for y in range(h) for x in range(w - 1)]
    edges += [(y * w + x, (y + 1) * w + x) for y in range(h - 1) for x in range(w)]
    return make_instance(w * h, edges)


def cnf_counts(prob: Hamiltonicity, g: HamInstance, ganak: bool = True) -> tuple[int, ...]:
    cnf = prob.encode(g).cnf
    enum = count_enumeration(cnf.nvars, cnf.clauses, cnf.projection)
    return (enum, count_ganak(cnf.nvars, cnf.clauses, cnf.projection)) if ganak else (enum,)


def decoded_solutions(prob: Hamiltonicity, g: HamInstance) -> list[tuple[int, ...]]:
    """Every projected model of the encoding, completed by the solver and decoded."""
    enc = prob.encode(g)
    cnf = enc.cnf
    out = []
    for true in enumerate_projected(cnf.nvars, cnf.clauses, cnf.projection):
        model = solve_clauses(cnf.clauses, assumptions=[v if v in true else -v for v in cnf.projection])
        assert model is not None
        pos = {lit for lit in model if lit > 0}
        out.append(enc.decode(lambda v: v in pos))
    return out


def random_instance(rng: random.Random, prob: Hamiltonicity, n: int, directed: bool, sparse: bool,
                    ends: int) -> HamInstance:
    universe = (list(itertools.permutations(range(n), 2)) if directed
                else list(itertools.combinations(range(n), 2)))
    top = min(len(universe), n + n // 2 + 1) if sparse else len(universe)
    edges = rng.sample(universe, rng.randint(min(n - 1, top), top))
    start = end = None
    if prob is PATH and n >= 2:
        a, b = rng.sample(range(n), 2)
        start = a if ends in (1, 3) else None
        end = b if ends in (2, 3) else None
    g = make_instance(n, edges, directed, start, end)
    prob.validate(g)
    return g


KINDS = [(CYCLE, d, 0) for d in (False, True)] + [(PATH, d, e) for d in (False, True) for e in range(4)]
KIND_IDS = [f"{p.name}-{'dir' if d else 'undir'}-ends{e}" for p, d, e in KINDS]


# -- counts ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("prob", "directed", "ends"), KINDS, ids=KIND_IDS)
def test_counts_agree_on_random_graphs(prob: Hamiltonicity, directed: bool, ends: int) -> None:
    """Ganak, enumeration, brute force and graphillion agree; decoded models are exactly the brute-force
    solutions in normal form, and each passes the checker (about 40 graphs per kind, 400 in all)."""
    rng = random.Random(f"ham-{prob.name}-{directed}-{ends}")
    seen_positive = 0
    for i in range(40):
        sparse = i % 2 == 1
        g = random_instance(rng, prob, rng.randint(1, 7 if sparse else 5), directed, sparse, ends)
        brute = list(prob.brute_force(g))
        assert len(set(brute)) == len(brute)
        assert all(prob.check(g, t) for t in brute)
        assert all(t == prob.canonical(g, t) for t in brute)
        expected = len(brute)
        assert cnf_counts(prob, g) == (expected, expected), g
        assert prob.count_graphillion(g) == expected, g
        decoded = decoded_solutions(prob, g)
        assert sorted(decoded) == sorted(brute), g
        seen_positive += expected > 0
    assert seen_positive >= 5  # the sample is not all NO instances


@pytest.mark.slow
@pytest.mark.parametrize(("prob", "directed", "ends"), KINDS, ids=KIND_IDS)
def test_counts_agree_on_denser_graphs(prob: Hamiltonicity, directed: bool, ends: int) -> None:
    rng = random.Random(f"ham-slow-{prob.name}-{directed}-{ends}")
    for _ in range(30):
        g = random_instance(rng, prob, rng.randint(5, 6), directed, False, ends)
        expected = sum(1 for _ in prob.brute_force(g))
        assert cnf_counts(prob, g) == (expected, expected), g
        assert prob.count_graphillion(g) == expected, g


@pytest.mark.parametrize("n", range(1, 7))
def test_complete_graph_counts(n: int) -> None:
    """K_n: (n-1)!/2 Hamiltonian cycles for n >= 3 (none for n <= 2), n!/2 Hamiltonian paths for n >= 2;
    the complete digraph: (n-1)! directed cycles for n >= 2 (the 2-cycle on n = 2), n! directed paths."""
    g, d = complete(n), complete(n, True)
    cycles = math.factorial(n - 1) // 2 if n >= 3 else 0
    paths = math.factorial(n) // 2 if n >= 2 else 1
    dcycles = math.factorial(n - 1) if n >= 2 else 0
    dpaths = math.factorial(n)
    for prob, inst, want in ((CYCLE, g, cycles), (PATH, g, paths), (CYCLE, d, dcycles), (PATH, d, dpaths)):
        ganak = n <= 5
        assert cnf_counts(prob, inst, ganak) == ((want, want) if ganak else (want,)), (prob.name, inst)
        assert sum(1 for _ in prob.brute_force(inst)) == want
        assert prob.count_graphillion(inst) == want


@pytest.mark.slow
def test_complete_graph_counts_seven() -> None:
    assert cnf_counts(CYCLE, complete(7)) == (360, 360)
    assert cnf_counts(PATH, complete(7)) == (2520, 2520)
    assert cnf_counts(CYCLE, complete(6, True)) == (120, 120)


def test_fixed_end_counts_on_complete_graphs() -> None:
    """K_n has (n-2)! Hamiltonian paths between two given vertices and (n-1)! from a given vertex."""
    for n in range(2, 6):
        for start, end, want in ((0, n - 1, math.factorial(n - 2)), (0, None, math.factorial(n - 1)),
                                 (None, 1, math.factorial(n - 1))):
            for directed in (False, True):
                g = make_instance(n, complete(n, directed).edges, directed, start, end)
                assert cnf_counts(PATH, g) == (want, want)
                assert PATH.count_graphillion(g) == want


def test_grid_graph_counts() -> None:
    """The 4 x 4 grid graph has 6 Hamiltonian cycles; odd grids (bipartite, unbalanced) have none."""
    assert cnf_counts(CYCLE, grid(4, 4)) == (6, 6)
    assert CYCLE.count_graphillion(grid(4, 4)) == 6
    assert sum(1 for _ in CYCLE.brute_force(grid(4, 4))) == 6
    assert cnf_counts(CYCLE, grid(3, 3)) == (0, 0)
    assert cnf_counts(CYCLE, grid(2, 5)) == (1, 1)


def test_small_edge_cases() -> None:
    """n = 1: no cycle, one path; n = 2: no undirected cycle, one directed 2-cycle, one path per direction."""
    one = HamInstance(1, ())
    assert cnf_counts(CYCLE, one) == (0, 0) and CYCLE.count_graphillion(one) == 0
    assert cnf_counts(PATH, one) == (1, 1) and PATH.count_graphillion(one) == 1
    assert list(PATH.brute_force(HamInstance(1, (), False, 0, 0))) == [(0,)]
    assert cnf_counts(PATH, HamInstance(1, (), True, 0, 0)) == (1, 1)
    k2 = HamInstance(2, ((0, 1),))
    assert cnf_counts(CYCLE, k2) == (0, 0) and list(CYCLE.brute_force(k2)) == []
    assert CYCLE.check(k2, (0, 1)).rule == "degenerate-cycle"
    assert cnf_counts(PATH, k2) == (1, 1) and list(PATH.brute_force(k2)) == [(0, 1)]
    two = HamInstance(2, ((0, 1), (1, 0)), True)
    assert cnf_counts(CYCLE, two) == (1, 1) and list(CYCLE.brute_force(two)) == [(0, 1)]
    assert CYCLE.count_graphillion(two) == 1
    assert cnf_counts(PATH, two) == (2, 2)
    half = HamInstance(2, ((1, 0),), True)
    assert cnf_counts(CYCLE, half) == (0, 0) and list(PATH.brute_force(half)) == [(1, 0)]
    isolated = make_instance(4, [(0, 1), (1, 2), (0, 2)])
    assert CYCLE.count_graphillion(isolated) == PATH.count_graphillion(isolated) == 0


# -- exhaustive NO instances -------------------------------------------------------------------------
def _exhaustive_agree(prob: Hamiltonicity, params: dict[str, int]) -> int:
    count = 0
    for g in prob.exhaustive(params):
        prob.validate(g)
        cnf = prob.encode(g).cnf
        brute = sum(1 for _ in prob.brute_force(g))
        assert (solve_clauses(cnf.clauses) is not None) == (brute > 0), g
        assert count_enumeration(cnf.nvars, cnf.clauses, cnf.projection) == brute, g
        count += 1
    return count


def test_exhaustive_small() -> None:
    """Every graph on up to 4 vertices (digraphs up to 3), every choice of fixed path ends."""
    assert _exhaustive_agree(CYCLE, {"n": 4, "directed": 0}) == 1 + 2 + 8 + 64
    assert _exhaustive_agree(CYCLE, {"n": 3, "directed": 1}) == 1 + 4 + 64
    assert _exhaustive_agree(PATH, {"n": 4, "directed": 0, "ends": 2}) == 1 * 4 + 2 * 7 + 8 * 13 + 64 * 21
    assert _exhaustive_agree(PATH, {"n": 3, "directed": 1, "ends": 1}) == 1 * 3 + 4 * 5 + 64 * 7


@pytest.mark.slow
def test_exhaustive_larger() -> None:
    assert _exhaustive_agree(CYCLE, {"n": 5, "directed": 0}) == 1 + 2 + 8 + 64 + 1024
    assert _exhaustive_agree(CYCLE, {"n": 4, "directed": 1}) == 1 + 4 + 64 + 4096
    assert _exhaustive_agree(PATH, {"n": 5, "directed": 0, "ends": 1}) > 1024
    assert _exhaustive_agree(PATH, {"n": 4, "directed": 1, "ends": 1}) > 4096


def test_exhaustive_graphillion_agrees() -> None:
    for g in CYCLE.exhaustive({"n": 4, "directed": 0}):
        assert CYCLE.count_graphillion(g) == sum(1 for _ in CYCLE.brute_force(g)), g
    for g in PATH.exhaustive({"n": 3, "directed": 1, "ends": 2}):
        assert PATH.count_graphillion(g) == sum(1 for _ in PATH.brute_force(g)), g


# -- the checker -------------------------------------------------------------------------------------
def test_check_names_failing_rules() -> None:
    square = make_instance(4, [(0, 1), (1, 2), (2, 3), (0, 3)])
    assert CYCLE.check(square, (0, 1, 2, 3))
    assert CYCLE.check(square, (2, 1, 0, 3))  # a rotation of the reversal: the same cycle
    assert CYCLE.check(square, (0, 2, 1, 3)).rule == "missing-edge"
    assert CYCLE.check(square, (0, 1, 2, 1)).rule == "revisits-vertex"
    assert CYCLE.check(square, (0, 1, 2)).rule == "not-hamiltonian"
    assert CYCLE.check(square, (0, 1, 2, 7)).rule == "vertex-out-of-range"
    assert CYCLE.check(make_instance(4, [(0, 1), (1, 2), (2, 3)]), (0, 1, 2, 3)).rule == "missing-edge"
    arcs = make_instance(3, [(0, 1), (1, 2), (2, 0)], directed=True)
    assert CYCLE.check(arcs, (1, 2, 0))
    assert CYCLE.check(arcs, (0, 2, 1)).rule == "missing-edge"
    line = make_instance(3, [(0, 1), (1, 2)], start=0, end=2)
    assert PATH.check(line, (0, 1, 2)) and PATH.check(line, (2, 1, 0))
    assert PATH.check(make_instance(3, line.edges, start=1), (0, 1, 2)).rule == "wrong-endpoints"
    assert PATH.check(make_instance(3, line.edges, end=0), (0, 1, 2))
    darc = make_instance(3, [(0, 1), (1, 2), (2, 1), (1, 0)], directed=True, start=0, end=2)
    assert PATH.check(darc, (0, 1, 2))
    assert PATH.check(darc, (2, 1, 0)).rule == "wrong-endpoints"
    assert PATH.check(make_instance(3, darc.edges, True, end=1), (0, 1, 2)).rule == "wrong-endpoints"


def test_solution_json_is_the_normal_form() -> None:
    square = make_instance(4, [(0, 1), (1, 2), (2, 3), (0, 3)])
    assert CYCLE.solution_to_json(square, (2, 1, 0, 3)) == [0, 1, 2, 3]
    assert CYCLE.solution_key(square, (3, 2, 1, 0)) == CYCLE.solution_key(square, (0, 1, 2, 3))
    darc = make_instance(3, [(0, 1), (1, 2), (2, 0)], directed=True)
    assert CYCLE.solution_to_json(darc, (2, 0, 1)) == [0, 1, 2]
    line = make_instance(3, [(0, 1), (1, 2)])
    assert PATH.solution_to_json(line, (2, 1, 0)) == [0, 1, 2]
    assert PATH.solution_to_json(make_instance(3, line.edges, end=0), (0, 1, 2)) == [2, 1, 0]
    assert PATH.solution_to_json(make_instance(3, line.edges, start=2), (0, 1, 2)) == [2, 1, 0]
    for data in ([0, 1, 2], []):
        assert PATH.solution_to_json(line, PATH.solution_from_json(line, data)) == data
    for bad in ({"a": 1}, [0, "1"], [True, False], "0 1 2", None):
        with pytest.raises(InputError):
            PATH.solution_from_json(line, bad)


# -- generators ------------------------------------------------------------------------------------
FAMILY_PARAMS = {0: {}, 1: {"n": 8, "width": 4, "height": 3}, 2: {"n": 8, "edges": 11}}


def _params(prob: Hamiltonicity, family: int, directed: int, **extra: int) -> dict[str, int]:
    p = {"family": family, "directed": directed, **FAMILY_PARAMS[family], **extra}
    if prob is PATH:
        p.setdefault("ends", 1)
    return p


def _doc(prob: Hamiltonicity, gen) -> str:  # noqa: ANN001 - a Generated
    return json.dumps([prob.instance_to_json(gen.instance), gen.planted], sort_keys=True)


@pytest.mark.parametrize("prob", PROBLEMS, ids=lambda p: p.name)
@pytest.mark.parametrize("family", [0, 1, 2])
@pytest.mark.parametrize("directed", [0, 1])
def test_generator_modes(prob: Hamiltonicity, family: int, directed: int) -> None:
    """Same seed, same bytes; planted solutions check; unsat has no solution; unique has exactly one."""
    for seed in range(3):
        for mode in (None, "planted", "unsat", "unique"):
            params = _params(prob, family, directed)
            if mode == "unique" and family == 2 and prob is PATH:
                params["edges"] = 9
            gen = prob.generate(params, random.Random(seed), mode)
            assert _doc(prob, gen) == _doc(prob, prob.generate(params, random.Random(seed), mode))
            g = gen.instance
            prob.validate(g)
            assert prob.instance_from_json(json.loads(json.dumps(prob.instance_to_json(g)))) == g
            brute = list(prob.brute_force(g))
            if mode in ("planted", "unique"):
                assert prob.check(g, gen.planted), (g, gen.planted)
                assert gen.planted in brute
            if mode == "unsat":
                assert brute == [] and gen.planted is None
            if mode == "unique":
                assert len(brute) == 1 and prob.count_graphillion(g) == 1
            if prob is PATH:
                assert g.start is not None and g.end is None


def test_random_family_has_exactly_the_edges_asked() -> None:
    for prob, directed, mode in itertools.product(PROBLEMS, (0, 1), (None, "planted")):
        for n, m in ((5, 7), (6, 12), (4, 4)):
            g = prob.generate({"n": n, "edges": m, "directed": directed}, random.Random(n), mode).instance
            assert g.n == n and len(g.edges) == m and g.directed == bool(directed)


def test_path_ends_parameter() -> None:
    for ends in (0, 1, 2):
        for mode in (None, "planted"):
            g = PATH.generate({"ends": ends}, random.Random(ends), mode).instance
            assert (g.start is not None) == (ends >= 1) and (g.end is not None) == (ends == 2)


def _undirected(g: HamInstance) -> nx.Graph:
    u = nx.Graph()
    u.add_nodes_from(range(g.n))
    u.add_edges_from(g.edges)
    return u


@pytest.mark.parametrize("prob", PROBLEMS, ids=lambda p: p.name)
def test_grid_family_is_a_grid_graph(prob: Hamiltonicity) -> None:
    """An induced subgraph of the width x height grid (checked by induced subgraph isomorphism); as a
    digraph, each grid edge one way."""
    box = nx.grid_2d_graph(4, 3)
    for seed, mode, directed in itertools.product(range(4), (None, "planted"), (0, 1)):
        g = prob.generate(_params(prob, 1, directed), random.Random(seed), mode).instance
        und = _undirected(g)
        assert g.n == 8 and und.number_of_edges() == len(g.edges)
        assert nx.algorithms.isomorphism.GraphMatcher(box, und).subgraph_is_isomorphic()
        if mode is None:
            assert nx.is_connected(und)


@pytest.mark.parametrize("prob", PROBLEMS, ids=lambda p: p.name)
def test_planar_family_is_planar_with_max_degree_three(prob: Hamiltonicity) -> None:
    for seed, mode, directed in itertools.product(range(5), (None, "planted"), (0, 1)):
        params = _params(prob, 2, directed, n=12, edges=17)
        g = prob.generate(params, random.Random(seed), mode).instance
        und = _undirected(g)
        assert len(g.edges) == 17 and und.number_of_edges() == 17  # no antiparallel arcs
        assert nx.check_planarity(und)[0]
        assert max(d for _, d in und.degree()) <= 3
        if directed:
            outs = [sum(1 for u, _ in g.edges if u == x) for x in range(g.n)]
            ins = [sum(1 for _, v in g.edges if v == x) for x in range(g.n)]
            assert max(outs) <= 2 and max(ins) <= 2
    params = {"family": 2, "n": 6, "edges": 9, "directed": 1}
    cubic = CYCLE.generate(params, random.Random(0), "planted").instance
    for x in range(6):  # Plesnik's class: total degree 3, in- and out-degree (1, 2) or (2, 1)
        degrees = (sum(1 for _, v in cubic.edges if v == x), sum(1 for u, _ in cubic.edges if u == x))
        assert degrees in ((1, 2), (2, 1))


def test_generator_parameter_errors() -> None:
    with pytest.raises(InputError):
        CYCLE.generate({"n": 0}, random.Random(0))
    with pytest.raises(InputError):
        CYCLE.generate({"family": 3}, random.Random(0))
    with pytest.raises(InputError):
        CYCLE.generate({"ends": 1}, random.Random(0))  # cycles have no ends
    with pytest.raises(InputError):
        CYCLE.generate({"n": 4, "edges": 7}, random.Random(0))  # K_4 has 6 edges
    with pytest.raises(InputError):
        CYCLE.generate({"n": 5, "edges": 4}, random.Random(0), "planted")  # a 5-cycle needs 5
    with pytest.raises(InputError):
        CYCLE.generate({"n": 2, "edges": 1}, random.Random(0), "planted")  # undirected n = 2
    with pytest.raises(InputError):
        CYCLE.generate({"family": 1, "n": 13}, random.Random(0))  # 4 x 3 grid
    with pytest.raises(InputError):
        CYCLE.generate({"family": 1, "n": 7}, random.Random(0), "planted")  # odd grid cycle
    with pytest.raises(InputError):
        PATH.generate({"family": 2, "n": 2, "edges": 1}, random.Random(0))
    with pytest.raises(InputError):
        PATH.generate({"family": 2, "n": 8, "edges": 13}, random.Random(0))  # more than 3n/2
    with pytest.raises(InputError):
        PATH.generate({}, random.Random(0), "sideways")
    with pytest.raises(InputError):
        CYCLE.generate({"n": 6, "edges": 15}, random.Random(0), "unsat")  # K_6 is Hamiltonian
    with pytest.raises(InputError):
        list(CYCLE.exhaustive({"n": 5, "directed": 1}))


# -- validation and JSON -----------------------------------------------------------------------------
GOOD = {"directed": False, "n": 3, "edges": [[0, 1], [1, 2]], "start": None, "end": None}


@pytest.mark.parametrize(("prob", "change"), [
    (PATH, {"n": 0}), (PATH, {"n": True}), (PATH, {"n": "3"}), (PATH, {"edges": [[0, 3]]}),
    (PATH, {"edges": [[0, -1]]}), (PATH, {"edges": [[1, 1]]}), (PATH, {"edges": [[0, 1], [0, 1]]}),
    (PATH, {"edges": [[1, 0]]}), (PATH, {"edges": [[0, 1, 2]]}), (PATH, {"edges": [[0, True]]}),
    (PATH, {"edges": "01"}), (PATH, {"start": 3}), (PATH, {"end": -1}), (PATH, {"start": 1, "end": 1}),
    (PATH, {"start": "0"}), (PATH, {"directed": 1}), (PATH, {"colour": 2}), (PATH, {"n": None}),
    (CYCLE, {"start": 0}), (CYCLE, {"end": 1}),
    (CYCLE, {"directed": True, "edges": [[0, 1], [0, 1]]}),
], ids=str)
def test_malformed_instances_raise_input_error(prob: Hamiltonicity, change: dict) -> None:
    data = {**GOOD, **change}
    with pytest.raises(InputError, match=prob.name):
        prob.instance_from_json(data)


def test_missing_keys_and_non_objects() -> None:
    for data in ({"n": 3}, {"edges": []}, [], "x"):
        with pytest.raises(InputError):
            PATH.instance_from_json(data)  # type: ignore[arg-type]


def test_directed_instances_allow_antiparallel_arcs() -> None:
    g = CYCLE.instance_from_json({"directed": True, "n": 2, "edges": [[0, 1], [1, 0]]})
    assert g == HamInstance(2, ((0, 1), (1, 0)), True)
    assert CYCLE.instance_to_json(g) == {"directed": True, "n": 2, "edges": [[0, 1], [1, 0]]}
    assert PATH.instance_to_json(HamInstance(1, ())) == {"directed": False, "n": 1, "edges": [],
                                                         "start": None, "end": None}


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 6) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=12)
vertex = st.none() | st.integers(-1, 6) | json_values
bodies = st.fixed_dictionaries({}, optional={
    "directed": st.booleans() | json_values, "n": st.integers(-1, 6) | json_values,
    "edges": st.lists(st.lists(st.integers(-1, 6), min_size=2, max_size=2), max_size=6) | json_values,
    "start": vertex, "end": vertex,
})


@settings(max_examples=300, deadline=None)
@given(prob=st.sampled_from(PROBLEMS), data=bodies)
def test_fuzzed_instance_json(prob: Hamiltonicity, data: dict) -> None:
    """Either a valid instance that round-trips, or an InputError: never another exception."""
    try:
        g = prob.instance_from_json(data)
    except InputError:
        return
    prob.validate(g)
    assert prob.instance_from_json(prob.instance_to_json(g)) == g


# -- shrinking -------------------------------------------------------------------------------------
def test_shrink_yields_smaller_valid_instances() -> None:
    rng = random.Random(7)
    for prob, directed, ends in KINDS:
        for _ in range(5):
            g = random_instance(rng, prob, rng.randint(1, 5), directed, False, ends)
            smaller = list(prob.shrink(g))
            assert len(smaller) == len(g.edges) + (g.n if g.n > 1 else 0)
            for h in smaller:
                prob.validate(h)
                assert h.n < g.n or (h.n == g.n and len(h.edges) < len(g.edges))
