"""An example plugin: a new problem (exact cover) and a parsimonious reduction into it.

Run it like a built-in::

    gadgetry --plugin docs/examples/exact_cover_plugin.py verify example-exact-cover-from-positive-1in3sat

Positive 1-in-3SAT (Schaefer 1978) to exact cover (Karp 1972) is a folklore observation: take the
clauses as the universe and, for each variable, the set of clauses it occurs in. A set of variables hits every clause exactly once iff the chosen sets cover every clause exactly once, so the true variables
of a satisfying assignment are the chosen sets of an exact cover, one to one (parsimonious; a variable in
no clause gives an empty set, which doubles both counts).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from gadgetry.core import PARSIMONIOUS, InputError, Problem, Reduction
from gadgetry.core.cnf import CNF
from gadgetry.core.problem import Encoding
from gadgetry.core.verdict import VALID, Verdict, invalid


@dataclass(frozen=True)
class ExactCover:
    """A universe ``0 .. elements - 1`` and a tuple of subsets of it (sorted tuples of elements)."""

    elements: int
    sets: tuple[tuple[int, ...], ...]


class ExactCoverProblem(Problem):
    """Exact cover: choose some of the sets so that every element lies in exactly one chosen set."""

    name = "example-exact-cover"
    title = "exact cover (a plugin example)"
    paper = "Karp 1972"
    solution_is = "a set of chosen set indices"

    def validate(self, inst: ExactCover) -> None:
        if inst.elements < 0:
            raise InputError(f"{self.name}: a negative number of elements")
        for i, s in enumerate(inst.sets):
            if list(s) != sorted(set(s)) or any(not 0 <= e < inst.elements for e in s):
                raise InputError(f"{self.name}: set {i} is not a sorted set of elements 0..{inst.elements - 1}")

    def check(self, inst: ExactCover, chosen: frozenset[int]) -> Verdict:
        if any(not 0 <= i < len(inst.sets) for i in chosen):
            return invalid("no-such-set", f"indices must be 0..{len(inst.sets) - 1}")
        for e in range(inst.elements):
            covering = [i for i in chosen if e in inst.sets[i]]
            if len(covering) != 1:
                return invalid("not-exactly-once", f"element {e} is covered by sets {sorted(covering)}")
        return VALID

    def encode(self, inst: ExactCover) -> Encoding:
        cnf = CNF()
        chosen = [cnf.var(("set", i)) for i in range(len(inst.sets))]
        for e in range(inst.elements):
            cnf.exactly_one([chosen[i] for i, s in enumerate(inst.sets) if e in s])
        cnf.project(chosen)  # a solution is identified by the chosen sets: count onto them
        return Encoding(cnf, lambda true: frozenset(i for i, v in enumerate(chosen) if true(v)))

    def instance_to_json(self, inst: ExactCover) -> dict[str, Any]:
        return {"elements": inst.elements, "sets": [list(s) for s in inst.sets]}

    def instance_from_json(self, data: Mapping[str, Any]) -> ExactCover:
        return ExactCover(int(data["elements"]), tuple(tuple(int(e) for e in s) for s in data["sets"]))

    def solution_to_json(self, inst: ExactCover, chosen: frozenset[int]) -> list[int]:
        return sorted(chosen)

    def solution_from_json(self, inst: ExactCover, data: Any) -> frozenset[int]:
        return frozenset(int(i) for i in data)

    def size(self, inst: ExactCover) -> dict[str, int]:
        return {"elements": inst.elements, "sets": len(inst.sets)}


class ExactCoverFromPositiveOneInThreeSat(Reduction):
    """Clauses become elements, variables become the sets of clauses they occur in."""

    name = "example-exact-cover-from-positive-1in3sat"
    source, target = "positive-1in3sat", "example-exact-cover"
    paper, theorem = "folklore (Karp 1972; Schaefer 1978)", "exact cover from positive 1-in-3SAT"
    claim = PARSIMONIOUS
    verify_params = ({"variables": 5, "clauses": 3}, {"variables": 6, "clauses": 4})

    def reduce(self, f) -> ExactCover:
        sets = tuple(tuple(j for j, clause in enumerate(f.clauses) if v in clause)
                     for v in range(1, f.variables + 1))
        return ExactCover(len(f.clauses), sets)

    def forward(self, f, cover: ExactCover, assignment) -> frozenset[int]:
        return frozenset(i for i, true in enumerate(assignment) if true)

    def backward(self, f, cover: ExactCover, chosen: frozenset[int]) -> tuple[bool, ...]:
        return tuple(i in chosen for i in range(f.variables))

    def overhead(self, f) -> dict[str, int]:
        return {"elements": len(f.clauses), "sets": f.variables}


PROBLEMS = [ExactCoverProblem()]
REDUCTIONS = [ExactCoverFromPositiveOneInThreeSat()]
