"""3-Dimensional Matching (3DM; Garey & Johnson [SP1] and section 3.1.2; Karp 1972).

An instance is ``n`` and a set of triples (w, x, y) of W x X x Y, where W, X and Y are three disjoint
copies of 0..n-1. As in Garey & Johnson (M is a subset of W x X x Y) and in the Letter Boxed reduction
(NYT seed, Definition 12), triples are distinct; their order is the order of the input. A solution is
the sorted tuple of the *indices* of n triples covering every element of W, X and Y exactly once
(a perfect matching); JSON: ``[0, 3, 5, 6]``.
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

#: The names of the three coordinates, for messages.
COORDS = ("w", "x", "y")


@dataclass(frozen=True)
class Matching3DInstance:
    """``n`` elements per coordinate and distinct ``triples`` (w, x, y) with coordinates in 0..n-1."""

    n: int
    triples: tuple[Triple, ...]



class Matching3D(Problem):
    name = "3dm"
    title = "3-dimensional matching"
    paper = "Garey & Johnson 1979 [SP1], section 3.1.2; Karp 1972"
    solution_is = "a set of indices of n triples covering each element of W, X and Y exactly once"
    params = (Param("n", 4, 1, 100, "elements per coordinate"),
              Param("triples", 8, 0, 5000, "number of distinct triples (at most n^3)"))
    exhaustive_params = (Param("n", 2, 1, 3, "largest number of elements per coordinate"),
                         Param("triples", 4, 0, 4, "largest number of triples"))
    modes = ("planted", "unsat", "unique")
    edge_cases = tuple(e for e in SET_EDGE_CASES if e != "repeated-set")  # triples form a set
    attempts = 500
    failures = {"unsat": "no instance without a perfect matching found in {attempts} draws; try fewer triples",
                "unique": "no instance with a unique matching found in {attempts} draws; try fewer triples"}
    mode_params = {"unsat": {"n": 4, "triples": 8}, "unique": {"n": 4, "triples": 10}}

    # -- protocol ------------------------------------------------------------------------------
    def validate(self, inst: Matching3DInstance) -> None:
        n = inst.n
        if not is_int(n) or n < 1:
            raise InputError(f"3dm: 'n' must be a positive integer, got {n!r}")
        for i, t in enumerate(inst.triples):
            if not isinstance(t, tuple) or len(t) != 3 or not all(is_int(c) and 0 <= c < n for c in t):
                raise InputError(f"3dm: triple {i} {t!r} is not (w, x, y) with coordinates in 0..{n - 1}")
        if len(set(inst.triples)) != len(inst.triples):
            dup = next(t for t in inst.triples if inst.triples.count(t) > 1)
            raise InputError(f"3dm: triple {list(dup)} occurs twice (triples form a set)")

    def check(self, inst: Matching3DInstance, sol: Sequence[int]) -> Verdict:
        for i in sol:
            if not 0 <= i < len(inst.triples):
                return invalid("index-out-of-range", f"triple index {i} (there are {len(inst.triples)})")
        if len(set(sol)) != len(sol):
            return invalid("index-repeated", f"indices {sorted(sol)}")
        for c, coord in enumerate(COORDS):
            used: dict[int, int] = {}
            for i in sol:
                v = inst.triples[i][c]
                if v in used:
                    return invalid(f"{coord}-covered-twice", f"{coord}{v} by triples {used[v]} and {i}")
                used[v] = i
            for v in range(inst.n):
                if v not in used:
                    return invalid(f"{coord}-uncovered", f"{coord}{v}")
        return VALID

    def encode(self, inst: Matching3DInstance) -> Encoding:
        """One variable per triple; exactly one chosen triple holds each element of each coordinate."""
        cnf = CNF()
        xs = [cnf.var(("triple", i)) for i in range(len(inst.triples))]
        cnf.project(xs)
        for c in range(3):
            for v in range(inst.n):
                cnf.exactly_one([xs[i] for i, t in enumerate(inst.triples) if t[c] == v])
        return Encoding(cnf, lambda val: tuple(i for i, x in enumerate(xs) if val(x)))

    def instance_to_json(self, inst: Matching3DInstance) -> dict[str, Any]:
        return {"n": inst.n, "triples": [list(t) for t in inst.triples]}

    def instance_from_json(self, data: Mapping[str, Any]) -> Matching3DInstance:
        """Reads ``{"n": n, "triples": [[w, x, y], ...]}``."""
        unknown = sorted(set(data) - {"n", "triples"})
        if unknown:
            raise InputError(f"3dm: unknown field {unknown[0]!r}")
        triples = data["triples"]
        if not isinstance(triples, list) or not all(isinstance(t, list) and len(t) == 3 for t in triples):
            raise InputError("3dm: 'triples' must be a list of [w, x, y] lists")
        return Matching3DInstance(data["n"], tuple(tuple(t) for t in triples))  # type: ignore[misc]

    def solution_to_json(self, inst: Matching3DInstance, sol: Selection) -> list[int]:
        return sorted(sol)

    def solution_from_json(self, inst: Matching3DInstance, data: Any) -> Selection:
        if not isinstance(data, list) or not all(is_int(i) for i in data):
            raise InputError("3dm: a solution is a list of triple indices")
        return tuple(sorted(data))

    def size(self, inst: Matching3DInstance) -> dict[str, int]:
        return {"n": inst.n, "triples": len(inst.triples)}

    # -- sources -------------------------------------------------------------------------------
    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        """Random distinct triples."""
        n, m = self._sizes(params)
        return Generated(Matching3DInstance(n, tuple(_fill(n, m, [], rng))))

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        """A random perfect matching hidden among random triples."""
        n, m = self._sizes(params)
        if m < n:
            raise InputError(f"3dm: a planted matching needs triples >= n = {n}, got triples={m}")
        return Generated(*self._planted(n, m, rng))

    def draw_unsat(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        """Random triples, the first ones placed to touch every element as far as their number allows."""
        n, m = self._sizes(params)
        return Generated(Matching3DInstance(n, tuple(self._covering(n, m, rng))))

    @staticmethod
    def _sizes(params: Mapping[str, int]) -> tuple[int, int]:
        n, m = params["n"], params["triples"]
        if m > n ** 3:
            raise InputError(f"3dm: triples={m} exceeds the n^3 = {n ** 3} distinct triples")
        return n, m

    def _planted(self, n: int, m: int, rng: random.Random) -> tuple[Matching3DInstance, Selection]:
        xs, ys = rng.sample(range(n), n), rng.sample(range(n), n)
        matching = {(w, xs[w], ys[w]) for w in range(n)}
        triples = _fill(n, m, sorted(matching), rng)
        rng.shuffle(triples)
        return (Matching3DInstance(n, tuple(triples)),
                tuple(i for i, t in enumerate(triples) if t in matching))

    @staticmethod
    def _covering(n: int, m: int, rng: random.Random) -> list[Triple]:
        """``m`` distinct random triples; when ``m >= n`` the first ones put each uncovered element (of
        any coordinate, taken in random order) in a triple with random other coordinates."""
        triples: list[Triple] = []
        if m >= n:
            for c, v in rng.sample([(c, v) for c in range(3) for v in range(n)], 3 * n):
                if len(triples) < m and not any(t[c] == v for t in triples):
                    t = [rng.randrange(n) for _ in range(3)]
                    t[c] = v
                    if tuple(t) not in triples:
                        triples.append(tuple(t))  # type: ignore[arg-type]
        triples = _fill(n, m, triples, rng)
        rng.shuffle(triples)
        return triples


    def exhaustive(self, params: Mapping[str, int]) -> Iterator[Matching3DInstance]:
        """Every set of at most ``triples`` triples (in canonical order) for n = 1 .. ``n``."""
        for n in range(1, params["n"] + 1):
            pool = list(itertools.product(range(n), repeat=3))
            for m in range(min(params["triples"], len(pool)) + 1):
                for triples in itertools.combinations(pool, m):
                    yield Matching3DInstance(n, triples)

    def brute_force(self, inst: Matching3DInstance) -> Iterator[Selection]:
        """Every choice of n indices whose triples differ in each coordinate."""
        for chosen in itertools.combinations(range(len(inst.triples)), inst.n):
            if all(len({inst.triples[i][c] for i in chosen}) == inst.n for c in range(3)):
                yield chosen

    def shrink(self, inst: Matching3DInstance) -> Iterator[Matching3DInstance]:
        """One value deleted from each coordinate (those of a triple, or values no triple uses) with every
        triple touching them and the values above renumbered down; then one triple deleted at a time."""
        n = inst.n
        if n > 1:
            unused = tuple(min(set(range(n)) - {t[c] for t in inst.triples}, default=0) for c in range(3))
            for gone in dict.fromkeys([*inst.triples, unused]):
                yield Matching3DInstance(n - 1, tuple(
                    tuple(x - (x > g) for x, g in zip(t, gone))  # type: ignore[misc]
                    for t in inst.triples if all(x != g for x, g in zip(t, gone))))
        for i in range(len(inst.triples)):
            yield Matching3DInstance(n, inst.triples[:i] + inst.triples[i + 1:])

    def structures(self, inst: Matching3DInstance) -> frozenset[str]:
        universe = [(c, v) for c in range(3) for v in range(inst.n)]
        return set_structures(universe, [list(enumerate(t)) for t in inst.triples], inst.triples, inst.n == 1)

    def draw_edge(self, name: str, params: Mapping[str, int], rng: random.Random) -> Generated:
        """Random triples made to show ``name``: one value of a coordinate left out, one value put in most
        triples, n = 1, or no triples. Triples form a set: ``repeated-set`` is not offered."""
        n, m = self._sizes(params)
        if name == "smallest-universe":
            return Generated(Matching3DInstance(1, ((0, 0, 0),) * rng.randint(0, 1)))
        if name == "no-sets":
            return Generated(Matching3DInstance(n, ()))
        c, v = rng.randrange(3), rng.randrange(n)
        triples: list[Triple] = []
        if name == "uncovered-element" and n > 1:
            pool = [t for t in itertools.product(range(n), repeat=3) if t[c] != v]
            triples = rng.sample(pool, min(m, len(pool)))  # type: ignore[arg-type]
        elif name == "popular-element":
            pool = [t for t in itertools.product(range(n), repeat=3) if t[c] == v]
            triples = rng.sample(pool, min(max(3, (m + 1) // 2), len(pool)))  # type: ignore[arg-type]
        return Generated(Matching3DInstance(n, tuple(_fill(n, max(m, len(triples)), triples, rng))))


def _fill(n: int, m: int, triples: list[Triple], rng: random.Random) -> list[Triple]:
    """``triples`` extended with random new distinct triples up to ``m`` (requires m <= n^3)."""
    out, seen = list(triples), set(triples)
    while len(out) < m:
        t = (rng.randrange(n), rng.randrange(n), rng.randrange(n))
        if t not in seen:
            seen.add(t)
            out.append(t)
    return out


PROBLEMS = [Matching3D()]
