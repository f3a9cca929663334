"""Interval-Pair Cover (edge-matching seed, section 2.2.3, Definition 2.4; NP-complete by Theorem 2.5).

Instance: a universe U = {1..n} and m pairs of closed integer intervals ([a_i, b_i], [c_i, d_i]) inside U
with a_i <= b_i and c_i <= d_i. Question: choose one interval from each pair so that the chosen intervals
cover U. A solution is the tuple of choices, 0 for the first interval and 1 for the second (JSON: the
list of choices); two equal intervals in a pair still give two distinct choices.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from gadgetry.core import CNF, VALID, Encoding, Generated, InputError, Param, Problem, Verdict, invalid
from gadgetry.sources.structures import SET_EDGE_CASES, set_structures

Interval = tuple[int, int]
Choice = tuple[int, ...]


@dataclass(frozen=True)
class IntervalPairCover:
    """``universe`` n and ``pairs``, each ``((a, b), (c, d))``."""

    universe: int
    pairs: tuple[tuple[Interval, Interval], ...]


def covered(inst: IntervalPairCover, choice: Choice) -> set[int]:
    """The elements covered by the chosen intervals."""
    return {e for pair, k in zip(inst.pairs, choice) for e in range(pair[k][0], pair[k][1] + 1)}


def segments(n: int, m: int, length: int, rng: random.Random) -> list[Interval]:
    """A random cut of 1..n into at most m consecutive intervals of at most ``length`` elements."""
    k = rng.randint(-(-n // length), min(m, n))
    parts = [n // k + (i < n % k) for i in range(k)]
    for _ in range(2 * k):  # move one element between two random parts, keeping 1 <= part <= length
        i, j = rng.randrange(k), rng.randrange(k)
        if parts[i] > 1 and parts[j] < length and i != j:
            parts[i], parts[j] = parts[i] - 1, parts[j] + 1
    out, lo = [], 1
    for p in parts:
        out.append((lo, lo + p - 1))
        lo += p
    return out


class IntervalPairCoverProblem(Problem):
    name = "interval-pair-cover"
    title = "Interval-Pair Cover: choose one interval per pair to cover 1..n"
    paper = "Edge-matching seed, section 2.2.3, Definition 2.4, Theorem 2.5"
    solution_is = "a choice of first (0) or second (1) interval for every pair (equal intervals count twice)"
    params = (Param("universe", 5, 1, 1000, "size n of the universe {1..n}"),
              Param("pairs", 4, 1, 1000, "number of interval pairs"),
              Param("length", 2, 1, 1000, "longest generated interval"))
    exhaustive_params = (Param("universe", 3, 1, 3, "size of the universe"),
                         Param("pairs", 2, 0, 3, "largest number of pairs"))
    modes = ("planted", "unsat", "unique")
    edge_cases = SET_EDGE_CASES
    attempts = 2000
    mode_params: ClassVar[dict[str, dict[str, int]]] = {"unsat": {"universe": 3, "pairs": 2, "length": 1},
                                                         "unique": {"universe": 5, "pairs": 4, "length": 2}}

    def validate(self, inst: IntervalPairCover) -> None:
        n = inst.universe
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise InputError(f"{self.name}: 'universe' must be a non-negative integer")
        for i, pair in enumerate(inst.pairs, 1):
            if len(pair) != 2 or any(len(iv) != 2 for iv in pair):
                raise InputError(f"{self.name}: pair {i} must be two intervals [lo, hi]")
            for lo, hi in pair:
                if not all(isinstance(x, int) and not isinstance(x, bool) for x in (lo, hi)):
                    raise InputError(f"{self.name}: pair {i} has a non-integer end")
                if not 1 <= lo <= hi <= n:
                    raise InputError(f"{self.name}: pair {i} has interval [{lo}, {hi}] not inside 1..{n} "
                                     "with lo <= hi")

    def check(self, inst: IntervalPairCover, choice: Choice) -> Verdict:
        if len(choice) != len(inst.pairs) or any(k not in (0, 1) for k in choice):
            return invalid("wrong-choice", f"need one choice 0 or 1 for each of {len(inst.pairs)} pairs")
        missing = set(range(1, inst.universe + 1)) - covered(inst, choice)
        if missing:
            return invalid("uncovered", f"element {min(missing)}")
        return VALID

    def encode(self, inst: IntervalPairCover) -> Encoding:
        """s_i true = pair i's second interval; each element needs a chosen interval containing it."""
        cnf = CNF()
        s = [cnf.var(("second", i)) for i in range(len(inst.pairs))]
        cnf.project(s)
        for e in range(1, inst.universe + 1):
            clause = []
            for i, ((a, b), (c, d)) in enumerate(inst.pairs):
                first, second = a <= e <= b, c <= e <= d
                if first and second:
                    break  # pair i covers e either way
                if first:
                    clause.append(-s[i])
                elif second:
                    clause.append(s[i])
            else:
                cnf.add(clause)
        return Encoding(cnf, lambda val: tuple(int(val(x)) for x in s))

    def instance_to_json(self, inst: IntervalPairCover) -> dict[str, Any]:
        return {"universe": inst.universe, "pairs": [[list(iv) for iv in pair] for pair in inst.pairs]}

    def instance_from_json(self, data: Mapping[str, Any]) -> IntervalPairCover:
        n, pairs = data.get("universe"), data.get("pairs")
        if not isinstance(n, int) or isinstance(n, bool):
            raise InputError(f"{self.name}: 'universe' must be an integer")
        if not isinstance(pairs, list) or not all(
                isinstance(p, list) and len(p) == 2 and all(isinstance(iv, list) and len(iv) == 2 for iv in p)
                for p in pairs):
            raise InputError(f"{self.name}: 'pairs' must be a list of [[a, b], [c, d]]")
        inst = IntervalPairCover(n, tuple((tuple(p[0]), tuple(p[1])) for p in pairs))
        self.validate(inst)
        return inst

    def solution_to_json(self, inst: IntervalPairCover, choice: Choice) -> list[int]:
        return list(choice)

    def solution_from_json(self, inst: IntervalPairCover, data: Any) -> Choice:
        if not isinstance(data, list) or not all(isinstance(k, int) and not isinstance(k, bool) and k in (0, 1)
                                                 for k in data):
            raise InputError(f"{self.name}: a solution is a list of choices 0 or 1")
        if len(data) != len(inst.pairs):
            raise InputError(f"{self.name}: the solution has {len(data)} choices for {len(inst.pairs)} pairs")
        return tuple(data)

    def size(self, inst: IntervalPairCover) -> dict[str, int]:
        return {"universe": inst.universe, "pairs": len(inst.pairs)}

    # -- sources -------------------------------------------------------------------------------------
    def random_interval(self, n: int, length: int, rng: random.Random) -> Interval:
        size = rng.randint(1, min(length, n))
        lo = rng.randint(1, n - size + 1)
        return lo, lo + size - 1

    def random_pairs(self, n: int, m: int, length: int, rng: random.Random,
                     plant: bool) -> tuple[IntervalPairCover, Choice]:
        """Random pairs; when ``plant``, the chosen intervals are first made to cover 1..n (needs
        m * length >= n)."""
        chosen = [self.random_interval(n, length, rng) for _ in range(m)]
        if plant:
            for i, (lo, hi) in enumerate(segments(n, m, length, rng)):
                chosen[i] = (lo, hi)
            rng.shuffle(chosen)
        other = [self.random_interval(n, length, rng) for _ in range(m)]
        choice = tuple(rng.randint(0, 1) for _ in range(m))
        pairs = tuple((o, c) if k else (c, o) for c, o, k in zip(chosen, other, choice))
        return IntervalPairCover(n, pairs), choice

    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        return Generated(self.random_pairs(params["universe"], params["pairs"], params["length"], rng, False)[0])

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        n, m, length = params["universe"], params["pairs"], params["length"]
        if m * min(length, n) < n:
            raise InputError(f"{self.name}: {m} intervals of length <= {length} cannot cover 1..{n}")
        return Generated(*self.random_pairs(n, m, length, rng, True))

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[IntervalPairCover]:
        n, most = params["universe"], params["pairs"]
        intervals = [(a, b) for a in range(1, n + 1) for b in range(a, n + 1)]
        pairs = list(itertools.product(intervals, repeat=2))
        for m in range(most + 1):
            for chosen in itertools.combinations_with_replacement(pairs, m):
                yield IntervalPairCover(n, chosen)

    def brute_force(self, inst: IntervalPairCover) -> Iterator[Choice]:
        for choice in itertools.product((0, 1), repeat=len(inst.pairs)):
            if self.check(inst, choice):
                yield choice

    def shrink(self, inst: IntervalPairCover) -> Iterator[IntervalPairCover]:
        """One element deleted, the intervals shifted down over it (a pair with an interval on that element
        alone is dropped); then one pair deleted at a time."""
        n = inst.universe
        for e in range(1, n + 1):
            shifted = tuple(tuple((lo - (lo > e), hi - (hi >= e)) for lo, hi in pair) for pair in inst.pairs)
            yield IntervalPairCover(n - 1, tuple(pair for pair in shifted  # type: ignore[misc]
                                                 if all(lo <= hi for lo, hi in pair)))
        for i in range(len(inst.pairs)):
            yield IntervalPairCover(n, inst.pairs[:i] + inst.pairs[i + 1:])

    def structures(self, inst: IntervalPairCover) -> frozenset[str]:
        intervals = [range(lo, hi + 1) for pair in inst.pairs for lo, hi in pair]
        return set_structures(range(1, inst.universe + 1), intervals, inst.pairs, inst.universe <= 1)

    def draw_edge(self, name: str, params: Mapping[str, int], rng: random.Random) -> Generated:
        """Random pairs made to show ``name``: one element in no interval, a pair given twice, one element
        in most intervals, the universe {1}, or no pairs."""
        n, m, length = params["universe"], max(params["pairs"], 2), params["length"]
        if name == "smallest-universe":
            return Generated(IntervalPairCover(1, (((1, 1), (1, 1)),) * rng.randint(0, 2)))
        if name == "no-sets":
            return Generated(IntervalPairCover(n, ()))
        pairs = [tuple(self.random_interval(n, length, rng) for _ in range(2)) for _ in range(m)]
        e = rng.randint(1, n)
        if name == "uncovered-element":  # cut every interval at e, keeping the longer side
            pairs = [tuple(iv if not iv[0] <= e <= iv[1] else (iv[0], e - 1) if e - iv[0] >= iv[1] - e
                           else (e + 1, iv[1]) for iv in pair) for pair in pairs]
        elif name == "repeated-set":
            pairs[rng.randrange(m)] = rng.choice(pairs)
        elif name == "popular-element":  # stretch intervals to reach e
            for i in rng.sample(range(m), max(2, (m + 1) // 2)):
                k = rng.randrange(2)
                lo, hi = pairs[i][k]
                pairs[i] = tuple((min(lo, e), max(hi, e)) if j == k else iv for j, iv in enumerate(pairs[i]))
        return Generated(IntervalPairCover(n, tuple(pairs)))  # type: ignore[arg-type]


PROBLEMS = [IntervalPairCoverProblem()]
