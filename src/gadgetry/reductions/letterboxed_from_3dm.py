"""3-dimensional matching to Letter Boxed with words of length 5 (NYT seed, section 2, Theorem 13).

For W, X, Y of n elements each (the paper's X, Y, Z) and triples T, the alphabet is the elements (tokens
``w0``, ``x0``, ``y0``, ...) and ``#``; each triple (a, b, c) gives the word ``# wa xb yc #``; the sides are
n copies of ``#``, then W, X and Y; the budget is k = n.

A Letter Boxed solution is the ordered sequence of words with the side of each letter. With at most n
words covering the n letters of side W each word covers a new element of W, X and Y, so the words are the
n triples of a perfect matching in some order; the sides are forced (each letter is on one side only), and
every order works. Hence exactly n! target solutions per matching: c-monious with c = n!. ``forward``
lists the matching's words in the order of the triples' indices; ``backward`` forgets the order.
"""

from __future__ import annotations

import math
from typing import Any

from gadgetry.core import Reduction, c_monious
from gadgetry.puzzles.letterboxed import LetterBoxedInstance, Solution
from gadgetry.sources.matching3d import Matching3DInstance, Selection

HASH = "#"


def word(triple: tuple[int, int, int]) -> tuple[str, ...]:
    a, b, c = triple
    return (HASH, f"w{a}", f"x{b}", f"y{c}", HASH)


class LetterBoxedFrom3DM(Reduction):
    name = "letterboxed-from-3dm"
    source = "3dm"
    target = "letterboxed"
    paper = "NYT seed"
    section = "section 2"
    theorem = "Theorem 13 (all words of length 5)"
    claim = c_monious(lambda x: math.factorial(x.n), "c = n!, the orders of the n words")
    verify_params = ({"n": 2, "triples": 4}, {"n": 3, "triples": 5}, {"n": 3, "triples": 7})

    def reduce(self, source: Matching3DInstance) -> LetterBoxedInstance:
        n = source.n
        sides = ((HASH,) * n, tuple(f"w{a}" for a in range(n)), tuple(f"x{b}" for b in range(n)),
                 tuple(f"y{c}" for c in range(n)))
        return LetterBoxedInstance(sides, tuple(word(t) for t in source.triples), n)

    def forward(self, source: Matching3DInstance, target: LetterBoxedInstance,
                source_solution: Selection) -> Solution:
        return tuple((word(source.triples[i]), (0, 1, 2, 3, 0)) for i in sorted(source_solution))

    def backward(self, source: Matching3DInstance, target: LetterBoxedInstance,
                 target_solution: Solution) -> Selection:
        index = {word(t): i for i, t in enumerate(source.triples)}
        return tuple(sorted(index[w] for w, _ in target_solution))

    def overhead(self, source: Matching3DInstance) -> dict[str, int]:
        m = len(source.triples)
        return {"sides": 4, "n": source.n, "alphabet": 3 * source.n + 1, "words": m, "letters": 5 * m,
                "longest": 5 if m else 0, "k": source.n}

    def example(self) -> tuple[Any, Any]:
        """Figure 6's picture is not in the text: n = 2 with triples (0,0,0), (0,1,1), (1,1,1), (1,0,0),
        matched by triples 1 and 3."""
        return Matching3DInstance(2, ((0, 0, 0), (0, 1, 1), (1, 1, 1), (1, 0, 0))), (1, 3)


REDUCTIONS = [LetterBoxedFrom3DM()]
