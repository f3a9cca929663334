"""Subset Sum (Garey & Johnson [SP13]; Karp 1972 "knapsack"), with positive integers.

An instance is a list of positive integer ``items`` (a multiset: values may repeat) and a positive
``target``. A solution is the sorted tuple of the *indices* of items summing to the target; JSON:
``[0, 2, 5]``. Two equal items at different indices are different items, so swapping them gives a
different solution (the NYT seed's Pips reduction, Theorem 17, starts from this problem).

Besides the CNF encoding (a pseudo-Boolean equality), :func:`count_dp` counts solutions with the classic
pseudo-polynomial dynamic programme over partial sums (Garey & Johnson, section 4.2).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gadgetry.core import CNF, VALID, Encoding, Generated, InputError, Param, Problem, Verdict, invalid
from gadgetry.core.sat import solve_clauses

Selection = tuple[int, ...]

#: How many random draws an ``unsat`` or ``unique`` generator makes before giving up.
ATTEMPTS = 500


@dataclass(frozen=True)
class SubsetSumInstance:
    """Positive integer ``items`` (repeats allowed) and a positive ``target``."""

    items: tuple[int, ...]
    target: int


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def count_dp(inst: SubsetSumInstance) -> int:
    """The number of index sets summing to the target: ``ways[s]`` counts the index sets of the items
    seen so far with sum ``s`` (sums above the target are dropped). O(len(items) * target)."""
    t = inst.target
    ways = [1] + [0] * t
    for w in inst.items:
        for s in range(t, w - 1, -1):
            ways[s] += ways[s - w]
    return ways[t]


def reachable_sums(items: Sequence[int]) -> int:
    """The sums of all sub-multisets of ``items`` as a bit set (bit s set iff some subset sums to s)."""
    bits = 1
    for w in items:
        bits |= bits << w
    return bits


class SubsetSum(Problem):
    name = "subset-sum"
    title = "subset sum with positive integers"
    paper = "Garey & Johnson 1979 [SP13]; Karp 1972"
    solution_is = ("a set of item indices whose values sum to the target "
                   "(equal items at different indices differ)")
    params = (Param("items", 8, 1, 40, "number of items"),
              Param("max", 50, 1, 1000, "item values are drawn from 1..max"))
    exhaustive_params = (Param("items", 3, 1, 4, "largest number of items"),
                         Param("max", 3, 1, 4, "largest item value"))
    modes = ("planted", "unsat", "unique")
    mode_params = {"unsat": {"items": 6, "max": 50}, "unique": {"items": 8, "max": 50}}

    # -- protocol ------------------------------------------------------------------------------
    def validate(self, inst: SubsetSumInstance) -> None:
        if not isinstance(inst.items, tuple) or not inst.items:
            raise InputError("subset-sum: 'items' must be a non-empty list of positive integers")
        for i, w in enumerate(inst.items):
            if not _is_int(w) or w < 1:
                raise InputError(f"subset-sum: item {i} is {w!r}, not a positive integer")
        if not _is_int(inst.target) or inst.target < 1:
            raise InputError(f"subset-sum: 'target' must be a positive integer, got {inst.target!r}")

    def check(self, inst: SubsetSumInstance, sol: Sequence[int]) -> Verdict:
        for i in sol:
            if not 0 <= i < len(inst.items):
                return invalid("index-out-of-range", f"item index {i} (there are {len(inst.items)} items)")
        if len(set(sol)) != len(sol):
            return invalid("index-repeated", f"indices {sorted(sol)}")
        total = sum(inst.items[i] for i in sol)
        if total != inst.target:
            return invalid("sum-mismatch", f"chosen items sum to {total}, the target is {inst.target}")
        return VALID

    def encode(self, inst: SubsetSumInstance) -> Encoding:
        """One variable per item; the weighted sum of chosen items equals the target (PySAT PBEnc)."""
        cnf = CNF()
        xs = [cnf.var(("item", i)) for i in range(len(inst.items))]
        cnf.project(xs)
        cnf.weighted_equals(xs, inst.items, inst.target)
        return Encoding(cnf, lambda val: tuple(i for i, x in enumerate(xs) if val(x)))

    def instance_to_json(self, inst: SubsetSumInstance) -> dict[str, Any]:
        return {"items": list(inst.items), "target": inst.target}

    def instance_from_json(self, data: Mapping[str, Any]) -> SubsetSumInstance:
        """Reads ``{"items": [w, ...], "target": t}``."""
        unknown = sorted(set(data) - {"items", "target"})
        if unknown:
            raise InputError(f"subset-sum: unknown field {unknown[0]!r}")
        items = data["items"]
        if not isinstance(items, list):
            raise InputError("subset-sum: 'items' must be a list of positive integers")
        return SubsetSumInstance(tuple(items), data["target"])

    def solution_to_json(self, inst: SubsetSumInstance, sol: Selection) -> list[int]:
        return sorted(sol)

    def solution_from_json(self, inst: SubsetSumInstance, data: Any) -> Selection:
        if not isinstance(data, list) or not all(_is_int(i) for i in data):
            raise InputError("subset-sum: a solution is a list of item indices")
        return tuple(sorted(data))

    def size(self, inst: SubsetSumInstance) -> dict[str, int]:
        return {"items": len(inst.items), "target": inst.target, "total": sum(inst.items)}

    def extra_counters(self) -> dict[str, Callable[[Any], int]]:
        return {"dp": count_dp}

    # -- sources -------------------------------------------------------------------------------
    def generate(self, params: Mapping[str, int], rng: random.Random, mode: str | None = None) -> Generated:
        """Items uniform in 1..max. The target is a uniform value in 1..sum (mode None); the sum of a
        random non-empty subset (``planted``; ``unique`` redraws until Ganak counts one solution); or a
        sum no subset reaches strictly between the smallest item and the total minus it (``unsat``: the
        reachable sums are computed exactly and the SAT solver confirms the refutation)."""
        n, hi = params["items"], params["max"]
        if mode in ("planted", "unique"):
            for _attempt in range(ATTEMPTS if mode == "unique" else 1):
                items = tuple(rng.randint(1, hi) for _ in range(n))
                chosen = tuple(i for i in range(n) if rng.random() < 0.5) or (rng.randrange(n),)
                inst = SubsetSumInstance(items, sum(items[i] for i in chosen))
                if mode == "planted" or self.count(inst) == 1:
                    return Generated(inst, chosen)
            raise InputError(f"subset-sum: no instance with a unique solution found in {ATTEMPTS} draws; "
                             "try a larger max")
        if mode == "unsat":
            for _attempt in range(ATTEMPTS):
                items = tuple(rng.randint(1, hi) for _ in range(n))
                low, total = min(items), sum(items)
                bits = reachable_sums(items)
                gaps = [s for s in range(low + 1, total - low) if not bits >> s & 1]
                if gaps:
                    inst = SubsetSumInstance(items, rng.choice(gaps))
                    if solve_clauses(self.encode(inst).cnf.clauses) is not None:
                        raise AssertionError(f"subset-sum: the encoding of {inst} is satisfiable")
                    return Generated(inst)
            raise InputError(f"subset-sum: every sum is reachable in {ATTEMPTS} draws; "
                             "try fewer items or a larger max")
        items = tuple(rng.randint(1, hi) for _ in range(n))
        return Generated(SubsetSumInstance(items, rng.randint(1, sum(items))))


    def exhaustive(self, params: Mapping[str, int]) -> Iterator[SubsetSumInstance]:
        """Every item list of 1..``items`` values in 1..``max``, with every target from 1 to one past the
        total."""
        for n in range(1, params["items"] + 1):
            for items in itertools.product(range(1, params["max"] + 1), repeat=n):
                for target in range(1, sum(items) + 2):
                    yield SubsetSumInstance(items, target)

    def brute_force(self, inst: SubsetSumInstance) -> Iterator[Selection]:
        """Every subset of indices, kept when its values sum to the target."""
        n = len(inst.items)
        for k in range(n + 1):
            for chosen in itertools.combinations(range(n), k):
                if sum(inst.items[i] for i in chosen) == inst.target:
                    yield chosen

    def shrink(self, inst: SubsetSumInstance) -> Iterator[SubsetSumInstance]:
        """Drop one item, lower the target by one, or lower one item by one."""
        items, t = inst.items, inst.target
        if len(items) > 1:
            for i in range(len(items)):
                yield SubsetSumInstance(items[:i] + items[i + 1:], t)
        if t > 1:
            yield SubsetSumInstance(items, t - 1)
        for i, w in enumerate(items):
            if w > 1:
                yield SubsetSumInstance(items[:i] + (w - 1,) + items[i + 1:], t)


PROBLEMS = [SubsetSum()]
