"""Exact Cover by 3-Sets (X3C; Garey & Johnson [SP2], Karp 1972).

An instance is a universe of ``elements`` = 3q elements 0..3q-1 and a collection of 3-element subsets,
each stored as a sorted triple. The collection is a list: the same set may occur at several indices,
and those occurrences are different sets. A solution is the sorted tuple of the *indices* of chosen sets
covering every element exactly once (so it has q indices); JSON: ``[0, 4, 5]``. Choosing either of two
equal sets at different indices gives two different solutions.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gadgetry.core import CNF, VALID, Encoding, Generated, InputError, Param, Problem, Verdict, invalid
from gadgetry.core.values import is_int
from gadgetry.sources.structures import SET_EDGE_CASES, set_structures

Triple = tuple[int, int, int]
Selection = tuple[int, ...]



@dataclass(frozen=True)
class X3CInstance:
    """A universe 0..``elements``-1 (a multiple of 3) and a list of sorted 3-element ``sets``."""

    elements: int
    sets: tuple[Triple, ...]



class X3C(Problem):
    name = "x3c"
    title = "exact cover by 3-sets"
    paper = "Garey & Johnson 1979 [SP2]; Karp 1972"
    solution_is = ("a set of indices of the collection covering every element exactly once "
                   "(equal sets at different indices are different choices)")
    params = (Param("elements", 9, 3, 300, "universe size 3q (a multiple of 3)"),
              Param("sets", 7, 0, 2000, "number of 3-element sets"))
    exhaustive_params = (Param("elements", 6, 3, 6, "largest universe size (3 or 6)"),
                         Param("sets", 3, 0, 4, "largest number of sets (repeats allowed)"))
    modes = ("planted", "unsat", "unique")
    edge_cases = SET_EDGE_CASES
    attempts = 500
    failures = {"unsat": "no instance without an exact cover found in {attempts} draws; try fewer sets",
                "unique": "no instance with a unique cover found in {attempts} draws; try fewer sets"}
    mode_params = {"unsat": {"elements": 9, "sets": 7}, "unique": {"elements": 12, "sets": 14}}

    # -- protocol ------------------------------------------------------------------------------
    def validate(self, inst: X3CInstance) -> None:
        n = inst.elements
        if not is_int(n) or n < 0 or n % 3:
            raise InputError(f"x3c: 'elements' must be a non-negative multiple of 3, got {n!r}")
        for i, s in enumerate(inst.sets):
            if (not isinstance(s, tuple) or len(s) != 3 or not all(is_int(e) and 0 <= e < n for e in s)
                    or not s[0] < s[1] < s[2]):
                raise InputError(f"x3c: set {i} {s!r} is not 3 increasing elements of 0..{n - 1}")

    def check(self, inst: X3CInstance, sol: Sequence[int]) -> Verdict:
        covered: dict[int, int] = {}
        for i in sol:
            if not 0 <= i < len(inst.sets):
                return invalid("index-out-of-range", f"set index {i} (there are {len(inst.sets)} sets)")
        if len(set(sol)) != len(sol):
            return invalid("index-repeated", f"indices {sorted(sol)}")
        for i in sol:
            for e in inst.sets[i]:
                if e in covered:
                    return invalid("element-covered-twice", f"element {e} by sets {covered[e]} and {i}")
                covered[e] = i
        for e in range(inst.elements):
            if e not in covered:
                return invalid("element-uncovered", f"element {e}")
        return VALID

    def encode(self, inst: X3CInstance) -> Encoding:
        """One variable per set; exactly one chosen set contains each element."""
        cnf = CNF()
        xs = [cnf.var(("set", i)) for i in range(len(inst.sets))]
        cnf.project(xs)
        for e in range(inst.elements):
            cnf.exactly_one([xs[i] for i, s in enumerate(inst.sets) if e in s])
        return Encoding(cnf, lambda val: tuple(i for i, x in enumerate(xs) if val(x)))

    def instance_to_json(self, inst: X3CInstance) -> dict[str, Any]:
        return {"elements": inst.elements, "sets": [list(s) for s in inst.sets]}

    def instance_from_json(self, data: Mapping[str, Any]) -> X3CInstance:
        """Reads ``{"elements": 3q, "sets": [[a, b, c], ...]}``; each set is sorted on reading."""
        unknown = sorted(set(data) - {"elements", "sets"})
        if unknown:
            raise InputError(f"x3c: unknown field {unknown[0]!r}")
        sets = data["sets"]
        if not isinstance(sets, list) or not all(isinstance(s, list) and len(s) == 3 for s in sets):
            raise InputError("x3c: 'sets' must be a list of 3-element lists")
        if not all(is_int(e) for s in sets for e in s):
            raise InputError("x3c: set elements must be integers")
        return X3CInstance(data["elements"], tuple(tuple(sorted(s)) for s in sets))  # type: ignore[misc]

    def solution_to_json(self, inst: X3CInstance, sol: Selection) -> list[int]:
        return sorted(sol)

    def solution_from_json(self, inst: X3CInstance, data: Any) -> Selection:
        if not isinstance(data, list) or not all(is_int(i) for i in data):
            raise InputError("x3c: a solution is a list of set indices")
        return tuple(sorted(data))

    def size(self, inst: X3CInstance) -> dict[str, int]:
        return {"elements": inst.elements, "sets": len(inst.sets)}

    # -- sources -------------------------------------------------------------------------------
    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        """Random sets."""
        n, m = self._sizes(params)
        return Generated(X3CInstance(n, tuple(_random_set(n, rng) for _ in range(m))))

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        """A random partition into q sets hidden among random sets."""
        n, m = self._sizes(params)
        if m < n // 3:
            raise InputError(f"x3c: a planted cover needs sets >= elements/3 = {n // 3}, got sets={m}")
        return Generated(*self._planted(n, m, rng))

    def draw_unsat(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        """Random sets, the first ones placed to touch every element as far as their number allows."""
        n, m = self._sizes(params)
        return Generated(X3CInstance(n, tuple(self._covering(n, m, rng))))

    @staticmethod
    def _sizes(params: Mapping[str, int]) -> tuple[int, int]:
        n, m = params["elements"], params["sets"]
        if n % 3:
            raise InputError(f"x3c: elements={n} is not a multiple of 3")
        return n, m

    def _planted(self, n: int, m: int, rng: random.Random) -> tuple[X3CInstance, Selection]:
        perm = rng.sample(range(n), n)
        cover = [tuple(sorted(perm[3 * k:3 * k + 3])) for k in range(n // 3)]
        sets = [(s, True) for s in cover] + [(_random_set(n, rng), False) for _ in range(m - len(cover))]
        rng.shuffle(sets)
        inst = X3CInstance(n, tuple(s for s, _ in sets))  # type: ignore[misc]
        return inst, tuple(i for i, (_, chosen) in enumerate(sets) if chosen)

    @staticmethod
    def _covering(n: int, m: int, rng: random.Random) -> list[Triple]:
        """``m`` random sets; when ``3m >= n`` the first ones put each uncovered element, taken in random
        order, in a set with two random others (while fewer than ``m`` sets exist)."""
        sets: list[Triple] = []
        if 3 * m >= n:
            for e in rng.sample(range(n), n):
                if len(sets) < m and not any(e in s for s in sets):
                    others = rng.sample([x for x in range(n) if x != e], 2)
                    sets.append(tuple(sorted([e, *others])))  # type: ignore[arg-type]
        sets += [_random_set(n, rng) for _ in range(m - len(sets))]
        rng.shuffle(sets)
        return sets


    def exhaustive(self, params: Mapping[str, int]) -> Iterator[X3CInstance]:
        """Every collection (multiset, in canonical order) of at most ``sets`` 3-subsets of a universe of
        3, 6, ... up to ``elements`` elements."""
        for n in range(3, params["elements"] + 1, 3):
            pool = list(itertools.combinations(range(n), 3))
            for m in range(params["sets"] + 1):
                for sets in itertools.combinations_with_replacement(pool, m):
                    yield X3CInstance(n, sets)

    def brute_force(self, inst: X3CInstance) -> Iterator[Selection]:
        """Every choice of q indices whose sets cover all 3q elements (so are pairwise disjoint)."""
        q = inst.elements // 3
        for chosen in itertools.combinations(range(len(inst.sets)), q):
            if len({e for i in chosen for e in inst.sets[i]}) == inst.elements:
                yield chosen

    def shrink(self, inst: X3CInstance) -> Iterator[X3CInstance]:
        """Three elements deleted (those of a set, or three no set covers) with every set touching them and
        the elements above renumbered down; then one set deleted at a time."""
        n = inst.elements
        uncovered = sorted(set(range(n)) - {e for s in inst.sets for e in s})
        for gone in dict.fromkeys([*inst.sets, *([tuple(uncovered[:3])] if len(uncovered) >= 3 else [])]):
            def down(e: int, gone: tuple[int, ...] = gone) -> int:
                return e - sum(g < e for g in gone)
            yield X3CInstance(n - 3, tuple(tuple(map(down, s)) for s in inst.sets  # type: ignore[misc]
                                           if not set(s) & set(gone)))
        for i in range(len(inst.sets)):
            yield X3CInstance(n, inst.sets[:i] + inst.sets[i + 1:])

    def structures(self, inst: X3CInstance) -> frozenset[str]:
        return set_structures(range(inst.elements), inst.sets, inst.sets, inst.elements <= 3)

    def draw_edge(self, name: str, params: Mapping[str, int], rng: random.Random) -> Generated:
        """Random sets made to show ``name``: one element left out of every set, a set given twice, one
        element put in most sets, the universe {0, 1, 2}, or no sets at all."""
        n, m = self._sizes(params)
        if name == "smallest-universe":
            return Generated(X3CInstance(3, ((0, 1, 2),) * rng.randint(0, 3)))
        if name == "no-sets":
            return Generated(X3CInstance(n, ()))
        m = max(m, 2)
        sets = [_random_set(n, rng) for _ in range(m)]
        e = rng.randrange(n)
        if name == "uncovered-element":
            sets = [tuple(sorted(x + (x >= e) for x in _random_set(n - 1, rng))) for _ in range(m)]
        elif name == "repeated-set":
            sets[rng.randrange(m)] = rng.choice(sets)
        elif name == "popular-element":
            for i in rng.sample(range(m), max(3, (m + 1) // 2)) if m >= 3 else range(m):
                sets[i] = tuple(sorted([e, *rng.sample([x for x in range(n) if x != e], 2)]))
        return Generated(X3CInstance(n, tuple(sets)))  # type: ignore[arg-type]


def _random_set(n: int, rng: random.Random) -> Triple:
    return tuple(sorted(rng.sample(range(n), 3)))  # type: ignore[return-value]


PROBLEMS = [X3C()]
