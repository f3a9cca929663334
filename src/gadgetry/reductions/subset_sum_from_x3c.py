"""X3C to subset sum, parsimoniously (Karp 1972, exact cover to knapsack; Garey & Johnson [SP13]): the
source of the Pips reduction (NYT seed, section 3, Theorem 17), reached from 3SAT through 3DM.

With k sets over the universe 0..3q-1, numbers are written in a base b larger than any element's number
of sets (Karp's base k + 1 bounds that number by k; the tightest bound, used here, keeps the numbers of a
3DM-derived collection within 64 bits for longer): set i becomes the item with digit 1 at each of its
elements, sum over e in S_i of b^e. Any choice of sets has, at digit e, the number of chosen sets
containing e, less than b: no digit carries into the next, so the chosen items sum to 11...1 (one 1 per
element) exactly when every element is covered once. One more item, b^(3q), with the target's top digit
1, is always chosen: it keeps the subset-sum instance well formed (at least one item, a positive target)
when the collection is empty or the universe is, and it changes no count. Target: T = sum of b^e for
e = 0..3q.

A base no larger than some element's number of sets lets digits carry (three sets through one element in
base 2 make 11 at that digit) and admits sums that are not covers; the module's tests check that.
Solutions correspond one to one: ``forward`` adds the forced item (index k), ``backward`` drops it.
"""

from __future__ import annotations

from typing import Any

from gadgetry.core import PARSIMONIOUS, Reduction
from gadgetry.sources.subsetsum import Selection, SubsetSumInstance
from gadgetry.sources.x3c import X3CInstance


def base(source: X3CInstance) -> int:
    """One more than the most sets any element is in (at most k + 1 for k sets), at least 2: more than any
    digit a choice of sets can make."""
    return max([2] + [sum(e in s for s in source.sets) + 1 for e in range(source.elements)])


class SubsetSumFromX3C(Reduction):
    name = "subset-sum-from-x3c"
    source = "x3c"
    target = "subset-sum"
    paper = "Karp 1972; Garey & Johnson 1979 [SP13]; NYT seed (its Theorem 17 starts from subset sum)"
    section = "one digit per element in a base above any element's number of sets (no carries), one forced item"
    theorem = "Subset sum (knapsack) is NP-complete (Karp 1972)"
    claim = PARSIMONIOUS
    verify_params = ({"elements": 6, "sets": 5}, {"elements": 9, "sets": 7}, {"elements": 12, "sets": 10})

    def reduce(self, source: X3CInstance) -> SubsetSumInstance:
        b, top = base(source), source.elements
        items = tuple(sum(b ** e for e in s) for s in source.sets) + (b ** top,)
        return SubsetSumInstance(items, sum(b ** e for e in range(top + 1)))

    def forward(self, source: X3CInstance, target: SubsetSumInstance, source_solution: Selection) -> Selection:
        return (*sorted(source_solution), len(source.sets))

    def backward(self, source: X3CInstance, target: SubsetSumInstance, target_solution: Selection) -> Selection:
        return tuple(sorted(i for i in target_solution if i != len(source.sets)))

    def overhead(self, source: X3CInstance) -> dict[str, int]:
        b, top = base(source), source.elements
        return {"items": len(source.sets) + 1, "target": sum(b ** e for e in range(top + 1)),
                "total": sum(b ** e for s in source.sets for e in s) + b ** top}

    def example(self) -> tuple[Any, Any]:
        """Universe 0..5 with sets {0,1,2}, {3,4,5}, {0,3,4}: covered by sets 0 and 1."""
        return X3CInstance(6, ((0, 1, 2), (3, 4, 5), (0, 3, 4))), (0, 1)


REDUCTIONS = [SubsetSumFromX3C()]
