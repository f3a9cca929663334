"""Hard source families: the answers they claim, checked on small sizes against brute force (the problem's
rule checker over every assignment), the defining properties of each construction checked directly, and
CNFgen's own formulas where the family comes from it."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import cnfgen
import networkx as nx
import pytest

from gadgetry.core import InputError, registry
from gadgetry.sources.families import FAMILIES, Q_HIDDEN, family, regular_triples
from gadgetry.sources.sat import value

SMALL = {"xorsat-regular": {"variables": 7}, "q-hidden": {"variables": 8}, "quiet-nae": {"variables": 9},
         "quiet-1in3": {"variables": 9, "density": 100}, "tseitin": {"vertices": 6}, "pigeonhole": {"pigeons": 4},
         "ordering": {"elements": 4}, "threshold-3sat": {"variables": 10}}


def test_every_family_has_a_small_size() -> None:
    assert set(SMALL) == set(FAMILIES)


@pytest.mark.parametrize("name", sorted(FAMILIES))
@pytest.mark.parametrize("seed", range(4))
def test_answer_agrees_with_brute_force(name: str, seed: int) -> None:
    fam = FAMILIES[name]
    gen = fam.generate(SMALL[name], seed)
    prob = registry.problem(fam.problem)
    prob.validate(gen.instance)
    solutions = list(prob.brute_force(gen.instance))
    assert gen.meta["answer"] == ("sat" if solutions else "unsat")
    if gen.meta["answer"] == "sat":
        assert gen.planted is not None and prob.check(gen.instance, gen.planted)
    else:
        assert gen.planted is None
    assert fam.generate(SMALL[name], seed) == gen  # same seed, same instance


def test_xorsat_is_its_linear_system() -> None:
    """Every variable in three equations of three variables; the CNF's solutions are exactly the
    solutions of the equations over GF(2) (both by brute force)."""
    prob = registry.problem("3sat")
    for seed in range(3):
        gen = FAMILIES["xorsat-regular"].generate({"variables": 8}, seed)
        eqs = gen.meta["equations"]
        assert len(eqs) == 8 and Counter(v for vs, _ in eqs for v in vs) == {v: 3 for v in range(1, 9)}
        linear = {a for a in itertools.product((False, True), repeat=8)
                  if all(sum(a[v - 1] for v in vs) % 2 == b for vs, b in eqs)}
        assert set(prob.brute_force(gen.instance)) == linear


def test_regular_triples_are_distinct() -> None:
    triples = regular_triples(30, random.Random(1))
    assert len(set(triples)) == 30 and all(len(set(t)) == 3 for t in triples)


def test_q_hidden_literals_do_not_reveal_the_assignment() -> None:
    """With q = 0.618..., a literal is true under the hidden assignment half the time (Jia, Moore and
    Strain 2005), while plain planting makes 4/7 of them true."""
    assert abs(Q_HIDDEN ** 2 + Q_HIDDEN - 1) < 1e-12
    gen = FAMILIES["q-hidden"].generate({"variables": 300, "density": 2000}, 3)
    lits = [value(gen.planted, lit) for c in gen.instance.clauses for lit in c]
    assert abs(sum(lits) / len(lits) - 0.5) < 0.01


def test_quiet_nae_planting_is_balanced_and_uniform() -> None:
    gen = FAMILIES["quiet-nae"].generate({"variables": 40, "density": 1000}, 2)
    assert sum(gen.planted) == 20
    # all bichromatic triples appear: two true and one false as often as one true and two false
    kinds = Counter(sum(gen.planted[v - 1] for v in c) for c in gen.instance.clauses)
    assert set(kinds) == {1, 2} and abs(kinds[1] - kinds[2]) < 0.1 * len(gen.instance.clauses)


def test_tseitin_is_cnfgens_formula_on_a_3_regular_graph() -> None:
    gen = FAMILIES["tseitin"].generate({"vertices": 10}, 5)
    graph = nx.Graph([tuple(e) for e in gen.meta["edges"]])
    assert graph.number_of_nodes() == 10 and all(d == 3 for _, d in graph.degree())
    assert gen.instance.variables == 15 and len(gen.instance.clauses) == 10 * 4
    with pytest.raises(InputError, match="even"):
        FAMILIES["tseitin"].generate({"vertices": 7}, 0)


@pytest.mark.parametrize("name, params, formula", [
    ("pigeonhole", {"pigeons": 5}, lambda: cnfgen.PigeonholePrinciple(5, 4)),
    ("ordering", {"elements": 5}, lambda: cnfgen.OrderingPrinciple(5))])
def test_cnfgen_families(name: str, params: dict, formula) -> None:
    f = formula()
    gen = FAMILIES[name].generate(params, 0)
    assert gen.instance.variables == f.number_of_variables()
    assert [list(c) for c in gen.instance.clauses] == [list(c) for c in f.clauses()]


def test_threshold_answer_unknown_when_the_budget_runs_out() -> None:
    gen = FAMILIES["threshold-3sat"].generate({"variables": 250, "budget": 1}, 0)
    assert gen.meta["answer"] == "unknown" and gen.planted is None and "1000 conflicts" in gen.meta["how"]


def test_errors() -> None:
    with pytest.raises(InputError, match="unknown source family"):
        family("nope")
    with pytest.raises(InputError, match="unknown parameter"):
        FAMILIES["tseitin"].generate({"variables": 4}, 0)
    with pytest.raises(InputError, match="out of range"):
        FAMILIES["pigeonhole"].generate({"pigeons": 1}, 0)
