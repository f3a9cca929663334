"""The Hamiltonicity chain of the Edge-matching seed, section 3: Theorem 3.1 (planar positive 1-in-3SAT to
Hamiltonian cycle in planar 3-regular digraphs), Theorem 3.2 (cycle to path from s to t), Theorem 3.3 (path
to 1 x n signed/unsigned edge matching with a left boundary colour) and Corollary 3.4 (no boundary colour,
ratio exactly 2).

Quick run: every gadget check (and a broken gadget caught); the target class (planar, simple, every vertex
(1, 2) or (2, 1)); 200 generated sources per reduction of Theorems 3.2-3.4 (solvable and unsolvable) with
counts from independent oracles (brute force on the source, a colour-indexed strip search on the target)
and both certificate maps; the boundary colour question (-s_O, not +t_I); the whole chain on small
formulas. Slow: the full verification protocol (Ganak on both sides) on 200 instances per reduction.
"""

from __future__ import annotations

import networkx as nx
import pytest

from gadgetry.core.registry import problem, reductions
from gadgetry.puzzles.edgematching.square_model import EdgeMatching, allowed_rotations, compatible, rotate
from gadgetry.reductions import edge_matching_from_hamiltonian_path as thm33
from gadgetry.reductions import hamiltonian_cycle_from_planar_positive_1in3sat as thm31
from gadgetry.reductions.hamiltonian_path_from_hamiltonian_cycle import split
from gadgetry.sources.hamiltonicity import HamInstance
from gadgetry.sources.planar_sat import PlanarFormula
from gadgetry.sources.sat import Formula
from gadgetry.verify.gadget import check_gadget
from gadgetry.verify.protocol import PASS, Limits, verify_reduction

CYCLE, PATH = problem("hamiltonian-cycle"), problem("hamiltonian-path")
PLANAR = problem("planar-positive-1in3sat")
EM = problem("edge-matching")
THM31 = "hamiltonian-cycle-from-planar-positive-1in3sat"
THM32 = ["hamiltonian-path-from-hamiltonian-cycle", "hamiltonian-path-any-ends-from-hamiltonian-cycle"]
THM33 = ["edge-matching-signed-from-hamiltonian-path", "edge-matching-unsigned-from-hamiltonian-path"]
COR34 = ["edge-matching-signed-no-boundary-from-hamiltonian-path",
         "edge-matching-unsigned-no-boundary-from-hamiltonian-path"]
ALL = [THM31, *THM32, *THM33, *COR34]


def strip_solutions(inst: EdgeMatching) -> list[tuple[tuple[int, int], ...]]:
    """Every solution of a 1 x n signed/unsigned strip, by a search indexed by the exposed label
    (independent of the puzzle module's encoding and brute force)."""
    assert inst.rows == 1
    n = len(inst.tiles)
    shown = {(t, r): rotate(tile, r) for t, tile in enumerate(inst.tiles) for r in allowed_rotations(tile)}
    by_west: dict[int, list[tuple[int, int]]] = {}
    for key, (_n, _e, _s, w) in shown.items():
        by_west.setdefault(w, []).append(key)
    bound = inst.boundary_map().get((0, 0, "w"))
    first = [k for k in shown if bound is None or compatible(inst.kind, bound, shown[k][3])]
    out, sol, free = [], [], [True] * n

    def rec(cands: list[tuple[int, int]]) -> None:
        if len(sol) == n:
            out.append(tuple(sol))
            return
        for t, r in cands:
            if free[t]:
                free[t] = False
                sol.append((t, r))
                east = shown[t, r][1]
                rec(by_west.get(-east if inst.kind == "signed" else east, []))
                sol.pop()
                free[t] = True

    rec(first)
    return out


def _in_class(g: HamInstance) -> None:
    """Planar, simple underlying graph, every vertex of in/out-degree (1, 2) or (2, 1)."""
    deg = {v: [0, 0] for v in range(g.n)}
    for u, v in g.edges:
        deg[u][1] += 1
        deg[v][0] += 1
    assert all(tuple(d) in ((1, 2), (2, 1)) for d in deg.values())
    und = nx.Graph(g.edges)
    assert und.number_of_edges() == len(g.edges), "antiparallel arcs"
    assert nx.check_planarity(und)[0]


# -- gadgets ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", [THM31, THM32[0]])
def test_gadget_checks_pass(name: str) -> None:
    gadgets = reductions()[name].gadgets()
    assert gadgets
    for g in gadgets:
        rep = check_gadget(g)
        assert rep.ok, (g.name, rep.problems)


def test_a_broken_exclusive_or_is_caught() -> None:
    """Redirecting one arc of the exclusive-or gadget breaks its check (the check can fail)."""
    saved = thm31.XOR_ARCS
    try:
        thm31.XOR_ARCS = tuple((0, 5) if a == (0, 2) else a for a in saved)
        assert not check_gadget(thm31.xor_gadget()).ok
    finally:
        thm31.XOR_ARCS = saved


def test_natural_loop_order_would_be_wrong() -> None:
    """A trap of the rebuilt Figure 9b: the left loop in the 'natural' order u1 w2 u2 w3 u3 w1 fails the
    clause check."""
    saved = thm31.LOOP
    try:
        thm31.LOOP = ("u1", "w2", "u2", "w3", "u3", "w1")
        assert not check_gadget(thm31.clause_gadget()).ok
    finally:
        thm31.LOOP = saved


# -- Theorem 3.1 ---------------------------------------------------------------------------------------
def _small_formulas():
    out = []
    for seed in range(16):
        params = ({"variables": 3, "clauses": 1}, {"variables": 4, "clauses": 1})[seed % 2]
        out.append(PLANAR.generate_seeded(params, seed, "planted" if seed % 4 < 2 else None).instance)
    return out


def test_theorem_31_class_and_counts() -> None:
    red = reductions()[THM31]
    counts = set()
    for src in _small_formulas():
        g = red.reduce(src)
        CYCLE.validate(g)
        _in_class(g)
        sols = list(PLANAR.brute_force(src))
        assert CYCLE.count_graphillion(g) == len(sols)
        for a in sols:
            cyc = red.forward(src, g, a)
            assert CYCLE.check(g, cyc)
            assert red.backward(src, g, cyc) == a
        counts.add(len(sols))
    assert len(counts) > 1


def test_theorem_31_formula_without_variables() -> None:
    """The empty formula has one solution, the empty assignment: its graph is in class and has one
    Hamiltonian cycle, mapped both ways, and the grid construction after it takes the graph (every arc
    is settled by propagation: no ring)."""
    src = PlanarFormula(Formula(0, ()), (), (), ())
    PLANAR.validate(src)
    assert list(PLANAR.brute_force(src)) == [()]
    red = reductions()[THM31]
    g = red.reduce(src)
    CYCLE.validate(g)
    _in_class(g)
    (cyc,) = CYCLE.brute_force(g)
    assert red.forward(src, g, ()) == cyc and red.backward(src, g, cyc) == ()
    grid = reductions()["grid-hamiltonian-cycle-from-hamiltonian-cycle"]
    assert problem("grid-hamiltonian-cycle").count_brute_force(grid.reduce(g), None) == 1


def test_theorem_31_crossovers_planar_and_parsimonious() -> None:
    """Formulas whose lines cross: still planar, simple and in class; the smallest such graph has exactly
    as many Hamiltonian cycles as the formula has solutions (graphillion)."""
    red = reductions()[THM31]
    crossed = []
    for seed in range(8):
        src = PLANAR.generate_seeded({"variables": 4, "clauses": 2}, seed, "planted").instance
        c = thm31.build(src)
        _in_class(c.graph)
        if c.crossings:
            crossed.append((c.graph.n, seed, src))
    assert crossed
    _n, _seed, src = min(crossed, key=lambda x: x[:2])
    assert CYCLE.count_graphillion(red.reduce(src)) == len(list(PLANAR.brute_force(src)))


@pytest.mark.slow
def test_theorem_31_unsatisfiable_formula() -> None:
    """A NO instance (four clauses on four variables): the target has no Hamiltonian cycle."""
    src = next(x for x in PLANAR.exhaustive({"variables": 4, "clauses": 4}) if not list(PLANAR.brute_force(x)))
    g = reductions()[THM31].reduce(src)
    _in_class(g)
    assert CYCLE.solve(g) is None


# -- Theorem 3.2 ---------------------------------------------------------------------------------------
def _cycles(count: int):
    out = []
    for seed in range(count):
        n = (6, 8, 10)[seed % 3]
        mode = (None, "planted", "unsat")[seed % 3 if seed % 5 else 1]
        out.append(CYCLE.generate_seeded({"family": 3, "directed": 1, "n": n}, seed, mode).instance)
    return out


@pytest.mark.parametrize("name", THM32)
def test_theorem_32_on_200_sources(name: str) -> None:
    red = reductions()[name]
    yes = no = 0
    for g in _cycles(200):
        h = red.reduce(g)
        PATH.validate(h)
        _in_class(h)
        cycles = list(CYCLE.brute_force(g))
        paths = list(PATH.brute_force(h))
        assert len(paths) == len(cycles)
        s, t = split(g).start, split(g).end
        assert all(p[0] == s and p[-1] == t for p in paths)  # every path runs s -> t, fixed or not
        deg_out = sum(1 for u, _ in h.edges if u == s)
        deg_in = sum(1 for _, v in h.edges if v == t)
        assert deg_out == 1 and deg_in == 1
        for cyc in cycles:
            p = red.forward(g, h, cyc)
            assert PATH.check(h, p)
            assert CYCLE.check(g, red.backward(g, h, p))
        yes += bool(cycles)
        no += not cycles
    assert yes > 20 and no > 20


# -- Theorem 3.3 and Corollary 3.4 ------------------------------------------------------------------------
def _paths(count: int):
    out = []
    for seed in range(count):
        n = (4, 6, 8)[seed % 3]
        mode = (None, "planted")[seed % 2]
        out.append(PATH.generate_seeded({"family": 3, "directed": 1, "ends": 2, "n": n}, seed, mode).instance)
    return out


@pytest.mark.parametrize("name", THM33 + COR34)
def test_theorem_33_and_corollary_34_on_200_sources(name: str) -> None:
    red = reductions()[name]
    factor = 2 if name in COR34 else 1
    yes = no = 0
    for g in _paths(200):
        y = red.reduce(g)
        EM.validate(y)
        paths = list(PATH.brute_force(g))
        sols = strip_solutions(y)
        assert len(sols) == factor * len(paths)  # parsimonious, or a ratio of exactly 2
        for p in paths:
            assert EM.check(y, red.forward(g, y, p))
        for sol in sols:
            assert EM.check(y, sol)
            assert red.backward(g, y, sol) in paths
        yes += bool(paths)
        no += not paths
    assert yes > 20 and no > 20


@pytest.mark.parametrize("signed", [True, False])
def test_left_boundary_colour_is_minus_s_out_not_plus_t_in(signed: bool) -> None:
    """The paper names the colour twice: -s_O (proof of Theorem 3.3) and +t_I (a line later). With +t_I the
    layout the proof describes (s's tile first) is rejected; the count survives only because every
    solution turns round (t's tile first). With -s_O the described layout is accepted."""
    checked = 0
    for g in _paths(30):
        paths = list(PATH.brute_force(g))
        if not paths:
            continue
        right, wrong = thm33.instance(g, signed, True, "s_O"), thm33.instance(g, signed, True, "t_I")
        for p in paths:
            assert EM.check(right, thm33.canonical(right, thm33.layout(g, p)))
            assert not EM.check(wrong, thm33.canonical(wrong, thm33.layout(g, p)))
        turned = strip_solutions(wrong)
        assert len(turned) == len(paths)
        t_tile = next(i for i, h in enumerate(thm33.build(g).half) if h.vertex == g.end)
        assert all(sol[0][0] == t_tile for sol in turned)
        checked += 1
    assert checked > 5


def test_whole_chain_on_small_formulas() -> None:
    """1-in-3SAT -> HC (Thm 3.1) -> HP(s, t) (Thm 3.2) -> 1 x n signed edge matching (Thm 3.3). (The
    unsigned and boundary-free strips of these 100+ tiles take minutes to search: the slow test.)"""
    for seed in range(3):
        src = PLANAR.generate_seeded({"variables": 3, "clauses": 1}, seed, "planted").instance
        sols = list(PLANAR.brute_force(src))
        g = reductions()[THM31].reduce(src)
        h = reductions()[THM32[0]].reduce(g)
        _in_class(h)
        assert len(strip_solutions(thm33.instance(h, True, True))) == len(sols)


@pytest.mark.slow
def test_whole_chain_unsigned_and_without_boundary() -> None:
    src = PLANAR.generate_seeded({"variables": 3, "clauses": 1}, 0, "planted").instance
    n = len(list(PLANAR.brute_force(src)))
    h = reductions()[THM32[0]].reduce(reductions()[THM31].reduce(src))
    assert len(strip_solutions(thm33.instance(h, False, True))) == n
    assert len(strip_solutions(thm33.instance(h, True, False))) == 2 * n
    assert len(strip_solutions(thm33.instance(h, False, False))) == 2 * n


# -- the verification protocol (Ganak on both sides) ----------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("name", ALL)
def test_verification_200_instances(name: str) -> None:
    rep = verify_reduction(reductions()[name], instances=200, seed=3, limits=Limits(seconds=600))
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]
    assert any(r.source_count for r in rep.instances) and any(r.source_count == 0 for r in rep.instances)
