"""Occurrence-restricted 3SAT variants of the edge-matching seed, section 2.2 (Definitions 2.2 and 2.3).

Every problem here is ``3sat`` (clauses of one to three literals on distinct variables; instance a
:class:`~gadgetry.sources.sat.Formula`, solution an assignment of every variable, DIMACS format) restricted
in how often a variable occurs:

- ``n3p-3sat-3-1n`` (N3P-3SAT-3-1N, Ding et al. [11] of the seed): every variable occurs at most three
  times, at most once negatively.
- ``n3p-3sat-2p-e1n`` (N3P-3SAT-2P-E1N, Definition 2.2): every variable occurs positively at most twice
  (2P) and negatively exactly once (E1N).
- ``literal-matching-n3p-3sat-2p-e1n`` (Definition 2.3): moreover the shared-literal graph (one vertex per
  clause, one edge per literal two clauses share) is a matching.

N3P is read as "no clause consists of three positive literals" (positive clauses of one or two literals
are allowed): the seed's wording "every clause has at least one negative literal" would make the all-false
assignment satisfy every instance (a slip, docs/slips.md). Counts are over every declared variable; under E1N
every variable occurs, so no variable is free.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Mapping
from typing import ClassVar

from gadgetry.core import InputError, Param
from gadgetry.sources.sat import Assignment, Formula, ThreeSat, value


def occurrences(f: Formula) -> dict[int, tuple[list[int], list[int]]]:
    """Variable -> (clause indices of its negative literals, clause indices of its positive literals)."""
    occ: dict[int, tuple[list[int], list[int]]] = {v: ([], []) for v in range(1, f.variables + 1)}
    for i, clause in enumerate(f.clauses):
        for lit in clause:
            occ[abs(lit)][0 if lit < 0 else 1].append(i)
    return occ


def shared_literal_graph(f: Formula) -> list[tuple[int, int, int]]:
    """Edges ``(i, j, literal)`` with clause indices i < j, one per literal clauses i and j share (the
    seed's shared-literal multigraph, section 2.2.2)."""
    where: dict[int, list[int]] = {}
    for i, clause in enumerate(f.clauses):
        for lit in clause:
            where.setdefault(lit, []).append(i)
    return sorted((i, j, lit) for lit, cs in where.items() for i, j in itertools.combinations(cs, 2))


def is_literal_matching(f: Formula) -> bool:
    """Whether the shared-literal graph is a matching (no clause on two edges)."""
    ends = [c for i, j, _lit in shared_literal_graph(f) for c in (i, j)]
    return len(ends) == len(set(ends))


class OccurrenceSat(ThreeSat):
    """3SAT with N3P and per-variable occurrence bounds; subclasses set the bounds."""

    paper = "Edge-matching seed, section 2.2.1, Definition 2.2 (Ding et al. [11])"
    distinct = True
    min_neg: ClassVar[int] = 1
    max_neg: ClassVar[int] = 1
    max_pos: ClassVar[int] = 2
    max_total: ClassVar[int] = 3
    matching: ClassVar[bool] = False
    params = (Param("variables", 6, 1, 500, "number of variables"),
              Param("clauses", 6, 1, 1500, "number of clauses"))
    exhaustive_params = (Param("variables", 3, 1, 3, "number of variables"),
                         Param("clauses", 4, 0, 5, "largest number of clauses"))
    modes = ("planted", "unsat", "unique")
    #: Distinct variables per clause: no repeated literal or tautology; exactly one negative occurrence
    #: (E1N): no unused variable.
    edge_cases = ("unit-clause", "binary-clause", "single-occurrence", "negative-only", "empty-formula",
                  "one-variable", "two-variables")
    mode_params: ClassVar[dict[str, dict[str, int]]] = {"unsat": {"variables": 6, "clauses": 8},
                                                         "unique": {"variables": 5, "clauses": 6}}

    def validate(self, f: Formula) -> None:
        super().validate(f)
        for i, clause in enumerate(f.clauses, 1):
            if len(clause) == 3 and all(lit > 0 for lit in clause):
                raise InputError(f"{self.name}: clause {i} has three positive literals (N3P)")
        for v, (neg, pos) in occurrences(f).items():
            if not self.min_neg <= len(neg) <= self.max_neg:
                want = (f"exactly {self.min_neg}" if self.min_neg == self.max_neg
                        else f"at most {self.max_neg}")
                raise InputError(f"{self.name}: variable {v} occurs negatively {len(neg)} times, "
                                 f"expected {want}")
            if len(pos) > self.max_pos:
                raise InputError(f"{self.name}: variable {v} occurs positively {len(pos)} times "
                                 f"(at most {self.max_pos})")
            if len(neg) + len(pos) > self.max_total:
                raise InputError(f"{self.name}: variable {v} occurs {len(neg) + len(pos)} times "
                                 f"(at most {self.max_total})")
        if self.matching and not is_literal_matching(f):
            raise InputError(f"{self.name}: the shared-literal graph is not a matching")

    # -- generation ----------------------------------------------------------------------------------
    def random_counts(self, n: int, m: int, rng: random.Random) -> list[tuple[int, int]]:
        """(negative, positive) occurrence counts per variable, with between m and 3m literals in all."""
        neg = [self.max_neg if self.min_neg == self.max_neg or rng.random() < 0.9 else self.min_neg
               for _ in range(n)]
        cap = [min(self.max_pos, self.max_total - k) for k in neg]
        pos = [rng.randint(0, c) for c in cap]
        total = sum(neg) + sum(pos)
        if total < m:  # add positive occurrences in free slots
            free = [v for v in range(n) for _ in range(cap[v] - pos[v])]
            if len(free) < m - total:
                raise InputError(f"{self.name}: {n} variables cannot fill {m} clauses")
            for v in rng.sample(free, m - total):
                pos[v] += 1
        elif total > 3 * m:  # remove positive occurrences
            taken = [v for v in range(n) for _ in range(pos[v])]
            if len(taken) < total - 3 * m:
                raise InputError(f"{self.name}: {n} variables do not fit in {m} clauses")
            for v in rng.sample(taken, total - 3 * m):
                pos[v] -= 1
        return list(zip(neg, pos))

    def fits(self, clause: list[int], lit: int, doubled: set[int]) -> bool:
        """Whether ``lit`` may join ``clause`` (width, distinct variables, N3P, the matching)."""
        return (len(clause) < 3 and all(abs(x) != abs(lit) for x in clause)
                and not (lit > 0 and len(clause) == 2 and all(x > 0 for x in clause))
                and not (self.matching and lit in doubled and any(x in doubled for x in clause)))

    def pack(self, n: int, lits: list[int], rng: random.Random, seeds: list[int]) -> Formula | None:
        """A formula over n variables: ``seeds`` start one clause each, then the other ``lits`` go at
        random where the problem's rules allow; None when stuck."""
        seen: set[int] = set()
        doubled = {lit for lit in lits if lit > 0 and (lit in seen or seen.add(lit))}
        clauses: list[list[int]] = [[lit] for lit in seeds]
        rest = list(lits)
        for lit in seeds:
            rest.remove(lit)
        rng.shuffle(rest)
        for lit in rest:
            tries = [rng.randrange(len(clauses)) for _ in range(8)]
            home = next((c for c in (clauses[i] for i in tries) if self.fits(c, lit, doubled)), None)
            if home is None:
                fits = [c for c in clauses if self.fits(c, lit, doubled)]
                if not fits:
                    return None
                home = rng.choice(fits)
            home.append(lit)
        f = Formula(n, tuple(tuple(sorted(c, key=abs)) for c in clauses))
        return f if not self.matching or is_literal_matching(f) else None

    def random_formula(self, params: Mapping[str, int], rng: random.Random,
                       planted: Assignment | None) -> Formula | None:
        n, m = params["variables"], params["clauses"]
        counts = self.random_counts(n, m, rng)
        lits = [lit for v, (neg, pos) in enumerate(counts, 1) for lit in [-v] * neg + [v] * pos]
        pool = lits if planted is None else [lit for lit in lits if value(planted, lit)]
        if len(pool) < m:
            return None
        return self.pack(n, lits, rng, rng.sample(pool, m))

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[Formula]:
        """The valid formulas of the 3SAT sweep; when every variable must occur negated, the empty formula
        over no variables first (the only empty one)."""
        if self.min_neg:
            yield Formula(0, ())
        yield from filter(self.is_valid, super().exhaustive(params))

    def edge_formula(self, name: str, n: int, m: int, rng: random.Random) -> Formula | None:
        """The empty formula (over no variables when every variable must occur negated), else a random
        draw of between n/3 and n clauses, kept by :meth:`draw_edge` when it shows ``name``."""
        if name == "empty-formula":
            return Formula(n if self.min_neg == 0 else 0, ())
        m = rng.randint(max(1, -(-n // 3)), n)
        return self.random_formula({"variables": n, "clauses": m}, rng, None)


class N3PSat3_1N(OccurrenceSat):
    name = "n3p-3sat-3-1n"
    title = "N3P-3SAT-3-1N: at most three occurrences per variable, at most one negative"
    paper = "Edge-matching seed, section 2.2.1 (Ding et al. [11])"
    min_neg = 0
    max_pos = 3
    edge_cases = (*OccurrenceSat.edge_cases, "unused-variable")


class N3PSat2PE1N(OccurrenceSat):
    name = "n3p-3sat-2p-e1n"
    title = "N3P-3SAT-2P-E1N: at most two positive and exactly one negative occurrence per variable"


class LiteralMatchingN3PSat(OccurrenceSat):
    name = "literal-matching-n3p-3sat-2p-e1n"
    title = "literal-matching N3P-3SAT-2P-E1N: the shared-literal graph is a matching"
    paper = "Edge-matching seed, section 2.2.2, Definition 2.3"
    matching = True


PROBLEMS = [N3PSat3_1N(), N3PSat2PE1N(), LiteralMatchingN3PSat()]
