"""Flow Free to Strands by the checkerboard construction (NYT seed, section 4, "A simple reduction from
Flow Free").

Terminal cells keep their colour's letter; every other cell gets ``W`` ((row + col) even) or ``B`` (odd), a
checkerboard. Colour C's words are C (B W)^l B C when both its terminals are white, C (W B)^l W C when both
are black, and C (B W)^l C' when they differ (read from the white one), 0 <= l <= (rows * cols) / 2 (the
seed bounds l by m * n; longer words never fit). Colour letters are renamed to avoid ``B`` and ``W``:
colour k (k-th in sorted order) becomes ``UPPER[k]``.

**Repair.** The seed writes C (B W)^l C for terminals of different shades, one letter on both terminals.
That word can also be read from the *black* terminal: C then B is a diagonal move (a diagonal stays on one
shade), and so is the final W then C, so a "path" with diagonal first and last moves is accepted and the
reduction breaks: ``...B / AB.A / ....`` has no Flow Free solution, yet its literal Strands image has one
(``tests/test_strands_reductions.py``; the verifier first met the cheat on ``A.. / BB. / ..A``). Here the
black terminal of such a colour carries a second letter C' = ``LOWER[k]``, so the word can only be read from
the white terminal and every move is orthogonal. Same-shade colours need no repair (their words are
palindromes whose second letter has the other shade).

A word's letters then alternate between the shades at every step, so every move is orthogonal, its ends
are the two terminals of one colour, and the pieces of a partition are exactly the paths of a Flow Free
solution covering every cell. Count relation: parsimonious, since both puzzles count the partition of the
cells (Flow Free: its colouring).
"""

from __future__ import annotations

from gadgetry.core import PARSIMONIOUS, InputError, Reduction
from gadgetry.puzzles.flowfree import FlowFree, Solution as FlowSolution, terminals
from gadgetry.puzzles.strands import Solution, Strands, canonical

UPPER = "ACDEFGHIJKLMNOPQRSTUVXYZ"
LOWER = "acdefghijklmnopqrstuvxyz"


def letters_of(source: FlowFree) -> dict[tuple[int, int], str]:
    """The letter of each terminal cell (module docstring)."""
    terms = terminals(source)
    if len(terms) > len(UPPER):
        raise InputError(f"strands-from-flowfree: at most {len(UPPER)} colours, got {len(terms)}")
    out = {}
    for i, (a, b) in enumerate(terms.values()):
        sa, sb = shade(*a), shade(*b)
        out[a] = out[b] = UPPER[i]
        if sa != sb:
            out[a if sa == "B" else b] = LOWER[i]
    return out


def shade(r: int, c: int) -> str:
    return "W" if (r + c) % 2 == 0 else "B"


class StrandsFromFlowFree(Reduction):
    """The checkerboard construction; see the module docstring."""

    name = "strands-from-flowfree"
    source = "flowfree"
    target = "strands"
    paper = "NYT seed"
    section = "section 4, A simple reduction from Flow Free"
    theorem = "Strands is NP-hard (reduction from Flow Free, before Theorem 3)"
    claim = PARSIMONIOUS
    verify_params = ({"rows": 3, "cols": 3, "colours": 2}, {"rows": 3, "cols": 4, "colours": 3},
                     {"rows": 4, "cols": 4, "colours": 3})

    def reduce(self, source: FlowFree) -> Strands:
        self.source_problem.validate(source)
        letters = letters_of(source)
        grid = tuple("".join(letters.get((r, c), shade(r, c)) for c in range(source.cols))
                     for r in range(source.rows))
        longest = source.rows * source.cols // 2
        words = []
        for a, b in terminals(source).values():
            s1, s2 = shade(*a), shade(*b)
            for l in range(longest + 1):
                if s1 == s2 == "W":
                    words.append(letters[a] + "BW" * l + "B" + letters[b])
                elif s1 == s2 == "B":
                    words.append(letters[a] + "WB" * l + "W" + letters[b])
                else:
                    white, black = (a, b) if s1 == "W" else (b, a)
                    words.append(letters[white] + "BW" * l + letters[black])
        return Strands(grid, tuple(words))

    def forward(self, source: FlowFree, target: Strands, sol: FlowSolution) -> Solution:
        out = []
        for _, path in sol:
            text = "".join(target.grid[r][c] for r, c in path)
            out.append((text, path, False) if text in target.words else (text[::-1], path[::-1], False))
        return canonical(out)

    def backward(self, source: FlowFree, target: Strands, sol: Solution) -> FlowSolution:
        terms = terminals(source)
        out = []
        for k, (a, _) in terms.items():
            path = next(p for _, p, _ in sol if a in p)
            out.append((k, path if path[0] == a else path[::-1]))
        return tuple(out)

    def overhead(self, source: FlowFree) -> dict[str, int]:
        k = len(terminals(source))
        return {"rows": source.rows, "cols": source.cols, "cells": source.rows * source.cols,
                "words": k * (source.rows * source.cols // 2 + 1)}


REDUCTIONS = [StrandsFromFlowFree()]
