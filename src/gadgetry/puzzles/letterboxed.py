"""Letter Boxed with S sides holding multisets of letters (NYT seed, section 2, Definitions 5 and 6).

An instance is S >= 2 sides, each a multiset of n >= 1 letters, a dictionary D of distinct words (each of
at least two letters) and a word budget k. Letters are *tokens*: non-empty strings without whitespace
(one character for real puzzles; the reductions use tokens such as ``x3``, ``*3``, ``#``). A word is a
tuple of tokens; in JSON a side or a word is a string when every token is one character, else a list.

A solution (Definition 6) is a sequence of 1..k dictionary words, repetitions allowed, with a side for
every letter of every word, such that the letter is on that side, two consecutive letters of a word are on
different sides, each word starts with the letter (on the same side) that ended the previous word, and
every side's multiset is covered: for side i and letter g of multiplicity m, at least m positions carry g
on side i, the shared letter between two words counted once. Two copies of a letter on one side are
indistinguishable (Definition 5: instances are defined up to permuting a side), so a solution names the
side, not the copy; two solutions are the same iff their word sequences and side sequences are equal.
JSON: ``{"words": ["limbo", "outwardly"], "sides": [[1, 0, 3, 2, 3], [3, 1, 0, ...]]}`` with sides
numbered 0..S-1 in the instance's order (top, right, bottom, left for the NYT square).

Solvers: the CNF encoding below (k word slots, one side variable per letter position) and the dynamic
program of Theorem 7 (:func:`minimum_words`, :func:`minimum_letters`: 0-1 BFS over residual-letter
states), an independent decision oracle (solvable iff ``minimum_words <= k``).

Format ``letterboxed``: the NYT notation ``abc-def-ghi-jkl`` (sides in order, a dash between sides)
optionally followed by the budget k on the same line; further lines are the dictionary, verbatim; words
given by ``--words FILE`` are added after NYT's rules (lower-cased, only a-z, at least three letters) and
kept only when playable on the box.
"""

from __future__ import annotations

import itertools
import math
import random
import re
from collections import Counter, deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pysat.card import CardEnc, EncType

from gadgetry.core import (
    CNF,
    VALID,
    Encoding,
    Format,
    Generated,
    InputError,
    Param,
    Problem,
    Verdict,
    invalid,
)
from gadgetry.core.render import render_template
from gadgetry.core.values import is_int

Token = str
Word = tuple[Token, ...]
Step = tuple[Word, tuple[int, ...]]
Solution = tuple[Step, ...]

#: The word budget of an imported NYT puzzle that names none (NYT's goals are 3 to 6 words).
NYT_BUDGET = 5
LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class LetterBoxedInstance:
    """``sides`` (S multisets of n tokens, as tuples), dictionary ``words`` (distinct), budget ``k``."""

    sides: tuple[tuple[Token, ...], ...]
    words: tuple[Word, ...]
    k: int


# -- helpers shared by the checker, the solvers and the reductions ------------------------------
def covered(steps: Sequence[Step]) -> Counter:
    """How many times each (side, letter) is covered: every position but the first of words 2, 3, ..."""
    out: Counter = Counter()
    for t, (word, sides) in enumerate(steps):
        for p, (g, i) in enumerate(zip(word, sides)):
            if p > 0 or t == 0:
                out[i, g] += 1
    return out


def demand(inst: LetterBoxedInstance) -> Counter:
    """The multiplicity of each (side, letter)."""
    return Counter((i, g) for i, side in enumerate(inst.sides) for g in side)


def letters_used(steps: Sequence[Step]) -> int:
    """Letters of a solution, the shared letter between words counted once (Theorem 7)."""
    return sum(len(w) for w, _ in steps) - max(len(steps) - 1, 0)


def side_choices(word: Word, sides: Sequence[Sequence[Token]], first: int | None = None) -> Iterator[tuple[int, ...]]:
    """Every side sequence of ``word``: letters on their sides, consecutive sides distinct, the first
    side ``first`` when given."""
    on = [[i for i, s in enumerate(sides) if g in s] for g in word]

    def rec(p: int, prev: int | None) -> Iterator[tuple[int, ...]]:
        if p == len(word):
            yield ()
            return
        for i in on[p]:
            if i != prev and (p > 0 or first is None or i == first):
                for rest in rec(p + 1, i):
                    yield (i, *rest)

    yield from rec(0, None)


def playable(word: Word, sides: Sequence[Sequence[Token]]) -> bool:
    return next(side_choices(word, sides), None) is not None



def _tokens(data: Any, what: str) -> tuple[Token, ...]:
    if isinstance(data, str):
        return tuple(data)
    if isinstance(data, list) and all(isinstance(t, str) for t in data):
        return tuple(data)
    raise InputError(f"letterboxed: {what} must be a string or a list of token strings")


def _show(tokens: Sequence[Token]) -> str | list[str]:
    return "".join(tokens) if all(len(t) == 1 for t in tokens) else list(tokens)


def _at_least(cnf: CNF, lits: list[int], m: int) -> None:
    """At least m of ``lits``; large bounds (the padding of Theorem 11 demands hundreds of copies) use
    PySAT's k-modulo totalizer, whose size grows far slower than the totalizer's n * m (any sound and
    complete encoding counts exactly under projection; counts are cross-checked against brute force)."""
    if 1 < m < len(lits):
        cnf.extend(CardEnc.atleast(lits, m, vpool=cnf.pool, encoding=EncType.kmtotalizer).clauses)
    else:
        cnf.at_least(lits, m)


# -- Theorem 7 -----------------------------------------------------------------------------------
def shortest(inst: LetterBoxedInstance, letters: bool) -> tuple[int, Solution] | None:
    """0-1 BFS over the states (side, residual letters, word, position) of Theorem 7's graph G: the least
    cost (words, or letters when ``letters``) of a solution, and a solution of that cost read off the
    parent pointers; None when no sequence of words solves ``inst``."""
    keys = sorted(demand(inst), key=repr)
    index = {key: j for j, key in enumerate(keys)}
    r0 = tuple(demand(inst)[key] for key in keys)
    on = {g: [i for i, s in enumerate(inst.sides) if g in s] for w in inst.words for g in w}
    by_first: dict[Token, list[int]] = {}
    for d, w in enumerate(inst.words):
        by_first.setdefault(w[0], []).append(d)

    def take(r: tuple[int, ...], i: int, g: Token) -> tuple[int, ...]:
        j = index.get((i, g))
        if j is None or r[j] == 0:
            return r
        return r[:j] + (r[j] - 1,) + r[j + 1:]

    END = ("end",)
    dist: dict[Any, int] = {}
    parent: dict[Any, Any] = {}
    queue: deque = deque()
    for d, w in enumerate(inst.words):
        for i in on[w[0]]:
            queue.append((0, (i, take(r0, i, w[0]), d, 1), None))
    step = 1 if letters else 0
    while queue:
        cost, state, came = queue.popleft()
        if state in dist:
            continue
        dist[state], parent[state] = cost, came
        if state == END:
            return cost, _read_path(inst, parent, came)
        i, r, d, ell = state
        w = inst.words[d]
        if ell < len(w):
            for j in on[w[ell]]:
                if j != i:
                    nxt = (j, take(r, j, w[ell]), d, ell + 1)
                    (queue.append if step else queue.appendleft)((cost + step, nxt, state))
            continue
        if not any(r):
            queue.append((cost + 1, END, state))
        for d2 in by_first.get(w[-1], ()):
            for j in on[inst.words[d2][1]]:
                if j != i:
                    queue.append((cost + 1, (j, take(r, j, inst.words[d2][1]), d2, 2), state))
    return None


def _read_path(inst: LetterBoxedInstance, parent: dict[Any, Any], last: Any) -> Solution:
    """The solution along the parent pointers ending at ``last`` (a state at the end of a word): a state at
    position 1 starts the first word, one following a finished word starts the next, its first letter on
    the side the previous word ended on."""
    path = []
    while last is not None:
        path.append(last)
        last = parent[last]
    steps: list[tuple[int, list[int]]] = []
    for prev, (i, _r, d, ell) in zip([None, *path[::-1]], path[::-1]):
        if ell == 1:
            steps.append((d, [i]))
        elif prev is not None and prev[3] == len(inst.words[prev[2]]):
            steps.append((d, [prev[0], i]))
        else:
            steps[-1][1].append(i)
    return tuple((inst.words[d], tuple(sides)) for d, sides in steps)


def minimum_words(inst: LetterBoxedInstance) -> int | None:
    """The fewest words solving ``inst`` (whatever its k), or None if no sequence of words solves it
    (NYT seed, section 2, Theorem 7)."""
    best = shortest(inst, False)
    return None if best is None else best[0]


def minimum_letters(inst: LetterBoxedInstance) -> int | None:
    """The fewest letters (shared letters between words counted once) solving ``inst``, or None
    (NYT seed, section 2, Theorem 7: continuation edges of weight 1)."""
    best = shortest(inst, True)
    return None if best is None else best[0]


def theorem_7(inst: LetterBoxedInstance) -> Solution | None:
    """A solution of the fewest words (NYT seed, section 2, Theorem 7), or None when that is more than k."""
    best = shortest(inst, False)
    return best[1] if best is not None and best[0] <= inst.k else None


# -- the problem -----------------------------------------------------------------------------------
class LetterBoxed(Problem):
    name = "letterboxed"
    title = "Letter Boxed with S sides of n letters, a dictionary and a word budget k"
    paper = "NYT seed, section 2, Definitions 5 and 6"
    solution_is = ("a sequence of 1..k dictionary words with the side of every letter (copies of a letter "
                   "on one side are not told apart)")
    params = (Param("sides", 3, 2, 8, "number of sides S"),
              Param("n", 2, 1, 8, "letters per side"),
              Param("alphabet", 4, 1, 26, "distinct letters drawn from (a, b, ...)"),
              Param("words", 6, 0, 500, "dictionary size (planted words included)"),
              Param("length", 4, 2, 12, "longest word"),
              Param("k", 2, 1, 10, "word budget"))
    modes = ("planted", "unsat", "unique")
    attempts_hint = "try a larger k or length, or fewer letters per side"
    mode_params = {"unsat": {"words": 6}, "unique": {"words": 5}}

    # -- protocol ------------------------------------------------------------------------------
    def validate(self, inst: LetterBoxedInstance) -> None:
        if not isinstance(inst.sides, tuple) or len(inst.sides) < 2:
            raise InputError("letterboxed: at least two sides are needed")
        sizes = {len(s) for s in inst.sides}
        if len(sizes) != 1:
            raise InputError(f"letterboxed: sides have different sizes {[len(s) for s in inst.sides]}")
        if sizes == {0}:
            raise InputError("letterboxed: sides must hold at least one letter")
        for what, seqs in (("side", inst.sides), ("word", inst.words)):
            for s in seqs:
                if not isinstance(s, tuple) or not all(isinstance(t, str) and t and not any(c.isspace() for c in t)
                                                       for t in s):
                    raise InputError(f"letterboxed: {what} {s!r} must consist of non-empty tokens without spaces")
        for w in inst.words:
            if len(w) < 2:
                raise InputError(f"letterboxed: word {''.join(w)!r} is shorter than two letters")
        if len(set(inst.words)) != len(inst.words):
            raise InputError("letterboxed: a word occurs twice in the dictionary")
        if not is_int(inst.k) or inst.k < 1:
            raise InputError(f"letterboxed: the word budget k must be a positive integer, got {inst.k!r}")

    def check(self, inst: LetterBoxedInstance, sol: Solution) -> Verdict:
        if not sol:
            return invalid("no-words", "a solution has at least one word")
        if len(sol) > inst.k:
            return invalid("too-many-words", f"{len(sol)} words, budget k = {inst.k}")
        dictionary = set(inst.words)
        S = len(inst.sides)
        for t, (word, sides) in enumerate(sol):
            where = f"word {t + 1} {''.join(word)!r}"
            if word not in dictionary:
                return invalid("word-not-in-dictionary", where)
            if len(sides) != len(word):
                return invalid("sides-length", f"{where}: {len(sides)} sides for {len(word)} letters")
            for p, (g, i) in enumerate(zip(word, sides)):
                if not is_int(i) or not 0 <= i < S:
                    return invalid("side-out-of-range", f"{where}, letter {p + 1}: side {i!r}")
                if g not in inst.sides[i]:
                    return invalid("letter-not-on-side", f"{where}, letter {p + 1} {g!r} on side {i}")
                if p > 0 and sides[p - 1] == i:
                    return invalid("same-side-consecutive", f"{where}, letters {p} and {p + 1} on side {i}")
            if t > 0:
                prev_word, prev_sides = sol[t - 1]
                if prev_word[-1] != word[0]:
                    return invalid("chain-letter", f"{where} does not start with {prev_word[-1]!r}")
                if prev_sides[-1] != sides[0]:
                    return invalid("chain-side", f"{where} starts on side {sides[0]}, the previous word "
                                                 f"ended on side {prev_sides[-1]}")
        got = covered(sol)
        for (i, g), m in sorted(demand(inst).items(), key=repr):
            if got[i, g] < m:
                return invalid("letter-uncovered", f"side {i}, letter {g!r}: covered {got[i, g]} of {m}")
        return VALID

    def encode(self, inst: LetterBoxedInstance) -> Encoding:
        """k word slots; slot t holds exactly one word or nothing (empty slots form a suffix, slot 0 is
        used); ``side[t,p,i]``: letter p of slot t's word is taken on side i. Projection: the word and
        side variables, which determine the solution and are all false past a word's end."""
        cnf = CNF()
        D, S, K = inst.words, len(inst.sides), inst.k
        if not D:
            cnf.add([])
            return Encoding(cnf, lambda _val: ())
        L = max(len(w) for w in D)
        on_side = [set(s) for s in inst.sides]
        u = [[cnf.var(("word", t, d)) for d in range(len(D))] for t in range(K)]
        none = [None] + [cnf.var(("empty", t)) for t in range(1, K)]
        compat: dict[tuple[int, int], list[int]] = {}
        for d, w in enumerate(D):
            for p, g in enumerate(w):
                for i in range(S):
                    if g in on_side[i]:
                        compat.setdefault((p, i), []).append(d)
        x = {(t, p, i): cnf.var(("side", t, p, i)) for t in range(K) for (p, i) in sorted(compat)}
        cnf.project([v for row in u for v in row])
        cnf.project(x.values())
        for t in range(K):
            cnf.exactly_one(u[t] if t == 0 else [*u[t], none[t]])
            if 0 < t < K - 1:
                cnf.add([-none[t], none[t + 1]])
            for d, w in enumerate(D):
                for p, g in enumerate(w):
                    cnf.add([-u[t][d], *(x[t, p, i] for i in range(S) if g in on_side[i])])
            for p in range(L):
                row = [x[t, p, i] for i in range(S) if (t, p, i) in x]
                cnf.at_most_one(row)
                for i in range(S):
                    if (t, p, i) in x:
                        cnf.add([-x[t, p, i], *(u[t][d] for d in compat[p, i])])
                        if (t, p + 1, i) in x:
                            cnf.add([-x[t, p, i], -x[t, p + 1, i]])
        # chaining: end letter and end position of each slot
        last_letters = sorted({w[-1] for w in D})
        lengths = sorted({len(w) for w in D})
        end = {(t, g): cnf.var(("end-letter", t, g)) for t in range(K - 1) for g in last_letters}
        endpos = {(t, n): cnf.var(("end-at", t, n)) for t in range(K) for n in lengths}
        for t in range(K):
            for d, w in enumerate(D):
                cnf.add([-u[t][d], endpos[t, len(w)]])
                if t < K - 1:
                    cnf.add([-u[t][d], end[t, w[-1]]])
            for n in lengths:
                cnf.add([-endpos[t, n], *(u[t][d] for d, w in enumerate(D) if len(w) == n)])
            if t < K - 1:
                for g in last_letters:
                    cnf.add([-end[t, g], *(u[t][d] for d, w in enumerate(D) if w[-1] == g)])
        for t in range(1, K):
            for d, w in enumerate(D):
                if (t - 1, w[0]) in end:
                    cnf.add([-u[t][d], end[t - 1, w[0]]])
                else:
                    cnf.add([-u[t][d]])
            for n in lengths:
                for i in range(S):
                    if (t - 1, n - 1, i) in x:
                        clause = [-endpos[t - 1, n], -x[t - 1, n - 1, i], none[t]]
                        if (t, 0, i) in x:
                            clause.append(x[t, 0, i])
                        cnf.add(clause)
        # coverage, the shared letter counted at the start of the next word only
        holders: dict[tuple[int, Token], list[int]] = {}
        for d, w in enumerate(D):
            for p, g in enumerate(w):
                holders.setdefault((p, g), []).append(d)
        for (i, g), m in sorted(demand(inst).items(), key=repr):
            hits = []
            for t in range(K):
                for p in range(L):
                    if (p, g) not in holders or (t, p, i) not in x:
                        continue
                    maybe_end = t < K - 1 and (t, p + 1) in endpos
                    if not maybe_end and len(holders[p, g]) == len(compat[p, i]):
                        hits.append(x[t, p, i])  # every word with a letter here on side i has g here
                        continue
                    h = cnf.var(("hit", t, p, i, g))
                    hits.append(h)
                    cnf.add([-h, x[t, p, i]])
                    cnf.add([-h, *(u[t][d] for d in holders[p, g])])
                    if maybe_end:
                        cnf.add([-h, -endpos[t, p + 1], none[t + 1]])
            _at_least(cnf, hits, m)

        def decode(val: Any) -> Solution:
            out = []
            for t in range(K):
                chosen = [d for d in range(len(D)) if val(u[t][d])]
                if not chosen:
                    break
                w = D[chosen[0]]
                out.append((w, tuple(next(i for i in range(S) if (t, p, i) in x and val(x[t, p, i]))
                                     for p in range(len(w)))))
            return tuple(out)

        return Encoding(cnf, decode)

    def instance_to_json(self, inst: LetterBoxedInstance) -> dict[str, Any]:
        return {"sides": [_show(s) for s in inst.sides], "words": [_show(w) for w in inst.words], "k": inst.k}

    def instance_from_json(self, data: Mapping[str, Any]) -> LetterBoxedInstance:
        unknown = sorted(set(data) - {"sides", "words", "k"})
        if unknown:
            raise InputError(f"letterboxed: unknown field {unknown[0]!r}")
        sides, words = data["sides"], data["words"]
        if not isinstance(sides, list) or not isinstance(words, list):
            raise InputError("letterboxed: 'sides' and 'words' must be lists")
        return LetterBoxedInstance(tuple(_tokens(s, "a side") for s in sides),
                                   tuple(_tokens(w, "a word") for w in words), data["k"])

    def solution_to_json(self, inst: LetterBoxedInstance, sol: Solution) -> dict[str, Any]:
        return {"words": [_show(w) for w, _ in sol], "sides": [list(s) for _, s in sol]}

    def solution_from_json(self, inst: LetterBoxedInstance, data: Any) -> Solution:
        if not isinstance(data, dict) or set(data) != {"words", "sides"}:
            raise InputError("letterboxed: a solution is {\"words\": [...], \"sides\": [[...], ...]}")
        words, sides = data["words"], data["sides"]
        if not isinstance(words, list) or not isinstance(sides, list) or len(words) != len(sides):
            raise InputError("letterboxed: a solution needs one side list per word")
        out = []
        for w, s in zip(words, sides):
            if not isinstance(s, list) or not all(is_int(i) for i in s):
                raise InputError("letterboxed: sides are lists of side numbers")
            out.append((_tokens(w, "a word"), tuple(s)))
        return tuple(out)

    def size(self, inst: LetterBoxedInstance) -> dict[str, int]:
        alphabet = {g for s in inst.sides for g in s} | {g for w in inst.words for g in w}
        return {"sides": len(inst.sides), "n": len(inst.sides[0]), "alphabet": len(alphabet),
                "words": len(inst.words), "letters": sum(len(w) for w in inst.words),
                "longest": max((len(w) for w in inst.words), default=0), "k": inst.k}

    # -- generation ------------------------------------------------------------------------------
    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        """Random sides and words over the first ``alphabet`` letters."""
        return Generated(self._random(params, rng, []))

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """A random covering walk around the box cut into at most k words, hidden among random words."""
        got = self._planted(params, rng)
        return None if got is None else Generated(*got)

    def _random(self, params: Mapping[str, int], rng: random.Random, planted: list[Word],
                sides: tuple[tuple[Token, ...], ...] | None = None) -> LetterBoxedInstance:
        letters = LETTERS[:params["alphabet"]]
        if sides is None:
            sides = tuple(tuple(rng.choice(letters) for _ in range(params["n"])) for _ in range(params["sides"]))
        words = list(dict.fromkeys(planted))
        if sum(len(letters) ** n for n in range(2, params["length"] + 1)) < params["words"]:
            raise InputError(f"letterboxed: cannot draw {params['words']} distinct words over {len(letters)} letters")
        while len(words) < params["words"]:
            w = tuple(rng.choice(letters) for _ in range(rng.randint(2, params["length"])))
            if w not in words:
                words.append(w)
        rng.shuffle(words)
        return LetterBoxedInstance(sides, tuple(words), params["k"])

    def _planted(self, params: Mapping[str, int], rng: random.Random) -> tuple[LetterBoxedInstance, Solution] | None:
        letters = LETTERS[:params["alphabet"]]
        S, n, k, length = params["sides"], params["n"], params["k"], params["length"]
        sides = tuple(tuple(rng.choice(letters) for _ in range(n)) for _ in range(S))
        items = [(i, g) for i, s in enumerate(sides) for g in s]
        rng.shuffle(items)
        walk: list[tuple[int, Token]] = []
        for i, g in items:
            if walk and walk[-1][0] == i:
                j = rng.choice([j for j in range(S) if j != i])
                walk.append((j, rng.choice(sides[j])))
            walk.append((i, g))
        words_max = min(k, len(walk) - 1) if len(walk) > 1 else 1
        if len(walk) == 1:  # a one-letter walk: extend it to a word of two letters
            j = rng.choice([j for j in range(S) if j != walk[0][0]])
            walk.append((j, rng.choice(sides[j])))
        count = rng.randint(1, max(1, words_max))
        if len(walk) - 1 > count * (length - 1):
            return None
        cuts = sorted(rng.sample(range(1, len(walk) - 1), count - 1)) if count > 1 else []
        if len(cuts) != count - 1:
            return None
        bounds = [0, *cuts, len(walk) - 1]
        steps = tuple((tuple(g for _, g in walk[a:b + 1]), tuple(i for i, _ in walk[a:b + 1]))
                      for a, b in itertools.pairwise(bounds))
        if any(len(w) > length for w, _ in steps):
            return None
        if len({w for w, _ in steps}) > params["words"]:
            return None
        inst = self._random(params, rng, [w for w, _ in steps], sides)
        assert self.check(inst, steps), self.check(inst, steps)
        return inst, steps


    def counting_method(self, inst: LetterBoxedInstance) -> str:
        """The portfolio: enumeration is 11-36 times faster than Ganak on NYT puzzles (4 s against 150 s
        for 958 two-word solutions)."""
        return "portfolio"

    def extra_solvers(self) -> dict[str, Callable[[Any], Any]]:
        """NYT seed, section 2, Theorem 7: the dynamic program over residual letters (:func:`theorem_7`)."""
        return {"theorem-7": theorem_7}

    def brute_force(self, inst: LetterBoxedInstance) -> Iterator[Solution]:
        """Every word sequence of at most k words, every side sequence of each, kept when it covers."""
        need = demand(inst)
        starts: dict[Token, list[Word]] = {}
        for w in inst.words:
            starts.setdefault(w[0], []).append(w)

        def rec(steps: tuple[Step, ...]) -> Iterator[Solution]:
            if steps:
                got = covered(steps)
                if all(got[key] >= m for key, m in need.items()):
                    yield steps
                if len(steps) == inst.k:
                    return
                last_word, last_sides = steps[-1]
                options = [(w, last_sides[-1]) for w in starts.get(last_word[-1], ())]
            else:
                options = [(w, None) for w in inst.words]
            for w, first in options:
                for sides in side_choices(w, inst.sides, first):
                    yield from rec((*steps, (w, sides)))

        yield from rec(())

    def shrink(self, inst: LetterBoxedInstance) -> Iterator[LetterBoxedInstance]:
        for d in range(len(inst.words)):
            yield LetterBoxedInstance(inst.sides, inst.words[:d] + inst.words[d + 1:], inst.k)
        if inst.k > 1:
            yield LetterBoxedInstance(inst.sides, inst.words, inst.k - 1)
        if len(inst.sides) > 2:
            for i in range(len(inst.sides)):
                yield LetterBoxedInstance(inst.sides[:i] + inst.sides[i + 1:], inst.words, inst.k)
        if len(inst.sides[0]) > 1:
            yield LetterBoxedInstance(tuple(s[:-1] for s in inst.sides), inst.words, inst.k)

    # -- formats and pictures ----------------------------------------------------------------------
    def formats(self) -> dict[str, Format]:
        return {"letterboxed": Format("letterboxed", read_nyt, write_nyt, looks_like_nyt,
                                      "NYT notation abc-def-ghi-jkl [k], then one dictionary word a line; "
                                      "--words FILE adds a word list (NYT rules: a-z, at least 3 letters)")}

    def render_svg(self, inst: LetterBoxedInstance, solution: Solution | None = None) -> str:
        return render_template("letterboxed.svg.j2", **picture(inst, solution))


# -- the NYT notation ----------------------------------------------------------------------------
_NYT = re.compile(r"^\s*([A-Za-z]+(?:-[A-Za-z]+)+)(?:\s+(\d+))?\s*$")


def looks_like_nyt(text: str) -> bool:
    lines = text.strip().splitlines()
    return bool(lines) and _NYT.match(lines[0]) is not None


def nyt_words(text: str, sides: Sequence[Sequence[Token]]) -> list[Word]:
    """A word list filtered as NYT plays: lower-cased, only a-z, at least three letters, and playable on
    the box (every letter on a side, some side sequence without two consecutive letters on one side)."""
    out = []
    box = {g for side in sides for g in side}
    for line in text.splitlines():
        w = line.strip().lower()
        if len(w) >= 3 and w.isascii() and w.isalpha() and box.issuperset(w) and playable(tuple(w), sides):
            out.append(tuple(w))
    return out


def read_nyt(text: str, options: Mapping[str, str]) -> LetterBoxedInstance:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    m = _NYT.match(lines[0]) if lines else None
    if m is None:
        raise InputError("letterboxed: the first line must be the puzzle, e.g. 'abc-def-ghi-jkl' or 'abc-def-ghi-jkl 4'")
    sides = tuple(tuple(s) for s in m.group(1).lower().split("-"))
    k = int(m.group(2)) if m.group(2) else NYT_BUDGET
    words: list[Word] = []
    for lineno, w in enumerate(lines[1:], 2):
        if any(c.isspace() for c in w):
            raise InputError(f"letterboxed: line {lineno}: one word a line, got {w!r}")
        words.append(tuple(w.lower()))  # lower-cased as the box is: NYT shows both in capitals
    if "words" in options:
        words += nyt_words(options["words"], sides)
    if not words:
        raise InputError("letterboxed: no dictionary: give --words FILE or list words after the puzzle line")
    return LetterBoxedInstance(sides, tuple(dict.fromkeys(words)), k)


def write_nyt(inst: LetterBoxedInstance) -> str:
    tokens = {g for s in inst.sides for g in s} | {g for w in inst.words for g in w}
    bad = sorted(t for t in tokens if len(t) != 1 or not t.isalpha())
    if bad:
        raise InputError(f"letterboxed: the NYT notation needs one-letter tokens, found {bad[0]!r}")
    head = "-".join("".join(s) for s in inst.sides)
    return "\n".join([f"{head} {inst.k}", *("".join(w) for w in inst.words)]) + "\n"


# -- SVG -------------------------------------------------------------------------------------------
COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")


def picture(inst: LetterBoxedInstance, solution: Solution | None = None) -> dict[str, Any]:
    """Geometry for the template: a regular S-gon (a square for S = 4, sides clockwise from the top),
    letters evenly spaced on its sides, the solution as one polyline per word through the letters."""
    S, n = len(inst.sides), len(inst.sides[0])
    size, margin = 420.0, 60.0
    start = -math.pi / 2 - math.pi / S  # the first side is the top one
    unit = [(math.cos(start + 2 * math.pi * j / S), math.sin(start + 2 * math.pi * j / S)) for j in range(S)]
    # Scale and centre the polygon's bounding box into the drawing area (a triangle is taller than wide).
    xs, ys = [u[0] for u in unit], [u[1] for u in unit]
    scale = (size - 2 * margin) / max(max(xs) - min(xs), max(ys) - min(ys))
    ox = size / 2 - scale * (max(xs) + min(xs)) / 2
    oy = size / 2 - scale * (max(ys) + min(ys)) / 2
    corners = [(ox + scale * ux, oy + scale * uy) for ux, uy in unit]
    cx, cy = ox, oy  # the polygon's centre, for the outward direction of the labels
    got = covered(solution) if solution else Counter()
    letters, where = [], {}
    for i, side in enumerate(inst.sides):
        (ax, ay), (bx, by) = corners[i], corners[(i + 1) % S]
        nx, ny = (ax + bx) / 2 - cx, (ay + by) / 2 - cy
        norm = math.hypot(nx, ny) or 1.0
        seen: Counter = Counter()
        for j, g in enumerate(side):
            f = (j + 1) / (n + 1)
            x, y = ax + f * (bx - ax), ay + f * (by - ay)
            seen[g] += 1
            done = got[i, g] >= seen[g]
            letters.append({"x": round(x, 1), "y": round(y, 1), "lx": round(x + 24 * nx / norm, 1),
                            "ly": round(y + 24 * ny / norm, 1), "text": g, "done": done})
            where.setdefault((i, g), (round(x, 1), round(y, 1)))
    paths = []
    for t, (word, sides) in enumerate(solution or ()):
        pts = " ".join(f"{where[i, g][0]},{where[i, g][1]}" for g, i in zip(word, sides))
        paths.append({"points": pts, "colour": COLOURS[t % len(COLOURS)], "word": "".join(word) if all(
            len(g) == 1 for g in word) else " ".join(word)})
    return {"size": size, "polygon": " ".join(f"{x:.1f},{y:.1f}" for x, y in corners), "letters": letters,
            "paths": paths, "k": inst.k, "words": len(inst.words),
            "caption": f"{S} sides of {n}, {len(inst.words)} words, at most {inst.k} words"}


PROBLEMS = [LetterBoxed()]

__all__ = ["LetterBoxed", "LetterBoxedInstance", "Solution", "Step", "Word", "covered", "demand",
           "letters_used", "minimum_letters", "minimum_words", "nyt_words", "picture", "playable",
           "side_choices"]
