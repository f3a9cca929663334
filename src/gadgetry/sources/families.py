"""Hard source families with known answers: generators of SAT-family instances that CDCL solvers find hard.

A :class:`Family` draws instances of a registered clause problem (``3sat``, ``sat``, ``1in3sat``,
``positive-nae3sat``) from a distribution known in the literature to be hard, and says how the answer is
known: a planted solution (``sat``, by construction), a proof of unsatisfiability (``unsat``, an argument
stated once in :attr:`Family.how`), or a solver run under a conflict budget (``threshold-3sat``: ``sat``,
``unsat`` or ``unknown``). CNFgen (Lauria, Elffers, Nordstrom, Vinyals) generates the formulas it has
(random k-CNF, Tseitin, pigeonhole, ordering, the parity clauses of XORSAT); the rest is written here.

The first parameter of each family is its size. Densities are in clauses per hundred variables.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from gadgetry.core import Generated, InputError, Param, resolve_params
from gadgetry.core.sat import decide_within

from .sat import Assignment, Formula

#: Q of q-hidden 3-SAT: the root of q^2 + q - 1 (Jia, Moore and Strain 2005, Section 3): with clause weights
#: q^t (t literals true under the hidden assignment), a literal agrees with it half the time.
Q_HIDDEN = (5 ** 0.5 - 1) / 2


@dataclass(frozen=True)
class Family:
    """A named generator of ``problem`` instances with a known answer (``sat``, ``unsat`` or ``decided``:
    decided once per instance under a budget, recorded in the instance's ``meta``)."""

    name: str
    problem: str
    title: str
    paper: str
    answer: str
    how: str
    params: tuple[Param, ...]
    draw: Callable[[Mapping[str, int], random.Random], Generated]

    def generate(self, given: Mapping[str, str | int], seed: int) -> Generated:
        """One instance (same seed, same instance); ``meta`` holds ``answer`` and ``how``; ``planted`` a
        solution when the answer is ``sat``."""
        gen = self.draw(resolve_params(self.name, self.params, given), random.Random(seed))
        meta = {"family": self.name, "answer": self.answer, "how": self.how, **gen.meta}
        return Generated(gen.instance, gen.planted, meta)

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "kind": "family", "problem": self.problem, "title": self.title,
                "paper": self.paper, "answer": self.answer, "how": self.how,
                "params": {p.name: p.describe() for p in self.params}}


def _from_cnfgen(cnf: Any) -> Formula:
    return Formula(cnf.number_of_variables(), tuple(tuple(c) for c in cnf.clauses()))


def _seed(rng: random.Random) -> int:
    return rng.randrange(1 << 31)


def _uniform_assignment(n: int, rng: random.Random) -> Assignment:
    return tuple(rng.random() < 0.5 for _ in range(n))


def _clauses_of(params: Mapping[str, int]) -> int:
    return round(params["variables"] * params["density"] / 100)


# -- planted regular random 3-XORSAT ---------------------------------------------------------------
def regular_triples(n: int, rng: random.Random, attempts: int = 10_000) -> list[tuple[int, int, int]]:
    """``n`` distinct triples of distinct variables 1..n in which every variable occurs exactly three times
    (a uniform 3-regular 3-uniform hypergraph, by the configuration model with rejection)."""
    for _ in range(attempts):
        slots = [v for v in range(1, n + 1) for _ in range(3)]
        rng.shuffle(slots)
        triples = [tuple(sorted(slots[i:i + 3])) for i in range(0, 3 * n, 3)]
        if all(len(set(t)) == 3 for t in triples) and len(set(triples)) == n:
            return triples  # type: ignore[return-value]
    raise InputError(f"xorsat-regular: no 3-regular system on {n} variables found in {attempts} draws")


def _draw_xorsat(params: Mapping[str, int], rng: random.Random) -> Generated:
    import cnfgen

    n = params["variables"]
    planted = _uniform_assignment(n, rng)
    equations = [(t, sum(planted[v - 1] for v in t) % 2) for t in regular_triples(n, rng)]
    cnf = cnfgen.CNF()
    cnf.update_variable_number(n)
    for t, parity in equations:
        cnf.add_parity(list(t), parity)
    return Generated(_from_cnfgen(cnf), planted, {"equations": [[list(t), b] for t, b in equations]})


# -- q-hidden 3-SAT -------------------------------------------------------------------------------
def _draw_q_hidden(params: Mapping[str, int], rng: random.Random) -> Generated:
    n = params["variables"]
    planted = _uniform_assignment(n, rng)
    patterns = [(a, b, c) for a in (0, 1) for b in (0, 1) for c in (0, 1) if a or b or c]
    weights = [Q_HIDDEN ** sum(p) for p in patterns]
    clauses = []
    for _ in range(_clauses_of(params)):
        vars_ = rng.sample(range(1, n + 1), 3)
        truth = rng.choices(patterns, weights)[0]  # which literals the hidden assignment makes true
        clauses.append(tuple(v if planted[v - 1] == bool(t) else -v for v, t in zip(vars_, truth)))
    return Generated(Formula(n, tuple(clauses)), planted)


# -- quiet planting: NAE-3SAT (hypergraph bicoloring) and 1-in-3 SAT --------------------------------
def _draw_quiet_nae(params: Mapping[str, int], rng: random.Random) -> Generated:
    n = params["variables"]
    true = set(rng.sample(range(n), n)[:n // 2])
    planted = tuple(i in true for i in range(n))  # balanced: n // 2 variables true
    clauses = []
    while len(clauses) < _clauses_of(params):
        vars_ = tuple(rng.sample(range(1, n + 1), 3))
        if len({planted[v - 1] for v in vars_}) == 2:  # uniform among triples the coloring leaves bichromatic
            clauses.append(vars_)
    return Generated(Formula(n, tuple(clauses)), planted)


def _draw_quiet_1in3(params: Mapping[str, int], rng: random.Random) -> Generated:
    n = params["variables"]
    planted = _uniform_assignment(n, rng)
    clauses = []
    for _ in range(_clauses_of(params)):
        vars_ = rng.sample(range(1, n + 1), 3)
        true_one = rng.randrange(3)  # uniform among the three sign patterns with exactly one literal true
        clauses.append(tuple(v if planted[v - 1] == (i == true_one) else -v for i, v in enumerate(vars_)))
    return Generated(Formula(n, tuple(clauses)), planted)


# -- unsatisfiable by a proof ----------------------------------------------------------------------
def _draw_tseitin(params: Mapping[str, int], rng: random.Random) -> Generated:
    import cnfgen

    if params["vertices"] % 2:
        raise InputError(f"tseitin: a 3-regular graph needs an even number of vertices, not {params['vertices']}")
    import networkx as nx  # imported here: loading the families (bench-family's help) stays light

    graph = nx.random_regular_graph(3, params["vertices"], seed=_seed(rng))
    charges = [False] * params["vertices"]
    charges[rng.randrange(params["vertices"])] = True
    return Generated(_from_cnfgen(cnfgen.TseitinFormula(graph, charges)),
                     meta={"edges": sorted(sorted(e) for e in graph.edges())})


def _draw_pigeonhole(params: Mapping[str, int], _rng: random.Random) -> Generated:
    import cnfgen

    return Generated(_from_cnfgen(cnfgen.PigeonholePrinciple(params["pigeons"], params["pigeons"] - 1)))


def _draw_ordering(params: Mapping[str, int], _rng: random.Random) -> Generated:
    import cnfgen

    return Generated(_from_cnfgen(cnfgen.OrderingPrinciple(params["elements"])))


# -- random 3-SAT at the threshold, decided once ----------------------------------------------------
def _draw_threshold(params: Mapping[str, int], rng: random.Random) -> Generated:
    import cnfgen

    n = params["variables"]
    f = _from_cnfgen(cnfgen.RandomKCNF(3, n, _clauses_of(params), seed=_seed(rng)))
    budget = params["budget"] * 1000
    answer, model = decide_within(f.clauses, budget)
    how = {"sat": f"CaDiCaL 1.9.5 found a model within {budget} conflicts (the model is checked)",
           "unsat": f"CaDiCaL 1.9.5 proved unsatisfiability within {budget} conflicts",
           "unknown": f"CaDiCaL 1.9.5 reached {budget} conflicts undecided"}[answer]
    planted = None if model is None else tuple(v in set(model) for v in range(1, n + 1))
    return Generated(f, planted, {"answer": answer, "how": how})


FAMILIES: dict[str, Family] = {f.name: f for f in (
    Family("xorsat-regular", "3sat", "planted regular random 3-XORSAT as CNF: n equations x+y+z = b over "
           "GF(2), every variable in three of them, each written as its four 3-clauses",
           "Haanpaa, Jarvisalo, Kaski and Niemela 2006", "sat",
           "planted: the right-hand sides are those of a random assignment",
           (Param("variables", 30, 4, 100_000, "variables (= equations)"),), _draw_xorsat),
    Family("q-hidden", "3sat", "q-hidden random 3-SAT: clauses weighted q^t by their t literals true under a "
           "hidden assignment, q = 0.618..., so that literal counts do not reveal it",
           "Jia, Moore and Strain 2005", "sat", "planted: every clause is satisfied by the hidden assignment",
           (Param("variables", 50, 3, 100_000, "variables"),
            Param("density", 426, 1, 2000, "clauses per hundred variables")), _draw_q_hidden),
    Family("quiet-nae", "positive-nae3sat", "quietly planted positive NAE-3SAT (3-uniform hypergraph "
           "bicoloring): triples uniform among those a balanced planted coloring leaves bichromatic",
           "Krzakala and Zdeborova 2009", "sat", "planted: every triple is bichromatic under the planted coloring",
           (Param("variables", 50, 3, 100_000, "variables"),
            Param("density", 220, 1, 1000, "clauses per hundred variables")), _draw_quiet_nae),
    Family("quiet-1in3", "1in3sat", "quietly planted 1-in-3 SAT: random variables, signs uniform among the "
           "three patterns with exactly one literal true under a planted assignment",
           "Krzakala and Zdeborova 2009", "sat", "planted: exactly one literal of each clause is true under it",
           (Param("variables", 50, 3, 100_000, "variables"),
            Param("density", 80, 1, 1000, "clauses per hundred variables")), _draw_quiet_1in3),
    Family("tseitin", "3sat", "Tseitin formula of a random 3-regular graph with one odd charge: edge variables, "
           "the parity of each vertex's edges equal to its charge",
           "Tseitin 1968; Urquhart 1987 (exponential for resolution)", "unsat",
           "proved: every edge variable is in exactly two vertex equations, so the sum of all equations is "
           "0 = the sum of the charges = 1 (mod 2)",
           (Param("vertices", 20, 4, 100_000, "vertices of the 3-regular graph (even)"),), _draw_tseitin),
    Family("pigeonhole", "sat", "pigeonhole principle: p pigeons, each in one of p-1 holes, no two in one hole",
           "Haken 1985 (exponential for resolution)", "unsat",
           "proved: p pigeons in distinct holes need p holes, there are p-1",
           (Param("pigeons", 8, 2, 200, "pigeons (holes: one fewer)"),), _draw_pigeonhole),
    Family("ordering", "sat", "ordering principle: a strict partial order on n elements with no minimal element",
           "Krishnamurthy 1985; Bonet and Galesi 2001 (wide clauses)", "unsat",
           "proved: a strict partial order on a finite non-empty set has a minimal element",
           (Param("elements", 8, 2, 200, "elements of the order"),), _draw_ordering),
    Family("threshold-3sat", "3sat", "uniform random 3-SAT at the satisfiability threshold (4.26 clauses per "
           "variable), decided once under a conflict budget", "Mitchell, Selman and Levesque 1992",
           "decided", "CaDiCaL 1.9.5 under a conflict budget, once per instance (unknown when it runs out)",
           (Param("variables", 100, 3, 100_000, "variables"),
            Param("density", 426, 1, 2000, "clauses per hundred variables"),
            Param("budget", 1000, 1, 10**7, "conflict budget of the decision, in thousands")), _draw_threshold),
)}


def family(name: str) -> Family:
    """The source family named ``name``."""
    try:
        return FAMILIES[name]
    except KeyError:
        raise InputError(f"unknown source family {name!r} (families: {', '.join(FAMILIES)})") from None
