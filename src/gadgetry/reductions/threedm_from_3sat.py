"""3SAT to 3-dimensional matching (Garey & Johnson 1979, section 3.1.2, Theorem 3.2): the source of the
Letter Boxed reduction of the NYT seed (section 2, Theorem 13) and, through X3C, of subset sum.

For n variables and m clauses (M = m, or 1 when there are no clauses), with j in 0..M-1:

- *truth setting*: variable i has internal elements a_i[j] in X and b_i[j] in Y and literal elements
  u_i[j], not-u_i[j] in W, with the ring of triples T^t_i[j] = (not-u_i[j], a_i[j], b_i[j]) and
  T^f_i[j] = (u_i[j], a_i[j+1 mod M], b_i[j]). The a's and b's are covered either by all the T^t (u_i
  true: they leave every u_i[j] free) or by all the T^f (u_i false: every not-u_i[j] free);
- *satisfaction testing*: clause j has elements s1[j] in X and s2[j] in Y and one triple (l[j], s1[j],
  s2[j]) for each distinct literal l of the clause, l[j] its literal element: covering s1[j] takes a literal
  element left free, i.e. a true literal of the clause;
- *garbage collection*: g1[k] in X and g2[k] in Y for k in 0..nM-m-1, and a triple (w, g1[k], g2[k]) for
  every literal element w and every k: they cover the nM - m literal elements still free.

A clause's repeated literals give one triple (3DM's triples form a set); tautologies stay (their two
literals are two choices). With no clause, M = 1 keeps one ring element per variable and the garbage
covers all n free ones; with no variable (so no clause) the target is the single triple (0, 0, 0), matched
once, as the empty formula has one solution.

Counting (derived here, not in Garey & Johnson): a matching fixes the truth assignment (``backward`` reads
it off T^t_i[0]), a true literal of each clause to cover the clause's pair, and a bijection between the
nM - m free literal elements and the garbage pairs. So

    #3DM = (nM - m)! * sum over satisfying assignments s of prod over clauses j of t_j(s),

t_j(s) the number of distinct literals of clause j true under s: not a function of the source count, so
the claim is exact in the source's solutions (:func:`expected_count`) and ``verify`` checks it.

Element numbering: W: u_i[j] = 2(iM + j), not-u_i[j] = 2(iM + j) + 1; X: a_i[j] = iM + j, s1[j] = nM + j,
g1[k] = nM + m + k; Y likewise with b, s2, g2. Triples: the rings (variable i: T^t_i[0..M-1] then
T^f_i[0..M-1], from index 2Mi), the clause triples in clause order, then the garbage triples by k, then w.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import NamedTuple

from gadgetry.core import CNF, Reduction, exact_claim
from gadgetry.core.gadget import Gadget
from gadgetry.sources.matching3d import Matching3D, Matching3DInstance, Selection, Triple
from gadgetry.sources.sat import Assignment, Formula, ThreeSat, value

THREE_SAT = ThreeSat()
MATCHING = Matching3D()


class Sizes(NamedTuple):
    n: int
    m: int
    ring: int  # M: elements per ring

    @property
    def garbage(self) -> int:
        return self.n * self.ring - self.m


def sizes(f: Formula) -> Sizes:
    return Sizes(f.variables, len(f.clauses), max(len(f.clauses), 1))


def literal_element(s: Sizes, lit: int, j: int) -> int:
    """The W element of literal ``lit`` (signed variable) in ring position j."""
    return 2 * ((abs(lit) - 1) * s.ring + j) + (lit < 0)


def true_literals(clause: Sequence[int], a: Assignment) -> list[int]:
    """The clause's distinct literals true under ``a``, in clause order."""
    return [lit for lit in dict.fromkeys(clause) if value(a, lit)]


def expected_count(f: Formula, solutions: Sequence[Assignment]) -> int:
    """(nM - m)! times the sum over the solutions of the product of their true literals per clause."""
    s = sizes(f)
    return math.factorial(s.garbage) * sum(math.prod(len(true_literals(c, a)) for c in f.clauses)
                                           for a in solutions)


def ring_triples(s: Sizes, i: int) -> list[Triple]:
    """T^t_i[0..M-1] then T^f_i[0..M-1] for variable i (1-based)."""
    base, M = (i - 1) * s.ring, s.ring
    return ([(literal_element(s, -i, j), base + j, base + j) for j in range(M)]
            + [(literal_element(s, i, j), base + (j + 1) % M, base + j) for j in range(M)])


def garbage_triples(s: Sizes) -> list[Triple]:
    first = s.n * s.ring + s.m
    return [(w, first + k, first + k) for k in range(s.garbage) for w in range(2 * s.n * s.ring)]


def clause_triples(s: Sizes, j: int, clause: Sequence[int]) -> list[Triple]:
    """One triple (l[j], s1[j], s2[j]) per distinct literal l of clause j."""
    return [(literal_element(s, lit, j), s.n * s.ring + j, s.n * s.ring + j) for lit in dict.fromkeys(clause)]


def component_gadget(name: str, triples: list[Triple], ports: list[int], relation: list[tuple[bool, ...]],
                     multiplicity: int) -> Gadget:
    """A component of the construction as a gadget: one variable per triple, every X and Y element of the
    triples covered exactly once, and one port per W element in ``ports`` (true: covered by the component;
    at most once). A filling is a choice of triples."""
    def build() -> tuple[CNF, dict[str, int]]:
        cnf = CNF()
        chosen = [cnf.var(("triple", t)) for t in triples]
        cnf.project(chosen)
        for c in (1, 2):
            for e in {t[c] for t in triples}:
                cnf.exactly_one([v for v, t in zip(chosen, triples) if t[c] == e])
        port_ids = {}
        for w in ports:
            p = port_ids[f"w{w}"] = cnf.var(("port", w))
            covering = [v for v, t in zip(chosen, triples) if t[0] == w]
            cnf.at_most_one(covering)
            cnf.add([-p, *covering])
            cnf.extend([p, -v] for v in covering)
        return cnf, port_ids

    return Gadget(name, tuple(f"w{w}" for w in ports), build, relation, multiplicity,
                  source="3dm-from-3sat, Garey & Johnson section 3.1.2")


class ThreeDMFromThreeSat(Reduction):
    """Variable rings, clause triples and garbage collection (Garey & Johnson, Theorem 3.2)."""

    name = "3dm-from-3sat"
    source = "3sat"
    target = "3dm"
    paper = "Garey & Johnson 1979"
    section = "section 3.1.2 (truth setting, satisfaction testing, garbage collection)"
    theorem = "Theorem 3.2: 3DM is NP-complete"
    claim = exact_claim(expected_count, "(nM - m)! * sum over solutions of prod over clauses of true literals")
    #: Small sources: the garbage makes Ganak slow on the target (n = 3, m = 3 takes seconds).
    verify_params = ({"variables": 2, "clauses": 3}, {"variables": 3, "clauses": 2})
    verify_unsat_params = {"variables": 2, "clauses": 6}

    def reduce(self, source: Formula) -> Matching3DInstance:
        THREE_SAT.validate(source)
        s = sizes(source)
        if s.n == 0:
            return Matching3DInstance(1, ((0, 0, 0),))
        triples = [t for i in range(1, s.n + 1) for t in ring_triples(s, i)]
        for j, clause in enumerate(source.clauses):
            triples += clause_triples(s, j, clause)
        return Matching3DInstance(2 * s.n * s.ring, tuple(triples + garbage_triples(s)))

    def forward(self, source: Formula, target: Matching3DInstance, source_solution: Assignment) -> Selection:
        """The rings of the assignment, each clause's first true literal, and the free literal elements in
        increasing order matched to garbage pairs 0, 1, ..."""
        s = sizes(source)
        if s.n == 0:
            return (0,)
        index = {t: k for k, t in enumerate(target.triples)}
        chosen = [index[t] for i in range(1, s.n + 1)
                  for t in ring_triples(s, i)[(0 if source_solution[i - 1] else s.ring):][:s.ring]]
        used = {target.triples[k][0] for k in chosen}
        for j, clause in enumerate(source.clauses):
            w = literal_element(s, true_literals(clause, source_solution)[0], j)
            used.add(w)
            chosen.append(index[(w, s.n * s.ring + j, s.n * s.ring + j)])
        free = [w for w in range(2 * s.n * s.ring) if w not in used]
        first = s.n * s.ring + s.m
        chosen += [index[(w, first + k, first + k)] for k, w in enumerate(free)]
        return tuple(sorted(chosen))

    def backward(self, source: Formula, target: Matching3DInstance, target_solution: Selection) -> Assignment:
        """Variable i is true when its ring uses T^t_i[0] (triple 2M(i-1))."""
        M, chosen = sizes(source).ring, set(target_solution)
        return tuple(2 * M * (i - 1) in chosen for i in range(1, source.variables + 1))

    def overhead(self, source: Formula) -> dict[str, int]:
        s = sizes(source)
        if s.n == 0:
            return {"n": 1, "triples": 1}
        literals = sum(len(set(c)) for c in source.clauses)
        return {"n": 2 * s.n * s.ring, "triples": 2 * s.n * s.ring * (1 + s.garbage) + literals}

    def gadgets(self) -> list[Gadget]:
        """Truth setting (a ring of three positions: its u's all free or its not-u's all free, one way
        each), satisfaction testing (one of the clause's three literal elements taken, one way each) and
        garbage collection (two pairs take any two of four literal elements, 2! ways each)."""
        ring = Sizes(1, 3, 3)
        us, nots = [literal_element(ring, 1, j) for j in range(3)], [literal_element(ring, -1, j) for j in range(3)]
        ports = us + nots
        covers = [tuple(w in cov for w in ports) for cov in (nots, us)]
        clause = Sizes(3, 1, 1)
        lits = [literal_element(clause, lit, 0) for lit in (1, -2, 3)]
        one_each = [tuple(w == x for w in lits) for x in lits]
        garbage = Sizes(2, 0, 1)  # n M - m = 2 pairs over 4 literal elements
        two = [tuple(w in pair for w in range(4)) for pair in itertools.combinations(range(4), 2)]
        return [component_gadget("truth-setting", ring_triples(ring, 1), ports, covers, 1),
                component_gadget("satisfaction-testing", clause_triples(clause, 0, (1, -2, 3, 1)), lits, one_each, 1),
                component_gadget("garbage-collection", garbage_triples(garbage), list(range(4)), two, 2)]

    def example(self) -> tuple[Formula, Assignment]:
        source = Formula(3, ((1, 2, 3), (-1, -2, 3), (1, -3)))
        return source, (True, False, True)


REDUCTIONS = [ThreeDMFromThreeSat()]
