"""3SAT to exact 3SAT (three literals on distinct variables in every clause) by padding with three fresh
variables forced false (parsimonious).

Garey & Johnson 1979 list exact 3SAT as [LO2]'s restriction "each clause has exactly three literals"; the
textbook padding of a short clause (l1 v l2) into (l1 v l2 v y), (l1 v l2 v -y) doubles the count per
fresh variable. Here the fresh variables z1, z2, z3 are pinned instead: the seven clauses on them that
each rule out one non-zero assignment leave z1 = z2 = z3 = false as their only solution, and a short
clause is filled up with them, which leaves its truth unchanged:

    (l1 v l2) -> (l1 v l2 v z1),   (l1) -> (l1 v z1 v z2).

Before that a clause is normalised: repeated literals merged, a tautology (x v -x v ...) dropped, since it
holds under every assignment. Three-literal clauses on distinct variables are copied. Every satisfying
assignment extends in exactly one way (the z are false), so the reduction is parsimonious.

Target layout: variables 1..n are the source's; z1, z2, z3 are n + 1..n + 3, present only when some clause
is short after normalising.
"""

from __future__ import annotations

import itertools

from gadgetry.core import PARSIMONIOUS, Reduction
from gadgetry.core.gadget import Gadget
from gadgetry.reductions.gadgets.formula import formula_gadget
from gadgetry.sources.sat import Assignment, ExactThreeSat, Formula, ThreeSat, normalize

THREE_SAT = ThreeSat()
EXACT_THREE_SAT = ExactThreeSat()


def normalized_clauses(source: Formula) -> list[tuple[int, ...]]:
    """The source's clauses with repeats merged and tautologies dropped, in order."""
    return [c for c in map(normalize, source.clauses) if c is not None]


def pinning_clauses(zs: tuple[int, int, int]) -> list[tuple[int, ...]]:
    """The seven clauses on ``zs`` whose only common solution is all false: one per non-zero assignment,
    false exactly there."""
    return [tuple(-z if bit else z for z, bit in zip(zs, bits))
            for bits in itertools.product((False, True), repeat=3) if any(bits)]


class ExactThreeSatFromThreeSat(Reduction):
    """Short clauses padded with three fresh variables that seven clauses pin to false."""

    name = "exact-3sat-from-3sat"
    source = "3sat"
    target = "exact-3sat"
    paper = "Garey & Johnson 1979"
    section = "Garey & Johnson [LO2] (exact 3SAT; padding variables pinned instead of doubled: parsimonious)"
    theorem = "Garey & Johnson Theorem 3.1 with [LO2]'s restriction to exactly three literals"
    claim = PARSIMONIOUS
    verify_params = ({"variables": 3, "clauses": 4}, {"variables": 4, "clauses": 6})

    def reduce(self, source: Formula) -> Formula:
        THREE_SAT.validate(source)
        clauses = normalized_clauses(source)
        if all(len(c) == 3 for c in clauses):
            return Formula(source.variables, tuple(clauses))
        zs = (source.variables + 1, source.variables + 2, source.variables + 3)
        padded = [c + zs[:3 - len(c)] for c in clauses]
        return Formula(source.variables + 3, tuple(padded + pinning_clauses(zs)))

    def forward(self, source: Formula, target: Formula, source_solution: Assignment) -> Assignment:
        return tuple(source_solution) + (False,) * (target.variables - source.variables)

    def backward(self, source: Formula, target: Formula, target_solution: Assignment) -> Assignment:
        return tuple(target_solution[:source.variables])

    def overhead(self, source: Formula) -> dict[str, int]:
        clauses = normalized_clauses(source)
        short = any(len(c) < 3 for c in clauses)
        return {"variables": source.variables + 3 * short, "clauses": len(clauses) + 7 * short,
                "literals": 3 * (len(clauses) + 7 * short)}

    def gadgets(self) -> list[Gadget]:
        """A clause of each width 1 to 3, one with a repeated literal and a tautology."""
        sources = {"unit": Formula(1, ((-1,),)), "binary": Formula(2, ((1, -2),)),
                   "ternary": Formula(3, ((1, -2, 3),)), "repeated": Formula(2, ((2, 2, -1),)),
                   "tautology": Formula(2, ((1, -1, 2), (-2,)))}
        return [formula_gadget(self, THREE_SAT, EXACT_THREE_SAT, f, name) for name, f in sources.items()]

    def example(self) -> tuple[Formula, Assignment]:
        source = Formula(4, ((1, -2, 3), (2, 2), (-1, 1, 4), (-4,), (3, -4, 1)))
        return source, (True, True, False, False)


REDUCTIONS = [ExactThreeSatFromThreeSat()]
