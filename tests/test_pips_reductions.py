"""The Pips reductions of the NYT seed, section 3: Theorem 16 (positive planar 1-in-3SAT, plain and
connected) and Theorem 17 (subset sum). Gadget checks; on every sampled instance the board has exactly
one domino tiling (the seed: all solutions are the same up to relabelling), every target solution has that
pairing, and the target count equals the exact relation derived in the module docstring (sum over
satisfying assignments a of C(D, K(a))); the subset-sum claim (n! / prod m_x!) on an exhaustive sweep;
and the 200-instance verification protocol (marked slow: ``tests/test_verify_all.py`` already runs it on
every registered reduction in the quick suite)."""

from __future__ import annotations

import networkx as nx
import pytest

from gadgetry.core.registry import problem, reductions
from gadgetry.core import CNF
from gadgetry.core.sat import count_ganak, solve_clauses
from gadgetry.puzzles.pips import board, edges, encode_board
from gadgetry.reductions.pips_from_planar_positive_1in3sat import build, count_relation
from gadgetry.verify.gadget import check_gadget
from gadgetry.verify.protocol import PASS, Limits, verify_reduction
from gadgetry.verify.solve import count, solutions

PIPS = problem("pips")
PLANAR = problem("planar-positive-1in3sat")
SUBSET = problem("subset-sum")
THEOREM16 = ["pips-from-planar-positive-1in3sat", "pips-connected-from-planar-positive-1in3sat"]
ALL = [*THEOREM16, "pips-from-subset-sum"]


def _tilings(cells) -> int:
    cnf = CNF()
    pair, _ = encode_board(cnf, cells, (0,))
    cnf.project(pair.values())
    return count_ganak(cnf.nvars, cnf.clauses, list(pair.values()))


def _sources(n: int):
    out = [reductions()[THEOREM16[0]].example()[0]]
    params = [{"variables": 3, "clauses": 1}, {"variables": 4, "clauses": 2}, {"variables": 5, "clauses": 3}]
    for seed in range(n):
        mode = (None, "planted")[seed % 2]
        out.append(PLANAR.generate_seeded(params[seed % len(params)], seed, mode).instance)
    return out


@pytest.mark.parametrize("name", THEOREM16)
def test_gadgets_pass(name: str) -> None:
    gadgets = reductions()[name].gadgets()
    assert len(gadgets) == 4
    for g in gadgets:
        rep = check_gadget(g)
        assert rep.ok, (g.name, rep.problems)


@pytest.mark.parametrize("name", THEOREM16)
def test_unique_tiling_and_exact_count_relation(name: str) -> None:
    red = reductions()[name]
    connected = red.connected
    for src in _sources(12):
        tgt = red.reduce(src)
        PIPS.validate(tgt)
        cells = board(tgt)
        assert _tilings(cells) == 1
        c = build(src, connected)
        intended = {frozenset(p) for ps in c.variable_pairs for p in ps} | {frozenset(p) for p in c.zero_pairs} \
            | {frozenset(p) for p in c.cleanup_pairs}
        assert {frozenset(p) for p in _pairs_of_any_tiling(cells)} == intended
        graph = nx.Graph(edges(cells))
        graph.add_nodes_from(cells)
        assert nx.is_connected(graph) == connected
        assert {r.type for r in tgt.regions} <= {"equals", "sum", "empty"}
        assert set(tgt.dominoes) <= {(0, 0), (1, 1)}
        assert len(cells) == 2 * len(tgt.dominoes)
        assigns = list(PLANAR.brute_force(src))
        assert count(PIPS, tgt, "ganak").count == count_relation(src, assigns, connected)
        pairings = {frozenset(frozenset(p) for p in sol) for sol in solutions(PIPS, tgt, cap=200)}
        assert len(pairings) <= 1  # every layout uses the one tiling: solutions differ only in values


def _pairs_of_any_tiling(cells):
    cnf = CNF()
    pair, _ = encode_board(cnf, cells, (0,))
    model = set(solve_clauses(cnf.clauses) or [])
    return [e for e, v in pair.items() if v in model]


def test_subset_sum_claim_on_an_exhaustive_sweep() -> None:
    red = reductions()["pips-from-subset-sum"]
    seen = no = 0
    for src in SUBSET.exhaustive({"items": 3, "max": 3}):
        tgt = red.reduce(src)
        PIPS.validate(tgt)
        assert _tilings(board(tgt)) == 1
        cx = count(SUBSET, src, "brute-force").count
        assert count(PIPS, tgt, "brute-force").count == red.claim.expected(src, cx)
        seen += 1
        no += cx == 0
    assert seen > 100 and no > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", ALL)
def test_verification_200_instances(name: str) -> None:
    rep = verify_reduction(reductions()[name], instances=200, seed=3, limits=Limits(seconds=120))
    assert rep.verdict == PASS, [(r.label, r.failure, r.detail) for r in rep.instances if r.verdict != PASS]
    assert any(r.source_count for r in rep.instances) and any(r.source_count == 0 for r in rep.instances)
