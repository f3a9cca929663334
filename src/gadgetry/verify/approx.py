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


def approx_count(clauses: Sequence[Sequence[int]], projection: Sequence[int] | None, nvars: int,
                 epsilon: float = EPSILON, delta: float = DELTA, seed: int = 1) -> ApproxCount:
    """The projected model count by ApproxMC."""
    import pyapproxmc

    counter = pyapproxmc.Counter(seed=seed, epsilon=epsilon, delta=delta)
    for c in clauses:
        counter.add_clause(list(c))
    if any(len(c) == 0 for c in clauses):
        return ApproxCount(0, epsilon, delta)
    cells, hashes = counter.count(list(projection) if projection is not None else list(range(1, nvars + 1)))
    return ApproxCount(cells * 2 ** hashes, epsilon, delta)


def near_uniform_models(clauses: Sequence[Sequence[int]], projection: Sequence[int] | None, nvars: int,
                        num: int, seed: int = 1) -> list[set[int]]:
    """``num`` models drawn almost uniformly by UniGen over ``projection``, each as its set of true
    variables (projection variables only)."""
    import pyunigen

    if any(len(c) == 0 for c in clauses):
        return []
    sampler = pyunigen.Sampler(seed=seed)
    for c in clauses:
        sampler.add_clause(list(c))
    over = list(projection) if projection is not None else list(range(1, nvars + 1))
    _cells, _hashes, samples = sampler.sample(num=num, sampling_set=over)
    return [{lit for lit in s if lit > 0} for s in samples]
