"""3SAT to 1-in-3SAT (negations allowed), parsimoniously, with gadgets whose auxiliaries are defined.

Schaefer (1978; Garey & Johnson [LO4]) replaces (x v y v z) by R(-x,a,b), R(b,y,c), R(c,d,-z), R meaning
"exactly one literal true". It is not parsimonious: the number of extensions to a, b, c, d is

    x y z : 000 001 010 011 100 101 110 111
    count :  0   1   1   1   1   2   1   1

Here every gadget's auxiliaries are functions of the clause's literals, so each satisfying assignment of
the source extends in exactly one way. A clause is first normalised: repeated literals are merged and a
tautology (x and -x) is dropped, leaving one to three literals on distinct variables. Then, writing R for
a 1-in-3 clause (one to three literals on distinct variables, as ``1in3sat`` allows):

- (a) becomes R(a);
- (a v b) becomes R(-a, -b, s): (1 - a) + (1 - b) + s = 1 has the solution s = a & b exactly when a v b;
- (a v b v c) becomes, with the four minterms p = -a&-b, q = -a&b, r = a&-b, s = a&b and t = c & (a v b),

      R(a, p, q), R(-a, r, s), R(b, p, r), R(-c, p, t).

  The first two say (p, q) = (0, 0) if a, else p + q = 1, and r + s = 1 if a, else (r, s) = (0, 0); the
  third (b + p + r = 1) then fixes p, q, r, s to the minterms. The fourth says c = p + t: when a and b are
  both false (p = 1) it forces c and t = 0, otherwise t = c. Extensions per (a, b, c), as (p, q, r, s, t):

      000: none    001: 10000   010: 01000   011: 01001
      100: 00100   101: 00101   110: 00010   111: 00011

A brute-force search made while designing this gadget found no clause gadget of this kind (1-in-3 clauses of
one to three literals, exactly one extension per satisfying assignment of (a, b, c), none otherwise) with at
most four auxiliaries and at most six clauses, nor one with five auxiliaries and three clauses.

Target layout: variables 1..n are the source's, then each clause's auxiliaries in clause order.
Overhead, with m1, m2, m3 the clauses of width 1, 2, 3 after normalisation (tautologies dropped):
variables n + m2 + 5 m3, clauses m1 + m2 + 4 m3, literals m1 + 3 m2 + 12 m3.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from gadgetry.core import PARSIMONIOUS, Reduction
from gadgetry.core.gadget import Gadget
from gadgetry.reductions.gadgets.formula import formula_gadget
from gadgetry.sources.sat import Assignment, Formula, OneInThreeSat, ThreeSat, normalize, value

THREE_SAT = ThreeSat()
ONE_IN_THREE_SAT = OneInThreeSat()


@dataclass(frozen=True)
class ClauseGadget:
    """1-in-3 clauses over ports 1..``ports`` (the clause's literals) and auxiliaries ``ports + 1`` ..
    ``ports + aux``; a gadget literal -i negates port or auxiliary i. ``define`` gives the auxiliaries'
    values from the ports' values (meaningful when the clause holds)."""

    ports: int
    aux: int
    clauses: tuple[tuple[int, ...], ...]
    define: Callable[[Sequence[bool]], tuple[bool, ...]]

    def instantiate(self, lits: Sequence[int], first_aux: int) -> list[tuple[int, ...]]:
        """The gadget's clauses with ports replaced by ``lits``, auxiliaries numbered from ``first_aux``."""
        def lit(g: int) -> int:
            i = abs(g)
            base = lits[i - 1] if i <= self.ports else first_aux + i - self.ports - 1
            return base if g > 0 else -base
        return [tuple(lit(g) for g in clause) for clause in self.clauses]


UNIT = ClauseGadget(1, 0, ((1,),), lambda v: ())
PAIR = ClauseGadget(2, 1, ((-1, -2, 3),), lambda v: (v[0] and v[1],))
TRIPLE = ClauseGadget(
    3, 5, ((1, 4, 5), (-1, 6, 7), (2, 4, 6), (-3, 4, 8)),
    lambda v: (not v[0] and not v[1], not v[0] and v[1], v[0] and not v[1], v[0] and v[1],
               v[2] and (v[0] or v[1])))


class OneInThreeSatFromThreeSat(Reduction):
    """Each normalised clause becomes the 1-in-3 gadget of its width, auxiliaries defined by its literals."""

    name = "1in3sat-from-3sat"
    source = "3sat"
    target = "1in3sat"
    paper = "Schaefer 1978; Garey & Johnson [LO4]"
    section = "Schaefer's clause gadget replaced by a gadget with defined auxiliaries (parsimonious)"
    theorem = "1-in-3SAT is NP-complete (Schaefer 1978)"
    claim = PARSIMONIOUS
    verify_params = ({"variables": 4, "clauses": 5}, {"variables": 5, "clauses": 8})
    #: The gadget used for a normalised clause of each width.
    clause_gadgets: ClassVar[dict[int, ClauseGadget]] = {1: UNIT, 2: PAIR, 3: TRIPLE}

    def reduce(self, source: Formula) -> Formula:
        THREE_SAT.validate(source)
        clauses: list[tuple[int, ...]] = []
        top = source.variables
        for clause in source.clauses:
            lits = normalize(clause)
            if lits is None:
                continue
            gadget = self.clause_gadgets[len(lits)]
            clauses += gadget.instantiate(lits, top + 1)
            top += gadget.aux
        return Formula(top, tuple(clauses))

    def forward(self, source: Formula, target: Formula, source_solution: Assignment) -> Assignment:
        out = list(source_solution)
        for clause in source.clauses:
            lits = normalize(clause)
            if lits is not None:
                out += self.clause_gadgets[len(lits)].define([value(source_solution, lit) for lit in lits])
        return tuple(out)

    def backward(self, source: Formula, target: Formula, target_solution: Assignment) -> Assignment:
        return tuple(target_solution[:source.variables])

    def overhead(self, source: Formula) -> dict[str, int]:
        widths = [len(lits) for lits in map(normalize, source.clauses) if lits is not None]
        m1, m2, m3 = (widths.count(w) for w in (1, 2, 3))
        return {"variables": source.variables + m2 + 5 * m3, "clauses": m1 + m2 + 4 * m3,
                "literals": m1 + 3 * m2 + 12 * m3}

    def gadgets(self) -> list[Gadget]:
        """One clause of each width and sign pattern kind, one with a repeated literal, one tautology."""
        clauses = {"unit": (1,), "pair": (1, 2), "pair-negated": (-1, -2), "triple": (1, 2, 3),
                   "triple-negated": (-1, 2, -3), "repeated-literal": (1, 1, -2), "tautology": (1, -1, 2)}
        return [formula_gadget(self, THREE_SAT, ONE_IN_THREE_SAT, Formula(max(map(abs, c)), (c,)), name) for name, c in clauses.items()]

    def example(self) -> tuple[Formula, Assignment]:
        source = Formula(4, ((1, 2, 3), (-1, -2, 4), (2, -3), (3, 3, -4), (1, -1, 4), (-2,)))
        return source, (True, False, False, False)


REDUCTIONS = [OneInThreeSatFromThreeSat()]
