"""The 3 x 3 enlargement of a Strands instance (NYT seed, section 4, Theorem 20): words of length >= 9.

Cell (i, j) becomes a 3 x 3 block, its letter in the centre and its perimeter in the colour
c(i, j) = 1, 2, 3, 4 for (i, j) even/even, even/odd, odd/even, odd/odd (a 4-colouring of the blocks in
which diagonal neighbours differ too). With P1 = P4 = {2, 3}, P2 = P3 = {1, 4} (the colours of
orthogonally adjacent blocks) and W_g(s) = g g g g g g s g g, each word w_1...w_k of the dictionary
becomes every W_{g1}(w_1)...W_{gk}(w_k) with g_{t+1} in P_{g_t}: 4 * 2^(k-1) words of length 9k. The
target is played with king moves. The four colour letters are the first four of ``1234567890`` absent from
the source's letters.

A target piece is a union of whole blocks visited along an *orthogonal* path of the source (a block's
colour is consumed before the next block's, and P excludes diagonal blocks), and every orthogonal path
of blocks can be traversed. So the target's partitions correspond one to one to the source's partitions
readable with **orthogonal moves**: parsimonious from a source with ``diagonal`` false (the verifier's
sources), and from any source satisfying Theorem 20's hypothesis (unsolvable, or solvable without
diagonal moves, e.g. Theorem 3's targets) as far as the decision goes. Counted by partitions (the Strands
identity), the many paths through a block are witnesses, not distinct solutions: running it showed the
counts equal on every sampled instance. Sources with a spangram are refused (the enlarged spangram would
be a set of words, not one).
"""

from __future__ import annotations

from collections.abc import Iterator

from gadgetry.core import PARSIMONIOUS, InputError, Reduction
from gadgetry.puzzles.strands import Cell, Solution, Strands, canonical, neighbours

PASSES = {1: (2, 3), 2: (1, 4), 3: (1, 4), 4: (2, 3)}


def colour(i: int, j: int) -> int:
    return 1 + (j % 2) + 2 * (i % 2)


def colour_letters(source: Strands) -> dict[int, str]:
    used = {ch for row in source.grid for ch in row} | {ch for w in source.words for ch in w}
    free = [ch for ch in "1234567890" if ch not in used]
    if len(free) < 4:
        raise InputError("strands-enlarged-from-strands: the source uses too many digits for the colours")
    return dict(zip((1, 2, 3, 4), free))


def colour_sequences(k: int) -> Iterator[tuple[int, ...]]:
    """G_k: colour sequences g with g_{t+1} in P_{g_t}."""
    if k == 0:
        return
    stack: list[tuple[int, ...]] = [(g,) for g in (1, 2, 3, 4)]
    while stack:
        seq = stack.pop()
        if len(seq) == k:
            yield seq
        else:
            stack.extend(seq + (g,) for g in PASSES[seq[-1]])


def block(i: int, j: int) -> list[Cell]:
    return [(3 * i + a, 3 * j + b) for a in range(3) for b in range(3)]


class StrandsEnlargedFromStrands(Reduction):
    """Theorem 20's enlargement; see the module docstring."""

    name = "strands-enlarged-from-strands"
    source = "strands"
    target = "strands"
    paper = "NYT seed"
    section = "section 4"
    theorem = "Theorem 20"
    claim = PARSIMONIOUS
    verify_params = ({"rows": 2, "cols": 2, "length": 3, "decoys": 1, "diagonal": 0},
                     {"rows": 2, "cols": 3, "length": 3, "decoys": 1, "diagonal": 0},
                     {"rows": 3, "cols": 3, "length": 3, "decoys": 1, "diagonal": 0})

    def reduce(self, source: Strands) -> Strands:
        self.source_problem.validate(source)
        if source.spangram:
            raise InputError("strands-enlarged-from-strands: sources with a spangram are not enlarged")
        letters = colour_letters(source)
        grid = [[""] * (3 * source.cols) for _ in range(3 * source.rows)]
        for i in range(source.rows):
            for j in range(source.cols):
                for r, c in block(i, j):
                    grid[r][c] = letters[colour(i, j)]
                grid[3 * i + 1][3 * j + 1] = source.grid[i][j]
        words = []
        for w in source.words:
            for seq in sorted(colour_sequences(len(w))):
                words.append("".join(letters[g] * 6 + ch + letters[g] * 2 for g, ch in zip(seq, w)))
        return Strands(tuple("".join(r) for r in grid), tuple(words), "", True, source.theme)

    def forward(self, source: Strands, target: Strands, sol: Solution) -> Solution:
        letters = colour_letters(source)
        out = []
        for _, path, _ in sol:
            word = "".join(letters[colour(i, j)] * 6 + source.grid[i][j] + letters[colour(i, j)] * 2
                           for i, j in path)
            cells = _traverse(target, path, word)
            if cells is None:
                raise ValueError(f"no traversal of the blocks {path} (a diagonal move in the source?)")
            out.append((word, cells, False))
        return canonical(out)

    def backward(self, source: Strands, target: Strands, sol: Solution) -> Solution:
        out = []
        for _, cells, _ in sol:
            blocks: list[Cell] = []
            for r, c in cells:
                b = (r // 3, c // 3)
                if not blocks or blocks[-1] != b:
                    blocks.append(b)
            word = "".join(source.grid[i][j] for i, j in blocks)
            out.append((word, tuple(blocks), False))
        return canonical(out)

    def overhead(self, source: Strands) -> dict[str, int]:
        return {"rows": 3 * source.rows, "cols": 3 * source.cols, "cells": 9 * source.rows * source.cols,
                "words": sum(4 * 2 ** (len(w) - 1) for w in source.words),
                "longest": 9 * max((len(w) for w in source.words), default=0)}


def _traverse(target: Strands, blocks: tuple[Cell, ...], word: str) -> tuple[Cell, ...] | None:
    """A path reading ``word`` whose t-th group of nine cells covers block t (depth-first)."""
    allowed = [set(block(i, j)) for i, j in blocks]
    path: list[Cell] = []

    def step(s: int) -> bool:
        if s == len(word):
            return True
        options = sorted(allowed[s // 9]) if s == 0 else list(neighbours(target, path[-1]))
        for cell in options:
            if cell in allowed[s // 9] and cell not in path and target.grid[cell[0]][cell[1]] == word[s]:
                path.append(cell)
                if step(s + 1):
                    return True
                path.pop()
        return False

    return tuple(path) if step(0) else None


REDUCTIONS = [StrandsEnlargedFromStrands()]
