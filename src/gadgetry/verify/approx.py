"""Counting and sampling beyond exact counting: ApproxMC (pyapproxmc) and UniGen (pyunigen).

ApproxMC returns a count within a factor ``1 + epsilon`` of the true count with probability at least
``1 - delta`` (Chakraborty, Meel and Vardi, "Algorithmic improvements in approximate counting for
probabilistic inference", AAAI 2016). UniGen draws target solutions almost uniformly (Soos, Gocht and Meel,
"Tinted, detached, and lazy CNF-XOR solving and its applications to counting and sampling", CAV 2020).

How the verifier uses them (when Ganak hits its share of the instance time): a count claim whose
predicted count lies outside ApproxMC's interval is a FAIL (``count-approximate``, stated with its
epsilon and delta); one that lies inside is UNKNOWN, labelled approximate, never a PASS of the exact
claim. UniGen's samples are mapped back to the source and checked like enumerated ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

EPSILON, DELTA = 0.8, 0.05


@dataclass(frozen=True)
class ApproxCount:
    """A count within ``[count / (1 + epsilon), count * (1 + epsilon)]`` with probability ``1 - delta``."""

    count: int
    epsilon: float = EPSILON
    delta: float = DELTA

    def admits(self, exact: int) -> bool:
        """Whether ``exact`` lies in the interval the approximation guarantees."""
        if self.count == 0 or exact == 0:
            return self.count == exact
        return self.count / (1 + self.epsilon) <= exact <= self.count * (1 + self.epsilon)

    def __str__(self) -> str:
        return f"~{self.count} (ApproxMC, epsilon={self.epsilon}, delta={self.delta}; approximate)"


def _split(clauses: Sequence[Sequence[int]], projection: Sequence[int] | None,
           nvars: int) -> tuple[list[int], list[int]]:
    """The projection's variables that occur in a clause (the tools count over those only) and the free
    ones (each doubles the count)."""
    over = list(dict.fromkeys(projection)) if projection is not None else list(range(1, nvars + 1))
    occurring = {abs(lit) for c in clauses for lit in c}
    return [v for v in over if v in occurring], [v for v in over if v not in occurring]


def approx_count(clauses: Sequence[Sequence[int]], projection: Sequence[int] | None, nvars: int,
                 epsilon: float = EPSILON, delta: float = DELTA, seed: int = 1) -> ApproxCount:
    """The projected model count by ApproxMC."""
    import pyapproxmc

    if any(len(c) == 0 for c in clauses):
        return ApproxCount(0, epsilon, delta)
    bound, free = _split(clauses, projection, nvars)
    if not clauses:
        return ApproxCount(2 ** len(free), epsilon, delta)
    counter = pyapproxmc.Counter(seed=seed, epsilon=epsilon, delta=delta)
    for c in clauses:
        counter.add_clause(list(c))
    cells, hashes = counter.count(bound) if bound else counter.count()
    if not bound:  # no projection variable is constrained: 2^free when satisfiable, else 0
        return ApproxCount(2 ** len(free) if cells else 0, epsilon, delta)
    return ApproxCount(cells * 2 ** (hashes + len(free)), epsilon, delta)


def near_uniform_models(clauses: Sequence[Sequence[int]], projection: Sequence[int] | None, nvars: int,
                        num: int, seed: int = 1) -> list[set[int]]:
    """``num`` models drawn almost uniformly by UniGen over ``projection``, each as its set of true
    projection variables (the free ones, in no clause, drawn uniformly)."""
    import random

    import pyunigen

    if any(len(c) == 0 for c in clauses):
        return []
    bound, free = _split(clauses, projection, nvars)
    rng = random.Random(seed)
    if bound:
        sampler = pyunigen.Sampler(seed=seed)
        for c in clauses:
            sampler.add_clause(list(c))
        _cells, _hashes, samples = sampler.sample(num=num, sampling_set=bound)
        models = [{lit for lit in s if lit > 0} for s in samples]
    else:
        models = [set() for _ in range(num)]
    return [m | {v for v in free if rng.random() < 0.5} for m in models]
