"""Subset sum to Pips with arbitrary non-negative tile values and a single sum constraint (NYT seed,
section 3, Theorem 17, Figure 11).

Figure 11 is missing; the board is reconstructed from the proof: for items x_0..x_{n-1} and target T,
one domino ``(x_i, 0)`` per item; a horizontal *block* of n cells on row 1 forming the only constrained
region (sum T); and one *tooth* cell per block cell, above it (row 0) in even columns and below it (row 2)
in odd columns, each tooth an unconstrained region of its own. A tooth touches only its block cell, so
the tiling is unique (one vertical domino per column), and each domino shows either x_i or 0 in the
block: the layout chooses a subset, and it is valid exactly when the subset sums to T.

Counting: a layout is the values on the cells (the pairing is fixed). It fixes which item value stands in
each column and whether it shows in the block; the column arrangements of the items are the
n! / prod(m_x!) distinct orderings of the multiset (m_x = how many items equal x), and for each ordering
the valid orientations are exactly the source's solutions (index sets summing to T). So the reduction is
c-monious with c = n! / prod(m_x!): parsimonious when the items are distinct up to ordering, i.e. c
counts orderings.
"""

from __future__ import annotations

import math
from collections import Counter
from gadgetry.core import Reduction, c_monious
from gadgetry.puzzles.pips import Cell, Layout, PipsInstance, Region, values_of
from gadgetry.sources.subsetsum import Selection, SubsetSumInstance


def orderings(src: SubsetSumInstance) -> int:
    """n! / prod(m_x!): the distinct orderings of the item multiset."""
    out = math.factorial(len(src.items))
    for m in Counter(src.items).values():
        out //= math.factorial(m)
    return out


def tooth(i: int) -> Cell:
    """The tooth of column i: above the block in even columns, below in odd ones."""
    return (0, i) if i % 2 == 0 else (2, i)


class PipsFromSubsetSum(Reduction):
    name = "pips-from-subset-sum"
    source = "subset-sum"
    target = "pips"
    paper = "NYT seed"
    section = "section 3"
    theorem = "Theorem 17 (Figure 11)"
    claim = c_monious(orderings, "c = n! / prod over item values x of (multiplicity of x)!")
    verify_params = ({"items": 3, "max": 6}, {"items": 4, "max": 8}, {"items": 5, "max": 10})

    def reduce(self, source: SubsetSumInstance) -> PipsInstance:
        n = len(source.items)
        block = Region("sum", tuple((1, i) for i in range(n)), source.target)
        teeth = tuple(Region("empty", (tooth(i),)) for i in range(n))
        return PipsInstance(tuple((x, 0) for x in source.items), (block, *teeth))

    def forward(self, source: SubsetSumInstance, target: PipsInstance, source_solution: Selection) -> Layout:
        """Item i in column i, its value in the block when chosen."""
        chosen = set(source_solution)
        return tuple(((1, i), tooth(i)) if i in chosen else (tooth(i), (1, i)) for i in range(len(source.items)))

    def backward(self, source: SubsetSumInstance, target: PipsInstance, target_solution: Layout) -> Selection:
        """The values shown in the block, each taken by the first unused item index of that value."""
        value = values_of(target, target_solution)
        free: dict[int, list[int]] = {}
        for i, x in enumerate(source.items):
            free.setdefault(x, []).append(i)
        shown = [value[(1, i)] for i in range(len(source.items)) if value[(1, i)]]
        return tuple(sorted(free[x].pop(0) for x in shown))

    def overhead(self, source: SubsetSumInstance) -> dict[str, int]:
        n = len(source.items)
        return {"cells": 2 * n, "dominoes": n, "regions": n + 1, "constraints": 1}


REDUCTIONS = [PipsFromSubsetSum()]
