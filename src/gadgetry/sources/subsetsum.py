"""Subset Sum (Garey & Johnson [SP13]; Karp 1972 "knapsack"), with positive integers.

An instance is a list of positive integer ``items`` (a multiset: values may repeat) and a positive
``target``. A solution is the sorted tuple of the *indices* of items summing to the target; JSON:
``[0, 2, 5]``. Two equal items at different indices are different items, so swapping them gives a
different solution (the NYT seed's Pips reduction, Theorem 17, starts from this problem).

Besides the CNF encoding (a pseudo-Boolean equality), :func:`count_dp` counts solutions with the classic
pseudo-polynomial dynamic programme over partial sums (Garey & Johnson, section 4.2), kept sparse.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gadgetry.core import CNF, VALID, Encoding, Generated, InputError, Param, Problem, Verdict, invalid
from gadgetry.core.values import is_int

Selection = tuple[int, ...]



@dataclass(frozen=True)
class SubsetSumInstance:
    """Positive integer ``items`` (repeats allowed) and a positive ``target``."""

    items: tuple[int, ...]
    target: int



def count_dp(inst: SubsetSumInstance) -> int:
    """The number of index sets summing to the target: ``ways[s]`` counts the index sets of the items
    seen so far with sum ``s``, kept only for the sums reached up to the target. O(len(items) * R) for
    the R <= min(target + 1, 2^len(items)) sums reached: numbers of any size are taken, but with numbers
    past 64 bits R can near 2^len(items) (minutes for the 29 items of a 2-variable 3SAT chain)."""
    t = inst.target
    ways = Counter({0: 1})
    for w in inst.items:
        for s, k in list(ways.items()):
            if s + w <= t:
                ways[s + w] += k
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
    edge_cases = ("repeated-values", "target-equals-sum", "half-sum", "carry", "single-item")
    attempts = 500
    failures = {"unsat": "every sum is reachable in {attempts} draws; try fewer items or a larger max",
                "unique": "no instance with a unique solution found in {attempts} draws; try a larger max"}
    mode_params = {"unsat": {"items": 6, "max": 50}, "unique": {"items": 8, "max": 50}}

    # -- protocol ------------------------------------------------------------------------------
    def validate(self, inst: SubsetSumInstance) -> None:
        if not isinstance(inst.items, tuple) or not inst.items:
            raise InputError("subset-sum: 'items' must be a non-empty list of positive integers")
        for i, w in enumerate(inst.items):
            if not is_int(w) or w < 1:
                raise InputError(f"subset-sum: item {i} is {w!r}, not a positive integer")
        if not is_int(inst.target) or inst.target < 1:
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
        if not isinstance(data, list) or not all(is_int(i) for i in data):
            raise InputError("subset-sum: a solution is a list of item indices")
        return tuple(sorted(data))

    def size(self, inst: SubsetSumInstance) -> dict[str, int]:
        return {"items": len(inst.items), "target": inst.target, "total": sum(inst.items)}

    def extra_counters(self) -> dict[str, Callable[[Any], int]]:
        return {"dp": count_dp}

    #: The largest ``len(items) * target`` (the dynamic programme's steps) counted by ``dp`` by default.
    DP_STEPS = 10**7

    def counting_method(self, inst: SubsetSumInstance) -> str:
        """``dp`` (pseudo-polynomial, exact) unless the target makes it too long; then Ganak."""
        return "dp" if len(inst.items) * inst.target <= self.DP_STEPS else "ganak"

    # -- sources -------------------------------------------------------------------------------
    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        """Items uniform in 1..max, the target uniform in 1..sum."""
        items = self._items(params, rng)
        return Generated(SubsetSumInstance(items, rng.randint(1, sum(items))))

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        """The target is the sum of a random non-empty subset."""
        items = self._items(params, rng)
        n = len(items)
        chosen = tuple(i for i in range(n) if rng.random() < 0.5) or (rng.randrange(n),)
        return Generated(SubsetSumInstance(items, sum(items[i] for i in chosen)), chosen)

    def draw_unsat(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """A sum no subset reaches strictly between the smallest item and the total minus it (reachable
        sums computed exactly); None when every such sum is reachable."""
        items = self._items(params, rng)
        low, total = min(items), sum(items)
        bits = reachable_sums(items)
        gaps = [s for s in range(low + 1, total - low) if not bits >> s & 1]
        return Generated(SubsetSumInstance(items, rng.choice(gaps))) if gaps else None

    @staticmethod
    def _items(params: Mapping[str, int], rng: random.Random) -> tuple[int, ...]:
        return tuple(rng.randint(1, params["max"]) for _ in range(params["items"]))

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
        """Smaller instances, big cuts first: every value divided by a common factor; one item deleted
        (with the target lowered by it too, when that leaves a positive target); one item set to 1 (with
        the target lowered by as much too); the target set to 1; two items merged into their sum (the
        total and the target kept: ``[1, 1, 1, 7]/10`` to ``[1, 9]/10``); one item, or one item and the
        target, lowered by one; the target lowered by one."""
        items, t = inst.items, inst.target
        g = math.gcd(t, *items)
        cands = [SubsetSumInstance(tuple(w // g for w in items), t // g)] if g > 1 else []
        for i, w in enumerate(items):
            rest = items[:i] + items[i + 1:]
            if rest:
                cands += [SubsetSumInstance(rest, t)] + ([SubsetSumInstance(rest, t - w)] if t > w else [])
        for i, w in enumerate(items):
            one = items[:i] + (1,) + items[i + 1:]
            if w > 1:
                cands += [SubsetSumInstance(one, t)] + ([SubsetSumInstance(one, t - w + 1)] if t > w - 1 else [])
        if t > 1:
            cands.append(SubsetSumInstance(items, 1))
        for i, j in itertools.combinations(range(len(items)), 2):
            merged = items[:i] + (items[i] + items[j],) + items[i + 1:j] + items[j + 1:]
            cands.append(SubsetSumInstance(merged, t))
        for i, w in enumerate(items):
            lower = items[:i] + (w - 1,) + items[i + 1:]
            if w > 1:
                cands += [SubsetSumInstance(lower, t)] + ([SubsetSumInstance(lower, t - 1)] if t > 1 else [])
        if t > 1:
            cands.append(SubsetSumInstance(items, t - 1))
        yield from dict.fromkeys(cands)

    def structures(self, inst: SubsetSumInstance) -> frozenset[str]:
        """Repeated values, T = S, 2T = S, one item, and a carry: k >= 2 equal items v whose sum k * v
        exceeds the largest item (a column of equal digits passing a digit of base max + 1)."""
        items, t, total = inst.items, inst.target, sum(inst.items)
        counts = Counter(items)
        out = {name for name, shown in (
            ("repeated-values", len(counts) < len(items)), ("target-equals-sum", t == total),
            ("half-sum", 2 * t == total), ("single-item", len(items) == 1),
            ("carry", any(k >= 2 and k * v > max(items) for v, k in counts.items()))) if shown}
        return frozenset(out)

    def draw_edge(self, name: str, params: Mapping[str, int], rng: random.Random) -> Generated:
        """Random items made to show ``name``; the target is positive by definition, so T = 0 is not
        offered."""
        items = list(self._items(params, rng))
        if name == "single-item":
            items = items[:1]
        elif name == "repeated-values":
            items[rng.randrange(len(items))] = rng.choice(items)
            items.append(rng.choice(items))
        elif name == "carry":
            v = rng.randint(max(1, params["max"] // 2), params["max"])
            items += [v] * (max(items) // v + 1)
            rng.shuffle(items)
        elif name == "half-sum" and sum(items) % 2:
            items.append(1)
        total = sum(items)
        target = {"target-equals-sum": total, "half-sum": total // 2}.get(name, rng.randint(1, total))
        return Generated(SubsetSumInstance(tuple(items), target))


PROBLEMS = [SubsetSum()]
