"""S-sides Letter Boxed to (S+1)-sides Letter Boxed (NYT seed, section 2, Theorem 14).

Three new letters s, e, # (fresh tokens). Dictionary D' = D, s.w and w.e for w in D, ``##`` and ``e#``;
sides Gamma'_i = Gamma_i + {#} for i < S and Gamma'_S = {s, e, # x (n - 1)} (sides numbered from 0, the
new side last). A solution must start with s.w (nothing else covers s), pass through the old sides as the
source solution does, return to the new side with w.e, and cover the S + n - 1 copies of # with ``e#``
and ``##`` words.

Two corrections to the paper, both found by this project's verification:

- a source solution of one word w has no image (s.w then w.e chain only if w starts with its last
  letter), so D' also holds s.w.e for every w (L grows by 2, |D| by a factor of 4);
- the paper's budget k' = k + S + 1 + 2(n - 2) counts "two words per # after the first S + 1", but
  alternating the new side with the old ones covers one # per word until one kind runs out: the #
  words needed are exactly L# = (n - 1) + max(S, n - 1), which equals the paper's count only for
  n = 2. For n >= 3 the paper's k' leaves min(n - 2, S - 1) spare words that the old sides can use, so
  an S-sides instance needing k + 1 words maps to a solvable one (see :func:`paper_budget` and the
  tests). Here k' = k + L#.

Solutions: a target solution is (S-part, #-part); the S-part corresponds one to one to a source solution
of rho words, the #-part is any side sequence p_1..p_L (L <= k' - rho) of the # letters that starts off
the new side, never repeats a side, and covers every #. The count relation is therefore
#target = sum over source solutions of H(k' - rho) (:func:`hash_tails`), not a constant factor: the
claim is none and tests check this formula.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from functools import cache
from typing import Any

from gadgetry.core import NO_CLAIM, Reduction
from gadgetry.puzzles.letterboxed import LetterBoxedInstance, Solution, Word


def fresh(base: str, used: Iterable[str]) -> str:
    """``base`` with primes appended until it is not in ``used``."""
    taken = set(used)
    while base in taken:
        base += "'"
    return base


def new_letters(source: LetterBoxedInstance) -> tuple[str, str, str]:
    used = {g for side in source.sides for g in side} | {g for w in source.words for g in w}
    s = fresh("s", used)
    e = fresh("e", used | {s})
    h = fresh("#", used | {s, e})
    return s, e, h


def hash_words(S: int, n: int) -> int:
    """L#, the fewest words ``e#``, ``##``, ... covering the # letters: (n - 1) + max(S, n - 1)."""
    return (n - 1) + max(S, n - 1)


def paper_budget(source: LetterBoxedInstance) -> int:
    """The paper's k' = k + S + 1 + 2(n - 2) (too large for n >= 3; see the module docstring)."""
    S, n = len(source.sides), len(source.sides[0])
    return source.k + S + 1 + 2 * (n - 2)


@cache
def hash_tails(S: int, n: int, most: int) -> int:
    """H(most): the number of #-parts of at most ``most`` words, i.e. side sequences p_1..p_L with
    1 <= L <= most over sides 0..S (S the new side), p_1 != S, consecutive sides distinct, each old side
    visited and the new side visited at least n - 1 times."""
    total = 0
    # states: (last side, frozenset of old sides visited, visits of the new side capped at n - 1)
    layer: dict[tuple[int, frozenset, int], int] = {}
    for i in range(S):
        key = (i, frozenset([i]), 0)
        layer[key] = layer.get(key, 0) + 1
    for _length in range(1, most + 1):
        total += sum(c for (_, seen, new), c in layer.items() if len(seen) == S and new >= n - 1)
        nxt: dict[tuple[int, frozenset, int], int] = {}
        for (last, seen, new), c in layer.items():
            for j in range(S + 1 if n > 1 else S):
                if j == last:
                    continue
                key = (j, seen, min(new + 1, n - 1)) if j == S else (j, seen | {j}, new)
                nxt[key] = nxt.get(key, 0) + c
        layer = nxt
    return total


class MoreSides(Reduction):
    name = "letterboxed-more-sides"
    source = "letterboxed"
    target = "letterboxed"
    paper = "NYT seed"
    section = "section 2"
    theorem = "Theorem 14 (S sides to S + 1 sides; budget and one-word solutions corrected)"
    claim = NO_CLAIM
    verify_params = ({"sides": 2, "n": 1, "alphabet": 3, "words": 4, "length": 3, "k": 1},
                     {"sides": 2, "n": 2, "alphabet": 3, "words": 4, "length": 4, "k": 2},
                     {"sides": 3, "n": 1, "alphabet": 3, "words": 4, "length": 3, "k": 2},
                     {"sides": 3, "n": 2, "alphabet": 4, "words": 5, "length": 6, "k": 1})

    def reduce(self, source: LetterBoxedInstance) -> LetterBoxedInstance:
        return self.build(source, source.k + hash_words(len(source.sides), len(source.sides[0])))

    def build(self, source: LetterBoxedInstance, budget: int) -> LetterBoxedInstance:
        """The construction with word budget ``budget`` (``reduce`` uses k + L#)."""
        s, e, h = new_letters(source)
        n = len(source.sides[0])
        sides = (*((*side, h) for side in source.sides), (s, e, *[h] * (n - 1)))
        D = source.words
        words = (*D, *((s, *w) for w in D), *((*w, e) for w in D), *((s, *w, e) for w in D), (h, h), (e, h))
        return LetterBoxedInstance(sides, words, budget)

    def forward(self, source: LetterBoxedInstance, target: LetterBoxedInstance, source_solution: Solution) -> Solution:
        s, e, h = new_letters(source)
        S, n = len(source.sides), len(source.sides[0])
        steps = [list(step) for step in source_solution]
        steps[0] = [(s, *steps[0][0]), (S, *steps[0][1])]
        steps[-1] = [(*steps[-1][0], e), (*steps[-1][1], S)]
        old = [t % S for t in range(max(S, n - 1))]
        seq: list[int] = []
        for t, side in enumerate(old):
            seq.append(side)
            if t < n - 1:
                seq.append(S)
        tail = [((e, h), (S, seq[0]))] + [((h, h), (a, b)) for a, b in itertools.pairwise(seq)]
        return tuple((tuple(w), tuple(sd)) for w, sd in steps) + tuple(tail)

    def backward(self, source: LetterBoxedInstance, target: LetterBoxedInstance, target_solution: Solution) -> Solution:
        _s, e, h = new_letters(source)
        out: list[tuple[Word, tuple[int, ...]]] = []
        for t, (w, sides) in enumerate(target_solution):
            if w[0] in (e, h):
                break
            a = 1 if t == 0 else 0
            b = len(w) - 1 if w[-1] == e else len(w)
            out.append((w[a:b], sides[a:b]))
        return tuple(out)

    def overhead(self, source: LetterBoxedInstance) -> dict[str, int]:
        S, n = len(source.sides), len(source.sides[0])
        D = source.words
        letters = sum(len(w) for w in D)
        alphabet = {g for side in source.sides for g in side} | {g for w in D for g in w}
        return {"sides": S + 1, "n": n + 1, "alphabet": len(alphabet) + 3, "words": 4 * len(D) + 2,
                "letters": 4 * letters + 4 * len(D) + 4, "longest": max((len(w) + 2 for w in D), default=2),
                "k": source.k + hash_words(S, n)}

    def expected_count(self, source: LetterBoxedInstance, source_solutions: Iterable[Solution]) -> int:
        """sum over source solutions of H(k' - rho): the count relation of the module docstring."""
        S, n = len(source.sides), len(source.sides[0])
        budget = source.k + hash_words(S, n)
        return sum(hash_tails(S, n, budget - len(sol)) for sol in source_solutions)

    def example(self) -> tuple[Any, Any]:
        """No worked example in the paper: the 3-sided box ad-be-cf with words abc, cedf, ba and k = 2,
        solved by abc, cedf."""
        src = LetterBoxedInstance((("a", "d"), ("b", "e"), ("c", "f")),
                                  (("a", "b", "c"), ("c", "e", "d", "f"), ("b", "a")), 2)
        sol = ((("a", "b", "c"), (0, 1, 2)), (("c", "e", "d", "f"), (2, 1, 0, 2)))
        return src, sol


REDUCTIONS = [MoreSides()]
