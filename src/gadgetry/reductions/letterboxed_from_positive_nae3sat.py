"""Positive NAE-3SAT to Letter Boxed with one word and k = 1 (NYT seed, section 2, Theorem 11).

Sides (numbered 0..3 here, Gamma_1..Gamma_4 in the paper): side 0 holds ``#``, sides 1 and 2 are equal and
hold, for each variable v, its letter ``xv`` eta(v) times and its star ``*v`` eta(v) - 1 times, and each
clause letter ``cj`` twice; side 3 is empty before padding. The one dictionary word sigma is ``#``, then
per variable ``xv (*v xv)^(eta-1) #`` (equation 1: all xv on one side, the truth value), then per variable
``(*v #)^(eta-1)`` (equation 2: clean-up), then per clause ``v1 cj # v2 cj # v3 cj # cj #`` (equation 3).
Padding (end of the proof): a new letter ``~`` is put |side 1| - 1 times on side 0 and |side 1| times on
side 3, and 2|side 1| - 1 copies of ``~`` end sigma.

Three cases the paper leaves implicit, made explicit here:

- C is a set (Definition 10): a clause repeated in the source (in any order of its variables) is built
  once, which changes neither the not-all-equal assignments nor the target's solutions;
- a variable in no clause (eta = 0; the source counts both of its values) is given eta = 1 and one more
  clean-up ``xv #`` after equation 2, so that its two values are its two sides;
- a clause of two variables (the source ``positive-nae3sat`` allows them) is ``v1 cj # v2 cj #`` with
  ``cj`` once on each of sides 1 and 2: the two ``cj`` must be on different sides, so v1 != v2.

A Letter Boxed solution here is sigma with the side of each of its letters. Every side of every letter
is forced by the truth values (x on side 1 exactly for true variables in equation 1, the final ``cj`` on
the side where the first three left one copy, ``~`` alternating from side 3), so the reduction is
parsimonious: one target solution per not-all-equal assignment.
"""

from __future__ import annotations

from typing import Any

from gadgetry.core import PARSIMONIOUS, InputError, Reduction
from gadgetry.puzzles.letterboxed import LetterBoxedInstance, Solution
from gadgetry.sources.sat import Assignment, Formula

HASH, PAD = "#", "~"


def _var(v: int) -> str:
    return f"x{v}"


def _star(v: int) -> str:
    return f"*{v}"


def _clause(j: int) -> str:
    return f"c{j + 1}"


def clause_set(f: Formula) -> list[tuple[int, ...]]:
    """The clauses as a set (Definition 10: C is a set of 3-sets of variables): a clause repeated, in any
    order of its variables, is kept once, at its first occurrence."""
    kept: dict[frozenset[int], tuple[int, ...]] = {}
    for c in f.clauses:
        kept.setdefault(frozenset(c), c)
    return list(kept.values())


def _eta(f: Formula) -> list[int]:
    """eta(v) for v = 1..n (index v - 1)."""
    eta = [0] * f.variables
    for clause in clause_set(f):
        for lit in clause:
            eta[lit - 1] += 1
    return eta


class LetterBoxedFromNAE3SAT(Reduction):
    name = "letterboxed-from-positive-nae3sat"
    source = "positive-nae3sat"
    target = "letterboxed"
    paper = "NYT seed"
    section = "section 2"
    theorem = "Theorem 11 (|D| = 1, k = 1)"
    claim = PARSIMONIOUS
    verify_params = ({"variables": 3, "clauses": 2}, {"variables": 4, "clauses": 3},
                     {"variables": 5, "clauses": 4})

    def reduce(self, source: Formula) -> LetterBoxedInstance:
        if source.variables < 1:
            raise InputError("letterboxed-from-positive-nae3sat: the formula needs at least one variable")
        eta = _eta(source)
        middle: list[str] = []
        for v in range(1, source.variables + 1):
            e = max(eta[v - 1], 1)
            middle += [_var(v)] * e + [_star(v)] * (e - 1)
        for j, clause in enumerate(clause_set(source)):
            middle += [_clause(j)] * (2 if len(clause) == 3 else 1)
        m = len(middle)
        sigma: list[str] = [HASH]
        for v in range(1, source.variables + 1):  # equation (1)
            e = max(eta[v - 1], 1)
            sigma += [_var(v)] + [_star(v), _var(v)] * (e - 1) + [HASH]
        for v in range(1, source.variables + 1):  # equation (2)
            sigma += [_star(v), HASH] * max(eta[v - 1] - 1, 0)
        for v in range(1, source.variables + 1):  # variables in no clause
            if eta[v - 1] == 0:
                sigma += [_var(v), HASH]
        for j, clause in enumerate(clause_set(source)):  # equation (3)
            for v in clause:
                sigma += [_var(v), _clause(j), HASH]
            if len(clause) == 3:
                sigma += [_clause(j), HASH]
        sigma += [PAD] * (2 * m - 1)
        sides = ((HASH, *[PAD] * (m - 1)), tuple(middle), tuple(middle), (PAD,) * m)
        return LetterBoxedInstance(sides, (tuple(sigma),), 1)

    def forward(self, source: Formula, target: LetterBoxedInstance, source_solution: Assignment) -> Solution:
        sigma = target.words[0]
        eta = _eta(source)
        own = {_var(v): 1 if source_solution[v - 1] else 2 for v in range(1, source.variables + 1)}
        seen: dict[str, int] = {}
        sides: list[int] = []
        for p, g in enumerate(sigma):
            if g == HASH:
                side = 0
            elif g == PAD:
                side = 3 if sides[-1] == 0 else 0
            elif g.startswith("x"):
                v = int(g[1:])
                seen[g] = seen.get(g, 0) + 1
                first_block = seen[g] <= max(eta[v - 1], 1)
                side = own[g] if first_block else 3 - own[g]
            elif g.startswith("*"):
                v = int(g[1:])
                seen[g] = seen.get(g, 0) + 1
                side = 3 - own[_var(v)] if seen[g] <= eta[v - 1] - 1 else own[_var(v)]
            else:  # a clause letter: opposite the previous letter, or the side still owed a copy
                if sigma[p - 1] == HASH:
                    taken = [s for q, s in enumerate(sides) if sigma[q] == g]
                    side = 1 if taken.count(1) < 2 else 2
                else:
                    side = 3 - sides[-1]
            sides.append(side)
        return ((sigma, tuple(sides)),)

    def backward(self, source: Formula, target: LetterBoxedInstance, target_solution: Solution) -> Assignment:
        (sigma, sides), = target_solution
        first: dict[str, int] = {}
        for g, side in zip(sigma, sides):
            first.setdefault(g, side)
        return tuple(first[_var(v)] == 1 for v in range(1, source.variables + 1))

    def overhead(self, source: Formula) -> dict[str, int]:
        eta = _eta(source)
        m = sum(2 * max(e, 1) - 1 for e in eta) + sum(2 if len(c) == 3 else 1 for c in clause_set(source))
        length = (1 + sum(2 * max(e, 1) for e in eta) + sum(2 * max(e - 1, 0) for e in eta)
                  + 2 * sum(e == 0 for e in eta) + sum(3 * len(c) + (2 if len(c) == 3 else 0) for c in clause_set(source))
                  + 2 * m - 1)
        alphabet = 2 + source.variables + sum(e >= 2 for e in eta) + len(clause_set(source))
        return {"sides": 4, "n": m, "alphabet": alphabet, "words": 1, "letters": length, "longest": length, "k": 1}

    def example(self) -> tuple[Any, Any]:
        """No worked example in the paper: two clauses (x1, x2, x3) and (x2, x3, x4), solved by x1 = x2 =
        true, x3 = x4 = false."""
        return Formula(4, ((1, 2, 3), (2, 3, 4))), (True, True, False, False)


REDUCTIONS = [LetterBoxedFromNAE3SAT()]
